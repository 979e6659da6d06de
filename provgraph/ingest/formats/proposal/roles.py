"""Which fields carry a record's id, title, date and links, and how the records name each other.

Read from the fields of the record files that state a status (places.Choice.stated):
- title: a field named title, else one named name whose values are the records' own (nine in ten differ: a GEP
  sidecar's `name: GRPCRoute`);
- date: a field whose values read as dates in most records: one named for the record's creation first (`Created`,
  `Submitted`), one named for a later change last (`Updated`, `Last-Modified`);
- links: a field named for a link role (`Superseded-By` -> superseded_by; `Obsoletes` -> supersedes); a premise
  (`requires`) when most of its values name records of the folder as the reader resolves them (a bare number or
  `PEP 333` in the id template or an alias, a path), else a `#` comment saying why (a premise in another log,
  `AIP-10: Move Objects`, would leave its record UNKNOWN); a revision role when 30% of its values are numbers or
  paths of the folder (a revision whose other end is not ingested changes no status); a field with no role that
  names records is said, not declared, and so is a link role's key inside a field's mapping (no declaration names
  it);
- id, and the id template the records' texts cite each other by: ids.py and id_forms.py.
A link field's `:ref:` (`Replaced-By: :ref:`NEP56``) names the record whose file defines its label (labels.py), as
the reader resolves it.
"""
from __future__ import annotations

import posixpath
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import AbstractSet, Mapping
from urllib.parse import unquote, urlsplit

from provgraph.base.times import AmbiguousDate, loose_date
from provgraph.ingest.formats.declaration import LINK_ROLES, NO_VALUE, TITLED_ID, render
from provgraph.ingest.formats import labels
from provgraph.ingest.formats.metadata import FILE_ID, FILE_NUMBER
from provgraph.ingest.formats.proposal.files import Seen
from provgraph.ingest.formats.proposal.evidence import status_text
from provgraph.ingest.formats.proposal.id_forms import ALIASES, templates
from provgraph.ingest.formats.proposal.ids import numbers, numeric, record_id, share
from provgraph.ingest.formats.proposal.places import Choice
from provgraph.ingest.formats.proposal.series import cited_forms
from provgraph.ingest.formats.reader import REFERENCE_LINK

_LABELLED = ":ref:"  # an RST label as `written` keys it (no id or path starts so)
_SHARE_RESOLVED = 0.5  # a premise role (requires) is declared when this share of its values name records of the folder
_SHARE_NUMBERED = 0.3  # a revision role: this share of its values are numbers or paths of the folder
_DATES_SAMPLED = 40
SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://|mailto:")
NUMBERED = re.compile(r"([A-Za-z]{2,12})[ -]?(\d{1,6})")
_LINK = re.compile(r"\[([^\]\n]{0,500})\]\(\s*<?([^)>\s]+)>?[^)]*\)")
_SEPARATORS = re.compile(r"\s*[,;]\s*|\s+and\s+")
_CREATED = re.compile(r"creat|submit|open|start|publish|filed|propos|first")  # a date field named for the record's start
_UPDATED = re.compile(r"updat|modif|revis|chang|edit|last")  # ... or for a later change: the last choice
# field names (casefolded, `-`/space as `_`) that are a link role by another name
_LINK_NAMES = {"obsoletes": "supersedes", "obsoleted_by": "superseded_by", "supersedes": "supersedes",
               "depends_on": "requires", "depends": "requires", "updates": "amends", "updated_by": "amended_by",
               "replaced": "replaced_by", "superseded": "superseded_by"}


@dataclass
class Roles:
    fields: dict[str, str] = field(default_factory=dict)  # role -> field name
    id: str | None = None  # the id template
    aliases: list[str] = field(default_factory=list)
    unroled: list[str] = field(default_factory=list)  # fields that name other records but have no link role
    doubts: list[str] = field(default_factory=list)
    numbers: dict[str, int | None] = field(default_factory=dict)  # record path -> its number (its id's, else its path's)


