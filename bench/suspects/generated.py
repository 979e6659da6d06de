"""Quality and speed of `provgraph suspects`: `python -m bench.suspects.generated [--uri URI] [--matters N] [--orgs N] [--speed 25000]`.

Quality: corpora whose revisions are known -- the examples (`examples/story`, `examples/adr`, ...) and the
generated decision records of `bench/suspects/corpus.py` in six writing styles -- are ingested with every
revision link stripped (the edges are dropped from the ingesters' records before the pipeline writes;
premises and other links stay). Then:

- recall@3: of the claims some later claim revises (and that rule 10 does not already flag as rivals: the
  same subject label with another value), the share whose true successor is among their top 3 suspects;
- false suspects per 100 claims: listed pairs that are not the same matter, per 100 claims ingested, and of
  those the pairs across stores (no store cites both claims); on the multi-organisation corpus
  (`bench/suspects/corpus.py` ORGS, `--orgs N` matters each) also across organisations, and how many pair two
  organisations' ADR 0001 boilerplate.

Speed (`--speed N ...`, `--no-quality` to skip the above): at N claims (generated log entries), the time to
generate and ingest them, then in the same run the baseline -- one full-text lookup per claim, the same stored
query and hit limit suspects uses, in one query, hits counted in the server -- and the full suspects
computation (`provgraph.engine.suspects.suspects`); the ratio of the two (target <= 3). One run each unless
`--repeat K` (best of K, alternating); progress goes to stderr.
Prints a Markdown table (bench/README.md "Suspects" keeps the latest); `--json FILE` saves the numbers.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, Iterable

from bench.common import harness
from bench.suspects import corpus as suspects_corpus
from provgraph.cypher import RULES_DIR
from provgraph.cypher.include import expand
from provgraph.engine import suspect_terms, suspects
from provgraph.graph.connection import Graph, statement
from provgraph.graph import server as local
from provgraph.graph.schema import install_schema, wipe
from provgraph.ingest import get as get_ingester
from provgraph.ingest import pipeline
from provgraph.ingest.records import IngestOptions, Observation, Record

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = [  # (kind, format, store, path, default scope)
    ("tickets", "github", "github", "examples/story/tickets/github-issues.json", ""),
    ("tickets", "jira-csv", "jira", "examples/story/tickets/jira-export.csv", ""),
    ("files", "default", "adr", "examples/story/adr", "org/acme"),
    ("logs", "jsonl", "decisions", "examples/story/logs/decisions.jsonl", ""),
    ("cards", "default", "board", "examples/story/cards/board.jsonl", ""),
    ("cards", "default", "board", "examples/story/next-night/board.jsonl", ""),
]
REVISION_KINDS = ("CORRECTS", "SUPERSEDES", "INVALIDATES")
# The story's revision nobody linked in the first place (examples/story/README.md): part of the truth too.
STORY_UNLINKED = [("PAY-220", "PAY-231")]


def strip_links(records: Iterable[Record], truth: list[tuple[str, str]]) -> Iterable[Record]:
    """The records without their revision edges (CORRECTS, SUPERSEDES, INVALIDATES), each kept in `truth`
    as (earlier, later) refs; premises and other links stay, as they would in a real store."""
    for record in records:
        if isinstance(record, Observation):
            truth.extend((edge.to_ref, edge.from_ref) for edge in record.edges if edge.kind in REVISION_KINDS)
            record = replace(record, edges=tuple(edge for edge in record.edges if edge.kind not in REVISION_KINDS))
        yield record


def ingest_stripped(graph: Graph, kind: str, fmt: str, store: str, path: Path, scope: str = "") -> list[tuple[str, str]]:
    truth: list[tuple[str, str]] = []
    options = IngestOptions(store=store, scope=scope, path=str(path))
    records = get_ingester(kind, fmt)(path, options)
    store_kind = "git" if kind == "files" and fmt == "git" else kind
    pipeline.write(graph, strip_links(records, truth), store=store, store_kind=store_kind, scope=scope, path=str(path))
    return truth


def _resolve_refs(graph: Graph, refs: set[str]) -> dict[str, str]:
    rows = graph.read("ingest_resolve", {"refs": sorted(refs)})
    found = {row["ref"]: row["uid"] for row in rows if row["uid"]}
    return {ref: found.get(ref, ref) for ref in refs}


def _claims(graph: Graph) -> dict[str, dict[str, Any]]:
    rows = graph.read("MATCH (c:Claim) WHERE NOT c.placeholder RETURN c.uid AS uid, c.subject AS subject, c.value AS value, "
                      "c.status = 'STALE' AS stale, coalesce(c.asserted_at, COLLECT { MATCH (c)-[:CITED_AT]->(s:Snapshot) "
                      "RETURN s.revised_at AS at ORDER BY at LIMIT 1 }[0], c.last_cited_at) AS at")
    return {row["uid"]: row for row in rows}


def _unfindable(claims: dict[str, dict[str, Any]], earlier: str, later: str) -> str | None:
    """Why suspects cannot list this true pair by design, or None: the earlier claim is STALE on its own (a rejected or
    withdrawn record: nothing for a successor to retire), or the successor is not later (suspect-time)."""
    a, b = claims[earlier], claims[later]
    if a["stale"]:
        return "stale"
    return "not_later" if a["at"] is None or b["at"] is None or not b["at"] > a["at"] else None


def _rivals(claims: dict[str, dict[str, Any]], earlier: str, later: str) -> bool:
    a, b = claims.get(earlier), claims.get(later)
    if not a or not b or not a["subject"] or a["subject"] != b["subject"]:
        return False
    return not (a["value"] is not None and b["value"] is not None and a["value"] == b["value"])


MIN_SCORE: float | None = None  # `--min-score X`: an absolute threshold instead of rank and margin, for a run
NAMES = True  # `--no-names`: leave out the suspects a later record's naming the earlier one makes (what that rule gains)
NO_COMMON = False  # `--no-common-terms`: every term weighs, as before issue 23 (what the common-terms rule costs or gains)


def _listed(graph: Graph) -> list[suspects.Suspect]:
    if not NO_COMMON:
        return suspects.suspects(graph, min_score=MIN_SCORE, names=NAMES)
    rows = graph.read("suspects", suspects.params(min_score=MIN_SCORE, common=[], names=NAMES))
    return [suspects._suspect(row) for row in rows]


def _stores(graph: Graph) -> dict[str, set[str]]:
    """uid -> the stores that cite the claim."""
    rows = graph.read("MATCH (c:Claim)-[:CITED_AT]->(:Snapshot)-[:OF]->(:Source)-[:IN]->(store:Store) "
                      "RETURN c.uid AS uid, collect(DISTINCT store.name) AS stores")
    return {row["uid"]: set(row["stores"]) for row in rows}


def score(graph: Graph, truth: dict[str, str], same_matter, label: str, org_of: dict[str, str] | None = None,
          boilerplate: set[str] | None = None) -> dict[str, Any]:
    """recall@3 and false suspects per 100 claims for the graph as ingested; of the false pairs, those across stores,
    and with `org_of` (uid -> organisation) those across organisations, and with `boilerplate` (uids) those pairing
    two boilerplate records."""
    claims = _claims(graph)
    stores = _stores(graph)
    listed = _listed(graph)
    by_earlier: dict[str, list[str]] = {}
    for s in listed:
        by_earlier.setdefault(s.earlier, []).append(s.later)
    present = {e: later for e, later in truth.items() if e in claims and later in claims and not _rivals(claims, e, later)}
    rivals = len([e for e, later in truth.items() if e in claims and later in claims]) - len(present)
    unfindable = {e: _unfindable(claims, e, later) for e, later in present.items()}
    countable = {e: later for e, later in present.items() if unfindable[e] is None}
    hits = {e for e, later in countable.items() if later in by_earlier.get(e, [])[:3]}
    false = [s for s in listed if not same_matter(s.earlier, s.later)]
    across_stores = [s for s in false if stores.get(s.earlier, set()).isdisjoint(stores.get(s.later, set()))]

    def per_100(count: int) -> float:
        return round(100.0 * count / len(claims), 2) if claims else 0.0

    result = {
        "corpus": label, "claims": len(claims), "revisions": len(countable), "rival_revisions": rivals,
        "stale_revisions": sum(1 for why in unfindable.values() if why == "stale"),
        "not_later_revisions": sum(1 for why in unfindable.values() if why == "not_later"),
        "found": len(hits), "recall_at_3": round(len(hits) / len(countable), 3) if countable else None,
        "suspects": len(listed), "false": len(false), "false_per_100": per_100(len(false)),
        "false_across_stores": len(across_stores), "false_across_stores_per_100": per_100(len(across_stores)),
        "missed": sorted(f"{e} -> {later}" for e, later in countable.items() if e not in hits),
        "false_pairs": sorted(f"{s.earlier} -> {s.later} ({s.score:.2f})" for s in false),
    }
    if org_of is not None:
        across_orgs = [s for s in false if org_of.get(s.earlier) != org_of.get(s.later)]
        result.update(false_across_orgs=len(across_orgs), false_across_orgs_per_100=per_100(len(across_orgs)),
                      false_across_orgs_pairs=sorted(f"{s.earlier} -> {s.later} ({s.score:.2f})" for s in across_orgs))
    if boilerplate is not None:
        result["false_boilerplate"] = len([s for s in false if s.earlier in boilerplate and s.later in boilerplate])
    return result


def examples_quality(graph: Graph) -> dict[str, Any]:
    wipe(graph)
    truth_refs: list[tuple[str, str]] = []
    for kind, fmt, store, path, scope in EXAMPLES:
        truth_refs += ingest_stripped(graph, kind, fmt, store, REPO / path, scope)
    resolved = _resolve_refs(graph, {ref for pair in truth_refs for ref in pair})
    truth = {resolved[e]: resolved[later] for e, later in truth_refs}
    truth.update(STORY_UNLINKED)
    chains = _chains(truth)
    return score(graph, truth, lambda a, b: chains.get(a, a) == chains.get(b, b), "examples/story (links stripped)")


def _chains(truth: dict[str, str]) -> dict[str, str]:
    """uid -> the first claim of its revision chain."""
    root: dict[str, str] = {}
    predecessor = {later: earlier for earlier, later in truth.items()}
    for uid in set(truth) | set(truth.values()):
        head = uid
        while head in predecessor and predecessor[head] != uid:
            head = predecessor[head]
        root[uid] = head
    return root


def generated_quality(graph: Graph, matters: int, seed: int, workdir: Path) -> dict[str, Any]:
    wipe(graph)
    corpus = suspects_corpus.generate(matters, seed)
    for kind, fmt, store, path in suspects_corpus.write_files(corpus, workdir / f"generated-{matters}", seed):
        ingest_stripped(graph, kind, fmt, store, path)
    matter = corpus.matter_of()
    styles = sorted({r.style for r in corpus.records})
    result = score(graph, corpus.truth(), lambda a, b: matter.get(a) == matter.get(b),
                   f"generated: {matters} matters, {len(styles)} styles (seed {seed})")
    style_of = {r.uid: r.style for r in corpus.records}
    result["missed_styles"] = sorted(f"{style_of.get(m.split(' -> ')[0])}->{style_of.get(m.split(' -> ')[1])}"
                                     for m in result["missed"])
    return result


def multi_org_quality(graph: Graph, matters: int, seed: int, workdir: Path,
                      orgs: tuple[suspects_corpus.Org, ...] = suspects_corpus.ORGS) -> dict[str, Any]:
    """The organisations `orgs` in one graph, `matters` matters each, links stripped."""
    wipe(graph)
    corpora = suspects_corpus.generate_orgs(matters, seed, orgs)
    truth: dict[str, str] = {}
    matter: dict[str, str] = {}
    org_of: dict[str, str] = {}
    boilerplate: set[str] = set()
    for org, corpus in corpora:
        for kind, fmt, store, path in suspects_corpus.write_files(corpus, workdir / f"orgs-{matters}" / org.name, seed, org):
            ingest_stripped(graph, kind, fmt, store, path)
        truth.update(corpus.truth())
        matter.update(corpus.matter_of())
        org_of.update({r.uid: org.name for r in corpus.records})
        boilerplate.add(f"{org.key}-ADR-0001")
    stores = len({suspects_corpus.store_of(org, style) for org, _ in corpora for style in org.styles})
    unscoped = sum(1 for org, _ in corpora if not org.scope)
    scopes = f"{unscoped} unscoped" if unscoped else "each scoped"
    return score(graph, truth, lambda a, b: matter.get(a) == matter.get(b),
                 f"{len(corpora)} organisations ({scopes}), {stores} stores: {matters} matters each (seed {seed})",
                 org_of=org_of, boilerplate=boilerplate)


# The baseline: one lookup per claim, the Lucene query (built as suspects builds it: common words left out) and hit
# limit suspects runs, in one query, every hit counted in the server (streaming a million rows to Python would time
# the driver, not the lookups).
LOOKUP_BASELINE = expand("""
MATCH (claim:Claim) WHERE claim.search_words IS NOT NULL
WITH claim LIMIT $limit
// INCLUDE suspect-query
WITH claim, query WHERE query IS NOT NULL
CALL db.index.fulltext.queryNodes('claim_search', query, {limit: $hits}) YIELD node, score
RETURN count(*) AS hits, count(DISTINCT claim) AS lookups
""", RULES_DIR, "bench/suspects/generated.py")
WARMUP_CLAIMS = 1000  # lookups run before the clock starts: the index's files paged in, the plans compiled


def _speed_corpus(claims: int, seed: int, path: Path) -> None:
    """`claims` generated records (about 1.7 per matter) as one decision log, links left out."""
    matters = max(1, claims * 10 // 17)
    corpus = suspects_corpus.generate(matters, seed)
    with path.open("w", encoding="utf-8") as out:
        for record in corpus.records[:claims]:
            out.write(json.dumps({"ts": suspects_corpus._iso(record.ts), "id": f"s{len(record.uid)}-{record.uid}",
                                  "scope": record.scope, "msg": f"{record.title}: {record.body}"}) + "\n")


def _lookups(graph: Graph, hits: int, limit: int) -> dict[str, Any]:
    common = suspect_terms.common_terms(graph.read)
    return graph.read(LOOKUP_BASELINE, {"hits": hits, "limit": limit, "common": common})[0]


def server_cpu(pid: int | None) -> float | None:
    """CPU seconds (user + system, every thread) the server process `pid` has used so far; None when unknown
    (a server the bench did not start, or no /proc). On a shared machine the wall-clock time of a query
    includes the time other work held the cores; the server's CPU time does not."""
    if not pid:
        return None
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def _timed(work: Callable[[], Any], pid: int | None) -> tuple[Any, float, float | None]:
    """(what `work` returned, wall seconds, server CPU seconds or None)."""
    cpu, started = server_cpu(pid), time.perf_counter()
    result = work()
    wall, cpu_after = time.perf_counter() - started, server_cpu(pid)
    return result, wall, (cpu_after - cpu if cpu is not None and cpu_after is not None else None)


