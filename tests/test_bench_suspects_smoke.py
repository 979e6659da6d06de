"""The suspects speed check (`python -m bench.suspects.generated --speed N`) at a toy size, so it does not rot.

No timing is asserted: only that one run measures what bench/README.md says it does, on the real server."""
from __future__ import annotations

import json
import os
import subprocess

import pytest
from suite_ports import suite_port

from bench.suspects import generated as bench_suspects
from provgraph.base.config import provgraph_home
from provgraph.engine.suspects import suspects
from provgraph.graph import server as local
from provgraph.graph.connection import Graph


def _test_server_pid() -> int | None:
    if os.environ.get("PROVGRAPH_TEST_URI"):
        return None
    port = suite_port()  # this pytest-xdist worker's server
    return local.status(local.ServerOptions(port=port, data_dir=provgraph_home() / f"test-server-{port}")).pid


@pytest.mark.long(20)
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


def _committed(folder, files: dict[str, str]):
    """A git repository holding `files`, committed once; its git directory (what bench.suspects.real reads)."""
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    env = {**os.environ, "GIT_AUTHOR_NAME": "a", "GIT_AUTHOR_EMAIL": "a@example.org", "GIT_COMMITTER_NAME": "a",
           "GIT_COMMITTER_EMAIL": "a@example.org"}
    for command in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "records"]):
        subprocess.run(["git", *command], cwd=folder, env=env, check=True)
    return folder / ".git"


def test_the_real_logs_bench_reads_bips_and_simds_with_their_supersession_fields_as_the_truth(graph: Graph, tmp_path) -> None:
    from bench.suspects import real

    bips = _committed(tmp_path / "bips", {
        "bip-0001.mediawiki": "<pre>\n  BIP: 1\n  Title: Fees by size\n  Status: Closed\n  Created: 2019-01-01\n"
                              "  Proposed-Replacement: 2\n</pre>\n\n==Abstract==\n\nFees are paid by transaction size.\n",
        "bip-0002.md": "```\n  BIP: 2\n  Title: Fees by weight\n  Status: Final\n  Assigned: 2020-01-01\n  Replaces: 1\n```\n\n"
                       "## Abstract\n\nFees are paid by transaction weight.\n",
        "README.md": "# BIPs\n"})
    simds = _committed(tmp_path / "simds", {
        "proposals/0001-votes.md": "---\nsimd: '0001'\ntitle: Votes\nstatus: Activated\ncreated: 2022-01-01\n"
                                   "superseded-by: '0002'\n---\n\n## Summary\n\nVotes are counted per epoch.\n",
        "proposals/0002-votes-again.md": "---\nsimd: '0002'\ntitle: Votes again\nstatus: Review\ncreated: 2023-01-01\n"
                                         "supersedes: '0001'\n---\n\n## Summary\n\nVotes are counted per slot.\n"})
    truth: list[tuple[str, str]] = []
    bip_claims = [claim for record in real.bip_records(bips, truth) for claim in record.claims]
    # BIP 3's Closed with a successor named is replaced: read as the status it had before it was marked
    assert [(c.uid, c.declared) for c in bip_claims] == [("BIP-1", "accepted"), ("BIP-2", "accepted")]
    assert "transaction size" in bip_claims[0].text and set(truth) == {("BIP-1", "BIP-2")}
    out = tmp_path / "out.json"
    assert real.main(["--uri", graph.settings.uri, "--bips", str(bips), "--simds", str(simds), "--json", str(out)]) == 0
    quality = {row["corpus"]: row for row in json.loads(out.read_text(encoding="utf-8"))["quality"]}
    assert set(quality) == {"bitcoin/bips (Replaces, Proposed-Replacement)", "solana SIMDs (supersedes, superseded-by)"}
    assert all(row["claims"] == 2 and row["pairs"] == 1 for row in quality.values())


def test_a_bench_run_that_fails_on_its_own_server_still_stops_that_server(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    """Without --uri a bench starts its own server and stops it when the run ends, on an error or Ctrl-C too
    (harness.bench_server, which every bench that starts one goes through); a failing run is the harder case."""
    if os.environ.get("PROVGRAPH_TEST_URI"):
        pytest.skip("the suite runs on an external server: no local one to start")
    if not (os.environ.get("PROVGRAPH_HEAVY") == "1" or os.environ.get("PROVGRAPH_SERVER_TESTS") == "1"):
        pytest.skip("starts a server of its own: set PROVGRAPH_HEAVY=1 or PROVGRAPH_SERVER_TESTS=1")
    from bench.common import harness
    from bench.suspects import real

    port = suite_port() + 3000  # a port of this worker's, with a small heap
    monkeypatch.setattr(harness, "DEFAULT_PORT", port)
    monkeypatch.setitem(harness.MEMORY, "heap", "512m")
    monkeypatch.setitem(harness.MEMORY, "pagecache", "128m")
    # the schema is installed on the started server first, then the log that is no git directory fails the run
    with pytest.raises(subprocess.CalledProcessError):
        real.main(["--bips", str(tmp_path / "no-such-git-dir")])
    assert not local.status(harness.server_options(port)).running
