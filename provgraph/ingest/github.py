"""GitHub issues: the JSON array printed by `gh issue list --state all --json
number,title,body,state,stateReason,labels,createdAt,updatedAt,closedAt,url`.

Each issue is its own Source and Claim (`<owner>/<repo>#<n>`, its url an alias). Lines in
the body such as `Supersedes #12`, `Duplicate of acme/fx#12` or a full issue URL become
revision and link edges.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

from provgraph.base.errors import InputError
from provgraph.ingest import lifecycle, register
from provgraph.ingest.fields import (RECORD_ERRORS, BadRecord, finish_edges, join_text, json_file, label_fields, optional_time, quarantine,
                                     record_sha, scalar_text, short)
from provgraph.ingest.records import ClaimRecord, EdgeRecord, IngestOptions, Observation, Record, SnapshotRecord, SourceRecord

_ISSUE_URL = re.compile(r"^https?://[^/\s]+/([\w.-]+)/([\w.-]+)/(?:issues|pull)/(\d+)/?(?:[#?].*)?$")

_REF = r"(?:https?://[^\s/]+/[\w.-]+/[\w.-]+/(?:issues|pull)/\d+|[\w.-]+/[\w.-]+#\d+|#\d+)"
_REFERENCE_LINE = re.compile(
    r"\b(supersedes|supercedes|superseded\s+by|superceded\s+by|corrects|corrected\s+by|invalidates|invalidated\s+by|amends|amended\s+by"
    r"|depends\s+on|conflicts\s+with|duplicate\s+of)\b[ \t]*:?[ \t]*"
    rf"({_REF}(?:[ \t]*(?:,|\band\b|&)[ \t]*{_REF})*)",
    re.IGNORECASE,
)
_ONE_REF = re.compile(_REF)
_TARGET = re.compile(r"^(?:https?://[^\s/]+/([\w.-]+)/([\w.-]+)/(?:issues|pull)/(\d+)|([\w.-]+)/([\w.-]+)#(\d+)|#(\d+))$")

# phrase -> (edge kind, True when the edge runs from this issue to the target)
_PHRASES: dict[str, tuple[str, bool]] = {
    "supersedes": ("SUPERSEDES", True),
    "supercedes": ("SUPERSEDES", True),
    "superseded by": ("SUPERSEDES", False),
    "superceded by": ("SUPERSEDES", False),
    "corrects": ("CORRECTS", True),
    "corrected by": ("CORRECTS", False),
    "invalidates": ("INVALIDATES", True),
    "invalidated by": ("INVALIDATES", False),
    "amends": ("AMENDS", True),
    "amended by": ("AMENDS", False),
    "depends on": ("DEPENDS_ON", True),
    "conflicts with": ("CONFLICTS_WITH", True),
    "duplicate of": ("SUPERSEDES", False),  # the original supersedes its duplicate
}


@register("tickets", "github")
def ingest_github(path: Path, options: IngestOptions) -> Iterator[Record]:
    issues = yield from json_file(path)
    if not isinstance(issues, list):
        raise InputError(path, "not a JSON array (expected `gh issue list --json ...` output)")
    if issues and not any(isinstance(issue, dict) and "number" in issue for issue in issues):
        raise InputError(path, "no element has a `number`: not `gh issue list --json ...` output")
    for index, issue in enumerate(issues):
        try:
            yield from issue_records(issue, options)
        except RECORD_ERRORS as error:
            yield quarantine(path, None, f"issue [{index}]: {error}")


def issue_records(issue: Any, options: IngestOptions) -> Iterator[Record]:
    """The Observation (and notices) for one element of the `gh issue list` array."""
    if not isinstance(issue, dict):
        raise BadRecord(f"not an object but {type(issue).__name__}")
    number = _issue_number(issue.get("number"))
    url = scalar_text(issue.get("url"), "url").strip() or None
    repo = _repo_of(url)
    uid = f"{repo}#{number}" if repo else f"{options.store}#{number}"
    title = scalar_text(issue.get("title"), "title")
    body = scalar_text(issue.get("body"), "body")
    created = optional_time(issue.get("createdAt"), "createdAt")
    updated = optional_time(issue.get("updatedAt"), "updatedAt")
    revised_at = updated or created
    if revised_at is None:
        raise BadRecord("missing updatedAt and createdAt")
    labels = label_fields(_label_names(issue.get("labels")))
    state = scalar_text(issue.get("state"), "state").strip().upper()
    reason = scalar_text(issue.get("stateReason"), "stateReason").strip().upper()
    # an open issue is a proposal whatever its state reason says (REOPENED); a closed one says why it closed
    declared = lifecycle.declared_word("open" if state == "OPEN" else (reason.replace("_", " ") or state))

    edges, notices = finish_edges(uid, body_edges(body, uid, repo or options.store), (url,) if url else ())
    sha = record_sha(issue)
    claim = ClaimRecord(
        uid=uid,
        text=join_text(title, body),
        aliases=(url,) if url else (),
        subject=labels.subject,
        value=labels.value,
        scope=labels.scope,
        asserted_at=created,
        declared=declared,
        quote_sha256=sha,
    )
    yield Observation(
        source=SourceRecord(uid=f"{options.store}:{uid}", locator=uid, kind="ticket", url=url, title=title or None),
        snapshot=SnapshotRecord(sha256=sha, revised_at=revised_at, version=_version(issue.get("updatedAt"))),
        claims=(claim,),
        edges=edges,
    )
    yield from notices


def body_edges(body: str, uid: str, repo: str) -> list[EdgeRecord]:
    """Edges written in an issue body; targets normalised to `<owner>/<repo>#<n>`.

    `repo` is the issue's own `<owner>/<repo>` (the store name when the issue has no url)
    and resolves a bare `#12`.
    """
    edges: list[EdgeRecord] = []
    for match in _REFERENCE_LINE.finditer(body):
        kind, forward = _PHRASES[" ".join(match.group(1).lower().split())]
        for reference in _ONE_REF.findall(match.group(2)):
            target = normalise_reference(reference, repo)
            if forward:
                edges.append(EdgeRecord(kind=kind, from_ref=uid, to_ref=target))
            else:
                edges.append(EdgeRecord(kind=kind, from_ref=target, to_ref=uid))
    return edges


def normalise_reference(reference: str, repo: str) -> str:
    """`#12`, `owner/repo#12` or an issue URL -> `<owner>/<repo>#12` (`repo` resolves `#12`)."""
    match = _TARGET.match(reference.strip())
    if not match:
        return reference.strip()
    url_owner, url_repo, url_number, owner, name, number, bare = match.groups()
    if url_number:
        return f"{url_owner}/{url_repo}#{int(url_number)}"
    if number:
        return f"{owner}/{name}#{int(number)}"
    return f"{repo}#{int(bare)}"


def _repo_of(url: str | None) -> str | None:
    match = _ISSUE_URL.match(url) if url else None
    return f"{match.group(1)}/{match.group(2)}" if match else None


def _issue_number(value: object) -> int:
    if isinstance(value, bool):
        raise BadRecord("number must be an integer")
    if isinstance(value, int) and value >= 0:
        return value
    if isinstance(value, str) and value.strip().isdigit() and value.strip().isascii():
        return int(value.strip())
    if value is None:
        raise BadRecord("missing number")
    raise BadRecord(f"number is not an issue number: {short(value)}")


def _label_names(labels: object) -> list[str]:
    if labels is None:
        return []
    if not isinstance(labels, list):
        raise BadRecord("labels must be a list")
    names = []
    for label in labels:
        name = label.get("name") if isinstance(label, dict) else label
        if isinstance(name, str):
            names.append(name)
    return names


def _version(value: object) -> str | None:
    return value.strip() or None if isinstance(value, str) else None

