"""Turn the raw measurements into the report: tables, targets, report.json and ratios.png."""
from __future__ import annotations

import json
import statistics
import time

from loads import PHASES
from mainthread import OWNERS
from suite import RESULTS, fmt, ratio, summary

# The targets, as (limit, inclusive) per figure.
TTI_LIMIT = 1.3          # preheated time to interactive, lab / baseline
GALLERY_TTI_LIMIT = 1.1  # the gallery (labs/index.ipynb)
LATENCY_RATIO_LIMIT = 2.0  # a move's first change drawn from the kernel's answer, lab / baseline
SETTLE_MS = 100.0          # from that first change to the last one
LATENCY_P95_MS = 100.0
MEMORY_LIMIT = 1.15      # kernel RSS / bare kernel
VISITORS_REQUIRED = 30
WARM_ALL_PAGES_S = 5.0   # 30 visitors at once on a lab with a pool of 40: every page within 5 s
WARM_TTI_P95_S = 5.0     # 100 visitors over 60 s with a pool of 100: all interactive, p95 under 5 s
FIRST_VISIT_MB = 2.0     # lab 8's first visit, bytes on the wire (MiB)
LAB8_MODELS = 256        # a third of lab 8's 770 models at the issue's measurement


def build(raw: dict, meta: dict) -> dict:
    """Summaries, ratios and target verdicts from the raw measurements."""
    pages: dict[str, dict] = {}
    names = _page_order(raw)
    pre, cold, phone = raw.get("preheated", {}), raw.get("cold", {}), raw.get("phone", {})
    inter = raw.get("interactions", {})
    sent, plain = raw.get("transfer", {}), raw.get("transfer_plain", {})
    for name in names:
        row: dict = {}
        if name in raw.get("models", {}):
            row["models"] = raw["models"][name]
        if name in sent:
            row["transfer"] = sent[name]
            row["transfer_plain"] = plain.get(name)
        if name in pre:
            loads = pre[name]["loads"]
            row["tti_preheated_ms"] = summary(load["tti_ms"] for load in loads)
            row["kernel_rss_mb"] = summary(load["rss_mb"] for load in loads)
            row["load_problems"] = [load["problem"] for load in loads if load["problem"]]
            row["widget_outputs"] = pre[name]["expected"]
        for key, section in (("phases", pre), ("phases_phone", phone)):
            if name in section:
                row[key] = {phase: _median(load.get("phases", {}).get(phase) for load in section[name]["loads"])
                            for phase in PHASES}
        if name in raw.get("mainthread", {}):
            [traced] = raw["mainthread"][name]["loads"]
            row["main_thread_ms"] = traced.get("main_thread_ms")
            row["traced_tti_ms"] = traced["tti_ms"]
        if name in phone:
            row["tti_phone_ms"] = summary(load["tti_ms"] for load in phone[name]["loads"])
            row["phone_problems"] = [load["problem"] for load in phone[name]["loads"] if load["problem"]]
        if name in cold:
            loads = cold[name]["loads"]
            row["tti_cold_ms"] = summary(load["tti_ms"] for load in loads)
            row["widget_outputs_cold"] = cold[name]["expected"]
            row["cold_problems"] = [load["problem"] for load in loads if load["problem"]]
        if name in inter:
            samples = [s for s in inter[name]["samples"] if "step" in s]
            row["interaction"] = inter[name]["what"]
            row["latency_ms"] = summary((s.get("latency_ms") for s in samples), p95=True)
            row["first_change_ms"] = summary(s.get("first_change_ms") for s in samples)
            row["settle_ms"] = summary(s["latency_ms"] - s["first_change_ms"] for s in samples
                                       if s.get("latency_ms") is not None and s.get("first_change_ms") is not None)
            row["handled_ms"] = summary(s.get("handled_ms") for s in samples)
            row["kernel_busy_ms"] = summary(s.get("kernel_busy_ms") for s in samples)
            row["round_trip_ms"] = summary(s.get("round_trip_ms") for s in samples)
            row["interaction_problems"] = [s["problem"] for s in inter[name]["samples"] if s.get("problem")]
            for key in ("updates", "echoes", "views_changed", "frames_in", "bytes_in", "other_comm", "mutations"):
                row[key] = summary(s.get(key) for s in samples)
            row["max_excess"] = max((s.get("excess", 0) for s in samples), default=None)
        pages[name] = row
    base, bare = pages.get("baseline", {}), pages.get("bare", {})
    for row in pages.values():
        row["ratio"] = {
            "tti_preheated": ratio(_med(row, "tti_preheated_ms"), _med(base, "tti_preheated_ms")),
            "tti_cold": ratio(_med(row, "tti_cold_ms"), _med(base, "tti_cold_ms")),
            "tti_phone": ratio(_med(row, "tti_phone_ms"), _med(base, "tti_phone_ms")),
            "latency_median": ratio(_med(row, "latency_ms"), _med(base, "latency_ms")),
            "first_change": ratio(_med(row, "first_change_ms"), _med(base, "first_change_ms")),
            "latency_p95": ratio((row.get("latency_ms") or {}).get("p95"), (base.get("latency_ms") or {}).get("p95")),
            "kernel_rss": ratio(_med(row, "kernel_rss_mb"), _med(bare, "kernel_rss_mb")),
        }
    report = {"meta": meta, "pages": pages, "visitors": raw.get("visitors", []), "raw": raw,
              "validate": raw.get("validate"), "capacity": raw.get("capacity", []), "warm": raw.get("warm", [])}
    report["misses"] = misses(report)
    return report


