"""Rivals are reported as a group, one per subject and question scope, however many values the subject holds."""
from __future__ import annotations

import json

from cli_helpers import run

from provgraph.base.times import parse_moment
from provgraph.engine.conflicts import conflicts
from provgraph.engine.status import status


def _rival_pairs(graph) -> set[tuple[str, str]]:
    """Rule 10 pair by pair (the rivals query, for every claim in CONFLICT), as a group must agree with."""
    claims = [row.claim for row in status(graph) if row.status == "CONFLICT"]
    rows = graph.read("rivals", {"claims": claims, "q": None, "t": parse_moment(None, missing="now"), "subject": None, "active": False})
    return {tuple(sorted((r["claim"], r["rival"]))) for r in rows
            if r["kind"] == "RIVAL_CLAIM" and r["rival_status"] == "ACTIVE"}


def test_three_values_of_one_key_are_one_group_with_their_values(graph, g):
    g.claim("a", subject="flag.x", value="on", scope="org", at="2025-01-01")
    g.claim("b", subject="flag.x", value="off", scope="org", at="2025-01-02")
    g.claim("c", subject="flag.x", value="on", scope="org", at="2025-01-03")
    g.claim("old", subject="flag.x", value="auto", scope="org", at="2025-01-01")
    g.claim("new", subject="flag.x", value="auto", scope="org", at="2025-01-04")
    g.supersedes("new", "old", at="2025-01-04")
    found = conflicts(graph)
    assert [(c.kind, c.claims, c.values, c.subject, c.scope) for c in found] == [
        ("RIVAL_CLAIM", ("a", "b", "c", "new"), ("on", "off", "on", "auto"), "flag.x", "org")]
    assert found[0].resolve[0].startswith("provgraph adjudicate --keep ONE --retire EACH-OTHER --scope org")
    members = {uid for pair in _rival_pairs(graph) for uid in pair}
    assert members == set(found[0].claims)


def test_claims_joined_by_an_amendment_are_no_group_until_a_third_value_comes(graph, g):
    g.claim("x", subject="k", value="1", at="2025-01-01")
    g.claim("y", subject="k", value="2", at="2025-01-02")
    g.amends("y", "x", at="2025-01-02")
    assert conflicts(graph) == []
    g.claim("z", subject="k", value="3", at="2025-01-03")
    assert [c.claims for c in conflicts(graph)] == [("x", "y", "z")]
    assert _rival_pairs(graph) == {("x", "z"), ("y", "z")}


def test_a_pair_of_rivals_keeps_its_two_concrete_hints(graph, g):
    g.claim("s13", subject="user.location", value="Seattle", scope="user/u1", at="2025-01-13")
    g.claim("s30", subject="user.location", value="Austin", scope="user/u1", at="2025-01-30")
    (found,) = conflicts(graph)
    assert found.claims == ("s13", "s30") and found.values == ("Seattle", "Austin")
    assert found.resolve == ("provgraph adjudicate --keep s30 --retire s13 --scope user/u1",
                             "provgraph adjudicate --keep s13 --retire s30 --scope user/u1")


def test_a_key_with_forty_values_is_one_conflict_and_its_lines_name_five_rivals(graph, g):
    uids = [f"v{n:02d}" for n in range(40)]
    for n, uid in enumerate(uids):
        g.claim(uid, subject="limit", value=str(n), scope="svc", at=f"2025-02-{n % 28 + 1:02d}")
    data = json.loads(run("conflicts", "--format", "json").output)
    assert len(data) == 1 and data[0]["claims"] == uids and data[0]["values"] == [str(n) for n in range(40)]
    table = run("conflicts").output
    assert "40 claims: v00, v01, v02, v03, v04 (and 35 more)" in table and "v39" not in table
    line = next(row for row in status(graph) if row.claim == "v00").why()
    assert line == "<> v01, v02, v03, v04, v05 (and 34 more) (RIVAL_CLAIM)"
    assert len(next(row for row in status(graph) if row.claim == "v00").conflicts_with) == 39  # JSON keeps them all
