"""What every place a declaration can name finds in every text file: the evidence a proposal chooses from.

Each text file is read by the declaration's own readers (provgraph/ingest/formats/metadata.py, headings.py):
- each text kind on the whole file (front matter, header block, block, field list, lines, bullets, table);
- `headings`: every heading near the top, its first line of text as the value (`## Status` then `Accepted`);
- each text kind inside the section under each heading near the top that holds a `:` or `|` (a `## Preamble`
  whose fence holds the fields), kept only when it finds a status word (a section matters only for the status) and
  when two files or more have that heading (one file's own heading, its title, names no section of the log's);
- a sidecar: a data file whose name repeats in two folders or more, read for the texts of the shape most often
  beside it (`kep.yaml` -> the `README.md` in its folder), or in a folder with none, its one text (`work-placement`);
- the folder, when the folders' names hold two status words or more, or one after an ordering prefix (`1.adopted/`:
  folders in a lifecycle's order; a folder numbered beside it, `2.testable/`, is a stage too, its word unknown);
- `xml`: the elements of a file written as XML (`xml_fields.looks_like_xml`), its first lines parsed as far as they go;
- `patterns`: every `Label: value` line in the first lines, for a pattern when no place reads the status; and the status
  word of a line of tags near the top (tags.py: `` `draft` `optional` ``), where most such lines stand in one place.
"""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass

from provgraph.ingest import lifecycle, placeholders
from provgraph.ingest.formats import headings, metadata
from provgraph.ingest.formats.declaration import METADATA
from provgraph.ingest.formats.proposal import tags
from provgraph.ingest.formats.proposal.files import Seen, shape
from provgraph.ingest.formats.xml_fields import looks_like_xml, xml_fields

Fields = dict[str, metadata.Field]
Evidence = dict[str, dict["Place", Fields]]  # text path -> place -> the fields it finds there
PATTERNS = "patterns"
PROSE = ("folder", "headings")  # places whose status is read from a name or a sentence, not a field
_MIN_FOLDER_WORDS = 2  # status folders: a log sorted by status has more than one (or numbers them in order)
_SHARED = 2  # a section's heading names one for the log when this many files have it
_SECTION_HINT = re.compile(r"[:|]")
_LABELLED = re.compile(r"^[^\w\n]*([A-Za-z][A-Za-z -]{0,30}?)[^\w\n]*:[^\w\n]*(\w[^\n]*?)[*_`]*[ \t]*$", re.MULTILINE)


@dataclass(frozen=True, order=True)
class Place:
    """A place a declaration names: a metadata kind, for a sidecar its file name, for a section its heading (any
    case, as `headings.section` finds it); kind `patterns`: labelled lines, read by a pattern."""

    kind: str
    sidecar: str | None = None
    section: str | None = None


def text_kinds() -> list[str]:
    """The metadata kinds read from a record's own text by a reader that needs nothing but its lines."""
    return [kind for kind in METADATA if kind in metadata.TEXT_READERS]


def status_text(found: metadata.Field | None) -> str:
    """A field's value as the status reader sees it (a list joined, the word a kept list emphasises, markup around it
    aside)."""
    if found is None or found.value is None:
        return ""
    value = found.value
    text = ", ".join(str(item) for item in value if item is not None) if isinstance(value, list) else str(value)
    return placeholders.stated(text.strip()).strip("*_`").strip()


def known(found: metadata.Field | None) -> bool:
    """Whether a field's value is a status word the default vocabulary reads (a template's placeholder is none)."""
    text = status_text(found)
    return bool(text) and len(text) <= 200 and lifecycle.canonical(text) is not None and not placeholders.placeholder(text)


def known_word(text: str) -> bool:
    """Whether a text alone (a tag) is a status word the default vocabulary reads."""
    return known(metadata.Field(text))


def evidence(seen: list[Seen]) -> Evidence:
    """Every place's fields in every text file; places that find nothing are left out."""
    found: Evidence = defaultdict(dict)
    texts = [item for item in seen if item.is_prose]
    for item in texts:
        lines = list(item.lines or ())
        for place, fields in _in_text(lines):
            found[item.relpath][place] = fields
        elements = _elements(item.name, lines)
        if elements:
            found[item.relpath][Place("xml")] = elements
    for relpath, word in tags.stated({item.relpath: item.lines or () for item in texts}, known_word).items():
        found[relpath].setdefault(Place(PATTERNS), {})[tags.TAGS] = word
    _shared_sections(found)
    for name, beside in _sidecars(seen, texts).items():
        for relpath, fields in beside.items():
            found[relpath][Place("sidecar", name)] = fields
    folders = _on_the_ladder({item.relpath: metadata.folder(item.relpath, {}) for item in texts})
    ordered = any(fields["folder"].value not in relpath.split("/") for relpath, fields in folders.items() if fields)
    if ordered or len({fields["folder"].value.casefold() for fields in folders.values() if fields}) >= _MIN_FOLDER_WORDS:
        for relpath, fields in folders.items():
            if fields:
                found[relpath][Place("folder")] = fields
    return dict(found)


