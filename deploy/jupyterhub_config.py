"""JupyterHub for a course that outgrows one lecture server: every student gets their own server.

Each student logs in, JupyterHub starts a single-user Jupyter Server for them with
this repository as its folder, and they land on the Voila gallery
(``/voila/render/labs/index.ipynb``, Voila running as a Jupyter Server extension,
as on Binder). jupyterhub-idle-culler, a hub service, stops a server nobody has
used for ``MATMUL_HUB_CULL_TIMEOUT`` seconds, which frees its kernels.

Run it from the environment the project is installed in, which starts the students'
servers too (so every student must be able to read it and this repository)::

    pip install . jupyterhub jupyterhub-idle-culler
    npm install -g configurable-http-proxy@5
    jupyterhub -f deploy/jupyterhub_config.py

Everything listens on the loopback interface only: put a TLS-terminating reverse
proxy (nginx, Caddy) in front of the public port. The environment sets:

- ``MATMUL_HUB_PORT`` (8000): the public port, configurable-http-proxy's.
- ``MATMUL_HUB_API_PORT`` (8081): the hub's own port, which the proxy and the
  single-user servers talk to.
- ``MATMUL_HUB_PROXY_API_PORT`` (8001): the proxy's REST API, which the hub drives.
- ``MATMUL_HUB_STATE`` (``/srv/jupyterhub``): the folder of the hub's state: its
  sqlite database, cookie secret and the proxy's pid file.
- ``MATMUL_HUB_CULL_TIMEOUT`` (3600) and ``MATMUL_HUB_CULL_EVERY`` (600): seconds
  of inactivity after which a server is stopped, and how often the culler looks.
  ``deploy/z2jh-values.yaml`` says the same for Kubernetes.
- ``MATMUL_HUB_REHEARSAL=1``: the rehearsal (``tests/browser/test_jupyterhub.py``),
  see below.

Spawner. Here ``LocalProcessSpawner``: each student is a system user of this
machine, and their server runs as them, on it. That suits one large machine; a
course on several machines uses a container spawner (DockerSpawner) or Kubernetes
(KubeSpawner, which Zero to JupyterHub sets up: ``deploy/z2jh-values.yaml``), with
an image built from this repository by repo2docker, whose Python and folder then
replace ``cmd`` and ``notebook_dir`` below.

Authenticator. A real hub sets its own (``c.JupyterHub.authenticator_class``: the
university's OAuth or LDAP; JupyterHub's default is PAM, the machine's accounts).
This file sets none, except in the rehearsal.
"""
import os
import sys
from pathlib import Path

c = get_config()  # noqa: F821 (JupyterHub's config loader defines it)

REPO = Path(__file__).resolve().parents[1]
STATE = Path(os.environ.get("MATMUL_HUB_STATE", "/srv/jupyterhub"))
CULL_TIMEOUT = int(os.environ.get("MATMUL_HUB_CULL_TIMEOUT", "3600"))
CULL_EVERY = int(os.environ.get("MATMUL_HUB_CULL_EVERY", "600"))
REHEARSAL = os.environ.get("MATMUL_HUB_REHEARSAL") == "1"
GALLERY = "/voila/render/labs/index.ipynb"

# Loopback only, on configurable ports.
c.JupyterHub.bind_url = f"http://127.0.0.1:{os.environ.get('MATMUL_HUB_PORT', '8000')}"
c.JupyterHub.hub_bind_url = f"http://127.0.0.1:{os.environ.get('MATMUL_HUB_API_PORT', '8081')}"
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{os.environ.get('MATMUL_HUB_PROXY_API_PORT', '8001')}"
c.Spawner.ip = "127.0.0.1"

# The hub's state in one folder. The proxy's auth token is drawn at each start:
# the hub starts the proxy, so nothing else needs to know it.
STATE.mkdir(parents=True, exist_ok=True)
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(STATE / "jupyterhub-proxy.pid")

# Each student's server: this repository's folder, opened on the gallery. Voila reads
# voila.json (the matmul template, no sources, no tracebacks) from the server's working
# folder or from the Jupyter config path; the spawner starts the server in the
# student's home, so the config path names the repository.
c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]
c.Spawner.notebook_dir = str(REPO)
c.Spawner.default_url = GALLERY
c.Spawner.environment = {
    "JUPYTER_CONFIG_PATH": str(REPO),
    # The server tells the hub it is in use this often; culling is only as exact as that.
    "JUPYTERHUB_ACTIVITY_INTERVAL": str(min(300, CULL_TIMEOUT // 4)),
}
# The proxy's record of each route's traffic, read as often.
c.JupyterHub.last_activity_interval = min(300, CULL_TIMEOUT // 4)

# Idle servers are stopped, and their kernels with them.
c.JupyterHub.load_roles = [{
    "name": "jupyterhub-idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": ["jupyterhub-idle-culler"],
}]
c.JupyterHub.services = [{
    "name": "jupyterhub-idle-culler",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler",
                f"--timeout={CULL_TIMEOUT}", f"--cull-every={CULL_EVERY}"],
}]

if REHEARSAL:
    # ------------------------------------------------------------------------------
    # REHEARSAL ONLY: ANYONE CAN LOG IN AS ANYONE, WITH ANY PASSWORD, AND EVERY SERVER
    # RUNS AS THE HUB'S OWN USER WITH NO ISOLATION. Never set MATMUL_HUB_REHEARSAL on a
    # hub that students reach: a real hub sets its own authenticator (see above).
    # ------------------------------------------------------------------------------
    c.JupyterHub.authenticator_class = "dummy"
    c.JupyterHub.spawner_class = "simple"  # no system accounts: homes under the state folder
    c.SimpleLocalProcessSpawner.home_dir_template = str(STATE / "home" / "{username}")
    if os.geteuid() == 0:  # a container's root, as in CI
        c.Spawner.args = ["--allow-root"]
