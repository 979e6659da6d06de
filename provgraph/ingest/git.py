"""Record files through their git history (`ingest files DIR --git`).

Which files are records and how each is read is the store's record format (provgraph/ingest/formats/), as for the
plain files ingester. A record's sidecar (`kep.yaml` beside a KEP's `README.md`) is read with it: a commit that
changes the sidecar is a new snapshot of the record.

One Observation per commit that touched a record file under `path`, oldest first, with
the file's bytes as committed: `revised_at` is the committer date, `version` the commit
id. A deletion yields a tombstone snapshot with no claims and no edges.

Renames are followed (git's rename detection, `-M`): `adr-4.md` renamed or moved to
`decisions/adr-04.md` inside the store continues the same source and claim. Both keep the
uid they were first recorded under (`<store>:adr-4.md`); the source's locator becomes the
new path, and the new path (also as `<store>:<path>`) and every former one are aliases of
the claim, so links to either name resolve. A file moved out of the store (or to a name
that is not read) is a deletion; one moved in is an addition. A deletion and an addition in one
commit that git did not pair (its detection compares lines: a change of case plus a reformat) are
a rename when their text is near-identical (whitespace aside), or alike and only the case of the
path changed.

A claim's `asserted_at` is never later than the commit that first held it: a `Date:` line
after that commit (a typo, a plan) does not hide the record from history.

Only committed history counts: uncommitted or untracked changes in the work tree are not
part of it (ingest the directory without `--git` to record the work tree as it is).

History follows the first parent (`--first-parent`): a merge is one change of the
mainline, with the content it brought, and side-branch commits are not snapshots of
their own. Paths are relative to `path`, the store root, like the plain files ingester;
directories whose name starts with "." are skipped the same way, and a link (mode 120000: a blob holding its target's
path) or submodule is never followed, only counted (provgraph/ingest/regular.py). Git runs twice: one
`git log` for the whole history and one `git cat-file --batch` for every blob (provgraph/ingest/git_log.py).
"""
from __future__ import annotations

import difflib
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Iterator

from provgraph.base.errors import InputError
from provgraph.ingest import register
from provgraph.ingest.formats.folder import not_a_record
from provgraph.ingest.formats.reader import Version, read_record
from provgraph.ingest.git_log import LINK_MODE, Change, git_history, git_ok, git_text, parse_log, read_blobs
from provgraph.ingest.git_sidecars import with_sidecars
from provgraph.ingest.markdown.dates import DateConvention
from provgraph.ingest.records import (
    ClaimRecord,
    IngestOptions,
    Notice,
    Observation,
    Quarantined,
    Record,
    Skipped,
    SnapshotRecord,
    SourceRecord,
    sha256_hex,
)
from provgraph.ingest.regular import SUBMODULE, LeftOut, committed_link
from provgraph.ingest.selection import NOT_A_RECORD, FileSelection

_EMPTY_SHA256 = sha256_hex(b"")


