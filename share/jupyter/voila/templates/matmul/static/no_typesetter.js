// A typesetter that typesets nothing, in the place of the MathJax a Voila page would load.
// Every formula of a lab reaches the page as MathML (labserver.formulas for the Markdown,
// widgets.base.math_html for the widgets), which the browser draws itself. Voila 0.5's front end
// still asks a typesetter to go over the page: the MathJax 3 it bundles (its chunks and their
// set-up, on every visit) unless the page names a MathJax 2 script to load instead
// (fullMathjaxUrl). The matmul template names this file, and JupyterLab's MathJax 2 plugin
// calls no more of it than these four.
window.MathJax = {
  Hub: {
    Config: function () {},
    Register: { StartupHook: function () {} },
    Configured: function () {},
    Queue: function () {}
  }
};