def speed(graph: Graph, claims: int, seed: int, workdir: Path, repeat: int = 1, server_pid: int | None = None,
          log: Callable[[str], None] | None = None, with_profile: bool = False) -> dict[str, Any]:
    """At `claims` claims: the time to generate and ingest them, one plain full-text lookup per claim (the
    baseline: the same stored Lucene query and hit limit suspects runs, every hit counted in the server), and
    the full `provgraph suspects` computation (`suspects.suspects`: the query and the rows it returns), each
    the best of `repeat` runs, alternating; wall-clock seconds, and the server's CPU seconds when `server_pid`
    is known. The ratios are suspects / baseline, both measured in this run."""
    say = log or (lambda message: None)
    wipe(graph)
    path = workdir / f"speed-{claims}.jsonl"
    started = time.perf_counter()
    _speed_corpus(claims, seed, path)
    generate_seconds = time.perf_counter() - started
    say(f"speed {claims}: generated in {generate_seconds:.1f} s; ingesting")
    started = time.perf_counter()
    ingest_stripped(graph, "logs", "jsonl", "speed", path)
    graph.write("schema_await_indexes")
    ingest_seconds = time.perf_counter() - started
    count = graph.read("MATCH (c:Claim) RETURN count(c) AS n")[0]["n"]
    hits = suspects.params()["hits"]
    say(f"speed {claims}: ingested {count} claims in {ingest_seconds:.1f} s; warming up")
    _lookups(graph, hits, WARMUP_CLAIMS)
    graph.read("EXPLAIN " + statement("suspects", suspects.params()), suspects.params())
    best: dict[str, list[float]] = {"lookup": [], "lookup_cpu": [], "suspects": [], "suspects_cpu": []}
    found: list[suspects.Suspect] = []
    lookups: dict[str, Any] = {}
    for attempt in range(1, repeat + 1):
        lookups, wall, cpu = _timed(lambda: _lookups(graph, hits, count), server_pid)
        best["lookup"].append(wall)
        best["lookup_cpu"] += [cpu] if cpu is not None else []
        say(f"speed {claims}: baseline {attempt}/{repeat}: {wall:.1f} s" + (f" (server CPU {cpu:.1f} s)" if cpu is not None else ""))
        found, wall, cpu = _timed(lambda: suspects.suspects(graph), server_pid)
        best["suspects"].append(wall)
        best["suspects_cpu"] += [cpu] if cpu is not None else []
        say(f"speed {claims}: suspects {attempt}/{repeat}: {wall:.1f} s" + (f" (server CPU {cpu:.1f} s)" if cpu is not None else ""))
    least = {key: min(values) if values else None for key, values in best.items()}
    plan = profile(graph) if with_profile else None

    def ratio(part: float | None, whole: float | None) -> float | None:
        return round(part / whole, 2) if part is not None and whole else None

    return {"claims": count, "generate_s": round(generate_seconds, 1), "ingest_s": round(ingest_seconds, 1),
            "lookups": lookups["lookups"], "lookup_hits": lookups["hits"], "repeat": repeat, "suspects": len(found),
            **{f"{key}_s": round(value, 2) if value is not None else None for key, value in least.items()},
            "ratio": ratio(least["suspects"], least["lookup"]), "cpu_ratio": ratio(least["suspects_cpu"], least["lookup_cpu"]),
            "profile": plan}


