"""Text that provgraph writes for other programs: CSV that a spreadsheet cannot execute, Markdown that stays text.

Every CSV file or stream provgraph writes goes through `write_csv` / `csv_text`, and every id or text
that reaches report.md goes through `markdown_text`. JSON output is never touched: it stays exact.

CSV (OWASP, "CSV Injection"): a cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return
(after any leading spaces) is read as a formula by Excel, LibreOffice and Google Sheets, so it is
written with a leading `'`, which those programs show as text. Numbers stay numbers (`-3` stays
`-3`); the string `"-3"` becomes `'-3`. Every cell is quoted as the csv module's minimal quoting
requires, so a separator or quote inside a value cannot start a new cell. `None` is an empty cell.
"""
from __future__ import annotations

import csv
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


def write_csv(handle: TextIO, columns: Sequence[str] | None, rows: Iterable[Sequence[Any]]) -> None:
    """Write a header (unless `columns` is None) and the rows, every cell through `csv_cell`."""
    writer = csv.writer(handle, lineterminator="\n", quoting=csv.QUOTE_MINIMAL)
    if columns is not None:
        writer.writerow([csv_cell(column) for column in columns])
    for row in rows:
        writer.writerow([csv_cell(value) for value in row])


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
