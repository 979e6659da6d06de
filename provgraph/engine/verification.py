"""The currentness check: does an answer's evidence still govern, for this question's scope and time?

docs/design.md "Verifying an answer's evidence". The graph work runs in Cypher, set-wise: one
`cypher/verify_requests.cypher` query answers many requests at once (evidence and candidates
resolved, the reader's snapshot hashes checked, successor closures, rivals), reading the
statuses stored at write time (`provgraph.engine.stored_status`) where they answer the question. What they
cannot answer (no fresh stored status, another question scope) is asked of the named queries
the four-query path uses (`status`, `rivals`), once per distinct question. This module only
compares the sets those queries return and picks the first terminal that matches, in the
design's order (`TERMINALS`).

`verify` is one such query; `verify_batch` sends the requests in chunks of `CHUNK`, so the
per-query overhead is paid per chunk, not per request.
"""
from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from provgraph import cypher
from provgraph.base.as_of import as_of
from provgraph.base.errors import ProvgraphError, UsageError
from provgraph.base.text import and_more, short_hash
from provgraph.base.times import to_iso
from provgraph.engine.status import ClaimStatus
from provgraph.graph.connection import Graph, Tx

TERMINALS = (
    "SNAPSHOT_UNBOUND",
    "CANDIDATE_SET_UNBOUND",
    "REVISION_CLOSURE_INCOMPLETE",
    "CURRENTNESS_CONFLICT",
    "STALE_EVIDENCE",
    "OUT_OF_SCOPE",
    "CURRENT_STATE_UNKNOWN",
    "SUPPORTED_BY_CURRENT_SOURCE",
)
SUPPORTED = "SUPPORTED_BY_CURRENT_SOURCE"

_HEX = re.compile(r"[0-9a-f]{64}")
_SEPARATOR = "@sha256:"
_SHOWN = 3  # how many claims an explanation names before "and N more"

Runner = Callable[[str, Mapping[str, Any]], list[dict[str, Any]]]


# -- the request -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Evidence:
    """One evidence claim as the reader gave it: an id or alias, and the snapshot hash seen (hex) if any."""

    id: str
    snapshot: str | None = None

    @classmethod
    def parse(cls, item: Any) -> "Evidence":
        """From "ID", "ID@sha256:HEX", (id, hex), {"claim": id, "snapshot": "sha256:HEX"} or an Evidence."""
        if isinstance(item, Evidence):
            return item
        if isinstance(item, str):
            claim, separator, digest = item.rpartition(_SEPARATOR)
            if not separator:
                return cls(_claim_id(item))
            return cls(_claim_id(claim), _digest(digest, item))
        if isinstance(item, Mapping):
            unknown = sorted(set(item) - {"claim", "snapshot"})
            if unknown:
                raise UsageError(f"evidence object has unknown key(s) {', '.join(unknown)} (use claim, snapshot)")
            return cls(_claim_id(item.get("claim")), _digest(item.get("snapshot"), item))
        if isinstance(item, (tuple, list)) and len(item) == 2:
            return cls(_claim_id(item[0]), _digest(item[1], item))
        raise UsageError(f"evidence must be an id, 'ID@sha256:HEX', (id, sha256) or {{claim, snapshot}}; got {item!r}")

    def to_text(self) -> str:
        return f"{self.id}{_SEPARATOR}{self.snapshot}" if self.snapshot else self.id


