"""The rule the LangChain compressor and the LlamaIndex postprocessor share, written once.

Each retrieved text is mapped to its claim: by the claim id under `claim_key` (default "provgraph_claim"),
else by the file it was read from (`source_key`, default "source") and the sha256 of the snapshot read
(`snapshot_key`, default "provgraph_snapshot"), at a line when `line_key` (default "provgraph_line") gives one.
The retrieved set is then checked in ONE set-wise verify (`Provgraph.verify_many`): each mapped text's claim
is the evidence of one request, and every mapped claim is a candidate. What happens next is the policy's:

- `annotate` (default): every text is kept, with the status, reason, successors and verdict in its metadata.
- `drop`: a text whose claim does not govern is left out. A text governs when its verdict is
  SUPPORTED_BY_CURRENT_SOURCE, or REVISION_CLOSURE_INCOMPLETE while its own claim is ACTIVE: then the set lacks
  another text's successor (listed in `provgraph_missing`), which says nothing against this one.
- `replace`: as `drop`, except that a superseded text whose successors lead to one ACTIVE claim is replaced
  by that claim's text and citation (one text per claim, at the best rank it was retrieved or replaced at).

A text provgraph does not know (no claim id or citation in its metadata, or an id the graph does not hold)
is kept under every policy, annotated `provgraph_known: False`, unless `drop_unknown` is set.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from pydantic import BaseModel, field_validator

from provgraph.api import Provgraph, connect
from provgraph.base.errors import UsageError
from provgraph.engine.citations import Citation

POLICIES = ("annotate", "drop", "replace")
CLAIM_KEY = "provgraph_claim"
SOURCE_KEY = "source"
SNAPSHOT_KEY = "provgraph_snapshot"
LINE_KEY = "provgraph_line"
PATH_KEYS = ("file_path", "file_name")  # LlamaIndex's readers; LangChain's loaders set `source` (SOURCE_KEY)
SUPPORTED = "SUPPORTED_BY_CURRENT_SOURCE"
INCOMPLETE = "REVISION_CLOSURE_INCOMPLETE"
NOT_IN_GRAPH = "NOT_IN_GRAPH"  # the reason given to a text provgraph does not know
_MAX_HOPS = 20  # successors followed to the current claim; a longer chain is left as it is


@dataclass(frozen=True)
class Outcome:
    """What happens to the retrieved text at `index`: kept (with `metadata`) or replaced (by `text`)."""

    index: int
    metadata: dict[str, Any]
    text: str | None = None  # set when replaced

    @property
    def replaced(self) -> bool:
        return self.text is not None


class Options(BaseModel):
    """The options both integrations take, declared once: the LangChain compressor and the LlamaIndex postprocessor
    are `Options` (pydantic fields), checked when they are made, and `decide` reads them."""

    policy: str = "annotate"
    claim_key: str = CLAIM_KEY
    source_key: str = SOURCE_KEY
    snapshot_key: str = SNAPSHOT_KEY
    line_key: str = LINE_KEY
    scope: str | None = None
    subject: str | None = None
    at: str | None = None
    drop_unknown: bool = False

    @field_validator("policy")
    @classmethod
    def _known_policy(cls, policy: str) -> str:
        if policy not in POLICIES:  # UsageError, not ValueError: pydantic lets it through as it is
            raise UsageError(f"policy must be one of {', '.join(POLICIES)}; got {policy!r}")
        return policy

    @property
    def question(self) -> dict[str, Any]:
        """The question every verify of the retrieved set asks: the scope, subject and time given."""
        return {key: value for key, value in (("scope", self.scope), ("subject", self.subject), ("at", self.at))
                if value is not None}


def _citation(metadata: Mapping[str, Any], settings: Options) -> Citation | None:
    source, snapshot = metadata.get(settings.source_key), metadata.get(settings.snapshot_key)
    if not isinstance(source, str) or not isinstance(snapshot, str) or not source or not snapshot:
        return None
    line = metadata.get(settings.line_key)
    return Citation(source, snapshot, int(line) if isinstance(line, (int, str)) and str(line).isdigit() else None)


def _loader_path(metadata: Mapping[str, Any], settings: Options) -> str | None:
    """The file a loader says the text came from: LangChain's `source`, LlamaIndex's `file_path` (or `file_name`)."""
    for key in (settings.source_key, *PATH_KEYS):
        value = metadata.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return None


def claims_of(pg: Provgraph, metadatas: Sequence[Mapping[str, Any]], settings: Options,
              texts: Sequence[str] | None = None, notes: dict[int, dict[str, Any]] | None = None) -> list[str | None]:
    """The claim uid of each text: its metadata's claim id (a uid or an alias), else the claim its citation names,
    else (given the `texts`) the claim of the file a loader named whose snapshot holds the text; None for a text the
    graph holds no claim for. `notes` receives, per index resolved by its file, the snapshot read and whether the
    file changed since ingest. Three look-ups for the whole set."""
    claims: list[str | None] = []
    cited: dict[int, Citation] = {}
    by_path: dict[int, tuple[str, str]] = {}
    for index, metadata in enumerate(metadatas):
        claim = metadata.get(settings.claim_key)
        claims.append(claim.strip() if isinstance(claim, str) and claim.strip() else None)
        if claims[-1] is None and (citation := _citation(metadata, settings)) is not None:
            cited[index] = citation
        elif claims[-1] is None and texts is not None and (path := _loader_path(metadata, settings)) is not None:
            by_path[index] = (path, texts[index])
    for index, claim in zip(cited, pg.claims_cited_at(list(cited.values()))):
        claims[index] = claim
    for index, found in zip(by_path, pg.chunk_sources(list(by_path.values()))):
        if found is not None:
            claims[index] = found.claim
            if notes is not None:
                notes[index] = {"provgraph_snapshot_read": f"sha256:{found.snapshot}",
                                "provgraph_changed_since_ingest": found.changed_since_ingest}
    uids = pg.claim_uids([claim for claim in claims if claim is not None])
    return [None if claim is None else uids.get(claim) for claim in claims]


def _annotations(answer: Mapping[str, Any] | None) -> dict[str, Any]:
    if answer is None or not answer.get("evidence"):
        return {"provgraph_known": False, "provgraph_status": "UNKNOWN", "provgraph_reason": NOT_IN_GRAPH,
                "provgraph_successors": [], "provgraph_verdict": None, "provgraph_explanation": None, "provgraph_missing": []}
    row = answer["evidence"][0]
    return {"provgraph_known": True, "provgraph_claim": row.get("claim"), "provgraph_status": row.get("status"),
            "provgraph_reason": row.get("reason"), "provgraph_successors": list(row.get("successors") or []),
            "provgraph_verdict": answer.get("verdict"), "provgraph_explanation": answer.get("explanation"),
            "provgraph_missing": list(answer.get("missing") or [])}


def governs(notes: Mapping[str, Any]) -> bool:
    """The text's own claim governs: supported, or only the set around it is incomplete."""
    return notes["provgraph_verdict"] == SUPPORTED or (notes["provgraph_verdict"] == INCOMPLETE and notes["provgraph_status"] == "ACTIVE")