PROFILE_CLAIMS = 2000  # `--profile`: the suspects query PROFILEd from this many claims (a full PROFILE doubles the run)


def profile(graph: Graph, claims: int = PROFILE_CLAIMS) -> list[dict[str, Any]]:
    """The plan of the suspects query looked up from the first `claims` claims, as PROFILE reports it: one row per
    operator (depth, operator, rows, db hits, details), in plan order from the result down."""
    sample = [row["uid"] for row in graph.read(
        "MATCH (c:Claim) WHERE c.search_words IS NOT NULL RETURN c.uid AS uid ORDER BY c.uid LIMIT $n", {"n": claims})]
    with graph.driver.session(database=graph.settings.database) as session:
        common = suspect_terms.common_terms(graph.read)
        values = suspects.params(sample, common=common)
        result = session.run("PROFILE " + statement("suspects", values), values)
        plan = result.consume().profile
    rows: list[dict[str, Any]] = []

    def walk(step: dict[str, Any], depth: int) -> None:
        details = " ".join(str(step.get("args", {}).get("Details", "")).split())
        rows.append({"depth": depth, "operator": step["operatorType"].split("@")[0], "rows": step.get("rows"),
                     "db_hits": step.get("dbHits"), "details": details[:90]})
        for child in step.get("children", []):
            walk(child, depth + 1)

    if plan:
        walk(plan, 0)
    return rows


