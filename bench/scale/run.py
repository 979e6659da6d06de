"""One benchmark run: every measurement at every size, each with its baseline from the same run."""
from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from bench.common.corpus import FORMATS, Corpus, extend, generate, ingest_files, verify_requests, write_files
from bench.common.harness import load_average, reset, summary_ms
from bench.scale import baselines, footprint, shapes
from bench.scale.profiling import StatementTimer
from provgraph.base.config import Settings
from provgraph.engine.status import status
from provgraph.graph.connection import Graph
from provgraph.ingest import get as get_ingester
from provgraph.ingest.records import IngestOptions

REPO = Path(__file__).resolve().parents[2]

# Targets from the issue: (key in the size result, comparison, limit)
TARGETS = {
    "ingest_vs_floor": ("<=", 3.0),
    "reingest_vs_ingest": ("<=", 0.10),
    "status_vs_raw_scan": ("<=", 2.0),
    "verify_batch_requests_per_s": (">=", 2000.0),
    "verify_single_p50_ms": ("<=", 5.0),
    "verify_batch_no_suspects_requests_per_s": (">=", 2000.0),
    "verify_single_no_suspects_p50_ms": ("<=", 5.0),
    "status_id_p50_ms": ("<=", 5.0),
    "growth_ingest": ("<=", 4.5),
    "growth_status": ("<=", 4.5),
    "growth_verify": ("<=", 4.5),
    "verify_chain20_vs_chain3": ("<=", 1.2),
    "concurrent_vs_sequential": ("<=", 1.5),
    "append_vs_ingest": ("<=", 0.03),
}

Log = Callable[[str], None]
VERIFY_BUDGET_S = 20.0  # wall time allowed for the verify batch and for the single-verify samples, each
WARM_REQUESTS = 10
WARMUP_CLAIMS = 1000


def _parse_only(files: list[tuple[str, str, Path]]) -> float:
    """Time the ingesters alone (bytes -> records), no database."""
    start = time.perf_counter()
    for store, kind, path in files:
        for _ in get_ingester(kind, FORMATS[kind])(path, IngestOptions(store=store, path=str(path))):
            pass
    return time.perf_counter() - start


def _probe(uri: str, mode: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "bench.scale.child", "status", "--uri", uri, "--mode", mode],
        capture_output=True, text=True, cwd=REPO, check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"status probe ({mode}) failed: {done.stderr.strip()[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _latency_status(graph: Graph, uids: list[str], samples: int, rng: random.Random) -> dict[str, Any]:
    picks = [rng.choice(uids) for _ in range(samples)]
    for uid in picks[:20]:  # warm: plan cache, page cache, connection pool
        status(graph, [uid])
    times = []
    for uid in picks:
        start = time.perf_counter()
        status(graph, [uid])
        times.append(time.perf_counter() - start)
    return summary_ms(times)


