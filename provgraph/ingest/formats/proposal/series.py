"""A second series of records, numbered on its own, among the files a proposal would read.

Two record name shapes whose names start with different letters (`tap[0-9]*.md`, and `pouf[0-9]*.md` in `POUFs/`)
whose numbers meet (TAP 1 and POUF 1 both exist) are two series: one id template cannot name both, and each number
would name two records. The series chosen (`formats propose --series GLOB`), else the one with the most records that
state a status, is the store's (at a tie, the one nearer the folder's top); each other one is taken out of the
choice and said, with the command that proposes it as a store of its own (`--series` and its glob, `--name`).
Shapes with the same letters (`pep-[0-9]*.rst`, `pep-[0-9]*.txt`), or whose numbers never meet, are one series.
"""
from __future__ import annotations

import posixpath
import re
import shlex
from collections import defaultdict
from dataclasses import dataclass

from provgraph.base.errors import InputError
from provgraph.ingest.formats.declaration import matches
from provgraph.ingest.formats.proposal.files import number_of, prefix_of
from provgraph.ingest.formats.proposal.places import Choice


@dataclass(frozen=True)
class Series:
    """A series left out: its record glob, its files (the ones that state a status first), the folder they share."""

    glob: str
    paths: tuple[str, ...]
    folder: str

    def said(self, root: str, store: str) -> str:
        shown = ", ".join(self.paths[:3]) + (", ..." if len(self.paths) > 3 else "")
        letters = re.sub(r"[^a-z0-9]+", "", self.glob.split("[", 1)[0].casefold()) or "series"
        command = (f"provgraph formats propose {posixpath.join(root, self.folder)}" if self.folder else  # its own folder
                   f"provgraph formats propose {shlex.quote(root)} --series {shlex.quote(self.glob)} --name {store}-{letters}")
        return (f"{len(self.paths)} file(s) of another series, numbered on its own, are not read as records "
                f"({self.glob}: {shown}): its numbers are this series' too, so one id cannot name both; propose it as a "
                f"store of its own: {command}")


def other_series(choice: Choice, chosen: str | None = None) -> list[Series]:
    """The series among the choice's record globs other than the store's (`chosen`, a record glob, when given; else
    the one with the most records that state a status), taken out of the choice (InputError: `chosen` is none of
    the series)."""
    left = _other_series(choice, chosen)
    if chosen is not None and chosen not in choice.records:
        raise InputError(chosen, f"no series of records has this glob; the series here: "
                                 f"{', '.join(sorted({*choice.records, *(series.glob for series in left)}))}")
    return left


def _other_series(choice: Choice, chosen: str | None) -> list[Series]:
    by_glob: dict[str, list[str]] = defaultdict(list)
    for path in [*choice.stated, *choice.silent]:
        glob = next((glob for glob in choice.records if matches(path, glob)), None)
        if glob is not None:
            by_glob[glob].append(path)
    letters = {glob: {prefix_of(posixpath.basename(path)).casefold() for path in paths} for glob, paths in by_glob.items()}
    numbers = {glob: {number_of(path) for path in paths} - {None} for glob, paths in by_glob.items()}

    def rank(glob: str) -> tuple[bool, int, float, str]:
        paths = by_glob[glob]
        return (glob != chosen, -sum(1 for path in paths if path in choice.stated),
                sum(path.count("/") for path in paths) / len(paths), glob)

    kept: list[str] = []
    left: list[Series] = []
    for glob in sorted(by_glob, key=rank):
        if any(len(letters[glob]) == 1 and letters[glob] != letters[own] and numbers[glob] & numbers[own] for own in kept):
            paths = sorted(by_glob[glob], key=lambda path: (path not in choice.stated, path))
            folders = [posixpath.dirname(path) for path in paths]
            left.append(Series(glob, tuple(paths), posixpath.commonpath(folders) if all(folders) else ""))
        else:
            kept.append(glob)
    if left:
        out = {path for series in left for path in series.paths}
        choice.records = [glob for glob in choice.records if glob not in {series.glob for series in left}]
        choice.leave_out(out.__contains__)
    return left
