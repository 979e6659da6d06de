"""YAML front matter and YAML files, read once for every reader: the home of reading YAML front matter.

Where front matter stands is top.py's (`---` on the first line, closed by `---` or `...`); the YAML between is read as
written here (`kep-number: 0583` stays "0583": no implicit type but null and merge keys), its problems said as
`BadMetadata` with the 1-based line. The `adr` reading (markdown/front_matter.py) checks the mapping this gives, key by
key; the formats' places are `front-matter` and `sidecar` (a YAML file beside the record): front matter that is not
YAML is read as its unindented `Field: value` lines and those put out of place under a list (BadMetadata's
fallback), a sidecar that is not YAML alike; a key stated more than once (any case)
keeps its last value, as YAML reads it, unless that one is empty (then the last stated), and is said (PartlyRead)."""
from __future__ import annotations

import re
from typing import Any

import yaml

from provgraph.ingest.formats import top
from provgraph.ingest.formats.field import HEADER, BadMetadata, Field, Fields, PartlyRead, empty


NOT_CLOSED = "front matter is not closed by a '---' line"


def front_matter(lines: list[str]) -> Fields:
    if not top.opens_front_matter(lines):
        return {}
    end = top.front_matter_end(lines)
    if end is None:
        raise BadMetadata(1, NOT_CLOSED)
    try:
        loaded, twice = _mapping("\n".join(lines[1:end]), "front matter", first_line=2)
    except BadMetadata as problem:
        raise BadMetadata(problem.line, problem.reason, _loose_lines(lines, 1, end)) from None
    keys = {line.split(":", 1)[0].strip().casefold(): number + 2 for number, line in enumerate(lines[1:end]) if ":" in line}
    found = {name: Field(value, keys.get(name)) for name, value in loaded.items()}
    if not twice:
        return found
    said = []
    for name, stated in twice.items():
        line, value = next(((line, value) for line, value in reversed(stated) if not empty(value)), stated[-1])
        found[name] = Field(value, line)
        why = "the last, as YAML reads it" if line == stated[-1][0] else "a later empty one does not win over it"
        said.append(f"`{name}` on lines {', '.join(str(at) for at, _ in stated)}: line {line}'s value read ({why})")
    raise PartlyRead(None, f"front matter states a key more than once: {'; '.join(said)}", found)


def _loose_lines(lines: list[str], start: int, end: int) -> Fields:
    """Front matter (or a sidecar) that is not YAML read line by line: each unindented `Field: value` line, and each
    indented one out of place after a list of plain items (below); other lines ignored, a value wholly in one pair of
    quotes unquoted (`status: "Final"`)."""
    found: Fields = {}
    out_of_place = _out_of_place(lines, start, end)
    for index in range(start, end):
        matched = HEADER.fullmatch(lines[index].strip()) if index in out_of_place or not lines[index][:1].isspace() else None
        if matched:
            value = (matched.group(2) or "").strip()
            if len(value) > 1 and value[0] == value[-1] and value[0] in "\"'" and value[0] not in value[1:-1]:
                value = value[1:-1]
            found.setdefault(matched.group(1).strip().casefold(), Field(value, index + 1))
    return found


_ITEM = re.compile(r"( *)- +(.*)")
_KEY = re.compile(r"( *)[^\s#:-][^:]*:(?:\s+(.*))?")


def _out_of_place(lines: list[str], start: int, end: int) -> set[int]:
    """The indented `key: value` lines of broken YAML that stand as top-level fields put out of place: after a list
    of plain items (`- "@x"`, the value of a top-level key), indented at least to the items' dash, where YAML allows
    no key (an item that is no mapping has no child); the keys after it at that same indent too. A key under a
    mapping item (`- name: x` / `  role: y`) or deeper than the first such key may be a child, so it is not one."""
    found: set[int] = set()
    run: int | None = None  # the indent of the out-of-place keys read so far
    dash: int | None = None  # the dash column of the list of plain items just above, if any
    opened = False  # the last key read (top-level or out of place) has no value: a list may follow
    for index in range(start, end):
        line = lines[index].rstrip()
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        item, key = _ITEM.fullmatch(line), _KEY.fullmatch(line)
        if item:
            plain = not _KEY.fullmatch(item.group(2))
            dash = len(item.group(1)) if plain and (opened or dash == len(item.group(1))) else None
            opened = False
        elif key and not key.group(1):
            run, dash, opened = None, None, not key.group(2)
        elif key and (run == len(key.group(1)) or (run is None and dash is not None and len(key.group(1)) >= dash)):
            found.add(index)
            run, dash, opened = len(key.group(1)), None, not key.group(2)
        else:
            dash, opened = None, False
    return found


