"""Which files are records by their names: the shapes their names repeat as, and the files beside them.

A text file's name shape writes its first run of digits as `[0-9]*` (files.py `shape`). The shapes whose files state
the status are the records (`record_globs`: at least a share of each shape's files, and as many files as the best
shape has, up to two). Beside them, records too, each by its path or its own shape: a file whose name has no number
(no shape to share) or whose number stands only in its folder's name (`unnumbered`), and a file whose shape is its
alone, numbered like the records (`numbered_alone`), that states a status word where the records state theirs.
"""
from __future__ import annotations

import posixpath
import re
from collections import Counter
from typing import Callable

from provgraph.ingest import lifecycle
from provgraph.ingest.formats.proposal.evidence import PATTERNS, Evidence, known
from provgraph.ingest.formats.declaration import matches
from provgraph.ingest.formats.proposal.files import Seen, is_template, literal_glob, shape

_RECORD_NAME = re.compile(r"[A-Za-z]*[-_ ]?[0-9]")  # a name that starts with a record's number (`eip-1`, `0012-x`)
_SHARE_PRESENT = 0.3  # a shape of record names: at least this share of its files state the status


def name_groups(seen: list[Seen]) -> dict[str, str]:
    """Each text file's name shape: digits as `[0-9]*`; a name without digits that repeats in two folders or more as
    itself (`README.md`), any other as `*` and its suffix (`*.md`)."""
    texts = [item for item in seen if item.is_prose]
    names = Counter(item.name.casefold() for item in texts)
    groups = {}
    for item in texts:
        glob = shape(item.name)
        if glob == item.name and names[item.name.casefold()] < 2:
            suffix = posixpath.splitext(item.name)[1]
            glob = f"*{suffix}" if suffix else item.name
        groups[item.relpath] = glob
    return groups


def record_globs(groups: dict[str, str], stating: list[str]) -> list[str]:
    """The name shapes whose files state the status: at least a share of each shape's files, and as many files as
    the best shape has, up to two."""
    sizes = Counter(groups.values())
    counted = Counter(groups[path] for path in stating if path in groups)
    if not counted:
        return []
    least = min(2, max(counted.values()))
    return sorted(glob for glob, count in counted.items() if count >= least and count >= _SHARE_PRESENT * sizes[glob])


def unnumbered(groups: dict[str, str], found: Evidence, in_records: list[str], records: list[str],
               status_names: list[str]) -> list[str]:
    """Files whose name has no number and is not repeated (`draft/content-negotiation.rst`), in a folder of record
    files, or whose number stands only in their folder's name (`numbered_by_folder`; its status may be a `Label:
    value` line's), or that a sidecar stands beside (its folder's one text, `work-placement` beside `metadata.yaml`,
    where the others are README.md), that state a status word in a field the records' status field is named like: records too, named
    by path (a record whose name no shape shares is never dropped for it); templates aside."""
    folders = {posixpath.dirname(path) for path in in_records}
    names = {name.casefold() for name in [*status_names, *lifecycle.STATUS_NAMES]}

    def states(path: str, any_place: bool) -> bool:
        return any(name.casefold() in names and known(value) for place, fields in found.get(path, {}).items()
                   if any_place or place.kind != PATTERNS for name, value in fields.items())

    unnumbered = []
    for path, glob in groups.items():
        if glob in records or path in in_records or is_template(posixpath.basename(path)):
            continue
        beside_sidecar = any(place.sidecar for place in found.get(path, {}))  # a folder's one text, named otherwise
        if glob.startswith("*") and posixpath.dirname(path) in folders and states(path, False) \
                or (numbered_by_folder(path, records) or beside_sidecar) and states(path, True):
            unnumbered.append(path)
    return sorted(unnumbered)


def numbered_by_folder(path: str, records: list[str]) -> bool:
    """A file whose number stands only in its folder's name, the folder named as the records are (`sip-035/` beside
    `sip-033/sip-033-clarity4`), its own name no record's (`sip-secp256r1-verify`, never `eip-1`)."""
    folder, name = posixpath.split(path)
    stems = {posixpath.splitext(glob)[0] for glob in records}
    return bool(folder) and shape(posixpath.basename(folder)) in stems and not _RECORD_NAME.match(name)


def numbered_alone(groups: dict[str, str], records: list[str], states: Callable[[str], bool],
                   paths: list[str]) -> list[str]:
    """The shapes of files each alone in its shape (`ADR-SRCH-001.md` beside `ADR-[0-9]*.md`, `0004-login-filters.md`
    beside `[0-9]*.rst`), numbered like the records (the letters before the number the records' own, or theirs and a
    code after them: `ADR-` and `SRCH-`; never `notes-2023.md` beside `0001-use-adrs.rst`), whose file `states` a status
    where the records state theirs: records too (a record is never left out for being the only one of its name);
    templates aside, and a README or an index has no number. Each by its shape, or by its path when the shape would
    match another of the `paths` (`L[0-9]*`, a name with no extension, matches `L1-c-logging.md` too)."""
    sizes = Counter(glob for path, glob in groups.items() if not is_template(posixpath.basename(path)))
    heads = {_head(glob) for glob in records if "[0-9]*" in glob}
    alone = []
    for path, glob in groups.items():
        if glob in records or sizes[glob] != 1 or "[0-9]*" not in glob or is_template(posixpath.basename(path)):
            continue
        head = _head(glob)
        if any(head == own or (own and head.startswith(own)) for own in heads) and states(path):
            alone.append(glob if sum(1 for other in paths if matches(other, glob)) == 1 else literal_glob(path))
    return sorted(alone)


def _head(glob: str) -> str:
    """The letters a record name shape writes before its number (`ODH-ADR-[0-9]*.md` -> `odhadr`), casefolded."""
    return re.sub(r"[^a-z]+", "", posixpath.basename(glob).split("[0-9]*", 1)[0].casefold())


def every_stating(groups: dict[str, str], records: list[str], stating: list[str]) -> list[str]:
    """`records` with each of the `stating` files none of them matches, by its own shape when that matches no other
    file, else by its path: where the status stands in one place the records share (a line of tags), a file that
    states it there is a record whatever its name (a NIP's `F4.md`, `BE.md` beside `01.md`, `10.md`, ...)."""
    more = []
    for path in stating:
        if any(matches(path, glob) for glob in records):
            continue
        glob = groups.get(path, literal_glob(path))
        more.append(glob if sum(1 for other in groups if matches(other, glob)) == 1 else literal_glob(path))
    return sorted({*records, *more})
