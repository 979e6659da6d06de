"""examples/demo.sh end to end against the test server: the story a newcomer sees in the first minute."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from provgraph.graph.connection import Graph

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "examples" / "demo.sh"
CLI = Path(sys.executable).with_name("provgraph")
TIMEOUT = float(os.environ.get("PROVGRAPH_DEMO_TIMEOUT", "180"))  # a loaded 2-core machine needs ~60 s
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _demo(graph: Graph, out: Path, **extra: str) -> tuple[subprocess.CompletedProcess, float]:
    env = dict(os.environ, NEO4J_URI=os.environ["NEO4J_URI"], PROVGRAPH=str(CLI), PROVGRAPH_DEMO_OUT=str(out), **extra)
    env.pop("PROVGRAPH_DEMO_FORCE", None)
    started = time.monotonic()
    try:
        done = subprocess.run(["bash", str(DEMO)], env=env, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        pytest.skip(f"examples/demo.sh took more than {TIMEOUT:.0f}s on this machine")
    return done, time.monotonic() - started


@pytest.mark.long(30)
def test_demo_tells_the_whole_story_and_writes_the_report(graph: Graph, tmp_path: Path) -> None:
    assert CLI.exists(), f"no provgraph script next to {sys.executable}"
    done, _ = _demo(graph, tmp_path / "report")
    output = _ANSI.sub("", done.stdout)
    assert done.returncode == 0, output + done.stderr
    assert "Traceback" not in output + done.stderr
    lines = output.splitlines()

    def has(pattern: str) -> bool:
        return any(re.search(pattern, line) for line in lines)

    # status: a decision superseded by a later ADR and one by a ticket, a card corrected by a log, a stale premise
    assert has(r"^STALE\s+SUPERSEDED\s+ADR-0001 .*-> ADR-0003")
    assert has(r"^STALE\s+SUPERSEDED\s+ADR-0002 .*-> acme/payments#57")
    assert has(r"^STALE\s+CORRECTED\s+card:retry-limit .*-> dec-2")
    assert has(r"^UNKNOWN\s+PREMISE_NOT_CURRENT card:settlement-sql .*needs ADR-0001")
    assert has(r"^CONFLICT\s+RIVAL_CLAIM\s+PAY-210 ")
    assert has(r"^RIVAL_CLAIM\s+PAY-210 <> acme/payments#61")  # provgraph conflicts
    if "== 4." in output:  # adjudicate is installed
        assert has(r"^STALE\s+SUPERSEDED\s+PAY-210 .*-> acme/payments#61")
    if "== 4b." in output:  # suspects is installed: the unlinked revision is found, then confirmed
        assert has(r"^\d\.\d\d\s+PAY-220 -> PAY-231 ")
        assert has(r"^STALE\s+SUPERSEDED\s+PAY-220 .*-> PAY-231")
    if "== 5a." in output:  # verify is installed
        assert output.index("SUPPORTED_BY_CURRENT_SOURCE") < output.index("== 5b.") < output.index("STALE_EVIDENCE")
        assert "(verify exited 1: not supported" in output
    assert "flowchart BT" in output  # lineage --format mermaid
    assert has(r"^\d+ claims; first run: ")
    assert has(r"since .*: 1 newly STALE")
    assert "(report exited 1: --fail-on new-stale tripped" in output

    report = json.loads((tmp_path / "report" / "report.json").read_text())
    assert [row["claim"] for row in report["changes"]["new-stale"]] == ["card:settlement-sql"]
    assert report["tripped"] == {"new-stale": 1}
    assert [(row["successor"], row["predecessor"]) for row in report["one_sided"]] == [("ADR-0003", "ADR-0001")]
    assert "```mermaid" in (tmp_path / "report" / "report.md").read_text()
    if "== 8b." in output:  # site is installed: the story's site beside the report, the retired ADR's page first
        assert "open " in output and (tmp_path / "report" / "site" / "index.html").is_file()
        assert "superseded by" in (tmp_path / "report" / "site" / "d" / "ADR-0001.html").read_text()
    stores = {row["store"] for row in graph.read("MATCH (s:Store) RETURN s.name AS store")}
    assert stores == {"adr", "github", "jira", "decisions", "board", "scan"}  # scan: step 6b's citations
    if "== 6b." in output:  # scan is installed: the src/ folder still cites ADR-0001, three times
        assert output.count("-> cite ADR-0003") == 3 and "(scan exited 1: --fail-on stale tripped" in output
        assert report["citing_retired"] == [{"store": "adr", "citations": 3, "files": 2, "STALE": 3, "CONFLICT": 0,
                                             "UNKNOWN": 0, "UNRESOLVED": 0}]


def test_demo_refuses_to_wipe_a_graph_with_stores_it_did_not_make(graph: Graph, tmp_path: Path) -> None:
    graph.write("CREATE (:Store {name: 'production-adrs', kind: 'files'})")
    done, _ = _demo(graph, tmp_path / "report")
    assert done.returncode == 2
    assert "holds stores the demo did not make" in done.stderr
    assert graph.read("MATCH (s:Store {name: 'production-adrs'}) RETURN count(s) AS n")[0]["n"] == 1
