"""Hostile input for every ingester: records or InputError only (hypothesis, no database), and
through the CLI: exit 0/1/2 with one line and no traceback, nothing already stored lost."""
from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reliability_helpers import HEAVY, REPO, claim_fingerprint, run_cli

from provgraph.base.config import Settings
from provgraph.base.errors import InputError
from provgraph.cli import cli
from provgraph.graph.connection import Graph
from provgraph.ingest import get as get_ingester
from provgraph.ingest.records import FileEnd, IngestOptions, Notice, Observation, Quarantined

EXAMPLES = 400 if HEAVY else 40
INJECTION = [
    "x'}) MATCH (n) DETACH DELETE n //",
    '"}) MATCH (n) DETACH DELETE n RETURN 1 //',
    "`) DETACH DELETE n //",
    "$rows",
    "'; CALL dbms.security.createUser('x','y') //",
    "\\u0027 OR 1=1",
    "{{store}}",
    "../../../etc/passwd",
    "\x00nul",
    "line\nbreak\r\n",
    "\u202eright-to-left",
]

# (kind, format, file suffix); the files ingester reads a folder holding one file.
INGESTERS = [
    ("files", "default", ".md"),
    ("tickets", "github", ".json"),
    ("tickets", "jira-csv", ".csv"),
    ("tickets", "jira-json", ".json"),
    ("logs", "jsonl", ".jsonl"),
    ("logs", "logfmt", ".logfmt"),
    ("cards", "default", ".jsonl"),
]

# ----------------------------------------------------------------- generators

hostile_text = st.one_of(st.sampled_from(INJECTION), st.text(max_size=40))
json_leaf = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False), hostile_text,
)
json_value = st.recursive(
    json_leaf,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(
        st.one_of(st.sampled_from(["id", "ts", "key", "number", "title", "body", "state", "labels", "fields",
                                   "issues", "edges", "verb", "target", "supersedes", "corrects", "url",
                                   "content", "subject", "value", "scope", "createdAt", "updatedAt"]), hostile_text),
        children, max_size=6),
    max_leaves=20,
)
# Records shaped almost right: the fields each format looks for, with values of any type.
shaped = st.fixed_dictionaries(
    {},
    optional={
        "id": json_value, "number": json_value, "key": json_value, "ts": json_value, "title": json_value,
        "body": json_value, "content": json_value, "url": json_value, "subject": json_value, "value": json_value,
        "scope": json_value, "createdAt": json_value, "updatedAt": json_value, "state": json_value,
        "labels": json_value, "edges": json_value, "supersedes": json_value, "fields": json_value,
        "valid_until": json_value, "generation": json_value,
    },
)


@st.composite
def hostile_bytes(draw: st.DrawFn, suffix: str) -> bytes:
    choice = draw(st.integers(min_value=0, max_value=6))
    if choice == 0:
        return draw(st.binary(max_size=300))
    if choice == 1:
        return draw(st.text(max_size=300)).encode("utf-8", "surrogatepass")
    records = draw(st.lists(shaped, min_size=1, max_size=4))
    if choice == 2:  # JSON Lines (also fed to JSON ingesters)
        data = "\n".join(json.dumps(record) for record in records).encode()
    elif choice == 3:  # a JSON array, or a Jira search response
        data = json.dumps(records if draw(st.booleans()) else {"issues": records}).encode()
    elif choice == 4:  # logfmt / CSV / Markdown-ish lines
        fields = draw(st.lists(st.tuples(st.sampled_from(["ts", "id", "subject", "Issue key", "status", "supersedes"]),
                                         hostile_text), min_size=1, max_size=5))
        if suffix == ".csv":
            data = (",".join(json.dumps(k) for k, _ in fields) + "\n" + ",".join(json.dumps(v) for _, v in fields)).encode()
        elif suffix == ".md":
            data = ("---\n" + "\n".join(f"{k}: {json.dumps(v)}" for k, v in fields) + "\n---\n# T\n## Status\nAccepted\n").encode()
        else:
            data = " ".join(f"{k}={json.dumps(v)}" for k, v in fields).encode()
    elif choice == 5:  # truncated valid-looking JSON
        whole = json.dumps(records).encode()
        data = whole[: draw(st.integers(min_value=0, max_value=max(0, len(whole) - 1)))]
    else:  # bytes mutated inside an otherwise valid record
        whole = bytearray(json.dumps(records).encode())
        for _ in range(draw(st.integers(min_value=1, max_value=5))):
            if whole:
                whole[draw(st.integers(min_value=0, max_value=len(whole) - 1))] = draw(st.integers(min_value=0, max_value=255))
        data = bytes(whole)
    return data


