"""Every terminal of the currentness check (docs/design.md "Verifying an answer's evidence"), and the order between them, on one small graph.

The graph is built once for the module (the tests only read it); each scenario uses its own claims.
"""
from __future__ import annotations

from typing import Any

import pytest
from graphs import GraphBuilder

from provgraph.base.errors import UsageError
from provgraph.engine.verify import TERMINALS, verify
from provgraph.graph.connection import Graph
from provgraph.graph.schema import wipe

RANDOM_HEX = "ab" * 32


@pytest.fixture(scope="module")
def world(neo4j_settings, _schema) -> Any:
    with Graph(neo4j_settings) as graph:
        wipe(graph)
        g = GraphBuilder(graph)
        g.claim("ok", at="2025-01-01")
        g.claim("ok2", at="2025-01-01")
        g.placeholder("ghost")
        # a revision chain: v1 <- v2 <- v3
        g.claim("v1", at="2025-01-01")
        g.claim("v2", at="2025-02-01")
        g.claim("v3", at="2025-03-01")
        g.supersedes("v2", "v1", at="2025-02-01")
        g.corrects("v3", "v2", at="2025-03-01")
        # rivals on one subject; r0 has expired and rp is only proposed, so neither must be retrieved
        g.claim("r1", subject="db.engine", value="postgres", scope="org/acme", at="2025-01-01")
        g.claim("r2", subject="db.engine", value="mysql", scope="org/acme", at="2025-02-01")
        g.claim("r0", subject="db.engine", value="sqlite", scope="org/acme", at="2025-01-01", valid_until="2025-01-15")
        g.claim("rp", subject="db.engine", value="oracle", scope="org/acme", at="2025-01-01", declared="proposed")
        # an explicit conflict
        g.claim("e1", at="2025-01-01")
        g.claim("e2", at="2025-01-01")
        g.conflicts("e1", "e2", at="2025-01-01")
        # a superseded claim
        g.claim("old", at="2025-01-01")
        g.claim("new", at="2025-02-01")
        g.supersedes("new", "old", at="2025-02-01")
        # scope: a narrow claim, and a supersession that holds only in one sub-scope
        g.claim("narrow", scope="org/acme/payments", at="2025-01-01")
        g.claim("base", scope="org/acme", at="2025-01-01")
        g.claim("eu", scope="org/acme/eu", at="2025-02-01")
        g.supersedes("eu", "base", at="2025-02-01", scope="org/acme/eu")
        # unknown current state: proposed, or resting on a superseded premise
        g.claim("draft", at="2025-01-01", declared="proposed")
        g.claim("dep", at="2025-01-01")
        g.depends_on("dep", "old", at="2025-01-01")
        # a revision cycle
        g.claim("cyc1", at="2025-01-01")
        g.claim("cyc2", at="2025-01-01")
        g.supersedes("cyc1", "cyc2", at="2025-01-01")
        g.supersedes("cyc2", "cyc1", at="2025-01-01")
        # a claim on the question's subject only
        g.claim("loc", subject="x.loc", value="A", at="2025-01-01")
        # citations by hash: doc's text changed in its second snapshot; doc2's source changed elsewhere
        g.claim("doc", at="2025-01-01", text="retry at most 3 times")
        g.revise("doc", at="2025-02-01", text="retry at most 5 times")
        g.claim("doc2", at="2025-01-01", source="test:file2")
        g.claim("doc2b", at="2025-02-01", source="test:file2")
        hashes = {
            row["claim"]: row["hashes"]
            for row in graph.read(
                "MATCH (c:Claim)-[:CITED_AT]->(s:Snapshot) WITH c, s ORDER BY s.revised_at "
                "RETURN c.uid AS claim, collect(s.sha256) AS hashes"
            )
        }
        yield graph, hashes


def check(world: Any, evidence: list[Any], candidates: list[str] | None, **kw: Any):
    graph, _ = world
    return verify(graph, evidence, candidates, **kw)


def terminal(world: Any, evidence: list[Any], candidates: list[str] | None, **kw: Any) -> str:
    return check(world, evidence, candidates, **kw).verdict


# -- each terminal -----------------------------------------------------------------------------

