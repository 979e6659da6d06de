"""General reading defects the fifth held-out check found in the declared reader (issue 55, bench/HISTORY.md "A fifth
fresh check"): samples of public logs in tests/fixtures/heldout5/ (SOURCES.md says where from), each read with the
declaration the check wrote for its log (bench/logs/NAME.toml). Real Neo4j for what the status rules judge."""
from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

from ingest_run import FIXTURES

from provgraph.engine.status import status
from provgraph.graph.connection import Graph
from provgraph.ingest.config import load_config
from provgraph.ingest.formats import headings
from provgraph.ingest.formats.patterns import patterned
from provgraph.ingest.formats.declaration import RecordFormat, compiled, declared
from provgraph.ingest.formats.reader import Version, read_record
from provgraph.ingest.pipeline import ingest
from provgraph.ingest.records import IngestOptions, Observation

SAMPLES = FIXTURES / "heldout5"
PPCS = 'records = ["ppc[0-9]*.md"]\nmetadata = ["header-block"]\nsection = "Preamble"\nid = "PPC {id}"\n' \
       '[store.record.fields]\nid = "ID"\nstatus = "Status"\n'


def _statuses(graph: Graph) -> dict[str, tuple[str, str]]:
    return {row.claim: (row.status, row.reason) for row in status(graph)}


def _ingest(graph: Graph, tmp_path: Path, folder: str, record: str) -> list[str]:
    """The sample folder ingested by the declaration `record` (a `[store.record]` table's body); its reading lines."""
    config = tmp_path / "provgraph.toml"
    config.write_text(f'[[store]]\nname = "{folder}"\nkind = "files"\npath = "{(SAMPLES / folder).as_posix()}"\n'
                      f'[store.record]\n{record}', encoding="utf-8")
    (store,) = load_config(config)
    return ingest(graph, "files", store.path, store=folder, options=store.options).readings


def test_a_declared_section_matches_its_heading_spelled_with_a_diacritic(graph: Graph, tmp_path: Path) -> None:
    # Perl PPC 4 writes `## Preämble`, PPC 13 `## Preamble`: both are the declared `Preamble`, so both are claims
    readings = _ingest(graph, tmp_path, "ppcs", PPCS)
    assert _statuses(graph) == {"PPC 4": ("ACTIVE", "CURRENT"), "PPC 13": ("ACTIVE", "CURRENT")}
    assert not any("sources only" in line for line in readings)


def test_a_heading_is_named_in_any_case_spacing_or_accent() -> None:
    for written in ("## Preämble", "## PREAMBLE", "##   Pre\u0301amble  ", "Preämble\n========", "==Preämble==",
                    "## \uff30\uff32\uff25\uff21\uff2d\uff22\uff2c\uff25"):  # a combining accent; full-width letters
        lines = ["# Title", "", *written.split("\n"), "", "    Status: Final", "", "## Next", "text"]
        found = headings.section(lines, "preamble")
        assert found is not None and found[1][1] == "    Status: Final", written
    fields = headings.heading_fields(["# T", "", "## Décision   STATUS", "", "Accepted"], frozenset({"decision status"}))
    assert fields["decision status"].value == "Accepted"


XEPS = ('records = ["xep-[0-9][0-9][0-9][0-9].xml"]\nid = "XEP-{id:04}"\naliases = ["XEP {id}", "xep-{id:04}"]\n'
        "patterns = { id = '^\\s*<number>(\\d+)</number>', status = '^\\s*<status>([^<]+)</status>', "
        "replaces = '<supersedes>\\s*<spec>([^<]+)</spec>', superseded_by = '<supersededby>\\s*<spec>([^<]+)</spec>' }\n"
        '[store.record.words]\ndraft = "accepted"\n')


def test_a_link_pattern_gives_every_match_and_a_value_pattern_its_first() -> None:
    lines = ["Status: Draft", "Requires: 12", "Status: Final", "Notes", "Requires: 14, 15", "", "- after: 3"]
    declared_patterns = {role: compiled(pattern) for role, pattern in
                         (("status", r"^Status:\s*(.+)$"), ("requires", r"^Requires:\s*(.+)$"))}
    found = patterned(lines, declared_patterns, frozenset({"requires"}))
    assert (found["status"].value, found["status"].line) == ("Draft", 1)
    assert (found["requires"].value, found["requires"].line) == (["12", "14, 15"], 2)
    bullets = ["superseded-by:", "  - TEP-0107", "  - TEP-0108", "  -", "  - TEP-0200", "status: implemented"]
    found = patterned(bullets, {"superseded_by": compiled(r"^superseded-by:\s*-\s*(\S+)")},
                      frozenset({"superseded_by"}))
    assert found["superseded_by"].value == ["TEP-0107", "TEP-0108"]  # the list ends where a line is no value


