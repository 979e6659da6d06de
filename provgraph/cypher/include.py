"""Rule fragments written once: a query's `// INCLUDE name` line is replaced by `rules/<name>.cypher` when it loads.

A rule used by several queries is written once, in `cypher/rules/<name>.cypher`. A query (or another fragment)
that uses it holds one line

    // INCLUDE <name> (anything after the name is a note)

and the loader (`provgraph.cypher.load`) puts the fragment there, at the line's indentation, between two marker
lines, so the text that runs (and `provgraph query NAME --print` shows, for cypher-shell or the Browser) says
where each block comes from:

    // BEGIN <name> (the note)
    ...the fragment...
    // END <name>

A fragment may include others; they are expanded first. A fragment that includes itself, or an unknown name,
is an error when the query loads (the test suite loads every query).
"""
from __future__ import annotations

import re
from pathlib import Path

_INCLUDE = re.compile(r"^(?P<indent>[ ]*)// INCLUDE (?P<name>[a-z0-9\-]+)\b(?P<note>.*)$")


class IncludeError(Exception):
    pass


def fragment(rules: Path, name: str, _seen: tuple[str, ...] = ()) -> str:
    """The fragment `name` of folder `rules`, its own includes expanded, lines ending in newlines, not indented."""
    if name in _seen:
        raise IncludeError(f"rule fragment {name} includes itself: {' -> '.join(_seen + (name,))}")
    path = rules / f"{name}.cypher"
    if not path.is_file():
        raise IncludeError(f"no rule fragment {name} ({path})")
    return expand(path.read_text(encoding="utf-8"), rules, path.name, _seen + (name,))


def expand(text: str, rules: Path, where: str = "<text>", _seen: tuple[str, ...] = ()) -> str:
    """`text` with every `// INCLUDE name` line replaced by the fragment, at the line's indentation, between
    `// BEGIN name` and `// END name` lines."""
    out: list[str] = []
    for number, line in enumerate(text.splitlines(keepends=True), 1):
        match = _INCLUDE.match(line.rstrip("\n"))
        if not match:
            out.append(line)
            continue
        indent, name, note = match.group("indent"), match.group("name"), match.group("note")
        try:
            body = fragment(rules, name, _seen)
        except IncludeError as error:
            raise IncludeError(f"{where}: line {number}: {error}") from None
        out.append(f"{indent}// BEGIN {name}{note}\n")
        out.extend(indent + body_line if body_line.strip() else body_line for body_line in body.splitlines(keepends=True))
        out.append(f"{indent}// END {name}\n")
    return "".join(out)


__all__ = ["IncludeError", "expand", "fragment"]
