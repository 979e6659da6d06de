"""A second series of records, numbered on its own, among the files a proposal would read.

Two record name shapes whose names start with different letters (`tap[0-9]*.md`, and `pouf[0-9]*.md` in `POUFs/`)
whose numbers meet (TAP 1 and POUF 1 both exist) are two series: one id template cannot name both, and each number
would name two records. The series chosen (`formats propose --series GLOB`), else the one with the most records that
state a status, is the store's (at a tie, the one nearer the folder's top); each other one is taken out of the
choice and said, with the command that proposes it as a store of its own (`--series` and its glob, `--name`).
Shapes with the same letters (`pep-[0-9]*.rst`, `pep-[0-9]*.txt`), or whose numbers never meet, are one series.

Unless `--series` chooses one, series side by side are read in one store (`side_by_side`): when every record file is
in one folder and in a series, and there are two series or more, each numbered on its own (two files or more, no
number twice, the smallest 1, or at most half their count: `A1`..`A118`, `G1`, `G2`, `P1`, `P3`..`P5`), some numbers
meeting. Each record's id is then its file name's letters and number (the file-name place's `file-id`: `A27`, never
the `27` of `L27`), unless an id field writes them so too (`ID: A27`); the acronyms the records' texts cite such
ids by are its aliases (`cited_forms`: `gRFC A27` -> `gRFC {id}`). A folder of one series with a few files named
otherwise (`draft-0002-notes.md`, `draft-0003-ideas.md` beside `rfc-0001`..`rfc-0004`) is not split: the stray names are no
series numbered on its own, and the one series is proposed as above.
"""
from __future__ import annotations

import copy
import posixpath
import re
import shlex
from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from provgraph.base.errors import InputError
from provgraph.ingest.formats.declaration import matches
from provgraph.ingest.formats.proposal.files import Seen, is_template, number_of, prefix_of
from provgraph.ingest.formats.proposal.places import Choice


_CITED = re.compile(r"(?<![\w/&])([A-Za-z]{2,12})([ -])([A-Za-z]{1,12}[-_]?\d{1,6})(?![\w]|\.\d)")  # `gRFC A27`

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


@dataclass(frozen=True)
class Beside:
    """A series read in the store beside others: its letters as its file names write them, its record globs."""

    letters: str
    globs: tuple[str, ...]

    def counted(self, records: Iterable[str]) -> dict[str, Any]:
        """This series with how many of `records` (record paths) are its own, as a proposal's json gives it."""
        count = sum(1 for path in records if any(matches(path, glob) for glob in self.globs))
        return {"series": self.letters, "records": count, "globs": list(self.globs)}


def side_by_side(choice: Choice) -> list[Beside]:
    """The series of the choice's record files when they are several, side by side in one folder, each numbered on
    its own and together every record file (largest first); else none."""
    by_glob = _by_glob(choice)
    paths = [path for found in by_glob.values() for path in found]
    if len({posixpath.dirname(path) for path in paths}) != 1 or len(paths) < len(choice.stated) + len(choice.silent):
        return []
    by_letters: dict[str, list[str]] = defaultdict(list)  # casefolded letters -> globs
    for glob, found in by_glob.items():
        letters = {prefix_of(posixpath.basename(path)).casefold() for path in found}
        if len(letters) != 1 or any(is_template(posixpath.basename(path)) for path in found):
            return []
        by_letters[letters.pop()].append(glob)
    numbers = {letters: [number_of(path) for glob in globs for path in by_glob[glob]]
               for letters, globs in by_letters.items()}
    if len(numbers) < 2 or not all(_own_numbering(found) for found in numbers.values()):
        return []
    sets = [set(found) for found in numbers.values()]
    if not any(one & other for index, one in enumerate(sets) for other in sets[index + 1:]):
        return []  # numbers that never meet: one series, named by its numbers alone
    ranked = sorted(by_letters, key=lambda letters: (-len(numbers[letters]), letters))
    return [Beside(prefix_of(posixpath.basename(by_glob[by_letters[letters][0]][0])), tuple(by_letters[letters]))
            for letters in ranked]


