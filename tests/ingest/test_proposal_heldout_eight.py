"""General reading defects the eighth held-out check found in the proposer (issue 55, bench/HISTORY.md "An eighth
fresh check"): each log's form written here in lines of our own, not copied. Pure (no database)."""
from __future__ import annotations

from pathlib import Path

from proposal_claims import MD, read_as_claims

from provgraph import propose_format
from provgraph.ingest import lifecycle
from provgraph.ingest.formats import headings, metadata
from provgraph.ingest.formats.proposal import codes


def _under(heading: str, *lines: str) -> str | None:
    """The value `headings` reads under `## heading`, the lines its paragraph (None: the heading states none)."""
    found = headings.heading_fields([f"## {heading}", "", *lines, "", "## Consequences", "", "More."],
                                    frozenset({heading.casefold()}))
    value = found[heading.casefold()].value if heading.casefold() in found else None
    return value if isinstance(value, str) else None


def test_a_status_in_a_sentence_under_a_status_heading_is_read_only_from_a_short_one_and_never_from_a_name() -> None:
    # open-edx-proposals: a Nygard `Decision` section's prose; "Open edX" is a name, "drafting" a sentence's word
    prose = "We will create a new project that defines a branding interface for all Open edX applications."
    assert lifecycle.canonical(_under("Decision", prose)) is None
    assert lifecycle.canonical(_under("Decision", "Open edX applications will share one brand package.")) is None
    assert lifecycle.canonical(_under("Decision", "We use Kafka.", "It is built on Open Source.")) is None
    assert lifecycle.canonical(_under("Encourage approachable decision making",
                                      "Making a decision is rarely atomic. Many are made in code. We encourage "
                                      "issues where drafting a full record would distract.")) is None
    # a status said as a value, or in a short sentence, is still read
    for value, word in [("Accepted", "accepted"), ("Accepted on 2020-01-01", "accepted"), ("✅ Accepted", "accepted"),
                        ("Superseded by [ADR-5](0005-five.md)", "superseded"), ("**Proposed** (May 2024)", "proposed"),
                        ("Partially Accepted", "accepted")]:
        assert lifecycle.canonical(_under("Status", value)) == word, value
    assert _under("Status", "This BEP is already implemented.") == "implemented"
    assert _under("Status", "This KEP has been replaced by [KEP-9: a long title](/keps/sig-x/9-a-long-title).",
                  "The rest moved there.") == "replaced by"
    assert _under("Status", "Status: [ADOPTED](/README.md#lifecycle)", "Since: 2019-05-28") == "ADOPTED"


def test_a_status_named_heading_whose_paragraphs_are_prose_is_no_status_place_for_the_records_left_without(
        tmp_path: Path) -> None:
    # oep-0048: a header table the proposal cannot read, then `Decision` prose naming "Open edX": no status, not `open`
    for number in range(1, 9):
        status = f"| Status | {'Accepted' if number % 2 else 'Draft'} |\n|---|---|\n\n" if number <= 5 else ""
        (tmp_path / f"xep-{number:04}{MD}").write_text(
            f"# XEP-{number}: Thing {number}\n\n{status}## Context\n\nWhy.\n\n## Decision\n\nWe will build one "
            f"package that themes every Open edX application the same way, from one place.\n", encoding="utf-8")
    proposal = propose_format(tmp_path)
    assert proposal.status == [("table", "status")]
    claims = read_as_claims(proposal, tmp_path)
    assert sorted(claims) == [f"xep-{number:04}{MD}" for number in range(1, 6)]


def test_a_votes_outcome_passed_or_failed_reads_as_accepted_or_rejected(tmp_path: Path) -> None:
    # BitcoinUnlimited/BUIP: `    Status: passed` in an indented header, the proposal put to a members' vote
    for number, word in enumerate(["passed", "passed", "failed", "passed", "draft", "failed"], start=1):
        (tmp_path / f"{number:03}{MD}").write_text(f"    BUIP: {number:03}\n    Title: Change {number}\n    Status: {word}\n\n"
                                                   "The members vote on it.\n", encoding="utf-8")
    words = {word.phrase: (word.reads_as, word.unsure) for word in propose_format(tmp_path).words}
    assert words["passed"] == ("accepted", None) and words["failed"] == ("rejected", None)
    assert lifecycle.canonical("Passed (2017-03-01)") == "accepted" and lifecycle.canonical("FAILED") == "rejected"


