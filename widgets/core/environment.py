"""The environment variables the package and its server read, named once.

`make serve` (`labserver.pulse`) sets both for Voila and its kernels; a lab's
kernel records answers for the class pulse when `PULSE_DIR` is set, and the
lecturer's page shows the board only to a link holding `PULSE_TOKEN`.  On a
JupyterHub (``deploy/jupyterhub_config.py``) a student's server has `PULSE_URL`
instead, the course's pulse service, and sends its events there with its
`HUB_TOKEN`.
"""

__all__ = ["HUB_TOKEN", "PULSE_DIR", "PULSE_TOKEN", "PULSE_URL"]

#: The folder of the class pulse's store; unset, the pulse is off.
PULSE_DIR = "MATMUL_PULSE_DIR"
#: The lecturer's secret, the ``token=`` of the pulse page's link.
PULSE_TOKEN = "MATMUL_PULSE_TOKEN"
#: The course's pulse service on a JupyterHub (``…/services/matmul-pulse/``); set, a lab sends its events there.
PULSE_URL = "MATMUL_PULSE_URL"
#: The hub API token JupyterHub gives each student's server (and its kernels).
HUB_TOKEN = "JUPYTERHUB_API_TOKEN"
