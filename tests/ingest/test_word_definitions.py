"""A log's own definitions of its status words, and where a status is never read from (issue 55, the proposal applied
unedited): samples of three public logs in tests/fixtures/word_definitions/ (SOURCES.md says where from).
Pure (no database)."""
from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from ingest_run import FIXTURES

from provgraph import propose_format
from provgraph.ingest import lifecycle
from provgraph.ingest.formats import metadata
from provgraph.ingest.formats.declaration import declared
from provgraph.ingest.formats.reader import Version, read_record
from provgraph.ingest.records import IngestOptions, Observation

SAMPLES = FIXTURES / "word_definitions"
WHEN = datetime(2026, 1, 1, tzinfo=timezone.utc)


def _declared_word(table: dict[str, object], root: Path, relpath: str) -> str | None:
    read = read_record(declared(table, "test"), Version(relpath, WHEN), (root / relpath).read_bytes(), IngestOptions(store="s"))
    observed = next(record for record in read.records if isinstance(record, Observation))
    return observed.claims[0].declared if observed.claims else None


def _words(proposal: object) -> dict[str, object]:
    return {word.phrase: word for word in proposal.words}  # type: ignore[attr-defined]


def test_a_heading_not_named_like_a_status_is_never_proposed_as_the_status() -> None:
    # PIP 89 keeps its status in a table; its `## Reference Implementation` starts "Implemented in Heimdall-v2"
    proposal = propose_format(SAMPLES / "pips" / "PIPs")
    record = proposal.store_table()["record"]
    assert record["fields"]["status"] == "status" and "headings" not in record["metadata"]
    assert proposal.counts.records == 11 and not proposal.counts.not_read
    table = {**record, "words": proposal.store_table()["words"]}
    assert _declared_word(table, SAMPLES / "pips" / "PIPs", "PIP-89.md") == "draft"


def test_the_reader_never_reads_the_status_from_a_heading_not_named_like_one(tmp_path: Path) -> None:
    (tmp_path / "x-1.md").write_text("# X-1\n\n## Reference Implementation\n\nImplemented in v2.\n", encoding="utf-8")
    table = {"records": ["x-*.md"], "metadata": ["headings"], "fields": {"status": ["status", "reference implementation"]}}
    assert _declared_word(table, tmp_path, "x-1.md") is None
    (tmp_path / "x-2.md").write_text("# X-2\n\n## Decision status\n\nRejected\n", encoding="utf-8")
    assert _declared_word({**table, "fields": {"status": ["decision status"]}}, tmp_path, "x-2.md") == "rejected"


def test_a_status_in_the_metadata_wins_over_a_status_heading_whatever_the_order_declared(tmp_path: Path) -> None:
    (tmp_path / "x-1.md").write_text("---\nstatus: Final\n---\n# X-1\n\n## Status\n\nDraft, see below\n", encoding="utf-8")
    table = {"records": ["x-*.md"], "metadata": ["headings", "front-matter"], "fields": {"status": "status"}}
    assert _declared_word(table, tmp_path, "x-1.md") == "accepted"


def test_a_wide_table_with_one_row_under_its_header_is_read_by_columns() -> None:
    lines = (SAMPLES / "pips" / "PIPs" / "PIP-89.md").read_text(encoding="utf-8").split("\n")
    found = metadata.table(lines)
    assert (found["pip"].value, found["status"].value, found["status"].line) == ("To be assigned", "Draft", 3)
    two_columns = ["| SIP-Number | 1 |", "| ---: | :--- |", "| Title | Guidelines |", "| Status | Living |"]
    assert {name: field.value for name, field in metadata.table(two_columns).items()} == {
        "sip-number": "1", "title": "Guidelines", "status": "Living"}


def test_a_contested_word_is_read_as_the_logs_own_definition_says_when_its_cue_is_clear() -> None:
    # CIP-0000: "* **Abandoned** — no longer pursued ... ➡️ Draft — ... can ask for changing it to Draft status"
    proposal = propose_format(SAMPLES / "celo" / "CIPs")
    abandoned = _words(proposal)["abandoned"]
    assert (abandoned.reads_as, abandoned.unsure, abandoned.by_definition) == ("on-hold", None, True)  # type: ignore[attr-defined]
    assert abandoned.definition.where == "cip-0000.md:31"  # type: ignore[attr-defined]
    line = next(line for line in proposal.to_toml().splitlines() if line.startswith("abandoned ="))
    assert line.startswith('abandoned = "on-hold"  # 2 records; read by the log\'s own definition (cip-0000.md:31): '
                           '"This CIP is no longer pursued by the original authors')


