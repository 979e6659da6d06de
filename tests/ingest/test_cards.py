"""Board cards (a card, an array, JSON Lines or a folder) -> one card source and claim per card."""
from __future__ import annotations

import json

import pytest
from ingest_run import EXAMPLES, FIXTURES, run, source_and_claim

from provgraph.base.errors import InputError
from provgraph.ingest.records import canonical_json, quote_hash, sha256_hex

BOARD = FIXTURES / "cards" / "board"


def card_file(tmp_path, value, name="card.json"):
    path = tmp_path / name
    path.write_text(value if isinstance(value, str) else json.dumps(value), encoding="utf-8")
    return path


def test_card_becomes_source_and_claim_with_url_alias_and_title_from_content():
    assert source_and_claim(run("cards", "default", BOARD, store="board").observation("m:01")) == {
        "uid": "board:m:01", "kind": "card", "locator": "m:01", "url": "https://board.example/m/01", "title": "Retry limit",
        "aliases": ("https://board.example/m/01",), "text": "# Retry limit\n\nPayment calls retry at most 3 times.",
        "subject": "payments.retry-limit", "scope": "org/acme/payments", "value": "3"}


def test_snapshot_is_canonical_json_of_the_card_at_its_ts_with_generation_as_version():
    card = json.loads((BOARD / "01-retry.json").read_text())
    observation = run("cards", "default", BOARD).observation("m:01")
    assert observation.snapshot.sha256 == sha256_hex(canonical_json(card))
    assert observation.snapshot.revised_at.isoformat() == "2026-01-01T00:00:00+00:00"  # epoch ms
    assert observation.snapshot.version == "2"
    assert observation.claims[0].asserted_at == observation.snapshot.revised_at


def test_iso_ts_is_accepted_and_a_card_without_generation_has_no_version():
    observation = run("cards", "default", BOARD).observation("m:02")
    assert observation.snapshot.revised_at.isoformat() == "2026-02-01T00:00:00+00:00"
    assert observation.snapshot.version is None


def test_folder_reads_json_and_jsonl_files_sorted_and_ignores_other_files():
    result = run("cards", "default", BOARD)
    assert [o.claims[0].uid for o in result.observations] == ["m:01", "m:02", "m:03", "m:05"]


def test_status_bearing_verbs_become_edges_with_targets_as_written_by_id_or_url():
    result = run("cards", "default", BOARD)
    assert result.edges("m:02") == {
        ("CORRECTS", "m:02", "https://board.example/m/01", None),
        ("SUPERSEDES", "m:02", "m:01", None),  # verb `Supersedes` normalised
    }
    assert result.edges("m:05") == {
        ("DEPENDS_ON", "m:05", "https://board.example/m/02", None),
        ("CONFLICTS_WITH", "m:05", "m:03", None),
        ("INVALIDATES", "m:05", "m:00", None),
    }


def test_lineage_and_unknown_verbs_are_relates_and_unknown_ones_give_a_notice():
    result = run("cards", "default", BOARD)
    assert result.edges("m:03") == {("RELATES", "m:03", "m:02", "cites"), ("RELATES", "m:03", "m:01", "inspired_by")}
    assert [(n.kind, n.subject) for n in result.notices if n.kind == "unknown_verb"] == [("unknown_verb", "m:03")]


def test_self_reference_by_id_or_url_is_dropped_with_a_notice(tmp_path):
    path = card_file(tmp_path, {"id": "c1", "url": "https://b/c1", "ts": 1, "content": "x",
                                "edges": [{"verb": "corrects", "target": "c1"}, {"verb": "supersedes", "target": "https://b/c1"}]})
    result = run("cards", "default", path)
    assert result.edges("c1") == set()
    assert [n.kind for n in result.notices] == ["self_reference", "self_reference"]