def test_unknown_evidence_id_is_snapshot_unbound_not_an_error(world) -> None:
    verdict = check(world, ["nope"], ["nope"])
    assert verdict.verdict == "SNAPSHOT_UNBOUND"
    assert verdict.to_dict()["evidence"][0]["claim"] == "nope"
    assert "not a claim in the graph" in verdict.explanation


def test_placeholder_evidence_is_snapshot_unbound(world) -> None:
    assert terminal(world, ["ghost"], ["ghost"]) == "SNAPSHOT_UNBOUND"


def test_hash_that_is_no_citing_snapshot_is_snapshot_unbound(world) -> None:
    _, hashes = world
    assert terminal(world, [f"doc@sha256:{RANDOM_HEX}"], ["doc"]) == "SNAPSHOT_UNBOUND"
    # a real snapshot, but of another source
    verdict = check(world, [("doc", hashes["ok"][0])], ["doc"])
    assert verdict.verdict == "SNAPSHOT_UNBOUND"
    assert "does not cite doc" in verdict.explanation


def test_hash_of_a_snapshot_later_than_the_question_time_is_unbound(world) -> None:
    _, hashes = world
    later = hashes["doc"][1]  # revised 2025-02-01
    assert terminal(world, [("doc", later)], ["doc"], at="2025-01-15") == "SNAPSHOT_UNBOUND"
    assert terminal(world, [("doc", later)], ["doc"], at="2025-02-15") == "SUPPORTED_BY_CURRENT_SOURCE"


def test_no_candidate_set_is_candidate_set_unbound(world) -> None:
    verdict = check(world, ["ok"], None)
    assert verdict.verdict == "CANDIDATE_SET_UNBOUND"
    assert "--candidates" in verdict.explanation


def test_empty_candidate_set_is_bound_because_evidence_is_added(world) -> None:
    assert terminal(world, ["ok"], []) == "SUPPORTED_BY_CURRENT_SOURCE"


def test_missing_successors_include_intermediate_ones(world) -> None:
    verdict = check(world, ["v1"], ["v1"])
    assert verdict.verdict == "REVISION_CLOSURE_INCOMPLETE"
    assert verdict.missing == ("v2", "v3")
    assert verdict.explanation.startswith("Add v2, v3 to the candidate set")
    assert "v2 supersedes v1" in verdict.explanation and "v3 corrects v2, a later revision of v1" in verdict.explanation
    # the head alone is not enough: the intermediate successor still counts
    assert check(world, ["v1"], ["v1", "v3"]).missing == ("v2",)


def test_missing_rival_but_not_a_stale_or_unknown_one(world) -> None:
    verdict = check(world, ["r1"], ["r1"])
    assert verdict.verdict == "REVISION_CLOSURE_INCOMPLETE"
    assert verdict.missing == ("r2",)  # r0 expired, rp is only proposed
    assert "r2 is a rival of r1 on db.engine" in verdict.explanation


def test_missing_explicit_conflict_partner(world) -> None:
    verdict = check(world, ["e1"], ["e1"])
    assert verdict.verdict == "REVISION_CLOSURE_INCOMPLETE" and verdict.missing == ("e2",)


def test_missing_claim_on_the_questions_subject(world) -> None:
    assert terminal(world, ["ok"], ["ok"]) == "SUPPORTED_BY_CURRENT_SOURCE"
    verdict = check(world, ["ok"], ["ok"], subject="x.loc")
    assert verdict.verdict == "REVISION_CLOSURE_INCOMPLETE" and verdict.missing == ("loc",)


def test_conflicting_evidence_is_currentness_conflict(world) -> None:
    assert terminal(world, ["r1"], ["r1", "r2"]) == "CURRENTNESS_CONFLICT"
    verdict = check(world, ["e1"], ["e1", "e2"])
    assert verdict.verdict == "CURRENTNESS_CONFLICT"
    assert "e1 conflicts with e2" in verdict.explanation and "provgraph adjudicate" in verdict.explanation


def test_superseded_evidence_is_stale(world) -> None:
    verdict = check(world, ["old"], ["old", "new"])
    assert verdict.verdict == "STALE_EVIDENCE"
    assert verdict.explanation == "old is superseded by new: cite new instead."
    assert terminal(world, ["v1"], ["v1", "v2", "v3"]) == "STALE_EVIDENCE"


