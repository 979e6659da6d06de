"""The common terms are counted over the claims with free text only (only they are ever in a suspect pair), found by
the index on search_free_text, so an ingest that writes no claim with free text keeps the kept set without a recount;
a claim written before search_free_text existed counts as free text (docs/design.md "Suspects")."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from suspects_helpers import ingest_log

from provgraph.engine.suspect_terms import COMMON_MIN_CLAIMS, live_common_terms
from provgraph.graph.connection import Graph
from provgraph.graph.schema import FREE_TEXT_INDEX_SINCE, install_schema

FREE = COMMON_MIN_CLAIMS + 5
KEYED = COMMON_MIN_CLAIMS + 10


def _free(n: int) -> dict[str, Any]:  # free text that all say "ledger", and words of their own
    return {"ts": f"2025-01-01T09:{n:02d}:00Z", "id": f"free-{n}", "scope": "org/acme",
            "msg": f"Ledger entries for account{n} reconcile against bank{n} statements nightly{n}"}


def _keyed(n: int, month: int = 2) -> dict[str, Any]:  # a key and a value with a message that says no more
    return {"ts": f"2025-{month:02d}-01T09:{n:02d}:00Z", "id": f"keyed-{month}-{n}", "scope": "org/acme",
            "subject": f"platform.flag{n}", "value": "on", "msg": f"set platform.flag{n} to on"}


def _kept(graph: Graph) -> dict[str, Any]:
    return graph.read("MATCH (k:SuspectTerms) RETURN k.terms AS terms, k.computed_at AS t, k.counted_over AS over")[0]


def test_a_term_only_claims_without_free_text_say_is_not_common(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [_free(n) for n in range(FREE)] + [_keyed(n) for n in range(KEYED)])
    assert graph.read("MATCH (c:Claim) WHERE NOT c.search_free_text RETURN count(c) AS n")[0]["n"] == KEYED
    live = live_common_terms(graph.read)
    assert "ledger" in live and "platform" not in live, live  # counted over all claims, "platform" would be common
    assert sorted(_kept(graph)["terms"]) == sorted(live)


def test_an_ingest_that_writes_no_claim_with_free_text_keeps_the_kept_terms(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [_free(n) for n in range(FREE)])
    before = _kept(graph)
    ingest_log(graph, tmp_path, [_keyed(n, 3) for n in range(KEYED)], store="flags", name="flags.jsonl")
    assert _kept(graph) == before
    ingest_log(graph, tmp_path, [_free(n) for n in range(FREE, FREE + 2)], store="more", name="more.jsonl")
    assert _kept(graph)["t"] > before["t"]


def test_a_set_an_earlier_rule_counted_is_counted_again_by_any_ingest_that_writes_claims(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [_free(n) for n in range(FREE)])
    graph.write("MATCH (k:SuspectTerms) SET k.terms = ['platform'] REMOVE k.counted_over")  # counted over every claim
    ingest_log(graph, tmp_path, [_keyed(n, 3) for n in range(KEYED)], store="flags", name="flags.jsonl")
    kept = _kept(graph)
    assert kept["over"] == "free text" and sorted(kept["terms"]) == sorted(live_common_terms(graph.read))


def test_a_claim_written_before_search_free_text_existed_counts_as_free_text(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [_free(n) for n in range(FREE)] + [_keyed(n) for n in range(KEYED)])
    graph.write("MATCH (c:Claim) REMOVE c.search_free_text")  # as a provgraph before it wrote them
    graph.write("MATCH (s:ProvgraphSchema) SET s.version = $v", {"v": FREE_TEXT_INDEX_SINCE - 1})
    older = live_common_terms(graph.read)
    assert {"ledger", "platform"} <= set(older), older  # every claim has free text
    install_schema(graph)  # the upgrade gives them true, so the index finds them
    assert graph.read("MATCH (c:Claim) WHERE c.search_free_text IS NULL AND c.search_terms IS NOT NULL "
                      "RETURN count(c) AS n")[0]["n"] == 0
    assert live_common_terms(graph.read) == older
