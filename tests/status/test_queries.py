"""The named queries other pieces build on: revision_closure, premise_closure, rivals, revision_cycles."""
from __future__ import annotations

import re

from profiling import T
from status_helpers import revision_cycle_with_a_tail

from provgraph import cypher


def _base_blocks(name: str) -> list[str]:
    text = cypher.load(name).text
    blocks = re.findall(r"// BEGIN base-rules.*?// END base-rules", text, re.S)
    return ["\n".join(line.strip() for line in block.splitlines()) for block in blocks]


def test_rules_1_to_9_are_the_same_text_in_every_query_that_has_them():
    blocks = _base_blocks("status") + _base_blocks("rivals")
    assert len(blocks) == 5
    assert len(set(blocks)) == 1


def test_every_status_query_declares_its_parameters():
    for name in ("status", "rivals", "revision_closure", "premise_closure", "revision_cycles", "lineage"):
        query = cypher.load(name)
        assert query.description and query.params


def test_revision_closure_includes_intermediate_successors_and_marks_heads(graph, g):
    for uid in ("a", "b", "c", "d"):
        g.claim(uid, scope="org", at="2025-01-01")
    g.supersedes("b", "a", at="2025-01-02")
    g.corrects("c", "b", at="2025-01-03")
    g.invalidates("d", "b", at="2025-01-03", scope="org/eu")
    rows = graph.read("revision_closure", {"claims": ["a"], "q": None, "t": T})
    assert [(r["successor"], r["direct"], r["head"]) for r in rows] == [("b", True, False), ("c", False, True)]
    rows = graph.read("revision_closure", {"claims": ["a"], "q": "org/eu", "t": T})
    assert [(r["successor"], r["head"]) for r in rows] == [("b", False), ("c", True), ("d", True)]
    rows = graph.read("revision_closure", {"claims": ["a"], "q": None, "t": g_time("2025-01-02T12:00:00Z")})
    assert [(r["successor"], r["head"]) for r in rows] == [("b", True)]


def test_premise_closure_is_transitive_and_time_bound(graph, g):
    for uid in ("top", "mid", "low"):
        g.claim(uid, at="2025-01-01")
    g.depends_on("top", "mid", at="2025-01-01")
    g.depends_on("mid", "low", at="2025-01-01", until="2025-06-01")
    rows = graph.read("premise_closure", {"claims": ["top"], "t": g_time("2025-03-01")})
    assert [(r["premise"], r["direct"]) for r in rows] == [("low", False), ("mid", True)]
    rows = graph.read("premise_closure", {"claims": ["top"], "t": T})
    assert [r["premise"] for r in rows] == ["mid"]


def test_rivals_reports_each_rival_with_its_rules_1_to_9_status(graph, g):
    g.claim("a", subject="k", value="1", scope="org", at="2025-01-01")
    g.claim("b", subject="k", value="2", scope="org", at="2025-01-01")
    g.claim("c", subject="k", value="3", scope="org", at="2025-01-01", declared="proposed")
    g.claim("d", subject="k", value="1", scope="org", at="2025-01-01")  # same value: no rival
    g.claim("e", subject="other", value="9", scope="org", at="2025-01-01")
    g.claim("f", at="2025-01-01")
    g.conflicts("f", "a", at="2025-01-01")
    rows = graph.read("rivals", {"claims": ["a"], "q": None, "t": T, "subject": None, "active": False})
    assert [(r["rival"], r["kind"], r["rival_status"], r["rival_reason"]) for r in rows] == [
        ("b", "RIVAL_CLAIM", "ACTIVE", "CURRENT"),
        ("c", "RIVAL_CLAIM", "UNKNOWN", "PROPOSED"),
        ("f", "EXPLICIT_CONFLICT", "ACTIVE", "CURRENT"),
    ]
    rows = graph.read("rivals", {"claims": ["e"], "q": None, "t": T, "subject": "k", "active": False})
    # with the question's subject given, claims on that subject with another value count too (verify's rule 3b)
    assert {r["rival"] for r in rows} == {"a", "b", "c", "d"}
    rows = graph.read("rivals", {"claims": ["f"], "q": None, "t": T, "subject": None, "active": False})
    assert [(r["rival"], r["kind"]) for r in rows] == [("a", "EXPLICIT_CONFLICT")]


def test_revision_cycles_lists_the_cycle_members(graph, g):
    revision_cycle_with_a_tail(g)
    rows = graph.read("revision_cycles", {"claims": None, "q": None, "t": T})
    assert [(r["claim"], r["cycle"]) for r in rows] == [(u, ["a", "b", "c"]) for u in "abc"]


def g_time(text: str):
    from provgraph.base.times import parse_time

    return parse_time(text)


def test_iter_status_streams_the_same_rows_as_status(graph, g):
    from provgraph.engine.status import iter_status, status

    g.claim("a", subject="k", value="1", at="2025-01-01")
    g.claim("b", subject="k", value="2", at="2025-01-01")
    g.claim("c", at="2025-01-01", declared="draft")
    streamed = iter_status(graph, at=T)
    assert next(streamed).claim == "a"  # rows arrive one at a time
    assert [r.to_dict() for r in iter_status(graph, at=T)] == [r.to_dict() for r in status(graph, at=T)]
