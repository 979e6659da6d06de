"""`adjudicate` and `revoke`: the stored shape, what status/verify/lineage/conflicts see, as of any time."""
from __future__ import annotations

import pytest
from verify_helpers import ingest_sessions

from provgraph.api import Provgraph
from provgraph.base.errors import NotFound, UsageError
from provgraph.engine.adjudication import adjudicate, revoke
from provgraph.engine.conflicts import conflicts
from provgraph.engine.lineage import lineage
from provgraph.engine.status import status
from provgraph.graph.connection import Graph

Q = {"scope": "user/u1", "subject": "user.location"}
DECIDED, REVOKED = "2026-03-04T00:00:00Z", "2026-04-01T00:00:00Z"


def test_adjudication_is_stored_as_the_schema_describes(graph: Graph, tmp_path) -> None:
    ingest_sessions(graph, tmp_path)
    # ids may be aliases (a card's url)
    result = adjudicate(graph, "https://chat.example/u1/33", "s13", why="moved", by="tester", at=DECIDED)
    assert result["adjudication"].startswith("adj:") and result["keeps"] == "s33" and result["retires"] == ["s13"]
    assert result["scope"] == "user/u1"  # the kept claim's scope by default
    [row] = graph.read(
        "MATCH (a:Adjudication {uid: $uid})-[:KEEPS]->(k:Claim), (a)-[:RETIRES]->(r:Claim), (k)-[e:SUPERSEDES]->(r) "
        "RETURN a.by AS by, a.why AS why, a.scope AS scope, a.revoked_at AS revoked, k.uid AS keep, r.uid AS retire, "
        "e.via AS via, e.valid_from = a.decided_at AS from_decided, e.valid_to AS valid_to, e.scope AS edge_scope",
        {"uid": result["adjudication"]},
    )
    assert row == {"by": "tester", "why": "moved", "scope": "user/u1", "revoked": None, "keep": "s33", "retire": "s13",
                   "via": result["adjudication"], "from_decided": True, "valid_to": None, "edge_scope": "user/u1"}
    # the same decision again writes nothing new
    again = adjudicate(graph, "s33", "s13", why="moved", by="tester", at=DECIDED)
    assert again["adjudication"] == result["adjudication"]
    assert graph.read("MATCH ()-[e:SUPERSEDES]->() RETURN count(e) AS n")[0]["n"] == 1


def test_adjudication_history_and_revocation(graph: Graph, tmp_path) -> None:
    ingest_sessions(graph, tmp_path)
    # before session 33 existed, s13 alone was enough
    assert Provgraph(graph).verify(["s13"], ["s13"], at="2026-02-01", **Q).verdict == "SUPPORTED_BY_CURRENT_SOURCE"
    uid = adjudicate(graph, "s33", "s13", scope="user/u1", why="moved", by="tester", at=DECIDED)["adjudication"]
    # as of a time before the decision, the rivals still conflict
    assert Provgraph(graph).verify(["s33"], ["s13", "s33"], at="2026-03-03T12:00:00Z", **Q).verdict == "CURRENTNESS_CONFLICT"
    assert Provgraph(graph).verify(["s33"], ["s13", "s33"], at="2026-03-10", **Q).verdict == "SUPPORTED_BY_CURRENT_SOURCE"
    assert conflicts(graph, scope="user/u1") == []

    revoked = revoke(graph, uid, at=REVOKED)
    assert {key: revoked[key] for key in ("adjudication", "revoked_at", "edges")} == {"adjudication": uid, "revoked_at": REVOKED, "edges": 1}
    assert revoked["kind"] is None and revoked["keeps"] and revoked["retires"]  # and what was revoked
    # from the revoke time on the conflict is back; before it the decision still holds
    assert Provgraph(graph).verify(["s33"], ["s13", "s33"], **Q).verdict == "CURRENTNESS_CONFLICT"
    assert Provgraph(graph).verify(["s33"], ["s13", "s33"], at=REVOKED, **Q).verdict == "CURRENTNESS_CONFLICT"
    assert Provgraph(graph).verify(["s33"], ["s13", "s33"], at="2026-03-10", **Q).verdict == "SUPPORTED_BY_CURRENT_SOURCE"
    assert Provgraph(graph).verify(["s13"], ["s13", "s33"], at="2026-03-10", **Q).verdict == "STALE_EVIDENCE"
    assert [c.claims for c in conflicts(graph, scope="user/u1")] == [("s13", "s33")]
    assert conflicts(graph, scope="user/u1", at="2026-03-10") == []
    [before] = status(graph, ["s13"], scope="user/u1", at="2026-03-10")
    assert (before.status, before.reason, before.successors) == ("STALE", "SUPERSEDED", ("s33",))

    # lineage shows the adjudication, revoked or not
    view = lineage(graph, "s13", scope="user/u1", at="2026-03-10")
    assert [(a["uid"], a["keeps"], a["retires"]) for a in view.adjudications] == [(uid, ["s33"], ["s13"])]
    assert view.successors() == ["s33"]
    now = lineage(graph, "s13", scope="user/u1")
    assert [a["revoked_at"] for a in now.adjudications] == [REVOKED]
    assert now.successors() == []

    with pytest.raises(UsageError):
        revoke(graph, uid, at="2026-05-01")  # already revoked


def test_adjudicate_and_revoke_refuse_unknown_ids_and_bad_times(graph: Graph, g) -> None:
    g.claim("a", subject="k", value="1", at="2025-01-01")
    g.claim("b", subject="k", value="2", at="2025-01-01")
    with pytest.raises(NotFound):
        adjudicate(graph, "a", "nope", why="", by="t")
    with pytest.raises(NotFound):
        adjudicate(graph, "nope", "a", why="", by="t")
    with pytest.raises(UsageError):
        adjudicate(graph, "a", "a", why="", by="t")
    with pytest.raises(NotFound):
        revoke(graph, "adj:000000000000")
    uid = adjudicate(graph, "a", "b", why="", by="t", at="2025-06-01")["adjudication"]
    with pytest.raises(UsageError):
        revoke(graph, uid, at="2025-05-01")  # before it was decided
    assert graph.read("MATCH (a:Adjudication) RETURN a.revoked_at AS r")[0]["r"] is None


def test_the_opposite_decision_needs_the_first_revoked(graph: Graph, g) -> None:
    g.claim("a", subject="k", value="1", at="2025-01-01")
    g.claim("b", subject="k", value="2", at="2025-01-01")
    first = adjudicate(graph, "a", "b", why="", by="t", at="2025-02-01")["adjudication"]
    with pytest.raises(UsageError, match=f"revoke {first}"):
        adjudicate(graph, "b", "a", why="changed our mind", by="t", at="2025-03-01")
    revoke(graph, first, at="2025-03-01")
    adjudicate(graph, "b", "a", why="changed our mind", by="t", at="2025-03-01")
    assert [(s.claim, s.status) for s in status(graph, ["a", "b"])] == [("a", "STALE"), ("b", "ACTIVE")]
    assert [(s.claim, s.status) for s in status(graph, ["a", "b"], at="2025-02-15")] == [("a", "ACTIVE"), ("b", "STALE")]
