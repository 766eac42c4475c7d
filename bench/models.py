"""Widget models per page: what a visit builds, sends and restores before it shows anything.

Each notebook is run by nbclient in a fresh kernel from its own folder, as
Voila runs it; the count is of the widget states nbclient keeps at the end
(the open models, the ones Voila's page asks the kernel for), by model class.
The count does not vary from run to run: it is measured once per page.
"""
from __future__ import annotations

from collections import Counter

from suite import REPO, log

STATE = "application/vnd.jupyter.widget-state+json"


def count_models(notebook) -> dict:
    """``{"models": n, "by_class": {model name: n}}`` for a notebook file."""
    import nbformat
    from nbclient import NotebookClient

    executed = nbformat.read(notebook, as_version=4)
    NotebookClient(executed, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(notebook.parent)}}).execute()
    states = executed.metadata["widgets"][STATE]["state"]
    by_class = Counter(state["model_name"].removesuffix("Model") for state in states.values())
    return {"models": len(states), "by_class": dict(by_class.most_common())}


def measure_models(targets) -> dict:
    """Per page: its model count and the classes that make it up."""
    results = {}
    for target in targets:
        results[target.name] = count_models(REPO / target.root / target.notebook)
        top = ", ".join(f"{n} {name}" for name, n in list(results[target.name]["by_class"].items())[:4])
        log(f"  {target.name}: {results[target.name]['models']} models ({top}, …)")
    return results
