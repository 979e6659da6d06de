"""A verify request parsed and checked before the database is asked: evidence items, candidates, the question."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Iterable, Mapping, Sequence

from provgraph.base.times import parse_moment
from provgraph.base.errors import ProvgraphError, UsageError

_HEX = re.compile(r"[0-9a-f]{12,64}")
_BARE_HASH = re.compile(r"[0-9a-fA-F]{12,64}")  # ID@HEX without `sha256:`
FULL_HEX = 64
SHORT_HEX = 12  # a shorter prefix of the hash is refused, as ambiguous in any real store
SEPARATOR = "@sha256:"


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
            claim, separator, digest = item.rpartition(SEPARATOR)
            if separator:
                return cls(claim_id(claim), parse_digest(digest, item))
            claim, at, tail = item.rpartition("@")
            if at and claim.strip() and _BARE_HASH.fullmatch(tail):
                return cls(claim_id(claim), tail.lower())
            return cls(claim_id(item))
        if isinstance(item, Mapping):
            unknown = sorted(set(item) - {"claim", "snapshot"})
            if unknown:
                raise UsageError(f"evidence object has unknown key(s) {', '.join(unknown)} (use claim, snapshot)")
            return cls(claim_id(item.get("claim")), parse_digest(item.get("snapshot"), item))
        if isinstance(item, (tuple, list)) and len(item) == 2:
            return cls(claim_id(item[0]), parse_digest(item[1], item))
        raise UsageError(f"evidence must be an id, 'ID@sha256:HEX', (id, sha256) or {{claim, snapshot}}; got {item!r}")

    @property
    def short(self) -> bool:
        """The reader gave a prefix of the hash, to be completed from the graph (`judge.complete_hashes`)."""
        return self.snapshot is not None and len(self.snapshot) < FULL_HEX

    def to_text(self) -> str:
        return f"{self.id}{SEPARATOR}{self.snapshot}" if self.snapshot else self.id


def claim_id(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise UsageError(f"an evidence or candidate id must be a non-empty string; got {value!r}")
    return value.strip()


def parse_digest(value: Any, given: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise UsageError(f"snapshot hash must be a string 'sha256:HEX'; got {value!r}")
    text = value.strip().lower()
    if text.startswith("sha256:"):
        text = text[len("sha256:"):]
    if not _HEX.fullmatch(text):
        raise UsageError(f"not a sha256 hex digest ({SHORT_HEX} to {FULL_HEX} hex digits: a unique prefix will do) "
                         f"in {given!r}")
    return text


class BadRequest(ProvgraphError):
    pass


REQUEST_KEYS = {"id", "scope", "at", "subject", "evidence", "candidates"}


def decode(request: Mapping[str, Any] | str | bytes) -> Any:
    if isinstance(request, (str, bytes)):
        try:
            return json.loads(request)
        except ValueError as error:
            raise BadRequest(f"not JSON: {error}") from None
    return request


@dataclass(frozen=True)
class Question:
    """A parsed, checked request: everything that can be wrong with it is found before the database is asked."""

    given: tuple[Evidence, ...]
    candidates: tuple[str, ...] | None
    scope: str | None
    moment: datetime | None  # None: now
    t: datetime
    subject: str | None

    @classmethod
    def prepare(cls, evidence: Sequence[Any], candidates: Iterable[str] | None, *, scope: str | None,
                at: datetime | str | int | None, subject: str | None) -> "Question":
        if isinstance(evidence, (str, Evidence)):
            evidence = [evidence]
        given = tuple(Evidence.parse(item) for item in evidence)
        if not given:
            raise UsageError("verify needs at least one evidence claim")
        if isinstance(candidates, str):
            candidates = [candidates]
        candidate_ids = None if candidates is None else tuple(claim_id(c) for c in candidates)
        if scope is not None and not isinstance(scope, str):
            raise UsageError(f"scope must be a string; got {scope!r}")
        moment = parse_moment(at, missing="none")
        return cls(given, candidate_ids, scope, moment, moment or datetime.now(timezone.utc), subject or None)

    @classmethod
    def from_request(cls, request: Any) -> "Question":
        if not isinstance(request, Mapping):
            raise BadRequest(f"a request is a JSON object, not {type(request).__name__}")
        unknown = sorted(set(request) - REQUEST_KEYS)
        if unknown:
            raise BadRequest(f"unknown key(s) {', '.join(unknown)} (use {', '.join(sorted(REQUEST_KEYS))})")
        evidence = request.get("evidence")
        if not isinstance(evidence, list) or not evidence:
            raise BadRequest("evidence must be a non-empty list of ids or {claim, snapshot} objects")
        candidates = request.get("candidates")
        if candidates is not None and not (isinstance(candidates, list) and all(isinstance(c, str) for c in candidates)):
            raise BadRequest("candidates must be a list of ids, or null")
        for key in ("scope", "subject"):
            if request.get(key) is not None and not isinstance(request[key], str):
                raise BadRequest(f"{key} must be a string or null")
        at = request.get("at")
        if at is not None and (isinstance(at, bool) or not isinstance(at, (str, int))):
            raise BadRequest("at must be an ISO 8601 time, epoch milliseconds, or null")
        return cls.prepare(evidence, candidates, scope=request.get("scope"), at=at, subject=request.get("subject"))


__all__ = ["BadRequest", "Evidence", "Question", "REQUEST_KEYS", "claim_id", "decode"]
