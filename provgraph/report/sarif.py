"""The report as SARIF 2.1.0 (report.sarif), for code scanning: one result per finding, at the file and line the claim
is stated in.

Findings: newly STALE claims, new conflicts, unbound references (at each claim that makes one), one-sided links (at
the file that does not record the link) and new suspects (at the later claim). Each result's
`partialFingerprints` hashes only the rule and the claims involved, never a line or a message, so a finding
reported again on a later night is the same alert. Locations are relative to `repo_root` when given, else to
each store's Store.root (recorded at ingest: the config file's folder for `ingest --config` when it holds the store,
else the git work tree that holds the store, else the folder the ingest ran from); a location never climbs out of
its folder with `..`: a file outside it is placed relative to the folder or file the store was read from.
"""
from __future__ import annotations

import hashlib
import json
import os
from importlib import metadata
from pathlib import Path, PurePosixPath
from typing import Any, Iterable

from provgraph.graph.connection import Graph
from provgraph.report.model import Report

SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
FINGERPRINT = "provgraphFinding/v1"

# id, name, level, short description, what to do
RULES: tuple[tuple[str, str, str, str, str], ...] = (
    ("new-stale", "NewlyStaleClaim", "warning", "A claim no longer governs since the previous report",
     "Something that governed yesterday is superseded, retired or expired: update what still cites it, or record why it still holds."),
    ("new-conflict", "NewConflict", "error", "Two live claims disagree since the previous report",
     "Decide which governs: `provgraph adjudicate --keep LATER --retire EARLIER --why TEXT`, or fix one record."),
    ("unbound-reference", "UnboundReference", "warning", "A claim refers to a claim that was never ingested",
     "Fix the reference, or ingest the store that holds the claim it names."),
    ("one-sided-link", "OneSidedLink", "warning", "Only one of two records says one revises the other",
     "Record the link in this file too (e.g. a `Superseded by` line), so both records agree."),
    ("new-suspect", "PossibleUnlinkedRevision", "note", "A later claim seems to revise this one, and nothing links them",
     "Confirm with `provgraph adjudicate --keep LATER --retire EARLIER`, or dismiss with `provgraph adjudicate --distinct A B`."),
)
def locations(graph: Graph, claims: Iterable[str]) -> dict[str, dict[str, Any]]:
    """Where each claim is stated now (sarif_locations.cypher), by uid; a placeholder has none."""
    wanted = sorted(set(claims))
    if not wanted:
        return {}
    return {row["claim"]: row for row in graph.read("sarif_locations", {"claims": wanted})}


def _file(at: dict[str, Any]) -> tuple[PurePosixPath, list[Path]]:
    """The file a claim is stated in, and the folders its path may be relative to, first choice first (none: not
    recorded, as is): the store's root, then the folder the store was read from."""
    inner = PurePosixPath(at["container"] or (at["locator"] or "").split("#")[0])
    if not at.get("path"):
        return inner, []
    path = Path(at["path"])
    if at["kind"] in ("files", "git") or (at["container"] and path.name != at["container"]):
        return PurePosixPath(path.as_posix()) / inner, [Path(folder) for folder in (at["root"], path) if folder]
    # an export file: the records are lines in it
    return PurePosixPath(path.as_posix()), [Path(folder) for folder in (at["root"], path.parent) if folder]


def within(file: Path | PurePosixPath, folders: Iterable[Path]) -> str | None:
    """`file` relative to the first of `folders` that holds it, so never with `..`; None when none holds it."""
    for folder in folders:
        relative = PurePosixPath(Path(os.path.relpath(file, folder.resolve())).as_posix())
        if relative.parts[:1] != ("..",):
            return relative.as_posix()
    return None


def _uri(at: dict[str, Any], repo_root: Path | None) -> str:
    file, folders = _file(at)
    if not folders:
        return str(file)
    return within(file, ([repo_root] if repo_root is not None else []) + folders) or file.name


def _result(rule: str, claims: list[str], where: str | None, found: dict[str, dict[str, Any]], repo_root: Path | None,
            text: str, properties: dict[str, Any]) -> dict[str, Any]:
    result = {**result_head(RULES, rule, [rule, *claims], text), "properties": dict(properties, claims=claims)}
    at = found.get(where or "")
    if at is not None:
        region = {"startLine": int(at["line_start"] or 1)}
        if at["line_end"] is not None and int(at["line_end"]) >= region["startLine"]:
            region["endLine"] = int(at["line_end"])
        result["locations"] = [{"physicalLocation": {"artifactLocation": {"uri": _uri(at, repo_root)}, "region": region},
                                "message": {"text": f"{where} is stated here ({at['source']})"}}]
    return result


def _lineage(report: Report, claim: str) -> str:
    trees = {c: tree for c, _, tree in report.lineages}
    return f"\nLineage:\n{trees[claim]}" if claim in trees else ""


