"""Text that provgraph writes for other programs: CSV that a spreadsheet cannot execute, Markdown that stays text.

Every CSV file or stream provgraph writes goes through `write_csv` / `csv_text`, and every id or text
that reaches report.md goes through `markdown_text`. JSON output is never touched: it stays exact.

CSV (OWASP, "CSV Injection"): a cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return
(after any leading spaces) is read as a formula by Excel, LibreOffice and Google Sheets, so it is
written with a leading `'`, which those programs show as text. Numbers stay numbers (`-3` stays
`-3`); the string `"-3"` becomes `'-3`. A cell that holds a comma, a quote or a line break (CR
included) is quoted (RFC 4180), so nothing inside a value can start a new cell or row. `None` is
an empty cell.
"""
from __future__ import annotations

import io
import re
from typing import Any, Iterable, Sequence, TextIO

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value: str) -> str:
    """`value` with a leading `'` when a spreadsheet would read it as a formula."""
    if value.lstrip(" ").startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_cell(value: Any) -> Any:
    """One CSV cell: None empty, numbers and booleans as they are, every string made spreadsheet-safe."""
    if value is None:
        return ""
    if isinstance(value, (bool, int, float)):
        return value
    return spreadsheet_safe(str(value))


def _field(value: Any) -> str:
    text = str(value)
    # quoted when it holds a separator, a quote or any line break (the csv module leaves a lone CR bare)
    if any(char in text for char in ',"\r\n'):
        return '"' + text.replace('"', '""') + '"'
    return text


def _line(cells: Sequence[Any]) -> str:
    fields = [_field(csv_cell(value)) for value in cells]
    if fields == [""]:
        return '""\n'  # a lone empty cell, not a blank line
    return ",".join(fields) + "\n"


def write_csv(handle: TextIO, columns: Sequence[str] | None, rows: Iterable[Sequence[Any]]) -> None:
    """Write a header (unless `columns` is None) and the rows, every cell through `csv_cell` (RFC 4180, LF lines)."""
    if columns is not None:
        handle.write(_line(columns))
    for row in rows:
        handle.write(_line(row))


def csv_text(columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    buffer = io.StringIO()
    write_csv(buffer, columns, rows)
    return buffer.getvalue()


# Markdown: the characters that GFM gives a meaning inside a line are backslash-escaped (code spans,
# emphasis, strikethrough, links and images, table cells, math, a `#` that could open or close a
# heading); `<`, `>` and `&` become entities (no HTML, no entity tricks). `-`, `.`, `:` and the like
# only mean something at the start of a line, which a cell, heading or paragraph text never is, so
# ids such as ADR-0001 stay readable in the raw file.
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]|~$])|(?:(?<=\s)|^)(#)")
_MARKDOWN_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}


def markdown_text(text: str) -> str:
    """`text` as literal Markdown text on one line (a table cell, a heading, a paragraph)."""
    one_line = " ".join(str(text).split())
    entities = "".join(_MARKDOWN_ENTITIES.get(char, char) for char in one_line)
    return _MARKDOWN_SPECIAL.sub(lambda match: "\\" + (match.group(1) or match.group(2)), entities)


__all__ = ["FORMULA_STARTS", "csv_cell", "csv_text", "markdown_text", "spreadsheet_safe", "write_csv"]
