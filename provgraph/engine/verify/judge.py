"""The currentness check: does an answer's evidence still govern, for this question's scope and time?

docs/design.md "Verifying an answer's evidence". The graph work runs in Cypher, set-wise: one
`cypher/verify_requests.cypher` query answers many requests at once (evidence and candidates
resolved, the reader's snapshot hashes checked, revision closures, rivals), reading the
statuses stored at write time (`provgraph.engine.stored_status`) where they answer the question. What they
cannot answer (no fresh stored status, another question scope) is asked of the named queries
`status` and `rivals`, once per distinct question. This module only compares the sets those queries
return; `explain.terminal` picks the first terminal that matches, in the design's order (`TERMINALS`).

A question is parsed once (`request.Question`) and answered in one read transaction: its short hashes completed
(`verify_hash_prefixes`), the check (`verify_requests`, and `status`/`rivals` for what stored statuses cannot
answer), its advisory suspects (`suspects_touching`). `verify` is a batch of one (`check`); `answers` sends a batch's
requests in chunks of `REQUESTS_PER_QUERY`, so the per-query overhead is paid per chunk, not per request,
`BATCH_WORKERS` chunks at a time. Single and batch give the same typed answer (`Verdict`, in a `BatchVerdict`).
"""
from __future__ import annotations

from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from datetime import datetime
from typing import Any, Iterable, Iterator, Mapping, Sequence

from provgraph.base.errors import UsageError
from provgraph.engine.claim_status import ClaimStatus
from provgraph.engine.status import stored_rows
from provgraph.engine.verify.explain import rival_reason, successor_reason, terminal
from provgraph.engine.verify.request import BadRequest, Evidence, Question, decode
from provgraph.engine.verify.verdict import BatchVerdict, EvidenceCheck, Verdict
from provgraph.graph.connection import Graph, Runner, Tx

BATCH_WORKERS = 2  # chunks asked at once: the server's work on one overlaps this process's on another (2 cores here)


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
    return check(graph, Question.prepare(evidence, candidates, scope=scope, at=at, subject=subject), suspects=suspects)


def check(graph: Graph, question: Question, *, suspects: bool = True) -> Verdict:
    """One parsed question, as a batch of one: its hash prefixes completed, the check and the advisory suspects,
    all in one read transaction. An ambiguous hash prefix raises its UsageError."""
    [answer] = graph.transaction(lambda tx: _judge_many(tx, [question], suspects=suspects))
    if isinstance(answer, UsageError):
        raise answer
    return answer


def complete_hashes(run: Runner, questions: Sequence[Question]) -> list[Question | UsageError]:
    """Each question with the short hashes its evidence gives (a prefix of 12+ hex digits, as git takes) completed
    from the snapshots citing that claim; an ambiguous prefix gives a UsageError in the question's place. A prefix
    no citing snapshot has is kept as given: the reader saw no snapshot that cites the claim."""
    items = [{"id": e.id, "prefix": e.snapshot} for q in questions for e in q.given if e.short]
    if not items:
        return list(questions)
    found = iter(run("verify_hash_prefixes", {"items": items}))
    completed: list[Question | UsageError] = []
    for question in questions:
        given, error = [], None
        for item in question.given:
            hashes = next(found)["hashes"] if item.short else []
            if len(hashes) > 1 and error is None:
                error = UsageError(f"ambiguous hash {item.id}@sha256:{item.snapshot}: {len(hashes)} snapshots citing "
                                   f"{item.id} start with it; give more digits")
            given.append(replace(item, snapshot=hashes[0]) if len(hashes) == 1 else item)
        completed.append(error or replace(question, given=tuple(given)))
    return completed


def verify_batch(graph: Graph, requests: Iterable[Mapping[str, Any] | str], *,
                 suspects: bool = True, workers: int = BATCH_WORKERS) -> Iterator[dict[str, Any]]:
    """One verdict dict per request, in order (JSONL in, JSONL out): `answers`, each as its `to_dict()`."""
    return (answer.to_dict() for answer in answers(graph, requests, suspects=suspects, workers=workers))