def misses(report: dict) -> list[str]:
    """Every target the run missed, one line each."""
    out = []
    for name, row in report["pages"].items():
        if name in ("baseline", "bare"):
            continue
        r = row["ratio"]
        limit = GALLERY_TTI_LIMIT if name == "index" else TTI_LIMIT
        if r["tti_preheated"] is not None and r["tti_preheated"] > limit:
            out.append(f"{name}: preheated time to interactive {r['tti_preheated']:.2f}× baseline (target ≤ {limit}×)")
        if r["tti_phone"] is not None and r["tti_phone"] > limit:
            out.append(f"{name}: on the phone, time to interactive {r['tti_phone']:.2f}× baseline (target ≤ {limit}×)")
        if r["first_change"] is not None and r["first_change"] > LATENCY_RATIO_LIMIT:
            out.append(f"{name}: a move's first change {r['first_change']:.2f}× baseline's, median "
                       f"(target ≤ {LATENCY_RATIO_LIMIT}×)")
        settle = _med(row, "settle_ms")
        if settle is not None and settle > SETTLE_MS:
            out.append(f"{name}: a move settles {settle:.0f} ms after its first change, median (target ≤ {SETTLE_MS:.0f})")
        p95 = (row.get("latency_ms") or {}).get("p95")
        if p95 is not None and p95 >= LATENCY_P95_MS:
            out.append(f"{name}: latency p95 {p95:.0f} ms (target < {LATENCY_P95_MS:.0f} ms)")
        if row.get("max_excess"):
            out.append(f"{name}: up to {row['max_excess']} update(s) per interaction beyond one per changed view "
                       f"plus the echo (median {row['updates']['median']:g} updates for "
                       f"{row['views_changed']['median']:g} views)")
        if r["kernel_rss"] is not None and r["kernel_rss"] > MEMORY_LIMIT:
            out.append(f"{name}: kernel memory {r['kernel_rss']:.2f}× bare (target ≤ {MEMORY_LIMIT}×)")
        if row.get("widget_outputs") is not None and row.get("widget_outputs_cold") is not None \
                and row["widget_outputs"] != row["widget_outputs_cold"]:
            out.append(f"{name}: a preheated page has {row['widget_outputs']} widget outputs, "
                       f"a cold one {row['widget_outputs_cold']}")
        models = (row.get("models") or {}).get("models")
        if name == "08" and models is not None and models > LAB8_MODELS:
            out.append(f"08: {models} widget models (target ≤ {LAB8_MODELS})")
        first = (row.get("transfer") or {}).get("first", {}).get("bytes")
        if name == "08" and first is not None and first > FIRST_VISIT_MB * 2**20:
            out.append(f"08: a first visit transfers {first / 2**20:.2f} MiB (target ≤ {FIRST_VISIT_MB} MiB)")
        for key in ("load_problems", "phone_problems", "cold_problems", "interaction_problems"):
            if row.get(key):
                out.append(f"{name}: {len(row[key])} {key.replace('_', ' ')}, e.g. {row[key][0]}")
    for wave in report["visitors"]:
        if wave["failures"]:
            out.append(f"{wave['visitors']} visitors: {wave['failures']} not interactive "
                       f"({'; '.join(wave['failure_kinds'][:3])})")
        if wave["culled_to_pool_s"] is None:
            out.append(f"{wave['visitors']} visitors: kernel count not back to the pool of "
                       f"{wave['pool_kernels']} (still {wave['kernels_after']})")
    waves = {w["visitors"] for w in report["visitors"]}
    if report["visitors"] and VISITORS_REQUIRED not in waves:
        out.append(f"{VISITORS_REQUIRED} visitors not measured in this run (--quick)")
    return out + browserless_misses(report)