def _verify(graph: Graph, corpus: Corpus, rng: random.Random, batch: int, samples: int, log: Log,
            budget: float = 30.0) -> dict[str, Any]:
    from provgraph.engine.verify import verify as verify_one
    from provgraph.engine.verify import verify_batch

    requests = verify_requests(corpus, batch, rng)
    try:
        # warm (plan cache, page cache), and size the batch so a slow verify cannot eat the run's time budget
        warm = requests[:WARM_REQUESTS]
        list(verify_batch(graph, warm))  # plans, caches
        begin = time.perf_counter()
        list(verify_batch(graph, warm))
        warm_rate = len(warm) / max(time.perf_counter() - begin, 1e-6)
        affordable = max(len(warm), int(warm_rate * budget))
        if affordable < len(requests):
            log(f"  verify: warm rate {warm_rate:.1f} req/s, batch cut to {affordable} requests")
            requests = requests[:affordable]
        # every claim the timed batches read in the page cache first: else the first of them (suspects on) pays the
        # misses, and the second reads warm (at 1M, 402 against 1,012 req/s, while apart they ran alike)
        list(verify_batch(graph, requests, suspects=False))
        start = time.perf_counter()
        verdicts = list(verify_batch(graph, requests))
        seconds = time.perf_counter() - start
        # the same requests without the advisory suspects lookup (--no-suspects): the verdicts are the same
        list(verify_batch(graph, warm, suspects=False))
        start = time.perf_counter()
        bare = list(verify_batch(graph, requests, suspects=False))
        bare_seconds = time.perf_counter() - start
        if [v["verdict"] for v in bare] != [v["verdict"] for v in verdicts]:
            raise AssertionError("verify --no-suspects gave other verdicts")
        terms = _kept_terms_contrast(graph, requests[:50])
        floor = _verify_floor(graph, requests)
        times, bare_times = [], []
        spent = time.perf_counter()
        for request in requests[:samples]:
            for advised, into in ((True, times), (False, bare_times)):
                begin = time.perf_counter()
                verify_one(graph, request["evidence"], request["candidates"], scope=request["scope"],
                           subject=request["subject"], suspects=advised)
                into.append(time.perf_counter() - begin)
            if time.perf_counter() - spent > budget:
                break
    except Exception as error:  # noqa: BLE001 - an API that changed under us must not sink the whole run
        log(f"  verify failed: {type(error).__name__}: {error}")
        return {"available": False, "note": f"verify raised {type(error).__name__}: {str(error)[:200]}"}
    kinds: dict[str, int] = {}
    for verdict in verdicts:
        name = getattr(verdict, "verdict", None) or (verdict.get("verdict") if isinstance(verdict, dict) else str(verdict))
        kinds[str(name)] = kinds.get(str(name), 0) + 1
    return {"available": True, "requests": len(requests), "candidate_set": 20, "seconds": seconds,
            "seconds_per_request": seconds / len(requests) if requests else float("nan"),
            "requests_per_s": len(requests) / seconds if seconds else float("inf"),
            "single": summary_ms(times), "verdicts": kinds, "common_terms": terms, "floor": floor,
            "no_suspects": {"seconds": bare_seconds, "requests_per_s": len(requests) / bare_seconds if bare_seconds
                            else float("inf"), "single": summary_ms(bare_times)}}


VERIFY_FLOOR = """UNWIND $requests AS request
CALL (request) {
  UNWIND request.items AS id
  MATCH (c:Claim {uid: id})
  RETURN collect([c.status, c.status_reason, c.status_expires]) AS rows
}
RETURN request.index AS index, rows"""


def _verify_floor(graph: Graph, requests: list[dict[str, Any]]) -> dict[str, float]:
    """The bare read under verify: each request's evidence and candidates found by uid and three stored properties
    read, in the chunks verify_batch sends (one query per REQUESTS_PER_QUERY requests), rows consumed and dropped;
    best of three. What any check that looks at every candidate costs on this server, through this driver."""
    from provgraph.engine.verify.judge import REQUESTS_PER_QUERY

    chunks = [[{"index": i, "items": list(dict.fromkeys(r["evidence"] + r["candidates"]))}
               for i, r in enumerate(requests[start:start + REQUESTS_PER_QUERY])]
              for start in range(0, len(requests), REQUESTS_PER_QUERY)]
    best = float("inf")
    for _ in range(3):
        begin = time.perf_counter()
        for chunk in chunks:
            graph.read(VERIFY_FLOOR, {"requests": chunk})
        best = min(best, time.perf_counter() - begin)
    return {"seconds": best, "requests_per_s": len(requests) / best if best else float("inf")}


