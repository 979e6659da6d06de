"""The shared rule blocks of the queries are written once (provgraph/cypher/rules/) and expanded when a query loads."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from provgraph import cypher
from provgraph.cypher import QUERY_DIR, RULES_DIR
from provgraph.cypher.include import IncludeError, expand, fragment, sources

ORACLE_DIR = Path(__file__).resolve().parents[1] / "stored_status" / "queries"  # the set-wise verify oracle's queries


def test_no_shipped_query_carries_a_stamped_copy_of_a_rule() -> None:
    for path in [*QUERY_DIR.glob("*.cypher"), *RULES_DIR.glob("*.cypher")]:
        assert "// BEGIN " not in path.read_text(encoding="utf-8"), path.name


def test_every_query_loads_with_its_includes_expanded() -> None:
    for query in cypher.all_queries():
        assert "// INCLUDE " not in query.text and "/*INCLUDE" not in query.text, query.name
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


def test_every_hand_copy_of_an_expression_rule_is_a_use_of_its_fragment() -> None:
    """Edge visibility at $t, scope coverage, the fresh stored status, the reasons of rules 10-12, the snapshot current
    at $t and the snapshots an evidence item cites, and the suspect pair's time and text tests are written only in
    their fragments (the test oracle's own queries included)."""
    copies = {
        "edge-visible": re.compile(r"valid_from IS NULL OR \w+\.valid_from <= \$t"),
        "scope-covers": re.compile(r"= '' OR [\w.]+ = q OR q STARTS WITH"),
        "stored-fresh": re.compile(r"status_computed_at <= \$t"),
        "suspect-time": re.compile(r"asserted_at, \w+\.last_cited_at"),
        "suspect-texts-may-pair": re.compile(r"search_terms <> \w+\.search_terms"),
        "shared-terms": re.compile(r"WHERE term IN \w+\.search_terms"),
        "snapshot-current": re.compile(r"revised_at <= \$t AND \(\w+\.until IS NULL"),
        "cited-snapshots": re.compile(r"reduce\(latest = null, cite IN"),
    }
    assert (ORACLE_DIR / "verify_evidence.cypher").is_file()
    places = {**{path.name: path.read_text(encoding="utf-8") for path in [*QUERY_DIR.glob("*.cypher"), *ORACLE_DIR.glob("*.cypher")]},
              **sources(RULES_DIR)}  # each fragment by name, the one-line ones of rules/predicates.cypher each apart
    for place, text in places.items():
        for name, copy in copies.items():
            if place != name:
                assert not copy.search(text), f"{place} restates fragment {name}: use /*INCLUDE {name}(...)*/"
    assert "/*INCLUDE edge-visible(between)*/" in sources(RULES_DIR)["revision-linked"]
    assert "/*edge-visible(between)*/ ((between.valid_from IS NULL" in cypher.load("rivals").text


def test_the_reasons_past_rule_9_are_the_last_of_reasons_in_cypher_and_in_the_status_pass() -> None:
    """verify_requests' reasons past rule 9 and the write-time pass's set (derived from REASONS) name the same reasons."""
    from provgraph.engine.status import REASONS
    from provgraph.engine.stored_status import _READS_PAST_RULE_9

    listed = re.findall(r"'(\w+)'", re.search(r"WHEN r\.reason IN \[([^\]]*)\] THEN \['ACTIVE'",
                                               cypher.load("verify_requests").text).group(1))
    assert listed == list(REASONS)[-len(listed):] == ["EXPLICIT_CONFLICT", "RIVAL_CLAIM", "PREMISE_NOT_CURRENT", "CURRENT"]
    assert _READS_PAST_RULE_9 == set(listed)


def _fragments(tmp_path, **files: str):
    for name, text in files.items():
        (tmp_path / f"{name.replace('_', '-')}.cypher").write_text(text, encoding="utf-8")
    return tmp_path


def test_an_inline_use_expands_to_the_expression_in_parentheses_with_its_arguments(tmp_path) -> None:
    rules = _fragments(tmp_path, visible="// the window\n// arguments: edge\n(edge.from IS NULL OR edge.from <= $t)\n"
                                         "  AND (edge.to IS NULL OR edge.to > $t)\n")
    assert expand("MATCH ()-[r]-()\nWHERE NOT /*INCLUDE visible(r)*/ OR r.kept\nRETURN r\n", rules) == (
        "MATCH ()-[r]-()\n"
        "WHERE NOT /*visible(r)*/ ((r.from IS NULL OR r.from <= $t) AND (r.to IS NULL OR r.to > $t)) OR r.kept\n"
        "RETURN r\n")


def test_an_argument_replaces_only_the_variable_of_its_name(tmp_path) -> None:
    rules = _fragments(tmp_path, covers="// arguments: scope, q\n"
                                        "coalesce(scope, '') = '' OR scope = q OR q STARTS WITH scope + '/' "
                                        "OR x.scope = 'scope' OR $scope = q // q\n")
    with pytest.raises(IncludeError, match="no `//` comment"):
        expand("RETURN /*INCLUDE covers(rev.scope, $q)*/ AS covered\n", rules)
    rules = _fragments(tmp_path, covers="// arguments: scope, q\n"
                                        "coalesce(scope, '') = '' OR q STARTS WITH scope + '/' "
                                        "OR x.scope = 'scope' OR $scope = q OR (q:Scope) OR `q` = /* q */ q\n")
    assert expand("RETURN /*INCLUDE covers(rev.scope, $q)*/ AS covered\n", rules) == (
        "RETURN /*covers(rev.scope, $q)*/ (coalesce(rev.scope, '') = '' OR $q STARTS WITH rev.scope + '/' "
        "OR x.scope = 'scope' OR $scope = $q OR ($q:Scope) OR `q` = /* q */ $q) AS covered\n")


def test_a_fragment_passes_its_arguments_on_to_the_fragments_it_uses(tmp_path) -> None:
    rules = _fragments(tmp_path, inner="// arguments: a\na.x > 0\n",
                       outer="// arguments: b, c\n/*INCLUDE inner(b)*/ AND /*INCLUDE inner(c)*/\n",
                       block="// arguments: claim\nWITH claim WHERE /*INCLUDE outer(claim, claim.next)*/\n")
    assert expand("  // INCLUDE block(c) (a note)\n", rules) == (
        "  // BEGIN block(c) (a note)\n"
        "  WITH c WHERE /*outer(c, c.next)*/ (/*inner(c)*/ (c.x > 0) AND /*inner(c.next)*/ (c.next.x > 0))\n"
        "  // END block\n")


def test_a_function_of_one_variable_is_an_argument_passed_on_whole(tmp_path) -> None:
    rules = _fragments(tmp_path, inner="// arguments: a\na.x > 0\n", outer="// arguments: b\n/*INCLUDE inner(b)*/\n")
    assert expand("WHERE all(dep IN deps WHERE /*INCLUDE outer(startNode(dep))*/)\n", rules) == (
        "WHERE all(dep IN deps WHERE /*outer(startNode(dep))*/ (/*inner(startNode(dep))*/ (startNode(dep).x > 0)))\n")
    with pytest.raises(IncludeError, match="is not a variable"):
        expand("RETURN /*INCLUDE inner(f(x.y))*/\n", rules)
    with pytest.raises(IncludeError, match="malformed use"):
        expand("RETURN /*INCLUDE inner(f(g(x)))*/\n", rules)


def test_a_use_with_the_wrong_arguments_or_of_the_wrong_kind_is_an_error_at_load(tmp_path) -> None:
    rules = _fragments(tmp_path, covers="// arguments: scope, q\nscope = q\n", block="WITH 1 AS one\n")
    for use, error in [("RETURN /*INCLUDE covers(s)*/\n", r"takes 2 argument\(s\) \(scope, q\), given 1"),
                       ("RETURN /*INCLUDE covers*/\n", "given 0"),
                       ("RETURN /*INCLUDE covers(s, q, r)*/\n", "given 3"),
                       ("RETURN /*INCLUDE covers(s, 'q')*/\n", "argument \"'q'\" is not a variable"),
                       ("RETURN /*INCLUDE covers(s, a + b)*/\n", "is not a variable"),
                       ("RETURN /*INCLUDE nope(s)*/\n", "no rule fragment nope"),
                       ("RETURN /* INCLUDE covers(s, q) */\n", "malformed use"),
                       ("RETURN /*INCLUDE block*/\n", "block .* use it on a line"),
                       ("// INCLUDE covers(s, q)\n", "an expression: use it inline"),
                       ("// INCLUDE block(s)\n", r"takes 0 argument\(s\)")]:
        with pytest.raises(IncludeError, match=error):
            expand(use, rules, "query.cypher")
    with pytest.raises(IncludeError, match="query.cypher: line 2: "):
        expand("MATCH (s)\nRETURN /*INCLUDE covers(s)*/\n", rules, "query.cypher")
    _fragments(tmp_path, loop="// arguments: a\n/*INCLUDE loop(a)*/\n")
    with pytest.raises(IncludeError, match="includes itself: loop -> loop"):
        expand("RETURN /*INCLUDE loop(x)*/\n", rules)


def test_a_use_in_a_comment_line_is_left_as_written(tmp_path) -> None:
    text = "// description: uses /*INCLUDE nope(x)*/ as a rule\nRETURN 1\n"
    assert expand(text, _fragments(tmp_path)) == text
