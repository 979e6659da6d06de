"""General reading defects the fourth held-out check found in the proposer and the readers (issue 55,
bench/HISTORY.md): samples of public logs in tests/fixtures/proposal_heldout4/ (SOURCES.md says where from), each read
with provgraph's own proposal as `ingest files` would read it. Pure (no database)."""
from __future__ import annotations

import shutil
from pathlib import Path

from ingest_run import FIXTURES
from proposal_claims import MD, WHEN, read_as_claims

from provgraph import propose_format
from provgraph.ingest import placeholders
from provgraph.ingest.formats import headings, metadata, tables
from provgraph.ingest.formats.declaration import declared, preset
from provgraph.ingest.formats.reader import Version, read_record
from provgraph.ingest.records import IngestOptions, Observation

SAMPLES = FIXTURES / "proposal_heldout4"


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")


def test_an_html_table_under_the_title_is_a_table_the_reader_and_the_proposer_read() -> None:
    # conda/ceps: `<tr><td> Status </td><td> Accepted </td></tr>` rows under `# CEP 3 - ...`; a cell over several lines
    root = SAMPLES / "ceps"
    found = metadata.table(_lines(root / ("cep-0003" + MD)))
    assert (found["status"].value, found["created"].value, found["status"].line) == ("Accepted", "Jul 20, 2021", 5)
    assert found["author(s)"].value.startswith("Jannis Leidel <jleidel@anaconda.com>, Jaime")
    assert metadata.table(_lines(root / ("cep-0020" + MD)))["title"].value == "Support for abi3 Python packages"
    proposal = propose_format(root)
    record = proposal.store_table()["record"]
    assert record["metadata"][0] == "table" and record["fields"]["status"] == "status"
    assert record["skip"] == {"template": ["cep-0000" + MD]}  # its status offers the words: `Draft | Proposed | ...`
    claims = read_as_claims(proposal, root)
    assert claims == {"cep-0001" + MD: ("CEP 1", "proposed"), "cep-0003" + MD: ("CEP 3", "accepted"),
                      "cep-0020" + MD: ("CEP 20", "accepted")}


def test_an_html_definition_list_is_read_as_a_table_of_two_columns() -> None:
    lines = ["# RFC 7", "", "<dl>", "  <dt>Status</dt><dd>Final</dd>", "  <dt>Created</dt>", "  <dd>2020-01-02</dd>",
             "</dl>", "", "## Abstract", "<table><tr><td>Status</td><td>Draft</td></tr></table>"]
    assert tables.html_rows(lines) == [(3, ["Status", "Final"]), (4, ["Created", "2020-01-02"])]
    assert metadata.table(lines)["status"] == metadata.Field("Final", 4)
    assert metadata.table(["# X", "", "```", "<table><tr><td>Status</td><td>Final</td></tr></table>", "```"]) == {}


def test_front_matter_wins_over_lines_and_a_broken_one_is_read_by_its_lines_as_the_reader_does() -> None:
    # graphprotocol GIPs: `GIP: "0050"` front matter; GIP-0034's is no YAML (`Category: "A", "B"`)
    root = SAMPLES / "gips" / "gips"
    broken = _lines(root / ("0034-graph-arbitrum-deployment" + MD))
    assert metadata.field_lines(broken) == {}  # front matter is its own place, no title's lines
    proposal = propose_format(root)
    record = proposal.store_table()["record"]
    assert record["metadata"] == ["front-matter"] and record["fields"]["id"] == "gip"
    assert record["fields"]["status"] == "stage" and proposal.counts.records == 4
    claims = read_as_claims(proposal, root)
    assert claims["0034-graph-arbitrum-deployment" + MD] == ("34", "withdrawn")
    assert claims["0050-file-data-sources" + MD][0] == "50"