def _profile_table(claims: int, rows: list[dict[str, Any]]) -> str:
    lines = [f"PROFILE of the suspects query from {PROFILE_CLAIMS:,} of {claims:,} claims:", "",
             "| operator | rows | db hits | details |", "|---|---:|---:|---|"]
    for row in rows:
        details = row["details"].replace("|", "\\|")
        lines.append(f"| {'. ' * row['depth']}{row['operator']} | {row['rows']} | {row['db_hits']} | {details} |")
    return "\n".join(lines)


SPEED_TARGET = 3.0  # issue 15: the suspects query within 3x of one full-text lookup per claim


def _table(quality: list[dict[str, Any]], speeds: list[dict[str, Any]]) -> str:
    lines = ["| corpus | claims | revisions counted | recall@3 | suspects | false | false per 100 claims "
             "| of which across stores (per 100 claims) |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"] if quality else []
    for q in quality:
        recall = "-" if q["recall_at_3"] is None else f"{100 * q['recall_at_3']:.0f}% ({q['found']}/{q['revisions']})"
        across = f"{q['false_across_stores']} ({q['false_across_stores_per_100']:.1f})"
        if "false_across_orgs" in q:
            across += (f"; across organisations {q['false_across_orgs']} ({q['false_across_orgs_per_100']:.1f}), "
                       f"{q['false_boilerplate']} of them two ADR 0001s")
        others = "".join(f", +{q[key]} {word}" for key, word in (("stale_revisions", "stale"), ("not_later_revisions", "not later"))
                         if q.get(key))
        lines.append(f"| {q['corpus']} | {q['claims']} | {q['revisions']} (+{q['rival_revisions']} rivals{others}) | {recall} | "
                     f"{q['suspects']} | {q['false']} | {q['false_per_100']:.1f} | {across} |")
    if quality and speeds:
        lines.append("")
    if speeds:
        lines += ["| claims | ingest (+ generate) | baseline: one lookup per claim | suspects | ratio | server CPU: baseline, suspects, ratio |",
                  "|---:|---:|---:|---:|---:|---:|"]
        for s in speeds:
            cpu = "-" if s["cpu_ratio"] is None else f"{s['lookup_cpu_s']:.1f} s, {s['suspects_cpu_s']:.1f} s, **{s['cpu_ratio']}x**"
            lines.append(f"| {s['claims']:,} | {s['ingest_s']:.1f} s (+{s['generate_s']:.1f} s) | {s['lookup_s']:.1f} s "
                         f"({s['lookups']:,} lookups, {s['lookup_hits']:,} hits) | {s['suspects_s']:.1f} s "
                         f"({s['suspects']:,} pairs) | **{s['ratio']}x** | {cpu} |")
        verdicts = [value <= SPEED_TARGET for s in speeds for value in (s["ratio"], s["cpu_ratio"]) if value is not None]
        lines += ["", f"Target suspects <= {SPEED_TARGET:g}x the baseline: " + ("met" if verdicts and all(verdicts) else "**not met**")
                  + " (best of " + str(speeds[0]["repeat"]) + ")."]
    return "\n".join(lines)


