"""The set-up, served: themes, and a stopped server stops its kernels."""
from __future__ import annotations


from harness.browser import open_lab
from harness.voila import VoilaServer


def test_light_theme_by_default_and_dark_on_request(voila_server, page):
    open_lab(page, f"{voila_server.url}/voila/render/index.ipynb", "theme-light")
    assert "theme-light" in page.eval_on_selector("body", "b => b.className")
    # Voila 0.5 reads the theme from ?theme= (its 0.6 successor names it voila-theme).
    open_lab(page, f"{voila_server.url}/voila/render/index.ipynb?theme=dark", "theme-dark")
    assert "theme-dark" in page.eval_on_selector("body", "b => b.className")


def test_stopping_the_server_stops_its_kernels(server_logs, page):
    server = VoilaServer().start(server_logs)
    try:
        open_lab(page, f"{server.url}/voila/render/index.ipynb", "stop-check")
        kernels = server.kernel_processes()
        assert kernels, "a rendered page should have a kernel"
    finally:
        server.stop()
    assert server.process.returncode is not None
    assert not [k for k in kernels if k.is_running() and k.status() != "zombie"]