def test_missing_id_or_ts_and_malformed_edges_quarantine_the_card():
    result = run("cards", "default", BOARD)
    found = sorted((q.file.rsplit("/", 1)[-1], q.line, q.reason) for q in result.quarantined)
    assert found == [
        ("02-more.json", None, "card [2]: missing id"),
        ("03-stream.jsonl", 2, "missing ts"),
        ("03-stream.jsonl", 3, "edges[0] has no usable target: None"),
        ("04-broken.json", None, "not a JSON card, a JSON array of cards or JSON Lines"),
    ]


def test_single_card_file_cites_all_its_lines_and_jsonl_cards_their_own_line():
    result = run("cards", "default", BOARD)
    whole = (BOARD / "01-retry.json").read_text().split("\n")[:-1]
    first = result.claim("m:01")
    assert (first.line_start, first.line_end, first.quote_sha256) == (1, len(whole), quote_hash(whole))
    streamed = result.claim("m:05")
    assert (streamed.line_start, streamed.line_end) == (1, 1)
    assert streamed.quote_sha256 == quote_hash([(BOARD / "03-stream.jsonl").read_text().split("\n")[0]])
    in_array = result.observation("m:02")
    assert in_array.claims[0].line_start is None and in_array.claims[0].quote_sha256 == in_array.snapshot.sha256


def test_jsonl_content_in_a_json_named_file_is_read_as_lines(tmp_path):
    lines = [json.dumps({"id": "a", "ts": 1, "content": "A"}), "{broken", json.dumps({"id": "b", "ts": 2, "content": "B"})]
    path = card_file(tmp_path, "\n".join(lines))
    result = run("cards", "default", path)
    assert [o.claims[0].uid for o in result.observations] == ["a", "b"]
    assert [q.line for q in result.quarantined] == [2]


def test_hostile_ids_non_utf8_bytes_and_wrong_types_are_data_or_quarantine(tmp_path):
    hostile = "m:1'}) DETACH DELETE n //"
    path = tmp_path / "cards.jsonl"
    path.write_bytes(
        json.dumps({"id": hostile, "ts": "2026-01-01T00:00:00Z", "content": "ok\x00", "edges": [{"verb": "uses", "target": "$(rm -rf /)"}]}).encode()
        + b'\n{"id": "latin", "ts": 1, "content": "caf\xe9"}'
        + b'\n{"id": "", "ts": 1}\n{"id": {"a": 1}, "ts": 1}\n{"id": "t", "ts": true}\n{"id": "e", "ts": 1, "edges": "corrects m:1"}'
        + b'\n{"id": "g", "ts": 1, "content": ["x"]}\n["not a card"]\n'
    )
    result = run("cards", "default", path)
    assert result.claim(hostile).text == "ok\x00"
    assert result.edges(hostile) == {("RELATES", hostile, "$(rm -rf /)", "uses")}
    assert result.claim("latin").text == "caf\ufffd"
    assert [q.line for q in result.quarantined] == [3, 4, 5, 6, 7, 8]
    assert ("invalid_utf8", f"{path}:2") in [(n.kind, n.subject) for n in result.notices]


@pytest.mark.parametrize("content", ["", "just text\n", "42"])
def test_file_that_is_not_cards_is_an_input_error(tmp_path, content):
    with pytest.raises(InputError):
        run("cards", "default", card_file(tmp_path, content, name="cards.txt"))


def test_missing_path_and_folder_without_cards_are_input_errors(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        run("cards", "default", tmp_path / "absent")
    (tmp_path / "notes.md").write_text("# notes", encoding="utf-8")
    with pytest.raises(InputError, match="no \\*.json"):
        run("cards", "default", tmp_path)


def test_bundled_example_board_ingests_cleanly():
    result = run("cards", "default", EXAMPLES / "cards" / "board.jsonl")
    d1, d2, d3 = "m:01AAA0000000000000000000D1", "m:01AAA0000000000000000000D2", "m:01AAA0000000000000000000D3"
    assert result.edges(d2) == {("CORRECTS", d2, "https://board.example/m/01AAA0000000000000000000D1", None)}
    assert ("RELATES", d3, "https://runbooks.example/payments/alerts", "source") in result.edges(d3)
    assert not result.quarantined and not result.notices
    assert result.claim(d1).value == "3"
