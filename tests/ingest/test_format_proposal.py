"""A declaration proposed from the files (`provgraph formats propose`, provgraph/ingest/formats/proposal/): for each
place a status can stand, the proposal names the records, the place, the fields and the words; what it prints is a
TOML table the config loader takes unedited. No database (the ingests of proposals are in
test_format_proposal_ingest.py)."""
from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path
from typing import Any, Callable

import pytest
from cli_helpers import run as cli
from proposal_samples import (Stated, write_bullets, write_field_lists, write_folders, write_front_matter_stage,
                              write_header_blocks, write_preamble_fences, write_quoted_status, write_sidecars,
                              write_status_headings, write_status_lines, write_tables)

from provgraph import propose_format
from provgraph.ingest.config import load_config
from provgraph.ingest import regular
from provgraph.ingest.formats import declared

LOGS = Path(__file__).resolve().parents[1] / "fixtures" / "proposal_logs"
SAMPLES: list[Callable[[Path], Stated]] = [write_header_blocks, write_sidecars, write_front_matter_stage, write_field_lists,
                                           write_bullets, write_folders, write_preamble_fences, write_status_lines,
                                           write_status_headings, write_quoted_status, write_tables]


def _store(toml: str) -> dict[str, Any]:
    return tomllib.loads(toml)["store"][0]


