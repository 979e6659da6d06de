"""Each rule of the status table (docs/design.md "Status of a claim"), in its order, pinned on a small graph."""
from __future__ import annotations

import pytest
from status_helpers import judge, revision_cycle_with_a_tail

from provgraph.engine.status import status

# -- rule 1 / 2 / 3 / 4 -----------------------------------------------------------------

def test_rule1_placeholder_is_unknown_unbound(graph, g):
    g.claim("a", at="2025-01-01")
    g.corrects("a", "ghost", at="2025-01-01")  # ghost was never ingested
    assert judge(graph, "ghost") == ("UNKNOWN", "UNBOUND")


def test_unresolved_reference_placeholder_leaves_referrer_alone(graph, g):
    g.claim("a", at="2025-01-01")
    g.corrects("a", "ghost", at="2025-01-01")
    g.edge("SUPERSEDES", "ghost2", "a", at="2025-01-02")  # a placeholder successor does not retire it
    assert judge(graph, "a") == ("ACTIVE", "CURRENT")


# the claim's own times and scope against the question's: id -> (the claim's fields, the question, the answer)
_TIMES_AND_SCOPES = {
    "rule2_not_yet_asserted_before_first_citation": ({"at": "2025-03-01"}, {"at": "2025-02-01"}, ("UNKNOWN", "NOT_YET_ASSERTED")),
    "rule2_asserted_from_first_citation": ({"at": "2025-03-01"}, {"at": "2025-03-01"}, ("ACTIVE", "CURRENT")),
    "rule2_asserted_at_after_t": ({"at": "2025-01-01", "asserted_at": "2025-06-01"}, {"at": "2025-03-01"},
                                  ("UNKNOWN", "NOT_YET_ASSERTED")),
    "rule3_out_of_scope_of_a_wider_question": ({"scope": "org/acme/payments", "at": "2025-01-01"}, {"scope": "org/acme"},
                                               ("UNKNOWN", "OUT_OF_SCOPE")),
    "rule3_in_scope_of_a_narrower_question": ({"scope": "org/acme/payments", "at": "2025-01-01"},
                                              {"scope": "org/acme/payments/eu"}, ("ACTIVE", "CURRENT")),
    "rule3_a_scope_sharing_only_a_prefix_is_out_of_scope": ({"scope": "org/acme/payments", "at": "2025-01-01"},
                                                            {"scope": "org/acme/paymentsX"}, ("UNKNOWN", "OUT_OF_SCOPE")),
    "rule3_default_question_is_its_own_scope": ({"scope": "org/acme/payments", "at": "2025-01-01"}, {}, ("ACTIVE", "CURRENT")),
    "global_claim_covers_every_question": ({"scope": "", "at": "2025-01-01"}, {"scope": "user/alice"}, ("ACTIVE", "CURRENT")),
    "rule4_current_until_valid_until": ({"at": "2025-01-01", "valid_until": "2025-06-01"}, {"at": "2025-05-31T23:59:59Z"},
                                        ("ACTIVE", "CURRENT")),
    "rule4_expired_is_stale": ({"at": "2025-01-01", "valid_until": "2025-06-01"}, {"at": "2025-06-01"}, ("STALE", "EXPIRED")),
    "rule4_not_yet_valid": ({"at": "2025-01-01", "valid_from": "2025-06-01"}, {"at": "2025-03-01"}, ("UNKNOWN", "NOT_YET_VALID")),
    "rule4_current_from_valid_from": ({"at": "2025-01-01", "valid_from": "2025-06-01"}, {"at": "2025-06-01"}, ("ACTIVE", "CURRENT")),
}


@pytest.mark.parametrize(("claim", "question", "answer"), _TIMES_AND_SCOPES.values(), ids=_TIMES_AND_SCOPES)
def test_rules_2_to_4_the_claims_own_times_and_scope_against_the_question(graph, g, claim, question, answer):
    g.claim("a", **claim)
    assert judge(graph, "a", **question) == answer


