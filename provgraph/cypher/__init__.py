"""Named Cypher queries, one `.cypher` file each, loaded by name.

Each file starts with a comment header:

    // name: rivals
    // description: what it returns (one or more lines)
    // param t: the as-of time (DateTime)
    // param q: the question scope
    // mode: write       (only on the pipeline's statements that change the graph)
    // plan: kept        (the server keeps its first plan: KEEP_PLAN below)

A rule several queries share is written once, in `rules/<name>.cypher`, and a query holds an
`// INCLUDE <name>` line where it goes; loading expands it (`provgraph/cypher/include.py`).
The loaded text runs unchanged in cypher-shell (after `:param t => datetime()` and so on):
`provgraph query NAME --print` shows it (`shell_text`). Queries run by name at the `Graph` boundary
(`graph.read("status", params)`): it loads the file, checks the parameters against its header and sends
the wire text (`NamedQuery.wire`: without its comment lines). Nothing outside provgraph/graph/ handles query text.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from string import Template
from typing import Any, Mapping, Sequence

from provgraph.base.errors import UsageError
from provgraph.cypher.include import expand

QUERY_DIR = Path(__file__).resolve().parent
RULES_DIR = QUERY_DIR / "rules"
FORMS_DIR = QUERY_DIR / "forms"
_PARAM = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")
_HEADER = re.compile(r"^//\s*(name|description|param|mode|plan)\s*:?\s*(.*)$")


@dataclass(frozen=True)
class NamedQuery:
    name: str
    description: str
    params: dict[str, str] = field(default_factory=dict)  # name -> what it means
    text: str = ""
    path: Path | None = None
    mode: str = "read"  # "write" for the pipeline's statements
    wire: str = ""  # what the server is sent (`wire`), with KEEP_PLAN first when the header says `// plan: kept`

    def check(self, given: Mapping[str, Any]) -> None:
        """Refuse parameters the header does not declare, and declared ones not given."""
        unknown = sorted(set(given) - set(self.params))
        if unknown:
            declared = ", ".join("$" + p for p in self.params) or "none"
            raise UsageError(f"query {self.name} has no parameter(s) {', '.join('$' + u for u in unknown)} "
                             f"(it takes: {declared})")
        missing = sorted(set(self.params) - set(given))
        if missing:
            raise UsageError(f"query {self.name} needs parameter(s): {', '.join('$' + m for m in missing)}")


def parse(path: Path) -> NamedQuery:
    """The named query in file `path`, its `// INCLUDE` lines expanded from RULES_DIR."""
    text = expand(path.read_text(encoding="utf-8"), RULES_DIR, path.name)
    name, description, params, mode, kept = path.stem, "", {}, "read", False
    for line in text.splitlines():
        if not line.startswith("//"):
            if line.strip():
                break
            continue
        match = _HEADER.match(line)
        if not match:
            continue
        key, rest = match.groups()
        if key == "name":
            name = rest.strip()
        elif key == "mode":
            mode = rest.strip()
        elif key == "plan":
            kept = rest.strip() == "kept"
        elif key == "description":
            description = (description + " " + rest.strip()).strip()
        else:
            pname, _, meaning = rest.partition(":")
            params[pname.strip().lstrip("$")] = meaning.strip()
    body_params = set(_PARAM.findall(_strip_comments(text)))
    undeclared = body_params - set(params)
    if undeclared:
        raise RuntimeError(f"{path.name}: parameters used but not declared in the header: {sorted(undeclared)}")
    return NamedQuery(name=name, description=description, params=params, text=text, path=path, mode=mode,
                      wire=wire((KEEP_PLAN if kept else "") + text))


def _strip_comments(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))


# The graph grows while an ingest runs, so after each batch Neo4j finds its statistics have
# diverged and re-plans the next statement; planning the larger write statements costs
# seconds each (bench/HISTORY.md: over half of ingest time on an 8k-claim corpus). The
# statements marked `// plan: kept` are anchored on unique-key seeks (with index hints where the
# planner could choose otherwise), so their plans do not depend on statistics: keep the first.
KEEP_PLAN = "CYPHER replan=skip\n"


@lru_cache(maxsize=None)
def load(name: str) -> NamedQuery:
    """The query in `<name>.cypher`; raises UsageError for an unknown name."""
    path = QUERY_DIR / f"{name}.cypher"
    if not re.fullmatch(r"[A-Za-z0-9_\-]+", name) or not path.is_file():
        raise UsageError(f"no named query {name!r}; see `provgraph query --list`")
    return parse(path)


@lru_cache(maxsize=1024)
def wire(text: str) -> str:
    """What is sent to the server for `text`: a named query (its first line, after an optional `CYPHER ...` prefix,
    is `// name:`) without its other comment lines and its indentation, which the server reads on every call (~0.9 ms
    for verify_requests' 20 KB of header, notes and BEGIN/END lines); any other text unchanged. The name line stays, so
    the server's query log and bench/scale/profiling.py still name the statement. No named query has a string that spans
    lines (tests/explore/test_named_queries.py), so no line of a string is dropped or changed."""
    first, _, rest = text.partition("\n")
    if not (first.startswith("// name:") or (first.startswith("CYPHER ") and rest.startswith("// name:"))):
        return text
    lines = [line.strip() for line in text.splitlines()]
    name = next(line for line in lines if line.startswith("// name:"))
    return "\n".join(line for line in lines if line == name or (line and not line.startswith("//")))


def _options(text: str) -> tuple[str, str]:
    """(the `CYPHER ...` options line with its newline, or '', the rest of `text`)."""
    if text.startswith("CYPHER "):
        first, _, rest = text.partition("\n")
        return first + "\n", rest
    return "", text


def explained(text: str) -> str:
    """`text` as an EXPLAIN: the server plans it and names its columns without running it."""
    options, body = _options(text)
    return options + "EXPLAIN " + body


def collected(text: str, columns: Sequence[str]) -> str:
    """`text` (a read returning `columns`) as one row whose one column, `rows`, is the list of its rows as maps: a
    driver record costs Python 15-50 us besides its values, a map inside one record a few (bench/HISTORY.md "Ingest
    write-time pass (issue 41)")."""
    options, body = _options(text)
    names = ", ".join(f"`{quoted}`: `{quoted}`" for quoted in (name.replace("`", "``") for name in columns))
    return options + _form("collected").substitute(query=body.rstrip().rstrip(";"), columns=names)


@lru_cache(maxsize=None)
def _form(name: str) -> Template:
    """`forms/<name>.cypher` without its comment lines: a form the loader fills in (string.Template)."""
    return Template(_strip_comments((FORMS_DIR / f"{name}.cypher").read_text(encoding="utf-8")))


def header(name: str) -> NamedQuery:
    """Query `name` for the tools that describe or check a query (`provgraph query`): read its name, description,
    params and mode; its text is sent only by the `Graph` boundary (provgraph/graph/connection.py)."""
    return load(name)


def shell_text(name: str) -> str:
    """The text of query `name` as cypher-shell and the Browser run it (`provgraph query NAME --print`)."""
    return load(name).text


def all_queries() -> list[NamedQuery]:
    return [load(path.stem) for path in sorted(QUERY_DIR.glob("*.cypher"))]
