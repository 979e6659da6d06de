"""Fill the shared rule blocks of the shipped `.cypher` files from their one source.

A rule used by several queries is written once, in `cypher/rules/<name>.cypher`. Each
query that uses it carries the block between two marker lines,

    // BEGIN <name> (anything after the name is a note)
    ...the fragment, indented as the BEGIN line...
    // END <name>

so the shipped file still runs unchanged in cypher-shell. `python -m provgraph.cypher.build`
rewrites every block from its fragment; `--check` changes nothing and exits 1 naming each
file that is out of date (the test suite runs the check). A fragment may itself hold
blocks of other fragments; they are filled first.
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from provgraph.cypher import QUERY_DIR

RULES_DIR = QUERY_DIR / "rules"
_BEGIN = re.compile(r"^(?P<indent>[ ]*)// BEGIN (?P<name>[a-z0-9\-]+)\b.*$")


class BuildError(Exception):
    pass


def fragment(name: str, _seen: tuple[str, ...] = ()) -> str:
    """The fragment `name` with its own blocks filled, lines ending in newlines, not indented."""
    if name in _seen:
        raise BuildError(f"rule fragment {name} includes itself: {' -> '.join(_seen + (name,))}")
    path = RULES_DIR / f"{name}.cypher"
    if not path.is_file():
        raise BuildError(f"no rule fragment {path.relative_to(QUERY_DIR.parent.parent)}")
    return fill(path.read_text(encoding="utf-8"), str(path.name), _seen + (name,))


def fill(text: str, where: str = "<text>", _seen: tuple[str, ...] = ()) -> str:
    """`text` with every BEGIN/END block replaced by its fragment, at the BEGIN line's indentation."""
    lines = text.splitlines(keepends=True)
    out: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        match = _BEGIN.match(line.rstrip("\n"))
        if not match:
            out.append(line)
            index += 1
            continue
        indent, name = match.group("indent"), match.group("name")
        end = f"{indent}// END {name}"
        close = next((j for j in range(index + 1, len(lines)) if lines[j].rstrip("\n") == end), None)
        if close is None:
            raise BuildError(f"{where}: line {index + 1}: `// BEGIN {name}` has no `{end.strip()}` at the same indentation")
        out.append(line)
        for body_line in fragment(name, _seen).splitlines(keepends=True):
            out.append(indent + body_line if body_line.strip() else body_line)
        out.append(lines[close])
        index = close + 1
    return "".join(out)


def shipped() -> list[Path]:
    return sorted(QUERY_DIR.glob("*.cypher"))


def out_of_date() -> list[Path]:
    """Shipped query files whose rule blocks differ from their fragments."""
    return [path for path in shipped() if fill(path.read_text(encoding="utf-8"), path.name) != path.read_text(encoding="utf-8")]


def build() -> list[Path]:
    """Rewrite every out-of-date shipped file; returns the files written."""
    written = []
    for path in out_of_date():
        path.write_text(fill(path.read_text(encoding="utf-8"), path.name), encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m provgraph.cypher.build",
                                     description="Fill the shared rule blocks of provgraph/cypher/*.cypher from provgraph/cypher/rules/.")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a shipped file is out of date")
    args = parser.parse_args(argv)
    try:
        if args.check:
            stale = out_of_date()
            for path in stale:
                print(f"{path.name} is out of date with provgraph/cypher/rules/; run python -m provgraph.cypher.build", file=sys.stderr)
            return 1 if stale else 0
        for path in build():
            print(f"wrote {path.name}")
        return 0
    except BuildError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
