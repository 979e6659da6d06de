"""bench.citations.scan at a toy size, so it does not rot: its generated repository is scanned, re-scanned and partly
changed, and every citation matches the generator's truth. No timing is asserted here."""
from __future__ import annotations

from bench.citations.scan import generated

from provgraph.api import Provgraph


def test_bench_scan_finds_every_generated_citation_and_flags_only_retired_ones(graph) -> None:
    result = generated(Provgraph(graph), 30, seed=3)
    assert result["files"] == 30 and result["citations_written"] == result["citations_generated"]
    assert result["rescan_written"] == 0 and result["changed_20_written"] == result["changed_files"] == 18
    assert result["flagged"] > 0 and result["flagged_wrongly"] == 0 and result["governing_missed"] == 0
