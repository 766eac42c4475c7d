"""Every link of the gallery page opens a lab that renders."""
from __future__ import annotations

from harness.browser import open_lab
from harness.recipe import index_links


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
