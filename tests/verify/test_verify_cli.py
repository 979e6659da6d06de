"""`provgraph verify` / `provgraph adjudicate` on the command line: output, batch JSONL, exit codes."""
from __future__ import annotations

import json

import pytest
from verify_helpers import ingest_sessions, run

from provgraph.engine.verify import verify_batch
from provgraph.graph.connection import Graph

SCOPE = ["--scope", "user/u1", "--subject", "user.location"]


@pytest.fixture
def sessions(graph: Graph, tmp_path) -> Graph:
    ingest_sessions(graph, tmp_path)
    return graph


def test_verify_exit_codes_follow_the_verdict(sessions: Graph) -> None:
    incomplete = run("verify", "--evidence", "s13", "--candidates", "s13", *SCOPE)
    assert incomplete.exit_code == 1
    out = json.loads(incomplete.stdout)
    assert out["verdict"] == "REVISION_CLOSURE_INCOMPLETE" and out["missing"] == ["s33"]
    assert set(out) >= {"verdict", "evidence", "missing", "explanation", "question"}
    assert out["question"] == {"scope": "user/u1", "at": None, "subject": "user.location"}
    assert incomplete.stderr.count("\n") == 1 and "REVISION_CLOSURE_INCOMPLETE" in incomplete.stderr
    assert "Traceback" not in incomplete.stderr

    assert run("adjudicate", "--keep", "s33", "--retire", "s13", "--by", "me").exit_code == 0
    supported = run("verify", "--evidence", "s33", "--candidates", "s13", "--candidates", "s33", *SCOPE)
    assert supported.exit_code == 0, supported.output
    assert json.loads(supported.stdout)["verdict"] == "SUPPORTED_BY_CURRENT_SOURCE" and supported.stderr == ""

    text = run("verify", "--evidence", "s13", "--candidates", "s13,s33", *SCOPE, "--format", "text")
    assert text.exit_code == 1
    lines = text.stdout.splitlines()
    assert lines[0] == "STALE_EVIDENCE" and "cite s33 instead" in lines[1]
    assert any("SUPERSEDED" in line and "s13" in line for line in lines)
    assert lines[-1] == "missing: none"


def test_verify_json_is_byte_identical_on_two_runs(sessions: Graph) -> None:
    args = ["verify", "--evidence", "s13", "--evidence", "nope", "--candidates", "s13", *SCOPE, "--at", "2026-06-01"]
    first, second = run(*args), run(*args)
    assert first.exit_code == second.exit_code == 1
    assert first.stdout_bytes == second.stdout_bytes


def test_verify_usage_errors_exit_2(sessions: Graph) -> None:
    assert run("verify").exit_code == 2
    assert run("verify", "--evidence", "s13@sha256:nothex").exit_code == 2
    assert run("verify", "--evidence", "s13", "--at", "yesterday-ish").exit_code == 2
    both = run("verify", "--evidence", "s13", "--batch", "-", input="")
    assert both.exit_code == 2 and "--batch" in both.stderr


def test_adjudicate_cli_prints_the_uid_and_refuses_unknown_ids(sessions: Graph) -> None:
    made = run("adjudicate", "--keep", "s33", "--retire", "s13", "--why", "moved", "--at", "2026-03-04")
    assert made.exit_code == 0
    uid = made.stdout.strip()
    assert uid.startswith("adj:") and len(uid) == len("adj:") + 12
    assert run("adjudicate", "--keep", "s33", "--retire", "nope").exit_code == 2
    assert run("adjudicate", "--keep", "s33").exit_code == 2
    assert run("adjudicate", "--revoke", "adj:nope").exit_code == 2
    assert run("adjudicate", "--revoke", uid, "--keep", "s33").exit_code == 2
    revoked = run("adjudicate", "--revoke", uid, "--at", "2026-04-01")
    assert revoked.exit_code == 0  # says what it revoked, not only the uid (issue 22)
    assert revoked.stdout.startswith(f"revoked {uid} from 2026-04-01T00:00:00Z: it kept s33 over s13")
    assert revoked.stdout.rstrip().endswith(": moved)")
    again = run("adjudicate", "--revoke", uid)
    assert again.exit_code == 2 and "already revoked" in again.stderr


