"""General reading defects the fifth held-out check found in the declared reader (issue 55, bench/HISTORY.md "A fifth
fresh check"): samples of public logs in tests/fixtures/heldout5/ (SOURCES.md says where from), each read with the
declaration the check wrote for its log (bench/logs/NAME.toml). Real Neo4j for what the status rules judge."""
from __future__ import annotations

from pathlib import Path

from ingest_run import FIXTURES

from provgraph.engine.status import status
from provgraph.graph.connection import Graph
from provgraph.ingest.config import load_config
from provgraph.ingest.formats import headings
from provgraph.ingest.pipeline import ingest

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
