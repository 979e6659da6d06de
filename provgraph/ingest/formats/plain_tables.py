"""The rows of the first table drawn in plain text near the top of a record: RST grid and simple tables, AsciiDoc
`|===` tables (tables.py reads Markdown and HTML, and asks here when the text has neither).

- RST grid: `+----+----+` borders (`+====+` under a header), rows of `|` lines between them; a cell over several
  lines is its lines joined. The columns are where the first border has its `+`; a row line with no `|` at a column's
  edge spans it (its text joins the cell before).
- RST simple: `=====  =====` borders; the columns are the runs of `=` of the first; text under them is a row, a line
  whose first column is blank continues the row above, a `-----` line (a span's underline) is no row.
- RST list-table: a `.. list-table::` directive (its `:widths:`-like options aside), each `* -` item a row and each
  `-` under it, where the row's first `-` stands, a cell; a line indented deeper continues the cell above (a list
  inside a cell is its text, joined).
- AsciiDoc: a `|===` block; each `|` starts a cell (one a line, or several), a line with no `|` continues the cell
  before, `//` lines are comments; a cell's specifier (`2+|`, `h|`, `a|`) is no text. The columns come from
  `[cols="1h,1"]` (its items, `3*` counting three) or `[cols="2"]`, else from the cells of the first row's line.

An RST table (a list-table: its directive) is read when it starts before the second section title (the document title is the first, when the
file starts with it; a file that starts with other text, as PEPs' header blocks, has none); an AsciiDoc table
before the first `==` section. Only the standard library (a few dozen lines each: docutils would read the whole
document to find the first table).
"""
from __future__ import annotations

import re

Row = tuple[int, list[str]]  # (0-based line of the row, its cells' text)

_GRID_BORDER = re.compile(r"\+(?:[-=]+\+)+")
_SIMPLE_BORDER = re.compile(r"=+(?: +=+)+")  # two columns or more: one `=====` alone is a title's adornment
_ADORNMENT = re.compile(r"([=\-~^\"'`#*+:.])\1{2,}")
_LIST_TABLE = re.compile(r"\.\.\s+list-table::")
_LIST_ROW = re.compile(r"(\s*)\*(\s+)-(?:\s+|$)")  # `* - Status`: a row and its first cell
_ADOC_START = "|==="
_ADOC_COLS = re.compile(r"""\[.*\bcols\s*=\s*["']?([^"'\]]+)["']?""")
_ADOC_SPEC = re.compile(r"(?:\d+(?:\.\d+)?[*+])?[<^>]?(?:\.[<^>])?[adehlmsv]?")  # `2+`, `3*`, `^.>`, `h`: no text


def rst_rows(lines: list[str]) -> list[Row]:
    """The rows of the first RST grid, simple or list table before the second section title ([] when there is none)."""
    titles = 0
    first_text = True
    for index, line in enumerate(lines):
        text = line.strip()
        if _GRID_BORDER.fullmatch(text):
            return _grid_rows(lines, index)
        if _SIMPLE_BORDER.fullmatch(text):
            return _simple_rows(lines, index)
        if _LIST_TABLE.match(text):
            return _list_rows(lines, index)
        if text and index + 1 < len(lines) and _ADORNMENT.fullmatch(lines[index + 1].strip()) and not _ADORNMENT.fullmatch(text):
            titles += 1 if first_text else 2  # a title after other text is a section's: the preamble has ended
            if titles >= 2:
                return []
        if text and not _ADORNMENT.fullmatch(text) and not text.startswith(".."):
            first_text = titles > 0 and first_text
    return []


def _grid_rows(lines: list[str], start: int) -> list[Row]:
    border = lines[start]
    indent = len(border) - len(border.lstrip())
    edges = [indent + at for at, char in enumerate(border.strip()) if char == "+"]
    rows: list[Row] = []
    block: list[tuple[int, str]] = []
    for index in range(start + 1, len(lines)):
        line = lines[index].rstrip()
        if _GRID_BORDER.fullmatch(line.strip()) or (line.strip().startswith("+") and block):
            rows.extend(_grid_row(block, edges))
            block = []
            if _GRID_BORDER.fullmatch(line.strip()):
                continue
        if not line.strip().startswith(("|", "+")):
            break
        if line.strip().startswith("|"):
            block.append((index, line))
    return rows


def _grid_row(block: list[tuple[int, str]], edges: list[int]) -> list[Row]:
    """One grid row from its lines: the text between column edges that hold `|` on every line, joined line by line;
    the last cell runs to its line's last `|` (a row drawn one space too wide is still read)."""
    if not block:
        return []
    cuts = [edge for edge in edges[:-1] if all(line[edge:edge + 1] == "|" for _, line in block)]
    if not cuts:
        return []
    cells = [" ".join(_cell(line, left, right) for _, line in block) for left, right in zip(cuts, [*cuts[1:], None])]
    return [(block[0][0], [" ".join(cell.split()) for cell in cells])] if any(cells) else []


def _cell(line: str, left: int, right: int | None) -> str:
    text = line[left + 1:right].rstrip()
    return text[:-1] if right is None and text.endswith("|") else text