def _split(text: Any) -> list[str]:
    return [part.strip() for part in str(text or "").replace(";", ",").split(",") if part.strip()]


def render_sarif(report: Report, graph: Graph, repo_root: Path | None = None) -> str:
    """report.sarif: SARIF 2.1.0 with one run of provgraph and a result per finding."""
    changes = report.changes.to_dict(orient="records")
    unbound = report.unbound.to_dict(orient="records")
    one_sided = report.one_sided.to_dict(orient="records")
    suspects = [s for s in report.suspects.to_dict(orient="records") if s.get("new")]
    wanted = [c["claim"] for c in changes] + [r for u in unbound for r in _split(u["referenced_by"])]
    wanted += [c for link in one_sided for c in (link["successor"], link["predecessor"])]
    wanted += [s["later"] for s in suspects]
    found = locations(graph, wanted)
    results = []
    for change in changes:
        if change["change"] == "new-stale":
            via = f": superseded by {change['successors']}" if change["successors"] else ""
            since = f"was {change['before']}" if change["before"] else "first seen by this report's baseline"
            text = f"{change['claim']} no longer governs: STALE ({change['reason']}){via}; {since}."
            results.append(_result("new-stale", [change["claim"]], change["claim"], found, repo_root,
                                   text + _lineage(report, change["claim"]), {"status": "STALE", "reason": change["reason"]}))
        elif change["change"] == "new-conflict":
            text = (f"{change['claim']} is in CONFLICT ({change['reason']}) with {change['conflicts_with'] or 'another claim'}; "
                    "decide which governs (provgraph conflicts lists the command).")
            rivals = sorted([change["claim"], *_split(change["conflicts_with"])])
            results.append(_result("new-conflict", rivals, change["claim"], found, repo_root,
                                   text + _lineage(report, change["claim"]), {"status": "CONFLICT", "reason": change["reason"]}))
    for row in unbound:
        for referrer in _split(row["referenced_by"]):
            text = f"{referrer} refers to {row['claim']} ({row['kinds']}), which no ingested record states."
            results.append(_result("unbound-reference", [referrer, row["claim"]], referrer, found, repo_root, text,
                                   {"reference": row["claim"]}))
    for link in one_sided:
        missing = _split(link["missing_from"])
        where = next((c for c in (link["predecessor"], link["successor"]) if found.get(c, {}).get("source") in missing),
                     link["predecessor"])
        text = (f"{link['successor']} {link['kind']} {link['predecessor']}, as {link['recorded_by']} records; "
                f"{', '.join(missing)} does not say so.")
        results.append(_result("one-sided-link", [link["successor"], link["kind"], link["predecessor"]], where,
                               found, repo_root, text, {"recorded_by": link["recorded_by"]}))
    for s in suspects:
        text = (f"{s['later']} may revise {s['earlier']} (similarity {float(s['score']):.2f}; both say: {s['terms']}), "
                "and nothing links them.")
        results.append(_result("new-suspect", [s["earlier"], s["later"]], s["later"], found, repo_root, text,
                               {"score": float(s["score"])}))
    return json.dumps(_log(report, results), indent=2, ensure_ascii=False) + "\n"


def result_head(rules: tuple[tuple[str, str, str, str, str], ...], rule: str, key: list[str], text: str) -> dict[str, Any]:
    """A result's rule, level, message and fingerprint: a hash of `key` (the rule and what the finding is about)."""
    index = [rule_id for rule_id, *_ in rules].index(rule)
    return {"ruleId": rule, "ruleIndex": index, "level": rules[index][2], "message": {"text": text},
            "partialFingerprints": {FINGERPRINT: hashlib.sha256("|".join(key).encode("utf-8")).hexdigest()[:32]}}


def tool(rules: Iterable[tuple[str, str, str, str, str]]) -> dict[str, Any]:
    """The run's `tool`: provgraph with its version and the rules (id, name, level, short text, help)."""
    try:
        version = metadata.version("provgraph")
    except metadata.PackageNotFoundError:
        version = "0"
    described = [{"id": rule_id, "name": name, "shortDescription": {"text": short}, "fullDescription": {"text": short},
                  "help": {"text": help_text}, "defaultConfiguration": {"level": level}}
                 for rule_id, name, level, short, help_text in rules]
    return {"driver": {"name": "provgraph", "version": version, "semanticVersion": version, "rules": described}}


def _log(report: Report, results: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": tool(RULES),
            "automationDetails": {"id": f"provgraph-report/{report.scope or 'all'}/"},
            "results": results,
            "properties": {"run": report.uid, "baseline": report.baseline, "claims": report.claims,
                           "previous_run": report.previous.uid if report.previous else None},
        }],
    }


__all__ = ["FINGERPRINT", "RULES", "SCHEMA", "locations", "render_sarif", "result_head", "tool", "within"]
