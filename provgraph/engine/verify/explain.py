"""The sentence a verdict carries: the first terminal that matches, and what a person can do about it."""
from __future__ import annotations

import shlex
from typing import Any, Mapping, Sequence

from provgraph.base.text import and_more, short_hash
from provgraph.engine.verify.verdict import SUPPORTED, EvidenceCheck

_SHOWN = 3  # how many claims an explanation names before "and N more"


def _where(scope: str | None, edge_scope: str | None = None) -> str:
    shown = scope if scope is not None else edge_scope
    return f" in {shown}" if shown else ""


def successor_reason(row: dict[str, Any], scope: str | None) -> str:
    verb = {"CORRECTS": "corrects", "SUPERSEDES": "supersedes", "INVALIDATES": "invalidates", "AMENDS": "amends"}[row["kind"]]
    if row.get("force") == "PENDING":
        verb = f"proposes to {verb[:-1]}"  # a pending revision: not in force yet, but part of the answer's history
    how = " by adjudication" if row["via"] else ""
    if row["direct"]:
        return f"{row['successor']} {verb} {row['claim']}{how}{_where(scope, row['edge_scope'])}"
    return (f"{row['successor']} {verb} {row['next']}{how}, a later revision of {row['claim']}"
            f"{_where(scope, row['edge_scope'])}")


def rival_reason(row: dict[str, Any], scope: str | None) -> str:
    if row["kind"] == "EXPLICIT_CONFLICT":
        return f"{row['rival']} is recorded as conflicting with {row['claim']}{_where(scope, row['scope'])}"
    about = f" on {row['subject']}" if row.get("subject") else ""
    return f"{row['rival']} is a rival of {row['claim']}{about}{_where(scope, row['scope'])}"


def _names(uids: Sequence[str]) -> str:
    return and_more(uids, _SHOWN)


def _short(digest: str | None) -> str:
    return f"sha256:{short_hash(digest)}" if digest else "none"


def terminal(
    checks: tuple[EvidenceCheck, ...],
    no_candidates: bool,
    missing: tuple[str, ...],
    why_missing: Mapping[str, str],
    heads: Mapping[str, list[str]],
    scope: str | None,
) -> tuple[str, str]:
    """The first terminal that matches, in the order of docs/design.md "Verifying an answer's evidence", and one sentence a person can act on."""
    unbound = [c for c in checks if not c.bound]
    if unbound:
        first = unbound[0]
        if not first.known:
            detail = f"{first.given.id} is not a claim in the graph: ingest the record that states it or cite a known claim"
        elif first.status.placeholder or first.status.reason == "UNBOUND":
            detail = f"{first.status.claim} is only referenced, never ingested: ingest the record that states it"
        else:
            detail = (f"The snapshot sha256:{short_hash(first.given.snapshot) or ''} does not cite {first.status.claim}: "
                      f"re-read it from its source (now {_short(first.current_snapshot)})")
        return "SNAPSHOT_UNBOUND", _sentence(detail, len(unbound))
    if no_candidates:
        return ("CANDIDATE_SET_UNBOUND",
                "No candidate set was given: pass the ids the retriever considered (--candidates) so later revisions "
                "and rivals of the evidence can be checked.")
    if missing:
        reasons = and_more([why_missing[uid] for uid in missing], _SHOWN, "; ", bracketed=False)
        return ("REVISION_CLOSURE_INCOMPLETE",
                f"Add {_names(list(missing))} to the candidate set and check again: {reasons}.")
    conflicted = [c for c in checks if c.status.status == "CONFLICT"]
    if conflicted:
        row = conflicted[0].status
        if row.reason == "REVISION_CYCLE":
            detail = (f"{row.claim} lies on a cycle of revisions{_where(scope, row.question_scope)}: "
                      f"fix the records or record a decision with `provgraph adjudicate`")
        else:
            rivals = _names(list(row.conflicts_with)) or "a rival"
            other = shlex.quote(row.conflicts_with[0]) if row.conflicts_with else "ID"
            in_scope = f" --scope {shlex.quote(row.question_scope)}" if row.question_scope else ""
            detail = (f"{row.claim} conflicts with {rivals}{_where(scope, row.question_scope)}: decide which "
                      f"governs, e.g. `provgraph adjudicate --keep {shlex.quote(row.claim)} --retire {other}{in_scope}` "
                      f"or the reverse")
        return "CURRENTNESS_CONFLICT", _sentence(detail, len(conflicted))
    stale = [c for c in checks if c.status.status == "STALE" or c.seen_changed]
    if stale:
        first = stale[0]
        row = first.status
        if row.reason in ("CORRECTED", "SUPERSEDED", "INVALIDATED") and row.successors:
            current = heads.get(row.claim) or list(row.successors)
            detail = f"{row.claim} is {row.reason.lower()} by {', '.join(row.successors)}: cite {' or '.join(current)} instead"
        elif row.status == "STALE":
            detail = f"{row.claim} is no longer current ({row.reason}): find what governs now and cite that"
        else:
            detail = (f"The text of {row.claim} you read in sha256:{short_hash(first.given.snapshot) or ''} has since changed: "
                      f"re-read it from {_short(first.current_snapshot)}")
        return "STALE_EVIDENCE", _sentence(detail, len(stale))
    unknown = [c for c in checks if c.status.status == "UNKNOWN"]
    out_of_scope = [c for c in unknown if c.status.reason == "OUT_OF_SCOPE"]
    if out_of_scope:
        row = out_of_scope[0].status
        detail = (f"{row.claim} is scoped to {row.scope or '(global)'}, which does not cover the question scope "
                  f"{row.question_scope or '(global)'}: cite a claim whose scope covers it")
        return "OUT_OF_SCOPE", _sentence(detail, len(out_of_scope))
    if unknown:
        row = unknown[0].status
        hints = {
            "NOT_YET_ASSERTED": "nothing states it yet at that time",
            "NOT_YET_VALID": "it is not valid yet at that time",
            "PROPOSED": "its document marks it proposed or draft",
            "ON_HOLD": "its document marks it on hold",
            "UNRECOGNISED_STATUS": f"its document gives the status {row.declared!r}, which provgraph does not know",
            "PREMISE_NOT_CURRENT": f"it rests on {', '.join(row.premises_not_current) or 'a premise'}, which is not current",
        }
        detail = (f"The current state of {row.claim} is unknown ({hints.get(row.reason, row.reason)}): "
                  f"do not present it as current")
        return "CURRENT_STATE_UNKNOWN", _sentence(detail, len(unknown))
    claims = [c.status.claim for c in checks]
    where = _where(scope, checks[0].status.question_scope) if checks else ""
    return (SUPPORTED,
            f"{_names(list(dict.fromkeys(claims)))} {'is' if len(set(claims)) == 1 else 'are'} current{where}, "
            f"and the candidate set holds every later revision and rival.")


def _sentence(detail: str, count: int) -> str:
    more = f" ({count - 1} more evidence claim{'s' if count > 2 else ''} likewise)" if count > 1 else ""
    return detail + more + "."


__all__ = ["rival_reason", "successor_reason", "terminal"]
