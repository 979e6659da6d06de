"""The oracle set-wise verify is held to: one question answered by four named queries, one request at a time.

`verify_evidence` and `verify_closure` (in ./queries/, used only here) resolve the items and walk the candidate
set's revision closure; `status` and `rivals` are the shipped queries. `verify_requests` must give the same
verdicts byte for byte (test_verify_setwise.py)."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from provgraph import cypher
from provgraph.engine.verify.judge import Runner, _decide
from provgraph.engine.verify.request import Question
from provgraph.engine.verify.verdict import Verdict
from provgraph.graph.connection import Tx

QUERIES = Path(__file__).resolve().parent / "queries"


def runner(tx: Tx) -> Runner:
    """Run a named query: the oracle's own from ./queries/, the others as shipped."""
    def run(name: str, params: Mapping[str, Any]) -> list[dict[str, Any]]:
        own = QUERIES / f"{name}.cypher"
        query = cypher.parse(own) if own.is_file() else cypher.load(name)
        query.check(params)
        return tx.rows(query.text, params)

    return run


def judge(run: Runner, question: Question) -> Verdict:
    """One question the way the four named queries answer it (what verify_requests must agree with)."""
    given, scope, t = question.given, question.scope, question.t
    items = [{"id": e.id, "snapshot": e.snapshot} for e in given]
    items += [{"id": c, "snapshot": None} for c in question.candidates or ()]
    resolved = run("verify_evidence", {"items": items, "t": t})
    evidence_uids = sorted({row["claim"] for row in resolved[: len(given)] if row["claim"] is not None})
    status_rows = []
    if evidence_uids:
        status_rows = run("status", {"claims": evidence_uids, "q": scope, "t": t, "subject": None, "only": None})
    closure_rows: list[dict[str, Any]] = []
    rival_rows: list[dict[str, Any]] = []
    ordered = sorted({row["claim"] for row in resolved if row["claim"] is not None})
    if question.candidates is not None:
        if ordered:
            closure_rows = run("verify_closure", {"claims": ordered, "q": scope, "t": t})
            rival_rows = run("rivals", {"claims": ordered, "q": scope, "t": t, "subject": question.subject, "active": False})
    return _decide(question, resolved[: len(given)], ordered, status_rows, closure_rows, rival_rows)
