"""The example of docs/design.md "Verifying an answer's evidence" end to end: a user's location across two chat sessions, ingested as board cards."""
from __future__ import annotations

from verify_helpers import ingest_sessions, run

from provgraph.api import Provgraph
from provgraph.graph.connection import Graph

Q = {"scope": "user/u1", "subject": "user.location"}


def test_the_three_cuts_of_the_two_sessions_example(graph: Graph, tmp_path) -> None:
    ingest_sessions(graph, tmp_path)

    first = Provgraph(graph).verify(["s13"], ["s13"], **Q)
    assert first.verdict == "REVISION_CLOSURE_INCOMPLETE"
    assert first.missing == ("s33",)
    assert "Add s33 to the candidate set" in first.explanation

    second = Provgraph(graph).verify(["s33"], ["s13", "s33"], **Q)
    assert second.verdict == "CURRENTNESS_CONFLICT"
    assert second.missing == ()
    assert [e.status.status for e in second.evidence] == ["CONFLICT"]

    result = run("adjudicate", "--keep", "s33", "--retire", "s13", "--why", "moved", "--by", "tester",
                 "--at", "2026-03-04T00:00:00Z")
    assert result.exit_code == 0, result.output
    assert result.stdout.strip().startswith("adj:")

    supported = Provgraph(graph).verify(["s33"], ["s13", "s33"], **Q)
    assert supported.verdict == "SUPPORTED_BY_CURRENT_SOURCE" and supported.supported
    stale = Provgraph(graph).verify(["s13"], ["s13", "s33"], **Q)
    assert stale.verdict == "STALE_EVIDENCE"
    assert "cite s33 instead" in stale.explanation
    # after the decision, s33 is no longer missing-by-rivalry when only s13 was retrieved: it is a successor now
    again = Provgraph(graph).verify(["s13"], ["s13"], **Q)
    assert again.verdict == "REVISION_CLOSURE_INCOMPLETE" and again.missing == ("s33",)
    assert "s33 supersedes s13 by adjudication" in again.explanation
