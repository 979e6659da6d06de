"""A suspect confirmed as something other than a revision: `adjudicate --relates A B` records that A relates to B,
`--depends-on A B` that A rests on B (B becomes A's premise). Either link ends the suspicion while it stands,
changes statuses only as a recorded link of that kind would, and is revoked like any adjudication."""
from __future__ import annotations

from pathlib import Path

from suspects_helpers import CACHE_1, CACHE_2, OTHERS, ingest_log, pairs, run

from provgraph.engine.lineage import lineage
from provgraph.engine.status import status
from provgraph.engine.suspects import suspects
from provgraph.graph.connection import Graph
from provgraph.views.lineage import render as render_lineage


def _statuses(graph: Graph) -> dict[str, tuple[str, str]]:
    return {row.claim: (row.status, row.reason) for row in status(graph, ["cache-1", "cache-2"])}


def _adjudicate(*args: str) -> str:
    result = run("adjudicate", *args)
    assert result.exit_code == 0, result.output
    return result.stdout.strip()


def test_a_suspect_confirmed_as_related_is_no_suspect_and_changes_no_status(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, CACHE_2])
    assert pairs(suspects(graph)) == [("cache-1", "cache-2")]
    uid = _adjudicate("--relates", "cache-2", "cache-1", "--why", "same cache, another team")
    assert suspects(graph) == []
    assert _statuses(graph) == {"cache-1": ("ACTIVE", "CURRENT"), "cache-2": ("ACTIVE", "CURRENT")}
    [edge] = graph.read("MATCH (:Claim {uid: 'cache-2'})-[r:RELATES]->(:Claim {uid: 'cache-1'}) RETURN r.via AS via")
    assert edge["via"] == uid
    revoked = run("adjudicate", "--revoke", uid)
    assert revoked.exit_code == 0 and "recorded that cache-2 relates to cache-1" in revoked.stdout, revoked.output
    assert pairs(suspects(graph)) == [("cache-1", "cache-2")]


def test_a_suspect_confirmed_as_a_premise_follows_its_premise_until_revoked(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, CACHE_2])
    link = _adjudicate("--depends-on", "cache-2", "cache-1")
    assert suspects(graph) == []
    assert _statuses(graph)["cache-2"] == ("ACTIVE", "CURRENT")
    _adjudicate("--keep", "refund-1", "--retire", "cache-1", "--why", "the premise goes")
    assert _statuses(graph) == {"cache-1": ("STALE", "SUPERSEDED"), "cache-2": ("UNKNOWN", "PREMISE_NOT_CURRENT")}
    assert status(graph, ["cache-2"])[0].premises_not_current == ("cache-1",)
    assert run("check").exit_code == 0  # the stored statuses follow the link and its revocation
    _adjudicate("--revoke", link)
    assert _statuses(graph)["cache-2"] == ("ACTIVE", "CURRENT")
    assert run("check").exit_code == 0


def test_a_link_of_a_claim_to_itself_or_with_another_decision_is_refused_in_one_line(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, CACHE_2])
    for args in (["--relates", "cache-1", "cache-1"], ["--depends-on", "cache-2", "cache-1", "--distinct", "a", "b"],
                 ["--relates", "cache-2", "nope"]):
        result = run("adjudicate", *args)
        assert result.exit_code == 2, (args, result.output)
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert graph.read("MATCH (a:Adjudication) RETURN count(a) AS n")[0]["n"] == 0


def test_lineage_lists_a_confirmed_link_with_both_claims_before_and_after_its_revocation(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, CACHE_2])
    uid = _adjudicate("--depends-on", "cache-2", "cache-1", "--by", "reviewer", "--why", "the new cache keeps the expiry",
                      "--at", "2025-07-01T00:00:00Z")
    for claim in ("cache-1", "cache-2"):
        [adjudication] = lineage(graph, claim).to_dict()["adjudications"]
        assert (adjudication["uid"], adjudication["kind"], adjudication["links"]) == (uid, "depends_on", [["cache-2", "cache-1"]])
        assert (f"{uid}: cache-2 depends on cache-1 (by reviewer, 2025-07-01T00:00:00Z): the new cache keeps the expiry"
                in render_lineage(lineage(graph, claim), "tree"))
    _adjudicate("--revoke", uid, "--at", "2025-08-01T00:00:00Z")
    tree = render_lineage(lineage(graph, "cache-1"), "tree")
    assert f"{uid}: cache-2 depends on cache-1 (by reviewer, 2025-07-01T00:00:00Z, revoked 2025-08-01T00:00:00Z)" in tree