def test_a_block_quote_under_a_status_heading_is_an_instruction_and_a_placeholder_states_no_status() -> None:
    # cometbft: tendermint-core ADR-036's `## Status` holds the template's `> A decision may be ...` and
    # `{Deprecated|Proposed|Accepted|Declined}`
    root = SAMPLES / "cometbft" / "architecture"
    relpath = "tendermint-core/adr-036-empty-blocks-abci" + MD
    data = (root / relpath).read_bytes()
    found = headings.heading_fields(data.decode().split("\n"), frozenset({"status"}))
    assert found["status"].value == "{Deprecated|Proposed|Accepted|Declined}"
    fmt = declared({"records": ["adr-[0-9]*" + MD], "metadata": ["headings"], "fields": {"status": "status"}})
    read = read_record(fmt, Version(relpath, WHEN), data, IngestOptions(store="s"))
    assert read.source_only == "its status is a template's placeholder"
    adr = read_record(preset("adr"), Version(relpath, WHEN), data, IngestOptions(store="s"))
    observed = next(record for record in adr.records if isinstance(record, Observation))
    assert [claim.declared for claim in observed.claims] == [None]  # was `a decision may be`, unrecognised
    assert not placeholders.placeholder("<Draft>") and placeholders.placeholder("<TAP number>")  # GIP-0053's `Stage: <Draft>`
    proposal = propose_format(root)
    assert proposal.store_table()["record"].get("skip") is None  # a record that left its status unfilled: no template
    assert "a source only: its status is a template's placeholder" in proposal.counts.not_read


def test_adrs_are_named_by_their_file_names_number_and_reverted_reads_as_undone() -> None:
    root = SAMPLES / "cometbft" / "architecture"
    proposal = propose_format(root)
    record = proposal.store_table()["record"]
    assert record["fields"]["id"] == "file-number" and record["id"] == "ADR {id}"
    claims = read_as_claims(proposal, root)
    assert claims["adr-105-refactor-mempool-senders" + MD] == ("ADR 105", "withdrawn")
    assert claims["tendermint-core/adr-001-logging" + MD][0] == "ADR 1"
    # nothing in the log defines `Reverted`: read by its plain meaning, a decision undone (its revisions revise nothing)
    assert 'reverted = "withdrawn"  # 1 record' in proposal.to_toml()


def test_the_check_line_and_the_words_are_what_the_reader_reads_past_the_lines_a_proposal_looks_at(tmp_path: Path) -> None:
    # cometbft ADR-108 states `## Status` / `Implemented.` on line 323: the proposer looks at 300 lines, the reader all
    root = tmp_path / "architecture"
    shutil.copytree(SAMPLES / "cometbft" / "architecture", root)
    long = root / ("adr-108-e2e-abci++" + MD)
    lines = _lines(long)
    at = lines.index("## Status")
    long.write_text("\n".join([*lines[:at], *(["More of the design."] * 320), *lines[at:]]), encoding="utf-8")
    proposal = propose_format(root)
    assert not any("adr-108" in doubt for doubt in proposal.doubts)
    assert {word.phrase: word.records for word in proposal.words}["implemented"] == 2
    assert read_as_claims(proposal, root)["adr-108-e2e-abci++" + MD] == ("ADR 108", "accepted")


def test_a_second_series_numbered_on_its_own_is_left_out_with_the_command_that_proposes_it() -> None:
    # theupdateframework/taps: pouf1 and pouf2 under POUFs/ beside tap1, tap3 ... ; tap2 is the TAP template
    root = SAMPLES / "taps"
    proposal = propose_format(root)
    record = proposal.store_table()["record"]
    assert record["records"] == ["tap[0-9]*" + MD] and record["skip"] == {"template": ["tap2" + MD]}
    said = next(doubt for doubt in proposal.doubts if "another series" in doubt)
    assert "pouf[0-9]*" + MD in said and said.endswith(f"formats propose {root.as_posix()}/POUFs")
    assert sorted(uid for uid, _ in read_as_claims(proposal, root).values()) == ["TAP 13", "TAP 3", "TAP 4", "TAP 5"]
    assert propose_format(root / "POUFs").store_table()["record"]["records"] == ["pouf[0-9]*" + MD]


def test_the_id_template_is_the_records_own_prefix_and_the_date_their_creation() -> None:
    # Qiskit/RFCs: `| **RFC #** | 0017 |`, `Submitted` and `Updated`; RFC 10 lists `PR 1:` ... `PR 5:`
    root = SAMPLES / "qiskit"
    record = propose_format(root).store_table()["record"]
    assert record["id"] == "RFC {id}" and record["fields"]["id"] == "rfc #"
    assert record["fields"]["date"] == "submitted"
