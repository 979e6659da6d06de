"""Ad-hoc Cypher and named queries: run them read-only (unless told to write) and shape the rows.

Read-only is enforced by the server, not by inspecting the query text: a read runs in a
READ_ACCESS transaction, and Neo4j refuses any write, schema change or write procedure
inside it (`Neo.ClientError.Statement.AccessMode`); the transaction rolls back and nothing
is written. `write=True` runs the query as an auto-commit transaction in WRITE mode, so
`CALL { ... } IN TRANSACTIONS` works there too.

Values come back JSON-friendly, as `Graph.run` hands them over (provgraph/graph/plain.py): a node
is its properties plus `_labels`, a relationship its properties plus `_type`, `_start` and `_end`,
a path the list of its nodes and relationships in order, temporal values ISO 8601 strings.
"""
from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from provgraph import cypher
from provgraph.base.times import parse_moment
from provgraph.base.errors import QueryError, UsageError, WriteRefused
from provgraph.base.escape import csv_text
from provgraph.cypher import NamedQuery
from provgraph.graph.connection import Graph

WRITE_REFUSED = str(WriteRefused())
LOAD_CSV_REFUSED = ("read-only mode refuses LOAD CSV (it makes the server read a file or fetch a URL); "
                    "importing is a write: re-run with --write")


@dataclass
class QueryResult:
    """Rows of one query: column names in the query's RETURN order, values JSON-friendly."""

    columns: list[str]
    rows: list[list[Any]] = field(default_factory=list)
    counters: dict[str, int] = field(default_factory=dict)  # what a --write query changed

    def records(self) -> list[dict[str, Any]]:
        return [dict(zip(self.columns, row)) for row in self.rows]


# -- parameters -------------------------------------------------------------------------------

def parse_param(text: str) -> tuple[str, Any]:
    """`k=v` -> (k, value). The value is JSON when it parses as JSON, else the raw string.

    So `n=3` is an int, `x=1.5` a float, `ok=true` a bool, `v=null` null, `ids=["a","b"]` a
    list, `m={"k":1}` a map, `name=alice` and `t=2026-01-01T00:00:00Z` strings (quote a
    number to keep it a string: `code="007"`).
    """
    name, sep, raw = text.partition("=")
    name = name.strip().lstrip("$")
    if not sep or not name or not name.replace("_", "a").isalnum() or name[0].isdigit():
        raise UsageError(f"--param wants NAME=VALUE with a Cypher parameter name, got {text!r}")
    try:
        value = json.loads(raw)
    except ValueError:
        return name, raw
    if isinstance(value, float) and not math.isfinite(value):
        return name, raw  # NaN/Infinity are JSON extensions; keep the user's text
    return name, value


def parse_params(items: Iterable[str]) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for item in items:
        name, value = parse_param(item)
        params[name] = value
    return params


# -- running ----------------------------------------------------------------------------------

_LOAD_CSV = re.compile(r"\bLOAD\s+CSV\b", re.IGNORECASE)
# What can hide the words LOAD CSV from a plain search, or fake them: comments, strings, `quoted names`.
_CYPHER_NOISE = re.compile(r"""//[^\n]*|/\*.*?(?:\*/|$)|'(?:[^'\\]|\\.)*(?:'|$)|"(?:[^"\\]|\\.)*(?:"|$)|`[^`]*(?:`|$)""",
                           re.DOTALL)


def loads_csv(query: str) -> bool:
    """Whether the statement has a LOAD CSV clause (outside comments, strings and quoted names)."""
    return bool(_LOAD_CSV.search(_CYPHER_NOISE.sub(" ", query)))


