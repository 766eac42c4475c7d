"""Is a browserless visitor a fair stand-in for a page? The same wave, in Chromium and in `harness.hall`.

On one server (the lecture configuration with a short cull), `n` Chromium
pages open the lab together (as a lecturer's ``?reveal=1`` link: the move's
controls are otherwise held back until the learner answers) and each makes the
lab's main move once it is interactive (bench/visitors.py); once the server is back to its pool and
idle, `n` browserless visitors do the same (bench/capacity.py). For both:
the server's CPU-seconds per visitor (Voila and its kernels, from the common
start until every visitor is done; the browser is not the server's child)
and the kernel websocket frames per visitor, sent and received, by type.
Both waves stay connected until the server is quiet again, and the CPU
compared is the CPU until then (the pool's refills included): read at the
last visitor's move instead, it depends on how long the wave took (the
Chromium pages' own CPU slows theirs), since Voila refills its pool
meanwhile. The generator passes when both figures are within `TOLERANCE`
of the Chromium wave's.
"""
from __future__ import annotations

import asyncio

from capacity import hall_wave, settle
from suite import log

TOLERANCE = 0.20


def per_visitor_kinds(visits: list[dict]) -> dict[str, float]:
    """Frames per visitor by direction and type, over the visitors that got through.

    >>> per_visitor_kinds([{"problem": None, "kinds": {"sent update": 2}},
    ...                    {"problem": None, "kinds": {"sent update": 1, "received status": 4}},
    ...                    {"problem": "x", "kinds": {"sent update": 9}}])
    {'received status': 2.0, 'sent update': 1.5}
    """
    done = [v for v in visits if v["problem"] is None]
    kinds: dict[str, float] = {}
    for visit in done:
        for kind, count in visit["kinds"].items():
            kinds[kind] = kinds.get(kind, 0) + count / len(done)
    return {kind: round(count, 2) for kind, count in sorted(kinds.items())}


def compare(browser: dict, hall: dict, tolerance: float = TOLERANCE) -> dict:
    """The two waves' CPU and messages per visitor, their ratios (hall / browser) and the verdict.

    Examples
    --------
    >>> browser = {"cpu_s_per_visitor": 2.0, "messages_per_visitor": 100.0, "kinds": {"sent update": 2.0}}
    >>> hall = {"cpu_s_per_visitor": 2.3, "messages_per_visitor": 90.0, "kinds": {"sent update": 2.0,
    ...                                                                         "sent comm_close": 1.0}}
    >>> c = compare(browser, hall)
    >>> round(c["cpu_ratio"], 2), c["messages_ratio"], c["passed"], c["kinds_differ"]
    (1.15, 0.9, True, {'sent comm_close': [0.0, 1.0]})
    >>> compare(browser, dict(hall, cpu_s_per_visitor=2.5))["passed"]
    False
    """
    cpu = _ratio(hall["cpu_s_per_visitor"], browser["cpu_s_per_visitor"])
    messages = _ratio(hall["messages_per_visitor"], browser["messages_per_visitor"])
    kinds = sorted(set(browser["kinds"]) | set(hall["kinds"]))
    differ = {k: [round(browser["kinds"].get(k, 0.0), 2), round(hall["kinds"].get(k, 0.0), 2)] for k in kinds
              if abs(browser["kinds"].get(k, 0.0) - hall["kinds"].get(k, 0.0)) >= 0.5}
    passed = cpu is not None and messages is not None and all(abs(r - 1) <= tolerance for r in (cpu, messages))
    return {"cpu_ratio": cpu, "messages_ratio": messages, "tolerance": tolerance, "passed": passed,
            "kinds_differ": differ}


def _ratio(value, reference):
    return value / reference if value is not None and reference else None


def measure_validation(server, path: str, expected: int, n: int, move) -> dict:
    """The Chromium wave, then the browserless one, on the same settled server; their comparison."""
    import visitors

    pool = len(server.kernel_processes())
    settle(server, pool)
    log(f"  validation: {n} Chromium pages on {path}, each making its move")
    chromium = asyncio.run(visitors._wave(server, path, expected, n, move=move))
    done = [v for v in chromium["visits"] if v["problem"] is None]
    browser = {
        "visitors": n,
        "failures": chromium["failures"],
        "failure_kinds": chromium["failure_kinds"],
        "server_cpu_s": chromium["server_cpu_settled_s"],
        "cpu_s_per_visitor": chromium["server_cpu_settled_s"] / n,
        "cpu_s_per_visitor_until_moved": chromium["server_cpu_s"] / n,
        "messages_per_visitor": sum(v["sent"] + v["received"] for v in done) / len(done) if done else None,
        "sent_per_visitor": sum(v["sent"] for v in done) / len(done) if done else None,
        "last_interactive_s": chromium["last_ready_s"],
        "last_moved_s": max((v["moved_s"] for v in done if v["moved_s"] is not None), default=None),
        "kinds": per_visitor_kinds(chromium["visits"]),
    }
    settle(server, pool)
    log(f"  validation: {n} browserless visitors on {path}")
    wave = asyncio.run(hall_wave(server, path, n, 0.0))
    hall = {
        "visitors": n,
        "failures": wave["failures"],
        "failure_kinds": sorted(wave["failure_kinds"]),
        "server_cpu_s": wave["server_cpu_settled_s"],
        "cpu_s_per_visitor": wave["settled_cpu_s_per_visitor"],
        "cpu_s_per_visitor_until_moved": wave["cpu_s_per_visitor"],
        "messages_per_visitor": wave["messages_per_visitor"],
        "sent_per_visitor": wave["sent_per_visitor"],
        "last_interactive_s": wave["last_interactive_s"],
        "last_moved_s": max((v["moved"] for v in wave["visits"] if v["moved"] is not None), default=None),
        "kinds": per_visitor_kinds(wave["visits"]),
    }
    settle(server, pool)
    result = {"chromium": browser, "hall": hall, **compare(browser, hall)}
    log(f"    server CPU-s per visitor: Chromium {browser['cpu_s_per_visitor']:.2f}, "
        f"hall {hall['cpu_s_per_visitor']:.2f} (×{_x(result['cpu_ratio'])}); messages per visitor: "
        f"Chromium {_x(browser['messages_per_visitor'], 1)}, hall {_x(hall['messages_per_visitor'], 1)} "
        f"(×{_x(result['messages_ratio'])}); {'pass' if result['passed'] else 'FAIL'}; "
        f"types that differ (Chromium, hall): {result['kinds_differ']}")
    return result


def _x(value, digits: int = 2) -> str:
    return "—" if value is None else f"{value:.{digits}f}"
