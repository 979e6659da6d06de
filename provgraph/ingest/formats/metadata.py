"""Where a record keeps its metadata: one small reader per place a declaration can name.

Each reader takes the record's lines (or its sidecar's bytes, or its path) and returns the fields it finds:
name (casefolded) -> `Field` (the value as written, or a YAML list, and the 1-based line in the record that
states it; None for a sidecar or a folder). The first value of a name wins. An HTML comment is never part of a value
read from a record's lines (`Date: **TBD** <!-- set at merge -->` is `**TBD**`; YAML's values are YAML's).

- header-block: `Field: value` lines (`Field:value` too, never a URL or a time) at the top of the file, up to the first blank line, continuation lines
  indented deeper (RFC 822 as in PEPs; also inside MediaWiki `<pre>`, under an RST comment `..` or literal block `::`); when the top
  of the file is not such a block, the first `<pre>` or ``` block before the second heading (the first is the
  title, whatever its level; a notice may come first, as in BIPs). A block whose lines are mostly fields (three or
  more, three quarters of them) is read with the lines that are not left out and said (`PartlyRead`: `    Submitted
  by Ada` in a BUIP's header).
- block: the first fenced or `<pre>` block anywhere near the top holding `Field: value` lines (a CAP's `## Preamble`).
- field-list: RST field lists `:Status: Final` after the document title and directives, blank lines between fields
  (Sphinx's file-wide fields, `:orphan:`, `:tocdepth:`, are no record's).
- lines: `status: Accepted` lines after the title, blank lines between them (astropy's APEs), a name in bold too
  (`**Status**: Draft`); a field with no value over a task list (`Status:` then `- [x] Integrated`) holds its
  ticked item (lists.py).
- table: the first table at the record's top (as bullets; an RST or AsciiDoc table anywhere), field names in its
  first column: Markdown (`| **Status** | Accepted |`), HTML
  (`<tr><td>Status</td><td>Accepted</td></tr>`, or a `<dl>`'s `<dt>` and `<dd>`), RST or AsciiDoc (tables.py).
- bullets: Markdown bullet headers at the record's top (top.py: before the first heading, else under the title, any
  level, up to the next heading): `* Status: **Implemented**`, `* **Status**: x`.
- front-matter: YAML between `---` lines at the top (yaml_fields.py).
- sidecar: a YAML file beside the text (`kep.yaml` next to `README.md`; yaml_fields.py).
- folder: the record's status is the name of the folder it sits in (`accepted/`, `rejected/`).
- file-name: the number the record's path writes (its file name's first digits, else its folder's), as the field
  `file-number`, and the name up to it, as `file-id` (`A2-hedged-calls.md` -> `A2`): an id for records whose metadata states none.

`headings` (a field named by a heading) and `section` (the text under one) are in headings.py; `patterned` reads a
declaration's patterns, the last resort for a field no place above holds.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Callable, Mapping

from provgraph.ingest import lifecycle
from provgraph.ingest.formats import lists, prelude, tables, top
from provgraph.ingest.formats.field import HEADER as _HEADER
from provgraph.ingest.formats.field import HEADER_NAME
from provgraph.ingest.formats.field import BadMetadata, Field, Fields, PartlyRead, empty
from provgraph.ingest.formats.top import after_front_matter
from provgraph.ingest.formats.yaml_fields import front_matter, sidecar

__all__ = ["BadMetadata", "Field", "Fields", "PartlyRead", "after_front_matter", "empty", "front_matter", "sidecar"]

_FIELD_LIST = re.compile(r":([^:\s][^:]*):(?:[ \t]+(.*)|$)")
_BULLET = re.compile(r"\s{0,3}[*+-]\s+(?:\*\*|__)?([A-Za-z][\w -]{0,40}?)(?:\*\*|__)?\s*:(?:\*\*|__)?\s*(.*)")
_ADORNMENT = re.compile(r"([=\-~^\"'`#*+:.])\1{2,}\s*")
_OPENERS = ("<pre>", "..", "::", "<!--", "/*")  # `::`: an RST literal block, its lines indented
_FENCE = "```"
_FENCES = (_FENCE, "~~~")
_CLOSERS = ("</pre>", "-->", "*/", *_FENCES)
PREAMBLE_LINES = 200  # how far into a file the block and patterns readers look
_HEADING = re.compile(r"#{1,6}\s|=+[^=].*=+\s*$")  # Markdown `# Title`, MediaWiki `==Abstract==`
_COLUMNS = 3  # a table this wide with one row under its header holds its fields in columns
_BOLD_NAME = re.compile(rf"([ \t]*)(\*\*|__)({HEADER_NAME})[ \t]*(:)?\2(?(4)|[ \t]*:)")  # `**Status**:`, `**Status:**`
_FILE_WIDE = frozenset({"orphan", "nocomments", "nosearch", "tocdepth"})  # Sphinx's fields for the file, not the record


def header_block(lines: list[str]) -> Fields:
    """`Field: value` lines at the top of the file (after blank lines and one opener such as `<pre>` or ```); when
    the top is not a whole block of them, the first `<pre>` or ``` block before the first heading or under it, the
    title, up to the next (`_second_heading`). A block whose lines are mostly fields (`_mostly_fields`) is read with
    its other lines left out: PartlyRead, never silently."""
    index = _first_text(lines, 0)
    if index < len(lines) and _is_opener(lines[index]):
        index = _first_text(lines, index + 1)
    found, whole = _header_at(lines, index)
    if found and whole:
        return found
    mostly = _mostly_fields(lines, index)
    if mostly is not None:
        return _unread(*mostly)
    for later in range(index, _second_heading(lines, index)):
        line = lines[later].strip()
        if line.lower() == "<pre>" or line.startswith(_FENCE):
            start = _first_text(lines, later + 1)
            boxed, whole = _header_at(lines, start)
            mostly = None if whole else _mostly_fields(lines, start)
            if mostly is not None:
                return _unread(*mostly)
            if boxed:
                return boxed
    return found


def _second_heading(lines: list[str], index: int) -> int:
    """Where a header block's `<pre>` or fence may stand up to: the second heading from `index` (the first is the
    record's title, whatever its level: `# T`, `## LNPBP-39: T`, `==T==`), else the file's end."""
    marks = (at for at in range(index, len(lines)) if _HEADING.match(lines[at].strip()))
    next(marks, None)
    return next(marks, len(lines))


def _is_opener(line: str) -> bool:
    return line.strip().lower() in _OPENERS or line.strip().startswith(_FENCE)


def _header_at(lines: list[str], index: int) -> tuple[Fields, bool]:
    """The header block from `index`, and whether it is whole: ended by a blank line, a closer or the file's end,
    every line a field or indented deeper than the first (a field's continuation)."""
    found = _block(lines, index, _HEADER)
    end = index
    depth = _indent(lines[index]) if index < len(lines) else 0
    while end < len(lines) and lines[end].strip() and lines[end].strip().lower() not in _CLOSERS:
        if not _HEADER.fullmatch(lines[end].strip()) and _indent(lines[end]) <= depth:
            return found, False
        end += 1
    return found, True


_MOSTLY = 3 / 4  # the share of a block's lines at its depth that are fields for it to be a header block: BUIP058's 3 of 4
_FEWEST = 3  # fields, in a block with lines that are not: a sentence with a colon or two is no header


def _mostly_fields(lines: list[str], index: int) -> tuple[Fields, list[tuple[int, str]]] | None:
    """The fields of the block from `index` (to a blank line, a closer or the file's end) when three or more of its
    lines at its least indentation, and three quarters of them, are `Field: value` lines (a line indented deeper
    continues the one above), with the lines that are not (1-based line, text: `Submitted by Ada`, `Date 2020-08-31`); None when
    the block is not mostly fields, or wholly, or holds a rule or an adornment."""
    end = index
    while end < len(lines) and lines[end].strip() and lines[end].strip().lower() not in _CLOSERS:
        end += 1
    if end == index or any(_ADORNMENT.fullmatch(line.strip()) for line in lines[index:end]):
        return None  # a rule or an adornment (front matter's `---`, a title's `===`): markup, no header block
    depth = min(_indent(line) for line in lines[index:end])
    found: Fields = {}
    unread: list[tuple[int, str]] = []
    last: str | None = None
    for at in range(index, end):
        text = lines[at].strip()
        matched = _HEADER.fullmatch(text) if _indent(lines[at]) == depth else None
        if _indent(lines[at]) > depth:
            if last:
                found[last] = Field(f"{found[last].value} {text}".strip(), found[last].line)
        elif matched:
            last = matched.group(1).strip().casefold()
            last = None if last in found else last  # the first value of a name wins
            if last:
                found[last] = Field((matched.group(2) or "").strip(), at + 1)
        else:
            unread.append((at + 1, text))
            last = None
    fields = sum(1 for at in range(index, end) if _indent(lines[at]) == depth) - len(unread)
    if not unread or fields < _FEWEST or fields < _MOSTLY * (fields + len(unread)):
        return None
    return found, unread


def _unread(found: Fields, unread: list[tuple[int, str]]) -> Fields:
    """A header block read with lines that are no `Field: value` left out: PartlyRead naming them."""
    named = ", ".join(f"`{text[:80]}`" for _, text in unread)
    lines = "a line that is" if len(unread) == 1 else f"{len(unread)} lines that are"
    raise PartlyRead(unread[0][0], f"header block: {lines} no `Field: value` not read: {named}", found)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


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
    """`name: value` lines after the title, blank lines between them (`status: Accepted`, as astropy's APEs have); a
    name in Markdown's bold is the name (`**Status**: Draft`, `**Status:** Draft`)."""
    return _after_title([_unbolded(line) for line in lines], _HEADER)


def _unbolded(line: str) -> str:
    found = _BOLD_NAME.match(line)
    return f"{found.group(1)}{found.group(3)}:{line[found.end():]}" if found else line


def _after_title(lines: list[str], pattern: re.Pattern[str]) -> Fields:
    """The first block of `pattern` lines, blank lines between them, before any paragraph: an RST or Markdown title
    (with its adornments), what prelude.py passes over (directives with their indented lines, labels, an RST fence's
    opening) and Sphinx's file-wide fields (`:orphan:`) may come first; YAML front matter is its own place."""
    index = after_front_matter(lines)
    while index < len(lines):
        stripped = lines[index].strip()
        if lines[index].startswith(".. "):
            index = prelude.past_directive(lines, index)
            continue
        after = lines[index + 1].strip() if index + 1 < len(lines) else "x"
        title = _ADORNMENT.fullmatch(after or "x") and after != _FENCE  # a fence's end is no title's adornment
        matched = None if title else pattern.fullmatch(stripped)
        if matched and matched.group(1).strip().casefold() not in _FILE_WIDE:
            return _block(lines, index, pattern, across_blanks=True)
        passed = matched or not stripped or _ADORNMENT.fullmatch(stripped) or prelude.passed_over(stripped)
        if not title and not passed:
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


def folder(relpath: str, words: Mapping[str, str]) -> Fields:
    """The nearest folder the record sits in whose name is a status word (the store's own, then the vocabulary; one
    the store declares `"?"` too, read as unrecognised), as written or without an ordering prefix (`1.adopted/` ->
    `adopted`; `unordered`)."""
    for name in reversed(relpath.split("/")[:-1]):
        for read in dict.fromkeys((name, unordered(name, words))):
            reading = lifecycle.read_word(read, words)
            if reading is not None and reading.origin != "unrecognised":
                return {"folder": Field(read)}
    return {}


_ORDERED = re.compile(r"\d{1,2}[.\-_ ]+(?=[^\W\d_])")  # `1.`, `01-`, `2_`: a folder's place in the lifecycle's order


def after_ordering(name: str) -> str:
    """A folder name without its ordering prefix (`2.testable` -> `testable`), "" when it has none."""
    prefix = _ORDERED.match(name)
    return name[prefix.end():] if prefix else ""


def unordered(name: str, words: Mapping[str, str] | None = None) -> str:
    """A folder name without its ordering prefix when the rest is a status phrase and nothing more (`1.adopted` ->
    `adopted`; `0042-draft-spec`, a record's own folder, stays as written)."""
    rest = after_ordering(name)
    reading = lifecycle.read_word(rest, words) if rest else None
    whole = reading is not None and reading.origin != "unrecognised" and \
        reading.phrase == " ".join(lifecycle.status_words(rest))
    return rest if whole else name


FILE_NUMBER = "file-number"  # the fields the file-name place gives: the number,
FILE_ID = "file-id"  # ... and the name up to it, its series' letters kept (`A27` beside `L27` in one folder)
_DIGITS = re.compile(r"\d+")
_POINT = re.compile(r"\.\d+(?![.\d])")  # a number's one decimal part (`ms-rfc-7.1.txt`: 7.1, beside 7); never a date's
_SERIES_LETTERS = re.compile(r"[A-Za-z]{0,12}[-_]?")  # what may stand before the number in a file id


def file_name(relpath: str) -> Fields:
    """The record's number as its path writes it: the first digits of its file name (`kip-0015.md` -> `0015`), else
    of the nearest folder that has some (a KEP's `README.md` in `1029-quotas/` -> `1029`), as the field `file-number`;
    and as the field `file-id`, that name from its start to the number's end when letters alone stand before the number
    (`A2-hedged-calls.md` -> `A2`, `kip-0015.md` -> `kip-0015`), else the number (`xxx-ipv6-x.txt` -> `6`). A number
    with one decimal part is one number (`rfc-7.1.txt` -> `7.1`: the revision beside `rfc-7.txt`; `2019.06.25` is no
    such number, its first digits are)."""
    for part in reversed(relpath.split("/")):
        stem = part.rsplit(".", 1)[0] if "." in part else part
        found = _DIGITS.search(stem)
        if found:
            point = _POINT.match(stem, found.end())
            end = point.end() if point else found.end()
            written = stem[:end] if _SERIES_LETTERS.fullmatch(stem[:found.start()]) else stem[found.start():end]
            return {FILE_NUMBER: Field(stem[found.start():end]), FILE_ID: Field(written)}
    return {}


_COMMENT = re.compile(r"<!--.*?(?:-->|$)")  # an HTML comment, or one that goes on past the line's end
_HARD_BREAK = re.compile(r"\\(?=\s|$)")  # Markdown's line break, a backslash ending a line (the value's or a joined one's)


def _cleaned(found: Fields) -> Fields:
    """The fields with every HTML comment and hard break taken out of their values: neither is ever part of a value
    (`Date: **TBD** <!-- set at merge -->` states `**TBD**`, `Status: Installed\\` states `Installed`)."""
    return {name: replace(value, value=" ".join(_HARD_BREAK.sub(" ", _COMMENT.sub(" ", value.value)).split()))
            if isinstance(value.value, str) and ("<!--" in value.value or "\\" in value.value) else value
            for name, value in found.items()}


def _cleaning(reader: Callable[[list[str]], Fields]) -> Callable[[list[str]], Fields]:
    """A place's reader whose values (and what it reads in part, or falls back to) hold no HTML comment or hard break."""
    def read(lines: list[str]) -> Fields:
        try:
            return _cleaned(reader(lines))
        except BadMetadata as problem:
            problem.fallback = _cleaned(problem.fallback)
            raise
    read.__doc__ = reader.__doc__
    return read


TEXT_READERS: dict[str, Callable[[list[str]], Fields]] = {
    "header-block": _cleaning(header_block), "block": _cleaning(block),
    "field-list": _cleaning(field_list), "lines": _cleaning(field_lines),
    "bullets": _cleaning(bullets), "front-matter": front_matter, "table": _cleaning(table),
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
            after = _first_text(lines, index + 1)
            if across_blanks and not found[last].value and after < len(lines) and lists.task_item(lines[after]):
                found[last] = lists.ticked(lines, after)  # `Status:` over a task list: its ticked item
        index += 1
    return found