# -- rule 5 / 6 ---------------------------------------------------------------------------

def test_rule5_revision_cycle_is_conflict_and_terminates(graph, g):
    revision_cycle_with_a_tail(g)
    rows = {row.claim: (row.status, row.reason) for row in status(graph)}
    assert rows["a"] == rows["b"] == rows["c"] == ("CONFLICT", "REVISION_CYCLE")
    assert rows["d"] == ("ACTIVE", "CURRENT")


@pytest.mark.parametrize(("back", "successor", "predecessor"), [
    ("invalidates", ("STALE", "INVALIDATED"), ("STALE", "SUPERSEDED")),
    ("amends", ("ACTIVE", "CURRENT"), ("STALE", "SUPERSEDED")),
])
def test_rule5_invalidates_or_amends_back_along_a_supersession_is_no_cycle(graph, g, back, successor, predecessor):
    g.claim("p", at="2025-01-01")
    g.claim("s", at="2025-02-01")
    g.supersedes("s", "p", at="2025-02-01")
    getattr(g, back)("p", "s", at="2025-02-01")
    assert (judge(graph, "s"), judge(graph, "p")) == (successor, predecessor)


@pytest.mark.parametrize(("revise", "reason"), [
    ("supersedes", "SUPERSEDED"),
    ("corrects", "CORRECTED"),
    ("invalidates", "INVALIDATED"),
])
def test_rule6_revised_claim_is_stale_and_names_its_successor(graph, g, revise, reason):
    # b carries no status word: a successor without one is in force
    g.claim("a", at="2025-01-01")
    g.claim("b", at="2025-02-01")
    getattr(g, revise)("b", "a", at="2025-02-01")
    [row] = status(graph, ["a"])
    assert (row.status, row.reason, row.successors) == ("STALE", reason, ("b",))
    assert judge(graph, "b") == ("ACTIVE", "CURRENT")


def test_scoped_supersession_leaves_sibling_scope_active(graph, g):
    g.claim("policy", scope="org/acme", subject="retention", value="30d", at="2025-01-01")
    g.claim("eu", scope="org/acme/eu", subject="retention", value="90d", at="2025-02-01")
    g.supersedes("eu", "policy", at="2025-02-01")  # edge scope defaults to the successor's: org/acme/eu
    assert judge(graph, "policy", scope="org/acme/eu") == ("STALE", "SUPERSEDED")
    assert judge(graph, "policy", scope="org/acme/us") == ("ACTIVE", "CURRENT")
    assert judge(graph, "policy") == ("ACTIVE", "CURRENT")  # its own scope org/acme


def test_general_supersession_covers_narrower_question(graph, g):
    g.claim("old", scope="org/acme", at="2025-01-01")
    g.claim("new", scope="org/acme", at="2025-02-01")
    g.supersedes("new", "old", at="2025-02-01")
    assert judge(graph, "old", scope="org/acme/payments/eu") == ("STALE", "SUPERSEDED")


def test_edge_explicit_scope_wins_over_successor_scope(graph, g):
    g.claim("old", scope="", at="2025-01-01")
    g.claim("new", scope="", at="2025-02-01")
    g.supersedes("new", "old", at="2025-02-01", scope="team/a")
    assert judge(graph, "old", scope="team/a") == ("STALE", "SUPERSEDED")
    assert judge(graph, "old", scope="team/b") == ("ACTIVE", "CURRENT")


# -- rule 7 / 8 / 9 -----------------------------------------------------------------------

def test_rule7_source_revised(graph, g):
    g.claim("a", at="2025-01-01", source="test:notes.md")
    g.claim("b", at="2025-01-01", source="test:notes.md")
    g.drop("a", at="2025-03-01")
    assert judge(graph, "a", at="2025-02-01") == ("ACTIVE", "CURRENT")
    assert judge(graph, "a") == ("STALE", "SOURCE_REVISED")
    assert judge(graph, "b") == ("ACTIVE", "CURRENT")


