"""The Markdown files ingester: pure parsing, no database."""
from __future__ import annotations

import os
from datetime import datetime, timezone
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from provgraph.base.errors import InputError
from provgraph.ingest import get
from provgraph.ingest.binary import binary_reason
from provgraph.ingest.markdown import ingest_files, normalise_reference, parse_markdown
from provgraph.ingest.records import (
    IngestOptions,
    Notice,
    Observation,
    Quarantined,
    quote_hash,
    sha256_hex,
)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "markdown"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "adr"
OPTIONS = IngestOptions(store="docs")
WHEN = datetime(2025, 1, 1, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def fixture_records() -> list:
    return list(ingest_files(FIXTURES, OPTIONS))


def observation(records: list, locator: str) -> Observation:
    (found,) = [r for r in records if isinstance(r, Observation) and r.source.locator == locator]
    return found


def edges_of(found: Observation) -> set[tuple[str, str, str]]:
    return {(edge.kind, edge.from_ref, edge.to_ref) for edge in found.edges}


def parse(text: str | bytes, relpath: str = "adr/0007-x.md") -> list:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return parse_markdown(relpath, data, WHEN, OPTIONS)


def only_claim(records: list):
    (claim,) = records[0].claims
    return claim


# ---------------------------------------------------------------- walking


def test_directory_walk_yields_one_observation_per_markdown_file_in_sorted_order(fixture_records):
    locators = [r.source.locator for r in fixture_records if isinstance(r, Observation)]
    assert locators == sorted(locators)
    assert len(locators) == 12
    assert "notes/team-notes.md" in locators


def test_files_ingester_is_registered_under_kind_files():
    assert get("files") is ingest_files


def test_missing_path_is_an_input_error(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        list(ingest_files(tmp_path / "nope", OPTIONS))


def test_a_non_markdown_file_is_an_input_error(tmp_path):
    text_file = tmp_path / "notes.txt"
    text_file.write_text("# hi\n")
    with pytest.raises(InputError, match="not a Markdown file"):
        list(ingest_files(text_file, OPTIONS))


def test_single_file_is_relative_to_its_parent_directory():
    records = list(ingest_files(FIXTURES / "decisions" / "0002-use-mysql.md", OPTIONS))
    (found,) = records
    assert found.source.uid == "docs:0002-use-mysql.md"
    # the link target is normalised relative to the same root
    assert edges_of(found) == {("SUPERSEDES", "0003-use-postgresql.md", "docs:0002-use-mysql.md")}


def test_dot_directories_and_other_suffixes_are_not_walked(tmp_path):
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "x.md").write_text("# hidden\n")
    (tmp_path / "a.txt").write_text("# text\n")
    (tmp_path / "B.MARKDOWN").write_text("# upper\n")
    locators = [r.source.locator for r in ingest_files(tmp_path, OPTIONS)]
    assert locators == ["B.MARKDOWN"]


def test_plain_file_snapshot_hashes_exact_bytes_and_uses_mtime_in_utc(tmp_path):
    file = tmp_path / "a.md"
    file.write_bytes(b"# A\r\n\r\nbody\r\n")
    os.utime(file, (1_700_000_000, 1_700_000_000))
    (found,) = ingest_files(tmp_path, OPTIONS)
    assert found.snapshot.sha256 == sha256_hex(b"# A\r\n\r\nbody\r\n")
    assert found.snapshot.revised_at == datetime.fromtimestamp(1_700_000_000, tz=timezone.utc)
    assert found.snapshot.version is None and found.snapshot.deleted is False


def test_duplicate_ids_across_files_are_reported(tmp_path):
    (tmp_path / "a.md").write_text("---\nid: X-1\n---\n# A\n")
    (tmp_path / "b.md").write_text("---\nid: X-1\n---\n# B\n")
    notices = [r for r in ingest_files(tmp_path, OPTIONS) if isinstance(r, Notice)]
    assert [(n.kind, n.subject) for n in notices] == [("duplicate_id", "X-1")]


# ---------------------------------------------------------------- Nygard / adr-tools


def test_nygard_adr_gives_title_date_status_and_decision_lines(fixture_records):
    found = observation(fixture_records, "decisions/0001-record-architecture-decisions.md")
    assert found.source.uid == "docs:decisions/0001-record-architecture-decisions.md"
    assert found.source.kind == "markdown"
    assert found.source.title == "1. Record architecture decisions"
    (claim,) = found.claims
    assert claim.uid == "docs:decisions/0001-record-architecture-decisions.md"
    assert claim.aliases == ("decisions/0001-record-architecture-decisions.md",)
    assert claim.declared == "accepted"
    assert claim.asserted_at == datetime(2024, 1, 8, tzinfo=timezone.utc)
    assert (claim.line_start, claim.line_end) == (15, 15)
    assert claim.text == "We will use Architecture Decision Records, as described by Michael Nygard."


def test_citation_lines_are_one_based_inclusive_and_quote_hash_covers_them(fixture_records):
    found = observation(fixture_records, "decisions/0003-use-postgresql.md")
    (claim,) = found.claims
    lines = (FIXTURES / "decisions" / "0003-use-postgresql.md").read_text().split("\n")
    cited = lines[claim.line_start - 1:claim.line_end]
    assert cited == ["The catalogue moves to PostgreSQL 16.", "Search reads from a read replica."]
    assert claim.text == "\n".join(cited)
    assert claim.quote_sha256 == quote_hash(cited)


def test_adr_tools_superceded_spelling_records_supersession_from_the_successor(fixture_records):
    found = observation(fixture_records, "decisions/0002-use-mysql.md")
    assert found.claims[0].declared == "superseded"
    assert edges_of(found) == {("SUPERSEDES", "decisions/0003-use-postgresql.md", "docs:decisions/0002-use-mysql.md")}


def test_supersedes_and_amended_by_lines_in_the_status_section_both_become_edges(fixture_records):
    found = observation(fixture_records, "decisions/0003-use-postgresql.md")
    assert found.claims[0].declared == "accepted"  # the link lines do not change the lifecycle word
    assert edges_of(found) == {
        ("SUPERSEDES", "docs:decisions/0003-use-postgresql.md", "decisions/0002-use-mysql.md"),
        ("AMENDS", "decisions/0004-pool-connections.md", "docs:decisions/0003-use-postgresql.md"),
    }


def test_amends_with_dot_slash_path_and_anchor_normalises_to_the_target_path(fixture_records):
    found = observation(fixture_records, "decisions/0004-pool-connections.md")
    assert edges_of(found) == {("AMENDS", "docs:decisions/0004-pool-connections.md", "decisions/0003-use-postgresql.md")}


def test_emoji_status_and_written_out_date_are_read(fixture_records):
    claim = observation(fixture_records, "decisions/0004-pool-connections.md").claims[0]
    assert claim.declared == "accepted"
    assert claim.asserted_at == datetime(2024, 6, 12, tzinfo=timezone.utc)


def test_bulleted_links_reach_parent_directories_and_code_fences_are_ignored(fixture_records):
    found = observation(fixture_records, "decisions/0005-retire-first-adr-process.md")
    assert found.claims[0].declared == "accepted"  # "**Accepted**"
    assert edges_of(found) == {
        ("SUPERSEDES", "docs:decisions/0005-retire-first-adr-process.md", "decisions/0001-record-architecture-decisions.md"),
        ("SUPERSEDES", "docs:decisions/0005-retire-first-adr-process.md", "madr/0001-use-madr.md"),
    }


def test_a_link_recorded_on_one_side_only_still_yields_the_edge(fixture_records):
    # 0005 says it supersedes 0001; 0001 says nothing about it.
    older = observation(fixture_records, "decisions/0001-record-architecture-decisions.md")
    newer = observation(fixture_records, "decisions/0005-retire-first-adr-process.md")
    assert older.edges == ()
    assert ("SUPERSEDES", newer.claims[0].uid, "decisions/0001-record-architecture-decisions.md") in edges_of(newer)
    # ... and the other way round: madr/0002 records "superseded by" that madr/0003 never mentions.
    kafka = observation(fixture_records, "madr/0002-use-kafka.md")
    nats = observation(fixture_records, "madr/0003-use-nats.md")
    assert nats.edges == ()
    assert edges_of(kafka) == {("SUPERSEDES", "madr/0003-use-nats.md", "docs:madr/0002-use-kafka.md")}


def test_both_sides_of_a_link_name_the_same_pair_of_claims(fixture_records):
    older = observation(fixture_records, "decisions/0002-use-mysql.md")
    newer = observation(fixture_records, "decisions/0003-use-postgresql.md")
    names = {}
    for found in (older, newer):
        claim = found.claims[0]
        for name in (claim.uid, *claim.aliases):
            names[name] = claim.uid
    resolved = {
        (edge.kind, names[edge.from_ref], names[edge.to_ref])
        for found in (older, newer)
        for edge in found.edges
        if edge.kind == "SUPERSEDES"
    }
    assert resolved == {("SUPERSEDES", newer.claims[0].uid, older.claims[0].uid)}


def test_the_example_adrs_parse_with_their_links():
    records = list(ingest_files(EXAMPLES, IngestOptions(store="adr")))
    assert not [r for r in records if isinstance(r, Quarantined)]
    by_locator = {r.source.locator: r for r in records if isinstance(r, Observation)}
    assert by_locator["0002-use-postgres-for-ledger.md"].claims[0].declared == "superseded"
    assert by_locator["0003-cache-sessions-in-redis.md"].claims[0].declared == "rejected"
    adr4 = by_locator["0004-sign-session-cookies.md"].claims[0]
    assert (adr4.uid, adr4.declared, adr4.scope) == ("ADR-0004", "proposed", "org/acme/web")
    assert edges_of(by_locator["0004-sign-session-cookies.md"]) == {
        ("DEPENDS_ON", "ADR-0004", "0001-record-architecture-decisions.md")
    }


# ---------------------------------------------------------------- MADR


def test_madr_bullet_status_and_date_make_a_claim_cited_at_decision_outcome(fixture_records):
    found = observation(fixture_records, "madr/0001-use-madr.md")
    (claim,) = found.claims
    assert claim.declared == "accepted"
    assert claim.asserted_at == datetime(2017, 12, 12, tzinfo=timezone.utc)
    assert claim.text.startswith('Chosen option: "MADR 2.1.2", because')
    assert "lean format" not in claim.text  # Decision Drivers is not Decision Outcome


def test_madr_front_matter_status_superseded_by_link_gives_word_and_edge(fixture_records):
    found = observation(fixture_records, "madr/0002-use-kafka.md")
    claim = found.claims[0]
    assert (claim.declared, claim.subject, claim.value, claim.scope) == ("superseded", "messaging.broker", "kafka", "org/acme")
    assert claim.asserted_at == datetime(2023, 5, 1, tzinfo=timezone.utc)


def test_madr_status_superseded_by_plain_id_keeps_the_id():
    records = parse("---\nstatus: superseded by ADR-0123\n---\n# T\n\nbody\n")
    assert edges_of(records[0]) == {("SUPERSEDES", "ADR-0123", "docs:adr/0007-x.md")}


# ---------------------------------------------------------------- front matter


def test_front_matter_fields_become_claim_attributes(fixture_records):
    found = observation(fixture_records, "front-matter/pricing.md")
    (claim,) = found.claims
    assert claim.uid == "PRICE-7"
    assert claim.aliases == (
        "front-matter/pricing.md",
        "docs:front-matter/pricing.md",
        "pricing-v2",
        "https://wiki.example.com/pricing",
    )
    assert (claim.subject, claim.value, claim.scope) == ("pricing.discount", "15%", "org/acme/sales")
    assert claim.asserted_at == datetime(2025, 3, 1, 8, 30, tzinfo=timezone.utc)  # +01:00 -> UTC
    assert claim.valid_from == datetime(2025, 4, 1, tzinfo=timezone.utc)
    assert claim.valid_until == datetime(2026, 1, 1, tzinfo=timezone.utc)  # epoch milliseconds
    assert claim.declared == "accepted"  # "Approved"
    assert (claim.line_start, claim.line_end) == (21, 22)  # body after the title


def test_front_matter_reference_lists_accept_strings_lists_ids_paths_and_urls(fixture_records):
    found = observation(fixture_records, "front-matter/pricing.md")
    assert edges_of(found) == {
        ("SUPERSEDES", "PRICE-7", "PRICE-6"),
        ("SUPERSEDES", "PRICE-7", "decisions/0002-use-mysql.md"),
        ("CORRECTS", "PRICE-7", "front-matter/rounding.md"),
        ("DEPENDS_ON", "PRICE-7", "PRICE-1"),
        ("CONFLICTS_WITH", "PRICE-7", "https://tracker.example.com/browse/SALES-12"),
    }


def test_front_matter_scalars_are_read_as_written_not_as_yaml_numbers():
    records = parse("---\nid: 0004\nvalue: 1.50\nsubject: yes\nsupersedes: 0003\n---\n# T\n")
    claim = only_claim(records)
    assert (claim.uid, claim.value, claim.subject) == ("0004", "1.50", "yes")
    assert edges_of(records[0]) == {("SUPERSEDES", "0004", "0003")}


def test_front_matter_alone_makes_a_claim_without_status_section():
    claim = only_claim(parse("---\nsubject: a.b\n---\n# Title\n\nText.\n"))
    assert claim.uid == "docs:adr/0007-x.md"
    assert claim.aliases == ("adr/0007-x.md",)
    assert claim.declared is None
    assert claim.scope is None  # the pipeline applies the store's default


def test_empty_front_matter_still_makes_a_claim():
    assert only_claim(parse("---\n---\nJust text.\n")).text == "Just text."


def test_reverse_keys_record_edges_from_the_other_side():
    records = parse("---\nid: A\nsuperseded_by: B\ncorrected_by: [C]\n---\n# T\n")
    assert edges_of(records[0]) == {("SUPERSEDES", "B", "A"), ("CORRECTS", "C", "A")}


# ---------------------------------------------------------------- no claim


def test_a_file_without_front_matter_or_status_is_a_source_without_claims(fixture_records):
    found = observation(fixture_records, "notes/team-notes.md")
    assert found.source.title == "Team notes"
    assert found.claims == () and found.edges == ()  # "## Status of the migration" is not an ADR status


def test_an_unrecognised_status_bullet_does_not_make_a_claim():
    assert parse("# Readme\n\nStatus: beta\n\nSome text.\n")[0].claims == ()


def test_an_empty_file_is_a_source_with_the_hash_of_nothing():
    (found,) = parse(b"")
    assert found.snapshot.sha256 == sha256_hex(b"")
    assert found.claims == () and found.source.title is None


# ---------------------------------------------------------------- status words


@pytest.mark.parametrize(
    ("status", "declared"),
    [
        ("Accepted", "accepted"),
        ("✅ Accepted", "accepted"),
        ("**Superseded**", "superseded"),
        ("Superceded by [3. Foo](0003-foo.md)", "superseded"),
        ("Amended by [4. Bar](0004-bar.md)", "amended"),
        ("Approved", "accepted"),
        ("Draft", "draft"),
        ("PROPOSED", "proposed"),
        ("❌ _Rejected_ (2024-01-01)", "rejected"),
        ("Deprecated", "deprecated"),
        ("~~Accepted~~ Deprecated", "deprecated"),
        ("Incomplete", "incomplete"),
        ("We talked about it", "we talked about it"),
    ],
)
def test_status_section_first_words_give_the_declared_word(status, declared):
    claim = only_claim(parse(f"# 7. X\n\n## Status\n\n{status}\n\n## Decision\n\nDo it.\n"))
    assert claim.declared == declared
    assert claim.declared == declared


def test_status_written_in_the_heading_itself_is_read():
    assert only_claim(parse("# X\n\n## Status: Rejected\n\n## Decision\n\nNo.\n")).declared == "rejected"


def test_front_matter_status_wins_over_the_status_section():
    claim = only_claim(parse("---\nstatus: deprecated\n---\n# X\n\n## Status\n\nAccepted\n"))
    assert claim.declared == "deprecated"


# ---------------------------------------------------------------- references


@pytest.mark.parametrize(
    ("reference", "expected"),
    [
        ("0005-x.md", "adr/0005-x.md"),
        ("./0005-x.md", "adr/0005-x.md"),
        ("../other/0001-y.md#context", "other/0001-y.md"),
        ("/top.md", "top.md"),
        ("sub/z.markdown?plain=1", "adr/sub/z.markdown"),
        ("my%20file.md", "adr/my file.md"),
        ("<0005-x.md>", "adr/0005-x.md"),
        ("ADR-0004", "ADR-0004"),
        ("acme/shop#12", "acme/shop#12"),
        ("https://example.com/a.md", "https://example.com/a.md"),
        ("#decision", "adr/0007-x.md"),
        ("   ", None),
    ],
)
def test_references_normalise_relative_paths_and_keep_ids_and_urls(reference, expected):
    assert normalise_reference("adr/0007-x.md", reference) == expected


def test_several_links_on_one_line_each_make_an_edge():
    records = parse("# 7. X\n\n## Status\n\nAccepted\n\nSupersedes [1](0001-a.md), [2](0002-b.md \"B\")\n")
    assert edges_of(records[0]) == {
        ("SUPERSEDES", "docs:adr/0007-x.md", "adr/0001-a.md"),
        ("SUPERSEDES", "docs:adr/0007-x.md", "adr/0002-b.md"),
    }


def test_link_words_in_the_middle_of_a_sentence_are_not_edges():
    records = parse("# 7. X\n\n## Status\n\nAccepted\n\nThis partly supersedes [1](0001-a.md).\n")
    assert records[0].edges == ()


def test_self_references_are_dropped_and_reported_once_per_target(fixture_records):
    found = observation(fixture_records, "front-matter/self-reference.md")
    assert edges_of(found) == {("SUPERSEDES", "SELF-1", "OTHER-2")}
    position = fixture_records.index(found)
    notices = []
    for record in fixture_records[position + 1:]:
        if isinstance(record, Observation):
            break
        notices.append(record)
    assert {(n.kind, n.subject) for n in notices} == {("self_reference", "SELF-1")}
    assert len(notices) == 2  # ./self-reference.md (front matter and link line) and SELF-1


# ---------------------------------------------------------------- bad input is data


def test_broken_yaml_is_quarantined_with_its_line_and_the_file_kept_without_claim(fixture_records):
    found = observation(fixture_records, "front-matter/broken.md")
    assert found.claims == () and found.edges == ()
    assert found.source.title == "Broken front matter"
    (quarantined,) = [r for r in fixture_records if isinstance(r, Quarantined)]
    assert quarantined.file == "front-matter/broken.md"
    assert quarantined.line == 4
    assert "YAML" in quarantined.reason


def test_unclosed_front_matter_is_quarantined():
    records = parse("---\nid: A\n# Title\n")
    assert records[0].claims == ()
    assert isinstance(records[1], Quarantined) and "not closed" in records[1].reason


@pytest.mark.parametrize(
    ("front_matter", "key"),
    [
        ("supersedes: {a: 1}", "supersedes"),
        ("supersedes: [[1, 2]]", "supersedes"),
        ("id: [1, 2]", "id"),
        ("id: ''", "id"),
        ("subject: {x: y}", "subject"),
        ("date: not-a-date", "date"),
        ("valid_until: 2024-13-45", "valid_until"),
        ("aliases: {a: b}", "aliases"),
    ],
)
def test_front_matter_values_of_the_wrong_shape_quarantine_the_claim_not_the_run(front_matter, key):
    records = parse(f"---\ntitle: ok\n{front_matter}\n---\n# T\n\n## Status\n\nAccepted\n")
    assert records[0].claims == ()
    (quarantined,) = [r for r in records if isinstance(r, Quarantined)]
    assert quarantined.line == 3 and f"`{key}`" in quarantined.reason


def test_front_matter_that_is_not_a_mapping_is_quarantined():
    records = parse("---\n- a\n- b\n---\n# T\n")
    assert records[0].claims == () and isinstance(records[1], Quarantined)


def test_yaml_alias_bomb_and_python_tags_do_not_crash_or_execute():
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nid: *c\n"
    records = parse(f"---\n{bomb}---\n# T\n")
    assert records[0].claims == () and isinstance(records[1], Quarantined)
    assert len(records[1].reason) < 400
    records = parse("---\nid: !!python/object/apply:os.system ['echo pwned']\n---\n# T\n")
    assert records[0].claims == () and isinstance(records[1], Quarantined)


def test_non_utf8_bytes_are_replaced_in_text_but_hashed_exactly():
    data = "---\nid: LATIN-1\n---\n# Caf\xe9\n\nR\xe9sum\xe9 of the decision.\n".encode("latin-1")
    records = parse(data)
    assert records[0].snapshot.sha256 == sha256_hex(data)
    claim = only_claim(records)
    assert claim.uid == "LATIN-1"
    assert claim.text == "R\ufffdsum\ufffd of the decision."
    assert records[0].source.title == "Caf\ufffd"


def test_a_byte_order_mark_does_not_hide_front_matter():
    assert only_claim(parse("\ufeff---\nid: BOM-1\n---\n# T\n")).uid == "BOM-1"


def test_injection_looking_strings_pass_through_unchanged():
    hostile = "x'}) DETACH DELETE n //"
    records = parse(f'---\nid: "{hostile}"\nsubject: "$param`"\nsupersedes: ["{hostile}2"]\n---\n# T\n')
    claim = only_claim(records)
    assert claim.uid == hostile and claim.subject == "$param`"
    assert edges_of(records[0]) == {("SUPERSEDES", hostile, hostile + "2")}


def test_huge_lines_do_not_crash_or_hang():
    huge = "x" * 200_000
    text = f"# {huge}\n\n## Status\n\nAccepted\n\nSupersedes [{'[' * 50_000}](a.md)\n\n# {' #' * 50_000}\n\n{huge}\n"
    records = parse(text)
    claim = only_claim(records)
    assert claim.declared == "accepted"
    assert len(records[0].source.title) <= 1000


def test_decision_section_falls_back_to_the_body_when_empty():
    claim = only_claim(parse("# 7. X\n\n## Status\n\nAccepted\n\n## Decision\n\n## Consequences\n\nNone.\n"))
    assert claim.line_start == 3  # the body after the title: no text under ## Decision
    assert claim.text.endswith("None.")


# ---------------------------------------------------------------- never crash

_FRAGMENTS = st.sampled_from([
    "---", "...", "# T", "## Status", "## Decision", "## Decision Outcome", "```", "~~~", "Accepted", "✅ Superseded",
    "Superceded by [x](../a.md#b)", "Supersedes [y](<c d.md>)", "Amended by [z](", "* Status: draft", "Date: 2024-02-30",
    "id: [1", "id: ''", "supersedes: {a: 1}", "date: 2024-13-01", "aliases: *x", "status: &x accepted", "valid_until: 99999999999999999999",
    "depends_on: [../../../../x.md, null, 3]", "title: !!binary aGVsbG8=", "\t", "", " #", "[", "](", "\r",
])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(_FRAGMENTS, st.text(max_size=20)), max_size=25), st.binary(max_size=8))
def test_any_input_yields_exactly_one_observation_and_never_raises(lines, junk):
    data = "\n".join(lines).encode("utf-8", errors="surrogatepass") + junk
    records = parse_markdown("d/x.md", data, WHEN, OPTIONS)
    if binary_reason(data):  # binary, by the rule every ingester shares: one notice, nothing stored
        assert [(r.kind, r.subject) for r in records] == [("not_text", "d/x.md")]
        return
    assert isinstance(records[0], Observation)
    assert sum(isinstance(r, Observation) for r in records) == 1
    assert records[0].snapshot.sha256 == sha256_hex(data)
    for claim in records[0].claims:
        assert claim.uid and (claim.declared is None or claim.declared == claim.declared.lower())
        if claim.line_start is not None:
            assert 1 <= claim.line_start <= claim.line_end
    for edge in records[0].edges:
        assert edge.from_ref and edge.to_ref and edge.from_ref != edge.to_ref
