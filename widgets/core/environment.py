"""The environment variables the package and its server read, named once.

`make serve` (`labserver.pulse`) sets `PULSE_DIR` for Voila and its kernels;
a lab's kernel records answers for the class pulse when it is set.  The
lecturer's `PULSE_TOKEN`, if the lecturer chose one, is read by `make serve`
alone and taken out of the environment before any kernel starts: the server
checks the lecturer's link (`labserver.pulse_gate`) and sets `PULSE_GATE`, and
the lecturer's page shows the board only where it is set.  On a JupyterHub
(``deploy/jupyterhub_config.py``) a student's server has `PULSE_URL`
instead, the course's pulse service, and sends its events there with its
`HUB_TOKEN`.
"""

__all__ = ["HUB_TOKEN", "PULSE_DIR", "PULSE_GATE", "PULSE_TOKEN", "PULSE_URL"]

#: The folder of the class pulse's store; unset, the pulse is off.
PULSE_DIR = "MATMUL_PULSE_DIR"
#: The lecturer's secret, the ``token=`` of the pulse page's link; for ``make serve`` only, never a kernel.
PULSE_TOKEN = "MATMUL_PULSE_TOKEN"
#: Set by the lecture server whose gate lets only the lecturer's link reach the board's page.
PULSE_GATE = "MATMUL_PULSE_GATE"
#: The course's pulse service on a JupyterHub (``…/services/matmul-pulse/``); set, a lab sends its events there.
PULSE_URL = "MATMUL_PULSE_URL"
#: The hub API token JupyterHub gives each student's server (and its kernels).
HUB_TOKEN = "JUPYTERHUB_API_TOKEN"
