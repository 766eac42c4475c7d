"""Write the gallery's pictures into ``labs/index.ipynb``, or check that they are current.

The gallery's markdown shows lab ``NN``'s picture as raw HTML::

    <img src="data:image/svg+xml;base64,..." alt="alt text" data-lab="NN">

This script puts `thumbnails.gallery_pictures` (``tools/thumbnails.py``) into those places:
the SVG, base64 in the ``data:`` address, and the alt text.  Raw HTML rather
than a markdown attachment: under ``jupyter server`` Voila reads a markdown
image through the server's asynchronous contents manager without awaiting it
and the page never loads (voila#1473); raw HTML never takes that path, and
the picture still travels inside the notebook, so the gallery works offline.
Run it after changing a lab's starting numbers (`widgets/core/lab_numbers.py`) or the pictures::

    .venv/bin/python tools/gallery_pictures.py           # rewrite labs/index.ipynb
    .venv/bin/python tools/gallery_pictures.py --check   # exit 1, naming what is stale
"""

import argparse
import base64
import html
import re
import sys
from pathlib import Path

import nbformat

from thumbnails import gallery_pictures

INDEX = Path(__file__).resolve().parents[1] / "labs" / "index.ipynb"
#: A picture in the gallery's markdown: its whole tag and its lab number.
PICTURE = re.compile(r'<img src="data:image/svg\+xml;base64,[^"]*" alt="[^"]*" data-lab="(\d\d)">')


def img_tag(number, picture):
    """The raw HTML that shows `picture` (a `Picture`) as lab `number`'s picture.

    >>> from thumbnails import Picture
    >>> img_tag(7, Picture(svg="<svg/>", alt='A "box" & more'))
    '<img src="data:image/svg+xml;base64,PHN2Zy8+" alt="A &quot;box&quot; &amp; more" data-lab="07">'
    """
    data = base64.b64encode(picture.svg.encode()).decode()
    return f'<img src="data:image/svg+xml;base64,{data}" alt="{html.escape(picture.alt)}" data-lab="{number:02d}">'


def with_pictures(notebook):
    """`notebook` (an nbformat node, changed in place) with every picture and alt text made now.

    Returns
    -------
    list of str
        The labs whose picture or alt text changed (empty: it was current).
    """
    pictures = gallery_pictures()
    changed = []

    def current(match):
        number = int(match.group(1))
        tag = img_tag(number, pictures[number])
        if match.group(0) != tag:
            changed.append(f"lab {number}")
        return tag

    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            cell.source = PICTURE.sub(current, cell.source)
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