def answers(graph: Graph, requests: Iterable[Mapping[str, Any] | str], *,
            suspects: bool = True, workers: int = BATCH_WORKERS) -> Iterator[BatchVerdict]:
    """One `BatchVerdict` per request, in order.

    A request is {"scope", "at", "subject", "evidence": [id or {"claim", "snapshot"}], "candidates": [ids] or null}
    (a dict, or a JSON text line; blank lines are skipped). Each answer carries its line (1-based position among the
    requests, blank lines included, so it is the line number in the file) and the request's "id" if it has
    one. A malformed request gives an answer with its error and the batch goes on; a database failure
    stops it. Answers are yielded chunk by chunk (`REQUESTS_PER_QUERY` requests per query), in request order.
    `suspects=False` skips the advisory suspects lookup, as in `verify`. Up to `workers` chunks are asked at once,
    each in its own read transaction, so the server works on one while this process judges another; at most
    `workers + 1` chunks are held, however long the input.
    """
    chunks = _chunks(requests)
    if workers <= 1:
        for chunk in chunks:
            yield from _answer(graph, chunk, suspects)
        return
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="provgraph-verify") as pool:
        asked: deque[Future[list[BatchVerdict]]] = deque()
        try:
            for chunk in chunks:
                asked.append(pool.submit(_answered, graph, chunk, suspects))
                if len(asked) > workers:
                    yield from asked.popleft().result()
            while asked:
                yield from asked.popleft().result()
        finally:
            for left in asked:  # the consumer stopped early, or a chunk failed: ask nothing more
                left.cancel()


Pending = list[tuple[int, Any, "Question | None", "str | None"]]


def _chunks(requests: Iterable[Mapping[str, Any] | str]) -> Iterator[Pending]:
    """The requests decoded, `REQUESTS_PER_QUERY` at a time: (line, decoded, question or None, error or None)."""
    pending: Pending = []
    line = 0
    for request in requests:
        line += 1  # the line number in the file: blank lines count, though they are skipped
        if isinstance(request, str) and not request.strip():
            continue
        decoded: Any = request
        try:
            decoded = decode(request)
            pending.append((line, decoded, Question.from_request(decoded), None))
        except (UsageError, BadRequest) as error:
            pending.append((line, decoded, None, str(error)))
        if len(pending) >= REQUESTS_PER_QUERY:
            yield pending
            pending = []
    if pending:
        yield pending


def _answered(graph: Graph, pending: Pending, suspects: bool) -> list[BatchVerdict]:
    return list(_answer(graph, pending, suspects))


def _answer(graph: Graph, pending: Pending, suspects: bool) -> Iterator[BatchVerdict]:
    """One chunk of a batch: every well-formed question in one retried read transaction, in request order."""
    questions = [question for _, _, question, _ in pending if question is not None]
    judged = iter(graph.transaction(lambda tx: _judge_many(tx, questions, suspects=suspects)) if questions else [])
    for line, decoded, question, error in pending:
        request_id = decoded.get("id") if isinstance(decoded, Mapping) else None
        done = next(judged) if question is not None else None
        if isinstance(done, Verdict):
            yield BatchVerdict(line, done, id=request_id)
        else:
            yield BatchVerdict(line, None, error=error if done is None else str(done), id=request_id)


def _advise(run: Runner, verdicts: list[Verdict]) -> list[Verdict]:
    """Add to each verdict the unconfirmed suspects touching its evidence (provgraph/engine/suspects.py), looked up once
    for all of them. Advisory: the verdict rests on recorded links only, so they never change it."""
    from provgraph.engine.suspects import touching

    wanted = [_wanted(verdict) for verdict in verdicts]
    found = touching(run, set().union(*wanted))
    if not found:
        return verdicts
    return [replace(verdict, suspects=tuple(s.to_dict() for s in found if s.earlier in claims or s.later in claims))
            for verdict, claims in zip(verdicts, wanted)]


