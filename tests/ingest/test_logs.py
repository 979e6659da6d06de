"""Decision/config logs (JSON Lines and logfmt) -> one log-entry source and claim per line."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ingest_run import EXAMPLES, FIXTURES, run

from provgraph.base.errors import InputError
from provgraph.ingest.binary import binary_reason
from provgraph.ingest.logs import LogLineError, parse_jsonl_line, parse_logfmt_line
from provgraph.ingest.records import FileEnd, Notice, Observation, Quarantined, canonical_json, quote_hash, sha256_hex

JSONL = FIXTURES / "logs" / "decisions.jsonl"
LOGFMT = FIXTURES / "logs" / "flags.logfmt"
GOOD_LINE = '{"ts": "2026-01-01T00:00:00Z", "id": "good", "msg": "ok"}'


def test_entry_becomes_its_own_source_inside_the_log_file():
    observation = run("logs", "jsonl", JSONL, store="cfg").observation("cfg-1")
    assert observation.source.uid == "cfg:decisions.jsonl#cfg-1"
    assert observation.source.locator == "decisions.jsonl#cfg-1"
    assert (observation.source.kind, observation.source.container) == ("log-entry", "decisions.jsonl")
    assert observation.append_only_group == "cfg:decisions.jsonl"
    assert observation.sequence == 1


def test_entry_fields_map_to_the_claim_with_values_stringified():
    result = run("logs", "jsonl", JSONL)
    first = result.claim("cfg-1")
    assert (first.subject, first.scope, first.value, first.text) == ("search.page-size", "org/acme/search", "20", "page size set to 20")
    assert first.asserted_at.isoformat() == "2026-02-01T10:00:00+00:00"
    second = result.claim("cfg-2")  # `key` for subject, `text` for the message, epoch-ms ts
    assert (second.subject, second.text, second.scope) == ("search.timeout-ms", "timeout 800ms", None)
    assert second.asserted_at.isoformat() == "2026-02-03T09:50:00+00:00"
    assert second.valid_from.isoformat() == "2026-02-04T00:00:00+00:00"


def test_snapshot_is_canonical_json_of_the_entry_and_citation_is_its_line():
    lines = JSONL.read_text().split("\n")
    observation = run("logs", "jsonl", JSONL).observation("cfg-3")
    assert observation.snapshot.sha256 == sha256_hex(canonical_json(json.loads(lines[4])))
    assert observation.snapshot.revised_at.isoformat() == "2026-03-10T14:00:00+00:00"
    claim = observation.claims[0]
    assert (claim.line_start, claim.line_end, observation.sequence) == (5, 5, 5)
    assert claim.quote_sha256 == quote_hash([lines[4]])


def test_malformed_line_in_the_middle_is_quarantined_and_later_lines_still_ingested():
    result = run("logs", "jsonl", JSONL)
    assert [(q.line, q.reason.split(":")[0]) for q in result.quarantined] == [(4, "not JSON"), (6, "missing ts"), (8, "a JSON list, not an object")]
    assert [o.sequence for o in result.observations] == [1, 2, 5, 7, 9]


def test_reference_fields_accept_a_string_or_a_list():
    assert run("logs", "jsonl", JSONL).edges("cfg-3") == {
        ("SUPERSEDES", "cfg-3", "cfg-1", None),
        ("SUPERSEDES", "cfg-3", "cfg-0", None),
        ("DEPENDS_ON", "cfg-3", "cfg-2", None),
    }


def test_entry_without_id_defaults_to_store_and_line_and_keeps_json_value_as_text():
    result = run("logs", "jsonl", JSONL, store="cfg")
    observation = result.observation("cfg:7")
    assert observation.source.uid == "cfg:decisions.jsonl#cfg:7"
    assert observation.claims[0].value == '{"enabled":false}'
    assert observation.claims[0].valid_until.isoformat() == "2026-04-01T00:00:00+00:00"
    assert result.edges("cfg:7") == {("CORRECTS", "cfg:7", "cfg-5", None)}


def test_self_reference_is_dropped_with_a_notice_and_other_edges_kept():
    result = run("logs", "jsonl", JSONL)
    assert result.edges("cfg-6") == {("INVALIDATES", "cfg-6", "cfg-1", None), ("CONFLICTS_WITH", "cfg-6", "cfg-2", None)}
    assert [(n.kind, n.subject) for n in result.notices] == [("self_reference", "cfg-6")]


def test_logfmt_quoting_escapes_bare_keys_and_comma_separated_references():
    result = run("logs", "logfmt", LOGFMT, store="flags")
    claim = result.claim("flag-2")
    assert claim.text == 'enabled after "load test" passed\\ok\ttabbed'
    assert claim.subject == "checkout.new-flow"  # from `key=`
    assert result.edges("flag-2") == {
        ("SUPERSEDES", "flag-2", "flag-1", None),
        ("SUPERSEDES", "flag-2", "flag-0", None),
        ("DEPENDS_ON", "flag-2", "flag-9", None),
    }
    entry = parse_logfmt_line(LOGFMT.read_text().split("\n")[1])
    assert entry["canary"] == "true"
    assert result.observation("flag-2").snapshot.sha256 == sha256_hex(canonical_json(entry))


def test_logfmt_bad_lines_are_quarantined_with_their_numbers():
    result = run("logs", "logfmt", LOGFMT)
    assert [(q.line, q.reason) for q in result.quarantined] == [
        (3, "quoted value never closed"),
        (5, "missing ts"),
        (6, "ts is not a timestamp: 'yesterday'"),
    ]
    assert [o.claims[0].uid for o in result.observations] == ["flag-1", "flag-2", "flag-4"]


@pytest.mark.parametrize(
    "line, expected",
    [
        ('a=1 b="two words" c', {"a": "1", "b": "two words", "c": "true"}),
        ('msg="say \\"hi\\"\\n" empty= x=y=z', {"msg": 'say "hi"\n', "empty": "", "x": "y=z"}),
        ('u="\\u00e9\\q"', {"u": "\u00e9\\q"}),
        ("  \t ", {}),
        ("a=1 a=2", {"a": "2"}),
    ],
)
def test_logfmt_line_parser(line, expected):
    assert parse_logfmt_line(line) == expected


@pytest.mark.parametrize("line", ['=1', 'a="x"b', '"a"=1', 'a="open', '{"ts": 1}'])
def test_logfmt_line_parser_rejects_malformed_lines(line):
    with pytest.raises(LogLineError):
        parse_logfmt_line(line)


def test_empty_id_wrong_types_and_nested_values_are_quarantined_not_raised(tmp_path):
    path = tmp_path / "odd.jsonl"
    lines = [
        '{"ts": "2026-01-01T00:00:00Z", "id": ""}',
        '{"ts": "2026-01-01T00:00:00Z", "id": ["a"]}',
        '{"ts": true, "id": "b"}',
        '{"ts": 1e300, "id": "c"}',
        '{"ts": "2026-01-01T00:00:00Z", "id": "d", "supersedes": [{"x": 1}]}',
        '{"ts": "2026-01-01T00:00:00Z", "id": "e", "value": NaN}',
        '{"ts": "2026-01-01T00:00:00Z", "id": "f", "valid_until": "soon"}',
        '{"ts": "2026-01-01T00:00:00Z", "id": "g", "msg": "\\ud800"}',
        "[" * 100_000,
        GOOD_LINE,
    ]
    path.write_text("\n".join(lines), encoding="utf-8")
    result = run("logs", "jsonl", path)
    assert [q.line for q in result.quarantined] == list(range(1, 10))
    assert [o.claims[0].uid for o in result.observations] == ["good"]


def test_huge_line_nul_bytes_and_hostile_ids_are_data(tmp_path):
    path = tmp_path / "hostile.jsonl"
    hostile = "x'}) MATCH (n) DETACH DELETE n // $(rm -rf /)"
    entries = [
        {"ts": "2026-01-01T00:00:00Z", "id": hostile, "msg": "a\x00b", "supersedes": "'; DROP TABLE claims; --"},
        {"ts": "2026-01-01T00:00:01Z", "id": "big", "msg": "y" * 2_000_000},
    ]
    path.write_text("\n".join(json.dumps(e) for e in entries), encoding="utf-8")
    result = run("logs", "jsonl", path)
    assert result.claim(hostile).text == "a\x00b"
    assert result.edges(hostile) == {("SUPERSEDES", hostile, "'; DROP TABLE claims; --", None)}
    assert len(result.claim("big").text) == 2_000_000


def test_non_utf8_bytes_in_a_line_are_kept_with_a_notice(tmp_path):
    path = tmp_path / "latin1.logfmt"
    path.write_bytes(b"ts=2026-01-01T00:00:00Z id=a msg=caf\xe9\nts=2026-01-02T00:00:00Z id=b msg=ok\r\n")
    result = run("logs", "logfmt", path)
    assert result.claim("a").text == "caf\ufffd"
    assert result.claim("b").text == "ok"
    assert [(n.kind, n.subject) for n in result.notices] == [("invalid_utf8", f"{path}:1")]


def test_repeated_id_gives_a_notice(tmp_path):
    path = tmp_path / "dup.jsonl"
    path.write_text(GOOD_LINE + "\n" + GOOD_LINE.replace("ok", "again") + "\n", encoding="utf-8")
    result = run("logs", "jsonl", path)
    assert [o.sequence for o in result.observations] == [1, 2]
    assert [n.kind for n in result.notices] == ["duplicate_id"]


@pytest.mark.parametrize("fmt, content", [("jsonl", "ts=2026-01-01 id=a\n"), ("logfmt", GOOD_LINE + "\n")])
def test_file_in_another_format_is_an_input_error(tmp_path, fmt, content):
    path = tmp_path / "log.txt"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InputError, match="no line is"):
        run("logs", fmt, path)


def test_missing_file_and_folder_are_input_errors(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        run("logs", "jsonl", tmp_path / "absent.jsonl")
    with pytest.raises(InputError, match="folder"):
        run("logs", "logfmt", tmp_path)


def test_empty_log_yields_nothing(tmp_path):
    path = tmp_path / "empty.jsonl"
    path.write_text("\n\n", encoding="utf-8")
    assert run("logs", "jsonl", path).observations == []


def test_bundled_examples_ingest_cleanly():
    jsonl = run("logs", "jsonl", EXAMPLES / "logs" / "decisions.jsonl")
    assert jsonl.edges("cfg-3") == {("SUPERSEDES", "cfg-3", "cfg-1", None)}
    logfmt = run("logs", "logfmt", EXAMPLES / "logs" / "config.logfmt")
    assert [o.claims[0].value for o in logfmt.observations] == ["off", "on"]
    assert not jsonl.quarantined and not logfmt.quarantined


# --- properties: the line parsers only ever fail by LogLineError, the ingesters by quarantining ---

LOGFMT_KEY = st.text(st.characters(blacklist_categories=("Cs",),
                                   blacklist_characters=' \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0="'), min_size=1).filter(
    lambda key: not any(c.isspace() for c in key)
)
VALUE = st.text(st.characters(blacklist_categories=("Cs",)))


def logfmt_quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


@given(st.text())
def test_logfmt_parser_returns_text_fields_or_raises_log_line_error(line):
    try:
        fields = parse_logfmt_line(line)
    except LogLineError:
        return
    assert all(isinstance(k, str) and k and isinstance(v, str) for k, v in fields.items())


@given(st.text())
def test_jsonl_parser_returns_an_object_or_raises_log_line_error(line):
    try:
        assert isinstance(parse_jsonl_line(line), dict)
    except LogLineError:
        pass


@given(st.dictionaries(LOGFMT_KEY, VALUE, max_size=6))
def test_logfmt_quoted_values_round_trip(fields):
    line = " ".join(f"{key}={logfmt_quote(value)}" for key, value in fields.items())
    assert parse_logfmt_line(line) == fields


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.binary(max_size=80), max_size=6), st.sampled_from(["jsonl", "logfmt"]))
def test_any_bytes_in_a_log_are_quarantined_or_kept_never_raised(tmp_path_factory, lines, fmt):
    good = GOOD_LINE if fmt == "jsonl" else "ts=2026-01-01T00:00:00Z id=good msg=ok"
    path = tmp_path_factory.mktemp("log") / f"log.{fmt}"
    path.write_bytes(b"\n".join([good.encode(), *lines]))
    if binary_reason(path.read_bytes()):  # binary input, by the rule every ingester shares: unusable as a whole
        with pytest.raises(InputError):
            list(run_records(path, fmt))
        return
    records = list(run_records(path, fmt))
    assert all(isinstance(r, (Observation, Quarantined, Notice, FileEnd)) for r in records)
    entries = [r for r in records if isinstance(r, (Observation, Quarantined))]
    non_blank = [raw for raw in path.read_bytes().split(b"\n") if raw.decode("utf-8", "replace").strip()]
    assert len(entries) == len(non_blank)  # every non-blank line is an entry or a quarantine
    assert any(isinstance(r, Observation) and r.claims[0].uid == "good" for r in records)


def run_records(path: Path, fmt: str):
    from provgraph.ingest import get
    from provgraph.ingest.records import IngestOptions

    return get("logs", fmt)(path, IngestOptions(store="s"))