def run_cypher(graph: Graph, query: str, params: Mapping[str, Any] | None = None, *, write: bool = False) -> QueryResult:
    """Run one Cypher statement and return all its rows.

    Read-only unless `write=True`: the server refuses writes in the read transaction and
    this raises `QueryError(WRITE_REFUSED)`. Syntax and other database errors raise a
    `QueryError` with the server's first line. A read-only statement with `LOAD CSV` is
    refused here, before it reaches the server: a read transaction does not stop the server
    from reading a file or fetching a URL for it (`QueryError(LOAD_CSV_REFUSED)`).
    """
    if not query or not query.strip():
        raise UsageError("empty query")
    if not write and loads_csv(query):
        raise QueryError(LOAD_CSV_REFUSED)
    result = graph.run(query, params, write=write)
    return QueryResult(columns=result.columns, rows=result.rows, counters=result.counters)


# -- named queries ----------------------------------------------------------------------------

def list_queries() -> tuple[list[NamedQuery], list[NamedQuery]]:
    """(queries a user runs, the pipeline's internal write statements), each sorted by name."""
    queries = cypher.all_queries()
    return [q for q in queries if q.mode != "write"], [q for q in queries if q.mode == "write"]


def _is_datetime_param(meaning: str) -> bool:
    return "datetime" in meaning.lower().replace(" ", "")


def named_params(query: NamedQuery, given: Mapping[str, Any]) -> dict[str, Any]:
    """Check `given` against the header and convert values for `(DateTime)` parameters.

    A parameter whose header meaning says `DateTime` accepts an ISO 8601 string (naive =
    UTC), epoch milliseconds, or `now`; it is passed to the database as a DateTime.
    Parameters the query does not declare are refused.
    """
    query.check(given)
    params = dict(given)
    for name, meaning in query.params.items():
        value = params.get(name)
        if _is_datetime_param(meaning) and isinstance(value, (str, int)) and not isinstance(value, bool):
            params[name] = parse_moment(value, f"--param {name}")
    return params


def named_query(graph: Graph, name: str, params: Mapping[str, Any] | None = None, *, write: bool = False) -> QueryResult:
    """Run the named `.cypher` file. A `// mode: write` statement is refused unless `write=True`."""
    query = cypher.header(name)
    if query.mode == "write" and not write:
        raise UsageError(f"query {name} is an internal pipeline statement that writes; re-run with --write")
    return run_cypher(graph, name, named_params(query, params or {}), write=write)


# -- rendering --------------------------------------------------------------------------------

def cell_text(value: Any) -> str:
    """One table/CSV cell: strings as is, null as empty, everything else as compact JSON."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def to_json(result: QueryResult, indent: int | None = 2) -> str:
    """A JSON array with one object per row, keyed by column."""
    return json.dumps(result.records(), ensure_ascii=False, indent=indent)


def to_csv(result: QueryResult) -> str:
    """Header line, then one line per row; numbers as numbers, null empty, other values as in a table cell.

    Cells are spreadsheet-safe (provgraph.base.escape): a string that a spreadsheet would run as a
    formula gets a leading `'`. JSON output is exact; CSV is for spreadsheets.
    """
    def cell(value: Any) -> Any:
        if value is None or (isinstance(value, (int, float)) and not isinstance(value, bool)):
            return value
        return cell_text(value)

    return csv_text(result.columns, ([cell(v) for v in row] for row in result.rows))


def to_plain_table(result: QueryResult) -> str:
    """Aligned text columns, for pipes and logs (no box drawing)."""
    header = list(result.columns)
    body = [[cell_text(v).replace("\n", "\\n") for v in row] for row in result.rows]
    widths = [max([len(h)] + [len(row[i]) for row in body]) for i, h in enumerate(header)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(cell.ljust(width) for cell, width in zip(cells, widths)).rstrip()

    lines = [line(header), line(["-" * w for w in widths])] + [line(row) for row in body]
    return "\n".join(lines) + "\n"


__all__ = [
    "QueryResult", "WRITE_REFUSED", "LOAD_CSV_REFUSED", "loads_csv", "parse_param", "parse_params", "run_cypher",
    "list_queries", "named_params", "named_query", "to_json", "to_csv", "to_plain_table", "cell_text",
]
