"""The benchmark harness at a toy size, so it does not rot. No timing is asserted here."""
from __future__ import annotations

import json

import pytest


from bench.common import corpus as bench_corpus
from bench.scale.report import table
from bench.scale.run import run


def test_corpus_is_deterministic_and_exact(tmp_path):
    first = bench_corpus.generate(300, seed=3)
    again = bench_corpus.generate(300, seed=3)
    assert len(first.claims) == 300
    assert first.claims == again.claims
    assert {"chain", "rivals", "single"} <= set(first.groups)
    files_a = bench_corpus.write_files(first, tmp_path / "a")
    files_b = bench_corpus.write_files(again, tmp_path / "b")
    assert [p.read_bytes() for _, _, p in files_a] == [p.read_bytes() for _, _, p in files_b]
    assert {kind for _, kind, _ in files_a} == {"cards", "logs"}
    uids = {c.uid for c in first.claims}
    assert all(frm in uids and to in uids for _, frm, to in first.edges)


def test_an_extended_corpus_keeps_every_earlier_line_and_revises_heads(tmp_path):
    corpus = bench_corpus.generate(300, seed=3)
    before = [p.read_bytes() for _, _, p in bench_corpus.write_files(corpus, tmp_path)]
    new = bench_corpus.extend(corpus, 3)
    revisions = bench_corpus.extend(corpus, 3, supersede=True)
    after = [p.read_bytes() for _, _, p in bench_corpus.write_files(corpus, tmp_path)]
    assert all(longer.startswith(shorter) for shorter, longer in zip(before, after))
    assert len(new) == len(revisions) == 3 and len({c.uid for c in corpus.claims}) == 306
    superseded = {target for claim in corpus.claims[:303] for target in claim.supersedes}
    assert all(len(c.supersedes) == 1 and c.supersedes[0] not in superseded for c in revisions)
    assert bench_corpus.generate(300, seed=3).claims == corpus.claims[:300]


@pytest.mark.long(55)
def test_harness_runs_end_to_end_at_a_toy_size(graph, neo4j_settings):
    results = run(
        neo4j_settings, graph, [100, 200], ogm_sample=10, verify_batch_size=10, latency_samples=5,
        adversarial_sizes={"chain": [20, 40], "ladder": [2, 4]}, memory_contrast=False, warmup=False, verify_budget=2.0,
        chain_claims=60, concurrent_claims=100, log=lambda message: None,
    )
    small, large = results["sizes"]
    assert small["ingest"]["claims_written"] == 100 and large["ingest"]["claims_written"] == 200
    assert large["reingest"]["snapshots_added"] == 0  # unchanged input writes nothing
    assert large["status_all"]["rows"] == 200 and large["raw_scan"]["rows"] == 200
    assert large["status_all"]["peak_rss_kib"] > 0
    assert {"ingest_vs_floor", "reingest_vs_ingest", "status_vs_raw_scan", "ogm_naive_vs_ingest"} <= set(large["ratios"])
    assert set(large["status_all"]["counts"]) >= {"ACTIVE", "STALE", "CONFLICT"}
    assert results["adversarial"]["chain"]["points"][-1]["closure_rows"] == 39
    assert results["adversarial"]["diamond_ladder"]["points"][-1]["closure_rows"] == 12
    assert results["targets"]
    assert results["concurrent"]["same_graph"] and results["concurrent"]["graph"]["duplicates"] == 0
    assert set(results["chain_length"]["lengths"]) == {"3", "20"}
    appended = large["append"]  # 1% new entries (2), then 2 superseding old heads, each through the pipeline
    assert appended["new"]["appended"] == appended["new"]["snapshots_added"] == 2
    assert appended["supersede"]["superseded_stale"] == appended["supersede"]["superseded_checked"] == 2
    assert {"append_vs_ingest", "append_supersede_vs_ingest"} <= set(large["ratios"])
    assert large["footprint"]["claims"] == 200 and "projection" in results
    json.dumps(results, default=str)
    assert "ingest / raw floor" in table(results)


def test_the_cliffs_bench_measures_each_cliff_at_a_toy_size(graph, tmp_path):
    from bench.scale.cliffs import measure, measure_premises

    chain = measure(graph, tmp_path, 12, "latest-wins", repeat=1)
    assert chain["verdict_big"] == chain["verdict_small"] == "SUPPORTED_BY_CURRENT_SOURCE"
    rivals = measure(graph, tmp_path, 12, None, repeat=1)
    assert [c["members"] for c in rivals["conflicts"]] == [12, 2]
    premises = measure_premises(graph, tmp_path, 12, repeat=1)
    assert premises["status_big"] == premises["status_small"] == "ACTIVE"
    assert {"status_ratio", "verify_ratio"} <= set(premises)


def test_the_bench_command_reads_its_sizes_and_refuses_a_size_below_two():
    import argparse

    import pytest

    from bench.scale.cli import parser

    args = parser().parse_args(["--sizes", "5k,1_000,2m", "--no-adversarial"])
    assert args.sizes == [1000, 5000, 2_000_000] and args.no_adversarial
    with pytest.raises(argparse.ArgumentTypeError, match="each at least 2"):
        bench_corpus.sizes("1")


def test_ingest_memory_reads_the_corpus_in_a_fresh_process_and_reports_its_peak(capsys):
    from bench.scale import footprint

    assert footprint.main(["--sizes", "200,400", "--parse-only"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0] == "| claims | input MiB | seconds | peak RSS MiB |"
    assert [row.split("|")[1].strip() for row in table[2:4]] == ["200", "400"]
    assert all(float(row.split("|")[4]) > 10 for row in table[2:4])  # the child's own VmHWM: an interpreter at least
    assert table[4].startswith("input x2.0 -> peak RSS x")


def test_profile_query_gives_the_database_hits_of_a_named_query_by_operator(graph, tmp_path):
    from datetime import datetime, timezone

    from bench.scale.profiling import profile_query

    corpus = bench_corpus.generate(60, seed=5)
    bench_corpus.ingest_files(graph, bench_corpus.write_files(corpus, tmp_path))
    params = {"claims": [claim.uid for claim in corpus.claims[:5]], "q": None, "t": datetime.now(timezone.utc),
              "subject": None, "only": None}
    lines = profile_query(graph, "status", params, top=3)
    assert "db hits in total; top operators:" in lines[0] and len(lines) == 4
