"""Start Voila with the class pulse on, and print the lecturer's link.

``python -m labserver.pulse <Voila's arguments>`` is Voila with the pulse's
gate (`labserver.pulse_gate.PulseVoila`, ``labserver.voila_app``'s Voila,
which compresses its responses), run in this process after two things are
set: ``MATMUL_PULSE_DIR``, the folder of the pulse's store (made if missing,
only for this user, and refused inside the folder Voila serves), which
Voila's kernels inherit; and the lecturer's token, new at every start unless
``MATMUL_PULSE_TOKEN`` holds one of at least 22 characters, which only the
server holds: it is taken out of the environment before any kernel starts.
It prints the pulse page's link with that token first.  ``--warm=<lab>
--pool=<n>`` keep `n` preheated kernels for that lab (``labserver.warm``).
"""

from __future__ import annotations

import os
import secrets
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import NoReturn
from urllib.parse import quote

from labserver.pulse_gate import PULSE_PAGE, PulseVoila
from labserver.warm import warm_arguments
from widgets.core.environment import PULSE_DIR, PULSE_TOKEN

__all__ = ["MIN_TOKEN", "PULSE_PAGE", "pulse_environment"]

#: The fewest characters of a token the lecturer chooses: 22 url-safe ones hold 128 bits, as a random one would.
MIN_TOKEN = 22
#: Where the store goes when ``MATMUL_PULSE_DIR`` is not set: beside labs/, never under it.
DEFAULT_FOLDER = Path(__file__).resolve().parents[1] / ".pulse"


def pulse_environment(served: str | os.PathLike[str], environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """The pulse's folder and the lecturer's token for a server of the folder `served`, the folder made.

    Parameters
    ----------
    served : str or os.PathLike
        The folder Voila serves (``labs``); the store may not be inside it.
    environ : mapping, optional
        Default ``os.environ``; its ``MATMUL_PULSE_DIR`` and
        ``MATMUL_PULSE_TOKEN`` are kept when set.

    Returns
    -------
    dict of str to str
        ``MATMUL_PULSE_DIR`` and ``MATMUL_PULSE_TOKEN``.

    Raises
    ------
    ValueError
        If the store's folder is inside the served one (Voila would serve it),
        or the token chosen is shorter than `MIN_TOKEN` (it could be guessed).

    Examples
    --------
    >>> import tempfile
    >>> top = Path(tempfile.mkdtemp())
    >>> env = pulse_environment(top / "labs", {"MATMUL_PULSE_DIR": str(top / "pulse")})
    >>> env["MATMUL_PULSE_DIR"] == str(top / "pulse"), len(env["MATMUL_PULSE_TOKEN"]) >= 32
    (True, True)
    >>> pulse_environment(top / "labs", {"MATMUL_PULSE_DIR": str(top / "labs" / "p")})
    Traceback (most recent call last):
        ...
    ValueError: the pulse folder must be outside the served folder labs, or Voila would serve it
    >>> pulse_environment(top / "labs", {"MATMUL_PULSE_DIR": str(top / "pulse"), "MATMUL_PULSE_TOKEN": "lecture1"})
    Traceback (most recent call last):
        ...
    ValueError: MATMUL_PULSE_TOKEN has 8 characters, too few to keep the board from a guess: give it at least 22 (python -c 'import secrets; print(secrets.token_urlsafe())' makes one), or unset it for a new token at every start
    """
    environ = os.environ if environ is None else environ
    folder = Path(environ.get(PULSE_DIR) or DEFAULT_FOLDER).resolve()
    served = Path(served).resolve()
    if folder == served or served in folder.parents:
        raise ValueError(
            f"the pulse folder must be outside the served folder {served.name}, or Voila would serve it"
        )
    token = environ.get(PULSE_TOKEN) or secrets.token_urlsafe(24)
    if len(token) < MIN_TOKEN:
        raise ValueError(
            f"{PULSE_TOKEN} has {len(token)} characters, too few to keep the board from a guess: give it at least"
            f" {MIN_TOKEN} (python -c 'import secrets; print(secrets.token_urlsafe())' makes one), or unset it"
            " for a new token at every start"
        )
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return {PULSE_DIR: str(folder), PULSE_TOKEN: token}


def _pulse_link(voila_args: Iterable[str], token: str) -> str:
    """The lecturer's link for a Voila started with `voila_args` (``--port=``, ``--Voila.ip=``).

    Examples
    --------
    >>> _pulse_link(["labs", "--port=8866", "--Voila.ip=0.0.0.0"], "s3cret")
    'http://0.0.0.0:8866/voila/render/lecturer/pulse.ipynb?token=s3cret'
    """
    options = dict(arg[2:].split("=", 1) for arg in voila_args if arg.startswith("--") and "=" in arg)
    host = options.get("Voila.ip", "127.0.0.1")
    port = options.get("port", options.get("Voila.port", "8866"))
    return f"http://{host}:{port}/voila/render/{PULSE_PAGE}?token={quote(token)}"


def main(argv: Iterable[str] | None = None) -> NoReturn:
    """Set the pulse's folder, print the lecturer's link, and run Voila behind the pulse's gate here.

    ``--warm=<lab>`` and ``--pool=<n>`` (``make serve WARM=... POOL=...``)
    become Voila's pool of preheated kernels for that lab
    (`labserver.warm.warm_arguments`); bad values, a pulse folder inside the
    served one and a short token stop here with a message, before any
    server starts.
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    ours = {"--warm": "", "--pool": ""}
    argv = [arg for arg in argv if not _take(arg, ours)]
    served = next((arg for arg in argv if not arg.startswith("-")), ".")
    try:
        argv += warm_arguments(ours["--warm"], ours["--pool"], served)
        pulse = pulse_environment(served)
    except ValueError as error:
        sys.exit(f"make serve: {error}")
    if ours["--warm"]:
        print(f"Keeping {ours['--pool']} kernels warm for {ours['--warm']}", flush=True)
    token = pulse.pop(PULSE_TOKEN)
    os.environ.update(pulse)  # the folder, for every kernel; PulseVoila takes a token the lecturer set out
    print(f"Class pulse, for the lecturer only: {_pulse_link(argv, token)}", flush=True)
    PulseVoila.launch_instance(argv, pulse_token=token)
    sys.exit()


def _take(arg, options):
    """Store ``--name=value`` in `options` if `options` has ``--name``; say whether it did."""
    name, _, value = arg.partition("=")
    if name in options:
        options[name] = value
        return True
    return False


if __name__ == "__main__":
    main()