def browserless_misses(report: dict) -> list[str]:
    """The validation's verdict, the capacity waves' failures and the warm targets, one line each.

    Examples
    --------
    >>> wave = {"visitors": 30, "over_s": 0.0, "pool": 40, "failures": 0, "failure_kinds": {},
    ...         "all_pages_s": 6.2, "interactive": 30, "tti_s": {"p95": 4.0}, "culled_to_pool_s": 12.0}
    >>> browserless_misses({"validate": {"passed": False, "cpu_ratio": 1.3, "messages_ratio": 1.0,
    ...                                  "tolerance": 0.2}, "capacity": [], "warm": [wave]})
    ['browserless visitor not validated: server CPU ×1.30, messages ×1.00 of Chromium (within ±20 % needed)', '30 visitors at once, pool 40: all pages after 6.2 s (target < 5 s)']
    """
    out = []
    check = report.get("validate")
    if check and not check["passed"]:
        out.append(f"browserless visitor not validated: server CPU ×{_x(check['cpu_ratio'])}, messages "
                   f"×{_x(check['messages_ratio'])} of Chromium (within ±{check['tolerance']:.0%} needed)"
                   .replace("%", " %"))
    for wave in report.get("capacity", []):
        if wave["failures"]:
            out.append(f"capacity, {wave['visitors']} over {wave['over_s']:g} s: {wave['failures']} not "
                       f"interactive ({_kinds(wave['failure_kinds'])})")
        if wave["culled_to_pool_s"] is None:
            out.append(f"capacity, {wave['visitors']} over {wave['over_s']:g} s: not culled back to the pool")
    for wave in report.get("capacity", []) + report.get("warm", []):
        if wave.get("memory_hard_stop"):
            out.append(f"{wave['visitors']} visitors over {wave['over_s']:g} s: the server was stopped, "
                       f"under half the memory floor")
    for wave in report.get("warm", []):
        if wave["pool"] < wave["visitors"]:
            continue  # the default pool: for comparison only
        if wave["over_s"] == 0 and (wave["all_pages_s"] is None or wave["all_pages_s"] >= WARM_ALL_PAGES_S):
            out.append(f"{wave['visitors']} visitors at once, pool {wave['pool']}: all pages after "
                       f"{_num(wave['all_pages_s'], 1)} s (target < {WARM_ALL_PAGES_S:g} s)")
        if wave["over_s"] > 0 and (wave["failures"] or (wave["tti_s"]["p95"] or 1e9) >= WARM_TTI_P95_S):
            out.append(f"{wave['visitors']} visitors over {wave['over_s']:g} s, pool {wave['pool']}: "
                       f"{wave['interactive']} interactive, p95 time to interactive {_num(wave['tti_s']['p95'], 1)} s "
                       f"(target all, p95 < {WARM_TTI_P95_S:g} s)")
    return out


