"""The project's recipe, read: the packages `environment.yml` installs, the labs the gallery links."""
from __future__ import annotations

import re

import yaml

from .notebooks import notebook_cells
from .voila import REPO

INDEX = REPO / "labs" / "index.ipynb"
LINK = re.compile(r"\]\(([^)\s]+\.ipynb)\)")


def requirement(spec: str) -> tuple[str, str]:
    """A requirement such as ``numpy>=1.26,<3`` as (lower-case name, bounds).

    >>> requirement("Voila >=0.5, <0.6")
    ('voila', '>=0.5,<0.6')
    """
    name = spec.split(">")[0].split("<")[0].split("=")[0].strip()
    return name.lower(), spec[len(name):].replace(" ", "")


def environment_packages() -> dict[str, str]:
    """The packages environment.yml lists (not python or pip), by lower-case name: their bounds."""
    env = yaml.safe_load((REPO / "environment.yml").read_text())
    deps = [d for d in env["dependencies"] if isinstance(d, str)]
    return dict(requirement(d) for d in deps if not d.startswith(("python", "pip")))


def index_links() -> list[str]:
    """The notebooks the gallery's markdown links to, as written."""
    return [link for cell in notebook_cells(INDEX) if cell.cell_type == "markdown"
            for link in LINK.findall(cell.source)]
