"""`python -m bench.fragments`: the shape of the rule fragments (provgraph/cypher/rules/, expanded by
provgraph/cypher/include.py), as one JSON object: how many fragments and fragment files, the deepest nesting (a
query's fragment that uses a fragment that uses another is 3), the one-line fragments (one line of code) and how
many files hold them, the single-use ones (one use in all the queries, fragments and the tests' own queries), and
status.cypher's length in lines as written and expanded. The closing notes of issue 42 cite
these; tests/test_architecture.py holds the nesting and the single use to their limits."""
from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from provgraph import cypher
from provgraph.cypher.include import PREDICATES, definitions, sources

RULES = cypher.RULES_DIR
TESTS = Path(__file__).resolve().parents[1] / "tests"
_USE = re.compile(r"(?://\s*|/\*)INCLUDE ([a-z0-9\-]+)")


def _code_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("//")]


@cache
def _texts() -> dict[str, str]:
    return sources(RULES)


@cache
def _depth(name: str) -> int:
    """1 for a fragment that uses none, else one more than the deepest it uses."""
    return 1 + max((_depth(used) for used in set(_USE.findall(_texts()[name]))), default=0)


def shape() -> dict[str, Any]:
    fragments = sorted(_texts())
    uses: dict[str, int] = dict.fromkeys(fragments, 0)
    users: dict[str, set[str]] = {name: set() for name in fragments}
    shared = RULES / PREDICATES
    places = {**{path.name: path.read_text(encoding="utf-8") for path in cypher.QUERY_DIR.glob("*.cypher")},
              **{f"rules/{name}": text for name, text in _texts().items()},
              **{str(path.relative_to(TESTS)): path.read_text(encoding="utf-8")
                 for path in [*TESTS.rglob("*.cypher"), *TESTS.rglob("*.py")]}}
    for place, text in places.items():
        for used in _USE.findall(text):
            if used in uses:
                uses[used] += 1
                users[used].add(place)
    one_line = [name for name in fragments if len(_code_lines(_texts()[name])) == 1]
    predicates = definitions(shared.read_text(encoding="utf-8")) if shared.is_file() else {}
    status_path = cypher.QUERY_DIR / "status.cypher"
    return {
        "fragments": len(fragments),
        "fragment_files": len(list(RULES.glob("*.cypher"))),
        "one_line_files": len({PREDICATES if name in predicates else name for name in one_line}),
        "max_depth": max((_depth(name) for name in fragments), default=0),
        "deepest": sorted(name for name in fragments if _depth(name) == max(map(_depth, fragments))),
        "one_line": len(one_line), "one_line_names": one_line,
        "single_use": sorted(name for name in fragments if uses[name] == 1),
        "one_user": sorted(name for name in fragments if len(users[name]) == 1),
        "unused": sorted(name for name in fragments if not uses[name]),
        "status_lines": len(status_path.read_text(encoding="utf-8").splitlines()),
        "status_expanded_lines": len(cypher.shell_text("status").splitlines()),
    }


if __name__ == "__main__":
    print(json.dumps(shape(), indent=1))
