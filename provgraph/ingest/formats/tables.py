"""The rows of the first table near the top of a record, for the `table` metadata (metadata.table reads the fields).

A table is a Markdown table (a row, then a `---|---` rule; outer pipes optional), an HTML `<table>` (a `<tr>` a row,
each `<td>` or `<th>` a cell, as conda's CEPs keep their status under the title) or an HTML definition list
(`<dt>Status</dt><dd>Accepted</dd>`: a row of two cells). Either starts at the record's top (top.py: before the first
heading, else under the title up to the next heading, the title of any level), outside code fences. An RST or
AsciiDoc table is plain_tables.py's; of all kinds the table that starts first is read. HTML is read by the standard
library's parser: cells are their text, markup inside them aside (`Support for <code>abi3</code>`
-> `Support for abi3`), entities decoded, whitespace collapsed; a row that is not closed ends where the next one
starts, as HTML has it.
"""
from __future__ import annotations

import re
from html.parser import HTMLParser

from provgraph.ingest.formats import plain_tables, top

Row = tuple[int, list[str]]  # (0-based line of the row, its cells' text)

_RULE = re.compile(r"\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*")  # GFM: one hyphen a cell is enough
_HTML_START = re.compile(r"<(table|dl)\b", re.IGNORECASE)
_FENCES = ("```", "~~~")


def table_rows(lines: list[str]) -> list[Row]:
    """The rows of the table that starts first near the top of a record: the first Markdown table at its top
    (top.py), else the first HTML table or definition list there, the first RST or AsciiDoc table (plain_tables.py);
    [] when there is none. The first wins, not a kind: an AsciiDoc listing's `a | b` over `----` far down the file
    is no match for the `|===` table under the title."""
    found = [rows for rows in (_at_top(lines), plain_tables.rst_rows(lines), plain_tables.asciidoc_rows(lines)) if rows]
    return min(found, key=lambda rows: rows[0][0], default=[])


def _at_top(lines: list[str]) -> list[Row]:
    """The first Markdown or HTML table of the first span of the record's top that holds one (the earlier of the two
    there), its rows numbered in the whole file."""
    for start, stop in top.spans(lines):
        found = [rows for rows in (markdown_rows(lines[start:stop]), html_rows(lines[start:stop])) if rows]
        if found:
            return [(start + index, cells) for index, cells in min(found, key=lambda rows: rows[0][0])]
    return []


def markdown_rows(lines: list[str]) -> list[Row]:
    """The rows of the first Markdown table in `lines` (the header row is a row; the rule is not)."""
    start = len(lines)
    for index, line in enumerate(lines[:-1]):
        if _cells(line) and _RULE.fullmatch(lines[index + 1].strip()):
            start = index
            break
    rows: list[Row] = []
    for index in range(start, len(lines)):
        cells = _cells(lines[index])
        if not cells:
            break
        if not _RULE.fullmatch(lines[index].strip()):
            rows.append((index, cells))
    return rows


def _cells(line: str) -> list[str]:
    """The cells of a Markdown table row (`| a | b |` or `a | b`), or [] when the line is not one."""
    text = line.strip()
    if "|" not in text or text.startswith(("#", "```")):
        return []
    cells = [cell.strip() for cell in text.strip("|").split("|")]
    return cells if len(cells) >= 2 else []


def html_rows(lines: list[str]) -> list[Row]:
    """The rows of the first HTML `<table>` or `<dl>` in `lines`, outside code fences."""
    fence: str | None = None
    for index, line in enumerate(lines):
        text = line.strip()
        if fence is not None:
            fence = None if text.startswith(fence) else fence
            continue
        if text.startswith(_FENCES):
            fence = text[:3]
            continue
        found = _HTML_START.search(line)
        if found is not None:
            parser = _Rows(index)
            for part in (line[found.start():], *lines[index + 1:]):
                parser.feed(part + "\n")
                if parser.done:
                    break
            return parser.finished()
    return []


class _Rows(HTMLParser):
    """Collects the rows of the first table or definition list fed to it (nested tables: their text is in the cell
    that holds them)."""

    def __init__(self, first_line: int) -> None:
        super().__init__(convert_charrefs=True)
        self.first_line = first_line
        self.rows: list[Row] = []
        self.depth = 0  # how deep in tables or lists the parser is
        self.cell: list[str] | None = None  # the text of the open cell
        self.done = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.done:
            return
        if tag in ("table", "dl"):
            self.depth += 1
        elif self.depth == 1 and tag in ("tr", "dt"):
            self._close_cell()
            self.rows.append((self.first_line + self.getpos()[0] - 1, []))
            if tag == "dt":
                self.cell = []
        elif self.depth == 1 and tag in ("td", "th", "dd"):
            self._close_cell()
            if not self.rows:
                self.rows.append((self.first_line + self.getpos()[0] - 1, []))
            self.cell = []
        elif tag == "br" and self.cell is not None:
            self.cell.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if self.done:
            return
        if tag in ("table", "dl"):
            self.depth -= 1
            if self.depth <= 0:
                self._close_cell()
                self.done = True
        elif self.depth == 1 and tag in ("td", "th", "dt", "dd", "tr"):
            self._close_cell()

    def handle_data(self, data: str) -> None:
        if not self.done and self.cell is not None:
            self.cell.append(data)

    def _close_cell(self) -> None:
        if self.cell is not None and self.rows:
            self.rows[-1][1].append(" ".join("".join(self.cell).split()))
        self.cell = None

    def finished(self) -> list[Row]:
        self.close()
        self._close_cell()
        return [row for row in self.rows if row[1]]