def test_rule7_rewritten_log_entry_is_source_revised(graph, g):
    g.claim("entry", at="2025-01-01", rewritten=True)
    assert judge(graph, "entry") == ("STALE", "SOURCE_REVISED")


def test_rule7_source_deleted(graph, g):
    g.claim("a", at="2025-01-01")
    g.delete("a", at="2025-03-01")
    assert judge(graph, "a", at="2025-02-01") == ("ACTIVE", "CURRENT")
    assert judge(graph, "a") == ("STALE", "SOURCE_DELETED")


def test_rule7_claim_still_cited_by_another_source_is_current(graph, g):
    g.claim("a", at="2025-01-01", source="test:old.md")
    g.delete("test:old.md", at="2025-03-01")
    g.claim("a", at="2025-03-01", source="test:new.md")  # moved
    assert judge(graph, "a") == ("ACTIVE", "CURRENT")


# rules 8 and 9: a claim's own status word -> (status, reason)
_DECLARED = {
    "rejected": ("STALE", "REJECTED"), "deprecated": ("STALE", "DEPRECATED"), "superseded": ("STALE", "SUPERSEDED"),
    "accepted": ("ACTIVE", "CURRENT"), "amended": ("ACTIVE", "CURRENT"),
    "proposed": ("UNKNOWN", "PROPOSED"), "draft": ("UNKNOWN", "PROPOSED"), "incomplete": ("UNKNOWN", "PROPOSED"),
}


@pytest.mark.parametrize(("word", "answer"), _DECLARED.items(), ids=_DECLARED)
def test_rules_8_and_9_a_claims_own_status_word_makes_it_stale_current_or_proposed(graph, g, word, answer):
    g.claim("a", at="2025-01-01", declared=word)
    assert judge(graph, "a") == answer


# -- rule 10 ------------------------------------------------------------------------------

def test_rule10_rival_claim(graph, g):
    g.claim("s13", subject="user.location", value="Seattle", scope="user/u1", at="2025-01-13")
    g.claim("s33", subject="user.location", value="Austin", scope="user/u1", at="2025-01-33".replace("33", "30"))
    rows = {r.claim: r for r in status(graph)}
    assert (rows["s13"].status, rows["s13"].reason, rows["s13"].conflicts_with) == ("CONFLICT", "RIVAL_CLAIM", ("s33",))
    assert (rows["s33"].status, rows["s33"].reason, rows["s33"].conflicts_with) == ("CONFLICT", "RIVAL_CLAIM", ("s13",))


def test_rule10_same_value_is_no_rival(graph, g):
    g.claim("a", subject="k", value="1", at="2025-01-01")
    g.claim("b", subject="k", value="1", at="2025-01-02")
    assert judge(graph, "a") == ("ACTIVE", "CURRENT")


def test_rule10_no_values_at_all_are_rivals(graph, g):
    g.claim("a", subject="k", at="2025-01-01")
    g.claim("b", subject="k", at="2025-01-02")
    assert judge(graph, "a") == ("CONFLICT", "RIVAL_CLAIM")


def test_rule10_rival_in_narrower_scope_does_not_cover_question(graph, g):
    g.claim("general", subject="k", value="1", scope="org", at="2025-01-01")
    g.claim("narrow", subject="k", value="2", scope="org/eu", at="2025-01-01")
    assert judge(graph, "general") == ("ACTIVE", "CURRENT")  # question org: narrow does not apply
    assert judge(graph, "narrow") == ("CONFLICT", "RIVAL_CLAIM")  # question org/eu: general applies
    assert judge(graph, "general", scope="org/eu") == ("CONFLICT", "RIVAL_CLAIM")