@pytest.mark.parametrize("write", SAMPLES, ids=lambda write: write.__name__)
def test_every_proposal_printed_is_a_store_table_the_config_loader_takes(write: Callable[[Path], Stated], tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    stated = write(tmp_path / "log")
    monkeypatch.chdir(tmp_path)
    result = cli("formats", "propose", "log")
    assert result.exit_code == 0, result.stderr
    config = tmp_path / "provgraph.toml"
    config.write_text(result.stdout, encoding="utf-8")  # unedited
    [store] = load_config(config)
    assert store.kind == "files" and store.path == (tmp_path / "log").resolve()
    assert declared(store.options["record_format"]).records
    assert f"{len(stated)} of " in result.stdout.splitlines()[1]


def test_stdout_holds_only_the_toml_table_every_other_line_a_comment(tmp_path: Path) -> None:
    write_bullets(tmp_path)
    printed = cli("formats", "propose", str(tmp_path)).stdout
    tomllib.loads(printed)
    before_table = printed.split("[[store]]", 1)[0].splitlines()
    assert before_table and all(line.startswith("# ") for line in before_table)
    assert printed.endswith("\n") and "\n\n\n" not in printed


def test_a_pep_like_log_proposes_its_header_block_id_template_links_and_words(tmp_path: Path) -> None:
    write_header_blocks(tmp_path)
    store = _store(propose_format(tmp_path, name="caps").to_toml())
    record = store["record"]
    assert record["records"] == ["cap-[0-9]*.rst"] and record["metadata"] == ["header-block"]
    assert record["id"] == "CAP {id}" and "cap-{id:04}" in record["aliases"]  # the texts say `CAP 2`; the files cap-0002
    assert record["fields"] == {"id": "cap", "status": "status", "title": "title", "date": "created",
                                "superseded_by": "superseded-by", "replaces": "replaces"}
    assert store["words"] == {"final": "accepted", "draft": "draft", "rejected": "rejected", "withdrawn": "withdrawn"}


def test_a_kep_like_log_proposes_the_sidecar_beside_its_readme_and_skips_the_template_folder(tmp_path: Path) -> None:
    write_sidecars(tmp_path)
    proposal = propose_format(tmp_path)
    record = proposal.store_table()["record"]
    assert record["records"] == ["README.md"] and record["metadata"] == ["sidecar"] and record["sidecar"] == "meta.yaml"
    assert record["id"] == "XEP-{id}" and record["fields"]["id"] == "xep-number"
    assert record["fields"]["replaces"] == "replaces"  # `/proposals/sig-b/11-thing-11`: a path to another record
    assert record["skip"] == {"template": ["*NNNN-template/*"]}
    assert proposal.counts.records == 4
    assert proposal.counts.not_read["template"] == 1
    assert proposal.counts.not_read["a source only: no meta.yaml beside it"] == 1  # the README.md at the top


def test_front_matter_that_keeps_its_status_under_another_key_proposes_that_key(tmp_path: Path) -> None:
    write_front_matter_stage(tmp_path)
    record = propose_format(tmp_path).store_table()["record"]
    assert record["metadata"] == ["front-matter", "file-name"] and record["fields"]["status"] == "stage"
    assert record["fields"]["id"] == "file-number"  # `owner: team-3` is unique and numbered like the file, but no id


def test_an_rst_field_list_log_proposes_the_field_list(tmp_path: Path) -> None:
    write_field_lists(tmp_path)
    record = propose_format(tmp_path).store_table()["record"]
    assert record["records"] == ["nep-[0-9]*.rst"] and record["metadata"] == ["field-list", "file-name"]
    assert record["fields"] == {"id": "file-number", "status": "status", "date": "created"}


def test_a_bullets_log_proposes_the_bullets_and_leaves_an_unknown_word_as_a_comment(tmp_path: Path) -> None:
    write_bullets(tmp_path)
    proposal = propose_format(tmp_path)
    assert proposal.store_table()["record"]["metadata"] == ["bullets", "file-name"]
    assert "proposal" not in proposal.store_table()["record"].get("fields", {})  # it names its own record: no link
    assert proposal.store_table()["words"]["returned for revision"] == "draft"
    assert "evergreen" not in proposal.store_table()["words"]
    assert any(line.startswith('# evergreen = "?"') and "does not know" in line for line in proposal.to_toml().splitlines())


def test_a_log_sorted_into_status_folders_proposes_the_folder(tmp_path: Path) -> None:
    write_folders(tmp_path)
    store = propose_format(tmp_path).store_table()
    assert store["record"]["metadata"] == ["folder", "file-name"] and store["record"]["records"] == ["[0-9]*.md"]
    assert store["words"] == {"accepted": "accepted", "rejected": "rejected", "superseded": "superseded"}


def test_a_preamble_fenced_under_a_heading_proposes_that_section(tmp_path: Path) -> None:
    write_preamble_fences(tmp_path)
    record = propose_format(tmp_path).store_table()["record"]
    assert record["section"] == "preamble" and record["metadata"] in (["block"], ["header-block"])
    assert record["fields"]["status"] == "status" and record["id"] == "GAP-{id:04}"


def test_name_value_lines_after_an_rst_title_propose_the_lines_kind(tmp_path: Path) -> None:
    write_status_lines(tmp_path)
    record = propose_format(tmp_path).store_table()["record"]
    assert (record["records"], record["metadata"], record["fields"]["status"]) == (["APE[0-9]*.rst"], ["lines", "file-name"], "status")


def test_a_status_under_its_own_heading_proposes_the_headings_kind(tmp_path: Path) -> None:
    write_status_headings(tmp_path)
    record = propose_format(tmp_path).store_table()["record"]
    assert record["metadata"] == ["headings", "file-name"] and record["fields"] == {"status": "status", "id": "file-number"}


def test_a_status_no_place_reads_is_proposed_as_a_pattern(tmp_path: Path) -> None:
    write_quoted_status(tmp_path)
    proposal = propose_format(tmp_path)
    record = proposal.store_table()["record"]
    assert record["metadata"] == ["file-name"] and set(record["patterns"]) == {"status"} and "status" not in record.get("fields", {})
    assert proposal.status == [("pattern", "status")] and proposal.counts.records == 4
    assert "status = '^" in proposal.to_toml()  # a literal string: the regex as written


def test_words_communities_read_differently_are_marked_for_a_check(tmp_path: Path) -> None:
    write_header_blocks(tmp_path)
    lines = propose_format(tmp_path).to_toml().splitlines()
    final = next(line for line in lines if line.startswith("final = "))
    assert "2 records; check:" in final
    assert "check:" not in next(line for line in lines if line.startswith("draft = "))


def test_the_counts_say_what_would_not_be_read_and_why(tmp_path: Path) -> None:
    write_header_blocks(tmp_path)
    (tmp_path / "caps" / "cap-0009.rst").write_text("CAP: 9\nTitle: No status yet\n\nText.\n")
    proposal = propose_format(tmp_path)
    assert proposal.counts.records == 5 and proposal.counts.files == 8
    assert proposal.not_read() == ["1 a source only: no status field", "1 not a record's name (1 .rst)", "1 not text"]
    assert any("cap-0009.rst" in doubt for doubt in proposal.doubts)


def test_the_json_form_holds_the_store_table_counts_words_and_the_toml(tmp_path: Path) -> None:
    write_bullets(tmp_path)
    result = cli("formats", "propose", str(tmp_path), "--format", "json", "--name", "swiftish")
    found = json.loads(result.stdout)
    assert found["store"]["name"] == "swiftish" and found["records"] == 4 and found["files"] == 4
    assert found["status"] == [{"place": "bullets", "field": "status"}]
    assert {"word": "evergreen", "reads_as": None, "records": 1} .items() <= next(
        word for word in found["words"] if word["word"] == "evergreen").items()
    assert _store(found["toml"]) == found["store"]


def test_the_real_pep_and_kep_samples_propose_what_their_presets_declare(tmp_path: Path) -> None:
    peps = propose_format(LOGS / "peps").store_table()["record"]
    assert peps["records"] == ["pep-[0-9]*.rst"] and peps["metadata"] == ["header-block"]
    assert {key: peps["fields"][key] for key in ("id", "status", "date", "superseded_by", "replaces")} == {
        "id": "pep", "status": "status", "date": "created", "superseded_by": "superseded-by", "replaces": "replaces"}
    keps = propose_format(LOGS / "keps").store_table()["record"]
    assert (keps["records"], keps["metadata"], keps["sidecar"]) == (["README.md"], ["sidecar"], "kep.yaml")
    assert keps["fields"]["id"] == "kep-number" and keps["fields"]["status"] == "status"


def test_a_folder_with_nothing_recognisable_gets_one_line_and_exit_2(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("# Notes\n\nNothing decided here.\n")
    (tmp_path / "data.bin").write_bytes(bytes(range(256)))
    result = cli("formats", "propose", str(tmp_path))
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "nothing here reads as decision records" in result.stderr
    missing = cli("formats", "propose", str(tmp_path / "missing"))
    assert missing.exit_code == 2 and "not a folder" in missing.stderr


def test_a_programs_comments_are_no_headings_and_its_lines_no_fields(tmp_path: Path) -> None:
    """A script's `#` comments read like Markdown headings (`# check that the status ...`): a program's source is never
    proposed as a record, beside records or alone."""
    script = "#!/bin/sh\n# Status\n# check that each status is a defined status\nStatus: Final\nexit 0\n"
    write_status_headings(tmp_path / "log")
    (tmp_path / "log" / "validate-0001.sh").write_text(script)
    (tmp_path / "log" / "tools.py").write_text("# Status\n# Accepted\nSTATUS = 'Accepted'\n")
    record = propose_format(tmp_path / "log").store_table()["record"]
    assert not any(glob.endswith((".sh", ".py")) for glob in record["records"])
    (tmp_path / "scripts").mkdir()
    for number in (1, 2):
        (tmp_path / "scripts" / f"validate-{number:04}.sh").write_text(script)
    alone = cli("formats", "propose", str(tmp_path / "scripts"))
    assert alone.exit_code == 2 and "programs aside" in alone.stderr


def test_links_and_pipes_in_the_folder_are_counted_in_the_walks_own_words_and_never_opened(tmp_path: Path) -> None:
    write_field_lists(tmp_path / "log")
    outside = tmp_path / "outside.rst"
    outside.write_text("=======\nNEP 9\n=======\n\n:Status: Accepted\n")
    (tmp_path / "log" / "nep-0009.rst").symlink_to(outside)
    (tmp_path / "log" / "nep-0010.rst").symlink_to(tmp_path / "log" / "nep-0001.rst")
    os.mkfifo(tmp_path / "log" / "nep-0011.rst")  # opened, it would block the proposal
    proposal = propose_format(tmp_path / "log")
    assert proposal.counts.records == 4
    assert {reason: proposal.counts.not_read[reason] for reason in (regular.LINK_OUT, regular.LINK_INSIDE, regular.PIPE)} == {
        regular.LINK_OUT: 1, regular.LINK_INSIDE: 1, regular.PIPE: 1}


def test_formats_list_names_the_presets() -> None:
    result = cli("formats", "list")
    assert [line.split()[0] for line in result.stdout.splitlines()] == ["adr", "kep", "pep"]
    assert set(json.loads(cli("formats", "list", "--format", "json").stdout)) == {"adr", "kep", "pep"}
