"""A page complete with the outside blocked: nothing asked of another host, its formulas typeset, its icons drawn.

A hall network may drop outside traffic: `open_complete_offline` opens a page with every
request to another host aborted and recorded (Playwright's router) and checks that the page
needed none of them: MathJax (bundled with Voila's front end) typeset every formula, and Font
Awesome (Voila's own bundle and fonts) drew every icon.
"""
from __future__ import annotations

import re

from .browser import PageProblems, block_outside, open_lab

# The rendered Markdown that still holds TeX as text: MathJax that never loaded leaves it.
UNTYPESET_JS = """
() => Array.from(document.querySelectorAll('.jp-RenderedMarkdown'))
  .map(e => e.innerText).filter(text => /\\$[^$\\n]+\\$|\\\\\\(/.test(text))
"""
# What MathJax typeset: a container per formula, and its errors.
TYPESET_JS = """
() => ({
  formulas: document.querySelectorAll('mjx-container').length,
  errors: Array.from(document.querySelectorAll('mjx-merror')).map(e => e.textContent),
})
"""
# Each shown Font Awesome icon (an ipywidgets button's <i class="fa fa-...">): the
# family it asks for, the glyph its ::before draws, and the state of the font faces once
# loaded from wherever the page's @font-face says (a browser starts the load when it first
# lays an icon out, which on a busy machine may not have happened yet: asked for here).
ICONS_JS = """
async () => {
  await document.fonts.load('900 1em "Font Awesome 5 Free"').catch(() => null);
  await document.fonts.ready;
  return {
    icons: Array.from(document.querySelectorAll('#rendered_cells .fa'))
      .filter(e => e.checkVisibility())
      .map(e => ({
        name: e.className,
        family: getComputedStyle(e).fontFamily,
        glyph: getComputedStyle(e, '::before').content,
      })),
    faces: Array.from(document.fonts)
      .filter(face => face.family.replace(/"/g, '') === 'Font Awesome 5 Free' && face.weight === '900')
      .map(face => face.status),
  };
}
"""
# A glyph of Font Awesome's private-use range, as getComputedStyle quotes it.
FA_GLYPH = re.compile('^"[\uf000-\uf8ff]"$')


def open_complete_offline(page, server_url: str, url: str, name: str) -> tuple[PageProblems, dict]:
    """Open ``url`` as `open_lab` does, with the outside blocked; assert it asked for nothing outside,
    typeset its formulas and drew its icons. Returns the page's problem collector and what was found."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError  # the fast tier loads no Playwright

    outside = block_outside(page, server_url)
    # Outside requests are not the harness's "failed request" here: they are counted below.
    problems = open_lab(page, url, name, tolerated=rf"^(?!{re.escape(server_url)}/)")
    try:  # MathJax typesets after the widgets have drawn; one that never loads leaves TeX as text
        page.wait_for_function(f"() => ({UNTYPESET_JS})().length === 0", timeout=20_000, polling=200)
    except PlaywrightTimeoutError:
        pass  # the assertion below says what is left
    untypeset, math, icons = page.evaluate(UNTYPESET_JS), page.evaluate(TYPESET_JS), page.evaluate(ICONS_JS)
    assert outside == [], f"{name} asked outside its server for {outside}"
    assert not untypeset, f"{name}: TeX not typeset in {untypeset}"
    assert not math["errors"], f"{name}: MathJax errors {math['errors']}"
    for icon in icons["icons"]:
        assert "Font Awesome 5 Free" in icon["family"] and FA_GLYPH.match(icon["glyph"]), f"{name}: {icon}"
    if icons["icons"]:
        assert icons["faces"] == ["loaded"], f"{name}: Font Awesome's font is {icons['faces']}"
    problems.assert_clean()
    return problems, {"formulas": math["formulas"], "icons": len(icons["icons"])}