def test_rule10_explicit_conflict(graph, g):
    g.claim("a", at="2025-01-01")
    g.claim("b", at="2025-01-01")
    g.conflicts("a", "b", at="2025-01-02")
    assert judge(graph, "a") == ("CONFLICT", "EXPLICIT_CONFLICT")
    assert judge(graph, "b") == ("CONFLICT", "EXPLICIT_CONFLICT")  # symmetric in meaning
    assert judge(graph, "a", at="2025-01-01T12:00:00Z") == ("ACTIVE", "CURRENT")  # edge not visible yet


def test_rule10_rival_that_is_stale_is_not_a_rival(graph, g):
    g.claim("a", subject="k", value="1", at="2025-01-01")
    g.claim("b", subject="k", value="2", at="2025-01-01", valid_until="2025-02-01")
    g.claim("c", subject="k", value="3", at="2025-01-01", declared="proposed")
    g.claim("d", subject="k", value="4", at="2025-01-01")
    g.claim("e", subject="k", value="5", at="2025-01-01")
    g.supersedes("e", "d", at="2025-01-02")
    g.claim("f", at="2025-01-01")
    g.conflicts("a", "f", at="2025-01-02")
    g.delete("f", at="2025-01-03")
    # b expired, c proposed, d superseded by e, f deleted; e is the one live rival
    [row] = status(graph, ["a"], at="2025-03-01")
    assert (row.status, row.reason, row.conflicts_with) == ("CONFLICT", "RIVAL_CLAIM", ("e",))
    g.supersedes("a", "e", at="2025-02-15")
    assert judge(graph, "a", at="2025-03-01") == ("ACTIVE", "CURRENT")


def test_rule10_revision_edge_between_rivals_removes_rivalry(graph, g):
    g.claim("s13", subject="user.location", value="Seattle", scope="user/u1", at="2025-01-13")
    g.claim("s33", subject="user.location", value="Austin", scope="user/u1", at="2025-01-30")
    g.adjudicate("s33", "s13", at="2025-02-01")
    assert judge(graph, "s33") == ("ACTIVE", "CURRENT")
    assert judge(graph, "s13") == ("STALE", "SUPERSEDED")
    assert judge(graph, "s33", at="2025-01-31") == ("CONFLICT", "RIVAL_CLAIM")


def test_rule10_explicit_conflict_wins_over_rival_reason(graph, g):
    g.claim("a", subject="k", value="1", at="2025-01-01")
    g.claim("b", subject="k", value="2", at="2025-01-01")
    g.claim("c", at="2025-01-01")
    g.conflicts("a", "c", at="2025-01-01")
    [row] = status(graph, ["a"])
    assert (row.reason, row.conflicts_with) == ("EXPLICIT_CONFLICT", ("b", "c"))


# -- rule 11 / 12 -------------------------------------------------------------------------

def test_rule11_stale_premise(graph, g):
    g.claim("conclusion", at="2025-01-01")
    g.claim("premise", at="2025-01-01")
    g.depends_on("conclusion", "premise", at="2025-01-01")
    assert judge(graph, "conclusion") == ("ACTIVE", "CURRENT")
    g.claim("fix", at="2025-02-01")
    g.corrects("fix", "premise", at="2025-02-01")
    [row] = status(graph, ["conclusion"])
    assert (row.status, row.reason, row.premises_not_current) == ("UNKNOWN", "PREMISE_NOT_CURRENT", ("premise",))


def test_rule11_stale_premise_two_hops_away(graph, g):
    for uid in ("top", "middle", "bottom", "fix"):
        g.claim(uid, at="2025-01-01")
    g.depends_on("top", "middle", at="2025-01-01")
    g.depends_on("middle", "bottom", at="2025-01-01")
    g.supersedes("fix", "bottom", at="2025-02-01")
    assert judge(graph, "top", at="2025-01-15") == ("ACTIVE", "CURRENT")
    [row] = status(graph, ["top"])
    assert (row.status, row.reason) == ("UNKNOWN", "PREMISE_NOT_CURRENT")
    # premises lists the direct premise; the one not current is named however far down it is
    assert row.premises == ("middle",) and row.premises_not_current == ("bottom",)


