"""Scope never hides the reason (issue 22): a STALE SUPERSEDED claim names its successor and the scope its edge acts
in, and an UNKNOWN PREMISE_NOT_CURRENT claim names the premise and the scope in which it is not current, in status,
lineage and the lineage picture, without --scope. Real Neo4j."""
from __future__ import annotations

import json

from cli_helpers import run as cli

from provgraph.engine import stored_check, stored_status
from provgraph.engine.lineage import lineage
from provgraph.engine.status import status
from provgraph.graph.connection import Graph
from provgraph.views.lineage import render


def _superseded_in_a_narrower_scope(g) -> None:
    # fx#58 says it is superseded; the successor's edge acts in org/acme/fx only, narrower than fx#58's own scope
    g.claim("acme/fx#58", scope="org/acme", declared="superseded", at="2025-01-01")
    g.claim("acme/fx#60", scope="org/acme/fx", at="2025-02-01")
    g.supersedes("acme/fx#60", "acme/fx#58", at="2025-02-01", scope="org/acme/fx")


def test_a_claim_superseded_only_in_a_narrower_scope_names_its_successor_and_that_scope(graph: Graph, g) -> None:
    _superseded_in_a_narrower_scope(g)
    row = status(graph, ["acme/fx#58"])[0]
    assert (row.status, row.reason, row.successors) == ("STALE", "SUPERSEDED", ())
    assert (row.successors_elsewhere, row.successors_elsewhere_scopes) == (("acme/fx#60",), ("org/acme/fx",))
    assert row.why() == "-> acme/fx#60 (in force in scope org/acme/fx, not in org/acme) (SUPERSEDED)"
    table = cli("status", "acme/fx#58").output
    assert "acme/fx#60 (in force in scope org/acme/fx" in table
    as_json = json.loads(cli("status", "acme/fx#58", "--format", "json").output)[0]
    assert as_json["successors_elsewhere"] == [{"claim": "acme/fx#60", "scope": "org/acme/fx"}]
    # in the scope where the edge acts, it is an ordinary successor, named with its scope
    scoped = status(graph, ["acme/fx#58"], scope="org/acme/fx")[0]
    assert (scoped.successors, scoped.successor_scopes, scoped.successors_elsewhere) == (("acme/fx#60",), ("org/acme/fx",), ())
    assert scoped.why() == "-> acme/fx#60 (SUPERSEDED)"  # the scope asked needs no naming
    wider = status(graph, ["acme/fx#58"], scope="org/acme/fx/eu")[0]
    assert wider.why() == "-> acme/fx#60 (in scope org/acme/fx) (SUPERSEDED)"


def test_lineage_and_its_picture_show_the_successor_acting_in_another_scope(graph: Graph, g) -> None:
    _superseded_in_a_narrower_scope(g)
    view = lineage(graph, "acme/fx#58")
    assert [(e.source, e.target, e.elsewhere) for e in view.edges] == [("acme/fx#60", "acme/fx#58", True)]
    tree = render(view, "tree")
    assert "<- SUPERSEDES (in scope org/acme/fx only) by acme/fx#60" in tree
    assert "SUPERSEDES #40;in scope org/acme/fx only#41;" in render(view, "mermaid")
    # a global edge is walked as before, with no scope note
    g.claim("acme/fx#61", at="2025-03-01")
    g.supersedes("acme/fx#61", "acme/fx#60", at="2025-03-01", scope="")
    assert "(in scope" not in render(lineage(graph, "acme/fx#60"), "tree")


def test_a_premise_not_current_is_named_with_its_verdict_in_the_scope_asked(graph: Graph, g) -> None:
    g.claim("card-7", scope="org/acme/cards", at="2025-01-01")
    g.claim("vault-v1", scope="org/acme/payments", at="2025-01-01")
    g.depends_on("card-7", "vault-v1", at="2025-01-01")
    listed = {row.claim: row for row in status(graph)}
    assert listed["vault-v1"].status == "ACTIVE"  # in its own scope
    card = listed["card-7"]
    assert (card.status, card.reason, card.premises_not_current, card.premise_verdicts) == (
        "UNKNOWN", "PREMISE_NOT_CURRENT", ("vault-v1",), ("UNKNOWN OUT_OF_SCOPE",))
    assert card.why() == "needs vault-v1 [UNKNOWN OUT_OF_SCOPE in scope org/acme/cards] (PREMISE_NOT_CURRENT)"
    assert "why: needs vault-v1 [UNKNOWN OUT_OF_SCOPE in scope org/acme/cards]" in render(lineage(graph, "card-7"), "tree")


def test_the_stored_status_carries_the_same_names(graph: Graph, g) -> None:
    _superseded_in_a_narrower_scope(g)
    g.claim("card-7", scope="org/acme/cards", at="2025-01-01")
    g.depends_on("card-7", "acme/fx#60", at="2025-01-01")
    graph.transaction(lambda tx: stored_status.recompute(tx, ["acme/fx#58", "acme/fx#60", "card-7"]), write=True)
    stored = {row.claim: row for row in status(graph)}
    assert stored["acme/fx#58"].successors_elsewhere_scopes == ("org/acme/fx",)
    assert stored["card-7"].premise_verdicts == ("UNKNOWN OUT_OF_SCOPE",)
    assert stored_check.check(graph).ok