def _kinds(kinds: dict) -> str:
    """Failure kinds with their counts, most frequent first.

    >>> _kinds({"memory guard": 3, "TimeoutError": 5})
    '5 TimeoutError; 3 memory guard'
    """
    return "; ".join(f"{n} {k}" for k, n in sorted(kinds.items(), key=lambda kn: -kn[1]))


def browserless_tables(report: dict) -> list[tuple[str, list[str], list[list]]]:
    """The validation, capacity and warm tables as (title, header, rows).

    Examples
    --------
    >>> wave = {"visitors": 30, "over_s": 60.0, "pool": 1, "pool_kernels": 10, "interactive": 30, "failures": 0,
    ...         "failure_kinds": {}, "page_s": {"p50": 0.4, "p95": 0.9, "max": 1.0},
    ...         "tti_s": {"p50": 1.0, "p95": 2.0, "max": 3.0}, "moved_s": {"p50": 1.2, "p95": 2.2, "max": 3.1},
    ...         "all_pages_s": 1.0, "cpu_s_per_visitor": 1.5, "settled_cpu_s_per_visitor": 2.5,
    ...         "rss_mb_per_visitor": 111.0, "peak_kernels": 20,
    ...         "min_available_gb": 15.0, "culled_to_pool_s": 14.0, "turned_away": 0}
    >>> [(title.split(" (")[0], rows) for title, _, rows in browserless_tables({"capacity": [wave], "warm": []})]
    [('Capacity', [[30, '60', '30/30', '1.0 / 2.0 / 3.0', '1.2 / 2.2 / 3.1', '—', '1.50', '2.50', '111', 20, '15.0', '14.0']])]
    """
    out = []
    check = report.get("validate")
    if check:
        rows = [[name, w["visitors"], w["failures"], _num(w["server_cpu_s"], 1), _num(w["cpu_s_per_visitor"], 2),
                 _num(w["cpu_s_per_visitor_until_moved"], 2), _num(w["messages_per_visitor"], 1),
                 _num(w["sent_per_visitor"], 1), _num(w["last_interactive_s"], 1), _num(w["last_moved_s"], 1)]
                for name, w in (("Chromium", check["chromium"]), ("browserless", check["hall"]))]
        rows.append(["ratio", "", "", "", _x(check["cpu_ratio"]), "", _x(check["messages_ratio"]), "", "",
                     "pass" if check["passed"] else "FAIL"])
        out.append((f"Validation: one wave at once, each visitor making the lab's move (server CPU from the start "
                    f"until the server is quiet again, pool refilled; kernel websocket frames; "
                    f"pass within ±{check['tolerance']:.0%})".replace("%", " %"),
                    ["wave", "visitors", "failures", "server CPU-s", "CPU-s/visitor", "(until moved)",
                     "frames/visitor", "sent/visitor", "last interactive s", "last moved s"], rows))

    def row(w):
        return [w["visitors"], f"{w['over_s']:g}", f"{w['interactive']}/{w['visitors']}",
                _triple(w["tti_s"]), _triple(w["moved_s"]),
                _kinds(w["failure_kinds"]) or "—", _num(w["cpu_s_per_visitor"], 2),
                _num(w["settled_cpu_s_per_visitor"], 2), _num(w["rss_mb_per_visitor"]),
                w["peak_kernels"], _num(w["min_available_gb"], 1), _num(w["culled_to_pool_s"], 1)]

    header = ["visitors", "over s", "interactive", "TTI p50/p95/max s", "moved p50/p95/max s", "failures",
              "CPU-s/visitor (all done)", "(settled)", "RSS MB/visitor", "peak kernels", "min free GB", "culled back s"]
    if report.get("capacity"):
        out.append(("Capacity (browserless visitors, lecture configuration; TTI: arrival → every widget state "
                    "received; moved: arrival → the move answered; server CPU until every visitor is done, "
                    "and settled: until the server is quiet again, the pool refilled)",
                    header, [row(w) for w in report["capacity"]]))
    if report.get("warm"):
        out.append(("Warm lab (browserless; pool: preheated kernels for the lab; all pages: the last page "
                    "received, s from the first arrival)",
                    ["pool", "all pages s"] + header,
                    [[w["pool"], _num(w["all_pages_s"], 1)] + row(w) for w in report["warm"]]))
    return out


