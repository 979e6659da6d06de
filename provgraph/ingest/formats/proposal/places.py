"""Where the status stands, and which files are records: the heart of a proposal.

From the evidence (evidence.py: what every place finds in every text file), a field is a status field where its
values are status words (the vocabulary knows at least half of them). The (place, field) that states a known word
in the most files wins (a field ahead of the folder when it states a status in half the files the folder does: the
reader prefers the field); the name shapes of its files are the records, and, by its path, any file beside them whose
name has no number (no shape to share) that states a status too. More (place, field) pairs are added, in
turn, while each gives a status to one record file or more the ones before left without (a folder counts last). A place read inside a section (the
text under one heading) ranks as the same place in the whole text when it reads the status in 90% of the files that
one does: it is the narrower reading of the same thing (the fence under `## Preamble`, not an example fence further
down). A section chosen first fixes the section for every text place after it. A heading, or a field inside a
section, is a status field only when it is named like one (`lifecycle.status_named`: `## Status`, never `## Reference
Implementation` whose first line reads `Implemented in ...`). When record files are still without a status, or no
place reads one, a pattern over the files' `Label: value` lines is the last resort, taken when it reads more record
files than the places do.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Callable

from provgraph.ingest import lifecycle, placeholders
from provgraph.ingest.formats import metadata
from provgraph.ingest.formats.declaration import METADATA, matches
from provgraph.ingest.formats.proposal.codes import or_coded
from provgraph.ingest.formats.proposal.evidence import (PATTERNS, PROSE, Evidence, Fields, Place, known, pattern_for,
                                                        status_text)
from provgraph.ingest.formats.proposal import names, tags
from provgraph.ingest.formats.proposal.files import Seen, literal_glob
from provgraph.ingest.formats.proposal.tags import TAGS
from provgraph.ingest.formats.proposal.names import name_groups, numbered_by_folder, record_globs

_SHARE_KNOWN = 0.5  # a status field: the vocabulary knows at least this share of its values
# ... or, named like one (`Status:`), a quarter: its name already says what it holds, its values need only show a
# workflow's words and not prose (BEPs: Enabled 55, Candidate 7 beside Draft 18, Withdrawn 3, Review 2: 29% known)
_SHARE_KNOWN_NAMED = 0.25
_SHARE_FIELD_OVER_FOLDER = 0.5  # a status field goes before the folder when it states one in this share of its files
_SECTION_SHARE = 0.9  # a section is preferred when it reads the status in this share of the files the whole text does
_UNPLACED = ("adr", "sidecar", "folder")  # kinds that are read whatever the section
_SHARE_BESIDE = 0.9  # a status-named field stands beside another when it states a value in this share of its files


@dataclass
class Choice:
    """What the files say: the places (in order), the status field names (or the status pattern's label), the
    record globs, the merged fields of each record file that states a status, the record files that do not, and
    files elsewhere that state one."""

    places: list[Place] = field(default_factory=list)
    status_names: list[str] = field(default_factory=list)
    pairs: list[tuple[Place, str]] = field(default_factory=list)  # (place, field name) where a status was found, in turn
    pattern: str | None = None  # the label a pattern reads the status from, when no place reads it as well
    records: list[str] = field(default_factory=list)
    stated: dict[str, Fields] = field(default_factory=dict)
    silent: list[str] = field(default_factory=list)
    elsewhere: list[str] = field(default_factory=list)
    placeholders: dict[str, Fields] = field(default_factory=dict)  # silent record files whose status is a placeholder
    in_text: tuple[Place, str] | None = None  # with the status from a sidecar: the text's own status field, if any
    lagging: dict[str, str] = field(default_factory=dict)  # record file -> its text's status, where the sidecar's differs
    named_template: list[str] = field(default_factory=list)  # record files named for a template, their tops a record's
    otherwise: dict[str, str] = field(default_factory=dict)  # read by a line of tags: files that state a status elsewhere

    @property
    def sidecar(self) -> str | None:
        return next((place.sidecar for place in self.places if place.sidecar), None)

    @property
    def section(self) -> str | None:
        return next((place.section for place in self.places if place.section), None)

    def leave_out(self, out: Callable[[str], bool]) -> None:
        """Take the record files `out` holds true for out of the choice (stated and silent alike)."""
        self.stated = {path: fields for path, fields in self.stated.items() if not out(path)}
        self.silent = [path for path in self.silent if not out(path)]

    def status_of(self, fields: Fields) -> str:
        """The status text of a record file's merged fields, as the declaration would read it ("" for a template's
        placeholder, which the reader reads as no status)."""
        if self.pattern is not None:
            return _stated(status_text(fields.get(_PATTERN_KEY)))
        found = next((fields[name] for name in self.status_names if name in fields), fields.get("folder"))
        return _stated(status_text(found))

    def placeholder_of(self, fields: Fields) -> bool:
        """Whether the status a record file's merged fields give is a template's placeholder."""
        found = fields.get(_PATTERN_KEY) if self.pattern is not None else next(
            (fields[name] for name in self.status_names if name in fields), None)
        return placeholders.placeholder(status_text(found))


def _stated(text: str) -> str:
    return "" if placeholders.placeholder(text) else text


_PATTERN_KEY = "\0pattern"  # the status a pattern reads, among a record file's merged fields


def choose(seen: list[Seen], found: Evidence) -> Choice:
    """The places, status fields and record globs the evidence supports best (an empty Choice: none)."""
    groups = name_groups(seen)
    choice = Choice()
    ranked = or_coded(_field_first(_candidates(found, set(found), None)), found, set(found))
    if ranked:
        best = ranked[0]
        named = lifecycle.status_named(best[1])  # a field named like a status states one in each file it is in
        choice.records = record_globs(groups, [path for path, places in found.items()
                                                if (known if not named else status_text)(places.get(best[0], {}).get(best[1]))])
    in_records = sorted(path for path, glob in groups.items() if glob in choice.records)
    _add_places(choice, found, in_records)
    unnumbered = names.unnumbered(groups, found, in_records, choice.records, choice.status_names)
    if unnumbered:
        choice.records += [literal_glob(path) for path in unnumbered]
        in_records = sorted([*in_records, *unnumbered])
        _add_places(choice, found, unnumbered)
    alone = names.numbered_alone(groups, choice.records, lambda path: known(_status_field(choice, found.get(path, {}))),
                                 [item.relpath for item in seen])
    if alone:
        choice.records = sorted([*choice.records, *alone])
        in_records = sorted(path for path, glob in groups.items()
                            if glob in choice.records or literal_glob(path) in choice.records or path in in_records)
    reads = len({path for path in in_records if choice.status_of(merged_fields(found.get(path, {}), choice.places))})
    label = _pattern_label(found, in_records if choice.records else list(found))
    if label is not None:
        by_pattern = {path for path in found if known(found[path].get(Place(PATTERNS), {}).get(label))}
        records = choice.records or record_globs(groups, sorted(by_pattern))
        in_pattern = sorted(path for path, glob in groups.items() if glob in records or literal_glob(path) in records)
        by_folder = sorted(path for path in by_pattern if path not in in_pattern and numbered_by_folder(path, records))
        records, in_pattern = [*records, *map(literal_glob, by_folder)], sorted([*in_pattern, *by_folder])
        if len(by_pattern & set(in_pattern)) > reads:
            choice.pattern, choice.records, in_records = label, records, in_pattern
            choice.status_names, reads = [], len(by_pattern & set(in_pattern))
    tagged = sorted(path for path in found if known(found[path].get(Place(PATTERNS), {}).get(TAGS)))
    if len(tagged) > reads:  # a line of tags states the status in more files than any field or label: the records'
        choice.pattern, choice.status_names = TAGS, []  # names are those files' (each by its path or its own shape),
        choice.places, choice.pairs = [], []  # and no place chosen on the others' fields stays (`## Ideas`, one file's)
        choice.records = names.every_stating(groups, record_globs(groups, tagged), tagged)
        in_records = [path for path in groups if any(matches(path, glob) for glob in choice.records)]
    in_records = sorted({*in_records, *(path for path in groups if any(matches(path, glob) for glob in choice.records))})
    for path in in_records:  # the reader reads what a glob matches, of any name's shape
        merged = _with_pattern(found.get(path, {}), choice)
        if choice.status_of(merged):
            choice.stated[path] = merged
        else:
            choice.silent.append(path)
            if choice.placeholder_of(merged):
                choice.placeholders[path] = merged
    _lagging(choice, found, ranked)
    choice.elsewhere = sorted(path for path in found if path not in choice.stated and path not in choice.silent
                              and choice.status_of(_with_pattern(found[path], choice)))
    if choice.pattern == TAGS:
        choice.otherwise = _stated_otherwise(found, [path for path in found if path not in choice.stated])
    return choice


def _stated_otherwise(found: Evidence, among: list[str]) -> dict[str, str]:
    """path -> where and what: the files of `among` that state a status word in a field named like a status (`lines
    status: Draft`), which a status read from another place (a line of tags) does not read."""
    otherwise = {}
    for path in among:
        for place, fields in found.get(path, {}).items():
            name = next((name for name, value in fields.items() if lifecycle.status_named(name) and known(value)), None)
            if name is not None and place.kind not in PROSE:
                otherwise[path] = f"{'a line' if place.kind == PATTERNS else place.kind} {name}: {status_text(fields[name])}"
                break
    return otherwise


def _lagging(choice: Choice, found: Evidence, ranked: list[tuple[Place, str, int]]) -> None:
    """With the status read from a sidecar, the record files whose text states another status in the place the text
    states one best (a GEP's `* Status: Provisional` where its metadata.yaml says `Declined`)."""
    if not choice.pairs or choice.pairs[0][0].kind != "sidecar":
        return
    choice.in_text = next((item[:2] for item in ranked if item[0].kind not in ("sidecar", *PROSE)
                           and lifecycle.status_named(item[1])), None)
    if choice.in_text is None:
        return
    place, name = choice.in_text
    for path, fields in choice.stated.items():
        text = status_text(found.get(path, {}).get(place, {}).get(name))
        if text and text.casefold() != choice.status_of(fields).casefold():
            choice.lagging[path] = text


def _with_pattern(places: dict[Place, Fields], choice: Choice) -> Fields:
    """A file's merged fields, with the status its pattern reads when the choice reads the status by one."""
    merged = merged_fields(places, choice.places)
    if choice.pattern is not None:
        label = places.get(Place(PATTERNS), {}).get(choice.pattern)
        if label is not None:
            merged[_PATTERN_KEY] = label
    return merged


def _add_places(choice: Choice, found: Evidence, in_records: list[str]) -> None:
    """Places, best first, while each gives a status to record files the ones before left without (a field's
    status counts; the folder's is the fallback, so a field is still sought where only the folder gives one): a file
    the places already chosen give a status is covered (a file named by its path, stating its `status` as the others
    do, adds no `type` to read where none is stated)."""
    uncovered = _uncovered(choice, found, set(in_records))
    while uncovered:
        ranked = [item for item in _field_first(_candidates(found, uncovered, choice, set(in_records)))
                  if item[:2] not in choice.pairs]
        ranked = ranked if choice.pairs else or_coded(ranked, found, uncovered)
        if not ranked:
            break
        place, name, _ = ranked[0]
        choice.pairs.append((place, name))
        if place not in choice.places:
            choice.places.append(place)
        if place.kind != "folder" and name not in choice.status_names:
            choice.status_names.append(name)
        before = len(uncovered)
        uncovered = _uncovered(choice, found, uncovered)
        if len(uncovered) == before and place.kind != "folder":
            break


def _uncovered(choice: Choice, found: Evidence, paths: set[str]) -> set[str]:
    """The files of `paths` the choice's places leave without a status of a field's (the folder's is the fallback)."""
    return {path for path in paths if not _field_status(choice, merged := merged_fields(found.get(path, {}), choice.places))
            and not choice.placeholder_of(merged)}  # a placeholder is where the status stands, unfilled


def _status_field(choice: Choice, places: dict[Place, Fields]) -> metadata.Field | None:
    """The value of a file's status field as the choice reads it (its folder aside), if it has one."""
    merged = merged_fields(places, choice.places)
    return next((merged[name] for name in choice.status_names if name in merged), None)


def _field_status(choice: Choice, fields: Fields) -> str:
    """The status a record file's fields state, its folder aside (the reader prefers a field to the folder): a log
    whose records sit in status folders and state a status field is read by the field, the folder the fallback."""
    return choice.status_of({name: value for name, value in fields.items() if name != "folder"})


def _field_first(ranked: list[tuple[Place, str, int]]) -> list[tuple[Place, str, int]]:
    """The ranking with the best field ahead of a folder, or of a heading (its text prose, a sentence at times), when
    it states a status in half the files that one does."""
    if not ranked or ranked[0][0].kind not in PROSE:
        return ranked
    field = next((item for item in ranked if item[0].kind not in PROSE), None)
    if field is None or field[2] < _SHARE_FIELD_OVER_FOLDER * ranked[0][2]:
        return ranked
    return [field, *(item for item in ranked if item is not field)]


def merged_fields(places: dict[Place, Fields], order: list[Place]) -> Fields:
    """The fields the places give, read in order, the first value of a name winning (as the reader merges them)."""
    merged: Fields = {}
    for place in order:
        for name, value in places.get(place, {}).items():
            merged.setdefault(name, value)
    return merged


def _candidates(found: Evidence, among: set[str], choice: Choice | None,
                judged: set[str] | None = None) -> list[tuple[Place, str, int]]:
    """(place, field name, files of `among` stating a known word) for every pair whose values are mostly status words
    in the files of `judged` (default: `among`; a place sought for the records the ones before left without is
    judged on all the records it stands in, so that a `## Decision` heading whose first line is a status word in
    one of the leftovers is no status field where it is prose in the rest), best first: most files, then a
    status-like name, then the place a declaration reads first (a section after the whole text, `adr` last); with a
    choice, only places that can join it (one section, one sidecar)."""
    hits: Counter[tuple[Place, str]] = Counter()
    values: dict[tuple[Place, str], list[str]] = defaultdict(list)
    judged_hits: Counter[tuple[Place, str]] = Counter()
    judged_present: Counter[tuple[Place, str]] = Counter()
    judged = among if judged is None else judged
    for path in among | judged:
        for place, fields in found.get(path, {}).items():
            if place.kind == PATTERNS or (choice is not None and not _joins(place, choice)):
                continue
            for name, value in fields.items():
                if (place.kind == "headings" or place.section) and not lifecycle.status_named(name):
                    continue  # body text: a heading or a section's field is a status only when named like one
                if status_text(value) and len(status_text(value)) <= 200:
                    if path in among:
                        hits[place, name] += known(value)
                        values[place, name].append(status_text(value))
                    if path in judged:
                        judged_present[place, name] += 1
                        judged_hits[place, name] += known(value)
    ranked = [(place, name, count) for (place, name), count in hits.items()
              if count and judged_hits[place, name] >= _share_known(name) * judged_present[place, name]]
    order = {kind: index for index, kind in enumerate(kind for kind in METADATA if kind != "adr")}

    def rank(item: tuple[Place, str, int]) -> tuple[object, ...]:
        place, name, count = item
        whole = hits[Place(place.kind, place.sidecar), name] if place.section else 0
        narrower = bool(place.section) and count >= _SECTION_SHARE * whole  # reads the same files, and only there
        return (-max(count, whole if narrower else 0), name not in lifecycle.STATUS_NAMES, not narrower, place.section is not None,
                order.get(place.kind, len(order)), place, name)

    return _best_read_first(_sidecar_first(sorted(ranked, key=rank), values), values)


def _sidecar_first(ranked: list[tuple[Place, str, int]],
                   values: dict[tuple[Place, str], list[str]]) -> list[tuple[Place, str, int]]:
    """The ranking with a sidecar's status-named field first when it states a value in nearly as many files as the
    leading text place: the sidecar is the data a log's tools keep, its text's own status the copy that lags it
    (a GEP's `metadata.yaml` `status: Standard` over its index.md's `* Status: Experimental`), whichever states more
    words the vocabulary knows."""
    if not ranked or ranked[0][0].kind == "sidecar":
        return ranked
    leader = ranked[0]
    sidecar = next((item for item in ranked if item[0].kind == "sidecar" and lifecycle.status_named(item[1])
                    and len(values[item[:2]]) >= _SHARE_BESIDE * len(values[leader[:2]])), None)
    return ranked if sidecar is None else [sidecar, *(item for item in ranked if item is not sidecar)]


def _best_read_first(ranked: list[tuple[Place, str, int]],
                     values: dict[tuple[Place, str], list[str]]) -> list[tuple[Place, str, int]]:
    """The ranking with the best-read of the status-named fields the leading one stands beside (same place, in nearly
    as many files) first: a record with `stage` and `status` keeps its status in the one whose values the vocabulary
    knows in the most files (a file without the field counts as one it does not read), then, at a tie, the one named
    first in `STATUS_NAMES` (status, state, stage, ...)."""
    if not ranked or not lifecycle.status_named(ranked[0][1]):
        return ranked
    leader = ranked[0]
    rivals = [item for item in ranked if item[0] == leader[0] and lifecycle.status_named(item[1])
              and len(values[item[:2]]) >= _SHARE_BESIDE * len(values[leader[:2]])]
    files = max(len(values[item[:2]]) for item in rivals)

    def reading(item: tuple[Place, str, int]) -> tuple[float, int]:
        return -sum(1 for text in values[item[:2]] if lifecycle.canonical(text)) / files, lifecycle.status_name_order(item[1])

    best = min(rivals, key=reading)
    return [best, *(item for item in ranked if item is not best)]


def _joins(place: Place, choice: Choice) -> bool:
    if place.kind in _UNPLACED:
        return place.sidecar is None or choice.sidecar in (None, place.sidecar)
    texts = [chosen for chosen in choice.places if chosen.kind not in _UNPLACED]
    return not texts or place.section == choice.section


def _share_known(name: str) -> float:
    """The share of a field's values the vocabulary must know for it to be a status field."""
    return _SHARE_KNOWN_NAMED if lifecycle.status_named(name) else _SHARE_KNOWN


def _pattern_label(found: Evidence, among: list[str]) -> str | None:
    """The label whose `Label: value` lines state a known status word in the most of `among`, if any do."""
    hits: Counter[str] = Counter()
    present: Counter[str] = Counter()
    for path in among:
        for label, value in found.get(path, {}).get(Place(PATTERNS), {}).items():
            if label == TAGS:
                continue  # not a label: a line of tags is weighed on its own, over every file
            present[label] += 1
            hits[label] += known(value)
    ranked = sorted((-count, label not in lifecycle.STATUS_NAMES, label) for label, count in hits.items()
                    if count and count >= _share_known(label) * present[label])
    return ranked[0][2] if ranked else None


def pattern(choice: Choice) -> str | None:
    """The status pattern a choice declares, if it reads the status by one."""
    if choice.pattern == TAGS:
        return tags.pattern(status_text(fields.get(_PATTERN_KEY)) for fields in choice.stated.values())
    return pattern_for(choice.pattern) if choice.pattern is not None else None