EEPS = ('records = ["eep-[0-9]*.md"]\nmetadata = ["header-block"]\nid = "EEP {id}"\naliases = ["EEP-{id:04}", "eep-{id:04}"]\n'
        "patterns = { id = '^\\s*EEP:?\\s+(\\d+)' }\n[store.record.fields]\nstatus = \"Status\"\ndate = \"Created\"\n"
        'requires = "Requires"\nreplaces = "Replaces"\nreplaced_by = "Replaced-By"\n')


@pytest.mark.parametrize(("log", "declaration", "statuses", "supersessions"), [
    # XEP-0084 (Draft: XEP-0001's Stable) supersedes XEP-0008 and XEP-0153, one `<spec>` a line: the pattern names the
    # first, the lines written alike the rest; XEP-0008 names both successors the same way
    pytest.param("xeps", XEPS, {"XEP-0084": ("ACTIVE", "CURRENT"), "XEP-0008": ("STALE", "SUPERSEDED"),
                                "XEP-0153": ("STALE", "SUPERSEDED")},
                 [("XEP-0084", "XEP-0008"), ("XEP-0084", "XEP-0153"), ("XEP-0153", "XEP-0008")],
                 id="a link pattern reads every value of a list"),
    # EEP 9: `Status: Final/R-34 Replaced with EEP-11 and EEP-31 except ...`, no `Replaced-By:` line
    pytest.param("eeps", EEPS, {"EEP 9": ("STALE", "SUPERSEDED"), "EEP 11": ("ACTIVE", "CURRENT"),
                                "EEP 31": ("ACTIVE", "CURRENT")},
                 [("EEP 11", "EEP 9"), ("EEP 31", "EEP 9")],
                 id="successors named only in the status words replace the record"),
])
def test_successors_read_from_a_pattern_list_or_the_status_words(
        graph: Graph, tmp_path: Path, log: str, declaration: str, statuses: dict[str, tuple[str, str]],
        supersessions: list[tuple[str, str]]) -> None:
    _ingest(graph, tmp_path, log, declaration)
    assert _statuses(graph) == statuses
    assert _supersessions(graph) == supersessions


def _supersessions(graph: Graph) -> list[tuple[str, str]]:
    rows = graph.read("MATCH (a:Claim)-[:SUPERSEDES]->(b:Claim) RETURN a.uid AS a, b.uid AS b ORDER BY a, b")
    return [(row["a"], row["b"]) for row in rows]


def _edges(fmt: RecordFormat, text: str) -> list[tuple[str, str, str]]:
    read = read_record(fmt, Version("eep-0002.md", datetime(2025, 1, 1, tzinfo=timezone.utc)), text.encode(),
                       IngestOptions(store="eeps"))
    (observed,) = [record for record in read.records if isinstance(record, Observation)]
    return [(edge.kind, edge.from_ref, edge.to_ref) for edge in observed.edges]


def test_a_status_names_successors_only_by_ids_and_only_when_no_field_names_them() -> None:
    fmt = declared({"records": ["eep-*.md"], "metadata": ["header-block"], "id": "EEP {id}", "aliases": ["EEP-{id:04}"],
                    "fields": {"id": "EEP", "status": "Status", "replaced_by": "Replaced-By"}})
    assert _edges(fmt, "EEP: 2\nStatus: Final Replaced by EEP 33\nReplaced-By: 34\n") == [("SUPERSEDES", "EEP 34", "EEP 2")]
    assert _edges(fmt, "EEP: 2\nStatus: Final Replaced by EEP 33\n") == [("SUPERSEDES", "EEP 33", "EEP 2")]
    assert _edges(fmt, "EEP: 2\nStatus: Superseded by 12, 13 & EEP-0014.\n") == [
        ("SUPERSEDES", "EEP 12", "EEP 2"), ("SUPERSEDES", "EEP 13", "EEP 2"), ("SUPERSEDES", "EEP 14", "EEP 2")]
    for words in ("Final, superseded by version 3", "Superseded by 2.0", "Replaced with R16 and EEP 4", "Superseded"):
        assert _edges(fmt, f"EEP: 2\nStatus: {words}\n") == [], words  # no id of this log right after the verb
