"""The suspects speed check (`python -m bench.suspects.generated --speed N`) at a toy size, so it does not rot.

No timing is asserted: only that one run measures what bench/README.md says it does, on the real server."""
from __future__ import annotations

import json
import os

from bench.suspects import generated as bench_suspects
from provgraph.base.config import provgraph_home
from provgraph.engine.suspects import suspects
from provgraph.graph import server as local
from provgraph.graph.connection import Graph


def _test_server_pid() -> int | None:
    if os.environ.get("PROVGRAPH_TEST_URI"):
        return None
    port = int(os.environ.get("PROVGRAPH_TEST_PORT", "7688"))
    return local.status(local.ServerOptions(port=port, data_dir=provgraph_home() / f"test-server-{port}")).pid


def test_the_speed_check_times_ingest_one_lookup_per_claim_and_suspects_in_one_run(graph: Graph, tmp_path) -> None:
    pid = _test_server_pid()
    result = bench_suspects.speed(graph, 120, seed=3, workdir=tmp_path, server_pid=pid, with_profile=True)
    assert result["claims"] == 120
    # the baseline looked up every claim once, with suspects' hit limit
    assert result["lookups"] == 120
    assert 120 <= result["lookup_hits"] <= 120 * bench_suspects.suspects.params()["hits"]
    # the suspects side is the library call, over the same store
    assert result["suspects"] == len(suspects(graph)) > 0
    assert result["ratio"] is not None and result["ratio"] > 0
    if pid is not None:
        assert result["lookup_cpu_s"] is not None and result["cpu_ratio"] is not None
    operators = [row["operator"] for row in result["profile"]]
    assert "ProcedureCall" in operators and "CartesianProduct" not in operators
    assert "| 120 |" in bench_suspects._table([], [result])


def test_server_cpu_reads_a_live_process_and_says_none_when_unknown() -> None:
    before = bench_suspects.server_cpu(os.getpid())
    assert before is not None
    sum(i * i for i in range(300_000))
    after = bench_suspects.server_cpu(os.getpid())
    assert after is not None and after >= before
    assert bench_suspects.server_cpu(None) is None


def test_the_multi_organisation_corpus_gives_every_organisation_its_own_ids_and_stores(tmp_path) -> None:
    corpora = bench_suspects.suspects_corpus.generate_orgs(40, seed=11)
    uids = [record.uid for _, corpus in corpora for record in corpus.records]
    assert len(uids) == len(set(uids))  # Jira keys, issue numbers, log, card and ADR ids never collide across seeds
    for org, corpus in corpora:
        assert corpus.records[0].uid == f"{org.key}-ADR-0001" and corpus.records[0].title == org.first_adr[0]
        assert all(record.org == org.name and (org.name in record.uid or record.uid.startswith(org.key))
                   for record in corpus.records)
        assert {record.style for record in corpus.records} == set(org.styles)
    stores = [store for org, corpus in corpora for _, _, store, _ in
              bench_suspects.suspects_corpus.write_files(corpus, tmp_path / org.name, 11, org)]
    assert len(stores) == len(set(stores)) == sum(len(org.styles) for org, _ in corpora)  # one ADR style each


def test_the_quality_check_counts_false_suspects_across_stores_and_organisations(graph: Graph, tmp_path) -> None:
    # one decision said in two unscoped stores of two organisations, in not quite the same words (the same words are a
    # restatement, never a pair): a suspect, and not one matter
    for store, when, where in (("one", "2025-01-10T09:00:00Z", ""), ("two", "2025-06-02T09:00:00Z", " in production")):
        path = tmp_path / f"{store}.jsonl"
        path.write_text(json.dumps({"ts": when, "id": f"{store}-1", "msg": "Session cache runs on Redis with a 15 minute "
                                    f"session expiry for every payments service{where}"}) + "\n")
        bench_suspects.ingest_stripped(graph, "logs", "jsonl", store, path)
    result = bench_suspects.score(graph, {}, lambda a, b: a == b, "two stores", org_of={"one-1": "a", "two-1": "b"},
                                  boilerplate=set())
    assert (result["false"], result["false_across_stores"], result["false_across_orgs"]) == (1, 1, 1)
    assert result["false_across_orgs_per_100"] == 50.0
    assert "across organisations 1 (50.0)" in bench_suspects._table([result], [])
    toy = bench_suspects.multi_org_quality(graph, 6, seed=3, workdir=tmp_path / "orgs")
    assert toy["claims"] == sum(len(c.records) for _, c in bench_suspects.suspects_corpus.generate_orgs(6, 3))
    assert toy["false_across_orgs"] <= toy["false_across_stores"] <= toy["false"]