def _kept_terms_contrast(graph: Graph, requests: list[dict[str, Any]]) -> dict[str, float]:
    """The same verify batch with the common terms kept (one node read) and computed live (a scan of every claim's
    terms, as before issue 26 kept them), and what keeping them costs once."""
    from provgraph.engine.suspect_terms import keep_common_terms
    from provgraph.engine.verify import verify_batch

    def rate() -> float:
        begin = time.perf_counter()
        list(verify_batch(graph, requests))
        return len(requests) / max(time.perf_counter() - begin, 1e-6)

    rate()  # plans, as the live side is planned below: an unplanned first batch measured planning, not reading
    kept = rate()
    graph.write("suspect_common_terms_mark_stale")
    try:
        rate()  # plans the live query
        live = rate()
    finally:
        begin = time.perf_counter()
        keep_common_terms(graph)
        keep_seconds = time.perf_counter() - begin
    return {"kept_requests_per_s": kept, "live_requests_per_s": live, "kept_vs_live": kept / live,
            "keep_seconds": keep_seconds}


# The nightly append (issue 41): after the full ingest of N claims, 1% new entries appended to the same files and
# ingested through the real pipeline, then 1% more that each supersede an old entry; each timed against the full ingest.
#
# Every earlier line of every file stays byte for byte (`bench.common.corpus.extend`), so the append re-reads the stores
# (unchanged entries written nothing) and writes what is new. The second append revises heads drawn from the whole
# store, not from its end, so what it costs is what the appended entries and their chains touch wherever they lie.
# Each append's statements are timed by name (`bench.scale.profiling.StatementTimer`), so a run says where its time went.
APPEND_FRACTION = 0.01
APPEND_STATEMENTS_KEPT = 8  # the costliest named statements of each append, in the results
APPEND_CHECKED = 50  # superseded old claims whose status is read after the second append (each must be STALE)

IngestAll = Callable[[Graph, list[tuple[str, str, Path]]], dict[str, Any]]


def measure_append(graph: Graph, corpus: Corpus, folder: Path, full_seconds: float, ingest_all: IngestAll,
                   log: Callable[[str], None], fraction: float = APPEND_FRACTION) -> dict[str, Any]:
    """Both appends on the store `corpus` was ingested into from `folder` (whose files are rewritten, longer)."""

    size = len(corpus.claims)
    count = max(1, round(size * fraction))
    result: dict[str, Any] = {"entries": count, "fraction": fraction}
    for variant, supersede in (("new", False), ("supersede", True)):
        added = extend(corpus, count, supersede=supersede)
        files = write_files(corpus, folder)
        with StatementTimer() as timer:
            begin = time.perf_counter()
            ingested = ingest_all(graph, files)
            seconds = time.perf_counter() - begin
        if ingested["claims_written"] < len(added) or ingested["snapshots_added"] != len(added):
            raise RuntimeError(f"append ({variant}): {len(added)} entries appended, {ingested['snapshots_added']} "
                               f"snapshots added, {ingested['claims_written']} claims written")
        entry: dict[str, Any] = {**ingested, "appended": len(added), "seconds": seconds, "vs_ingest": seconds / full_seconds,
                                 "statements": {name: round(timer.seconds[name], 3) for name in sorted(
                                     timer.seconds, key=lambda name: -timer.seconds[name])[:APPEND_STATEMENTS_KEPT]},
                                 "statement_seconds": sum(timer.seconds.values())}
        if supersede:
            old = [target for claim in added[:APPEND_CHECKED] for target in claim.supersedes]
            judged = status(graph, old)
            entry["superseded_stale"] = sum(1 for row in judged if row.status == "STALE")
            entry["superseded_checked"] = len(old)
            if entry["superseded_stale"] != len(old):
                raise RuntimeError(f"append (supersede): {len(old) - entry['superseded_stale']} of {len(old)} "
                                   "superseded old claims are not STALE")
        result[variant] = entry
        log(f"[{size}] append of {len(added)} ({variant}): {seconds:.1f}s "
            f"({100 * seconds / full_seconds:.1f}% of the full ingest); "
            f"{', '.join(f'{k} {v:.1f}s' for k, v in list(entry['statements'].items())[:4])}")
    result["supersede_vs_new"] = result["supersede"]["seconds"] / result["new"]["seconds"]
    return result


