"""General reading defects the third held-out check found in the proposer (issue 55, bench/HISTORY.md): samples of
public logs in tests/fixtures/proposal_heldout/ (SOURCES.md says where from), each read with provgraph's own
proposal as `ingest files` would read it. Pure (no database)."""
from __future__ import annotations

from pathlib import Path

from ingest_run import FIXTURES
from proposal_claims import MD, read_as_claims

from provgraph import propose_format
from provgraph.ingest import lifecycle
from provgraph.ingest.formats import headings, metadata
from provgraph.ingest.formats.proposal.aside import translated

SAMPLES = FIXTURES / "proposal_heldout"


def test_a_header_field_with_no_space_after_its_colon_is_read_but_a_url_or_a_time_is_no_field() -> None:
    # tronprotocol/tips: TIP-127 opens its fenced header with `tip:127`
    lines = (SAMPLES / "trontips" / ("tip-127" + MD)).read_text(encoding="utf-8").split("\n")
    found = metadata.header_block(lines)
    assert (found["tip"].value, found["status"].value) == ("127", "Final")
    assert {name: field.value for name, field in metadata.header_block(["author:a@b.org", "status:Final", "", "x"]).items()} \
        == {"author": "a@b.org", "status": "Final"}
    for not_a_field in ("https://example.org/x", "Meeting at 12:30", "example.org:8080", "mailto:a@b.org", "C:\\x"):
        assert metadata.header_block([not_a_field, "status: Final"]) == {}, not_a_field
    proposal = propose_format(SAMPLES / "trontips")
    assert ("header-block", "status") in proposal.status and "patterns" not in proposal.store_table()["record"]
    assert read_as_claims(proposal, SAMPLES / "trontips")["tip-127" + MD][0].endswith("-127")


def test_of_two_status_named_fields_the_one_whose_values_the_vocabulary_reads_is_the_status() -> None:
    # scala/improvement-proposals: `stage: completed` beside `status: shipped`; the process's status is `status`
    proposal = propose_format(SAMPLES / "scalasips" / "content")
    assert proposal.store_table()["record"]["fields"]["status"] == "status"
    claims = read_as_claims(proposal, SAMPLES / "scalasips" / "content")
    assert claims["049-polymorphic-eta-expansion" + MD][1] == "waiting-for-implementation"  # not in force: unknown
    assert claims["001-named-and-default-arguments" + MD][1] == "accepted"  # shipped


def test_records_with_no_id_in_their_metadata_are_named_by_their_file_names_number() -> None:
    # the shape of kadena-io/KIPs: `kip-0015.md` whose metadata states no id
    proposal = propose_format(SAMPLES / "numbered")
    record = proposal.store_table()["record"]
    assert record["metadata"] == ["front-matter", "file-name"] and record["fields"]["id"] == "file-number"
    assert record["id"] == "KIP-{id:04}"
    assert sorted(uid for uid, _ in read_as_claims(proposal, SAMPLES / "numbered").values()) == ["KIP-0004", "KIP-0015", "KIP-0022"]
    assert metadata.file_name("keps/sig-x/1029-quotas/README.md")["file-number"] == metadata.Field("1029")


def test_a_translation_beside_its_record_is_counted_and_named_as_one_not_read_as_a_record() -> None:
    # vechain/VIPs: `VIP-180-zh_CN.md` beside `VIP-180.md`
    root = SAMPLES / "vips" / "vips"
    proposal = propose_format(root)
    record = proposal.store_table()["record"]
    assert record["skip"] == {"translation": ["*-zh_CN.md"]} and proposal.counts.records == 4
    assert proposal.counts.aside["translation"] == ["VIP-180-zh_CN" + MD, "VIP-192-zh_CN" + MD]
    assert "2 translation (VIP-180-zh_CN.md, VIP-192-zh_CN.md)" in proposal.to_toml()
    assert record["fields"]["id"] == "vip" and record["id"] == "VIP-{id}"  # the ids unique once translations are aside
    paths = ["a/0001-x.md", "a/0001-x.ja.md", "a/pep-8_pt-BR.rst", "a/pep-8.rst", "a/0002-y-api.md", "a/0002-y.md"]
    assert [translated(path, paths) for path in paths] == [None, "a/0001-x.md", "a/pep-8.rst", None, None, None]


def test_readmes_index_pages_and_templates_the_records_glob_matches_are_counted_as_not_records() -> None:
    # tronprotocol/tips: records `*.md` (unnumbered TICP pages state a status) match the READMEs, at the top and in tp/
    proposal = propose_format(SAMPLES / "trontips")
    skip = proposal.store_table()["record"]["skip"]
    assert skip == {"index page": ["README.md"], "template": ["template.md"]}
    assert proposal.counts.aside == {"index page": ["README.md", "tp/README" + MD], "template": ["template.md"]}
    assert not any(reason.startswith("a source only") and "README" in reason for reason in proposal.counts.not_read)


def test_a_status_stated_as_a_sentence_under_a_status_heading_is_read_by_its_first_status_phrase() -> None:
    # bnb-chain/BEPs: `## 3.  Status` then `This BEP is already implemented.`; newer BEPs a `<pre>` preamble
    root = SAMPLES / "beps" / "BEPs"
    proposal = propose_format(root)
    record = proposal.store_table()["record"]
    assert record["metadata"][:2] == ["header-block", "headings"] and proposal.counts.records == 10
    claims = read_as_claims(proposal, root)
    assert claims["BEP10" + MD][1] == "accepted" and claims["BEP159" + MD][1] == "draft"
    assert claims["BEP12" + MD][1] == "this bep is under"  # no status phrase in it: unrecognised, shown as written
    negated = headings.heading_fields(["## 3. Status", "", "This BEP is not yet implemented.", "## 4. Motivation"],
                                      frozenset({"status"}))
    assert negated["status"].value == "This BEP is not yet implemented."  # read neither way
    assert lifecycle.canonical(negated["status"].value) is None


def test_requires_is_left_out_as_a_premise_when_records_in_force_require_ones_that_are_not(tmp_path: Path) -> None:
    # tronprotocol/tips: TIP-1363 (Final) requires TIP-20 (Final) and TIP-165 (Draft)
    proposal = propose_format(SAMPLES / "trontips")
    assert "requires" not in proposal.store_table()["record"]["fields"]
    assert any("1 of 1 records in force" in doubt and "TRC-1363 Final requires TRC-165 Draft" in doubt
               and "PREMISE_NOT_CURRENT" in doubt for doubt in proposal.doubts)
    for number in range(1, 7):  # a log whose records in force require only records in force: a premise
        requires = f"requires: XIP-{number - 1}\n" if number > 1 else ""
        (tmp_path / f"xip-{number}.md").write_text(f"---\nxip: {number}\nstatus: Final\n{requires}---\n\n# XIP-{number}\n"
                                                   f"\nSee XIP-{number % 6 + 1} and XIP-{(number + 1) % 6 + 1}.\n",
                                                   encoding="utf-8")
    assert propose_format(tmp_path).store_table()["record"]["fields"]["requires"] == "requires"
