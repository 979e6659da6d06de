"""The shared rule blocks of the queries are written once (provgraph/cypher/rules/) and expanded when a query loads."""
from __future__ import annotations

import re

import pytest

from provgraph import cypher
from provgraph.cypher import QUERY_DIR, RULES_DIR
from provgraph.cypher.include import IncludeError, expand, fragment


def test_no_shipped_query_carries_a_stamped_copy_of_a_rule() -> None:
    for path in [*QUERY_DIR.glob("*.cypher"), *RULES_DIR.glob("*.cypher")]:
        assert "// BEGIN " not in path.read_text(encoding="utf-8"), path.name


def test_every_query_loads_with_its_includes_expanded() -> None:
    for query in cypher.all_queries():
        assert "// INCLUDE " not in query.text, query.name
    assert cypher.load("status").text.count("// BEGIN base-rules") == 3


def test_every_base_rules_block_is_the_fragment_at_its_indentation() -> None:
    body = fragment(RULES_DIR, "base-rules")
    blocks = 0
    for name in ("status", "rivals"):
        text = cypher.load(name).text
        for match in re.finditer(r"^( *)// BEGIN base-rules[^\n]*\n(.*?)^\1// END base-rules$", text, re.S | re.M):
            indent = match.group(1)
            assert "".join(line[len(indent):] if line.strip() else line
                           for line in match.group(2).splitlines(keepends=True)) == body
            blocks += 1
    assert blocks == 5


def test_an_edited_fragment_changes_every_query_that_includes_it(tmp_path) -> None:
    (tmp_path / "rule.cypher").write_text("WITH 1 AS one\n// INCLUDE inner (nested)\n", encoding="utf-8")
    (tmp_path / "inner.cypher").write_text("RETURN one\n", encoding="utf-8")
    assert expand("CALL () {\n  // INCLUDE rule\n}\n", tmp_path) == (
        "CALL () {\n  // BEGIN rule\n  WITH 1 AS one\n  // BEGIN inner (nested)\n  RETURN one\n  // END inner\n"
        "  // END rule\n}\n")


def test_an_unknown_or_self_including_fragment_is_an_error(tmp_path) -> None:
    with pytest.raises(IncludeError, match="no rule fragment nope"):
        expand("// INCLUDE nope\n", tmp_path)
    (tmp_path / "loop.cypher").write_text("// INCLUDE loop\n", encoding="utf-8")
    with pytest.raises(IncludeError, match="includes itself"):
        expand("// INCLUDE loop\n", tmp_path)