def run_size(graph: Graph, settings: Settings, claims: int, *, seed: int, workdir: Path, ogm: dict[str, Any] | None,
             verify_batch_size: int, latency_samples: int, memory_contrast: bool, log: Log,
             verify_budget: float = VERIFY_BUDGET_S, appends: bool = True, data_dir: Path | None = None) -> dict[str, Any]:
    result: dict[str, Any] = {"claims": claims, "load_average": load_average()}
    rng = random.Random(seed)
    corpus = generate(claims, seed)
    files = write_files(corpus, workdir / f"corpus-{claims}")
    result["corpus"] = {"groups": corpus.groups, "edges": len(corpus.edges),
                        "bytes": sum(path.stat().st_size for _, _, path in files), "stores": [f[0] for f in files]}
    log(f"[{claims}] corpus: {corpus.groups}, {len(corpus.edges)} edges")

    reset(graph)
    disk_at_start = footprint.disk(graph, data_dir)
    floor = baselines.raw_floor(graph, corpus)
    result["raw_floor"] = floor
    log(f"[{claims}] raw floor: {floor['seconds']:.1f}s ({floor['claims_per_s']:.0f} claims/s)")
    reset(graph)

    result["parse_only_seconds"] = _parse_only(files)
    first = ingest_files(graph, files)
    first["claims_per_s"] = claims / first["seconds"]
    result["ingest"] = first
    log(f"[{claims}] ingest: {first['seconds']:.1f}s ({first['claims_per_s']:.0f} claims/s), "
        f"parse alone {result['parse_only_seconds']:.1f}s")
    again = ingest_files(graph, files)
    result["reingest"] = again
    log(f"[{claims}] re-ingest: {again['seconds']:.1f}s, {again['snapshots_added']} snapshots added")

    uri = settings.uri
    raw = _probe(uri, "raw")
    stream = _probe(uri, "rows")
    result["raw_scan"] = raw
    result["status_all"] = stream
    result["status_all_objects"] = _probe(uri, "stream")
    result["status_all_json"] = _probe(uri, "json")
    log(f"[{claims}] status-all: {stream['seconds']:.1f}s, peak RSS {stream['peak_rss_kib'] / 1024:.0f} MiB; "
        f"raw scan {raw['seconds']:.2f}s; as ClaimStatus {result['status_all_objects']['seconds']:.1f}s, "
        f"rendered as JSON {result['status_all_json']['seconds']:.1f}s; {stream['counts']}")
    if memory_contrast:
        held = _probe(uri, "list")
        result["status_all_list"] = held
        log(f"[{claims}] status() holding every row: peak RSS {held['peak_rss_kib'] / 1024:.0f} MiB")

    uids = [c.uid for c in corpus.claims]
    result["status_latency"] = _latency_status(graph, uids, latency_samples, rng)
    log(f"[{claims}] status ID latency: {result['status_latency']}")
    result["verify"] = _verify(graph, corpus, rng, verify_batch_size, latency_samples, log, verify_budget)
    log(f"[{claims}] verify: {result['verify'].get('requests_per_s', result['verify'].get('note'))}")
    result["footprint"] = footprint.measure(graph, data_dir, claims, disk_at_start)
    log(f"[{claims}] footprint: {result['footprint']}")
    if appends:  # last: it grows the store
        result["append"] = measure_append(graph, corpus, workdir / f"corpus-{claims}", first["seconds"], ingest_files, log)

    ratios: dict[str, float] = {
        "ingest_vs_floor": first["seconds"] / floor["seconds"],
        "reingest_vs_ingest": again["seconds"] / first["seconds"],
        "status_vs_raw_scan": stream["seconds"] / raw["seconds"],
        "status_objects_vs_raw_scan": result["status_all_objects"]["seconds"] / raw["seconds"],
        "status_json_vs_raw_scan": result["status_all_json"]["seconds"] / raw["seconds"],
    }
    if ogm:
        ogm_seconds = ogm["seconds_per_claim"] * claims
        result["ogm_naive_extrapolated_seconds"] = ogm_seconds
        ratios["ogm_naive_vs_ingest"] = ogm_seconds / first["seconds"]
    if result["verify"].get("available"):
        ratios["verify_batch_requests_per_s"] = result["verify"]["requests_per_s"]
        ratios["verify_single_p50_ms"] = result["verify"]["single"]["p50_ms"]
        ratios["verify_batch_no_suspects_requests_per_s"] = result["verify"]["no_suspects"]["requests_per_s"]
        ratios["verify_single_no_suspects_p50_ms"] = result["verify"]["no_suspects"]["single"]["p50_ms"]
        ratios["verify_kept_terms_vs_live"] = result["verify"]["common_terms"]["kept_vs_live"]
        ratios["common_terms_keep_seconds"] = result["verify"]["common_terms"]["keep_seconds"]
    ratios["status_id_p50_ms"] = result["status_latency"]["p50_ms"]
    if appends:
        ratios["append_vs_ingest"] = result["append"]["new"]["vs_ingest"]
        ratios["append_supersede_vs_ingest"] = result["append"]["supersede"]["vs_ingest"]
        ratios["append_supersede_vs_new"] = result["append"]["supersede_vs_new"]
    result["ratios"] = {k: round(v, 3) for k, v in ratios.items()}
    return result


