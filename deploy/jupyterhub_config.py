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
- ``MATMUL_HUB_PULSE_PORT`` (8082): the class pulse service's own port.
- ``MATMUL_HUB_INSTRUCTORS``: the course's instructors, names separated by
  commas, added to the ``instructors`` group at each start (the hub's admin
  page or API adds more): they, and only they, may open the class pulse.
- ``MATMUL_HUB_REHEARSAL=1``: the rehearsal (``tests/browser/test_jupyterhub.py``),
  see below.

The class pulse. A hub service (``labserver.pulse_service``), started and
restarted by the hub, keeps one store for the course in the state folder.
Each student's labs send their answers to it with their server's own hub API
token, which holds the custom scope ``custom:matmul-pulse:send`` and nothing
of the pulse besides; the instructors' group holds ``custom:matmul-pulse:board``
and opens the board at ``/services/matmul-pulse/``, logged in through the hub.

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

from labserver.pulse_service import BOARD, SEND
from labserver.pulse_service import NAME as PULSE

c = get_config()  # noqa: F821 (JupyterHub's config loader defines it)

REPO = Path(__file__).resolve().parents[1]
STATE = Path(os.environ.get("MATMUL_HUB_STATE", "/srv/jupyterhub"))
CULL_TIMEOUT = int(os.environ.get("MATMUL_HUB_CULL_TIMEOUT", "3600"))
CULL_EVERY = int(os.environ.get("MATMUL_HUB_CULL_EVERY", "600"))
REHEARSAL = os.environ.get("MATMUL_HUB_REHEARSAL") == "1"
GALLERY = "/voila/render/labs/index.ipynb"
PULSE_PORT = int(os.environ.get("MATMUL_HUB_PULSE_PORT", "8082"))
INSTRUCTORS = [name.strip() for name in os.environ.get("MATMUL_HUB_INSTRUCTORS", "").split(",") if name.strip()]

# Loopback only, on configurable ports.
c.JupyterHub.bind_url = f"http://127.0.0.1:{os.environ.get('MATMUL_HUB_PORT', '8000')}"
c.JupyterHub.hub_bind_url = f"http://127.0.0.1:{os.environ.get('MATMUL_HUB_API_PORT', '8081')}"
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{os.environ.get('MATMUL_HUB_PROXY_API_PORT', '8001')}"
c.Spawner.ip = "127.0.0.1"

# The hub's state in one folder, for the hub's user only: it holds the cookie secret, the
# database of every token and the class pulse. The proxy's auth token is drawn at each
# start: the hub starts the proxy, so nothing else needs to know it.
STATE.mkdir(mode=0o700, parents=True, exist_ok=True)
STATE.chmod(0o700)  # also a folder made before, by hand or by an older version of this file
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
    # Where the labs send the class pulse (labserver.pulse_service, below).
    "MATMUL_PULSE_URL": f"http://127.0.0.1:{PULSE_PORT}/services/{PULSE}/",
    # The server tells the hub it is in use this often; culling is only as exact as that.
    "JUPYTERHUB_ACTIVITY_INTERVAL": str(min(300, CULL_TIMEOUT // 4)),
}
# The proxy's record of each route's traffic, read as often.
c.JupyterHub.last_activity_interval = min(300, CULL_TIMEOUT // 4)

# The class pulse: who may send (every user, and so their servers' tokens) and who may see.
c.JupyterHub.custom_scopes = {
    SEND: {"description": "Send the class pulse an anonymous answer from a lab."},
    BOARD: {"description": "Open the class pulse of every student's labs, export it and reset it."},
}
c.JupyterHub.load_groups = {"instructors": {"users": INSTRUCTORS}}
# A server's token (JUPYTERHUB_API_TOKEN, which its kernels inherit) gets the server role's
# scopes and SEND: never BOARD, even on an instructor's own server.
c.Spawner.server_token_scopes = ["users:activity!user", "access:servers!server", SEND]

# Idle servers are stopped, and their kernels with them.
c.JupyterHub.load_roles = [
    {
        "name": "jupyterhub-idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["jupyterhub-idle-culler"],
    },
    # JupyterHub's own "user" role, plus sending to the pulse.
    {"name": "user", "scopes": ["self", SEND]},
    {"name": "pulse-instructor", "groups": ["instructors"], "scopes": [BOARD, f"access:services!service={PULSE}"]},
]
c.JupyterHub.services = [
    {
        "name": "jupyterhub-idle-culler",
        "command": [sys.executable, "-m", "jupyterhub_idle_culler",
                    f"--timeout={CULL_TIMEOUT}", f"--cull-every={CULL_EVERY}"],
    },
    {
        "name": PULSE,
        "url": f"http://127.0.0.1:{PULSE_PORT}",
        "command": [sys.executable, "-m", "labserver.pulse_service", "--ip=127.0.0.1"],  # loopback, as the rest
        "environment": {"MATMUL_PULSE_DIR": str(STATE / "pulse")},
        # What an instructor's login to the board grants the service: reading the board, nothing else.
        "oauth_client_allowed_scopes": [BOARD],
        "oauth_no_confirm": True,  # the course's own service: no "authorize access?" page
        "display": False,  # the hub's home lists it to everyone; instructors get the link from the README
    },
]

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
