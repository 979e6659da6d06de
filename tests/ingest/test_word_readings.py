"""Every status word an ingest of files met is in its summary, with its records and its reading (the store's words,
the default vocabulary, or not recognised); a word communities read differently is flagged with the `--word` that
changes it; the claims that state no status are counted, and a store none of whose records states one says so, naming
the field that looks like a status. Real Neo4j."""
from __future__ import annotations

import json
from pathlib import Path

from cli_helpers import run as cli
from git_repo import Repo

from provgraph.engine.status import status
from provgraph.graph.connection import Graph
from provgraph.ingest.config import files_options, record_table
from provgraph.ingest.pipeline import ingest


def _record(folder: Path, name: str, front: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(f"---\n{front}\n---\n# {name}\n\n## Decision\n\nWe do {name}.\n")


def _bips(folder: Path) -> Path:
    for number in range(1, 4):
        _record(folder, f"bip-{number}.md", "status: Closed")
    for number in range(4, 6):
        _record(folder, f"bip-{number}.md", "status: Final")
    _record(folder, "bip-6.md", "status: Draft")
    return folder


def _words(summary_json: dict) -> dict[str, dict]:
    return {word["word"]: word for word in summary_json["words"]}


def _statuses(graph: Graph) -> dict[str, tuple[str, str]]:
    return {row.claim: (row.status, row.reason) for row in status(graph)}


def test_a_word_communities_read_differently_read_by_the_default_is_flagged_with_the_word_option(
        graph: Graph, tmp_path: Path) -> None:
    store = _bips(tmp_path / "bips")
    text = cli("ingest", "files", str(store), "--store", "bips").output
    line = next(line for line in text.splitlines() if "Closed 3" in line)
    assert line.startswith("  words       Closed 3 -> accepted (default; communities differ: ")
    assert "--word 'closed=withdrawn'" in line and '[store.words] closed = "withdrawn"' in line
    assert "  words       Draft 1 -> draft (default)" in text.splitlines()  # Final, also read differently, has its own
    assert "Final 2 -> accepted (default; communities differ: " in text
    closed = _words(json.loads(cli("ingest", "files", str(store), "--store", "bips", "-o", "json").output))["Closed"]
    assert closed == {"word": "Closed", "phrase": "closed", "records": 3, "read_as": "accepted", "from": "default",
                      "communities_differ": closed["communities_differ"], "other_reading": "withdrawn",
                      "change": "--word 'closed=withdrawn'", "config": '[store.words] closed = "withdrawn"'}
    assert "trackers" in closed["communities_differ"] and "BIPs" in closed["communities_differ"]
    assert _statuses(graph)["bips:bip-1.md"] == ("ACTIVE", "CURRENT")


def test_the_word_option_the_summary_names_reads_the_word_from_the_stores_words_and_the_claims_are_stale(
        graph: Graph, tmp_path: Path) -> None:
    store = _bips(tmp_path / "bips")
    result = cli("ingest", "files", str(store), "--store", "bips", "--word", "closed=withdrawn", "-o", "json")
    words = _words(json.loads(result.output))
    assert words["Closed"] == {"word": "Closed", "phrase": "closed", "records": 3, "read_as": "withdrawn",
                               "from": "store"}  # no flag: the store declared it
    assert [(w["word"], w["records"]) for w in json.loads(result.output)["words"]] == [
        ("Closed", 3), ("Final", 2), ("Draft", 1)]
    found = _statuses(graph)
    assert {found[f"bips:bip-{n}.md"] for n in (1, 2, 3)} == {("STALE", "WITHDRAWN")}
    text = cli("ingest", "files", str(store), "--store", "bips", "--word", "closed=withdrawn").output
    assert "Closed 3 -> withdrawn (store's words);" in text and "closed=" not in text


def test_each_word_counts_the_records_that_state_it_and_the_claims_with_no_word_are_counted(
        graph: Graph, tmp_path: Path) -> None:
    store = _bips(tmp_path / "bips")
    _record(store, "bip-7.md", "status: closed")  # another spelling of the same word: one entry
    _record(store, "bip-8.md", "title: No status here")
    _record(store, "bip-9.md", "title: Nor here")
    (store / "notes.md").write_text("# Notes\n\nNo front matter, no status.\n")
    summary = ingest(graph, "files", store, store="bips")
    data = json.loads(summary.to_json())
    assert [(w["word"], w["records"], w["read_as"]) for w in data["words"]] == [
        ("Closed", 4, "accepted"), ("Final", 2, "accepted"), ("Draft", 1, "draft")]
    assert data["no_status"] == {"claims": 2, "sources_only": 1, "with_metadata": 2, "status_like": {}, "hint": None}
    assert ("  no status   2 claims state no status word: judged by their links alone (ACTIVE unless revised)"
            in summary.text_lines())
    # every record is accounted for: a word (claims), no word (claims), no word (sources only)
    assert sum(w["records"] for w in data["words"]) + 2 + 1 == 10 == summary.observations
    assert _statuses(graph)["bips:bip-8.md"] == ("ACTIVE", "CURRENT")


def test_a_store_none_of_whose_records_states_a_status_says_so_and_names_the_key_that_holds_one(
        graph: Graph, tmp_path: Path) -> None:
    store = tmp_path / "log"
    for number in range(1, 4):
        _record(store, f"{number}.md", f"title: Record {number}\nstage: accepted")
    _record(store, "4.md", "title: Record 4\nstage: discontinued")
    _record(store, "5.md", "title: Record 5\nowner: Discontinued team of five people")  # prose, not a status
    summary = ingest(graph, "files", store, store="log")
    said = next(line for line in summary.text_lines() if line.startswith("  no status"))
    assert said == ("  no status   NO record states a status word, though 5 of 5 have metadata: all 5 claims are judged "
                    "by their links alone (ACTIVE unless revised); no status field read; field 'stage' holds "
                    "status-like words (accepted 3, discontinued 1): --field status=stage")
    assert json.loads(summary.to_json())["no_status"]["status_like"] == {"stage": {"accepted": 3, "discontinued": 1}}
    assert _statuses(graph)["log:4.md"] == ("ACTIVE", "CURRENT")
    summary = ingest(graph, "files", store, store="log", options=files_options(record=record_table(fields=["status=stage"])))
    assert _statuses(graph)["log:4.md"] == ("STALE", "DEPRECATED")  # the hint, applied
    assert "discontinued 1 -> deprecated (default)" in "\n".join(summary.text_lines())


def test_a_declared_format_whose_records_keep_their_status_under_another_field_names_it(
        graph: Graph, tmp_path: Path) -> None:
    store = tmp_path / "rfcs"
    store.mkdir()
    for number, state in ((1, "Final"), (2, "Final"), (3, "Withdrawn")):
        (store / f"rfc-{number}.txt").write_text(f"Number: {number}\nState: {state}\n\nText.\n")
    declared = record_table(table={"records": ["rfc-*.txt"], "metadata": ["header-block"], "id": "RFC {id}",
                                   "fields": {"id": "Number", "status": "Status"}})
    summary = ingest(graph, "files", store, store="rfcs", options=files_options(record=declared))
    said = next(line for line in summary.text_lines() if line.startswith("  no status"))
    assert said.startswith("  no status   NO record states a status word, though 3 of 3 have metadata; ")
    assert said.endswith("field 'state' holds status-like words (Final 2, Withdrawn 1): --field status=state")


def test_a_field_beside_the_status_others_state_is_never_hinted_as_the_status(graph: Graph, tmp_path: Path) -> None:
    # Sentry's RFCs: `RFC Type: informational` beside `RFC Status`; two records state `RFC Status: -`, no word
    store = tmp_path / "rfcs"
    store.mkdir()
    for number, (kind, state) in enumerate((("informational", "approved"), ("feature", "approved"),
                                            ("informational", "draft"), ("informational", "-"), ("informational", "")), 1):
        (store / f"rfc-{number}.txt").write_text(f"Type: {kind}\nStatus: {state}\n\nText.\n")
    declared = record_table(table={"records": ["rfc-*.txt"], "metadata": ["header-block"],
                                   "fields": {"status": "Status"}})
    summary = ingest(graph, "files", store, store="rfcs", options=files_options(record=declared))
    said = "\n".join(summary.text_lines())
    assert "holds status-like words" not in said and "--field status=type" not in said
    assert json.loads(summary.to_json())["no_status"]["hint"] is None
    assert "approved 2 -> accepted" in said.casefold()


def test_an_unrecognised_word_is_shown_as_not_recognised(graph: Graph, tmp_path: Path) -> None:
    store = tmp_path / "s"
    _record(store, "1.md", "status: Ongoing in the wiki")
    summary = ingest(graph, "files", store, store="s")
    assert "  words       Ongoing in the wiki 1 -> not recognised (UNKNOWN UNRECOGNISED_STATUS)" in summary.text_lines()
    (word,) = json.loads(summary.to_json())["words"]
    assert word == {"word": "Ongoing in the wiki", "phrase": "ongoing in the wiki", "records": 1, "read_as": None,
                    "from": "unrecognised"}
    assert _statuses(graph)["s:1.md"] == ("UNKNOWN", "UNRECOGNISED_STATUS")


def test_with_git_history_a_record_counts_once_as_it_stands_and_a_deleted_one_not_at_all(
        graph: Graph, tmp_path: Path) -> None:
    repo = Repo(tmp_path / "repo")
    _record(repo.root, "1.md", "status: Draft")
    _record(repo.root, "2.md", "status: Draft")
    repo.commit("two drafts", "2024-01-01T00:00:00Z")
    _record(repo.root, "1.md", "status: Closed")
    repo.commit("one closed", "2024-02-01T00:00:00Z")
    (repo.root / "2.md").unlink()
    repo.commit("one gone", "2024-03-01T00:00:00Z")
    summary = ingest(graph, "files", repo.root, fmt="git", store="r")
    assert [(w["word"], w["records"]) for w in json.loads(summary.to_json())["words"]] == [("Closed", 1)]


def test_a_config_store_shows_its_words_and_its_store_words_line_reads_a_word_from_the_store(
        graph: Graph, tmp_path: Path) -> None:
    _bips(tmp_path / "bips")
    config = tmp_path / "provgraph.toml"
    config.write_text('[[store]]\nname = "bips"\nkind = "files"\npath = "bips"\n')
    summary = json.loads(cli("ingest", "--config", str(config), "-o", "json").output)  # one store: one object
    assert _words(summary)["Closed"]["change"] == "--word 'closed=withdrawn'"
    config.write_text('[[store]]\nname = "bips"\nkind = "files"\npath = "bips"\n[store.words]\nclosed = "withdrawn"\n')
    text = cli("ingest", "--config", str(config)).output
    assert "Closed 3 -> withdrawn (store's words)" in text
    assert _statuses(graph)["bips:bip-2.md"] == ("STALE", "WITHDRAWN")