def _simple_rows(lines: list[str], start: int) -> list[Row]:
    border = lines[start].rstrip()
    spans = [(found.start(), found.end()) for found in re.finditer(r"=+", border)]
    rows: list[Row] = []
    borders = 1
    for index in range(start + 1, len(lines)):
        line = lines[index].rstrip()
        if _SIMPLE_BORDER.fullmatch(line.strip()) or re.fullmatch(r"=+", line.strip()):
            borders += 1
            following = lines[index + 1].strip() if index + 1 < len(lines) else ""
            if borders >= 3 or not following:
                break  # the closing border (a header's border has text under it)
            continue
        if not line.strip():
            break
        if re.fullmatch(r"[-\s]+", line):
            continue
        cells = [line[left:right].strip() for left, right in _widened(spans)]
        if rows and not cells[0]:
            rows[-1] = (rows[-1][0], [f"{before} {after}".strip() for before, after in zip(rows[-1][1], cells)])
        else:
            rows.append((index, cells))
    return [row for row in rows if any(row[1])]


def _widened(spans: list[tuple[int, int]]) -> list[tuple[int, int | None]]:
    """Each column from its border's start to the next one's (text may overhang its `=` run into the gap); the last
    column to the line's end."""
    return [(left, spans[column + 1][0] if column + 1 < len(spans) else None) for column, (left, _) in enumerate(spans)]


def _list_rows(lines: list[str], start: int) -> list[Row]:
    """The rows of the `.. list-table::` directive on line `start`: its body is the lines indented deeper than it."""
    directive = len(lines[start]) - len(lines[start].lstrip())
    rows: list[Row] = []
    row_at = cell_at = -1  # the columns of the rows' `*` and of their cells' `-`
    for index in range(start + 1, len(lines)):
        line = lines[index].rstrip()
        indent = len(line) - len(line.lstrip())
        if not line.strip():
            continue
        if indent <= directive:
            break
        item = _LIST_ROW.match(line)
        if item and (row_at < 0 or indent == row_at):
            row_at, cell_at = indent, indent + 1 + len(item.group(2))
            rows.append((index, [line[item.end():].strip()]))
        elif rows and indent == cell_at and line.lstrip().startswith("-") and line.lstrip()[1:2] in ("", " ", "\t"):
            rows[-1][1].append(line.strip()[1:].strip())
        elif rows and indent > cell_at:
            rows[-1][1][-1] = f"{rows[-1][1][-1]} {line.strip()}".strip()
        elif rows:
            break  # text at a row's depth that is no row or cell: the table has ended
    return [row for row in rows if any(row[1])]


def asciidoc_rows(lines: list[str]) -> list[Row]:
    """The rows of the first AsciiDoc `|===` table before the first `==` section ([] when there is none)."""
    for index, line in enumerate(lines):
        text = line.strip()
        if line.startswith("== "):
            return []
        if text == _ADOC_START:
            cols = _adoc_columns(lines[index - 1].strip()) if index else None
            return _adoc_rows(lines, index + 1, cols)
    return []


def _adoc_columns(attributes: str) -> int | None:
    """The column count a `[cols="..."]` line gives (`"2"`, `"1h,1"`, `"3*"`), None when it gives none."""
    found = _ADOC_COLS.match(attributes)
    if found is None:
        return None
    spec = found.group(1).strip()
    if spec.isdigit():
        return int(spec)
    count = 0
    for item in spec.replace(";", ",").split(","):
        multiplied = re.match(r"\s*(\d+)\*", item)
        count += int(multiplied.group(1)) if multiplied else 1
    return count or None


def _trailing_spec(text: str) -> str:
    """The specifier that ends a cell's text and belongs to the next cell (`a 2+` -> `2+`), else ""."""
    last = text.rsplit(" ", 1)[-1] if " " in text.strip() and not text[-1:].isspace() else ""
    return last if last and _ADOC_SPEC.fullmatch(last) else ""


def _without_spec(text: str) -> str:
    spec = _trailing_spec(text)
    return text[:len(text.rstrip()) - len(spec)] if spec else text


def _adoc_rows(lines: list[str], start: int, cols: int | None) -> list[Row]:
    cells: list[tuple[int, str]] = []  # (line, text) of each cell in order
    first_line_cells = 0
    for index in range(start, len(lines)):
        line = lines[index].strip()
        if line == _ADOC_START:
            break
        if line.startswith("//"):
            continue
        parts = re.split(r"(?<!\\)\|", line)
        head, rest = parts[0].strip(), parts[1:]
        if head and (not rest or not _ADOC_SPEC.fullmatch(head)) and cells:
            cells[-1] = (cells[-1][0], f"{cells[-1][1]} {head}".strip())
        for at, (spec, part) in enumerate(zip([head, *(_trailing_spec(text) for text in rest[:-1])], rest)):
            cells.append((index, (part if at == len(rest) - 1 else _without_spec(part)).strip()))
            spanned = re.match(r"(\d+)\+", spec)
            cells.extend((index, "") for _ in range(int(spanned.group(1)) - 1 if spanned else 0))  # `2+|`: two columns
        if rest and not first_line_cells:
            first_line_cells = len(rest)
    width = cols or first_line_cells
    if width < 1:
        return []
    return [(cells[at][0], [" ".join(text.split()) for _, text in cells[at:at + width]]) for at in range(0, len(cells), width)]