def _shared_sections(found: Evidence) -> None:
    """Leave out the sections whose heading only one file has: a declaration's section is where every record keeps
    its fields (a `## Preamble`), so a heading that is one file's own, its title (`= CIP2015-02-17 Dynamic Property
    Lookup`), names none; the whole text's place reads what it holds."""
    files = Counter(place.section for places in found.values() for place in set(places) if place.section)
    for places in found.values():
        for place in [place for place in places if place.section and files[place.section] < _SHARED]:
            del places[place]


def _on_the_ladder(folders: dict[str, Fields]) -> dict[str, Fields]:
    """The status folders, and beside a status folder with an ordering prefix (`1.adopted/`), each folder with one
    too whose word no vocabulary knows (`2.testable/` -> `testable`): a stage of the same lifecycle, its word the
    user's to give (words.py: `"?"`, so that the reader reads the folder, its records UNKNOWN until then)."""
    ladders = set()
    for relpath, fields in folders.items():
        parts = relpath.split("/")[:-1]
        if fields and fields["folder"].value not in parts:
            ladders |= {"/".join(parts[:at]) for at, part in enumerate(parts) if metadata.after_ordering(part)
                        == fields["folder"].value}
    found = dict(folders)
    for relpath, fields in folders.items():
        parts = relpath.split("/")[:-1]
        stage = next((metadata.after_ordering(part) for at in range(len(parts) - 1, -1, -1)
                      if "/".join(parts[:at]) in ladders and metadata.after_ordering(part := parts[at])), "")
        if not fields and stage and all(word.isalpha() for word in lifecycle.status_words(stage)):
            found[relpath] = {"folder": metadata.Field(stage)}
    return found


def _in_text(lines: list[str]) -> list[tuple[Place, Fields]]:
    read: list[tuple[Place, Fields]] = []
    for kind in text_kinds():
        fields = _read(kind, lines)
        if fields:
            read.append((Place(kind), fields))
    marks = list(headings.headings(lines))
    named = headings.heading_fields(lines, frozenset(mark.key for mark in marks if mark.key))
    if named and "headings" in METADATA:
        read.append((Place("headings"), named))
    for key, text in _sections(lines, marks).items():
        if not any(_SECTION_HINT.search(line) for line in text):
            continue
        for kind in text_kinds():
            fields = _read(kind, text) if kind != "front-matter" else {}
            if any(known(value) for value in fields.values()):
                read.append((Place(kind, section=key), fields))
    labelled: Fields = {}
    preamble = "\n".join(lines[:metadata.PREAMBLE_LINES])
    for matched in _LABELLED.finditer(preamble):
        value = matched.group(2).strip()
        if not placeholders.placeholder(value):  # `Status: <Draft | Active>`: a template's
            labelled.setdefault(matched.group(1).strip().casefold(), metadata.Field(value))
    if labelled:
        read.append((Place(PATTERNS), labelled))
    return read


def _elements(name: str, lines: list[str]) -> Fields:
    """The `xml` place's fields of a file written as XML (none when it is not, or not well-formed in its first lines)."""
    if not looks_like_xml(name, lines):
        return {}
    try:
        return xml_fields(lines, complete=False)
    except metadata.BadMetadata:
        return {}


def _sections(lines: list[str], marks: list[headings.Heading]) -> dict[str, list[str]]:
    """The text under each heading that starts in the first part of the file, up to the next heading of the same or
    a higher level (the first heading of a name, as `headings.section` finds it), from one walk of the headings."""
    found: dict[str, list[str]] = {}
    for number, mark in enumerate(marks):
        if not mark.key or mark.key in found or mark.end >= metadata.PREAMBLE_LINES:
            continue
        end = next((later.start for later in marks[number + 1:] if later.level <= mark.level), len(lines))
        found[mark.key] = lines[mark.end:end]
    return found


def _read(kind: str, lines: list[str]) -> Fields:
    """What a place reads, as the reader reads it: a place it cannot read as its kind (front matter that is not YAML)
    gives its `Field: value` lines, the reader's fallback."""
    try:
        return metadata.TEXT_READERS[kind](lines)
    except metadata.BadMetadata as problem:
        return problem.fallback


def _sidecars(seen: list[Seen], texts: list[Seen]) -> dict[str, dict[str, Fields]]:
    """sidecar name -> text path -> the fields of the sidecar beside it."""
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
            beside = by_folder.get(data.folder, [])
            shaped = [text for text in beside if shape(text.name) == beside_shape]
            # else its one text, named otherwise (`work-placement`; a `README.MD` is the common shape in another case)
            alone = [text for text in beside if len(beside) == 1 and shape(text.name).casefold() != beside_shape.casefold()]
            for text in shaped or alone:
                if fields:
                    read[text.relpath] = fields
        if read:
            found[files[0].name] = read
    return found


def pattern_for(label: str) -> str:
    """The pattern that reads a `Label: value` line as the evidence found it (its one group: the value); the value may
    stand on the next line of text, a blank line between (`**Status:**`, then `Implementable`), as it may under the
    label alone on its line (`## Status`, then `Implementable`); never a heading's name there. The value is the rest of
    its line, the markup around it aside: a choice (`Status: *Draft | Active*`) is read whole, for the reader to judge
    a template's placeholder."""
    return rf"^[^\w\n]*{re.escape(label)}[^\w\n]*(?::|(?=\n))[^\w\n]*(?:\n[ \t]*){{0,2}}[*_`]*(\w[^\n]*?)[*_`]*[ \t]*$"