def test_stale_citation_by_hash_even_when_the_claim_is_current(world) -> None:
    _, hashes = world
    first, second = hashes["doc"]
    verdict = check(world, [f"doc@sha256:{first}"], ["doc"])
    assert verdict.verdict == "STALE_EVIDENCE"
    assert verdict.evidence[0].status.status == "ACTIVE"
    assert verdict.to_dict()["evidence"][0]["seen"] == {
        "snapshot": f"sha256:{first}", "cites": True, "text_changed": True, "current": f"sha256:{second}"}
    assert "has since changed" in verdict.explanation
    assert terminal(world, [{"claim": "doc", "snapshot": f"sha256:{second}"}], ["doc"]) == "SUPPORTED_BY_CURRENT_SOURCE"
    # as of a time when the first snapshot was the current one, it is not stale
    assert terminal(world, [("doc", first)], ["doc"], at="2025-01-15") == "SUPPORTED_BY_CURRENT_SOURCE"


def test_older_snapshot_whose_cited_text_is_unchanged_is_not_stale(world) -> None:
    _, hashes = world
    first, second = hashes["doc2"]
    assert first != second
    assert terminal(world, [("doc2", first)], ["doc2"]) == "SUPPORTED_BY_CURRENT_SOURCE"


def test_evidence_scoped_elsewhere_is_out_of_scope(world) -> None:
    verdict = check(world, ["narrow"], ["narrow"], scope="org/acme")
    assert verdict.verdict == "OUT_OF_SCOPE"
    assert "org/acme/payments" in verdict.explanation
    assert terminal(world, ["narrow"], ["narrow"], scope="org/acme/payments/eu") == "SUPPORTED_BY_CURRENT_SOURCE"


def test_scoped_supersession_counts_only_in_its_scope(world) -> None:
    assert terminal(world, ["base"], ["base"], scope="org/acme/us") == "SUPPORTED_BY_CURRENT_SOURCE"
    verdict = check(world, ["base"], ["base"], scope="org/acme/eu")
    assert verdict.verdict == "REVISION_CLOSURE_INCOMPLETE" and verdict.missing == ("eu",)
    assert terminal(world, ["base"], ["base", "eu"], scope="org/acme/eu") == "STALE_EVIDENCE"


def test_proposed_or_not_yet_asserted_evidence_is_current_state_unknown(world) -> None:
    assert terminal(world, ["draft"], ["draft"]) == "CURRENT_STATE_UNKNOWN"
    assert terminal(world, ["ok"], ["ok"], at="2024-06-01") == "CURRENT_STATE_UNKNOWN"


def test_current_evidence_with_a_complete_candidate_set_is_supported(world) -> None:
    verdict = check(world, ["v3", "ok"], ["v3", "ok", "ok2"])
    assert verdict.verdict == "SUPPORTED_BY_CURRENT_SOURCE" and verdict.supported
    assert [e.status.claim for e in verdict.evidence] == ["ok", "v3"]


def test_as_of_a_time_before_the_supersession(world) -> None:
    assert terminal(world, ["v1"], ["v1"], at="2025-01-15") == "SUPPORTED_BY_CURRENT_SOURCE"
    assert check(world, ["v1"], ["v1"], at="2025-02-15").missing == ("v2",)
    assert check(world, ["v1"], ["v1"], at="2025-03-15").missing == ("v2", "v3")


# -- the order between terminals: a case matching two gets the earlier one -----------------------

ORDER_CASES = [
    # (earlier terminal, later terminal it also matches, evidence, candidates, question)
    ("SNAPSHOT_UNBOUND", "CANDIDATE_SET_UNBOUND", ["ghost"], None, {}),
    ("CANDIDATE_SET_UNBOUND", "REVISION_CLOSURE_INCOMPLETE", ["v1"], None, {}),
    ("REVISION_CLOSURE_INCOMPLETE", "CURRENTNESS_CONFLICT", ["r1"], ["r1"], {}),
    ("CURRENTNESS_CONFLICT", "STALE_EVIDENCE", ["r1", "old"], ["r1", "r2", "old", "new"], {}),
    ("STALE_EVIDENCE", "OUT_OF_SCOPE", ["old", "narrow"], ["old", "new", "narrow"], {"scope": "org/acme"}),
    ("OUT_OF_SCOPE", "CURRENT_STATE_UNKNOWN", ["narrow", "draft"], ["narrow", "draft"], {"scope": "org/acme"}),
    ("CURRENT_STATE_UNKNOWN", "SUPPORTED_BY_CURRENT_SOURCE", ["draft", "ok"], ["draft", "ok"], {}),
]


