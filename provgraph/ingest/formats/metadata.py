"""Where a record keeps its metadata: one small reader per place a declaration can name.

Each reader takes the record's lines (or its sidecar's bytes, or its path) and returns the fields it finds:
name (casefolded) -> `Field` (the value as written, or a YAML list, and the 1-based line in the record that
states it; None for a sidecar or a folder). The first value of a name wins.

- header-block: `Field: value` lines (`Field:value` too, never a URL or a time) at the top of the file, up to the first blank line, continuation lines
  indented deeper (RFC 822 as in PEPs; also inside MediaWiki `<pre>` and under an RST comment `..`); when the top
  of the file is not such a block, the first `<pre>` or ``` block before the first heading (a title or a notice
  may come first, as in BIPs).
- block: the first fenced or `<pre>` block anywhere near the top holding `Field: value` lines (a CAP's `## Preamble`).
- field-list: RST field lists `:Status: Final` after the document title and directives, blank lines between fields
  (Sphinx's file-wide fields, `:orphan:`, `:tocdepth:`, are no record's).
- lines: `status: Accepted` lines after the title, blank lines between them (astropy's APEs).
- table: the first table at the record's top (as bullets; an RST or AsciiDoc table anywhere), field names in its
  first column: Markdown (`| **Status** | Accepted |`), HTML
  (`<tr><td>Status</td><td>Accepted</td></tr>`, or a `<dl>`'s `<dt>` and `<dd>`), RST or AsciiDoc (tables.py).
- bullets: Markdown bullet headers at the record's top (top.py: before the first heading, else under the title, any
  level, up to the next heading): `* Status: **Implemented**`, `* **Status**: x`.
- front-matter: YAML between `---` lines at the top.
- sidecar: a YAML file beside the text (`kep.yaml` next to `README.md`).
- folder: the record's status is the name of the folder it sits in (`accepted/`, `rejected/`).
- file-name: the number the record's path writes (its file name's first digits, else its folder's), as the field
  `file-number`: an id for records whose metadata states none.

`headings` (a field named by a heading) and `section` (the text under one) are in headings.py; `patterned` reads a
declaration's patterns, the last resort for a field no place above holds.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Mapping

import yaml

from provgraph.ingest import lifecycle
from provgraph.ingest.formats import tables, top
from provgraph.ingest.formats.top import after_front_matter


@dataclass(frozen=True)
class Field:
    value: Any  # text as written, or a list (YAML)
    line: int | None = None  # 1-based, in the record's text; None when the value is not in it


class BadMetadata(ValueError):
    """Metadata a place cannot read as its kind; `fallback`: what its lines give read as `Field: value` lines."""

    def __init__(self, line: int | None, reason: str, fallback: Fields | None = None) -> None:
        super().__init__(reason)
        self.line = line
        self.reason = reason
        self.fallback: Fields = fallback or {}


Fields = dict[str, Field]
_HEADER_NAME = r"[A-Za-z][\w.-]*(?: [\w.-]+){0,3}"
# `Name: value`; or `Name:value` (`tip:127`) when the colon is the line's first, its name ends in a letter (no time,
# `at 12:30`; no host, `example.com:8080`) and no `/`, `\` or `:` follows it (no URL, `https://x`; no path)
_HEADER = re.compile(r"(?:(?=[^:]*:(?:[ \t]|$))|(?!(?i:mailto|urn|tel|data|file|news):)(?=[A-Za-z][\w -]*[A-Za-z_-]:[^\s/\\:]))"
                     rf"({_HEADER_NAME})[ \t]*:[ \t]*(.*)")
_FIELD_LIST = re.compile(r":([^:\s][^:]*):(?:[ \t]+(.*)|$)")
_BULLET = re.compile(r"\s{0,3}[*+-]\s+(?:\*\*|__)?([A-Za-z][\w -]{0,40}?)(?:\*\*|__)?\s*:(?:\*\*|__)?\s*(.*)")
_ADORNMENT = re.compile(r"([=\-~^\"'`#*+:.])\1{2,}\s*")
_OPENERS = ("<pre>", "..", "<!--", "/*")
_FENCE = "```"
_FENCES = (_FENCE, "~~~")
_CLOSERS = ("</pre>", "-->", "*/", *_FENCES)
_ATX_TITLE = re.compile(r"#{1,6}\s")
PREAMBLE_LINES = 200  # how far into a file the block and patterns readers look
_HEADING = re.compile(r"#{1,6}\s|=+[^=].*=+\s*$")  # Markdown `# Title`, MediaWiki `==Abstract==`
_COLUMNS = 3  # a table this wide with one row under its header holds its fields in columns
_FILE_WIDE = frozenset({"orphan", "nocomments", "nosearch", "tocdepth"})  # Sphinx's fields for the file, not the record


def header_block(lines: list[str]) -> Fields:
    """`Field: value` lines at the top of the file (after blank lines and one opener such as `<pre>` or ```); when
    the top is not a whole block of them, the first `<pre>` or ``` block before the first heading."""
    index = _first_text(lines, 0)
    if index < len(lines) and _is_opener(lines[index]):
        index = _first_text(lines, index + 1)
    found, whole = _header_at(lines, index)
    if found and whole:
        return found
    for later in range(index, len(lines)):
        line = lines[later].strip()
        if _HEADING.match(line):
            break
        if line.lower() == "<pre>" or line.startswith(_FENCE):
            boxed, _ = _header_at(lines, _first_text(lines, later + 1))
            if boxed:
                return boxed
    return found


def _is_opener(line: str) -> bool:
    return line.strip().lower() in _OPENERS or line.strip().startswith(_FENCE)


def _header_at(lines: list[str], index: int) -> tuple[Fields, bool]:
    """The header block from `index`, and whether it is whole: ended by a blank line, a closer or the file's end."""
    found = _block(lines, index, _HEADER)
    end = index
    while end < len(lines) and lines[end].strip() and lines[end].strip().lower() not in _CLOSERS:
        if not _HEADER.fullmatch(lines[end].strip()) and not lines[end][:1].isspace():
            return found, False
        end += 1
    return found, True


def block(lines: list[str]) -> Fields:
    """The first fenced (```` ``` ````, `~~~`) or `<pre>` block of the first `PREAMBLE_LINES` lines that holds
    `Field: value` lines, read by the header-block rules (anywhere: after a title and a `## Preamble` heading too)."""
    index = 0
    while index < min(len(lines), PREAMBLE_LINES):
        closer = _closer(lines[index].strip())
        if closer is None:
            index += 1
            continue
        found = _block(lines, _first_text(lines, index + 1), _HEADER)
        if found:
            return found
        index = next((later for later in range(index + 1, len(lines)) if lines[later].strip().lower().startswith(closer)),
                     len(lines)) + 1
    return {}


def _closer(line: str) -> str | None:
    """What ends the block `line` opens (a fence, `<pre>`), or None when it opens none."""
    if line.lower() == "<pre>":
        return "</pre>"
    return line[:3] if line.startswith(_FENCES) else None


def field_list(lines: list[str]) -> Fields:
    """The first RST field list before any paragraph: titles and their adornments may come first."""
    return _after_title(lines, _FIELD_LIST)


def field_lines(lines: list[str]) -> Fields:
    """`name: value` lines after the title, blank lines between them (`status: Accepted`, as astropy's APEs have)."""
    return _after_title(lines, _HEADER)


def _after_title(lines: list[str], pattern: re.Pattern[str]) -> Fields:
    """The first block of `pattern` lines, blank lines between them, before any paragraph: an RST or Markdown title
    (with its adornments), RST directives and Sphinx's file-wide fields (`:orphan:`) may come first; YAML front matter
    is no title but its own place."""
    index = after_front_matter(lines)
    while index < len(lines):
        stripped = lines[index].strip()
        title = index + 1 < len(lines) and _ADORNMENT.fullmatch(lines[index + 1].strip() or "x")
        matched = None if title else pattern.fullmatch(stripped)
        if matched and matched.group(1).strip().casefold() not in _FILE_WIDE:
            return _block(lines, index, pattern, across_blanks=True)
        prelude = matched or not stripped or _ADORNMENT.fullmatch(stripped) or stripped.startswith(".. ") or _ATX_TITLE.match(stripped)
        if not title and not prelude:
            return {}
        index += 2 if title else 1
    return {}


def bullets(lines: list[str]) -> Fields:
    """`* Field: value` bullets (any bold around the name or the value) at the record's top (top.py: before its first
    heading, else under the title, whatever its level, up to the next heading; a code fence ends them)."""
    return next((found for start, stop in top.spans(lines) if (found := _bullets_in(lines, start, stop))), {})


def _bullets_in(lines: list[str], start: int, stop: int) -> Fields:
    found: Fields = {}
    for index in range(start, stop):
        line = lines[index]
        if line.lstrip().startswith(_FENCES):
            break
        matched = _BULLET.fullmatch(line.rstrip())
        if matched:
            found.setdefault(matched.group(1).strip().casefold(), Field(matched.group(2).strip(), index + 1))
    return found


def table(lines: list[str]) -> Fields:
    """The first table at the record's top (tables.py: Markdown, HTML, RST, AsciiDoc), a field
    name in the first cell of each row and its value in the second (the header row is a row too, as in
    `| Status | Accepted |`); a table of three columns or more with one row under its header is read by columns
    (`| PIP | Title | Status |` over `| 89 | Zurich | Draft |`: the header names the fields)."""
    rows = tables.table_rows(lines)
    if len(rows) == 2 and len(rows[0][1]) >= _COLUMNS:
        (_, names), (at, values) = rows
        return {name: Field(value, at + 1) for name, value in zip((_name(cell) for cell in names), values) if name}
    found: Fields = {}
    for index, cells in rows:
        name = _name(cells[0])
        if name and len(cells) > 1:
            found.setdefault(name, Field(cells[1], index + 1))
    return found


def _name(cell: str) -> str:
    return cell.strip("*_` ").strip().casefold()


def front_matter(lines: list[str]) -> Fields:
    if not lines or lines[0].rstrip() != "---":
        return {}
    end = top.front_matter_end(lines)
    if end is None:
        raise BadMetadata(1, "front matter is not closed by a '---' line")
    try:
        loaded = _yaml("\n".join(lines[1:end]), "front matter", first_line=2)
    except BadMetadata as problem:
        raise BadMetadata(problem.line, problem.reason, _loose_lines(lines, 1, end)) from None
    keys = {line.split(":", 1)[0].strip().casefold(): number + 2 for number, line in enumerate(lines[1:end]) if ":" in line}
    return {name: Field(value, keys.get(name)) for name, value in loaded.items()}


def _loose_lines(lines: list[str], start: int, end: int) -> Fields:
    """Front matter that is not YAML read line by line: each unindented `Field: value` line (other lines ignored),
    a value wholly in one pair of quotes unquoted (`status: "Final"`)."""
    found: Fields = {}
    for index in range(start, end):
        matched = _HEADER.fullmatch(lines[index].rstrip()) if not lines[index][:1].isspace() else None
        if matched:
            value = (matched.group(2) or "").strip()
            if len(value) > 1 and value[0] == value[-1] and value[0] in "\"'" and value[0] not in value[1:-1]:
                value = value[1:-1]
            found.setdefault(matched.group(1).strip().casefold(), Field(value, index + 1))
    return found


def sidecar(data: bytes, name: str) -> Fields:
    loaded = _yaml(data.decode("utf-8", errors="replace"), name, first_line=1)
    return {key: Field(value) for key, value in loaded.items()}


def folder(relpath: str, words: Mapping[str, str]) -> Fields:
    """The nearest folder the record sits in whose name is a status word (the store's own, then the vocabulary)."""
    for name in reversed(relpath.split("/")[:-1]):
        if lifecycle.canonical(name, words) is not None:
            return {"folder": Field(name)}
    return {}


FILE_NUMBER = "file-number"  # the field the file-name place gives
_DIGITS = re.compile(r"\d+")


def file_name(relpath: str) -> Fields:
    """The record's number as its path writes it: the first digits of its file name (`kip-0015.md` -> `0015`), else
    of the nearest folder that has some (a KEP's `README.md` in `1029-quotas/` -> `1029`), as the field `file-number`."""
    for part in reversed(relpath.split("/")):
        found = _DIGITS.search(part.rsplit(".", 1)[0] if "." in part else part)
        if found:
            return {FILE_NUMBER: Field(found.group())}
    return {}


TEXT_READERS: dict[str, Callable[[list[str]], Fields]] = {
    "header-block": header_block, "block": block, "field-list": field_list, "lines": field_lines, "bullets": bullets,
    "front-matter": front_matter, "table": table,
}


def _first_text(lines: list[str], index: int) -> int:
    while index < len(lines) and not lines[index].strip():
        index += 1
    return index


def _block(lines: list[str], index: int, pattern: re.Pattern[str], *, across_blanks: bool = False) -> Fields:
    """Consecutive field lines from `index`; a line indented deeper than the first continues the field above;
    `across_blanks`: blank lines between fields do not end the block (RST field lists split into groups)."""
    found: Fields = {}
    base: int | None = None
    last: str | None = None
    while index < len(lines):
        line = lines[index]
        indent = len(line) - len(line.lstrip())
        if across_blanks and not line.strip():
            after = _first_text(lines, index)
            if after < len(lines) and pattern.fullmatch(lines[after].strip()):
                index, last = after, None
                continue
        if not line.strip() or line.strip().lower() in _CLOSERS:
            break
        if base is not None and indent > base:
            if last:
                before = found[last]
                found[last] = Field(f"{before.value} {line.strip()}".strip(), before.line)
            index += 1
            continue
        matched = pattern.fullmatch(line.strip())
        if not matched:
            break
        base = indent if base is None else base
        last = matched.group(1).strip().casefold()
        if last in found:
            last = ""  # the first value of a name wins; its continuation lines are not this one's
        else:
            found[last] = Field((matched.group(2) or "").strip(), index + 1)
        index += 1
    return found


class _AsWritten(yaml.SafeLoader):
    """YAML with only the null implicit type: `kep-number: 0583` stays "0583", a date stays its text."""


_AsWritten.yaml_implicit_resolvers = {
    first: [(tag, pattern) for tag, pattern in resolvers if tag == "tag:yaml.org,2002:null"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def _yaml(text: str, what: str, first_line: int) -> dict[str, Any]:
    try:
        loaded = yaml.load(text, Loader=_AsWritten)  # noqa: S506 - a SafeLoader subclass
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        raise BadMetadata(first_line + mark.line if mark else None, f"broken YAML in {what}: {error.problem or error}") from None
    except Exception as error:  # noqa: BLE001 - YAML fails in many ways (bad tags, recursion); all are bad input
        raise BadMetadata(None, f"broken YAML in {what}: {type(error).__name__}"[:300]) from None
    if loaded is None:
        return {}
    if not isinstance(loaded, dict):
        raise BadMetadata(first_line, f"{what} is not a mapping of keys to values")
    return {str(key).strip().casefold(): value for key, value in loaded.items() if key is not None}
