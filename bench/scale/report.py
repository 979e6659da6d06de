"""Render a run's results as a readable Markdown table (also what bench/README.md shows)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def _f(value: Any, digits: int = 2) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:,.{digits}f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def table(results: dict[str, Any]) -> str:
    lines: list[str] = []
    machine = results.get("machine", {})
    if machine:
        lines.append(f"Machine: {machine.get('nproc')} cores, {machine.get('memory_gib')} GiB, {machine.get('cpu')}; "
                     f"{machine.get('neo4j')}; {machine.get('java')}; Python {machine.get('python')}, driver "
                     f"{machine.get('driver')} (Rust extension {'on' if machine.get('rust_extension') else 'OFF'}); "
                     f"server heap {machine.get('server_heap')}, page cache {machine.get('server_pagecache')}; "
                     f"load average at start {machine.get('load_average_at_start')}")
        lines.append("")
    ogm = results.get("ogm_naive")
    lines.append("| measure | " + " | ".join(f"{s['claims']:,} claims" for s in results["sizes"]) + " |")
    lines.append("|---|" + "---|" * len(results["sizes"]))

    def row(label: str, getter: Any) -> None:
        cells = []
        for size in results["sizes"]:
            try:
                cells.append(getter(size))
            except (KeyError, TypeError, ZeroDivisionError):
                cells.append("-")
        lines.append(f"| {label} | " + " | ".join(cells) + " |")

    row("raw floor: UNWIND CREATE, 10k batches (s)", lambda s: f"{_f(s['raw_floor']['seconds'])} ({_f(s['raw_floor']['claims_per_s'], 0)}/s)")
    row("ingest, pipeline (s, claims/s)", lambda s: f"{_f(s['ingest']['seconds'])} ({_f(s['ingest']['claims_per_s'], 0)}/s)")
    row("  of which parsing alone (s)", lambda s: _f(s["parse_only_seconds"]))
    row("**ingest / raw floor** (target <= 3)", lambda s: f"**{_f(s['ratios']['ingest_vs_floor'])}x**")
    if ogm:
        row(f"naive OGM, one save per object (s, extrapolated from {ogm['sample']:,})",
            lambda s: f"{_f(s['ogm_naive_extrapolated_seconds'], 0)} ({_f(ogm['claims_per_s'], 0)}/s)")
        row("naive OGM / ingest", lambda s: f"{_f(s['ratios']['ogm_naive_vs_ingest'], 1)}x")
    row("re-ingest unchanged (s)", lambda s: _f(s["reingest"]["seconds"]))
    row("**re-ingest / ingest** (target <= 0.10)", lambda s: f"**{_f(s['ratios']['reingest_vs_ingest'], 3)}**")
    row("raw scan: claim + successor count (s)", lambda s: _f(s["raw_scan"]["seconds"]))
    row("status-all, plain rows, iter_rows (s, claims/s)",
        lambda s: f"{_f(s['status_all']['seconds'])} ({_f(s['claims'] / s['status_all']['seconds'], 0)}/s)")
    row("  planning the status query first, EXPLAIN (s)", lambda s: _f(s["status_all"].get("plan_seconds")))
    row("**status-all / raw scan** (target <= 2)", lambda s: f"**{_f(s['ratios']['status_vs_raw_scan'], 1)}x**")
    row("  as `ClaimStatus` objects, iter_status (s; / raw scan)", lambda s: f"{_f(s['status_all_objects']['seconds'])} "
        f"({_f(s['ratios']['status_objects_vs_raw_scan'], 1)}x)")
    row("  rendered as `status --format json` (s; / raw scan)", lambda s: f"{_f(s['status_all_json']['seconds'])} "
        f"({_f(s['ratios']['status_json_vs_raw_scan'], 1)}x)")
    row("status-all peak RSS, streamed (MiB)", lambda s: _f(s["status_all"]["peak_rss_kib"] / 1024, 0))
    row("  RSS before the query (MiB)", lambda s: _f(s["status_all"]["rss_before_kib"] / 1024, 0))
    row("  peak RSS holding every row, status() (MiB)", lambda s: _f(s["status_all_list"]["peak_rss_kib"] / 1024, 0))
    row("status ID latency p50 / p95 (ms) (target p50 <= 5)",
        lambda s: f"{_f(s['status_latency']['p50_ms'], 1)} / {_f(s['status_latency']['p95_ms'], 1)}")
    row("**verify batch, 20 candidates (req/s)** (target >= 2,000)",
        lambda s: f"**{_f(s['verify']['requests_per_s'], 0)}**" if s["verify"].get("available") else "TODO (no verify)")
    row("verify single p50 / p95 (ms) (target p50 <= 5)",
        lambda s: f"{_f(s['verify']['single']['p50_ms'], 1)} / {_f(s['verify']['single']['p95_ms'], 1)}"
        if s["verify"].get("available") else "-")
    row("verify floor: each request's candidates read by uid, same chunks (req/s)",
        lambda s: f"{_f(s['verify']['floor']['requests_per_s'], 0)} (verify at "
                  f"{_f(s['verify']['requests_per_s'] / s['verify']['floor']['requests_per_s'])}x its rate)"
        if "floor" in s["verify"] else "-")
    row("verify batch --no-suspects (req/s)",
        lambda s: _f(s["verify"]["no_suspects"]["requests_per_s"], 0) if "no_suspects" in s["verify"] else "-")
    row("verify single --no-suspects p50 / p95 (ms)",
        lambda s: f"{_f(s['verify']['no_suspects']['single']['p50_ms'], 1)} / "
                  f"{_f(s['verify']['no_suspects']['single']['p95_ms'], 1)}" if "no_suspects" in s["verify"] else "-")
    row("verify batch, common terms kept / computed live (50 requests)",
        lambda s: f"{_f(s['verify']['common_terms']['kept_vs_live'])}x "
                  f"({_f(s['verify']['common_terms']['kept_requests_per_s'], 0)} / "
                  f"{_f(s['verify']['common_terms']['live_requests_per_s'], 0)} req/s)"
        if "common_terms" in s["verify"] else "-")
    row("keeping the common terms, once per ingest (s)",
        lambda s: _f(s["verify"]["common_terms"]["keep_seconds"], 2) if "common_terms" in s["verify"] else "-")
    row("statuses", lambda s: ", ".join(f"{k} {v:,}" for k, v in s["status_all"]["counts"].items()))
    row("nightly append: 1% new entries, then ingest (s)",
        lambda s: f"{_f(s['append']['new']['seconds'])} ({s['append']['new']['appended']:,} entries)")
    row("**append / ingest** (target <= 0.03)", lambda s: f"**{_f(s['ratios']['append_vs_ingest'], 3)}**")
    row("append of 1% superseding old entries (s)", lambda s: _f(s["append"]["supersede"]["seconds"]))
    row("  superseding append / ingest; / new-entries append",
        lambda s: f"{_f(s['ratios']['append_supersede_vs_ingest'], 3)}; {_f(s['ratios']['append_supersede_vs_new'])}x")
    row("store files on disk (MiB; bytes a claim)",
        lambda s: f"{_f(s['footprint']['store_bytes'] / 2**20, 0)} ({_f(s['footprint']['store_bytes_per_claim'], 0)})"
                  + ("" if s["footprint"].get("store_own", True) else ", files from before: not this size's (--fresh-store)"))
    row("  of which (MiB)", lambda s: ", ".join(f"{part} {_f(size / 2**20, 0)}"
                                             for part, size in list(s["footprint"].get("store_parts", {}).items())[:4]) or "-")
    row("transaction logs on disk (MiB)", lambda s: _f(s["footprint"]["tx_log_bytes"] / 2**20, 0))
    row("server heap used now / old generation's peak (MiB)",
        lambda s: f"{_f(s['footprint']['heap']['used'] / 2**20, 0)} / {_f(s['footprint']['old_gen_peak_bytes'] / 2**20, 0)}")
    for entry in results.get("growth", []):
        lines.append("")
        lines.append(f"Growth {entry['from']:,} -> {entry['to']:,} claims ({entry['claims_factor']:g}x), time factor "
                     f"(normalised to a 4x step; target <= 4.5): ingest {_f(entry['ingest_time_factor'])} "
                     f"({_f(entry['ingest_per_4x'])} per 4x), status-all {_f(entry['status_time_factor'])} "
                     f"({_f(entry['status_per_4x'])} per 4x), verify per request {_f(entry.get('verify_time_factor'))}, "
                     f"raw floor {_f(entry['raw_floor_time_factor'])}, "
                     f"status peak RSS {_f(entry['status_peak_rss_factor'])}x")
    lines += _appends(results)
    chain = results.get("chain_length")
    if chain:
        lines.append("")
        parts = [f"chains of {n}: {_f(v['requests_per_s'], 0)} req/s" for n, v in chain["lengths"].items()]
        lines.append(f"Verify against revision-history length (evidence = a chain's oldest claim, {chain['requests']:,} "
                     f"requests of 20 candidates): {', '.join(parts)}; per-request cost ratio {_f(chain['cost_ratio'])}")
    concurrent = results.get("concurrent")
    if concurrent:
        lines.append("")
        lines.append(f"{concurrent['writers']} ingests of the same {concurrent['claims']:,} claims: one after the other "
                     f"{_f(concurrent['sequential_seconds'], 1)} s, all at once {_f(concurrent['concurrent_seconds'], 1)} s "
                     f"(ratio {_f(concurrent['ratio'])}); same graph, no duplicate: "
                     f"{'yes' if concurrent['same_graph'] else 'NO'}")
    adversarial = results.get("adversarial")
    if adversarial:
        lines.append("")
        lines.append("| adversarial shape | size | claims | status(head) s | closure(bottom) s | closure rows |")
        lines.append("|---|---|---|---|---|---|")
        for shape, data in adversarial.items():
            for point in data["points"]:
                lines.append(f"| {shape} | {point['size']:,} | {point['claims']:,} | {_f(point['status_head_s'], 3)} | "
                             f"{_f(point['closure_bottom_s'], 3)} | {point['closure_rows']:,} |")
            lines.append(f"| {shape}: time ~ size^k | | | k = {_f(data['status_exponent'])} | "
                         f"k = {_f(data['closure_exponent'])} | |")
    targets = results.get("targets") or []
    if targets:
        lines.append("")
        lines.append("| target | at | value | limit | met |")
        lines.append("|---|---|---|---|---|")
        for t in targets:
            lines.append(f"| {t['target']} | {t['claims']} | {_f(t['value'], 3)} | {t['limit']} | {'yes' if t['met'] else '**no**'} |")
    return "\n".join(lines)


def _appends(results: dict[str, Any]) -> list[str]:
    """Where each append's time went (its costliest statements), and the projection to 10M claims."""
    lines: list[str] = []
    for size in results["sizes"]:
        for variant, data in (size.get("append") or {}).items():
            if isinstance(data, dict) and data.get("statements"):
                spent = ", ".join(f"{name} {_f(seconds, 1)}" for name, seconds in data["statements"].items())
                lines += ["", f"Append at {size['claims']:,} ({variant}, {_f(data['seconds'], 1)} s; statements "
                              f"{_f(data['statement_seconds'], 1)} s in all): {spent}"]
    projection = results.get("projection")
    if projection and projection["measures"]:
        measures = projection["measures"]

        def shown(name: str, value: float) -> str:
            if name.endswith("_bytes"):
                return f"{_f(value / 2**30, 1)} GiB"
            return f"{_f(value / 60, 0)} min" if value >= 600 else f"{_f(value, 1)} s"
        parts = [f"{name} {shown(name, m['value'])} (k={_f(m['exponent'])})" for name, m in measures.items()]
        lines += ["", f"Projected to {projection['target']:,} claims along time ~ claims^k through "
                      f"{projection['from']:,} and {projection['to']:,}: " + "; ".join(parts)]
    return lines


def main(argv: list[str] | None = None) -> int:
    """`python -m bench.scale.report RESULTS.json`: the table of a saved run."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m bench.scale.report", description="the table of a saved `make bench` run")
    parser.add_argument("results", type=Path, help="a bench/results/<UTC timestamp>.json")
    args = parser.parse_args(argv)
    if not args.results.is_file():
        parser.error(f"no such file: {args.results}")
    print(table(json.loads(args.results.read_text(encoding="utf-8"))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
