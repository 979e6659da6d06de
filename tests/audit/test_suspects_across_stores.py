"""Suspects an auditor can trust across stores (issue 23): each log's own copy of "Record architecture decisions" (ADR
0001, word for word as adr-tools writes it) restates the others and revises nothing, so no two of them are suspects,
while a genuine cross-store revision still is."""
from __future__ import annotations

from pathlib import Path

from cli_helpers import run

from provgraph.engine.suspects import suspects

BOILERPLATE = """# 1. Record architecture decisions

Date: {date}

## Status

Accepted

## Context

We need to record the architectural decisions made on this project.

## Decision

We will use Architecture Decision Records, as described by Michael Nygard in his article
"Documenting architecture decisions".

## Consequences

See Michael Nygard's article, linked above. For a lightweight ADR toolset, see Nat Pryce's adr-tools.
"""

OWN = """# 2. {title}

Date: {date}

## Status

Accepted

## Decision

{decision}
"""

TOPICS = {
    "alpha": ("Ship payment events through Kafka", "Payment events go through Kafka topics with idempotent producers "
              "and a seven day retention; consumers commit offsets after the ledger write."),
    "beta": ("Payment events through Kafka with longer retention", "Payment events go through Kafka topics with "
             "idempotent producers and a thirty day retention; consumers commit offsets after the ledger write."),
    "gamma": ("Cache sessions in Redis", "Web sessions live in Redis with a one hour expiry, keyed by a signed "
              "cookie; nothing else is cached there."),
    "delta": ("Render invoices as PDF", "Invoices are rendered to PDF by a headless browser from the HTML template "
              "and archived in object storage for ten years."),
}


def _store(root: Path, name: str, month: int) -> Path:
    folder = root / name
    folder.mkdir(parents=True)
    (folder / "0001-record-architecture-decisions.md").write_text(BOILERPLATE.format(date=f"2024-{month:02d}-01"))
    title, decision = TOPICS[name]
    (folder / "0002-own.md").write_text(OWN.format(title=title, date=f"2024-{month:02d}-15", decision=decision))
    return folder


def test_boilerplate_across_stores_is_never_a_suspect_and_a_real_cross_store_revision_is(graph, tmp_path):
    for month, name in enumerate(TOPICS, start=1):
        result = run("ingest", "files", str(_store(tmp_path, name, month)), "--store", name)
        assert result.exit_code == 0, result.output
    pairs = {(s.earlier, s.later) for s in suspects(graph)}
    boilerplate = {f"{name}:0001-record-architecture-decisions.md" for name in TOPICS}
    assert not {pair for pair in pairs if set(pair) <= boilerplate}, pairs
    said = graph.read("MATCH (c:Claim) WHERE c.uid IN $uids RETURN DISTINCT c.search_terms AS terms", {"uids": sorted(boilerplate)})
    assert len(said) == 1  # the same words: a restatement (with a store or two fewer, still never a pair)
    assert ("alpha:0002-own.md", "beta:0002-own.md") in pairs


def test_two_organisations_whose_only_overlap_is_the_adr_tools_boilerplate_are_never_suspects(graph, tmp_path):
    for month, name in enumerate(("alpha", "gamma"), start=1):
        result = run("ingest", "files", str(_store(tmp_path, name, month)), "--store", name)
        assert result.exit_code == 0, result.output
    assert suspects(graph) == []