@register("files", "git")
def ingest_git(path: Path, options: IngestOptions) -> Iterator[Record]:
    """Every committed version of every record file under `path`, in commit order."""
    path = Path(path)
    if not path.exists():
        raise InputError(path, "no such file or directory")
    selection = FileSelection.from_options(options.options)
    fmt = selection.fmt
    single_file = path.is_file()
    if single_file and selection.skip_reason(path.name) == NOT_A_RECORD:
        raise InputError(path, not_a_record(fmt))
    root = path.parent if single_file else path
    top_level = git_text(root, "rev-parse", "--show-toplevel", path=path).strip()
    prefix = git_text(root, "rev-parse", "--show-prefix", path=path).strip()
    if not git_ok(root, "rev-parse", "--verify", "--quiet", "HEAD"):
        return  # a repository without commits has no history
    pathspec = prefix + path.name if single_file else (prefix or ".")
    log = git_history(Path(top_level), pathspec, path)
    skipped: dict[str, str] = {}

    def walked(relpath: str | None) -> bool:
        return relpath is not None and not any(part.startswith(".") for part in relpath.split("/")[:-1]) and (
            not single_file or relpath == path.name)

    def read(relpath: str | None) -> bool:
        if relpath is None or not walked(relpath):
            return False
        if selection.is_sidecar(relpath) and not fmt.is_record_name(relpath):
            return not single_file
        reason = None if single_file else selection.skip_reason(relpath)
        if reason is not None and reason != NOT_A_RECORD:
            skipped.setdefault(relpath, reason)
        return reason is None

    changes = []
    unread: dict[str, tuple[str, str]] = {}  # path -> (mode, blob) of its last version that is a link or submodule
    for change in parse_log(log, prefix, unread):
        if not read(change.relpath):
            if change.former is not None and change.status == "R" and read(change.former):
                changes.append(replace(change, relpath=change.former, status="D", blob=None, former=None))  # renamed away
            continue
        if change.former is not None and (change.status != "R" or not read(change.former)):
            change = replace(change, former=None)  # copied, or moved in from outside the store: an addition
        changes.append(change)
    order: dict[str, int] = {}
    for change in changes:
        order.setdefault(change.commit, len(order))
    sidecars = [c for c in changes if selection.is_sidecar(c.relpath) and not fmt.is_record_name(c.relpath)]
    changes = [c for c in changes if not selection.is_sidecar(c.relpath) or fmt.is_record_name(c.relpath)]
    wanted = ({c.blob for c in (*changes, *sidecars) if c.blob}
              | {c.old_blob for c in _unpaired_deletions(changes) if c.old_blob}
              | {blob for relpath, (mode, blob) in unread.items() if mode == LINK_MODE and walked(relpath)})
    blobs = read_blobs(Path(top_level), sorted(wanted), path)
    changes = with_sidecars(_pair_renames(changes, blobs), sidecars, order)
    dates = DateConvention(order=options.options.get("date_order"))
    for change in changes if fmt.is_markdown_adr else ():  # the store's date convention, from every version of every
        if change.blob and change.blob in blobs:                # file, before any is read (the Markdown reading's dates)
            dates.observe_text(blobs[change.blob][:20_000].decode("utf-8", errors="replace"))
    dates.settled = True
    titles: dict[str, str | None] = {}
    history = _Renames()
    first_held: dict[str, datetime] = {}
    said: set[Notice] = set()
    for change in changes:
        identity = history.follow(change)
        source_uid = f"{options.store}:{identity}"
        if change.blob is None:
            yield Observation(
                source=SourceRecord(uid=source_uid, locator=change.relpath, kind="markdown" if fmt.is_markdown_adr else "record",
                                    title=titles.get(identity)),
                snapshot=SnapshotRecord(sha256=_EMPTY_SHA256, revised_at=change.committed_at, version=change.commit, deleted=True,
                                        author=change.author, authored_at=change.authored_at, committer=change.committer),
            )
            continue
        data = blobs.get(change.blob)
        if data is None:
            yield Quarantined(f"{change.relpath}@{change.commit}", None, f"git has no blob {change.blob}")
            continue
        at = Version(change.relpath, change.committed_at, change.commit, identity, history.former_paths(identity))
        version = read_record(fmt, at, data, options, sidecar=blobs.get(change.sidecar_blob or ""), dates=dates)
        for record in version.records:
            if isinstance(record, Observation):
                titles[identity] = record.source.title
                record = replace(record, snapshot=replace(record.snapshot, author=change.author, authored_at=change.authored_at,
                                                          committer=change.committer),
                                 claims=tuple(_held_since(claim, first_held, change.committed_at)
                                                      for claim in record.claims))
            elif isinstance(record, Notice):
                if record in said:
                    continue  # the same notice for every commit of a file is said once
                said.add(record)
            yield record
    left = LeftOut()  # a link is a blob holding its target's path: named, never followed (provgraph/ingest/regular.py)
    for relpath, (mode, blob) in sorted(unread.items()):
        if walked(relpath):
            left.add(relpath, committed_link(relpath, blobs.get(blob, b"").decode("utf-8", "replace")) if mode == LINK_MODE
                     else SUBMODULE)
    unopened = left.notice(options.store)
    if unopened is not None:
        yield unopened
    for relpath, reason in sorted(skipped.items()):
        yield Skipped(relpath, reason)
    reading = dates.summary(options.store)
    if reading is not None:
        yield reading


