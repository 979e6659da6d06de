"""`verify --evidence ID@sha256:<prefix>` and `ID@<hex>`: the short hash `status` and `lineage` print (12 hex digits)
is taken as git takes one, a unique prefix of at least 12 hex digits of a snapshot citing the claim; an ambiguous
prefix is refused in one line (issue 22)."""
from __future__ import annotations

import json

import pytest
from graphs import GraphBuilder
from verify_helpers import run

from provgraph.base.errors import UsageError
from provgraph.engine.verify import verify, verify_batch
from provgraph.engine.verify.request import Evidence
from provgraph.graph.connection import Graph


def _hashes(graph: Graph, uid: str) -> list[str]:
    return [row["sha"] for row in graph.read("MATCH (:Claim {uid: $uid})-[:CITED_AT]->(s:Snapshot) "
                                             "RETURN s.sha256 AS sha ORDER BY s.revised_at", {"uid": uid})]


@pytest.fixture
def revised(g: GraphBuilder, graph: Graph) -> list[str]:
    """Claim a, read at its first snapshot, then revised: [old hash, current hash]."""
    g.claim("a", subject="x", value="1", at="2025-01-01")
    g.revise("a", at="2025-02-01", value="2")
    return _hashes(graph, "a")


@pytest.mark.parametrize("given, expected", [
    ("a@sha256:2bf0632c9a65", ("a", "2bf0632c9a65")),
    ("a@2BF0632C9A65", ("a", "2bf0632c9a65")),
    ("a@" + "f" * 64, ("a", "f" * 64)),
    ("ops@example.org", ("ops@example.org", None)),  # no hex after the @: an id
    ("a@deadbeef", ("a@deadbeef", None)),  # 8 hex digits: too short to be a hash, so an id
])
def test_evidence_takes_a_hash_of_12_to_64_hex_digits_with_or_without_sha256(given: str, expected: tuple) -> None:
    parsed = Evidence.parse(given)
    assert (parsed.id, parsed.snapshot) == expected


def test_a_prefix_shorter_than_12_hex_digits_after_sha256_is_refused() -> None:
    with pytest.raises(UsageError, match="12 to 64 hex digits"):
        Evidence.parse("a@sha256:2bf0632c9a")


def test_a_unique_prefix_reads_as_the_full_hash_it_starts(revised: list[str], graph: Graph) -> None:
    old, current = revised
    full = verify(graph, [f"a@sha256:{old}"], ["a"])
    for short in (f"a@sha256:{old[:12]}", f"a@{old[:16]}", f"a@{old[:12].upper()}"):
        verdict = verify(graph, [short], ["a"])
        assert verdict.to_dict() == full.to_dict()
        [check] = verdict.evidence
        assert check.given.snapshot == old and check.seen_cites and check.seen_changed
    assert verify(graph, [f"a@{current[:12]}"], ["a"]).supported


def test_the_cli_takes_the_short_hash_status_prints(revised: list[str]) -> None:
    old, current = revised
    status = run("status", "a")
    assert f"@{current[:12]}" in status.stdout
    result = run("verify", "--evidence", f"a@sha256:{current[:12]}", "--candidates", "a")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["evidence"][0]["seen"]["snapshot"].endswith(current)


def test_an_ambiguous_prefix_is_refused_in_one_line(revised: list[str], graph: Graph) -> None:
    old, current = revised
    twin = old[:12] + ("0" if current[12] != "0" else "1") + current[13:]
    graph.write("MATCH (:Claim {uid: 'a'})-[:CITED_AT]->(s:Snapshot {sha256: $current}) SET s.sha256 = $twin",
                {"current": current, "twin": twin})
    result = run("verify", "--evidence", f"a@sha256:{old[:12]}", "--candidates", "a")
    assert result.exit_code == 2
    assert result.stderr.strip() == (f"provgraph: ambiguous hash a@sha256:{old[:12]}: 2 snapshots citing a start "
                                     "with it; give more digits")
    assert verify(graph, [f"a@{old[:13]}"], ["a"]).evidence[0].given.snapshot == old  # one more digit decides
    lines = list(verify_batch(graph, [json.dumps({"evidence": [f"a@{old[:12]}"], "candidates": ["a"]}),
                                      json.dumps({"evidence": ["a"], "candidates": ["a"]})]))
    assert lines[0]["verdict"] is None and "ambiguous hash" in lines[0]["error"]
    assert lines[1]["verdict"] is not None and lines[1]["line"] == 2
