"""A page complete with the outside blocked: nothing asked of another host, its formulas drawn, its icons drawn.

A hall network may drop outside traffic: `open_complete_offline` opens a page with every
request to another host aborted and recorded (Playwright's router) and checks that the page
needed none of them: every formula arrived as MathML, drawn (`harness.formulas`) in the math font
the template serves, with no typesetter run, and Font Awesome (Voila's own bundle and fonts) drew
every icon.
"""
from __future__ import annotations

import re

from .browser import PageProblems, block_outside, open_lab
from .formulas import assert_formulas_drawn

# Whether MathJax typeset anything (it should not even load: the template's no_typesetter.js
# stands in), and the state of the math font once asked for (as the icons' below).
TYPESETTER_JS = """
async () => {
  if (document.querySelector('#rendered_cells math'))
    await document.fonts.load('1em "Matmul Math"', '[]').catch(() => null);
  return {
    typeset: document.querySelectorAll('mjx-container').length + (window.MathJax && window.MathJax.version ? 1 : 0),
    font: Array.from(document.fonts).filter(face => face.family.replace(/"/g, '') === 'Matmul Math')
      .map(face => face.status),
  };
}
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
    drew its formulas as MathML and drew its icons. Returns the page's problem collector and what was found."""
    outside = block_outside(page, server_url)
    # Outside requests are not the harness's "failed request" here: they are counted below.
    problems = open_lab(page, url, name, tolerated=rf"^(?!{re.escape(server_url)}/)")
    typesetter, icons = page.evaluate(TYPESETTER_JS), page.evaluate(ICONS_JS)
    assert outside == [], f"{name} asked outside its server for {outside}"
    math = assert_formulas_drawn(page.evaluate, name)
    assert not typesetter["typeset"], f"{name}: MathJax typeset the page"
    if math["formulas"]:
        assert typesetter["font"] == ["loaded"], f"{name}: the math font is {typesetter['font']}"
    for icon in icons["icons"]:
        assert "Font Awesome 5 Free" in icon["family"] and FA_GLYPH.match(icon["glyph"]), f"{name}: {icon}"
    if icons["icons"]:
        assert icons["faces"] == ["loaded"], f"{name}: Font Awesome's font is {icons['faces']}"
    problems.assert_clean()
    return problems, {"formulas": math["formulas"], "icons": len(icons["icons"])}