def test_rule11_premise_in_conflict_counts(graph, g):
    g.claim("top", at="2025-01-01")
    g.claim("p", subject="k", value="1", at="2025-01-01")
    g.claim("rival", subject="k", value="2", at="2025-01-01")
    g.depends_on("top", "p", at="2025-01-01")
    assert judge(graph, "top") == ("UNKNOWN", "PREMISE_NOT_CURRENT")


def test_rule11_premise_on_placeholder_counts(graph, g):
    g.claim("top", at="2025-01-01")
    g.depends_on("top", "never-ingested", at="2025-01-01")
    assert judge(graph, "top") == ("UNKNOWN", "PREMISE_NOT_CURRENT")


def test_rule11_dependency_cycle_terminates(graph, g):
    for uid in "abc":
        g.claim(uid, at="2025-01-01")
    g.depends_on("a", "b", at="2025-01-01")
    g.depends_on("b", "c", at="2025-01-01")
    g.depends_on("c", "a", at="2025-01-01")
    assert {(r.claim, r.status) for r in status(graph)} == {("a", "ACTIVE"), ("b", "ACTIVE"), ("c", "ACTIVE")}


def test_rule12_current(graph, g):
    g.claim("a", subject="k", value="1", scope="org", at="2025-01-01")
    [row] = status(graph, ["a"])
    assert (row.status, row.reason) == ("ACTIVE", "CURRENT")
    assert row.snapshot.startswith("sha256:") and row.lines == (1, 3) and row.source == "test:a"


# -- order and time -----------------------------------------------------------------------

def test_rule_order(graph, g):
    # matches rules 3, 4, 6, 8 and 10 at once: the first (OUT_OF_SCOPE) wins, then the next as each is lifted
    g.claim("a", subject="k", value="1", scope="org/x", at="2025-01-01", valid_until="2025-02-01", declared="rejected")
    g.claim("rival", subject="k", value="2", scope="", at="2025-01-01")
    g.claim("b", scope="", at="2025-01-01")
    g.supersedes("b", "a", at="2025-01-01", scope="")
    assert judge(graph, "a", scope="org", at="2025-03-01") == ("UNKNOWN", "OUT_OF_SCOPE")
    assert judge(graph, "a", at="2025-03-01") == ("STALE", "EXPIRED")
    assert judge(graph, "a", at="2025-01-15") == ("STALE", "SUPERSEDED")
    g.revise("a", at="2025-01-10", valid_until=None)
    assert judge(graph, "a", at="2025-03-01") == ("STALE", "SUPERSEDED")


def test_rule_order_declared_before_rival(graph, g):
    g.claim("a", subject="k", value="1", at="2025-01-01", declared="deprecated")
    g.claim("b", subject="k", value="2", at="2025-01-01")
    assert judge(graph, "a") == ("STALE", "DEPRECATED")
    assert judge(graph, "b") == ("ACTIVE", "CURRENT")  # a deprecated rival is no rival


def test_as_of_before_and_after_a_correction(graph, g):
    g.claim("a", subject="k", value="1", at="2025-01-01")
    g.claim("fix", subject="k", value="2", at="2025-03-01")
    g.corrects("fix", "a", at="2025-03-01")
    assert judge(graph, "a", at="2025-02-01") == ("ACTIVE", "CURRENT")
    assert judge(graph, "fix", at="2025-02-01") == ("UNKNOWN", "NOT_YET_ASSERTED")
    assert judge(graph, "a", at="2025-03-01") == ("STALE", "CORRECTED")
    assert judge(graph, "fix", at="2025-03-01") == ("ACTIVE", "CURRENT")


