"""The environment variables the package and its server read, named once.

`make serve` (`labserver.pulse`) sets both for Voila and its kernels; a lab's
kernel records answers for the class pulse when `PULSE_DIR` is set, and the
lecturer's page shows the board only to a link holding `PULSE_TOKEN`.
"""

__all__ = ["PULSE_DIR", "PULSE_TOKEN"]

#: The folder of the class pulse's store; unset, the pulse is off.
PULSE_DIR = "MATMUL_PULSE_DIR"
#: The lecturer's secret, the ``token=`` of the pulse page's link.
PULSE_TOKEN = "MATMUL_PULSE_TOKEN"
