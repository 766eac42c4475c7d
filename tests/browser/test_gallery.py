"""The front door: `/` lands on the gallery, whose pictures render, and whose links lead to the labs."""
from __future__ import annotations

import re
import urllib.request

from conftest import LABS
from harness.browser import LEAVING_TOLERATED, PageProblems, block_outside, open_lab, screenshot, wait_or_say_why

from thumbnails import gallery_pictures

GALLERY = "/voila/render/index.ipynb"
PHONE = {"width": 390, "height": 844}

# Each picture of the rendered gallery: whether it loaded, its drawn size and its alt text.
PICTURES_JS = """
() => [...document.querySelectorAll('#rendered_cells img')].map(img => ({
    complete: img.complete, width: img.naturalWidth, shown: img.getBoundingClientRect().width,
    alt: img.alt, svg: img.src.startsWith('data:image/svg+xml'),
}))
"""
# How far the page, or the cells' scrolling box, scrolls sideways (0: it fits the window).
SIDEWAYS_JS = """
() => Math.max(...[document.documentElement, document.querySelector('#rendered_cells')]
    .filter(Boolean).map(box => box.scrollWidth - box.clientWidth))
"""
# Each link of the gallery: its address as written in the page and as the browser resolves it.
LINKS_JS = "links => links.map(a => ({written: a.getAttribute('href'), href: a.href}))"
CARD_LEFTS_JS = "() => [...document.querySelectorAll('.matmul-gallery-card')].map(c => c.getBoundingClientRect().left)"
# Answers issue 21 found the gallery giving away, as the page wrote them; every lab's answers are
# checked against the gallery's words without a browser in tests/notebooks/test_gallery_words.py.
GIVEAWAYS = ("BᵀAᵀ", "lands on b", "affine", "linear in V but", "(6, 9)", "\N{MINUS SIGN}12",
             "\N{MINUS SIGN}0.25", "S₂₄ = q₂·k₄")


def test_the_root_of_the_server_opens_the_gallery_and_the_file_list_stays_reachable(voila_server, page):
    page.goto(f"{voila_server.url}/")
    page.wait_for_url(f"**{GALLERY}")
    page.get_by_role("heading", name="matmul-labs: from matrix products to attention").wait_for()
    with urllib.request.urlopen(f"{voila_server.url}/?theme=dark") as response:  # the link's options go along
        assert f'url={GALLERY}?theme=dark"' in response.read().decode()
    problems = PageProblems(tolerated=re.compile(LEAVING_TOLERATED)).watch(page)
    outside = block_outside(page, voila_server.url)
    response = page.goto(f"{voila_server.url}/voila/tree/")
    # Voila's own list, for a lecturer, written by the server into the page (voila.json's classic_tree), so
    # no script and no second request stand between it and the lecturer. Voila's JupyterLab list stayed empty
    # when its /voila/api/contents answer came before its widget plugins settled (ci62; our tree.html says
    # why), and Voila's page asked a CDN for a stylesheet that held its scripts (ci41, ci46): our page.html,
    # which it and the error pages extend, leaves it out.
    assert response is not None and "01-product-by-columns.ipynb" in response.text()
    wait_or_say_why(page, page.get_by_text("01-product-by-columns.ipynb"), "voila-tree", problems)
    problems.assert_clean()  # no JupyterLab front end: no plugin that fails without a kernel
    assert outside == [], f"the file list asked outside its server for {outside}"
    assert page.url.endswith("/voila/tree/")
    screenshot(page, "voila-tree")
    page.goto(f"{voila_server.url}/voila/render/01-product-by-column.ipynb")  # a misspelt link: an error page
    page.get_by_role("heading", name="404").wait_for()
    assert outside == [], f"the error page asked outside its server for {outside}"


def test_every_picture_renders_with_its_alt_text_every_link_is_a_lab_and_the_cards_reflow_on_a_phone(
        voila_server, page):
    """The gallery in one visit: its pictures with their alt text, its cards side by side on a desktop and in
    one column on a phone, and every card's link, relative, to a lab of ``labs/``; one click goes all the way
    to a rendered lab.

    Rendering each lab is the learner's light-theme visit (test_learner_visit.py): here the links are compared
    with the labs on disk.
    """
    open_lab(page, f"{voila_server.url}{GALLERY}", "gallery-desktop")
    pictures = page.evaluate(PICTURES_JS)
    assert [p["alt"] for p in pictures] == [p.alt for p in gallery_pictures().values()]
    shown = page.locator("#rendered_cells").inner_text() + " ".join(p["alt"] for p in pictures)
    assert not [words for words in GIVEAWAYS if words in shown]  # the cards ask; the pictures describe
    assert all(p["complete"] and p["svg"] and p["width"] > 0 and p["shown"] > 0 for p in pictures), pictures
    assert len(set(page.evaluate(CARD_LEFTS_JS))) > 1  # side by side on a desktop
    links = page.eval_on_selector_all("a[href$='.ipynb']", LINKS_JS)
    labs = sorted(path.name for path in LABS if path.name != "index.ipynb")
    assert sorted(link["written"] for link in links) == labs  # relative: they work in JupyterLab too
    assert sorted(link["href"] for link in links) == [f"{voila_server.url}/voila/render/{lab}" for lab in labs]

    page.set_viewport_size(PHONE)
    page.wait_for_function(f"() => new Set(({CARD_LEFTS_JS})()).size === 1")  # one column
    assert page.evaluate(SIDEWAYS_JS) <= 0
    assert all(p["shown"] > 0 for p in page.evaluate(PICTURES_JS))
    screenshot(page, "gallery-390")

    page.click(f"a[href='{labs[0]}']")
    page.wait_for_url(f"**/voila/render/{labs[0]}")
    open_lab(page, page.url, f"gallery-link-{labs[0][:-6]}")
    assert page.locator(".jupyter-widgets input").count() > 0
