"""The gallery page links every lab, and every link opens a lab that renders."""
from __future__ import annotations

import re

import nbformat

from conftest import LABS, REPO
from harness.browser import open_lab

INDEX = REPO / "labs" / "index.ipynb"
LINK = re.compile(r"\]\(([^)\s]+\.ipynb)\)")


def index_links() -> list[str]:
    notebook = nbformat.read(INDEX, as_version=4)
    return [link for cell in notebook.cells if cell.cell_type == "markdown"
            for link in LINK.findall(cell.source)]


def test_index_links_every_lab_with_a_relative_link():
    links = index_links()
    labs = [path.name for path in LABS if path.name != "index.ipynb"]
    assert sorted(links) == sorted(labs)
    # Relative links work both in JupyterLab and under /voila/render/labs/.
    assert all("/" not in link for link in links)


def test_every_gallery_link_renders(voila_server, page):
    open_lab(page, f"{voila_server.url}/voila/render/index.ipynb", "gallery")
    hrefs = page.eval_on_selector_all("a[href$='.ipynb']", "links => links.map(a => a.href)")
    assert len(hrefs) == len(index_links())
    for href in hrefs:
        page.goto(f"{voila_server.url}/voila/render/index.ipynb")
        name = href.rsplit("/", 1)[-1]
        page.click(f"a[href$='{name}']")
        page.wait_for_url(f"**/voila/render/{name}")
        open_lab(page, page.url, f"gallery-link-{name[:-6]}")