def test_as_of_sees_declared_word_then(graph, g):
    g.claim("adr", at="2025-01-01", declared="proposed")
    g.revise("adr", at="2025-02-01", declared="accepted")
    g.revise("adr", at="2025-06-01", declared="deprecated")
    assert judge(graph, "adr", at="2025-01-15") == ("UNKNOWN", "PROPOSED")
    assert judge(graph, "adr", at="2025-03-01") == ("ACTIVE", "CURRENT")
    assert judge(graph, "adr") == ("STALE", "DEPRECATED")


def test_as_of_sees_value_and_scope_then(graph, g):
    g.claim("a", subject="k", value="1", scope="org", at="2025-01-01")
    g.claim("b", subject="k", value="2", scope="org", at="2025-01-01")
    g.revise("a", at="2025-02-01", value="2")  # agrees with b from February on
    assert judge(graph, "a", at="2025-01-15") == ("CONFLICT", "RIVAL_CLAIM")
    [row] = status(graph, ["a"], at="2025-01-15")
    assert row.value == "1"
    assert judge(graph, "a") == ("ACTIVE", "CURRENT")


def test_edge_visible_only_inside_its_window(graph, g):
    g.claim("a", at="2025-01-01")
    g.claim("b", at="2025-01-01")
    g.supersedes("b", "a", at="2025-02-01", until="2025-04-01")  # the record that said so was later rewritten
    assert judge(graph, "a", at="2025-01-15") == ("ACTIVE", "CURRENT")
    assert judge(graph, "a", at="2025-03-01") == ("STALE", "SUPERSEDED")
    assert judge(graph, "a", at="2025-04-01") == ("ACTIVE", "CURRENT")


def test_adjudication_edge_counts_from_decided_at_until_revoked(graph, g):
    g.claim("s13", subject="user.location", value="Seattle", scope="user/u1", at="2025-01-13")
    g.claim("s33", subject="user.location", value="Austin", scope="user/u1", at="2025-01-30")
    g.adjudicate("s33", "s13", at="2025-02-01", revoked_at="2025-03-01", scope="user/u1")
    assert judge(graph, "s13", at="2025-01-31") == ("CONFLICT", "RIVAL_CLAIM")
    assert judge(graph, "s13", at="2025-02-01") == ("STALE", "SUPERSEDED")
    assert judge(graph, "s33", at="2025-02-15") == ("ACTIVE", "CURRENT")
    assert judge(graph, "s13", at="2025-03-01") == ("CONFLICT", "RIVAL_CLAIM")


def test_subject_and_only_filters(graph, g):
    g.claim("a", subject="k", value="1", at="2025-01-01")
    g.claim("b", subject="other", at="2025-01-01", declared="rejected")
    g.claim("c", at="2025-01-01")
    assert [r.claim for r in status(graph, subject="k")] == ["a"]
    assert [r.claim for r in status(graph, only="STALE")] == ["b"]
    assert [r.claim for r in status(graph, only=["ACTIVE", "stale"])] == ["a", "b", "c"]


def test_unknown_claim_raises_not_found(graph, g):
    from provgraph.base.errors import NotFound

    g.claim("a", at="2025-01-01")
    with pytest.raises(NotFound, match="nope"):
        status(graph, ["a", "nope"])


def test_alias_resolves_to_claim(graph, g):
    g.claim("adr-1", at="2025-01-01")
    graph.write("MATCH (c:Claim {uid: 'adr-1'}) SET c.aliases = ['docs/adr/0001.md']")
    assert [r.claim for r in status(graph, ["docs/adr/0001.md"])] == ["adr-1"]


def test_injection_strings_are_plain_values(graph, g):
    nasty = "x'}) DETACH DELETE n //"
    g.claim(nasty, subject="k\" OR 1=1", value="'; MATCH (n) DETACH DELETE n", scope="a/b", at="2025-01-01")
    [row] = status(graph, [nasty], scope="a/b' OR '1'='1")
    assert row.claim == nasty and row.reason == "OUT_OF_SCOPE"
    assert graph.read("MATCH (c:Claim) RETURN count(c) AS n")[0]["n"] == 1
