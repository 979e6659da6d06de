"""A proposal applied unedited reads each log with the statuses its records state; an ingest that reads no record
prints a proposal and never applies it. Real Neo4j."""
from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Callable

import pytest
from cli_helpers import run as cli
from proposal_samples import (Stated, write_bullets, write_field_lists, write_folders, write_front_matter_stage,
                              write_header_blocks, write_preamble_fences, write_quoted_status, write_sidecars,
                              write_status_headings, write_status_lines, write_tables)

from provgraph.api import Provgraph
from provgraph.engine.status import status
from provgraph.graph.connection import Graph
from provgraph.ingest.formats.proposal import propose_format
from provgraph.ingest.pipeline import ingest

# the status each sample's records state, as the status rule judges it
JUDGED = {"final": "ACTIVE", "implemented": "ACTIVE", "implementable": "ACTIVE", "accepted": "ACTIVE", "draft": "UNKNOWN",
          "provisional": "UNKNOWN", "proposed": "UNKNOWN", "deferred": "UNKNOWN", "returned for revision": "UNKNOWN",
          "evergreen": "UNKNOWN", "discussion": "UNKNOWN",
          "rejected": "STALE", "deprecated": "STALE", "withdrawn": "STALE", "discontinued": "STALE", "superseded": "STALE"}
# records that state an accepting word but are superseded by a link another record states
LINKED = {"caps/cap-0001.rst": "STALE", "proposals/sig-b/11-thing-11/README.md": "STALE"}


def _by_path(graph: Graph) -> dict[str, tuple[str, str]]:
    return {(row.source or "").split(":", 1)[-1]: (row.status, row.reason) for row in status(graph)}


@pytest.mark.parametrize("write", [write_header_blocks, write_sidecars, write_front_matter_stage, write_field_lists,
                                   write_bullets, write_folders, write_preamble_fences, write_status_lines,
                                   write_status_headings, write_quoted_status, write_tables], ids=lambda write: write.__name__)
def test_a_proposal_applied_unedited_judges_each_record_as_it_states(write: Callable[[Path], Stated], graph: Graph,
                                                                      tmp_path: Path) -> None:
    stated = write(tmp_path / "log")
    config = tmp_path / "provgraph.toml"
    config.write_text(propose_format(tmp_path / "log", name="log").to_toml(), encoding="utf-8")
    Provgraph(graph).ingest_config(config)
    judged = _by_path(graph)
    expected = {path: LINKED.get(path, JUDGED[word.casefold()]) for path, word in stated.items()}
    assert {path: judged.get(path, ("no claim",))[0] for path in stated} == expected
    unknown = [path for path, word in stated.items() if word in ("Evergreen", "Discussion")]
    assert all(judged[path] == ("UNKNOWN", "UNRECOGNISED_STATUS") for path in unknown)


def test_an_ingest_that_reads_no_record_prints_a_proposal_and_applies_nothing(graph: Graph, tmp_path: Path) -> None:
    write_header_blocks(tmp_path / "log")
    before = sorted(path.relative_to(tmp_path).as_posix() for path in tmp_path.rglob("*"))
    result = cli("ingest", "files", str(tmp_path / "log"), "--store", "caps")
    assert result.exit_code == 0, result.stderr
    table = result.stdout.split("\n    [[store]]", 1)[1]
    proposed = tomllib.loads("[[store]]" + table)["store"][0]  # the block is the table, indented
    assert proposed["record"]["records"] == ["cap-[0-9]*.rst"] and proposed["name"] == "caps"
    assert "a declaration is proposed below, not applied: 5 of 7 files would be read as records" in result.stdout
    assert graph.read("MATCH (c:Claim) RETURN count(c) AS n")[0]["n"] == 0
    assert sorted(path.relative_to(tmp_path).as_posix() for path in tmp_path.rglob("*")) == before
    again = json.loads(cli("ingest", "files", str(tmp_path / "log"), "--store", "caps", "-o", "json").stdout)
    assert again["claims_written"] == 0 and again["snapshots_added"] == 0
    assert again["proposal"]["store"]["record"] == proposed["record"]
    assert graph.read("MATCH (c:Claim) RETURN count(c) AS n")[0]["n"] == 0


def test_an_ingest_of_front_matter_without_a_status_key_proposes_the_key_it_keeps_it_under(graph: Graph,
                                                                                         tmp_path: Path) -> None:
    write_front_matter_stage(tmp_path)
    summary = ingest(graph, "files", tmp_path, store="ideas")  # front matter: claims, none with a status
    assert summary.claims_written == 5 and {row.declared for row in status(graph)} == {None}
    assert summary.proposal is not None and summary.proposal["store"]["record"]["fields"]["status"] == "stage"
    assert any(line.startswith("a declaration is proposed below") for line in summary.readings)


def test_an_ingest_that_reads_records_proposes_nothing(graph: Graph, tmp_path: Path) -> None:
    write_bullets(tmp_path)
    summary = ingest(graph, "files", tmp_path, store="features")  # the default reading takes `* Status:` bullets
    assert summary.claims_written == 4 and summary.proposal is None
    assert not any("proposed" in line for line in summary.readings)
