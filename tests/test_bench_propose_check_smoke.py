"""`python -m bench.real_logs.propose_check` at the size of its fixtures (tests/fixtures/proposal_logs/), so it does
not rot: the proposal is applied unedited through `ingest --config`, the preset through the pipeline, and the two
readings are compared record by record. No timing is asserted; the numbers are bench/README.md's."""
from __future__ import annotations

from pathlib import Path

from bench.real_logs.propose_check import check, report

LOGS = Path(__file__).resolve().parent / "fixtures" / "proposal_logs"


def test_the_proposal_for_the_pep_sample_reads_what_the_pep_preset_reads(graph):
    found = check(graph, "peps", LOGS / "peps", "pep")
    assert len(found.by_preset) == 7 and found.by_proposal.keys() == found.by_preset.keys()
    assert found.share == 100.0 and found.files == 8
    assert report(found)[0].startswith("peps (preset pep): proposal ") and "meets 99%" in report(found)[0]