def _triple(stats: dict) -> str:
    return " / ".join(_num(stats.get(k), 1) for k in ("p50", "p95", "max"))


def tables(report: dict) -> str:
    """The report as plain-text tables."""
    pages = report["pages"]
    lines: list[str] = []

    def table(title, header, rows):
        if not rows:
            return
        widths = [max(len(str(x)) for x in col) for col in zip(header, *rows)]
        lines.append("")
        lines.append(title)
        lines.append("  ".join(str(h).ljust(w) for h, w in zip(header, widths)))
        lines.append("  ".join("-" * w for w in widths))
        for row in rows:
            lines.append("  ".join(str(c).ljust(w) for c, w in zip(row, widths)))

    rows = [[n, fmt(p.get("tti_preheated_ms")), _x(p["ratio"]["tti_preheated"]),
             fmt(p.get("tti_phone_ms")), _x(p["ratio"]["tti_phone"]),
             fmt(p.get("tti_cold_ms")), _x(p["ratio"]["tti_cold"]),
             f"{p.get('widget_outputs', '—')}/{p.get('widget_outputs_cold', '—')}"]
            for n, p in pages.items() if {"tti_preheated_ms", "tti_phone_ms", "tti_cold_ms"} & set(p)]
    table("Time to interactive (ms, median [min–max]; ratio to the baseline's median; the phone: 390×844, "
          "touch, CPU 4× slower, preheated)",
          ["page", "preheated", "×base", "phone", "×base", "cold (fresh kernel)", "×base",
           "widget outputs pre/cold"], rows)

    rows = [[n, _num(p["latency_ms"]["median"]), _num(p["latency_ms"].get("p95")),
             f"[{_num(p['latency_ms']['min'])}–{_num(p['latency_ms']['max'])}]", p["latency_ms"]["n"],
             _x(p["ratio"]["latency_median"]), _num(_med(p, "first_change_ms")), _x(p["ratio"]["first_change"]),
             _num(_med(p, "settle_ms")), _num(p["kernel_busy_ms"]["median"]), _num(p["round_trip_ms"]["median"]),
             _num(p["handled_ms"]["median"]),
             p["interaction"]]
            for n, p in pages.items() if "latency_ms" in p]
    table("Interaction latency (ms from the input event to the last DOM change, median p95 [min–max]; "
          "the first change drawn from the kernel's answer and the settling after it, medians; "
          "medians of its parts: kernel busy (the kernel's own stamps), wire (the page's first frame "
          "to the kernel's last), handled (until the page's main thread handled the last message)",
          ["page", "median", "p95", "[min–max]", "n", "×base", "first", "×base", "settle", "kernel", "wire",
           "handled", "interaction"], rows)

    rows = [[n, fmt(p["updates"]), fmt(p["views_changed"]), fmt(p["echoes"]), fmt(p["other_comm"]),
             fmt(p["frames_in"]), fmt(_scale(p["bytes_in"], 1 / 1024), 1), p["max_excess"]]
            for n, p in pages.items() if "updates" in p]
    table("Messages per interaction (from the kernel, median [min–max])",
          ["page", "updates", "views changed", "echoes", "other comm", "frames in", "KiB in", "max excess"], rows)

    for key, where in (("phases", "desktop"), ("phases_phone", "phone")):
        rows = [[n, *(_num(p[key][phase]) for phase in PHASES),
                 _num(_med(p, "tti_phone_ms" if key == "phases_phone" else "tti_preheated_ms"))]
                for n, p in pages.items() if p.get(key)]
        table(f"Where a preheated load's time goes, {where} (ms from the navigation, medians): "
              + ", ".join(PHASES.values()) + ", every widget and plot drawn",
              ["page", *(phase.replace("_", " ") for phase in PHASES), "all drawn"], rows)

    traced = {n: p for n, p in pages.items() if p.get("main_thread_ms")}
    if traced:
        base = traced.get("baseline", {}).get("main_thread_ms", {})
        rows = [[n, _num(p["traced_tti_ms"]), _num(sum(p["main_thread_ms"].values())),
                 *(_num(p["main_thread_ms"].get(o)) + ("" if n == "baseline" else
                   f" ({p['main_thread_ms'].get(o, 0) - base.get(o, 0):+.0f})") for o in OWNERS)]
                for n, p in traced.items()]
        table("What the phone's main thread did during one traced preheated load (ms of V8's samples by owner, "
              "until interactive; in brackets, more than the baseline; a traced load is slower than one not traced)",
              ["page", "interactive", "sampled", *OWNERS], rows)

    rows = [[n, p["models"]["models"],
             ", ".join(f"{count} {kind}" for kind, count in list(p["models"]["by_class"].items())[:5])]
            for n, p in pages.items() if p.get("models")]
    table("Widget models per page (open after the notebook ran: what a visit sends and restores)",
          ["page", "models", "most of them"], rows)

    rows = [[n, _num(p["transfer"]["first"]["bytes"] / 2**20, 2), p["transfer"]["first"]["responses"],
             _num(p["transfer"]["repeat"]["bytes"] / 2**10), p["transfer"]["repeat"]["responses"],
             _num(p["transfer_plain"]["first"]["bytes"] / 2**20, 2) if p.get("transfer_plain") else "—",
             _x(ratio(p["transfer"]["first"]["bytes"], (p.get("transfer_plain") or {}).get("first", {}).get("bytes")))]
            for n, p in pages.items() if p.get("transfer")]
    table("Bytes on the wire (a first visit, empty cache; a repeat visit, a reload; compressed, as make serve "
          "serves, and Voila's own uncompressed first visit)",
          ["page", "first MiB", "responses", "repeat KiB", "responses", "uncompressed first MiB", "×uncompressed"],
          rows)

    rows = [[n, fmt(p["kernel_rss_mb"], 1), _x(p["ratio"]["kernel_rss"])]
            for n, p in pages.items() if p.get("kernel_rss_mb", {}).get("n")]
    table("Kernel memory after render (RSS MB, median [min–max]; ratio to the bare kernel)",
          ["page", "RSS", "×bare"], rows)

    rows = [[w["visitors"], _num(w["last_ready_s"], 1), w["failures"], w["kernels_at_peak"],
             _num(w["kernel_rss_total_mb"]), _num(w["kernel_rss_visitors_mb"]), _num(w["culled_to_pool_s"], 1),
             f"{w['kernels_after']} (pool {w['pool_kernels']})"]
            for w in report["visitors"]]
    lab = report["meta"].get("visitors_lab", "")
    cull = report["meta"].get("visitors_cull_s", 10)
    table(f"Visitors at once on {lab} (s from the common start; culling {cull} s idle, every 2 s)",
          ["visitors", "last interactive", "failures", "kernels", "RSS all MB", "RSS visitors MB",
           "culled back s", "kernels after"], rows)

    for title, header, rows in browserless_tables(report):
        table(title, header, rows)

    cpus = report["meta"]["machine"]["cpus"]
    lines.append("")
    lines.append(f"Machine: {cpus} CPUs; 1-min load average " + ", ".join(
        f"{k} {v}" for k, v in report["meta"].get("load_average", {}).items())
        + (f"  (above {cpus}: something else competed for the CPU; compare ratios, not absolute times)"
           if max(report["meta"].get("load_average", {"": 0}).values()) > cpus else ""))
    lines.append("Targets missed:" if report["misses"] else "Targets: all met.")
    lines.extend(f"  - {m}" for m in report["misses"])
    return "\n".join(lines)


