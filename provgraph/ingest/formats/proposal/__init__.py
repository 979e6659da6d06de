"""A declaration proposed from the files: `provgraph formats propose PATH`, and `ingest files` when it reads nothing.

`propose_format(path)` looks at every file under a folder (files.py), finds where a field whose values are status
words stands and which file names repeat as records (places.py), which fields carry the id, title, date and links
and how the records cite each other (roles.py), and which words the status field uses, read with the log's own definitions of them where it has any
(words.py, definitions.py). It returns a
`Proposal`: a `[[store]]` table for provgraph.toml, with what it would read counted by the real declaration and
reader (reading.py) and every doubt said. Nothing is applied: the user pastes it, or a script appends it.
"""
from __future__ import annotations

import json
import posixpath
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from provgraph.base.errors import InputError
from provgraph.base.text import counted
from provgraph.ingest.formats.declaration import LINK_ROLES, METADATA
from provgraph.ingest.formats.metadata import FILE_ID, FILE_NUMBER
from provgraph.ingest.formats.proposal import places, premises, roles, tags
from provgraph.ingest.formats.proposal.aside import set_aside
from provgraph.ingest.formats.proposal.definitions import definitions
from provgraph.ingest.formats.proposal.evidence import evidence, known_word, status_text
from provgraph.ingest.formats.proposal.files import Seen, look
from provgraph.ingest.formats.proposal.reading import OTHER_NAMES, Tally, tally
from provgraph.ingest.formats.proposal.series import other_series, said, side_by_side, together
from provgraph.ingest.formats.proposal.toml import store_toml
from provgraph.ingest.formats.proposal.words import Word, phrase_of, phrases, words
from provgraph.ingest.formats.twins import twin_suffix

_LISTED = 5
_PLACES = [kind for kind in METADATA if kind not in ("adr", "file-name")]  # where a proposal looks for a status (the adr
# reading is the default's; a file name holds no status)


@dataclass
class Proposal:
    """A declaration for the files under `path`, what it would read, and what to check before applying it."""

    name: str
    path: str
    record: dict[str, Any]  # the [store.record] table
    words: list[Word]
    status: list[tuple[str, str]]  # (place, field name) where the status was found, in the order read
    counts: Tally
    doubts: list[str] = field(default_factory=list)
    series: list[dict[str, Any]] = field(default_factory=list)  # the series read side by side in one store, if several

    def store_table(self) -> dict[str, Any]:
        """The `[[store]]` table, as provgraph.toml holds it (words provgraph cannot read are left out)."""
        return {"name": self.name, "kind": "files", "path": self.path, "record": self.record,
                "words": {word.phrase: word.reads_as for word in self.words if word.reads_as}}

    def summary(self) -> str:
        """One line: how many files it would read as records, of how many."""
        where = ", ".join(f"{place} {name}" if name else place for place, name in self.status)
        return (f"{self.counts.records} of {counted(self.counts.files, 'file')} would be read as records "
                f"(status: {where}; records: {', '.join(self.record['records'])})")

    def not_read(self) -> list[str]:
        """Each reason files would not be read as records, with its count (names not a record's by extension)."""
        said = []
        for reason, count in sorted(self.counts.not_read.items(), key=lambda item: (-item[1], item[0])):
            extensions = ", ".join(f"{number} {suffix}" for suffix, number in self.counts.other_names.most_common(_LISTED))
            more = ", ..." if len(self.counts.other_names) > _LISTED else ""
            aside = self.counts.aside.get(reason, [])
            named = _listed(aside) if aside else f"{extensions}{more}" if reason == OTHER_NAMES else ""
            said.append(f"{count} {reason}" + (f" ({named})" if named else ""))
        return said

    def to_toml(self) -> str:
        """The proposal as provgraph.toml takes it: a `[[store]]` table, the counts and doubts as `#` comments."""
        head = [f"provgraph's proposed declaration for {self.path} (nothing is applied until it is in provgraph.toml)",
                self.summary(), *([f"series: {said(self.series)}"] if self.series else []),
                *(f"not read: {line}" for line in self.not_read()), *(f"check: {doubt}" for doubt in self.doubts)]
        return store_toml(self.store_table(), head, self.words)

    def to_dict(self) -> dict[str, Any]:
        return {"store": self.store_table(), "summary": self.summary(), "files": self.counts.files, "records": self.counts.records,
                "not_read": dict(sorted(self.counts.not_read.items())),
                "other_names": dict(sorted(self.counts.other_names.items())),
                "set_aside": dict(sorted(self.counts.aside.items())),
                "status": [{"place": place, "field": name} for place, name in self.status],
                "words": [word.to_dict() for word in self.words], "doubts": self.doubts,
                **({"series": self.series} if self.series else {}), "toml": self.to_toml()}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, sort_keys=True)


