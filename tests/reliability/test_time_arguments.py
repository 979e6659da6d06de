"""`--at` and `(DateTime)` parameters: one parser, every command, no traceback for any text a user can type."""
from __future__ import annotations

import json
import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/graphs.py

from graphs import GraphBuilder  # noqa: E402
from reliability_helpers import run_cli  # noqa: E402

from provgraph.base.times import parse_moment  # noqa: E402
from provgraph.base.errors import UsageError  # noqa: E402
from provgraph.cli import cli  # noqa: E402
from provgraph.graph.connection import Graph  # noqa: E402

HUGE = "99999999999999999999"
COMMANDS_WITH_AT = [
    ["status"],
    ["status", "a"],
    ["lineage", "a"],
    ["conflicts"],
    ["verify", "--evidence", "a"],
    ["adjudicate", "--keep", "a", "--retire", "b"],
    ["adjudicate", "--revoke", "adj:000000000000"],
]


@pytest.fixture
def two_claims(graph: Graph) -> GraphBuilder:
    g = GraphBuilder(graph)
    g.claim("a", subject="x", value="1", at="2025-03-01")
    g.claim("b", subject="x", value="2", at="2025-03-01")
    return g


@pytest.mark.parametrize("command", COMMANDS_WITH_AT, ids=lambda c: " ".join(c))
@pytest.mark.parametrize("text", [HUGE, "-1", "2025-13-45", "9999-12-31T23:59:59-01:00", "1700000000", "soon", "1e12"])
def test_a_bad_at_is_one_line_exit_2_on_every_command(two_claims: GraphBuilder, command: list[str], text: str) -> None:
    result = CliRunner().invoke(cli, [*command, "--at", text])
    assert result.exit_code == 2, (result.stderr, result.exception)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("provgraph: --at"), result.stderr
    assert "Traceback" not in result.stderr


def test_a_huge_at_in_a_real_process_is_one_line(two_claims: GraphBuilder, neo4j_settings) -> None:
    result = run_cli(["status", "--at", HUGE], neo4j_settings.uri)
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and "--at" in result.stderr, result.stderr


@pytest.mark.parametrize("command", [["status"], ["lineage", "a"], ["conflicts"], ["verify", "--evidence", "a"]],
                         ids=lambda c: " ".join(c))
def test_at_now_is_accepted_everywhere_at_is(two_claims: GraphBuilder, command: list[str]) -> None:
    result = CliRunner().invoke(cli, [*command, "--at", "now"])
    assert result.exit_code in (0, 1), result.stderr  # 1: verify's finding (a has a rival)
    assert "--at" not in result.stderr


def test_adjudicate_and_revoke_accept_at_now(two_claims: GraphBuilder, graph: Graph) -> None:
    kept = CliRunner().invoke(cli, ["adjudicate", "--keep", "a", "--retire", "b", "--at", "NOW"])
    assert kept.exit_code == 0, kept.stderr
    revoked = CliRunner().invoke(cli, ["adjudicate", "--revoke", kept.stdout.strip(), "--at", "now"])
    assert revoked.exit_code == 0, revoked.stderr


def test_eight_digits_are_a_date_not_epoch_milliseconds(two_claims: GraphBuilder) -> None:
    def status_at(text: str) -> str:
        result = CliRunner().invoke(cli, ["status", "a", "--at", text, "--format", "json"])
        assert result.exit_code == 0, result.stderr
        return json.loads(result.stdout)[0]["reason"]

    assert status_at("20250201") == "NOT_YET_ASSERTED"  # 1 Feb 2025, before the claim (1 March 2025)
    assert status_at("20250601") != "NOT_YET_ASSERTED"  # 1 June 2025; as epoch ms it would be 1970
    assert status_at("1748736000000") != "NOT_YET_ASSERTED"  # epoch ms of 2025-06-01
    assert status_at("2025-02-01") == "NOT_YET_ASSERTED"


def test_the_time_rule() -> None:
    utc = timezone.utc
    assert parse_moment("20250601") == datetime(2025, 6, 1, tzinfo=utc)
    assert parse_moment(20250601) == datetime(2025, 6, 1, tzinfo=utc)  # --param t=20250601 arrives as an int
    assert parse_moment("1748736000000") == datetime(2025, 6, 1, tzinfo=utc)
    assert parse_moment("100000000000") == datetime(1973, 3, 3, 9, 46, 40, tzinfo=utc)  # 12 digits
    assert parse_moment("2025-06-01T14:00:00+02:00") == datetime(2025, 6, 1, 12, tzinfo=utc)
    assert parse_moment("2025-06-01T12:00") == datetime(2025, 6, 1, 12, tzinfo=utc)  # naive = UTC
    assert abs((parse_moment(" Now ") - datetime.now(utc)).total_seconds()) < 60
    for text in (HUGE, "1700000000", "123", "20251301", "", " ", "-5", "1.5", True, None, 1.5):
        with pytest.raises(UsageError):
            parse_moment(text)  # type: ignore[arg-type]


def test_named_query_datetime_params_use_the_same_rule(two_claims: GraphBuilder) -> None:
    ok = CliRunner().invoke(cli, ["query", "snapshots_between", "--param", "from=20250101", "--param", "to=now",
                                  "--format", "json"])
    assert ok.exit_code == 0, ok.stderr
    assert {row["source"] for row in json.loads(ok.stdout)} >= {"test:a", "test:b"}
    before = CliRunner().invoke(cli, ["query", "snapshots_between", "--param", "from=20240101", "--param",
                                      "to=20250101", "--format", "json"])
    assert before.exit_code == 0 and json.loads(before.stdout) == []
    bad = CliRunner().invoke(cli, ["query", "snapshots_between", "--param", f"from={HUGE}", "--param", "to=now"])
    assert bad.exit_code == 2 and bad.stderr.strip().startswith("provgraph: --param from: not a time"), bad.stderr


def test_verify_batch_gives_a_bad_line_its_own_error_and_goes_on(two_claims: GraphBuilder, tmp_path: Path) -> None:
    requests = tmp_path / "requests.jsonl"
    requests.write_text("\n".join([
        json.dumps({"id": "first", "evidence": ["a"], "candidates": ["a", "b"]}),
        "",
        json.dumps({"id": "huge", "evidence": ["a"], "at": HUGE}),
        "   ",
        json.dumps({"id": "after", "evidence": ["a"], "at": "now"}),
        "{not json",
        json.dumps({"id": "last", "evidence": ["a"], "at": "20250601", "candidates": ["a", "b"]}),
    ]) + "\n")
    result = CliRunner().invoke(cli, ["verify", "--batch", str(requests)])
    assert result.exit_code == 1, result.stderr  # a finding, not "unreachable" (3)
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert [row["line"] for row in out] == [1, 3, 5, 6, 7]  # line numbers as in the file, blank lines counted
    assert [row.get("id") for row in out] == ["first", "huge", "after", None, "last"]
    assert out[1]["verdict"] is None and "not a time" in out[1]["error"]
    assert out[3]["verdict"] is None and "not JSON" in out[3]["error"]
    assert out[0]["verdict"] and out[2]["verdict"] and out[4]["verdict"]
    assert out[4]["question"]["at"].startswith("2025-06-01")
