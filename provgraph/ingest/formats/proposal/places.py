"""Where the status stands, and which files are records: the heart of a proposal.

Every place a declaration can name is read in every text file, by the same readers an ingest uses
(provgraph/ingest/formats/metadata.py): each text reader, a sidecar (a YAML file whose name repeats beside the
texts of many folders, read for the text name it sits beside most), and the folder. A field is a status field
where its values are status words (the vocabulary knows at least half of them); the field that states a known
word in the most files wins, and its files' name shapes are the records. Other (place, field) pairs are added,
in turn, while each gives a status to record files the ones before left without.
"""
from __future__ import annotations

import posixpath
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from provgraph.ingest import lifecycle
from provgraph.ingest.formats import metadata
from provgraph.ingest.formats.declaration import METADATA
from provgraph.ingest.formats.proposal.files import Seen, shape

Fields = dict[str, metadata.Field]
_STATUS_NAMES = ("status", "state", "stage", "decision", "outcome")  # a tie between two fields goes to these names
_SHARE_KNOWN = 0.5  # a status field: the vocabulary knows at least this share of its values
_SHARE_PRESENT = 0.3  # a shape of record names: at least this share of its files state the status
_MIN_FOLDER_WORDS = 2  # status folders: a log sorted by status has more than one
_FEW = 20  # records: in a log this small, a place that states the status of one more record is worth adding


@dataclass(frozen=True, order=True)
class Place:
    """A place a declaration names: a metadata kind, and for a sidecar its file name."""

    kind: str
    sidecar: str | None = None


@dataclass
class Choice:
    """What the files say: the places (in order), the status field names, the record globs, the merged fields of
    each record file that states a status, the record files that do not, and files elsewhere that state one."""

    places: list[Place] = field(default_factory=list)
    status_names: list[str] = field(default_factory=list)
    pairs: list[tuple[Place, str]] = field(default_factory=list)  # (place, field name) where a status was found, in turn
    records: list[str] = field(default_factory=list)
    stated: dict[str, Fields] = field(default_factory=dict)
    silent: list[str] = field(default_factory=list)
    elsewhere: list[str] = field(default_factory=list)

    @property
    def sidecar(self) -> str | None:
        return next((place.sidecar for place in self.places if place.sidecar), None)


def text_kinds() -> list[str]:
    """The metadata kinds read from a record's own text, as the declaration knows them now."""
    return [kind for kind in METADATA if kind in metadata.TEXT_READERS]


def evidence(seen: list[Seen]) -> dict[str, dict[Place, Fields]]:
    """Every place's fields in every text file (path -> place -> fields); places that find nothing are left out."""
    found: dict[str, dict[Place, Fields]] = defaultdict(dict)
    texts = [item for item in seen if item.lines is not None and not item.is_data]
    for item in texts:
        lines = list(item.lines or ())
        for kind in text_kinds():
            try:
                fields = metadata.TEXT_READERS[kind](lines)
            except metadata.BadMetadata:
                continue
            if fields:
                found[item.relpath][Place(kind)] = fields
    for name, beside in _sidecars(seen, texts).items():
        for relpath, fields in beside.items():
            found[relpath][Place("sidecar", name)] = fields
    folders = {item.relpath: metadata.folder(item.relpath, {}) for item in texts}
    if len({fields["folder"].value.casefold() for fields in folders.values() if fields}) >= _MIN_FOLDER_WORDS:
        for relpath, fields in folders.items():
            if fields:
                found[relpath][Place("folder")] = fields
    return found


def _sidecars(seen: list[Seen], texts: list[Seen]) -> dict[str, dict[str, Fields]]:
    """Data files whose name repeats in two folders or more, each read for the texts of the shape most often beside
    it (`kep.yaml` -> the `README.md` in its folder): sidecar name -> text path -> fields."""
    by_folder: dict[str, list[Seen]] = defaultdict(list)
    for item in texts:
        by_folder[item.folder].append(item)
    named: dict[str, list[Seen]] = defaultdict(list)
    for item in seen:
        if item.is_data and item.lines is not None:
            named[item.name.casefold()].append(item)
    found: dict[str, dict[str, Fields]] = {}
    for files in named.values():
        if len(files) < 2:
            continue
        shapes = Counter(shape(text.name) for data in files for text in by_folder.get(data.folder, []))
        if not shapes:
            continue
        beside_shape = shapes.most_common(1)[0][0]
        read: dict[str, Fields] = {}
        for data in files:
            try:
                fields = metadata.sidecar(data.data, data.name)
            except metadata.BadMetadata:
                continue
            for text in by_folder.get(data.folder, []):
                if shape(text.name) == beside_shape and fields:
                    read[text.relpath] = fields
        if read:
            found[files[0].name] = read
    return found


