"""`python -m bench.real_logs.stated` at the size of its fixtures (tests/fixtures/proposal_logs/), so it does not rot:
the oracle reads each record's stated status itself, the run ingests the log through the real pipeline, and every
record the oracle reads is judged. No timing is asserted; the numbers are bench/README.md's."""
from __future__ import annotations

from pathlib import Path

from bench.real_logs.stated import compare, oracle, report, run_log

LOGS = Path(__file__).resolve().parent / "fixtures" / "proposal_logs"


def test_the_stated_logs_bench_judges_every_fixture_pep_the_oracle_reads(graph):
    stated = oracle(LOGS / "peps", "pep")
    assert stated and all(item.word for item in stated)
    result = run_log(graph, "peps", LOGS / "peps", "pep", git=False)
    assert result.stated == stated
    counted, dropped, mismatches, right, _share = compare(result.stated, result.judged)
    assert counted and dropped == []  # every record in the oracle's words has a claim
    # PEP 255 states Final and requires a PEP the sample leaves out: provgraph judges it UNKNOWN PREMISE_NOT_CURRENT
    assert (len(counted), right) == (6, 5)
    assert [(s.path, got[:2]) for s, got in mismatches] == [("peps/pep-0255.rst", ("UNKNOWN", "PREMISE_NOT_CURRENT"))]
    assert report(result)[0].startswith("peps (preset pep)")
