"""The shared rule blocks of the shipped queries are generated from one source (provgraph/cypher/rules/)."""
from __future__ import annotations

import re

import pytest

from provgraph.cypher import QUERY_DIR, build


def test_shipped_queries_match_their_rule_fragments() -> None:
    stale = [path.name for path in build.out_of_date()]
    assert stale == [], f"run python -m provgraph.cypher.build: {stale}"


def test_build_check_exits_nonzero_when_a_block_was_edited_by_hand(tmp_path, monkeypatch) -> None:
    for path in build.shipped():
        (tmp_path / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "rules").mkdir()
    for path in (QUERY_DIR / "rules").glob("*.cypher"):
        (tmp_path / "rules" / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(build, "QUERY_DIR", tmp_path)
    monkeypatch.setattr(build, "RULES_DIR", tmp_path / "rules")
    assert build.main(["--check"]) == 0
    rivals = tmp_path / "rivals.cypher"
    rivals.write_text(rivals.read_text(encoding="utf-8").replace("['STALE', 'REJECTED']", "['ACTIVE', 'REJECTED']", 1),
                      encoding="utf-8")
    assert build.main(["--check"]) == 1
    assert build.main([]) == 0
    assert build.main(["--check"]) == 0
    assert "['ACTIVE', 'REJECTED']" not in rivals.read_text(encoding="utf-8")


def test_every_base_rules_block_is_the_fragment_at_its_indentation() -> None:
    body = build.fragment("base-rules")
    blocks = 0
    for name in ("status.cypher", "rivals.cypher"):
        text = (QUERY_DIR / name).read_text(encoding="utf-8")
        for match in re.finditer(r"^( *)// BEGIN base-rules[^\n]*\n(.*?)^\1// END base-rules$", text, re.S | re.M):
            indent = match.group(1)
            assert "".join(line[len(indent):] if line.strip() else line
                           for line in match.group(2).splitlines(keepends=True)) == body
            blocks += 1
    assert blocks == 5


def test_a_block_without_its_end_marker_is_an_error() -> None:
    with pytest.raises(build.BuildError, match="has no"):
        build.fill("// BEGIN base-rules\nRETURN 1\n")