def status_text(found: metadata.Field | None) -> str:
    """A field's value as the status reader sees it (a list joined, markup around it aside)."""
    if found is None or found.value is None:
        return ""
    value = found.value
    text = ", ".join(str(item) for item in value if item is not None) if isinstance(value, list) else str(value)
    return text.strip().strip("*_`").strip()


def choose(seen: list[Seen], found: dict[str, dict[Place, Fields]]) -> Choice:
    """The places, status fields and record globs the files' evidence supports best (an empty Choice: none)."""
    groups = _name_groups(seen)
    choice = Choice()
    candidates = _candidates(found, set(found))
    if not candidates:
        return choice
    best = candidates[0]
    present = [relpath for relpath, places in found.items() if best[0] in places and status_text(places[best[0]].get(best[1]))]
    choice.records = _record_globs(groups, present)
    in_records = sorted(relpath for relpath, glob in groups.items() if glob in choice.records)
    uncovered = set(in_records)
    least = 2 if len(in_records) >= _FEW else 1  # a place that adds one record in a large log is noise
    while uncovered:
        ranked = _candidates(found, uncovered)
        if not ranked or (choice.places and ranked[0][2] < least):
            break
        place, name, _ = ranked[0]
        choice.pairs.append((place, name))
        if place not in choice.places:
            choice.places.append(place)
        if place.kind != "folder" and name not in choice.status_names:
            choice.status_names.append(name)
        before = len(uncovered)
        uncovered -= {path for path in uncovered if _states(found.get(path, {}), choice)}
        if len(uncovered) == before:
            break
    for relpath in in_records:
        merged = merged_fields(found.get(relpath, {}), choice.places)
        if any(status_text(merged.get(name)) for name in choice.status_names) or (
                Place("folder") in choice.places and "folder" in merged):
            choice.stated[relpath] = merged
        else:
            choice.silent.append(relpath)
    choice.elsewhere = sorted(relpath for relpath, places in found.items()
                              if relpath not in choice.stated and relpath not in choice.silent
                              and any(status_text(fields.get(name)) for place, fields in places.items()
                                      if place in choice.places for name in choice.status_names))
    return choice


def merged_fields(places: dict[Place, Fields], order: list[Place]) -> Fields:
    """The fields the places give, read in order, the first value of a name winning (as the reader merges them)."""
    merged: Fields = {}
    for place in order:
        for name, value in places.get(place, {}).items():
            merged.setdefault(name, value)
    return merged


def _states(places: dict[Place, Fields], choice: Choice) -> bool:
    merged = merged_fields(places, choice.places)
    return any(status_text(merged.get(name)) for name in choice.status_names) or (
        Place("folder") in choice.places and "folder" in merged)


def _candidates(found: dict[str, dict[Place, Fields]], among: set[str]) -> list[tuple[Place, str, int]]:
    """(place, field name, files stating a known word) for every pair whose values are mostly status words, best
    first: most files, then a status-like name, then the place a declaration reads first."""
    known: Counter[tuple[Place, str]] = Counter()
    present: Counter[tuple[Place, str]] = Counter()
    for relpath in among:
        for place, fields in found.get(relpath, {}).items():
            for name, value in fields.items():
                text = status_text(value)
                if not text or len(text) > 200:
                    continue
                present[place, name] += 1
                if lifecycle.canonical(text) is not None:
                    known[place, name] += 1
    ranked = [(place, name, count) for (place, name), count in known.items()
              if count >= _SHARE_KNOWN * present[place, name]]
    order = {kind: index for index, kind in enumerate(METADATA)}
    ranked.sort(key=lambda item: (-item[2], item[1] not in _STATUS_NAMES, order.get(item[0].kind, len(order)), item[1]))
    return ranked


def _name_groups(seen: list[Seen]) -> dict[str, str]:
    """Each text file's name shape: digits as `[0-9]*`; a name without digits that repeats in two folders or more as
    itself (`README.md`), any other as `*` and its suffix (`*.md`)."""
    texts = [item for item in seen if item.lines is not None and not item.is_data]
    names = Counter(item.name.casefold() for item in texts)
    groups = {}
    for item in texts:
        glob = shape(item.name)
        if glob == item.name and names[item.name.casefold()] < 2:
            suffix = posixpath.splitext(item.name)[1]
            glob = f"*{suffix}" if suffix else item.name
        groups[item.relpath] = glob
    return groups


def _record_globs(groups: dict[str, str], present: list[str]) -> list[str]:
    """The name shapes whose files state the status: at least a share of each shape's files, and as many files as
    the best shape has, up to two."""
    sizes = Counter(groups.values())
    stating = Counter(groups[relpath] for relpath in present if relpath in groups)
    if not stating:
        return []
    least = min(2, max(stating.values()))
    return sorted(glob for glob, count in stating.items() if count >= least and count >= _SHARE_PRESENT * sizes[glob])