def _feed(kind: str, fmt: str, suffix: str, data: bytes, folder: Path) -> list:
    """Run one ingester over `data` in a file; return its records or raise InputError."""
    target = folder / f"input{suffix}"
    target.write_bytes(data)
    path = folder if kind == "files" else target
    records = list(get_ingester(kind, fmt)(path, IngestOptions(store="fuzz", scope="", path=str(path))))
    for record in records:
        assert isinstance(record, (Observation, Quarantined, Notice, FileEnd)), record
        if isinstance(record, Quarantined):
            assert "\n" not in record.reason
    return records


@pytest.mark.parametrize("kind,fmt,suffix", INGESTERS, ids=[f"{k}-{f}" for k, f, _ in INGESTERS])
def test_ingesters_only_yield_records_or_raise_input_error(kind: str, fmt: str, suffix: str) -> None:
    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(data=hostile_bytes(suffix))
    def check(data: bytes) -> None:
        with tempfile.TemporaryDirectory() as folder:
            try:
                _feed(kind, fmt, suffix, data, Path(folder))
            except InputError as error:
                assert "\n" not in str(error)

    check()


# ----------------------------------------------------------------- fixed hostile corpus

def _deep(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


def hostile_corpus() -> dict[str, bytes]:
    """Named hostile inputs, each written in the shape of every format."""
    card = {"id": "h-1", "ts": 1700000000000, "content": "x", "edges": []}
    inputs = {
        "binary": bytes(range(256)) * 8,
        "invalid-utf8": b'{"id": "h-u", "ts": 1700000000000, "content": "\xff\xfe\xc3("}\n',
        "truncated-json": json.dumps([card, card])[:30].encode(),
        "wrong-types": json.dumps([{"id": 12.5, "ts": "yesterday", "content": ["a"], "edges": "nope",
                                    "number": {"n": 1}, "key": [1], "fields": 7}]).encode(),
        "nested-ids": json.dumps([{"id": {"id": {"id": "h-n"}}, "number": [[1]], "key": {"k": "X-1"},
                                   "ts": 1700000000000}]).encode(),
        "nul-bytes": b'{"id": "h-\x00z", "ts": 1700000000000, "content": "a\x00b"}\n\x00\x00\x00',
        "deep-nesting": _deep(100_000),
        "long-line": b'{"id": "h-long", "ts": 1700000000000, "content": "' + b"A" * (5 * 1024 * 1024) + b'"}\n',
        "self-reference": json.dumps({**card, "id": "h-self", "edges": [{"verb": "supersedes", "target": "h-self"}],
                                      "supersedes": ["h-self"]}).encode() + b"\n",
        "cycle": b"\n".join(json.dumps({**card, "id": f"h-c{i}", "ts": 1700000000000 + i, "supersedes": [f"h-c{(i + 1) % 3}"],
                                        "edges": [{"verb": "supersedes", "target": f"h-c{(i + 1) % 3}"}]}).encode()
                            for i in range(3)),
        "injection": b"\n".join(json.dumps({"id": f"h-inj-{i}", "ts": 1700000000000 + i, "content": s, "subject": s,
                                            "value": s, "scope": s, "url": s, "supersedes": [s],
                                            "edges": [{"verb": s, "target": s}, {"verb": "supersedes", "target": s}]}).encode()
                                for i, s in enumerate(INJECTION)),
        "empty": b"",
    }
    return inputs


def _as_format(name: str, data: bytes, kind: str, fmt: str) -> bytes:
    """The same hostile content in the shape of a given format where the shape matters."""
    if name in ("injection", "cycle", "self-reference") and fmt == "logfmt":
        records = [json.loads(line) for line in data.splitlines()] if data.lstrip().startswith(b"{") else json.loads(data)
        return "\n".join(" ".join(f"{k}={json.dumps(v if isinstance(v, str) else json.dumps(v))}" for k, v in r.items())
                         for r in records).encode()
    if name in ("injection", "cycle", "self-reference") and kind == "files":
        record = json.loads(data.splitlines()[0])
        return ("---\n" + "\n".join(f"{k}: {json.dumps(v)}" for k, v in record.items()) + "\n---\n# 1. T\n\n## Status\n\nAccepted\n").encode()
    return data


@pytest.fixture
def sentinel(graph: Graph, neo4j_settings: Settings) -> tuple[dict, list[dict]]:
    """Real stores ingested first; every hostile run must leave them exactly as they were."""
    uri = neo4j_settings.uri
    assert run_cli(["ingest", "cards", str(REPO / "tests/fixtures/cards/board/01-retry.json"), "--store", "sentinel-cards"], uri).returncode == 0
    assert run_cli(["ingest", "logs", str(REPO / "tests/fixtures/logs/decisions.jsonl"), "--store", "sentinel-logs"], uri).returncode in (0, 1)
    return _sentinel_state(graph)


def _sentinel_state(graph: Graph) -> tuple[dict, list[dict]]:
    uids = {row["uid"] for row in graph.read(
        "MATCH (c:Claim)-[:CITED_AT]->(:Snapshot)-[:OF]->(:Source)-[:IN]->(st:Store) "
        "WHERE st.name STARTS WITH 'sentinel' RETURN DISTINCT c.uid AS uid")}
    assert uids
    claims = {uid: value for uid, value in claim_fingerprint(graph).items() if uid in uids}
    return claims, _store_counts(graph)


def _store_counts(graph: Graph) -> list[dict]:
    return graph.read(
        "MATCH (st:Store) WHERE st.name STARTS WITH 'sentinel' OPTIONAL MATCH (st)<-[:IN]-(s:Source)<-[:OF]-(n:Snapshot) "
        "RETURN st.name AS store, count(DISTINCT s) AS sources, count(n) AS snapshots ORDER BY store"
    )


def _cli_args(kind: str, fmt: str, path: Path, store: str) -> list[str]:
    args = ["ingest", kind, str(path), "--store", store, "-o", "json"]
    if kind in ("tickets", "logs"):
        args += ["--format", fmt]
    return args


def test_hostile_corpus_through_the_cli_exits_cleanly_and_loses_nothing(
    graph: Graph, sentinel, tmp_path: Path, neo4j_settings: Settings
) -> None:
    runner = CliRunner()
    tried = 0
    outcomes: dict[int, int] = {}
    for name, data in hostile_corpus().items():
        if name in ("long-line", "deep-nesting"):
            continue  # run as real processes below
        for kind, fmt, suffix in INGESTERS:
            folder = tmp_path / f"{name}-{kind}-{fmt}"
            folder.mkdir()
            target = folder / f"input{suffix}"
            target.write_bytes(_as_format(name, data, kind, fmt))
            path = folder if kind == "files" else target
            result = runner.invoke(cli, _cli_args(kind, fmt, path, f"fuzz-{kind}"), catch_exceptions=True)
            label = f"{name} via {kind}/{fmt}"
            assert result.exception is None or isinstance(result.exception, SystemExit), f"{label}: {result.exception!r}"
            assert result.exit_code in (0, 1, 2), f"{label}: exit {result.exit_code} {result.output}"
            assert "Traceback" not in result.output + result.stderr, label
            if result.exit_code == 2:
                assert len(result.stderr.strip().splitlines()) == 1, f"{label}: {result.stderr!r}"
            outcomes[result.exit_code] = outcomes.get(result.exit_code, 0) + 1
            tried += 1
    assert _sentinel_state(graph) == sentinel
    print(f"\n[hostile] {tried} hostile inputs through the CLI, exits {outcomes}")


@pytest.mark.parametrize("name", ["long-line", "deep-nesting"])
def test_huge_and_deep_inputs_exit_cleanly_in_a_real_process(name: str, graph: Graph, neo4j_settings: Settings, tmp_path: Path) -> None:
    data = hostile_corpus()[name]
    kinds = [("cards", "default", ".jsonl"), ("tickets", "github", ".json"), ("logs", "jsonl", ".jsonl"), ("files", "default", ".md")]
    for kind, fmt, suffix in kinds if HEAVY else kinds[:2]:
        folder = tmp_path / f"{kind}-{fmt}"
        folder.mkdir()
        target = folder / f"input{suffix}"
        target.write_bytes(data if kind != "files" else b"---\nid: " + data[:200_000] + b"\n---\n# T\n")
        result = run_cli(_cli_args(kind, fmt, folder if kind == "files" else target, f"fuzz-{kind}"), neo4j_settings.uri)
        label = f"{name} via {kind}/{fmt}"
        assert result.returncode in (0, 1, 2), f"{label}: {result.returncode} {result.stderr[-500:]}"
        assert "Traceback" not in result.stderr, f"{label}: {result.stderr[-800:]}"
        if result.returncode == 2:
            assert len(result.stderr.strip().splitlines()) == 1, f"{label}: {result.stderr[:300]!r}"