def run(settings: Settings, graph: Graph, sizes: list[int], *, seed: int = 7, ogm_sample: int = 1000,
        verify_batch_size: int = 500, latency_samples: int = 200, adversarial_sizes: dict[str, list[int]] | None = None,
        memory_contrast: bool = True, warmup: bool = True, verify_budget: float = VERIFY_BUDGET_S,
        chain_claims: int = 0, concurrent_claims: int = 0, appends: bool = True, data_dir: Path | None = None,
        log: Log = print) -> dict[str, Any]:
    started = datetime.now(timezone.utc)
    results: dict[str, Any] = {"started": started.isoformat(), "sizes": [], "seed": seed}
    with tempfile.TemporaryDirectory(prefix="provgraph-bench-") as temp:
        workdir = Path(temp)
        if warmup:
            _warm_up(graph, workdir, seed, log)
        ogm = None
        if ogm_sample > 0:
            reset(graph)
            ogm = baselines.ogm_naive(graph, generate(max(sizes[0], ogm_sample), seed), ogm_sample)
            results["ogm_naive"] = ogm
            log(f"OGM naive: {ogm['sample']} claims in {ogm['seconds']:.1f}s ({ogm['claims_per_s']:.0f} claims/s)")
        for index, size in enumerate(sizes):
            results["sizes"].append(run_size(
                graph, settings, size, seed=seed, workdir=workdir, ogm=ogm, verify_batch_size=verify_batch_size,
                latency_samples=latency_samples, memory_contrast=memory_contrast and index == 0,
                log=log, verify_budget=verify_budget, appends=appends, data_dir=data_dir))
        results["growth"] = growth(results["sizes"])
        results["projection"] = footprint.project(results["sizes"])
        if chain_claims > 0:
            log("verify against revision-history length ...")
            results["chain_length"] = shapes.verify_by_chain_length(graph, workdir, log, claims=chain_claims)
        if concurrent_claims > 0:
            log("concurrent ingests ...")
            results["concurrent"] = shapes.concurrent_ingest(graph, settings.uri, workdir, log, claims=concurrent_claims)
    if adversarial_sizes:
        log("adversarial shapes ...")
        results["adversarial"] = shapes.adversarial(graph, adversarial_sizes.get("chain", []),
                                                     adversarial_sizes.get("ladder", []))
        log(f"adversarial: {json.dumps({k: (v['status_exponent'], v['closure_exponent']) for k, v in results['adversarial'].items()})}")
    reset(graph)
    results["targets"] = check_targets(results)
    results["seconds"] = (datetime.now(timezone.utc) - started).total_seconds()
    return results