def write(report: dict) -> None:
    RESULTS.mkdir(exist_ok=True)
    text = json.dumps(report, indent=2, default=str)
    (RESULTS / "report.json").write_text(text)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(report["meta"]["started"]))
    (RESULTS / f"report-{stamp}.json").write_text(text)
    (RESULTS / "report.txt").write_text(tables(report) + "\n")
    chart(report, RESULTS / "ratios.png")


def chart(report: dict, path) -> None:
    """Bar charts of the ratios per lab, the target as a dashed line, misses in red."""
    try:
        import matplotlib
    except ImportError:
        print("matplotlib is not installed: no ratios.png (pip install matplotlib)")
        return
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    pages = {n: p for n, p in report["pages"].items() if n not in ("baseline", "bare")}
    panels = [
        ("tti_preheated", "time to interactive, preheated (× baseline)", TTI_LIMIT),
        ("tti_cold", "time to interactive, cold (× baseline)", None),
        ("first_change", "a move's first change, median (× baseline)", LATENCY_RATIO_LIMIT),
        ("kernel_rss", "kernel memory (× bare kernel)", MEMORY_LIMIT),
    ]
    fig, axes = plt.subplots(2, 2, figsize=(12, 7.5))
    for ax, (key, title, limit) in zip(axes.flat, panels):
        names = [n for n, p in pages.items() if p["ratio"].get(key) is not None]
        values = [pages[n]["ratio"][key] for n in names]
        ax.set_title(title, fontsize=10)
        if not values:
            ax.text(0.5, 0.5, "not measured in this run", ha="center", va="center", transform=ax.transAxes)
            ax.set_xticks([])
            ax.set_yticks([])
            continue
        limits = [GALLERY_TTI_LIMIT if (key == "tti_preheated" and n == "index") else limit for n in names]
        colors = ["#c0392b" if (lim is not None and v > lim) else "#2e86c1" for v, lim in zip(values, limits)]
        ax.bar(names, values, color=colors)
        ax.axhline(1.0, color="#555", linewidth=0.8)
        for i, lim in enumerate(limits):
            if lim is not None:
                ax.hlines(lim, i - 0.45, i + 0.45, colors="#c0392b", linestyles="dashed", linewidth=1.2)
        for i, v in enumerate(values):
            ax.text(i, v, f"{v:.2f}", ha="center", va="bottom", fontsize=8)
        ax.set_ylim(0, max(values + [limit for limit in limits if limit] + [1.2]) * 1.15)
    meta = report["meta"]
    fig.suptitle(f"matmul-labs bench, {meta['date']} ({meta['mode']}; dashed: target, red: missed)", fontsize=11)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _page_order(raw: dict) -> list[str]:
    seen: list[str] = []
    for section in ("preheated", "phone", "mainthread", "cold", "interactions", "models", "transfer"):
        for name in raw.get(section, {}):
            if name not in seen:
                seen.append(name)
    first = [n for n in ("baseline", "bare") if n in seen]
    return first + sorted(n for n in seen if n not in first)


def _scale(stats: dict, factor: float) -> dict:
    return {k: (v * factor if k != "n" and v is not None else v) for k, v in stats.items()}


def _median(values):
    """The median of the values that are not None, or None."""
    present = [v for v in values if v is not None]
    return statistics.median(present) if present else None


def _med(row: dict, key: str):
    return (row.get(key) or {}).get("median")


def _x(value) -> str:
    return "—" if value is None else f"{value:.2f}"


def _num(value, digits: int = 0) -> str:
    return "—" if value is None else f"{value:.{digits}f}"