def propose_format(path: str | Path, name: str | None = None, series: str | None = None) -> Proposal:
    """A declaration for the record files under the folder `path` (InputError: not a folder, or no file in it states
    a status provgraph can find). `name`: the store's name [default: the folder's]; `series`: the record glob of the
    series to propose when the folder holds several numbered each on its own [default: the one with most records]."""
    root = Path(path)
    if not root.is_dir():
        raise InputError(root, "not a folder: a declaration is proposed for a folder of records")
    seen = look(root)
    found = evidence(seen)
    choice = places.choose(seen, found)
    if not choice.stated:
        read = sum(1 for item in seen if item.is_prose)
        aside = sum(1 for item in seen if item.lines is not None and not item.is_prose)
        raise InputError(root, f"nothing here reads as decision records: none of {counted(read, 'text file')}"
                               f"{f' ({aside} data files and programs aside)' if aside else ''} states a "
                               f"status word in a place a declaration can name ({', '.join(_PLACES)}, a Label: value line); "
                               "declare one by hand (docs/ingest.md, Record formats)")
    beside = side_by_side(choice) if series is None else []
    others = other_series(choice, series, roles.numbered) if not beside else []
    skip = set_aside(choice, [item for item in seen if item.is_prose])
    by_path = {item.relpath: item for item in seen}
    found_roles = roles.roles(choice, by_path, series=bool(beside))
    texts = [choice.status_of(fields) for fields in choice.stated.values()]
    record = _record(choice, found_roles, skip)
    titles = {path: (status_text(fields.get(found_roles.fields.get("title", ""))), choice.status_of(fields))
              for path, fields in choice.stated.items()}
    defined = definitions(root, titles, phrases(texts))
    folders = _folder_phrases(choice)
    used = words(texts, defined, folders)
    _follow_practice(choice, found_roles, record, used)
    store = name or _store_name(root)
    counts = tally(root, seen, _table(record, used), store)
    beyond = [text for path, text in counts.stated.items() if path not in choice.stated]  # past the lines looked at
    if beyond:  # the words are the reader's: a status it reads past the lines a proposal looks at counts too
        texts += beyond
        new = [phrase for phrase in phrases(beyond) if phrase not in defined and phrase not in {word.phrase for word in used}]
        used = words(texts, definitions(root, titles, phrases(texts)) if new else defined, folders)
        if new:  # a word only the reader met: the files read again with it
            counts = tally(root, seen, _table(record, used), store)
    status = [(_where(place), "" if place.kind == "folder" else name) for place, name in choice.pairs
              if choice.pattern is None] or [("pattern", tags.SHOWN if choice.pattern == tags.TAGS else choice.pattern or "")]
    shown = path.as_posix() if isinstance(path, Path) else str(path)
    return Proposal(store, shown, record, used, status, counts,
                    [*_doubts(choice, found_roles, counts), *_tag_doubts(choice, by_path),
                     *(other.said(shown, _store_name(root)) for other in others)],
                    together(beside, counts.stated))


def _folder_phrases(choice: places.Choice) -> frozenset[str]:
    """The phrases of the record files whose status is their folder's name (no status field of theirs states one)."""
    return frozenset(phrase_of(status_text(fields["folder"])) for fields in choice.stated.values()
                     if "folder" in fields and choice.pattern is None
                     and not any(status_text(fields.get(name)) for name in choice.status_names))


def _table(record: dict[str, Any], used: list[Word]) -> dict[str, Any]:
    return {**record, "words": {word.phrase: word.reads_as for word in used if word.reads_as}}


def _follow_practice(choice: places.Choice, found: roles.Roles, record: dict[str, Any], used: list[Word]) -> None:
    """The `requires` field left out, with a comment, when the log's own statuses disagree with it as a premise."""
    name = found.fields.get("requires")
    if name is None:
        return
    readings = {word.phrase: word.reads_as for word in used}
    links = {role: field for role, field in found.fields.items() if role in LINK_ROLES}
    kept = premises.practice(choice, links, found.numbers, lambda text: readings.get(phrase_of(text)))
    if not kept.agrees:
        del found.fields["requires"], record["fields"]["requires"]
        found.doubts.append(premises.comment(kept, name, found.numbers, record.get("id", "{id}")))


def _where(place: places.Place) -> str:
    """`sidecar kep.yaml`, `block under 'preamble'`: a place as the proposal's summary names it."""
    return place.kind + (f" {place.sidecar}" if place.sidecar else "") + (f" under {place.section!r}" if place.section else "")