def together(series: list[Beside], records: Iterable[str]) -> list[dict[str, Any]]:
    """The series a proposal reads side by side in one store, each with its records ([] for none)."""
    paths = list(records)
    return [one.counted(paths) for one in series]


def said(series: list[dict[str, Any]]) -> str:
    """The `series:` line of a proposal reading several series in one store."""
    each = "; ".join(f"{one['series']} {one['records']} record{'' if one['records'] == 1 else 's'} "
                     f"({', '.join(one['globs'])})" for one in series)
    return (f"{len(series)} series in one folder, each numbered on its own, read in one store, each record named by "
            f"its series and number: {each}")


def _own_numbering(numbers: list[int | None]) -> bool:
    """Two numbers or more, none twice, counted from near the start: the smallest 1 at most, or half their count
    (`G1`, `G2`; never a stray `draft-0002`, `draft-0003` beside `rfc-0001` ... `rfc-0004`)."""
    return (len(numbers) >= 2 and None not in numbers and len(set(numbers)) == len(numbers)
            and min(number for number in numbers if number is not None) <= max(1, len(numbers) // 2))


def _by_glob(choice: Choice) -> dict[str, list[str]]:
    """record glob -> the record files (stated or silent) it is the first of the choice's globs to match."""
    by_glob: dict[str, list[str]] = defaultdict(list)
    for path in [*choice.stated, *choice.silent]:
        glob = next((glob for glob in choice.records if matches(path, glob)), None)
        if glob is not None:
            by_glob[glob].append(path)
    return by_glob


def other_series(choice: Choice, chosen: str | None = None,
                 numbered: Callable[[Choice], bool] = lambda choice: True) -> list[Series]:
    """The series among the choice's record globs other than the store's (`chosen`, a record glob, when given; else
    the one with the most records that state a status), taken out of the choice (InputError: `chosen` is none of
    the series). With none chosen, they are taken out only when the store's series alone would have ids that are
    numbers (`numbered`, roles.py): were its records named by their paths, or by an id that writes the series too,
    each record of every series is named by one id, and the series stay in the store."""
    left = _other_series(choice, chosen, numbered)
    if chosen is not None and chosen not in choice.records:
        raise InputError(chosen, f"no series of records has this glob; the series here: "
                                 f"{', '.join(sorted({*choice.records, *(series.glob for series in left)}))}")
    return left


def _other_series(choice: Choice, chosen: str | None, numbered: Callable[[Choice], bool]) -> list[Series]:
    by_glob = _by_glob(choice)
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
    out = {path for series in left for path in series.paths}
    if left and chosen is None:
        alone = copy.copy(choice)
        alone.leave_out(out.__contains__)
        if not numbered(alone):
            return []  # the store's own series would be named by paths too: one id names each record of them all
    if left:
        choice.records = [glob for glob in choice.records if glob not in {series.glob for series in left}]
        choice.leave_out(out.__contains__)
    return left


def cited_forms(choice: Choice, seen: dict[str, Seen], ids: set[str]) -> list[str]:
    """Aliases from how the records' texts cite each other's series ids with an acronym before them (`gRFC A27`, two
    capitals or more: never `in A27`): a form that names three records or more from two record files or more, the
    most named first."""
    cited: dict[tuple[str, str], set[str]] = defaultdict(set)
    citing: dict[tuple[str, str], set[str]] = defaultdict(set)
    for relpath in choice.stated:
        for prefix, separator, written in _CITED.findall(seen[relpath].text):
            if written in ids and sum(1 for letter in prefix if letter.isupper()) >= 2:  # `gRFC`, `RFC`; never `in`
                cited[prefix, separator].add(written)
                citing[prefix, separator].add(relpath)
    enough = min(3, len(ids))
    ranked = sorted(cited.items(), key=lambda item: (-len(item[1]), item[0]))
    return [f"{prefix}{separator}{{id}}" for (prefix, separator), named in ranked
            if len(named) >= enough and len(citing[prefix, separator]) >= min(2, len(choice.stated))]