def _progress(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.suspects.generated", description=__doc__.splitlines()[0],
                                     epilog=harness.OWN_SERVER)
    parser.add_argument("--uri", default=os.environ.get("PROVGRAPH_BENCH_URI"),
                        help="a Neo4j to use (it is WIPED); default: the bench's own server")
    parser.add_argument("--matters", type=int, nargs="*", default=[160, 400], help="generated corpus sizes (matters)")
    parser.add_argument("--orgs", type=int, default=40,
                        help="matters per organisation of the multi-organisation corpus (0: leave it out) [default: 40]")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--speed", type=int, nargs="*", default=[], help="claim counts for the speed check (e.g. 25000 100000)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="speed: best of this many runs of the baseline and of suspects, alternating [default: 1]")
    parser.add_argument("--profile", action="store_true",
                        help=f"speed: also PROFILE the suspects query from {PROFILE_CLAIMS:,} claims and print its plan")
    parser.add_argument("--no-quality", action="store_true", help="skip the quality corpora (speed only)")
    parser.add_argument("--min-score", type=float, default=None,
                        help="measure an absolute threshold instead of the rank-and-margin rule")
    parser.add_argument("--no-names", action="store_true",
                        help="quality: leave out the rule that a later record naming the earlier one as replaced is a suspect")
    parser.add_argument("--no-common-terms", action="store_true",
                        help="quality: let every term weigh (no common terms), to see what that rule costs or gains")
    parser.add_argument("--json", type=Path, default=None, help="also write the results here")
    args = parser.parse_args(argv)
    global MIN_SCORE, NO_COMMON, NAMES
    MIN_SCORE, NO_COMMON, NAMES = args.min_score, args.no_common_terms, not args.no_names
    with (harness.bench_server(args.uri) as settings, Graph(settings) as graph,
          tempfile.TemporaryDirectory(prefix="provgraph-suspects-") as folder):
        # the bench's own server: its CPU time is measured too
        server_pid = None if args.uri else local.status(harness.server_options(harness.DEFAULT_PORT)).pid
        install_schema(graph)
        workdir = Path(folder)
        quality = [] if args.no_quality else [examples_quality(graph)]
        for matters in [] if args.no_quality else args.matters:
            quality.append(generated_quality(graph, matters, args.seed, workdir))
        if not args.no_quality and args.orgs > 0:
            quality.append(multi_org_quality(graph, args.orgs, args.seed, workdir))
            quality.append(multi_org_quality(graph, args.orgs, args.seed, workdir, suspects_corpus.scoped(suspects_corpus.ORGS)))
        speeds = [speed(graph, claims, args.seed, workdir, repeat=max(1, args.repeat),
                        server_pid=server_pid, log=_progress, with_profile=args.profile)
                  for claims in args.speed]
        wipe(graph)
    print(_table(quality, speeds))
    for s in speeds:
        if s["profile"]:
            print("\n" + _profile_table(s["claims"], s["profile"]))
    for q in quality:
        if q["missed"] or q["false_pairs"]:
            print(f"\n{q['corpus']}: missed {q['missed'][:12]}; false {q['false_pairs'][:12]}")
            if q.get("false_across_orgs_pairs"):
                print(f"  false across organisations: {q['false_across_orgs_pairs'][:30]}")
            if q.get("missed_styles"):
                print(f"  missed by style: {q['missed_styles'][:30]}")
    if args.json:
        args.json.write_text(json.dumps({"quality": quality, "speed": speeds}, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
