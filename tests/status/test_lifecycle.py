"""A successor's own lifecycle decides whether it retires its target; amendments; status words (issue 12)."""
from __future__ import annotations

import pytest
from status_helpers import judge

from provgraph.engine.conflicts import conflicts
from provgraph.engine.status import status
from provgraph.engine.verify import verify
from provgraph.ingest.lifecycle import CANONICAL


def row(graph, uid, **kwargs):
    [found] = status(graph, [uid], **kwargs)
    return found


def b_revises_a(g, word, edge="supersedes"):
    """a, accepted since 2025-01-01; b, stating `word` since 2025-02-01, which `edge`s a from then."""
    g.claim("a", at="2025-01-01", declared="accepted")
    g.claim("b", at="2025-02-01", declared=word)
    getattr(g, edge)("b", "a", at="2025-02-01")


# -- a successor retires its target only while its lifecycle puts it in force ---------------------

@pytest.mark.parametrize("word", ["rejected", "withdrawn"])
def test_rejected_or_withdrawn_successor_revises_nothing(graph, g, word):
    b_revises_a(g, word)
    a = row(graph, "a")
    assert (a.status, a.reason) == ("ACTIVE", "CURRENT")
    assert a.successors == () and a.pending == ()
    assert judge(graph, "b") == ("STALE", word.upper())


@pytest.mark.parametrize("word", ["proposed", "draft", "incomplete", "on-hold", "ongoing"])
def test_proposed_successor_is_a_pending_revision_and_the_target_stays_active(graph, g, word):
    b_revises_a(g, word)
    a = row(graph, "a")
    assert (a.status, a.reason) == ("ACTIVE", "CURRENT")
    assert a.pending == ("b",) and a.successors == ()


def test_pending_successor_retires_its_target_from_the_moment_it_is_accepted(graph, g):
    b_revises_a(g, "proposed", "corrects")
    g.revise("b", at="2025-03-01", declared="accepted")
    before = row(graph, "a", at="2025-02-15")
    assert (before.status, before.pending) == ("ACTIVE", ("b",))
    after = row(graph, "a", at="2025-03-15")
    assert (after.status, after.reason, after.successors, after.pending) == ("STALE", "CORRECTED", ("b",), ())
    assert judge(graph, "a", at="2025-03-01") == ("STALE", "CORRECTED")


def test_successor_that_is_itself_superseded_still_retires_its_target(graph, g):
    b_revises_a(g, "accepted")
    g.claim("c", at="2025-03-01", declared="accepted")
    g.supersedes("c", "b", at="2025-03-01")
    g.revise("b", at="2025-03-01", declared="superseded")
    assert judge(graph, "a") == ("STALE", "SUPERSEDED")
    assert judge(graph, "b") == ("STALE", "SUPERSEDED")


def test_successor_deprecated_after_it_replaced_the_target_still_retires_it(graph, g):
    b_revises_a(g, "accepted")
    g.revise("b", at="2025-06-01", declared="deprecated")
    assert judge(graph, "a") == ("STALE", "SUPERSEDED")
    assert judge(graph, "b") == ("STALE", "DEPRECATED")


# a successor with no status word is in force: test_rules.py::test_rule6_revised_claim_is_stale_and_names_its_successor


def test_adjudication_edge_is_in_force_whatever_the_keepers_word(graph, g):
    g.claim("a", at="2025-01-01", declared="accepted")
    g.claim("b", at="2025-01-01", declared="proposed")
    g.adjudicate("b", "a", at="2025-02-01")
    assert judge(graph, "a") == ("STALE", "SUPERSEDED")


# -- amendments ---------------------------------------------------------------------------------

def test_amended_claim_stays_active_and_lists_its_amendment(graph, g):
    b_revises_a(g, "accepted", "amends")
    a = row(graph, "a")
    assert (a.status, a.reason, a.amendments, a.successors, a.pending) == ("ACTIVE", "CURRENT", ("b",), (), ())
    assert judge(graph, "b") == ("ACTIVE", "CURRENT")


def test_amended_claim_still_turns_stale_when_something_else_retires_it(graph, g):
    g.claim("a", at="2025-01-01")
    g.claim("b", at="2025-02-01")
    g.claim("c", at="2025-03-01")
    g.amends("b", "a", at="2025-02-01")
    g.supersedes("c", "a", at="2025-03-01")
    a = row(graph, "a")
    assert (a.status, a.reason, a.successors, a.amendments) == ("STALE", "SUPERSEDED", ("c",), ("b",))


# an amendment back along a supersession is no revision cycle: test_rules.py::test_rule5_invalidates_or_amends_back_along_a_supersession_is_no_cycle


def test_claims_joined_by_an_amendment_are_no_rivals(graph, g):
    g.claim("a", at="2025-01-01", subject="retry.limit", value="3")
    g.claim("b", at="2025-02-01", subject="retry.limit", value="5")
    g.amends("b", "a", at="2025-02-01")
    assert judge(graph, "a") == ("ACTIVE", "CURRENT")
    assert judge(graph, "b") == ("ACTIVE", "CURRENT")


# -- the revision closure holds pending successors and amendments, never void ones ----------------

