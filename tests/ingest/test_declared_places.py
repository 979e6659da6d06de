"""Fields declared where they stand (issue 55): a preamble fence under `## Preamble` (section + block), `status:`
lines after an RST title (lines), a field named by a heading (headings), and a pattern, the last resort; the same
records through provgraph.toml and through the command line, and a bad pattern refused before anything is read.
Samples in tests/fixtures/declared_places/ (SOURCES.md says where from). Real Neo4j."""
from __future__ import annotations

from pathlib import Path

from cli_helpers import run as cli
from ingest_run import FIXTURES

from provgraph.engine.status import status
from provgraph.graph.connection import Graph
from provgraph.ingest.config import files_options, load_config, record_table
from provgraph.ingest.pipeline import ingest

PLACES = FIXTURES / "declared_places"
APE_FIELDS = ["--records", "APE*.rst", "--field", "status=status", "--field", "date=date-created"]


def _statuses(graph: Graph) -> dict[str, tuple[str, str]]:
    return {row.claim: (row.status, row.reason) for row in status(graph)}


def _config(tmp_path: Path, path: Path, record: str) -> Path:
    config = tmp_path / "provgraph.toml"
    config.write_text(f'[[store]]\nname = "s"\nkind = "files"\npath = "{path.as_posix()}"\n[store.record]\n{record}')
    return config


def test_a_preamble_fence_under_a_preamble_heading_is_read_by_section_and_block(graph: Graph, tmp_path: Path) -> None:
    config = _config(tmp_path, PLACES / "caps", 'records = ["cap-*.md", "sep-*.md"]\nmetadata = ["block"]\n'
                     'section = "Preamble"\nid = "{id}"\n[store.record.fields]\nid = ["CAP", "SEP"]\nstatus = "Status"\n')
    (store,) = load_config(config)
    summary = ingest(graph, "files", store.path, store="caps", options=store.options)
    # Status: Final under ## Preamble (a "Status: Draft" fence under ## Specification is body text); Status: Rejected
    # after "Working Group:" and its indented lines
    assert _statuses(graph) == {"1": ("ACTIVE", "CURRENT"), "35": ("STALE", "REJECTED")}
    assert "1 file(s) read as sources only, not records: 1 with no Preamble heading" in summary.readings
    assert graph.read("MATCH (c:Claim {uid: '1'})-[r:CITED_AT]->() RETURN r.line_start AS start")[0]["start"] == 4


def test_a_block_without_a_section_reads_the_first_fence_holding_fields(graph: Graph) -> None:
    table = record_table(records=["cap-*.md", "sep-*.md"], metadata=["block"], fields=["status=Status", "id=CAP", "id=SEP"],
                         id="{id}")  # a role given twice: either field carries it
    ingest(graph, "files", PLACES / "caps", store="caps", options=files_options(record=table))
    assert _statuses(graph) == {"1": ("ACTIVE", "CURRENT"), "35": ("STALE", "REJECTED"),
                                "3": ("STALE", "WITHDRAWN")}  # SEP 3: Abandoned, given up by its authors


def test_status_lines_after_an_rst_title_read_by_lines_the_same_through_the_cli_and_provgraph_toml(
        graph: Graph, tmp_path: Path) -> None:
    result = cli("ingest", "files", str(PLACES / "apes"), "--store", "apes", "--metadata", "lines", *APE_FIELDS,
                 "-o", "json")
    assert result.exit_code == 0, result.output
    by_cli = _statuses(graph)
    assert by_cli == {"apes:APE3.rst": ("ACTIVE", "CURRENT"), "apes:APE8.rst": ("STALE", "SUPERSEDED"),
                      "apes:APE20.rst": ("ACTIVE", "CURRENT")}
    config = _config(tmp_path, PLACES / "apes", 'records = ["APE*.rst"]\nmetadata = ["lines"]\n'
                     '[store.record.fields]\nstatus = "status"\ndate = "date-created"\n')
    (store,) = load_config(config)
    again = ingest(graph, "files", store.path, store="apes", options=store.options)
    assert _statuses(graph) == by_cli and again.snapshots_unchanged == 3  # the same reading
    assert not any(line.startswith("re-read") for line in again.readings)


