"""Warm one lab for a lecture: ``make serve WARM=<lab> POOL=<n>`` as Voila's arguments.

A lecturer who knows which lab comes next keeps `n` kernels preheated for it,
so a hall that opens it at once is served from the pool instead of waiting
for kernels to start.  Voila 0.5 reads the pools from
``VoilaKernelManager.kernel_pools_config``: a ``"default"`` entry for every
notebook, and one entry per notebook, keyed by its path under the served
folder (``08-attention-weights.ipynb``).  `warm_arguments` checks what the
lecturer typed and returns that one argument; ``labserver.pulse`` passes it
on to Voila, and refuses to start on bad input.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

__all__ = ["KERNEL_BYTES", "available_memory", "warm_arguments"]

#: What one kernel costs the machine: a lab-8 kernel held 107 MB resident after
#: rendering its page (psutil; 76 MB of it its own, the rest shared libraries),
#: measured on a POOL=40 server, plus its share of Voila's own memory (330-450 MB
#: with 52 kernels), rounded up.
KERNEL_BYTES = 120 * 2**20

_REPO = Path(__file__).resolve().parents[1]


def warm_arguments(
    warm: str,
    pool: str | int,
    served: str | os.PathLike[str] = "labs",
    available: int | None = None,
    default_pool: int | None = None,
) -> list[str]:
    """The Voila arguments that keep `pool` preheated kernels for the lab `warm`.

    Parameters
    ----------
    warm : str
        A notebook directly in `served`, with or without ``.ipynb``
        (``08-attention-weights``).  Empty with an empty `pool`: no warming.
    pool : str or int
        How many kernels to keep preheated for it: a positive integer.
    served : str or os.PathLike
        The folder Voila serves; the pools are keyed by paths under it.
    available : int, optional
        Bytes of memory the kernels may take; default what the machine has
        available now (`available_memory`).
    default_pool : int, optional
        The pool of every other notebook; default ``voila.json``'s
        ``default_pool_size``.

    Returns
    -------
    list of str
        ``[]``, or the one ``--VoilaKernelManager.kernel_pools_config=...``
        argument.

    Raises
    ------
    ValueError
        With a message for the lecturer: no such lab (the labs listed), a
        pool that is not a positive integer, a pool without a lab or a lab
        without a pool, or more kernels than fit in `available`, counting
        `KERNEL_BYTES` for each kernel of every pool.

    Examples
    --------
    >>> warm_arguments("", "")
    []
    >>> warm_arguments("08-attention-weights", "40", available=2**40, default_pool=1)
    ['--VoilaKernelManager.kernel_pools_config={"default": {"pool_size": 1}, "08-attention-weights.ipynb": {"pool_size": 40}}']
    >>> warm_arguments("08-attention-weights.ipynb", 0)
    Traceback (most recent call last):
        ...
    ValueError: POOL must be a positive whole number of kernels, e.g. POOL=40, not '0'
    """
    warm, pool = str(warm).strip(), str(pool).strip()
    if not warm and not pool:
        return []
    served = Path(served)
    labs = sorted(path.name for path in served.glob("*.ipynb"))
    listed = "\n  ".join(Path(lab).stem for lab in labs)
    if not warm:
        raise ValueError(f"POOL={pool} needs the lab to warm, WARM=<lab>, one of:\n  {listed}")
    name = warm if warm.endswith(".ipynb") else warm + ".ipynb"
    if name not in labs:
        raise ValueError(f"WARM={warm} is not a notebook in {served}/; the labs are:\n  {listed}")
    if not pool:
        raise ValueError(f"WARM={warm} needs the number of kernels to keep warm, e.g. POOL=40 for a hall of 40")
    if not pool.isdigit() or int(pool) < 1:
        raise ValueError(f"POOL must be a positive whole number of kernels, e.g. POOL=40, not {pool!r}")
    size = int(pool)
    default_pool = _default_pool_size() if default_pool is None else default_pool
    others = default_pool * (sum(1 for _ in served.rglob("*.ipynb")) - 1)
    available = available_memory() if available is None else available
    fits = available // KERNEL_BYTES - others
    if size > fits:
        raise ValueError(
            f"POOL={size} is more kernels than this machine's memory holds: each takes about "
            f"{KERNEL_BYTES // 2**20} MB, {_gb(available)} GB is available, and the other notebooks' "
            f"pools take {others} kernels; at most POOL={max(fits, 0)} here"
        )
    pools = {"default": {"pool_size": default_pool}, name: {"pool_size": size}}
    return [f"--VoilaKernelManager.kernel_pools_config={json.dumps(pools)}"]


def available_memory() -> int:
    """Bytes of memory this machine can give new processes now (Linux's ``MemAvailable``).

    Examples
    --------
    >>> available_memory() > 0
    True
    """
    try:
        with open("/proc/meminfo") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:  # not Linux: the free pages, a lower bound
        pass
    return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_AVPHYS_PAGES")


def _default_pool_size():
    """``voila.json``'s pool for every notebook, so the other labs keep theirs."""
    config = json.loads((_REPO / "voila.json").read_text())
    return config["VoilaConfiguration"]["default_pool_size"]


def _gb(size):
    return f"{size / 2**30:.1f}"
