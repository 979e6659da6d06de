"""The common search terms (boilerplate that weighs nothing in a suspect pair) are kept at write time: every ingest
that writes claims keeps what the live computation gives at that moment, so a suspects lookup reads one node and
never scans the store, and the pairs it finds are the pairs the live terms give."""
from __future__ import annotations

import json
from pathlib import Path

from cli_helpers import run

from provgraph import cypher
from provgraph.engine.suspects import common_terms, live_common_terms, suspects
from provgraph.graph.connection import Graph
from provgraph.graph.schema import install_schema

BOILERPLATE = "We record architecture decisions as lightweight records following Michael Nygard's template {n}"
TEMPLATE = "Platform guild notice: "  # every record of every store starts with it: a term of many claims
FILLERS = 6  # records per store that share nothing but the template with any other
TOPICS = ["Payment events go through Kafka topics with idempotent producers and seven day retention",
          "Payment events go through Kafka topics with idempotent producers and thirty day retention",
          "Web sessions live in Redis with a one hour expiry keyed by a signed cookie"]


def _reader(graph: Graph):  # type: ignore[no-untyped-def]
    return lambda name, values: graph.read(cypher.load(name).text, values)


def _log(folder: Path, store: str, month: int, topic: str) -> Path:
    path = folder / f"{store}.jsonl"
    entries = [{"ts": f"2025-{month:02d}-01T09:00:00Z", "id": f"{store}-intro", "msg": BOILERPLATE.format(n="")},
               {"ts": f"2025-{month:02d}-15T09:00:00Z", "id": f"{store}-own", "msg": TEMPLATE + topic}]
    entries += [{"ts": f"2025-{month:02d}-{20 + n}T09:00:00Z", "id": f"{store}-filler{n}",
                 "msg": TEMPLATE + f"{store}{n}apple {store}{n}pear {store}{n}plum"} for n in range(FILLERS)]
    path.write_text("".join(json.dumps(entry) + "\n" for entry in entries), encoding="utf-8")
    return path


def _ingest(path: Path, store: str) -> None:
    result = run("ingest", "logs", str(path), "--format", "jsonl", "--store", store)
    assert result.exit_code == 0, result.output


def _kept(graph: Graph) -> list[str] | None:
    rows = graph.read(cypher.load("suspect_common_terms_kept").text)
    return None if not rows else sorted(rows[0]["terms"])


def test_every_ingest_that_writes_claims_keeps_the_terms_the_live_computation_gives(graph: Graph, tmp_path: Path) -> None:
    _ingest(_log(tmp_path, "alpha", 1, TOPICS[0]), "alpha")
    assert _kept(graph) == sorted(live_common_terms(_reader(graph))) == []  # 8 claims: too few for a term to be common
    for month, (store, topic) in enumerate(zip(["beta", "gamma"], TOPICS[1:]), start=2):
        _ingest(_log(tmp_path, store, month, topic), store)
        assert _kept(graph) == sorted(live_common_terms(_reader(graph)))
    kept = _kept(graph)
    assert kept is not None and {"platform", "guild", "notice"} <= set(kept) and "kafka" not in kept, kept
    pairs = {(s.earlier, s.later) for s in suspects(graph)}
    assert ("alpha-own", "beta-own") in pairs
    assert not {pair for pair in pairs if all(side.endswith("-intro") for side in pair)}, pairs  # restatements
    assert not {pair for pair in pairs if all("-filler" in side for side in pair)}, pairs  # only the template shared


def test_re_ingest_of_unchanged_input_leaves_the_kept_terms_untouched(graph: Graph, tmp_path: Path) -> None:
    paths = {store: _log(tmp_path, store, month, topic)
             for month, (store, topic) in enumerate(zip(["alpha", "beta", "gamma"], TOPICS), start=1)}
    for store, path in paths.items():
        _ingest(path, store)
    before = graph.read("MATCH (k:SuspectTerms) RETURN k.computed_at AS t")[0]["t"]
    _ingest(paths["alpha"], "alpha")
    assert graph.read("MATCH (k:SuspectTerms) RETURN k.computed_at AS t")[0]["t"] == before


def test_with_no_terms_kept_suspects_computes_them_live_and_finds_the_same_pairs(graph: Graph, tmp_path: Path) -> None:
    for month, (store, topic) in enumerate(zip(["alpha", "beta", "gamma"], TOPICS), start=1):
        _ingest(_log(tmp_path, store, month, topic), store)
    kept_terms, kept_pairs = common_terms(_reader(graph)), [s.to_dict() for s in suspects(graph)]
    install_schema(graph)  # an upgrade re-fills the search fields: the kept terms are forgotten
    assert _kept(graph) is None
    assert common_terms(_reader(graph)) == kept_terms
    assert [s.to_dict() for s in suspects(graph)] == kept_pairs


def test_reset_forgets_the_kept_terms(graph: Graph, tmp_path: Path) -> None:
    _ingest(_log(tmp_path, "alpha", 1, TOPICS[0]), "alpha")
    assert _kept(graph) is not None
    assert run("reset", "--yes").exit_code == 0
    assert _kept(graph) is None