def roles(choice: Choice, seen: dict[str, Seen], *, series: bool = False) -> Roles:
    """`series`: the records are several series side by side (series.py), each numbered on its own: unless an id
    field writes the series too (`ID: A27`), a record's id is its file name's letters and number (`file-id`)."""
    found = Roles()
    taken = set(choice.status_names) | {"folder"}
    values = _values(choice, taken)
    title = _title_field(choice, values)
    if title:
        found.fields["title"] = title
        taken.add(title)
    id_name = record_id(choice, values, taken, series)
    if id_name:
        found.fields["id"] = id_name
        taken.add(id_name)
    date = _date_field(choice, {name: found for name, found in values.items() if name not in taken})
    if date:
        found.fields["date"] = date
        taken.add(date)
    ids = numbers(choice, values, id_name)
    found.numbers = ids
    is_numeric = numeric(values[id_name].values()) if id_name else False
    known_numbers = {number for number in ids.values() if number is not None}
    found.id, found.aliases = templates(choice, seen, known_numbers, id_name) if is_numeric else (
        "{id}", cited_forms(choice, seen, set(values[id_name].values()))[:ALIASES] if series and id_name else [])
    paths = set(choice.stated) | {posixpath.dirname(relpath) for relpath in choice.stated if choice.sidecar}
    forms = {_letters(template) for template in (found.id, *found.aliases)}
    written = {render(template, text): relpath for relpath, text in values[id_name].items()
               for template in (found.id, *found.aliases)} if id_name == FILE_ID else {}  # `A27`, `gRFC A27`
    written.update({_LABELLED + label: relpath for relpath in choice.stated  # `.. _nep56:` names its record
                    for label in labels.defined(list(seen[relpath].lines or ()))})
    for name, by_record in values.items():
        if name in taken:
            continue
        named, numbered, unnamed, parts = _naming(by_record, ids, paths, forms, written)
        role = _role(name)
        premise = role is not None and LINK_ROLES[role][0] == "DEPENDS_ON"  # its targets decide its record's status
        if role and role not in found.fields and (named >= _SHARE_RESOLVED * parts if premise else
                                                  numbered >= _SHARE_NUMBERED * parts) and numbered:
            found.fields[role] = name
        elif role and role not in found.fields and parts:
            found.doubts.append(f"{name} is not declared as {role}: {parts - named} of its {parts} values name no record"
                                f" of this folder as the id template reads them (e.g. {unnamed!r}); a premise"
                                " that names none leaves its record UNKNOWN. Add it to [store.record.fields] if they do")
        elif named >= 2 and named >= 0.5 * parts:
            found.unroled.append(name)
    found.doubts.extend(_nested_links(choice))
    if not id_name:
        found.doubts.append("no field carries an id: each claim is named by its path (<store>:<path>)")
    elif id_name == FILE_NUMBER:
        found.doubts.append("no field carries an id: each record's id is the number its file name writes (metadata "
                            "file-name, field file-number)")
    elif id_name == FILE_ID:
        example = min(choice.stated)
        found.doubts.append("no field carries an id: each record's id is its file name's series and number (metadata "
                            f"file-name, field file-id: {posixpath.basename(example)} -> {values[id_name][example]})")
    elif is_numeric and found.id == "{id}":
        found.doubts.append(f"the records' texts do not cite them by a name: each claim is its bare number ({id_name});"
                            " give id a prefix (id = \"XYZ-{id}\")")
    return found


def numbered(choice: Choice) -> bool:
    """Whether the records' ids would be numbers (a numeric id field's, or the numbers their file names write): not
    when each claim is named by its path, nor by an id field that writes each record's series too (`ID: EH-0001`)."""
    taken = set(choice.status_names) | {"folder"}
    values = _values(choice, taken)
    title = _title_field(choice, values)
    id_name = record_id(choice, values, taken | ({title} if title else set()), series=False)
    return id_name == FILE_NUMBER or (id_name not in (None, FILE_ID) and numeric(values[id_name].values()))


def _nested_links(choice: Choice) -> list[str]:
    """A `check:` line for each key named for a link role inside a field's mapping (a GEP sidecar's `relationships:`
    holding `obsoletes:` and `obsoletedBy:` lists): a declaration names a record's own fields only, so none is read."""
    counts: Counter[tuple[str, str]] = Counter()
    for fields in choice.stated.values():
        for name, value in fields.items():
            if isinstance(value.value, dict):
                counts.update((name, str(key)) for key, inner in value.value.items() if inner and _role(str(key)))
    return [f"{name} holds {key} ({_role(key)}) in {count} record(s), inside the field: a declaration names a record's "
            f"own fields only, so these links are not read" for (name, key), count in sorted(counts.items())]


def _values(choice: Choice, taken: set[str]) -> dict[str, dict[str, str]]:
    """field name -> record path -> its value as text, for the fields the records state (the status aside)."""
    values: dict[str, dict[str, str]] = defaultdict(dict)
    for relpath, fields in choice.stated.items():
        for name, value in fields.items():
            text = status_text(value)
            if text and name not in taken:
                values[name][relpath] = text
    return dict(values)


def _title_field(choice: Choice, values: dict[str, dict[str, str]]) -> str | None:
    title = next((name for name in values if name == "title" or name.endswith(" title")), None) or next(
        (name for name in values if name == "name" and len(set(values[name].values())) >= 0.9 * len(values[name])), None)
    return title if title and share(values[title], choice) >= 0.5 else None


def _date_field(choice: Choice, values: dict[str, dict[str, str]]) -> str | None:
    ranked = []
    for name, by_record in values.items():
        if share(by_record, choice) < 0.5:
            continue
        sampled = list(by_record.values())[:_DATES_SAMPLED]
        dated = sum(1 for text in sampled if _is_date(text))
        if dated >= 0.8 * len(sampled):
            ranked.append((not _CREATED.search(name), bool(_UPDATED.search(name)), "date" not in name, -dated, name))
    return min(ranked)[-1] if ranked else None


