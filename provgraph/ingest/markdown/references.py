"""References in Markdown: link lines (`Superseded by [..](path)`), MADR status references, and the
normalisation of a reference to what the pipeline resolves (a store-relative path, a URL, an id as written)."""
from __future__ import annotations

import posixpath
import re
from typing import Iterator
from urllib.parse import unquote

from provgraph.ingest import lifecycle
from provgraph.ingest.markdown.document import LEADING_MARKUP, STRIKETHROUGH, Document, body_lines, is_markdown_name

# Front matter keys holding references the other way round (target -> self); fields.REFERENCE_FIELDS holds
# the keys read self -> target.
REVERSE_REFERENCE_FIELDS = {
    "corrected_by": "CORRECTS",
    "superseded_by": "SUPERSEDES",
    "invalidated_by": "INVALIDATES",
    "amended_by": "AMENDS",
}


# Link lines: verb -> (edge kind, True when the edge points from the target to this file).
_LINK_VERBS = {
    "supersedes": ("SUPERSEDES", False),
    "supercedes": ("SUPERSEDES", False),
    "superseded by": ("SUPERSEDES", True),
    "superceded by": ("SUPERSEDES", True),
    # read only on a status line (## Status section, `Status:` line, front matter status):
    # any link there names the successor
    "superseded": ("SUPERSEDES", True),
    "superceded": ("SUPERSEDES", True),
    "replaced by": ("SUPERSEDES", True),
    "obsoleted by": ("SUPERSEDES", True),
    "amends": ("AMENDS", False),
    "amended by": ("AMENDS", True),
}
_STATUS_LINE_VERBS = ("superseded", "superceded", "replaced by", "obsoleted by")
LINK_LINE = re.compile(
    r"(supersedes|supercedes|superseded\s+by|superceded\s+by|amends|amended\s+by"
    r"|superseded|superceded|replaced\s+by|obsoleted\s+by)\b[\s:*_]*(.*)",
    re.IGNORECASE,
)
# A verb anywhere on a status line (`🤔 Proposed, supersedes [0002](0002-x.md)`): each verb takes the links up to the next.
_VERB_ANYWHERE = re.compile(
    r"(?<![\w-])(supersedes|supercedes|superseded\s+by|superceded\s+by|amends|amended\s+by"
    r"|superseded|superceded|replaced\s+by|obsoleted\s+by)\b",
    re.IGNORECASE,
)
_MARKDOWN_LINK = re.compile(r"\[[^\]\n]{0,500}\]\(\s*(<[^>\n]*>|[^)\s]+)(?:\s+\"[^\"\n]*\")?\s*\)")
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")


def normalise_reference(relpath: str, reference: str) -> str | None:
    """A reference as the pipeline resolves it: store-relative path for a relative path, else as written.

    `relpath` is the referring file's store-relative path. Returns None for a reference
    that names nothing (an empty string, a bare `#anchor` is returned as `relpath`).
    """
    reference = reference.strip()
    if reference.startswith("<") and reference.endswith(">"):
        reference = reference[1:-1].strip()
    if not reference:
        return None
    if _SCHEME.match(reference) and not re.match(r"[A-Za-z]:[\\/]", reference):
        return reference  # a URL (or urn:, mailto:): an alias of a ticket, card, ...
    path_part = reference.split("#", 1)[0].split("?", 1)[0]
    looks_like_path = (
        is_markdown_name(path_part)
        or reference.startswith(("./", "../", "/", "#"))
    )
    if not looks_like_path:
        return reference  # an id as written: ADR-0004, PROJ-12, owner/repo#12
    if not path_part:
        return relpath  # "#section": this same file
    path_part = unquote(path_part).replace("\\", "/")
    if path_part.startswith("/"):
        joined = path_part.lstrip("/")
    else:
        joined = posixpath.join(posixpath.dirname(relpath), path_part)
    normal = posixpath.normpath(joined)
    return normal if normal != "." else None


def _link_targets(relpath: str, text: str) -> list[str]:
    targets: list[str] = []
    for found in _MARKDOWN_LINK.finditer(text):
        raw = found.group(1)
        if raw.startswith("<") and raw.endswith(">"):
            raw = raw[1:-1]
        if not _SCHEME.match(raw) and not raw.startswith(("./", "../", "/", "#")):
            raw = "./" + raw  # a link target is always a path, even "0005-x" without .md
        target = normalise_reference(relpath, raw)
        if target is not None:
            targets.append(target)
    return targets


def link_lines(relpath: str, document: Document, status_section: tuple[int, int] | None = None
               ) -> Iterator[tuple[str, bool, str, int]]:
    """(edge kind, reverse, target, 0-based line index) for every link line in the body, outside code fences.

    `Superseded [..](x)`, `Replaced by`, `Obsoleted by` count only on a status line: inside the
    ## Status section or after `Status:`; elsewhere they are prose.
    """
    for index, line in body_lines(document):
        if len(line) > 100_000 or "](" not in line:
            continue
        stripped = LEADING_MARKUP.sub("", STRIKETHROUGH.sub("", line.lstrip()))
        unprefixed = re.sub(r"^status\W+", "", stripped, flags=re.IGNORECASE)
        on_status_line = unprefixed != stripped or (
            status_section is not None and status_section[0] - 1 <= index < status_section[1])
        found = LINK_LINE.match(unprefixed)
        if not found:
            if on_status_line and lifecycle.canonical(unprefixed) is not None:  # the line that states the status
                yield from ((kind, reverse, target, index) for kind, reverse, target in _verbs_anywhere(relpath, unprefixed))
            continue
        verb = re.sub(r"\s+", " ", found.group(1).lower())
        if verb in _STATUS_LINE_VERBS and not on_status_line:
            continue
        kind, reverse = _LINK_VERBS[verb]
        for target in _link_targets(relpath, found.group(2)):
            yield kind, reverse, target, index


def _verbs_anywhere(relpath: str, text: str) -> Iterator[tuple[str, bool, str]]:
    """A status line whose link verb is not its first word: each verb names the links that follow it, up to the next verb."""
    verbs = list(_VERB_ANYWHERE.finditer(_MARKDOWN_LINK.sub(lambda m: " " * len(m.group(0)), text)))
    for number, found in enumerate(verbs):
        end = verbs[number + 1].start() if number + 1 < len(verbs) else len(text)
        kind, reverse = _LINK_VERBS[re.sub(r"\s+", " ", found.group(1).lower())]
        for target in _link_targets(relpath, text[found.end():end]):
            yield kind, reverse, target


def status_references(relpath: str, status: str) -> Iterator[tuple[str, bool, str]]:
    """MADR front matter such as `status: superseded by ADR-0123` or `... by [x](0123-x.md)`."""
    found = LINK_LINE.match(LEADING_MARKUP.sub("", status.strip()))
    if not found:
        if "](" in status and lifecycle.canonical(status) is not None:  # `proposed, supersedes [x](0002-x.md)`
            yield from _verbs_anywhere(relpath, status)
        return
    verb = re.sub(r"\s+", " ", found.group(1).lower())
    kind, reverse = _LINK_VERBS[verb]
    rest = found.group(2).strip()
    if verb in ("superseded", "superceded") and "](" not in rest:
        return  # "superseded 2024-03-01": the word, no successor named
    targets = _link_targets(relpath, rest) if "](" in rest else [normalise_reference(relpath, rest.split()[0])] if rest else []
    for target in targets:
        if target is not None:
            yield kind, reverse, target
