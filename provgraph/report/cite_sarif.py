"""`provgraph scan --format sarif`: each citation of a decision that does not govern, as a SARIF 2.1.0 result at the
citing file and line (rules stale-citation, conflict-citation, unknown-citation).

Fingerprints follow the report's (provgraph/report/sarif.py): a hash of the rule, the citing file, the id cited and
which occurrence of it in that file, never of a line or a message, so an edit that moves the comment keeps the alert
and fixing the citation closes it. Locations are the file's locator (relative to the scan root), or relative to
`repo_root` when given.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Iterable

from provgraph.engine.cites import UNRESOLVED, CitationFinding
from provgraph.report.sarif import SCHEMA, result_head, tool, within

# id, name, level, short description, what to do
RULES: tuple[tuple[str, str, str, str, str], ...] = (
    ("stale-citation", "CitesRetiredDecision", "warning", "This cites a decision that no longer governs",
     "Cite the decision that replaced it (the message names it), or remove the citation."),
    ("conflict-citation", "CitesContestedDecision", "error", "This cites a decision that is in conflict with another",
     "Decide which governs (`provgraph conflicts`), then cite the one kept."),
    ("unknown-citation", "CitesUnknownDecision", "note", "This cites a decision provgraph cannot judge",
     "Ingest the store that holds it, or fix the id (a citation of an id no ingested record has is listed too)."),
)


def _uri(finding: CitationFinding, repo_root: Path | None) -> str:
    if repo_root is None or finding.root is None or os.path.isabs(finding.file):
        return finding.file
    return within(Path(finding.root) / finding.file, [repo_root]) or finding.file  # outside --repo-root: as kept


def message(finding: CitationFinding) -> str:
    """One line: what is cited, its status and reason, and what to cite instead."""
    if finding.status == UNRESOLVED:
        return f"{finding.text} names {finding.id}, which no ingested record has (unresolved)."
    said = f"{finding.text} cites {finding.claim}, which does not govern: {finding.status} ({finding.reason})"
    if finding.cite_instead:
        return f"{said}; cite {finding.cite_instead} instead."
    if finding.successors:
        return f"{said}; superseded by {', '.join(finding.successors)}."
    return said + "."


def render(found: Iterable[CitationFinding], repo_root: Path | None = None) -> str:
    results = []
    seen: dict[tuple[str, str, str], int] = {}
    for finding in found:
        if finding.governs:
            continue
        rule = finding.rule
        key = (rule, finding.file, finding.claim or finding.id)
        seen[key] = seen.get(key, 0) + 1
        results.append({
            **result_head(RULES, rule, [*key, str(seen[key])], message(finding)),
            "properties": {"status": finding.status, "reason": finding.reason, "claim": finding.claim, "id": finding.id,
                           "cite_instead": finding.cite_instead, "successors": list(finding.successors)},
            "locations": [{"physicalLocation": {
                "artifactLocation": {"uri": _uri(finding, repo_root)},
                "region": {"startLine": finding.line, "startColumn": finding.column,
                           "endColumn": finding.column + len(finding.text)}}}],
        })
    return json.dumps(_log(results), indent=2, ensure_ascii=False) + "\n"


def _log(results: list[dict[str, Any]]) -> dict[str, Any]:
    return {"$schema": SCHEMA, "version": "2.1.0", "runs": [{
        "tool": tool(RULES), "automationDetails": {"id": "provgraph-scan/"}, "results": results}]}


__all__ = ["RULES", "message", "render"]