@pytest.mark.parametrize("earlier, later, evidence, candidates, question", ORDER_CASES, ids=[c[0] for c in ORDER_CASES])
def test_a_case_matching_two_terminals_gets_the_earlier_one(world, earlier, later, evidence, candidates, question) -> None:
    assert TERMINALS.index(earlier) + 1 == TERMINALS.index(later)
    assert terminal(world, evidence, candidates, **question) == earlier


def test_stale_citation_hash_comes_after_conflict_and_before_out_of_scope(world) -> None:
    _, hashes = world
    stale_hash = ("doc", hashes["doc"][0])
    assert terminal(world, ["r1", stale_hash], ["r1", "r2", "doc"]) == "CURRENTNESS_CONFLICT"
    assert terminal(world, [stale_hash, "narrow"], ["doc", "narrow"], scope="org/acme") == "STALE_EVIDENCE"


# -- input forms and output ------------------------------------------------------------------

def test_evidence_forms_are_equivalent(world) -> None:
    _, hashes = world
    digest = hashes["doc"][1]
    forms = [f"doc@sha256:{digest}", ("doc", digest), ("doc", f"sha256:{digest.upper()}"),
             {"claim": "doc", "snapshot": f"sha256:{digest}"}]
    outputs = {check(world, [form], ["doc"], at="2025-06-01").to_json() for form in forms}
    assert len(outputs) == 1


def test_malformed_hash_is_a_usage_error(world) -> None:
    with pytest.raises(UsageError):
        check(world, ["doc@sha256:xyz"], ["doc"])
    with pytest.raises(UsageError):
        check(world, [], ["doc"])


def test_two_runs_give_byte_identical_json(world) -> None:
    _, hashes = world
    args = ([("doc", hashes["doc"][0]), "r1", "v1", "nope"], ["r1", "v1", "zzz-unknown"])
    first = check(world, *args).to_json(indent=2)
    second = check(world, *args).to_json(indent=2)
    assert first == second
    assert check(world, *args, at="2025-06-01").to_json() == check(world, *args, at="2025-06-01").to_json()


def test_hostile_ids_are_data_not_cypher(world) -> None:
    graph, _ = world
    before = graph.read("MATCH (n) RETURN count(n) AS n")[0]["n"]
    hostile = ["x'}) DETACH DELETE n //", 'a" OR 1=1 --', "$t", "ok\nMATCH (n) DETACH DELETE n"]
    verdict = check(world, hostile, hostile)
    assert verdict.verdict == "SNAPSHOT_UNBOUND"
    assert sorted(e["claim"] for e in verdict.to_dict()["evidence"]) == sorted(hostile)
    assert graph.read("MATCH (n) RETURN count(n) AS n")[0]["n"] == before


def test_stale_explanation_points_at_the_current_head(world) -> None:
    verdict = check(world, ["v1"], ["v1", "v2", "v3"])
    assert verdict.explanation == "v1 is superseded by v2: cite v3 instead."


def test_revision_cycle_is_currentness_conflict(world) -> None:
    assert check(world, ["cyc1"], ["cyc1"]).missing == ("cyc2",)
    verdict = check(world, ["cyc1"], ["cyc1", "cyc2"])
    assert verdict.verdict == "CURRENTNESS_CONFLICT"
    assert "cycle of revisions" in verdict.explanation


def test_expired_evidence_is_stale(world) -> None:
    verdict = check(world, ["r0"], ["r0", "r1", "r2"])
    assert verdict.verdict == "STALE_EVIDENCE"
    assert verdict.explanation == "r0 is no longer current (EXPIRED): find what governs now and cite that."


def test_evidence_on_a_stale_premise_is_current_state_unknown(world) -> None:
    verdict = check(world, ["dep"], ["dep"])
    assert verdict.verdict == "CURRENT_STATE_UNKNOWN"
    assert "it rests on old, which is not current" in verdict.explanation