def _record(choice: places.Choice, found: roles.Roles, skip: dict[str, list[str]]) -> dict[str, Any]:
    by_name = ["file-name"] if found.fields.get("id") in (FILE_NUMBER, FILE_ID) else []
    record: dict[str, Any] = {"records": choice.records,
                              "metadata": list(dict.fromkeys([*(place.kind for place in choice.places), *by_name]))}
    if choice.sidecar:
        record["sidecar"] = choice.sidecar
    if choice.section:
        record["section"] = choice.section
    if found.id and "id" in found.fields:
        record["id"] = found.id
    if found.aliases:
        record["aliases"] = found.aliases
    fields: dict[str, Any] = {}
    if "id" in found.fields:
        fields["id"] = found.fields["id"]
    if choice.status_names:
        fields["status"] = choice.status_names[0] if len(choice.status_names) == 1 else choice.status_names
    fields.update({role: name for role, name in found.fields.items() if role != "id"})
    if fields:
        record["fields"] = fields
    if choice.pattern is not None:
        record["patterns"] = {"status": places.pattern(choice)}
    if skip:
        record["skip"] = skip
    return record


def _doubts(choice: places.Choice, found: roles.Roles, counts: Tally) -> list[str]:
    doubts = list(found.doubts)
    lagging = {path: text for path, text in choice.lagging.items() if path in choice.stated}
    if choice.in_text is not None and lagging:
        place, name = choice.in_text
        shown = [f"{path} ({text!r}; {choice.sidecar}: {choice.status_of(choice.stated[path])!r})"
                 for path, text in list(lagging.items())[:_LISTED]]
        doubts.append(f"{len(lagging)} of {counted(len(choice.stated), 'record')} state another status in their text "
                      f"({_where(place)} {name}) than their sidecar {choice.sidecar}, which is read (the file a log's tools "
                      f"keep): {', '.join(shown)}{', ...' if len(lagging) > _LISTED else ''}")
    if counts.silent:  # as the reader reads them: a status past the lines a proposal looks at is read
        doubts.append(f"{_files(counts.silent, 'record file')} no status where the others state one, and would be "
                      f"sources only: {_listed(counts.silent)}")
    shared = counts.shared_ids()
    if shared:
        twins = [path for path, _, holder in shared if twin_suffix(path, holder)]
        skip = f"; to leave the twins out: [store.record.skip] twin = [{', '.join(map(json.dumps, twins))}]" if twins else ""
        doubts.append(f"{counted(len(shared), 'record file')} {'gives' if len(shared) == 1 else 'give'} an id another "
                      f"holds, and would be read under {'its' if len(shared) == 1 else 'their'} path: "
                      f"{_listed([_shared(*item) for item in shared])}{skip}")
    if choice.named_template:
        named = choice.named_template
        doubts.append(f"{counted(len(named), 'file')} named for a template {'states' if len(named) == 1 else 'state'} a "
                      f"status and no template's placeholder at the top: read as records: {_listed(named)}")
    if choice.elsewhere:
        doubts.append(f"{_files(choice.elsewhere, 'other file')} a status too, but not under the records' names: "
                      f"{_listed(choice.elsewhere)} (add a glob to records if they are records)")
    if found.unroled:
        doubts.append(f"field(s) {', '.join(found.unroled)} name other records but have no link role: give each one in "
                      "[store.record.fields] (supersedes, superseded_by, replaces, replaced_by, amends, amended_by, requires)")
    return doubts


def _tag_doubts(choice: places.Choice, by_path: dict[str, Seen]) -> list[str]:
    """With the status read from a line of tags: the other tags on the records' lines, and the files that state a
    status in another place, which the pattern does not read."""
    if choice.pattern != tags.TAGS:
        return []
    beside = tags.others({path: by_path[path].lines or () for path in choice.stated if path in by_path}, known_word)
    otherwise = [f"{path} ({where})" for path, where in choice.otherwise.items()]
    return [*([beside] if beside else []),
            *([f"{_files(list(choice.otherwise), 'file')} a status in another place than {tags.SHOWN}, which the "
               f"pattern does not read: {_listed(otherwise)}"] if otherwise else [])]


def _shared(path: str, uid: str, holder: str) -> str:
    suffix = twin_suffix(path, holder)
    told = f"{posixpath.basename(holder)}'s name plus {suffix!r}: a draft or revision kept beside it" if suffix else holder
    return f"{path} ({uid}; {told})"


def _files(paths: list[str], noun: str) -> str:
    return f"{counted(len(paths), noun)} {'states' if len(paths) == 1 else 'state'}"


def _listed(paths: list[str]) -> str:
    return ", ".join(paths[:_LISTED]) + (", ..." if len(paths) > _LISTED else "")


def _store_name(root: Path) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", root.resolve().name).strip("-") or "store"


__all__ = ["Proposal", "propose_format"]
