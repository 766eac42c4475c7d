"""The JupyterHub deployments, read without a hub: ``deploy/jupyterhub_config.py`` (run for real in
tests/browser/test_jupyterhub.py) and ``deploy/z2jh-values.yaml`` (Kubernetes, which cannot run
here) name the same default URL and culling, only the rehearsal lets anyone in, and the rehearsal
says how to install what it misses."""
from __future__ import annotations

import yaml
from traitlets.config import PyFileConfigLoader

from conftest import REPO
from harness import hub

DEPLOY = REPO / "deploy"
GALLERY = "/voila/render/labs/index.ipynb"


def hub_config(monkeypatch, tmp_path, **env):
    """deploy/jupyterhub_config.py as JupyterHub loads it, with its state in ``tmp_path``."""
    for name in ("MATMUL_HUB_REHEARSAL", "MATMUL_HUB_CULL_TIMEOUT", "MATMUL_HUB_CULL_EVERY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("MATMUL_HUB_STATE", str(tmp_path))
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return PyFileConfigLoader("jupyterhub_config.py", path=str(DEPLOY)).load_config()


def culler_options(config) -> dict[str, str]:
    [culler] = [s for s in config.JupyterHub.services if s["name"] == "jupyterhub-idle-culler"]
    return dict(arg[2:].split("=", 1) for arg in culler["command"] if arg.startswith("--"))


def test_hub_opens_the_gallery_of_the_repository_on_loopback(monkeypatch, tmp_path):
    config = hub_config(monkeypatch, tmp_path)
    assert config.Spawner.default_url == GALLERY
    assert config.Spawner.notebook_dir == str(REPO)
    for url in (config.JupyterHub.bind_url, config.JupyterHub.hub_bind_url,
                config.ConfigurableHTTPProxy.api_url):
        assert url.startswith("http://127.0.0.1:"), url
    assert config.Spawner.ip == "127.0.0.1"
    assert config.JupyterHub.db_url == f"sqlite:///{tmp_path / 'jupyterhub.sqlite'}"


def test_only_the_rehearsal_lets_anyone_in(monkeypatch, tmp_path):
    real = hub_config(monkeypatch, tmp_path)
    assert "authenticator_class" not in real.JupyterHub  # JupyterHub's default: PAM, or the hub's own
    assert "spawner_class" not in real.JupyterHub  # LocalProcessSpawner: each student a system user
    rehearsal = hub_config(monkeypatch, tmp_path, MATMUL_HUB_REHEARSAL="1")
    assert rehearsal.JupyterHub.authenticator_class == "dummy"
    assert rehearsal.JupyterHub.spawner_class == "simple"


def test_culling_timeout_comes_from_the_environment(monkeypatch, tmp_path):
    config = hub_config(monkeypatch, tmp_path, MATMUL_HUB_CULL_TIMEOUT="20", MATMUL_HUB_CULL_EVERY="5")
    assert culler_options(config) == {"timeout": "20", "cull-every": "5"}
    # Servers report their use often enough for a 20 s timeout to be judged.
    assert int(config.Spawner.environment["JUPYTERHUB_ACTIVITY_INTERVAL"]) <= 5
    assert config.JupyterHub.last_activity_interval <= 5


def test_kubernetes_values_name_the_same_settings(monkeypatch, tmp_path):
    values = yaml.safe_load((DEPLOY / "z2jh-values.yaml").read_text())
    config = hub_config(monkeypatch, tmp_path)
    assert values["singleuser"]["defaultUrl"] == config.Spawner.default_url
    culler = culler_options(config)
    assert values["cull"]["enabled"] is True
    assert values["cull"]["timeout"] == int(culler["timeout"])
    assert values["cull"]["every"] == int(culler["cull-every"])
    assert values["singleuser"]["image"]["name"]
    # A home volume would hide the repository that repo2docker put in the home folder.
    assert values["singleuser"]["storage"]["type"] == "none"


def test_rehearsal_says_how_to_install_a_missing_proxy(monkeypatch):
    monkeypatch.setattr(hub.shutil, "which", lambda name: None)
    [missing] = hub.missing_pieces()
    assert "make hub-proxy" in missing and "npm install -g configurable-http-proxy" in missing