def _wanted(verdict: Verdict) -> set[str]:
    """The claims whose suspects a verdict lists: its known evidence, placeholders left out."""
    return {check.status.claim for check in verdict.evidence if check.known and not check.status.placeholder}


REQUESTS_PER_QUERY = 200  # requests per verify_requests query: the per-query overhead is paid once per chunk


def _judge_many(tx: Tx, questions: Sequence[Question], *, suspects: bool = True) -> list[Verdict | UsageError]:
    """Many questions in one transaction: their hash prefixes completed, then `_judge` for those that completed."""
    completed = complete_hashes(tx.rows, questions)
    asked = [question for question in completed if isinstance(question, Question)]
    judged = iter(_judge(tx, asked, suspects=suspects) if asked else [])
    return [next(judged) if isinstance(question, Question) else question for question in completed]


def _judge(tx: Tx, questions: Sequence[Question], *, suspects: bool = True) -> list[Verdict]:
    """Many questions in one verify_requests query, plus the named queries for what stored statuses cannot answer."""
    run = tx.rows
    by_time: dict[datetime, list[dict[str, Any]]] = {}  # one query per distinct as-of time
    for index, question in enumerate(questions):
        by_time.setdefault(question.t, []).append({
            "index": index, "q": question.scope, "subject": question.subject,
            "items": [{"id": e.id, "snapshot": e.snapshot} for e in question.given]
                     + [{"id": c, "snapshot": None} for c in question.candidates or ()],
            "evidence": len(question.given), "candidates": question.candidates is not None,
        })
    rows = sorted((row for t, requests in by_time.items()
                   for row in tx.rows("verify_requests", {"requests": requests, "t": t}, plain=True)),
                  key=lambda row: row["index"])
    for row in rows:
        row["statuses"] = list(stored_rows(row["statuses"]))  # times come as epoch microseconds (rules/epoch-us)

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
        for r in run("rivals", {"claims": sorted(uids), "q": scope, "t": t, "subject": subject, "active": True}):
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
        verdicts.append(_decide(question, row["items"], row["candidates"], status_rows, row["closure"], rival_rows))
    return _advise(run, verdicts) if suspects else verdicts


def _decide(question: Question, seen_rows: list[dict[str, Any]], candidate_uids: list[str],
            status_rows: list[dict[str, Any]], closure_rows: list[dict[str, Any]],
            rival_rows: list[dict[str, Any]]) -> Verdict:
    """The terminal from what the queries found (rows as the named queries return them): `seen_rows`, one per
    evidence item, and `candidate_uids`, the claims the candidate set names (evidence included)."""
    given, scope, moment = question.given, question.scope, question.moment
    statuses = {row["claim"]: ClaimStatus.from_row(row, moment) for row in status_rows}
    checks = tuple(sorted(
        (_check(evidence_item, row, statuses, scope, moment) for evidence_item, row in zip(given, seen_rows)),
        key=lambda check: (check.status.claim, check.given.snapshot or "", check.given.id),
    ))

    # the candidate set's revision closure and rivals, less the set itself
    missing: dict[str, str] = {}
    heads: dict[str, list[str]] = {}  # claim -> the current heads of its revision closure
    if question.candidates is not None:
        candidate_set = set(candidate_uids)
        for row in closure_rows:
            if row["head"]:
                heads.setdefault(row["claim"], []).append(row["successor"])
            if row["successor"] not in candidate_set and row["successor"] not in missing:
                missing[row["successor"]] = successor_reason(row, scope)
        for row in rival_rows:
            if row["rival_status"] in ("STALE", "UNKNOWN") or row["rival"] in candidate_set or row["rival"] in missing:
                continue
            missing[row["rival"]] = rival_reason(row, scope)
    missing_sorted = tuple(sorted(missing))

    answer, explanation = terminal(checks, question.candidates is None, missing_sorted, missing, heads, scope)
    return Verdict(answer, checks, missing_sorted, explanation, scope=scope, at=moment, subject=question.subject,
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


__all__ = ["BATCH_WORKERS", "REQUESTS_PER_QUERY", "Runner", "answers", "check", "complete_hashes", "verify", "verify_batch"]
