"""Formulas drawn by the browser (issue 42): every formula of a page is MathML, drawn with a size, its
brackets as tall as the matrix they hold (they stretch only in a font with a MATH table), and none
left as LaTeX. Read in Chromium, Firefox and WebKit alike."""
from __future__ import annotations

# The first paragraph of prose with a displayed formula: what the engines' tests photograph.
FORMULA_PROSE = "#rendered_cells .jp-RenderedMarkdown:has(.display-formula)"

# The formulas under a selector's element: how many are shown, those drawn without a size, the matrices whose brackets
# stay shorter than four fifths of them, and text that still reads as LaTeX (a <math>'s annotation is
# never drawn: innerText leaves it out).
FORMULAS_DRAWN_JS = """
(selector) => {
  const root = document.querySelector(selector) || document.body;
  const shown = Array.from(root.querySelectorAll('math')).filter(m => m.checkVisibility());
  const name = m => (m.querySelector('annotation') || m).textContent.trim().slice(0, 60);
  const height = e => e.getBoundingClientRect().height;
  const flat = [];
  for (const math of shown) {
    for (const table of math.querySelectorAll('mtable')) {
      const open = table.previousElementSibling, close = table.nextElementSibling;
      if (!open || !close || open.localName !== 'mo' || close.localName !== 'mo' || height(table) === 0) continue;
      if (Math.min(height(open), height(close)) < 0.8 * height(table))
        flat.push(`${name(math)}: brackets ${Math.round(height(open))} px beside ${Math.round(height(table))} px`);
    }
  }
  return {
    formulas: shown.length,
    empty: shown.filter(m => height(m) === 0 || m.getBoundingClientRect().width === 0).map(name),
    flat,
    latex: Array.from(root.querySelectorAll('.jp-RenderedMarkdown, .widget-html-content'))
      .filter(e => e.checkVisibility())
      .map(e => e.innerText).filter(text => /\\$[^$]+\\$|\\\\[A-Za-z]+/.test(text)).map(t => t.slice(0, 80)),
  };
}
"""


def assert_formulas_drawn(evaluate, name: str, root: str = "#rendered_cells") -> dict:
    """Every formula the page shows under `root` (Voila's cells) is drawn as MathML, with a size and
    stretched brackets, and no LaTeX is left as text; `evaluate` runs a script in the page (a
    Playwright page's or `harness.engines`' moves'). Returns what was found."""
    found = evaluate(FORMULAS_DRAWN_JS, root)
    assert not found["latex"], f"{name}: LaTeX shown as text in {found['latex']}"
    assert not found["empty"], f"{name}: formulas drawn without a size: {found['empty']}"
    assert not found["flat"], f"{name}: brackets that do not stretch: {found['flat']}"
    return found
