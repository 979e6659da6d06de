"""Text taken from claims reaches the Lucene query escaped: no claim text can break or widen a lookup."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from lucene_oracle import field_boosts, lucene_query
from suspects_helpers import CACHE_1, CACHE_2, OTHERS, ingest_log, pairs, run

from provgraph import cypher
from provgraph.engine.suspects import kept_complete, suspects
from provgraph.graph import fulltext
from provgraph.graph.connection import Graph

INJECTIONS = [
    '") OR *:* OR ("', "*:*", "search_text:* OR search_title:*", 'title:"unclosed', "a AND OR NOT b",
    "field:value^999~2", "/regex.*/", "[a TO z] {a TO z}", "&& || ! ( ) { } [ ] ^ \" ~ * ? : \\ /", "\\", "\\\\\\",
    "+required -excluded", "x\u0000y \u202e \U0001F600", "AND", "NOT", "OR OR OR", "a~0.5 b^ c:", "'; DROP INDEX claim_search //",
    "search_scope:0 search_scope_under:0", "(((((((((((", ")))))))))", "\"\"\"\"",
]


@pytest.mark.parametrize("text", INJECTIONS)
def test_escape_leaves_no_lucene_syntax(text: str) -> None:
    escaped = fulltext.escape(text)
    for index, char in enumerate(escaped):
        if char in fulltext.LUCENE_SPECIAL:
            # every special character is preceded by an odd run of backslashes, i.e. is itself escaped
            run_length = len(escaped[:index]) - len(escaped[:index].rstrip("\\"))
            assert run_length % 2 == 1 or char == "\\", (text, escaped)
    assert not {"AND", "OR", "NOT", "TO"} & set(escaped.split(" "))


def test_every_escaped_injection_string_parses_as_a_lucene_query(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [CACHE_1])
    for text in INJECTIONS:
        query = f"search_text:({fulltext.escape(text)})"
        # raises (exit 2 in the CLI) if the query does not parse
        graph.read("CALL db.index.fulltext.queryNodes('claim_search', $q) YIELD node RETURN count(node) AS n", {"q": query})


def test_claims_full_of_injection_strings_neither_break_nor_widen_suspects(graph: Graph, tmp_path: Path) -> None:
    hostile = [{"ts": f"2025-0{1 + n % 9}-15T09:0{n % 10}:00Z", "id": f"evil-{n}", "scope": "org/acme/payments",
                "subject": text if n % 2 else None, "value": text if n % 3 == 0 else None, "msg": text + " " + text}
               for n, text in enumerate(INJECTIONS)]
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, CACHE_2, *hostile])
    stored = graph.read("MATCH (c:Claim) WHERE c.uid STARTS WITH 'evil-' RETURN count(c.search_terms) AS n")[0]["n"]
    assert stored == len(INJECTIONS)
    found = suspects(graph)  # one lookup per claim, hostile ones included, and no error
    assert ("cache-1", "cache-2") in pairs(found)
    # `*:*` and friends did not turn into match-everything: no hostile claim pairs with the cache decisions
    assert not [p for p in pairs(found) if any(uid.startswith("evil-") for uid in p) and any(uid.startswith("cache") for uid in p)]
    result = run("suspects", "--format", "json")
    assert result.exit_code == 0 and "Traceback" not in result.output


def test_injection_strings_in_cli_options_are_values(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, CACHE_2])
    for text in INJECTIONS[:8]:
        result = run("suspects", "--scope", text)
        assert result.exit_code == 0 and "Traceback" not in result.output, (text, result.output)
        result = run("suspects", "--store", text)  # a value, never syntax: no store has that name
        assert result.exit_code == 2 and "no such store" in result.output and "Traceback" not in result.output, (text, result.output)
        result = run("adjudicate", "--distinct", text, "cache-1")
        assert result.exit_code == 2 and "Traceback" not in result.output
    assert pairs(suspects(graph)) == [("cache-1", "cache-2")]
    assert graph.read("SHOW INDEXES YIELD name WHERE name = 'claim_search' RETURN count(*) AS n")[0]["n"] == 1


def test_an_older_graph_gets_its_fulltext_fields_from_init(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, CACHE_2])
    # what a provgraph of schema 2 left: no full-text fields, no kept lookups or pairs
    graph.write("MATCH (c:Claim) REMOVE c.search_version, c.search_words, c.search_stems, c.search_terms, c.search_text, "
                "c.suspect_hits, c.suspect_ratios, c.suspects_at")
    graph.write("MATCH (:Claim)-[kept:MAY_REVISE]->(:Claim) DELETE kept")
    graph.write("MATCH (s:ProvgraphSchema) SET s.version = 2")
    assert suspects(graph) == []
    assert run("init").exit_code == 0
    assert pairs(suspects(graph)) == [("cache-1", "cache-2")]
    assert kept_complete(lambda name, values: graph.read(cypher.load(name).text, values))  # read from the kept pairs
    assert fulltext.backfill(graph) == 0  # nothing left to fill


def test_the_index_covers_exactly_the_fields_ingest_writes() -> None:
    from provgraph import cypher

    text = cypher.load("fulltext_index").text
    named = set(re.findall(r"c\.(search_\w+)", text))
    assert named == set(fulltext.FIELDS + fulltext.SCOPE_FIELDS)
    from provgraph.graph.models import FULLTEXT_INDEXES

    assert FULLTEXT_INDEXES[fulltext.INDEX_NAME] == ("Claim", fulltext.FIELDS + fulltext.SCOPE_FIELDS)
    assert f"INDEX {fulltext.INDEX_NAME} " in text


def test_the_fragment_boosts_each_field_once_the_label_fields_above_the_text() -> None:
    boosts = field_boosts()  # the oracle's boosts, read from rules/suspect-query.cypher
    assert tuple(boosts) == fulltext.FIELDS
    assert min(boosts["search_title"], boosts["search_subject"], boosts["search_value"]) > boosts["search_text"]


BUILT_QUERY = """
MATCH (claim:Claim {uid: $uid})
// INCLUDE suspect-query
RETURN query
"""
QUERY_CLAIMS = {  # uid: (title, subject, value, text, scope)
    "q-scoped": ("3. Session cache", "payments.session-cache", "memcached", CACHE_2["msg"], "org/acme/payments"),
    "q-hostile": (INJECTIONS[0], INJECTIONS[2], "AND OR", INJECTIONS[8] + " session cache", "org/acme/payments/cards"),
    "q-global": (None, None, None, "Session cache keys are hashed with SHA-256", None),
}


@pytest.mark.parametrize("common", [[], ["session", "cache", "minute"], ["15", "cach", "expiry", "memcach", "minute",
                                                                         "move", "payment", "redi", "service", "session",
                                                                         "stay", "memcached", "cache"]])
def test_a_lookup_builds_the_query_the_oracle_writes_less_the_common_words(graph: Graph, common: list[str]) -> None:
    from provgraph.cypher import RULES_DIR
    from provgraph.cypher.include import expand

    for uid, fields in QUERY_CLAIMS.items():
        graph.write("CREATE (c:Claim {uid: $uid}) SET c += $search", {"uid": uid, "search": fulltext.search_fields(*fields)})
    query = expand(BUILT_QUERY, RULES_DIR, "test")
    for uid, (title, subject, value, text, scope) in QUERY_CLAIMS.items():
        built = graph.read(query, {"uid": uid, "common": common})[0]["query"]
        assert built == lucene_query(fulltext.weighted_terms(title, subject, value, text), scope, common), uid
        if not common:
            assert built is not None
        if built is not None:  # and it runs
            graph.read("CALL db.index.fulltext.queryNodes('claim_search', $q) YIELD node RETURN count(node) AS n",
                       {"q": built})
    # every word common: nothing to search for
    every = [fulltext.stem(word) for word, _ in fulltext.weighted_terms(*QUERY_CLAIMS["q-global"][:4])]
    assert graph.read(query, {"uid": "q-global", "common": every})[0]["query"] is None