def test_a_pattern_declared_status_is_read_through_the_cli_and_provgraph_toml_alike(graph: Graph, tmp_path: Path) -> None:
    pattern = r"^status:\s*(\w+)"
    result = cli("ingest", "files", str(PLACES / "apes"), "--store", "apes", "--records", "APE*.rst",
                 "--pattern", f"status={pattern}", "-o", "json")
    assert result.exit_code == 0, result.output
    by_cli = _statuses(graph)
    assert by_cli["apes:APE8.rst"] == ("STALE", "SUPERSEDED") and by_cli["apes:APE3.rst"][0] == "ACTIVE"
    config = _config(tmp_path, PLACES / "apes", f"records = [\"APE*.rst\"]\n[store.record.patterns]\nstatus = '{pattern}'\n")
    (store,) = load_config(config)
    again = ingest(graph, "files", store.path, store="apes", options=store.options)
    assert _statuses(graph) == by_cli and again.snapshots_unchanged == 3
    assert not any(line.startswith("re-read") for line in again.readings)


def test_a_changed_pattern_re_reads_the_store(graph: Graph) -> None:
    first = record_table(records=["APE*.rst"], patterns=[r"status=^status:\s*(\w+)"])
    ingest(graph, "files", PLACES / "apes", store="apes", options=files_options(record=first))
    taken = record_table(records=["APE*.rst"], patterns=[r"status=^(?:type|status):\s*(\w+)"])  # `type: Process` first
    summary = ingest(graph, "files", PLACES / "apes", store="apes", options=files_options(record=taken))
    assert summary.readings[0].startswith("re-read from scratch: the reading changed")
    # read from `type: Informational` (a record kept as it stands: in force), no longer from `status: Superseded`
    assert _statuses(graph)["apes:APE8.rst"] == ("ACTIVE", "CURRENT")


def test_a_field_named_by_a_heading_gives_the_claim_its_status(graph: Graph, tmp_path: Path) -> None:
    (tmp_path / "0001-a.rst").write_text("Use A\n=====\n\nDecision state\n--------------\n\nRejected\n\nContext\n"
                                         "-------\n\nAccepted by nobody.\n")
    (tmp_path / "0002-b.rst").write_text("Use B\n=====\n\nDecision state\n--------------\n\n* Accepted\n")
    table = record_table(records=["*.rst"], metadata=["headings"], fields=["status=Decision state"])
    ingest(graph, "files", tmp_path, store="h", options=files_options(record=table))
    assert _statuses(graph) == {"h:0001-a.rst": ("STALE", "REJECTED"), "h:0002-b.rst": ("ACTIVE", "CURRENT")}


def test_a_bad_pattern_is_refused_in_one_line_with_exit_2_before_anything_is_read(graph: Graph) -> None:
    for pattern in ("status=^Status: (unclosed", r"status=^Status:\s*\w+"):
        result = cli("ingest", "files", str(PLACES / "apes"), "--records", "APE*.rst", "--pattern", pattern)
        assert result.exit_code == 2
        assert len(result.output.strip().splitlines()) == 1 and "patterns.status" in result.output
    assert graph.read("MATCH (n:Source|Store) RETURN count(n) AS n")[0]["n"] == 0
    said = cli("ingest", "files", str(PLACES / "apes"), "--records", "APE*.rst", "--pattern", "status=(x)",
               "--metadata", "adr", "-o", "json")
    assert said.exit_code == 2 and "not to adr" in said.output


def test_the_docs_worked_example_with_a_pattern_reads_as_the_docs_say(graph: Graph, tmp_path: Path) -> None:
    guide = (Path(__file__).resolve().parents[2] / "docs" / "ingest.md").read_text()
    example = guide[guide.index("**A format with no preset, worked through.**"):]
    record = example.split("```rst\n", 1)[1].split("```", 1)[0]
    config = example.split("```toml\n", 1)[1].split("```", 1)[0]
    (tmp_path / "rfcs").mkdir()
    (tmp_path / "rfcs" / "rfc-12.txt").write_text(record)
    (tmp_path / "provgraph.toml").write_text(config)
    (store,) = load_config(tmp_path / "provgraph.toml")
    summary = ingest(graph, "files", store.path, store=store.name, options=store.options)
    assert _statuses(graph)["RFC 12"] == ("ACTIVE", "CURRENT")
    assert sorted(summary.unresolved) == ["RFC 7", "RFC 9"]  # superseded by RFC 12, not ingested here