def closure(graph, uid, **kwargs):
    rows = graph.read("revision_closure", {"claims": [uid], "q": None, "t": kwargs.get("t")})
    return {r["successor"]: (r["direct"], r["head"], r["pending"], r["amendment"]) for r in rows}


def test_revision_closure_holds_pending_successors_and_amendments_not_rejected_ones(graph, g):
    from datetime import datetime, timezone
    now = datetime.now(timezone.utc)
    g.claim("a", at="2025-01-01", declared="accepted")
    g.claim("rejected", at="2025-02-01", declared="rejected")
    g.claim("proposal", at="2025-02-01", declared="proposed")
    g.claim("amendment", at="2025-02-01", declared="accepted")
    g.claim("beyond", at="2025-03-01")  # supersedes only the rejected one: not part of a's history
    g.supersedes("rejected", "a", at="2025-02-01")
    g.supersedes("proposal", "a", at="2025-02-01")
    g.amends("amendment", "a", at="2025-02-01")
    g.supersedes("beyond", "rejected", at="2025-03-01")
    assert closure(graph, "a", t=now) == {
        "proposal": (True, False, True, False),
        "amendment": (True, False, False, True),
    }


def test_verify_asks_for_the_pending_successor_and_the_amendment(graph, g):
    g.claim("a", at="2025-01-01", declared="accepted")
    g.claim("proposal", at="2025-02-01", declared="proposed")
    g.claim("amendment", at="2025-02-01", declared="accepted")
    g.supersedes("proposal", "a", at="2025-02-01")
    g.amends("amendment", "a", at="2025-02-01")
    verdict = verify(graph, ["a"], candidates=["a"])
    assert verdict.verdict == "REVISION_CLOSURE_INCOMPLETE"
    assert verdict.missing == ("amendment", "proposal")
    assert "proposal proposes to supersede a" in verdict.explanation
    assert "amendment amends a" in verdict.explanation
    assert verify(graph, ["a"], candidates=["a", "proposal", "amendment"]).verdict == "SUPPORTED_BY_CURRENT_SOURCE"


def test_verify_never_points_at_a_rejected_successor(graph, g):
    b_revises_a(g, "rejected")
    verdict = verify(graph, ["a"], candidates=["a"])
    assert verdict.verdict == "SUPPORTED_BY_CURRENT_SOURCE"
    assert "b" not in verdict.explanation.split()


def test_verify_of_a_superseded_claim_names_the_head_in_force_not_a_pending_one(graph, g):
    g.claim("a", at="2025-01-01")
    g.claim("b", at="2025-02-01", declared="accepted")
    g.claim("c", at="2025-03-01", declared="proposed")
    g.supersedes("b", "a", at="2025-02-01")
    g.supersedes("c", "b", at="2025-03-01")
    verdict = verify(graph, ["a"], candidates=["a", "b", "c"])
    assert verdict.verdict == "STALE_EVIDENCE"
    assert "cite b instead" in verdict.explanation


# -- status words ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("word", "expected"), [
    ("on-hold", ("UNKNOWN", "ON_HOLD")),
    ("withdrawn", ("STALE", "WITHDRAWN")),
    ("ongoing", ("UNKNOWN", "UNRECOGNISED_STATUS")),
    ("discussed by @x", ("UNKNOWN", "UNRECOGNISED_STATUS")),
])
def test_status_words_beyond_the_lifecycle_are_never_active(graph, g, word, expected):
    g.claim("a", at="2025-01-01", declared=word)
    found = row(graph, "a")
    assert (found.status, found.reason) == expected
    assert found.declared == word


def test_no_status_word_at_all_is_judged_without_one(graph, g):
    g.claim("a", at="2025-01-01")
    assert judge(graph, "a") == ("ACTIVE", "CURRENT")


def test_every_canonical_word_is_known_to_the_status_rule(graph, g):
    for word in CANONICAL:
        g.claim(word, at="2025-01-01", declared=word)
    reasons = {r.claim: r.reason for r in status(graph, list(CANONICAL))}
    assert all(reason != "UNRECOGNISED_STATUS" for reason in reasons.values()), reasons


# -- rule 5: a rejected record puts nothing into a revision cycle (issue 22) ----------------------

@pytest.mark.parametrize("word", ["rejected", "withdrawn"])
def test_a_rejected_successor_puts_its_target_into_no_revision_cycle(graph, g, word):
    b_revises_a(g, word)  # b, rejected, claims to supersede a: it revises nothing
    g.supersedes("a", "b", at="2025-02-01")
    assert judge(graph, "a") == ("ACTIVE", "CURRENT")
    assert judge(graph, "b") == ("STALE", "SUPERSEDED")
    assert [c.kind for c in conflicts(graph)] == []  # `provgraph conflicts` lists no cycle either


def test_a_cycle_of_accepted_records_next_to_a_rejected_edge_is_still_a_cycle(graph, g):
    b_revises_a(g, "accepted")
    g.supersedes("a", "b", at="2025-02-01")
    g.claim("r", at="2025-03-01", declared="rejected")
    g.supersedes("r", "a", at="2025-03-01")  # void, off the cycle
    assert judge(graph, "a") == judge(graph, "b") == ("CONFLICT", "REVISION_CYCLE")
    assert [(c.kind, c.claims) for c in conflicts(graph)] == [("REVISION_CYCLE", ("a", "b"))]