def sidecar(data: bytes, name: str) -> Fields:
    """A YAML file beside the record, its fields on no line of the record; one that is not YAML gives its
    `Field: value` lines as front matter does (BadMetadata's fallback)."""
    text = data.decode("utf-8", errors="replace")
    try:
        loaded = _yaml(text, name, first_line=1)
    except BadMetadata as problem:
        lines = text.splitlines()
        loose = {key: Field(found.value) for key, found in _loose_lines(lines, 0, len(lines)).items()}
        raise BadMetadata(problem.line, problem.reason, loose) from None
    return {key: Field(value) for key, value in loaded.items()}


class _AsWritten(yaml.SafeLoader):
    """YAML with only the null and merge implicit types: `kep-number: 0583` stays "0583", a date stays its text."""


_AsWritten.yaml_implicit_resolvers = {
    first: [(tag, pattern) for tag, pattern in resolvers if tag in ("tag:yaml.org,2002:null", "tag:yaml.org,2002:merge")]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def _yaml(text: str, what: str, first_line: int) -> dict[str, Any]:
    return _mapping(text, what, first_line)[0]


Stated = list[tuple[int, Any]]  # (1-based line, value) of each time a key is stated


def _mapping(text: str, what: str, first_line: int) -> tuple[dict[str, Any], dict[str, Stated]]:
    """The YAML mapping `text` holds (keys casefolded; a key stated twice keeps its last value, as YAML has it), and
    each key stated more than once (any case) with every line and value it has."""
    loaded, twice = loaded_mapping(text, what, first_line)
    return {str(key).strip().casefold(): value for key, value in loaded.items() if key is not None}, twice


def loaded_mapping(text: str, what: str, first_line: int) -> tuple[dict[Any, Any], dict[str, Stated]]:
    """The YAML mapping `text` holds, its keys as written (none: empty), and each key stated more than once (any
    case); BadMetadata, at the 1-based line (`first_line`: the text's first), when it is no YAML or no mapping."""
    loader = None
    try:
        loader = _AsWritten(text)  # a character YAML refuses (a control character) fails here
        node = loader.get_single_node()
        loaded = loader.construct_document(node) if node is not None else None
        twice = _stated_twice(loader, node, first_line) if isinstance(loaded, dict) else {}
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        raise BadMetadata(first_line + mark.line if mark else None, f"broken YAML in {what}: {error.problem or error}") from None
    except Exception as error:  # noqa: BLE001 - YAML fails in many ways (bad tags, recursion); all are bad input
        raise BadMetadata(None, f"broken YAML in {what}: {type(error).__name__}"[:300]) from None
    finally:
        if loader is not None:
            loader.dispose()
    if loaded is None:
        return {}, {}
    if not isinstance(loaded, dict):
        raise BadMetadata(first_line, f"{what} is not a mapping of keys to values (got {type_name(loaded)})")
    return loaded, twice


def type_name(value: Any) -> str:
    """What a YAML value is, as a message names it (`a list`)."""
    return {dict: "a mapping", list: "a list", type(None): "nothing", bool: "a boolean"}.get(type(value), type(value).__name__)


def _stated_twice(loader: _AsWritten, node: yaml.Node, first_line: int) -> dict[str, Stated]:
    keys: dict[str, Stated] = {}
    for key, value in node.value if isinstance(node, yaml.MappingNode) else ():
        if isinstance(key, yaml.ScalarNode) and key.value is not None:
            name = str(key.value).strip().casefold()
            keys.setdefault(name, []).append((first_line + key.start_mark.line, loader.construct_object(value, deep=True)))
    return {name: stated for name, stated in keys.items() if len(stated) > 1}