def test_the_process_record_in_force_defines_the_words_before_an_older_one() -> None:
    # BIP 3 (Deployed): `#### Closed` "of historical interest only"; BIP 2 (Closed) defined the words before it
    proposal = propose_format(SAMPLES / "bips")
    closed = _words(proposal)["closed"]
    assert (closed.reads_as, closed.by_definition, closed.definition.where) == ("withdrawn", True, "bip-0003.md:67")  # type: ignore[attr-defined]
    deployed = _words(proposal)["deployed"]
    assert (deployed.reads_as, deployed.by_definition) == ("accepted", False)  # type: ignore[attr-defined]


def test_an_unknown_word_is_read_by_its_definition_and_a_known_one_only_shows_it() -> None:
    # PIP-1: "Continuous: A special status for PIPs that are designed to be continually updated ..."
    words = _words(propose_format(SAMPLES / "pips" / "PIPs"))
    assert (words["continuous"].reads_as, words["continuous"].unsure) == ("accepted", None)  # type: ignore[attr-defined]
    final = words["final"]
    assert final.reads_as == "accepted" and final.unsure and final.definition.where == "PIP-01.md:26"  # type: ignore[attr-defined]


def _log(root: Path, word: str, readme: str) -> Path:
    for number in (1, 2, 3):
        (root / "xips").mkdir(parents=True, exist_ok=True)
        (root / "xips" / f"xip-{number}.md").write_text(f"---\nxip: {number}\nstatus: {word if number < 3 else 'Final'}\n---\n",
                                                         encoding="utf-8")
    (root / "README.md").write_text(readme, encoding="utf-8")
    return root / "xips"


def test_without_a_clear_cue_a_word_keeps_the_default_reading_and_its_doubt(tmp_path: Path) -> None:
    unclear = _log(tmp_path / "a", "Stale", "# XIPs\n\n* **Stale** -- no activity for six months.\n")
    stale = _words(propose_format(unclear))["stale"]
    assert (stale.reads_as, stale.by_definition, stale.definition.shown) == ("withdrawn", False, "no activity for six months.")  # type: ignore[attr-defined]
    assert stale.unsure  # type: ignore[attr-defined]
    both = _log(tmp_path / "b", "Stale", "# XIPs\n\nStale: may be revived, or closed permanently.\n")
    assert _words(propose_format(both))["stale"].reads_as == "withdrawn"  # type: ignore[attr-defined]
    unknown = _log(tmp_path / "c", "Parked", "# XIPs\n\n| Status | Meaning |\n|---|---|\n| Parked | waiting |\n")
    assert _words(propose_format(unknown))["parked"].reads_as == "on-hold"  # type: ignore[attr-defined]


def test_a_negated_cue_points_the_other_way() -> None:
    assert lifecycle.reading_by_cue("It can no longer be resurrected.", ("withdrawn", "on-hold")) == "withdrawn"
    assert lifecycle.reading_by_cue("It may be resurrected later.", ("withdrawn", "on-hold")) == "on-hold"
    assert lifecycle.reading_by_cue("It is continually updated and does not reach a state of finality.",
                                    lifecycle.CANONICAL) == "accepted"
    assert lifecycle.status_named("Decision status") and not lifecycle.status_named("Reference Implementation")


def test_an_unknown_phrase_whose_last_word_is_known_is_keyed_whole_and_read_by_that_word_marked(tmp_path: Path) -> None:
    # HIPs state `Status: Council Review` (PIPs' `Peer Review` too, now a phrase of the vocabulary)
    folder = _log(tmp_path, "Council Review", "# XIPs\n")
    for number in (4, 5):
        (folder / f"xip-{number}.md").write_text(f"---\nxip: {number}\nstatus: Final\n---\n", encoding="utf-8")
    word = _words(propose_format(folder))["council review"]
    assert (word.reads_as, word.records) == ("proposed", 2) and "its words 'review'" in word.unsure  # type: ignore[attr-defined]