def _warm_up(graph: Graph, workdir: Path, seed: int, log: Log) -> None:
    """One small untimed pass over the same code paths: JIT, page cache, query plans, connection pool."""
    start = time.perf_counter()
    corpus = generate(WARMUP_CLAIMS, seed + 1)
    reset(graph)
    baselines.raw_floor(graph, corpus)
    reset(graph)
    files = write_files(corpus, workdir / "warm-up")
    ingest_files(graph, files)
    ingest_files(graph, files)
    for _ in status(graph, [c.uid for c in corpus.claims[:50]]):
        pass
    reset(graph)
    log(f"warm-up ({WARMUP_CLAIMS} claims): {time.perf_counter() - start:.1f}s")


def growth(sizes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Time ratios between consecutive sizes, normalised to a 4x step: 4x claims -> this many times the time."""
    out = []
    import math

    for small, large in zip(sizes, sizes[1:]):
        factor = large["claims"] / small["claims"]
        entry = {"from": small["claims"], "to": large["claims"], "claims_factor": factor}
        for key, path in (("ingest", ("ingest", "seconds")), ("status", ("status_all", "seconds")),
                          ("reingest", ("reingest", "seconds")), ("raw_floor", ("raw_floor", "seconds")),
                          ("verify", ("verify", "seconds_per_request"))):
            if path[1] not in small.get(path[0], {}) or path[1] not in large.get(path[0], {}):
                continue
            a, b = small[path[0]][path[1]], large[path[0]][path[1]]
            time_factor = b / a if a else float("inf")
            entry[f"{key}_time_factor"] = round(time_factor, 3)
            # scale to a 4x step assuming a power law between the two points
            entry[f"{key}_per_4x"] = round(time_factor ** (math.log(4) / math.log(factor)), 3) if factor > 1 else None
        peak_a, peak_b = small["status_all"]["peak_rss_kib"], large["status_all"]["peak_rss_kib"]
        entry["status_peak_rss_factor"] = round(peak_b / peak_a, 3) if peak_a > 0 else None
        out.append(entry)
    return out


def check_targets(results: dict[str, Any]) -> list[dict[str, Any]]:
    rows = []
    for size in results["sizes"]:
        for key, (op, limit) in TARGETS.items():
            if key not in size["ratios"]:
                continue
            value = size["ratios"][key]
            rows.append({"claims": size["claims"], "target": key, "value": value, "limit": f"{op} {limit:g}",
                         "met": value <= limit if op == "<=" else value >= limit})
    for entry in results.get("growth", []):
        for key, field in (("growth_ingest", "ingest_per_4x"), ("growth_status", "status_per_4x"),
                           ("growth_verify", "verify_per_4x")):
            op, limit = TARGETS[key]
            value = entry.get(field)
            if value is None:
                continue
            rows.append({"claims": f"{entry['from']}->{entry['to']}", "target": key, "value": value,
                         "limit": f"{op} {limit:g}", "met": value <= limit})
    chain = results.get("chain_length")
    if chain:
        op, limit = TARGETS["verify_chain20_vs_chain3"]
        rows.append({"claims": f"chains of 3 and 20 ({chain['claims_per_length']:,} claims each)",
                     "target": "verify_chain20_vs_chain3", "value": round(chain["cost_ratio"], 3),
                     "limit": f"{op} {limit:g}", "met": chain["cost_ratio"] <= limit})
    concurrent = results.get("concurrent")
    if concurrent:
        op, limit = TARGETS["concurrent_vs_sequential"]
        rows.append({"claims": f"{concurrent['writers']} x {concurrent['claims']:,}", "target": "concurrent_vs_sequential",
                     "value": round(concurrent["ratio"], 3), "limit": f"{op} {limit:g} and the same graph",
                     "met": concurrent["ratio"] <= limit and concurrent["same_graph"]})
    for shape, data in (results.get("adversarial") or {}).items():
        for key in ("status_exponent", "closure_exponent"):
            value = data.get(key)
            if value is not None:
                rows.append({"claims": shape, "target": f"adversarial_{key}", "value": value,
                             "limit": "polynomial (< 3)", "met": value < 3})
    return rows
