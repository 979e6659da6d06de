"""`python -m bench.real_logs.propose_check` at the size of its fixtures (tests/fixtures/proposal_logs/), so it does
not rot: the proposal is applied unedited through `ingest --config`, the preset through the pipeline, and the two
readings are compared record by record. No timing is asserted; the numbers are bench/README.md's."""
from __future__ import annotations

from pathlib import Path

from bench.real_logs.propose_check import check, report

LOGS = Path(__file__).resolve().parent / "fixtures" / "proposal_logs"


def test_the_proposal_for_the_pep_sample_reads_what_the_pep_preset_reads_but_a_premise_the_sample_lacks(graph):
    found = check(graph, "peps", LOGS / "peps", "pep")
    assert len(found.by_preset) == 7 and found.by_proposal.keys() == found.by_preset.keys() and found.files == 8
    # PEP 255 says `Requires: 234`, a PEP the sample does not hold: the proposal declares a link role only when its
    # values name records of the folder, so it leaves `requires` as a check line; the preset reads it as a premise
    differ = [path for path in found.both if found.by_preset[path][0] != found.by_proposal[path][0]]
    assert differ == ["peps/pep-0255.rst"] and "check: requires is not declared" in found.toml
    assert report(found)[0].startswith("peps (preset pep): proposal ")