def _unpaired_deletions(changes: list[Change]) -> list[Change]:
    """Deletions in a commit that also adds a file: the candidates for a rename git did not pair."""
    added = {c.commit for c in changes if c.status == "A" and c.former is None}
    return [c for c in changes if c.status == "D" and c.blob is None and c.old_blob and c.commit in added]


_NEAR_IDENTICAL = 0.9  # similarity of two versions' text (whitespace and line endings aside) that makes them one record
_SAME_NAME_OTHER_CASE = 0.5  # enough when only the case of the path changed (`eks.md` -> `EKS.md`)
_COMPARED_CHARS = 8_000


def _pair_renames(changes: list[Change], blobs: dict[str, bytes]) -> list[Change]:
    """A delete and an add of near-identical content in one commit is a rename, even when git did not pair them.

    Git compares lines: a change of case on a case-insensitive checkout, or line endings rewritten on every line
    (CRLF -> LF), leaves a deletion and an unrelated addition. Each deletion pairs with at most one addition of its
    commit: the most similar one at or over the threshold (a lower one when only the path's case changed).
    """
    deletions = _unpaired_deletions(changes)
    if not deletions:
        return changes
    paired: dict[int, Change] = {}  # index of the addition -> the rename that replaces it
    dropped: set[int] = set()  # indexes of the deletions paired away
    index_of = {id(change): number for number, change in enumerate(changes)}
    for deletion in deletions:
        before = _comparable(blobs.get(deletion.old_blob or ""))
        best: tuple[float, int] | None = None
        for number, change in enumerate(changes):
            if change.commit != deletion.commit or change.status != "A" or change.former is not None or number in paired:
                continue
            score = _similarity(before, _comparable(blobs.get(change.blob or "")))
            enough = _SAME_NAME_OTHER_CASE if change.relpath.casefold() == deletion.relpath.casefold() else _NEAR_IDENTICAL
            if score >= enough and (best is None or score > best[0]):
                best = (score, number)
        if best is not None:
            addition = changes[best[1]]
            paired[best[1]] = replace(addition, status="R", former=deletion.relpath)
            dropped.add(index_of[id(deletion)])
    return [paired.get(number, change) for number, change in enumerate(changes) if number not in dropped]


def _comparable(data: bytes | None) -> str:
    if data is None:
        return ""
    return " ".join(data[:_COMPARED_CHARS].decode("utf-8", errors="replace").split())


def _similarity(first: str, second: str) -> float:
    """How alike two versions' texts are, word by word: compared character by character, two 8,000-character texts
    with few distinct characters cost difflib seconds each (minutes on python/peps' move of every PEP)."""
    if not first or not second:
        return 0.0
    matcher = difflib.SequenceMatcher(None, first.split(" "), second.split(" "), autojunk=False)
    if matcher.real_quick_ratio() < _SAME_NAME_OTHER_CASE or matcher.quick_ratio() < _SAME_NAME_OTHER_CASE:
        return 0.0
    return matcher.ratio()


def _held_since(claim: ClaimRecord, first_held: dict[str, datetime], committed_at: datetime) -> ClaimRecord:
    """A claim's asserted_at capped to the first commit that held it (a later Date line must not hide it)."""
    first = first_held.setdefault(claim.uid, committed_at)
    if claim.asserted_at is not None and claim.asserted_at > first:
        return replace(claim, asserted_at=first)
    return claim


class _Renames:
    """Which source a path continues: the path it was first recorded under, through renames."""

    def __init__(self) -> None:
        self.identity: dict[str, str] = {}  # live path -> identity
        self.former: dict[str, list[str]] = {}  # identity -> earlier paths

    def follow(self, change: Change) -> str:
        if change.former is not None:
            identity = self.identity.pop(change.former, change.former)
            self.former.setdefault(identity, [])
            if change.former not in self.former[identity] and change.former != identity:
                self.former[identity].append(change.former)
            self.identity[change.relpath] = identity
            return identity
        known = self.identity.get(change.relpath)
        if known is not None:
            return known
        fresh = change.relpath
        if fresh in self.identity.values():  # a new file where a renamed-away one used to be
            fresh = f"{change.relpath}@{change.commit[:12]}"
        self.identity[change.relpath] = fresh
        return fresh

    def former_paths(self, identity: str) -> tuple[str, ...]:
        return tuple(self.former.get(identity, ()))