def _claim_id(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise UsageError(f"an evidence or candidate id must be a non-empty string; got {value!r}")
    return value.strip()


def _digest(value: Any, given: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise UsageError(f"snapshot hash must be a string 'sha256:HEX'; got {value!r}")
    text = value.strip().lower()
    if text.startswith("sha256:"):
        text = text[len("sha256:"):]
    if not _HEX.fullmatch(text):
        raise UsageError(f"not a sha256 hex digest (64 hex digits) in {given!r}")
    return text


# -- the verdict -----------------------------------------------------------------------------

@dataclass(frozen=True)
class EvidenceCheck:
    """One evidence item judged: the claim's status, and what the snapshot the reader saw says now."""

    given: Evidence
    status: ClaimStatus
    known: bool = True
    seen_cites: bool | None = None  # the hash given is a snapshot (at or before t) that cites the claim
    seen_changed: bool | None = None  # the cited text the reader saw has changed since
    current_snapshot: str | None = None  # sha256 hex of the snapshot citing the claim now

    @property
    def bound(self) -> bool:
        if not self.known or self.status.placeholder or self.status.reason == "UNBOUND":
            return False
        return self.given.snapshot is None or bool(self.seen_cites)

    def to_dict(self) -> dict[str, Any]:
        out = self.status.to_dict()
        out["given"] = self.given.id
        out["seen"] = None if self.given.snapshot is None else {
            "snapshot": f"sha256:{self.given.snapshot}",
            "cites": bool(self.seen_cites),
            "text_changed": self.seen_changed,
            "current": f"sha256:{self.current_snapshot}" if self.current_snapshot else None,
        }
        return out


@dataclass(frozen=True)
class Verdict:
    """The result of the currentness check; `to_dict()` is what `verify --format json` prints."""

    verdict: str
    evidence: tuple[EvidenceCheck, ...]
    missing: tuple[str, ...]
    explanation: str
    scope: str | None = None
    at: datetime | None = None  # None: now
    subject: str | None = None
    why_missing: Mapping[str, str] = field(default_factory=dict)
    suspects: tuple[Mapping[str, Any], ...] = ()  # advisory: possible unlinked revisions touching the evidence

    @property
    def supported(self) -> bool:
        return self.verdict == SUPPORTED

    def to_dict(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict,
            "evidence": [check.to_dict() for check in self.evidence],
            "missing": list(self.missing),
            "explanation": self.explanation,
            "question": {"scope": self.scope, "at": to_iso(self.at), "subject": self.subject},
            "why_missing": dict(sorted(self.why_missing.items())),
            "suspects": [dict(s) for s in self.suspects],
        }

    def to_json(self, indent: int | None = None) -> str:
        """Deterministic JSON: sorted keys, sorted lists; two runs over the same graph give the same bytes."""
        return json.dumps(self.to_dict(), sort_keys=True, indent=indent, ensure_ascii=False)


# -- the check -------------------------------------------------------------------------------

def verify(
    graph: Graph,
    evidence: Sequence[Any],
    candidates: Iterable[str] | None = None,
    *,
    scope: str | None = None,
    at: datetime | str | int | None = None,
    subject: str | None = None,
    suspects: bool = True,
) -> Verdict:
    """Check an answer's evidence for question (scope, at, subject) against the candidate set the retriever used.

    `evidence`: a list of ids, "ID@sha256:HEX" strings, (id, hex) pairs or {"claim", "snapshot"} objects.
    `candidates`: the ids the retriever considered, or None (then CANDIDATE_SET_UNBOUND); the
    evidence is always added to it. `suspects=False` skips the advisory suspects lookup (full-text, most of
    a request's time; the verdict is the same). Returns a `Verdict`; never raises for unknown ids.
    """
    question = _Question.prepare(evidence, candidates, scope=scope, at=at, subject=subject)
    return graph.transaction(lambda tx: _judge_many(tx, [question], suspects=suspects))[0]


def verify_batch(graph: Graph, requests: Iterable[Mapping[str, Any] | str], *,
                 suspects: bool = True) -> Iterator[dict[str, Any]]:
    """One verdict dict per request, in order (JSONL in, JSONL out).

    A request is {"scope", "at", "subject", "evidence": [id or {"claim", "snapshot"}], "candidates": [ids] or null}
    (a dict, or a JSON text line; blank lines are skipped). Each output carries "line" (1-based position among the
    requests, blank lines included, so it is the line number in the file) and echoes the request's "id" if it has
    one. A malformed request gives {"line", "verdict": null, "error"} and the batch goes on; a database failure
    stops it. Verdicts are yielded chunk by chunk (`CHUNK` requests per query), in request order.
    `suspects=False` skips the advisory suspects lookup, as in `verify`.
    """
    pending: list[tuple[int, Any, _Question | None, dict[str, Any] | None]] = []
    line = 0
    for request in requests:
        line += 1  # the line number in the file: blank lines count, though they are skipped
        if isinstance(request, str) and not request.strip():
            continue
        decoded: Any = request
        try:
            decoded = _decode(request)
            pending.append((line, decoded, _Question.from_request(decoded), None))
        except (UsageError, _BadRequest) as error:
            pending.append((line, decoded, None, {"verdict": None, "error": str(error)}))
        if len(pending) >= CHUNK:
            yield from _answer(graph, pending, suspects)
            pending = []
    if pending:
        yield from _answer(graph, pending, suspects)


def _answer(graph: Graph, pending: list[tuple[int, Any, "_Question | None", dict[str, Any] | None]],
            suspects: bool) -> Iterator[dict[str, Any]]:
    """One chunk of a batch: every well-formed question in one retried read transaction, in request order."""
    now = datetime.now(timezone.utc)
    questions = [question if question.moment is not None else replace(question, t=now)
                 for _, _, question, _ in pending if question is not None]
    verdicts = iter(graph.transaction(lambda tx: _judge_many(tx, questions, suspects=suspects)) if questions else [])
    for line, decoded, question, error in pending:
        out = dict(error or {}) if question is None else next(verdicts).to_dict()
        if isinstance(decoded, Mapping) and decoded.get("id") is not None:
            out["id"] = decoded["id"]
        out["line"] = line
        yield out


def _advise(run: Runner, verdicts: list[Verdict]) -> list[Verdict]:
    """Add to each verdict the unconfirmed suspects touching its evidence (provgraph/engine/suspects.py), looked up once
    for all of them. Advisory: the verdict rests on recorded links only, so they never change it."""
    from provgraph.engine.suspects import touching

    wanted = [{check.status.claim for check in verdict.evidence if check.known and not check.status.placeholder}
              for verdict in verdicts]
    found = touching(run, set().union(*wanted))
    if not found:
        return verdicts
    return [replace(verdict, suspects=tuple(s.to_dict() for s in found if s.earlier in claims or s.later in claims))
            for verdict, claims in zip(verdicts, wanted)]


class _BadRequest(ProvgraphError):
    pass


_REQUEST_KEYS = {"id", "scope", "at", "subject", "evidence", "candidates"}


def _decode(request: Mapping[str, Any] | str | bytes) -> Any:
    if isinstance(request, (str, bytes)):
        try:
            return json.loads(request)
        except ValueError as error:
            raise _BadRequest(f"not JSON: {error}") from None
    return request


def _runner(tx: Tx) -> Runner:
    def run(name: str, params: Mapping[str, Any]) -> list[dict[str, Any]]:
        query = cypher.load(name)
        query.check(params)
        return tx.rows(query.text, params)

    return run


@dataclass(frozen=True)
class _Question:
    """A parsed, checked request: everything that can be wrong with it is found before the database is asked."""

    given: tuple[Evidence, ...]
    candidates: tuple[str, ...] | None
    scope: str | None
    moment: datetime | None  # None: now
    t: datetime
    subject: str | None

    @classmethod
    def prepare(cls, evidence: Sequence[Any], candidates: Iterable[str] | None, *, scope: str | None,
                at: datetime | str | int | None, subject: str | None) -> "_Question":
        if isinstance(evidence, (str, Evidence)):
            evidence = [evidence]
        given = tuple(Evidence.parse(item) for item in evidence)
        if not given:
            raise UsageError("verify needs at least one evidence claim")
        if isinstance(candidates, str):
            candidates = [candidates]
        candidate_ids = None if candidates is None else tuple(_claim_id(c) for c in candidates)
        if scope is not None and not isinstance(scope, str):
            raise UsageError(f"scope must be a string; got {scope!r}")
        moment = as_of(at)
        return cls(given, candidate_ids, scope, moment, moment or datetime.now(timezone.utc), subject or None)

    @classmethod
    def from_request(cls, request: Any) -> "_Question":
        if not isinstance(request, Mapping):
            raise _BadRequest(f"a request is a JSON object, not {type(request).__name__}")
        unknown = sorted(set(request) - _REQUEST_KEYS)
        if unknown:
            raise _BadRequest(f"unknown key(s) {', '.join(unknown)} (use {', '.join(sorted(_REQUEST_KEYS))})")
        evidence = request.get("evidence")
        if not isinstance(evidence, list) or not evidence:
            raise _BadRequest("evidence must be a non-empty list of ids or {claim, snapshot} objects")
        candidates = request.get("candidates")
        if candidates is not None and not (isinstance(candidates, list) and all(isinstance(c, str) for c in candidates)):
            raise _BadRequest("candidates must be a list of ids, or null")
        for key in ("scope", "subject"):
            if request.get(key) is not None and not isinstance(request[key], str):
                raise _BadRequest(f"{key} must be a string or null")
        at = request.get("at")
        if at is not None and (isinstance(at, bool) or not isinstance(at, (str, int))):
            raise _BadRequest("at must be an ISO 8601 time, epoch milliseconds, or null")
        return cls.prepare(evidence, candidates, scope=request.get("scope"), at=at, subject=request.get("subject"))


def _judge(run: Runner, question: _Question) -> Verdict:
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
    if question.candidates is not None:
        ordered = _candidate_set(resolved)
        if ordered:
            closure_rows = run("verify_closure", {"claims": ordered, "q": scope, "t": t})
            rival_rows = run("rivals", {"claims": ordered, "q": scope, "t": t, "subject": question.subject})
    return _decide(question, resolved, status_rows, closure_rows, rival_rows)


def _candidate_set(resolved: list[dict[str, Any]]) -> list[str]:
    return sorted({row["claim"] for row in resolved if row["claim"] is not None})


CHUNK = 200  # requests per verify_requests query: the per-query overhead is paid once per chunk


def _judge_many(tx: Tx, questions: Sequence[_Question], *, suspects: bool = True) -> list[Verdict]:
    """Many questions in one verify_requests query, plus the named queries for what stored statuses cannot answer."""
    run = _runner(tx)
    by_time: dict[datetime, list[dict[str, Any]]] = {}  # one query per distinct as-of time
    for index, question in enumerate(questions):
        by_time.setdefault(question.t, []).append({
            "index": index, "q": question.scope, "subject": question.subject,
            "items": [{"id": e.id, "snapshot": e.snapshot} for e in question.given]
                     + [{"id": c, "snapshot": None} for c in question.candidates or ()],
            "evidence": len(question.given), "candidates": question.candidates is not None,
        })
    rows = sorted((row for t, requests in by_time.items() for row in run("verify_requests", {"requests": requests, "t": t})),
                  key=lambda row: row["index"])

    # what the stored statuses could not answer, one named query per distinct question
    need_status: dict[tuple[Any, ...], set[str]] = {}
    need_rivals: dict[tuple[Any, ...], set[str]] = {}
    for question, row in zip(questions, rows):
        unusable = {s["claim"] for s in row["statuses"] if not s["usable"]}
        if unusable:
            need_status.setdefault((question.scope, question.t), set()).update(unusable)
        if row["fallback"]:
            need_rivals.setdefault((question.scope, question.t, question.subject), set()).update(row["fallback"])
    full_status: dict[tuple[Any, ...], dict[str, dict[str, Any]]] = {}
    for (scope, t), uids in need_status.items():
        found = run("status", {"claims": sorted(uids), "q": scope, "t": t, "subject": None, "only": None})
        full_status[(scope, t)] = {r["claim"]: r for r in found}
    full_rivals: dict[tuple[Any, ...], dict[str, list[dict[str, Any]]]] = {}
    for (scope, t, subject), uids in need_rivals.items():
        by_claim: dict[str, list[dict[str, Any]]] = {}
        for r in run("rivals", {"claims": sorted(uids), "q": scope, "t": t, "subject": subject}):
            by_claim.setdefault(r["claim"], []).append(r)
        full_rivals[(scope, t, subject)] = by_claim

    verdicts = []
    for question, row in zip(questions, rows):
        computed = full_status.get((question.scope, question.t), {})
        status_rows = [s if s["usable"] else computed[s["claim"]] for s in row["statuses"]
                       if s["usable"] or s["claim"] in computed]
        fallback = set(row["fallback"])
        rival_rows = [r for r in row["rivals"] if r["claim"] not in fallback]
        computed_rivals = full_rivals.get((question.scope, question.t, question.subject), {})
        for uid in fallback:
            rival_rows.extend(computed_rivals.get(uid, []))
        rival_rows.sort(key=lambda r: (r["claim"], r["rival"], r["kind"]))
        verdicts.append(_decide(question, row["items"], status_rows, row["closure"], rival_rows))
    return _advise(run, verdicts) if suspects else verdicts


def _decide(question: _Question, resolved: list[dict[str, Any]], status_rows: list[dict[str, Any]],
            closure_rows: list[dict[str, Any]], rival_rows: list[dict[str, Any]]) -> Verdict:
    """The terminal from what the queries found (rows as the named queries return them)."""
    given, scope, moment = question.given, question.scope, question.moment
    seen_rows = resolved[: len(given)]
    statuses = {row["claim"]: ClaimStatus.from_row(row, moment) for row in status_rows}
    checks = tuple(sorted(
        (_check(evidence_item, row, statuses, scope, moment) for evidence_item, row in zip(given, seen_rows)),
        key=lambda check: (check.status.claim, check.given.snapshot or "", check.given.id),
    ))

    # the candidate set's successor closure and rivals, less the set itself
    missing: dict[str, str] = {}
    heads: dict[str, list[str]] = {}  # claim -> the current heads of its successor closure
    if question.candidates is not None:
        candidate_set = set(_candidate_set(resolved))
        for row in closure_rows:
            if row["head"]:
                heads.setdefault(row["claim"], []).append(row["successor"])
            if row["successor"] not in candidate_set and row["successor"] not in missing:
                missing[row["successor"]] = _successor_reason(row, scope)
        for row in rival_rows:
            if row["rival_status"] in ("STALE", "UNKNOWN") or row["rival"] in candidate_set or row["rival"] in missing:
                continue
            missing[row["rival"]] = _rival_reason(row, scope)
    missing_sorted = tuple(sorted(missing))

    terminal, explanation = _terminal(checks, question.candidates is None, missing_sorted, missing, heads, scope)
    return Verdict(terminal, checks, missing_sorted, explanation, scope=scope, at=moment, subject=question.subject,
                   why_missing=dict(sorted(missing.items())))


def _check(item: Evidence, row: dict[str, Any], statuses: dict[str, ClaimStatus], scope: str | None,
           moment: datetime | None) -> EvidenceCheck:
    uid = row["claim"]
    if uid is None or uid not in statuses:
        unknown = ClaimStatus(claim=item.id, status="UNKNOWN", reason="UNBOUND", scope="", question_scope=scope or "",
                              at=moment)
        return EvidenceCheck(item, unknown, known=False)
    return EvidenceCheck(
        item,
        statuses[uid],
        seen_cites=None if item.snapshot is None else bool(row["seen_cites"]),
        seen_changed=None if item.snapshot is None else row["seen_changed"],
        current_snapshot=row["current_sha256"],
    )


def _where(scope: str | None, edge_scope: str | None = None) -> str:
    shown = scope if scope is not None else edge_scope
    return f" in {shown}" if shown else ""


def _successor_reason(row: dict[str, Any], scope: str | None) -> str:
    verb = {"CORRECTS": "corrects", "SUPERSEDES": "supersedes", "INVALIDATES": "invalidates", "AMENDS": "amends"}[row["kind"]]
    if row.get("force") == "PENDING":
        verb = f"proposes to {verb[:-1]}"  # a pending revision: not in force yet, but part of the answer's history
    how = " by adjudication" if row["via"] else ""
    if row["direct"]:
        return f"{row['successor']} {verb} {row['claim']}{how}{_where(scope, row['edge_scope'])}"
    return (f"{row['successor']} {verb} {row['next']}{how}, a later revision of {row['claim']}"
            f"{_where(scope, row['edge_scope'])}")


def _rival_reason(row: dict[str, Any], scope: str | None) -> str:
    if row["kind"] == "EXPLICIT_CONFLICT":
        return f"{row['rival']} is recorded as conflicting with {row['claim']}{_where(scope, row['scope'])}"
    about = f" on {row['subject']}" if row.get("subject") else ""
    return f"{row['rival']} is a rival of {row['claim']}{about}{_where(scope, row['scope'])}"


def _names(uids: Sequence[str]) -> str:
    return and_more(uids, _SHOWN)


def _short(digest: str | None) -> str:
    return f"sha256:{short_hash(digest)}" if digest else "none"


def _terminal(
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
            rivals = ", ".join(row.conflicts_with) or "a rival"
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


def batch_line(out: Mapping[str, Any]) -> str:
    """One line of `verify --batch` output (JSONL): sorted keys, so two runs give the same bytes."""
    return json.dumps(out, sort_keys=True, ensure_ascii=False)


__all__ = ["Evidence", "EvidenceCheck", "TERMINALS", "SUPPORTED", "Verdict", "batch_line", "verify", "verify_batch"]