def test_batch_answers_every_line_in_order_and_reports_bad_lines(sessions: Graph, tmp_path) -> None:
    lines = [
        json.dumps({"id": "q1", "scope": "user/u1", "subject": "user.location", "evidence": ["s13"], "candidates": ["s13"]}),
        "{not json",
        "",
        json.dumps({"scope": "user/u1", "evidence": [], "candidates": None}),
        json.dumps({"id": 7, "scope": "user/u1", "at": "whenever", "evidence": ["s33"], "candidates": ["s33"]}),
        json.dumps({"evidence": [{"claim": "s33", "snapshot": "sha256:" + "0" * 64}], "candidates": ["s33"]}),
        json.dumps({"scope": "user/u1", "subject": "user.location", "evidence": ["s33"], "candidates": None}),
        json.dumps(["not", "an", "object"]),
    ]
    path = tmp_path / "requests.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("verify", "--batch", str(path))
    assert result.exit_code == 1
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert [o["line"] for o in out] == [1, 2, 4, 5, 6, 7, 8]  # counted as in the file: the blank line 3 is skipped
    assert [o["verdict"] for o in out] == [
        "REVISION_CLOSURE_INCOMPLETE", None, None, None, "SNAPSHOT_UNBOUND", "CANDIDATE_SET_UNBOUND", None]
    assert out[0]["id"] == "q1" and out[0]["missing"] == ["s33"]
    assert out[3]["id"] == 7  # echoed on an error line too
    assert "not JSON" in out[1]["error"] and "evidence" in out[2]["error"] and "--at" in out[3]["error"]
    assert "object" in out[6]["error"]
    assert "error" not in out[0]
    assert "7 request(s) not supported" in result.stderr


def test_batch_from_stdin_exits_0_when_every_line_is_supported(sessions: Graph) -> None:
    assert run("adjudicate", "--keep", "s33", "--retire", "s13").exit_code == 0
    request = {"scope": "user/u1", "subject": "user.location", "evidence": ["s33"], "candidates": ["s13", "s33"]}
    result = run("verify", "--batch", "-", input=(json.dumps(request) + "\n") * 3)
    assert result.exit_code == 0, result.output
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert [o["verdict"] for o in out] == ["SUPPORTED_BY_CURRENT_SOURCE"] * 3


def test_batch_uses_one_session_for_every_request(sessions: Graph, monkeypatch) -> None:
    opened = []
    real = sessions.driver.session

    def counting(*args, **kwargs):
        opened.append(kwargs)
        return real(*args, **kwargs)

    monkeypatch.setattr(sessions.driver, "session", counting)
    request = {"scope": "user/u1", "evidence": ["s13"], "candidates": ["s13"]}
    out = list(verify_batch(sessions, [request, json.dumps(request), request]))
    assert len(out) == 3 and len(opened) == 1
    assert out[0] | {"line": 0} == out[2] | {"line": 0}


def test_a_batch_of_many_chunks_answers_every_line_in_order_with_chunks_asked_at_once(sessions: Graph) -> None:
    from provgraph.engine.verify.judge import REQUESTS_PER_QUERY

    stale = {"scope": "user/u1", "subject": "user.location", "evidence": ["s13"], "candidates": ["s13", "s33"]}
    unknown = {"scope": "user/u1", "subject": "user.location", "evidence": ["nope"], "candidates": ["s13", "s33"]}
    lines = []
    for i in range(2 * REQUESTS_PER_QUERY + 57):  # three chunks and part of a fourth
        lines.append("{not json" if i % 97 == 5 else json.dumps({**(stale if i % 3 else unknown), "id": i}))
    one = list(verify_batch(sessions, lines, suspects=False, workers=1))
    two = list(verify_batch(sessions, lines, suspects=False, workers=2))
    assert one == two
    assert [o["line"] for o in two] == list(range(1, len(lines) + 1))
    assert [o.get("id") for o in two] == [None if i % 97 == 5 else i for i in range(len(lines))]
    [alone_stale] = verify_batch(sessions, [stale], suspects=False)
    [alone_unknown] = verify_batch(sessions, [unknown], suspects=False)
    assert alone_stale["verdict"] != alone_unknown["verdict"]
    assert {o["verdict"] for i, o in enumerate(two) if i % 97 != 5 and i % 3} == {alone_stale["verdict"]}
    assert {o["verdict"] for i, o in enumerate(two) if i % 97 != 5 and not i % 3} == {alone_unknown["verdict"]}
    assert all(o["verdict"] is None and "error" in o for i, o in enumerate(two) if i % 97 == 5)


def test_a_batch_stopped_early_asks_no_more_chunks(sessions: Graph, monkeypatch) -> None:
    from provgraph.engine.verify import judge

    asked = []
    real = judge._answered
    monkeypatch.setattr(judge, "_answered", lambda *args: asked.append(1) or real(*args))
    request = {"scope": "user/u1", "evidence": ["s13"], "candidates": ["s13"]}
    batch = verify_batch(sessions, [request] * (10 * judge.REQUESTS_PER_QUERY), suspects=False, workers=2)
    assert next(batch)["line"] == 1
    batch.close()
    assert len(asked) <= 3  # the chunk read and at most two asked ahead, of ten


def test_database_unreachable_exits_3(monkeypatch) -> None:
    monkeypatch.setenv("NEO4J_URI", "bolt://127.0.0.1:9")
    assert run("verify", "--evidence", "s13", "--candidates", "s13").exit_code == 3
