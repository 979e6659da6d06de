"""The account of a status: since when a claim has had it, and what made it so (docs/design.md "The account of a status").

`cypher/status_account.cypher` names, for each status row, the instant its status and reason began (`since`) and the
record, adjudication or expiry that made it so (`because`), with that record's snapshot, commit, author, committer and
the file and line that state it. The write-time pass stores it with the status (`provgraph.engine.stored_status`);
a status computed when read (another scope, another time) takes it from the same query, one call per chunk of rows.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any

from provgraph.graph.connection import Runner

# The account's columns, as the status rows carry them (stored on the claim as status_<column>)
COLUMNS = ("since", "because_kind", "because", "because_snapshot", "because_commit", "because_author",
           "because_committer", "because_file", "because_line", "because_by")



def add_account(run: Runner, rows: list[dict[str, Any]], t: datetime) -> list[dict[str, Any]]:
    """`rows` (status query rows at `t`) with the account's columns filled in, in place; returns them."""
    if not rows:
        return rows
    asks = [{"claim": row["claim"], "reason": row["reason"], "question_scope": row.get("question_scope"),
             "conflicts_with": list(row.get("conflicts_with") or []),
             "premises_not_current": list(row.get("premises_not_current") or [])} for row in rows]
    found = {answer["claim"]: answer for answer in run("status_account", {"rows": asks, "t": t})}
    for row in rows:
        answer = found.get(row["claim"], {})
        for column in COLUMNS:
            row[column] = answer.get(column)
    return rows


__all__ = ["COLUMNS", "add_account"]