def _is_date(text: str) -> bool:
    for candidate in (text, *text.split()[:1]):
        try:
            if loose_date(candidate) is not None:
                return True
        except AmbiguousDate:
            return True
    return False


def _naming(by_record: dict[str, str], ids: dict[str, int | None], paths: set[str], forms: set[str],
            written: Mapping[str, str] | None = None) -> tuple[int, int, str, int]:
    """How many of a field's parts name another record of the folder as the reader resolves them (a bare number, a
    number in one of the id `forms` (`PEP 333`), a path, one of the records' ids or aliases as `written`: `gRFC A27`),
    how many are a number or such a path (`PEP 234`, a record this folder may lack), the first part that names none,
    and how many parts it has; a part that names its own record (`Proposal: [SE-0123](0123-x.md)`) is none of these.
    `written`: each id or alias as written -> the record it names."""
    known = {number for number in ids.values() if number is not None}
    named = numbered = parts = 0
    unnamed = ""
    for relpath, text in by_record.items():
        if text.startswith("(") and text.endswith(")"):
            continue  # `(put "N/A" unless this replaces an existing RFC ...)`: a template's instruction, no value
        for part in [_LABELLED + label for label in labels.cited(text)] or parts_of(text, relpath, paths):
            if part.casefold() in NO_VALUE or SCHEME.match(part):
                continue  # a URL names something outside the log: neither a record nor a sign the field is no link
            prefixed, number = id_written(part)
            target = path_named(relpath, part)
            names = (written or {}).get(part)  # series side by side: `A27`, `gRFC A27` (the reader's uid or alias)
            if (number is not None and number == ids.get(relpath)) or relpath in (target, names) or \
                    target == posixpath.dirname(relpath):
                continue
            parts += 1
            if names is not None:
                named, numbered = named + 1, numbered + 1
                continue
            resolves = number in known and (prefixed is None or _letters(prefixed.group(1)) in forms)
            if resolves or (target is not None and target in paths):
                named += 1
            elif not unnamed:
                unnamed = part
            numbered += number is not None or (target is not None and target in paths)
    return named, numbered, unnamed, parts


def id_written(part: str) -> tuple[re.Match[str] | None, int | None]:
    """The id a link field's part starts with, as the reader resolves it (`AIP-10: Move Objects` names AIP-10,
    `0038 (partly)` 38): its letters and number (`NUMBERED`), if it has letters, and its number."""
    titled = TITLED_ID.match(part)
    written = titled.group(1) if titled else part
    prefixed = NUMBERED.fullmatch(written)
    return prefixed, int(written) if written.isdigit() else int(prefixed.group(2)) if prefixed else None


def parts_of(text: str, relpath: str = "", paths: AbstractSet[str] = frozenset()) -> list[str]:
    """The parts of a link field's value, each as the reader takes it (Markdown links' targets, reference links'
    texts, else the text split at commas, semicolons and `and`), markup and quotes around them aside. A link to a URL is, as the reader reads it,
    its path's last parts when they are a record's path among `paths` (as many parts as `relpath` has), else its text
    when that is a name with a number (`[RFC 0118](https://...)`), else the URL."""
    links = [*(_linked(name, target, relpath, paths) for name, target in _LINK.findall(text)), *REFERENCE_LINK.findall(text)]
    items = links or [part for part in _SEPARATORS.split(text.strip("[]")) if part.strip()]
    return [part for part in (item.strip().strip("*_`\"'").strip() for item in items) if part]


def _linked(name: str, target: str, relpath: str, paths: AbstractSet[str]) -> str:
    if not SCHEME.match(target):
        return target
    parts = [part for part in unquote(urlsplit(target).path).split("/") if part]
    tail = "/".join(parts[-(relpath.count("/") + 1):])
    if tail in paths:
        return "/" + tail
    text = name.strip().strip("*_`").strip()
    return text if NUMBERED.fullmatch(text) else target


def _letters(text: str) -> str:
    return re.sub(r"[^a-z]", "", re.sub(r"\{id[^}]*\}", "", text.casefold()))


def path_named(relpath: str, part: str) -> str | None:
    """The store-relative path a value names, when it looks like a path (`/keps/sig-x/583-x`, `x.md`)."""
    if "/" not in part and "." not in part:
        return None
    if part.startswith("/"):
        return part.strip("/")
    return posixpath.normpath(posixpath.join(posixpath.dirname(relpath), part)).rstrip("/")


def _role(name: str) -> str | None:
    """The link role a field is named for (`Superseded-By`, `superseded_by`, `supersededby` -> superseded_by)."""
    key = re.sub(r"[\s_-]+", "_", name.casefold()).strip("_")
    if key in LINK_ROLES or key in _LINK_NAMES:
        return key if key in LINK_ROLES else _LINK_NAMES[key]
    return _RUN_TOGETHER.get(key.replace("_", ""))


_RUN_TOGETHER = {name.replace("_", ""): _LINK_NAMES.get(name, name) for name in (*LINK_ROLES, *_LINK_NAMES)}
