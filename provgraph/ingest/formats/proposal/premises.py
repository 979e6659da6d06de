"""Whether a log's own statuses agree with reading its `requires` field as a premise (DEPENDS_ON, status rule 11).

Declared as a premise, a `requires` field makes a record UNKNOWN (PREMISE_NOT_CURRENT) while a record it requires is
not in force. A log that uses the field so keeps its records in force only on records in force; a log that writes it
for "builds on" does not (a Final TIP requiring a Draft one). The proposal follows the log's own practice: among the
records its word readings put in force that require others, if more than `SHARE_DISAGREEING` require one that is not
in force (its reading is not in force, or it is no record of the folder), the field is left out, with a `#` comment
counting them and naming one. The share: each such record would be judged against its authors' own word, and a
proposal is to read 95% of a log as its authors state it; a field that alone turns more than 5% of the records it
touches against them is not the log's premise.
"""
from __future__ import annotations

import posixpath
from dataclasses import dataclass
from typing import Callable

from provgraph.ingest import lifecycle
from provgraph.ingest.formats.declaration import NO_VALUE, render
from provgraph.ingest.formats.proposal.evidence import status_text
from provgraph.ingest.formats.proposal.places import Choice
from provgraph.ingest.formats.proposal.roles import SCHEME, id_written, parts_of, path_named

SHARE_DISAGREEING = 0.05
_REPLACING = ("supersedes", "replaces")  # a record in force that names another so retires it
_REPLACED = ("superseded_by", "replaced_by")  # a record that names a successor in force is retired


@dataclass(frozen=True)
class Practice:
    """How a log's records in force use a premise field: how many require others, how many of those one not in force,
    and the first such (record, its status, the one required, its status or `absent`)."""

    requiring: int
    disagreeing: int
    example: tuple[str, str, str, str] | None

    @property
    def agrees(self) -> bool:
        return self.disagreeing <= SHARE_DISAGREEING * self.requiring


def practice(choice: Choice, fields: dict[str, str], numbers: dict[str, int | None],
             reads: Callable[[str], str | None]) -> Practice:
    """How the records in force use the `requires` field (`fields`: role -> field name, as proposed; `numbers`: each
    record's number; `reads`: a status text -> the canonical word the proposal reads it as). A record is in force by
    its word, unless a record in force replaces it or it names a successor in force (as rule 6 would judge it); a
    record that requires one not in force, or one that does so in turn, is one the premise reading would not keep."""
    by_number = {number: path for path, number in numbers.items() if number is not None}
    status = {path: _status_of(choice, path) for path in choice.stated}
    named = {role: {path: _targets(choice, path, name, by_number) for path in choice.stated} for role, name in fields.items()}
    in_force = {path for path, text in status.items() if reads(text) in lifecycle.IN_FORCE}
    retired = {target for role in _REPLACING for path in in_force for target in named.get(role, {}).get(path, [])}
    retired |= {path for role in _REPLACED for path, targets in named.get(role, {}).items() if set(targets) & in_force}
    in_force -= retired
    required = {path: targets for path, targets in named["requires"].items() if path in in_force and targets}
    kept = set(in_force)
    while True:
        lost = {path for path, targets in required.items() if path in kept and not set(targets) <= kept}
        if not lost:
            break
        kept -= lost
    example = next(((path, status[path], target, status.get(target, "absent") if target not in retired else "replaced")
                    for path in sorted(required, key=lambda path: (numbers.get(path) or 0, path))
                    for target in required[path] if target not in in_force), None)
    return Practice(len(required), sum(1 for path in required if path not in kept), example)


def _targets(choice: Choice, path: str, name: str, by_number: dict[int, str]) -> list[str]:
    """The record files (or, for one that is not in the folder, the text) a record's link field names."""
    targets = [_target(path, part, by_number) for part in parts_of(status_text(choice.stated[path].get(name)), path,
                                                                  choice.stated.keys())
               if part.casefold() not in NO_VALUE]
    return [target for target in targets if target != path and target != posixpath.dirname(path)]


def _status_of(choice: Choice, path: str) -> str:
    return choice.status_of(choice.stated[path])


def _target(relpath: str, part: str, by_number: dict[int, str]) -> str:
    """The record file a part names (by its number, or its path), else the part itself (no record of the folder)."""
    if SCHEME.match(part):
        return part
    number = id_written(part)[1]
    if number is not None:
        return by_number.get(number, part)
    named = path_named(relpath, part)
    return named if named is not None else part


def comment(found: Practice, name: str, numbers: dict[str, int | None], template: str) -> str:
    """The `#` comment a proposal gives for a premise field it leaves out."""
    assert found.example is not None  # a field is left out only when a record disagrees
    path, said, lacking, lacking_said = found.example

    def shown(relpath: str) -> str:
        number = numbers.get(relpath)
        return render(template, str(number)) if number is not None else relpath

    return (f"{name} is not declared as requires (a premise): {found.disagreeing} of {found.requiring} records in force "
            f"that require others require one that is not, e.g. {shown(path)} {said} requires {shown(lacking)} "
            f"{lacking_said}; declared as a premise they would be UNKNOWN (PREMISE_NOT_CURRENT). Add it to "
            "[store.record.fields] if the log means it so")
