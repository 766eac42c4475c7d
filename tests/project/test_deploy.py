"""The JupyterHub deployments, read without a hub: ``deploy/jupyterhub_config.py`` (run for real in
tests/browser/test_jupyterhub.py) and ``deploy/z2jh-values.yaml`` (Kubernetes, which cannot run
here) name the same default URL, culling and class pulse, only the rehearsal lets anyone in, and the
rehearsal says how to install what it misses."""
from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
import time
import urllib.error
import urllib.request
from urllib.parse import urlparse

import pytest
import yaml
from traitlets.config import PyFileConfigLoader

from conftest import REPO
from harness import hub
from harness.voila import free_port
from labserver.pulse_service import BOARD, SEND
from labserver.pulse_service import NAME as PULSE

DEPLOY = REPO / "deploy"
GALLERY = "/voila/render/labs/index.ipynb"


def hub_config(monkeypatch, tmp_path, **env):
    """deploy/jupyterhub_config.py as JupyterHub loads it, with its state in ``tmp_path``."""
    for name in ("MATMUL_HUB_REHEARSAL", "MATMUL_HUB_CULL_TIMEOUT", "MATMUL_HUB_CULL_EVERY",
                 "MATMUL_HUB_INSTRUCTORS", "MATMUL_HUB_PULSE_PORT"):
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


def pulse_service(services):
    [service] = [s for s in services if s["name"] == PULSE]
    return service


def test_the_pulse_is_sent_by_every_user_and_seen_by_the_instructors_only(monkeypatch, tmp_path):
    config = hub_config(monkeypatch, tmp_path, MATMUL_HUB_INSTRUCTORS="iris, ian", MATMUL_HUB_PULSE_PORT="9090")
    assert set(config.JupyterHub.custom_scopes) == {SEND, BOARD}
    roles = {role["name"]: role for role in config.JupyterHub.load_roles}
    assert roles["user"]["scopes"] == ["self", SEND]
    assert roles["pulse-instructor"]["groups"] == ["instructors"]
    assert set(roles["pulse-instructor"]["scopes"]) == {BOARD, f"access:services!service={PULSE}"}
    assert config.JupyterHub.load_groups == {"instructors": {"users": ["iris", "ian"]}}
    # A server's token (its kernels') may send, never see: not even an instructor's own server's.
    assert SEND in config.Spawner.server_token_scopes and BOARD not in config.Spawner.server_token_scopes
    service = pulse_service(config.JupyterHub.services)
    assert service["url"] == "http://127.0.0.1:9090"
    assert service["command"][-1] == "--ip=127.0.0.1"  # loopback, as everything here
    assert service["oauth_client_allowed_scopes"] == [BOARD]
    assert service["environment"]["MATMUL_PULSE_DIR"] == str(tmp_path / "pulse")
    assert config.Spawner.environment["MATMUL_PULSE_URL"] == f"http://127.0.0.1:9090/services/{PULSE}/"


def test_kubernetes_values_hold_the_same_pulse(monkeypatch, tmp_path):
    values = yaml.safe_load((DEPLOY / "z2jh-values.yaml").read_text())
    config = hub_config(monkeypatch, tmp_path)
    hub_values = values["hub"]
    assert hub_values["config"]["JupyterHub"]["custom_scopes"].keys() == config.JupyterHub.custom_scopes.keys()
    assert hub_values["config"]["JupyterHub"]["load_groups"].keys() == config.JupyterHub.load_groups.keys()
    assert hub_values["config"]["Spawner"]["server_token_scopes"] == config.Spawner.server_token_scopes
    roles = {role["name"]: role for role in config.JupyterHub.load_roles}
    for name in ("user", "pulse-instructor"):
        assert hub_values["loadRoles"][name]["scopes"] == roles[name]["scopes"]
    assert hub_values["loadRoles"]["pulse-instructor"]["groups"] == roles["pulse-instructor"]["groups"]
    service, kube = pulse_service(config.JupyterHub.services), hub_values["services"][PULSE]
    for key in ("oauth_client_allowed_scopes", "oauth_no_confirm", "display"):
        assert kube[key] == service[key], key
    assert kube["command"][1:] == service["command"][1:3] == ["-m", "labserver.pulse_service"]
    port = int(kube["url"].rsplit(":", 1)[1])
    assert hub_values["service"]["extraPorts"][0]["port"] == port
    assert values["singleuser"]["extraEnv"]["MATMUL_PULSE_URL"].endswith(f"/services/{PULSE}/")


def test_rehearsal_says_how_to_install_a_missing_proxy(monkeypatch):
    monkeypatch.setattr(hub.shutil, "which", lambda name: None)
    [missing] = hub.missing_pieces()
    assert "make hub-proxy" in missing and "npm install -g configurable-http-proxy" in missing


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_the_hubs_state_folder_is_the_hubs_alone(monkeypatch, tmp_path):
    # It holds the cookie secret, the database of every token and the class pulse.
    previous = os.umask(0o022)
    try:
        made = tmp_path / "srv" / "jupyterhub"
        hub_config(monkeypatch, made)
        assert mode(made) == 0o700
        older = tmp_path / "older"
        older.mkdir(mode=0o755)
        hub_config(monkeypatch, older)
        assert mode(older) == 0o700
    finally:
        os.umask(previous)


def status_of(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_kubernetes_pulse_service_starts_with_the_charts_settings(tmp_path):
    # The chart's service as the hub starts it in its pod: the URL names the hub's Kubernetes
    # Service, which no interface of the pod holds; the service must listen on the URL's port anyway.
    kube = yaml.safe_load((DEPLOY / "z2jh-values.yaml").read_text())["hub"]["services"][PULSE]
    url = urlparse(kube["url"])
    with pytest.raises(OSError):  # what binding to the URL's host did
        socket.create_server((url.hostname, 0))
    port = free_port()
    folder = tmp_path / "srv" / "jupyterhub" / "pulse"
    (tmp_path / "srv" / "jupyterhub").mkdir(parents=True, mode=0o700)
    env = {
        **os.environ, **kube["environment"],
        "MATMUL_PULSE_DIR": str(folder),  # the chart's /srv/jupyterhub/pulse, here
        # What JupyterHub gives a service it starts.
        "JUPYTERHUB_SERVICE_NAME": PULSE,
        "JUPYTERHUB_SERVICE_URL": url._replace(netloc=f"{url.hostname}:{port}").geturl(),
        "JUPYTERHUB_SERVICE_PREFIX": f"/services/{PULSE}/",
        "JUPYTERHUB_API_URL": "http://hub:8081/hub/api",
        "JUPYTERHUB_API_TOKEN": "the service's token",
        "JUPYTERHUB_CLIENT_ID": f"service-{PULSE}",
    }
    assert kube["command"][0] == "python3"
    process = subprocess.Popen([sys.executable, *kube["command"][1:]], cwd=REPO, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while True:
            assert process.poll() is None, process.stdout.read().decode()
            try:
                # Answers: the counts' route refuses a request without a token.
                assert status_of(f"http://127.0.0.1:{port}/services/{PULSE}/board") == 403
                break
            except (urllib.error.URLError, ConnectionError):
                assert time.monotonic() < deadline, "the service never listened"
                time.sleep(0.2)
        assert mode(folder) == 0o700
    finally:
        process.terminate()
        process.wait(10)