def test_a_status_folder_with_an_ordering_prefix_is_read_by_its_word(tmp_path: Path) -> None:
    # opencypher/openCypher: cip/1.adopted/, cip/2.testable/; the files state no status, the folder is it
    assert metadata.folder("cip/1.adopted/CIP2015-05-13-EXISTS.adoc", {}) == {"folder": metadata.Field("adopted")}
    assert metadata.folder("01-draft/x.md", {}) == {"folder": metadata.Field("draft")}
    assert metadata.folder("2_on-hold/x.md", {}) == {"folder": metadata.Field("on-hold")}
    assert metadata.folder("keps/0042-draft-spec/README.md", {}) == {}  # a record's own folder, its number no order
    assert metadata.folder("2.testable/x.md", {"testable": "accepted"}) == {"folder": metadata.Field("testable")}
    assert metadata.folder("2.testable/x.md", {"2.testable": "accepted"}) == {"folder": metadata.Field("2.testable")}
    for number in range(1, 7):
        stage = "1.adopted" if number <= 4 else "2.testable"
        (tmp_path / stage).mkdir(exist_ok=True)
        (tmp_path / stage / f"XIP{2015 + number}-0{number}-01-thing.adoc").write_text(
            f"= XIP{2015 + number}-0{number}-01 Thing {number}\n\n== Motivation\n\nWhy.\n", encoding="utf-8")
    proposal = propose_format(tmp_path)
    assert proposal.status == [("folder", "")] and proposal.store_table()["words"]["adopted"] == "accepted"
    # `testable` is no status word: a stage beside `1.adopted/`, declared "?" so that its two are read, UNKNOWN
    assert proposal.counts.records == 6 and proposal.counts.silent == []
    assert proposal.store_table()["words"]["testable"] == lifecycle.UNREAD_MARK


def _write_coded_stages(root: Path) -> None:
    """ECS-like RFCs: `- Stage: **3 (finished)** <!-- ... -->` bullets, the stage a code with its word in brackets
    (once a code alone, `**2**`); one stray `Stage: Proposal` under a later heading."""
    stages = ["0 (strawperson)", "0 (strawperson)", "0 (strawperson)", "3 (finished)", "3 (finished)", "3 (finished)",
              "2 (candidate)", "2 (candidate)", "2", "X (abandoned)", "X (abandoned)", "1 (proposal)"]
    for number, stage in enumerate(stages, start=1):
        comment = " <!-- Set the stage this RFC is at. -->" if number % 2 else ""
        later = "\n## Appendix\n\n- Stage: **Proposal**\n" if number == 1 else ""
        (root / f"{number:04}-change-{number}{MD}").write_text(
            f"# {number:04}: Change {number}\n\n- Stage: **{stage}**{comment}\n- Date: 2021-0{number % 9 + 1}-01\n\n"
            f"Text.\n{later}", encoding="utf-8")


def test_a_status_named_field_of_codes_is_proposed_each_code_a_word_to_fill_in_or_read_by_the_word_in_brackets(
        tmp_path: Path) -> None:
    # elastic/ecs rfcs/text: no proposal before (exit 2: no field of status words)
    _write_coded_stages(tmp_path)
    proposal = propose_format(tmp_path)
    assert proposal.status == [("bullets", "stage")] and proposal.counts.records == 12
    words = {word.phrase: word for word in proposal.words}
    assert words["x"].reads_as == "withdrawn" and "written x (abandoned)" in (words["x"].unsure or "")
    assert words["1"].reads_as == "proposed"
    assert words["3"].reads_as == "accepted" and "written 3 (finished); read by the word in brackets" in (words["3"].unsure or "")
    assert words["0"].reads_as == "proposed" and words["0"].records == 3 and "written 0 (strawperson)" in (words["0"].unsure or "")
    assert words["2"].reads_as is None and words["2"].records == 3  # `2 (candidate)` and `2` alone: one code
    assert '# 2 = "?"  # 3 records; check:' in proposal.to_toml() and '3 = "accepted"  # 3 records; check:' in proposal.to_toml()
    claims = read_as_claims(proposal, tmp_path)
    assert claims["0010-change-10" + MD][1] == "withdrawn" and claims["0004-change-4" + MD][1] == "accepted"


def test_codes_are_no_status_field_beside_a_field_of_status_words_nor_when_few_or_prose(tmp_path: Path) -> None:
    _write_coded_stages(tmp_path)
    for number in range(1, 13):  # a field of status words in every file wins over the codes
        path = tmp_path / f"{number:04}-change-{number}{MD}"
        path.write_text(path.read_text(encoding="utf-8").replace("- Date:", f"- Status: {'Final' if number % 3 else 'Draft'}\n- Date:"),
                        encoding="utf-8")
    assert propose_format(tmp_path).status[0] == ("bullets", "status")
    assert not codes.are_codes(["3 (finished)", "3 (finished)", "0 (x)", "0 (x)"])  # in too few files
    assert not codes.are_codes(["We will do it this way", "We will do that", "We chose the first", "We chose it",
                              "We will see", "We will do it"])  # prose, not codes
    assert codes.are_codes(["3 (finished)", "3 (finished)", "0 (x)", "0 (x)", "2", "2 <!-- set it -->"])
