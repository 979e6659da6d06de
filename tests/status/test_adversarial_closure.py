"""Closures must stay polynomial: a ladder of 30 diamonds (2^30 paths) and a 10,000-long chain.

These assert results and plan operators, not timings: a path-enumerating plan would not finish.
docs/profile-closure.md shows the PROFILE of the same queries on the same graphs.
"""
from __future__ import annotations

from profiling import PATH_ENUMERATING, T, closure_expanders, profile

from provgraph.engine.status import status


def _assert_pruning(operators) -> None:
    names = closure_expanders(operators)
    assert names and all(name.startswith("VarLengthExpand(Pruning,BFS") for name in names), names
    assert not any(op.name.startswith(PATH_ENUMERATING) for op in operators)


def test_revision_closure_on_ladder_of_30_diamonds(graph, g):
    g.diamond_ladder("d", 30)
    operators, rows = profile(graph, "revision_closure", {"claims": ["dn0"], "q": None, "t": T})
    _assert_pruning(operators)
    assert len(rows) == 90  # every node of the ladder above the bottom, each once
    assert [row["successor"] for row in rows if row["head"]] == ["dn30"]
    assert {row["successor"] for row in rows if row["direct"]} == {"dl0", "dr0"}


def test_status_on_ladder_of_30_diamonds(graph, g):
    g.diamond_ladder("d", 30)
    rows = {row.claim: row for row in status(graph, at=T)}
    assert len(rows) == 91
    assert (rows["dn30"].status, rows["dn30"].reason) == ("ACTIVE", "CURRENT")
    assert {row.reason for uid, row in rows.items() if uid != "dn30"} == {"SUPERSEDED"}
    assert rows["dn0"].successors == ("dl0", "dr0")


def test_revision_cycle_through_a_ladder_terminates(graph, g):
    g.diamond_ladder("d", 30)
    graph.write(
        "MATCH (a:Claim {uid: 'dn0'}), (b:Claim {uid: 'dn30'}) "
        "CREATE (a)-[:SUPERSEDES {valid_from: datetime('2025-01-01'), scope: '', via: ''}]->(b)"
    )
    rows = status(graph, ["dn0", "dl14", "dn30"], at=T)
    assert {(row.claim, row.reason) for row in rows} == {
        ("dn0", "REVISION_CYCLE"), ("dl14", "REVISION_CYCLE"), ("dn30", "REVISION_CYCLE")}
    cycles = graph.read("revision_cycles", {"claims": ["dn15"], "q": None, "t": T})
    assert len(cycles) == 1 and len(cycles[0]["cycle"]) == 91


def test_premise_closure_on_ladder_of_30_diamonds(graph, g):
    g.diamond_ladder("p", 30, kind="DEPENDS_ON")
    operators, rows = profile(graph, "premise_closure", {"claims": ["pn30"], "t": T})
    _assert_pruning(operators)
    assert len(rows) == 90
    assert judge_all(graph, ["pn30"]) == [("pn30", "ACTIVE", "CURRENT")]
    g.claim("fix", at="2025-02-01")
    g.supersedes("fix", "pn0", at="2025-02-01")  # the bottom premise, 60 hops below the top
    assert judge_all(graph, ["pn30"]) == [("pn30", "UNKNOWN", "PREMISE_NOT_CURRENT")]


def test_closure_and_status_on_10000_long_chain(graph, g):
    g.chain("c", 10_000)
    operators, rows = profile(graph, "revision_closure", {"claims": ["c0"], "q": None, "t": T})
    _assert_pruning(operators)
    assert len(rows) == 9_999
    assert [row["successor"] for row in rows if row["head"]] == ["c9999"]
    assert judge_all(graph, ["c0", "c5000", "c9999"]) == [
        ("c0", "STALE", "SUPERSEDED"), ("c5000", "STALE", "SUPERSEDED"), ("c9999", "ACTIVE", "CURRENT")]
    graph.write(
        "MATCH (a:Claim {uid: 'c0'}), (b:Claim {uid: 'c9999'}) "
        "CREATE (a)-[:SUPERSEDES {valid_from: datetime('2025-01-01'), scope: '', via: ''}]->(b)"
    )
    assert judge_all(graph, ["c0", "c5000", "c9999"]) == [
        ("c0", "CONFLICT", "REVISION_CYCLE"), ("c5000", "CONFLICT", "REVISION_CYCLE"), ("c9999", "CONFLICT", "REVISION_CYCLE")]


def test_premise_chain_of_10000_is_followed_to_the_end(graph, g):
    uids = g.chain("p", 10_000, kind="DEPENDS_ON")  # p1 depends on p0, p2 on p1, ...
    g.claim("fix", at="2025-02-01")
    g.corrects("fix", "p0", at="2025-02-01")
    [row] = status(graph, [uids[-1]], at=T)
    assert (row.status, row.reason) == ("UNKNOWN", "PREMISE_NOT_CURRENT")
    # the status lists its direct premise and, however far down, the one not current (docs/design.md "Kept premises")
    assert row.premises == ("p9998",) and row.premises_not_current == ("p0",)
    assert len(graph.read("premise_closure", {"claims": [uids[-1]], "t": T})) == 9_999


def judge_all(graph, uids):
    return [(row.claim, row.status, row.reason) for row in status(graph, uids, at=T)]


def test_revision_closure_stops_at_rejected_revisers_on_a_ladder_of_30_diamonds(graph, g):
    g.diamond_ladder("d", 30)
    graph.write("MATCH (c:Claim) WHERE c.uid IN ['dl15', 'dr15'] SET c.declared = 'rejected' "
                "WITH c MATCH (c)-[cited:CITED_AT]->(:Snapshot) SET cited.declared = 'rejected'")
    operators, rows = profile(graph, "revision_closure", {"claims": ["dn0"], "q": None, "t": T})
    _assert_pruning(operators)
    assert len(rows) == 45  # dl0/dr0 .. dn15: the rejected sides above dn15 revise nothing, so the walk stops there
    assert [row["successor"] for row in rows if row["head"]] == ["dn15"]
    assert judge_all(graph, ["dn15", "dl15", "dn16"]) == [
        ("dl15", "STALE", "SUPERSEDED"), ("dn15", "ACTIVE", "CURRENT"), ("dn16", "STALE", "SUPERSEDED")]
