"""Write the gallery's pictures into ``labs/index.ipynb``, or check that they are current.

The gallery's markdown shows lab ``NN``'s picture as
``![alt text](attachment:lab-NN.svg)``.  This script puts
`widgets.text.thumbnails.gallery_pictures` into those places: the SVG as the
cell's attachment (base64, as JupyterLab and nbconvert both read it) and the
alt text between the brackets.  Run it after changing a lab's starting
numbers or the pictures::

    .venv/bin/python tools/gallery_pictures.py           # rewrite labs/index.ipynb
    .venv/bin/python tools/gallery_pictures.py --check   # exit 1, naming what is stale
"""

import argparse
import base64
import re
import sys
from pathlib import Path

import nbformat

from widgets.text.thumbnails import gallery_pictures

INDEX = Path(__file__).resolve().parents[1] / "labs" / "index.ipynb"
#: A picture in the gallery's markdown: its alt text and its lab number.
PICTURE = re.compile(r"!\[([^\n]*?)\]\(attachment:lab-(\d\d)\.svg\)")


def attachment_name(number):
    """The attachment's name of lab `number`'s picture.

    >>> attachment_name(7)
    'lab-07.svg'
    """
    return f"lab-{number:02d}.svg"


def with_pictures(notebook):
    """`notebook` (an nbformat node, changed in place) with every picture and alt text made now.

    Returns
    -------
    list of str
        The names of the attachments or alt texts that changed (empty: it was current).
    """
    pictures = gallery_pictures()
    changed = []
    for cell in notebook.cells:
        if cell.cell_type != "markdown":
            continue
        found = {int(n) for _, n in PICTURE.findall(cell.source)}
        if not found:
            continue
        wanted = {attachment_name(n): {"image/svg+xml": base64.b64encode(pictures[n].svg.encode()).decode()}
                  for n in sorted(found)}
        old = cell.get("attachments", {})
        changed += [name for name in sorted(set(wanted) | set(old)) if old.get(name) != wanted.get(name)]
        cell.attachments = wanted

        def alt(match):
            number = int(match.group(2))
            if match.group(1) != pictures[number].alt:
                changed.append(f"alt text of {attachment_name(number)}")
            return f"![{pictures[number].alt}](attachment:{attachment_name(number)})"

        cell.source = PICTURE.sub(alt, cell.source)
    return changed


def main(argv=None):
    """Rewrite the gallery's pictures (or, with ``--check``, say which are stale); the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if stale")
    args = parser.parse_args(argv)
    notebook = nbformat.read(INDEX, as_version=4)
    changed = with_pictures(notebook)
    if args.check:
        if changed:
            print(f"{INDEX.name} is stale ({', '.join(changed)}): run .venv/bin/python tools/{Path(__file__).name}")
        return int(bool(changed))
    if changed:
        nbformat.write(notebook, INDEX)
    print(f"{INDEX.name}: {len(changed)} change(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