def _current_successor(pg: Provgraph, claim: str, successors: list[str], settings: Options) -> Any:
    """The ACTIVE claim `claim`'s successors lead to, when they lead to exactly one; else None."""
    seen = {claim}
    for _ in range(_MAX_HOPS):
        if len(successors) != 1 or successors[0] in seen:
            return None
        [row] = pg.status(successors, **settings.question)
        if row.status == "ACTIVE":
            return row
        seen.add(row.claim)
        successors = list(row.successors)
    return None


def decide(pg: Provgraph, metadatas: Sequence[Mapping[str, Any]], settings: Options,
           texts: Sequence[str] | None = None) -> list[Outcome]:
    """The outcome of each retrieved text (by index, in retrieval order); a left-out text has none. With `texts`, a
    text that carries only the file a loader read is mapped by its file and text."""
    read: dict[int, dict[str, Any]] = {}
    claims = claims_of(pg, metadatas, settings, texts, read)
    mapped = [index for index, claim in enumerate(claims) if claim is not None]
    candidates = list(dict.fromkeys(claims[index] for index in mapped))
    requests = [dict(settings.question, evidence=[claims[index]], candidates=candidates, id=index) for index in mapped]
    answers = {int(answer.data["id"]): answer.to_dict() for answer in pg.verify_many(requests, suspects=False)}

    outcomes: list[Outcome] = []
    emitted: set[str] = set()
    for index, metadata in enumerate(metadatas):
        notes = dict(_annotations(answers.get(index)), **read.get(index, {}))
        if not notes["provgraph_known"]:
            if not settings.drop_unknown:
                outcomes.append(Outcome(index, dict(metadata, **notes)))
            continue
        claim = notes["provgraph_claim"]
        if governs(notes) or settings.policy == "annotate":
            if claim not in emitted:
                emitted.add(claim)
                outcomes.append(Outcome(index, dict(metadata, **notes)))
            continue
        if settings.policy == "replace" and notes["provgraph_status"] == "STALE":
            current = _current_successor(pg, claim, notes["provgraph_successors"], settings)
            if current is not None and current.claim not in emitted:
                emitted.add(current.claim)
                outcomes.append(Outcome(index, _replacement(metadata, notes, current, settings), text=current.text or ""))
    return outcomes


def _replacement(metadata: Mapping[str, Any], notes: Mapping[str, Any], current: Any, settings: Options) -> dict[str, Any]:
    """The metadata of a text replaced by its current successor: the successor's claim and citation."""
    kept = {key: value for key, value in metadata.items()
            if key not in (settings.claim_key, settings.source_key, settings.snapshot_key, settings.line_key)}
    return dict(kept, **{
        settings.claim_key: current.claim, settings.source_key: current.source,
        settings.snapshot_key: current.snapshot, settings.line_key: current.lines[0] if current.lines else None,
        "provgraph_known": True, "provgraph_claim": current.claim, "provgraph_status": current.status,
        "provgraph_reason": current.reason, "provgraph_successors": list(current.successors),
        "provgraph_verdict": SUPPORTED, "provgraph_explanation": notes["provgraph_explanation"], "provgraph_missing": [],
        "provgraph_replaces": notes["provgraph_claim"], "provgraph_lines": list(current.lines) if current.lines else None,
    })


class Connection:
    """A `Provgraph` given, or one opened on first use as the CLI opens it (NEO4J_* variables, else the local server)."""

    def __init__(self, pg: Provgraph | None = None) -> None:
        self._pg = pg

    def get(self) -> Provgraph:
        if self._pg is None:
            self._pg = connect()
        return self._pg


__all__ = ["CLAIM_KEY", "Connection", "LINE_KEY", "NOT_IN_GRAPH", "Outcome", "POLICIES", "SNAPSHOT_KEY", "SOURCE_KEY",
           "Options", "claims_of", "decide"]
