"""Which field carries a record's id (roles.py's id).

- id: a field present in most records, short, unique per record, whose number is the number in the record's path
  (`PEP: 8` in `pep-0008.rst`, `kep-number: 1029` in `1029-quotas/`); when none is, and 90% of the records' paths
  or more write a number of their own (one no other path writes), that number (the file-name place's
  `file-number`; the few others are named by their paths); series side by side (series.py): the file name's letters
  and number (`file-id`) unless an id field writes them so too.
The id template the records' texts cite them by: id_forms.py.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Iterable

from provgraph.ingest.formats import metadata
from provgraph.ingest.formats.declaration import ID_PLACEHOLDER
from provgraph.ingest.formats.metadata import FILE_ID, FILE_NUMBER
from provgraph.ingest.formats.proposal.files import number_of, prefix_of
from provgraph.ingest.formats.proposal.id_forms import ID_NAMES
from provgraph.ingest.formats.proposal.places import Choice

_MOST = 0.6  # an id field is present in at least this share of the records
_NUMBERED = 0.9  # the record files are numbered when this share of them write a number no other one writes
_ID = re.compile(r"[A-Za-z]{0,6}[ -]?#?\d+")  # `8`, `0008`, `CAP-0001`, `RFC 7`: a number, a short prefix at most
_DIGITS = re.compile(r"\d+")


def record_id(choice: Choice, values: dict[str, dict[str, str]], taken: set[str], series: bool) -> str | None:
    """The field that carries each record's id (`file-number`, `file-id` from the file names), None when no field
    does (each claim is named by its path); `values` (field name -> record path -> text) gains a file-name field's."""
    id_name = _id_field(choice, {name: found for name, found in values.items() if name not in taken})
    own = _own_numbers(choice)
    if series and (id_name is None or numeric(values[id_name].values())):
        id_name = FILE_ID  # `A27` beside `L27`: the number alone would name two records
        values[id_name] = {relpath: str(metadata.file_name(relpath)[FILE_ID].value) for relpath in choice.stated}
    elif id_name is None and len(own) >= _NUMBERED * len(choice.stated) and own:
        id_name = FILE_NUMBER  # the metadata states none: the number each record's file name writes
        values[id_name] = {relpath: str(number) for relpath, number in own.items()}
    return id_name


def share(by_record: dict[str, str], choice: Choice) -> float:
    """The share of the records that state a status that give this field a value."""
    return len(by_record) / len(choice.stated) if choice.stated else 0.0


def numeric(values: Iterable[str]) -> bool:
    """An id field whose values are numbers (`8`, `0008`; not `aip: AIP-47`, nor `A27`), placeholders aside."""
    texts = [text for text in values if not ID_PLACEHOLDER.fullmatch(text)]
    return bool(texts) and sum(text.strip().isdigit() for text in texts) >= 0.9 * len(texts)


def _id_field(choice: Choice, values: dict[str, dict[str, str]]) -> str | None:
    """The field whose values are unique, short, and the number in the record's path; a prefix before the number
    is the file names' (`CAP-0001` in `cap-0001.rst`) unless the field is named for an id (`id: ADR-0001`)."""
    best: tuple[int, str] | None = None
    file_prefixes = {prefix_of(relpath.rsplit("/", 1)[-1]).casefold() for relpath in choice.stated}
    for name, by_record in values.items():
        by_record = {relpath: text for relpath, text in by_record.items() if not ID_PLACEHOLDER.fullmatch(text)}
        texts = list(by_record.values())
        if share(by_record, choice) < _MOST or sum(1 for text in texts if _ID.fullmatch(text)) < 0.9 * len(texts):
            continue
        prefixes = {re.sub(r"[^a-z]", "", text.casefold()) for text in texts if _ID.fullmatch(text)} - {""}  # a placeholder aside
        if not (prefixes <= file_prefixes or ID_NAMES.search(name)):
            continue
        if len(set(texts)) < 0.9 * len(texts):
            continue
        agree = sum(1 for relpath, text in by_record.items() if _number(text) == number_of(relpath))
        if agree >= 0.5 * len(texts) and (best is None or agree > best[0]):
            best = (agree, name)
    return best[1] if best else None


def _own_numbers(choice: Choice) -> dict[str, int]:
    """record path -> the number its file name (or its folder's) writes, for the records whose number no other
    record's path writes (Tor's `310-bandaid-on-guard-selection.txt`; not its unnumbered `ideas/xxx-onion-nyms.txt`,
    nor the two `ideas/xxx-ipv6-*.txt`, which share a 6)."""
    numbers = {relpath: number_of(relpath) for relpath in choice.stated}
    counts = Counter(number for number in numbers.values() if number is not None)
    return {relpath: number for relpath, number in numbers.items() if number is not None and counts[number] == 1}


def numbers(choice: Choice, values: dict[str, dict[str, str]], id_name: str | None) -> dict[str, int | None]:
    """Each record's number: its id field's; with no id field, its path's (a link by number names that record); none
    for series side by side (`27` names no record where `A27` and `L27` both are)."""
    if id_name == FILE_ID:
        return dict.fromkeys(choice.stated)
    if id_name is None:
        return {relpath: number_of(relpath) for relpath in choice.stated}
    return {relpath: _number(values[id_name].get(relpath, "")) for relpath in choice.stated}


def _number(text: str) -> int | None:
    found = _DIGITS.search(text)
    return int(found.group()) if found else None
