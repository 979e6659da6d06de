"""The defects the ninth held-out check left (issue 55, bench/HISTORY.md "The ninth check's defects mended"), each
mended as a general rule. The forms are written here in lines of our own, not copied from the logs. Pure (no
database)."""
from __future__ import annotations

from pathlib import Path

from provgraph import propose_format
from provgraph.ingest.config import files_options, record_table
from provgraph.ingest.formats import metadata
from provgraph.ingest.formats.folder import ingest_files
from provgraph.ingest.formats.twins import plain_first
from provgraph.ingest.records import IngestOptions, Notice, Observation


def _rst(number: str, status: str) -> str:
    return f".. _note{number}:\n\n=========\nNote {number}: A plan\n=========\n\n:Status: {status}\n\nText.\n"


def test_a_draft_twin_never_takes_the_id_of_the_record_whose_name_it_extends(tmp_path: Path) -> None:
    # `note-24-FIRSTDRAFT.txt` sorts before `note-24.txt` ('-' before '.'): the draft took the id `Note 24`
    store = tmp_path / "notes"
    store.mkdir()
    named = [("note-24.txt", "Done"), ("note-24-FIRSTDRAFT.txt", "Proposed"), *((f"note-{n}.txt", "Draft") for n in range(25, 45))]
    for name, status in named:
        (store / name).write_text(_rst(name.split("-")[1].split(".")[0], status), encoding="utf-8")
    declared = record_table(table={"records": ["note-*.txt"], "metadata": ["field-list", "file-name"],
                                   "id": "Note {id}", "fields": {"id": "file-number", "status": "Status"}})
    read = list(ingest_files(store, IngestOptions(store="notes", options=files_options(record=declared))))
    claims = {record.source.locator: record.claims[0].uid for record in read if isinstance(record, Observation)}
    assert {name: claims[name] for name in ("note-24.txt", "note-24-FIRSTDRAFT.txt", "note-25.txt")} == {
        "note-24.txt": "Note 24", "note-24-FIRSTDRAFT.txt": "notes:note-24-FIRSTDRAFT.txt", "note-25.txt": "Note 25"}
    assert len(claims) == 22  # nothing dropped: the twin is its own record, under its path
    (notice,) = [record for record in read if isinstance(record, Notice) and record.kind == "duplicate_id"]
    assert "whose name it extends by '-FIRSTDRAFT'" in notice.detail and notice.detail.endswith("read under its path")
    # the proposal says so, and what to add to leave it out
    proposal = propose_format(store)
    (doubt,) = [doubt for doubt in proposal.doubts if "an id another holds" in doubt]
    assert "note-24-FIRSTDRAFT.txt (Note 24; note-24.txt's name plus '-FIRSTDRAFT'" in doubt
    assert doubt.endswith('; to leave the twins out: [store.record.skip] twin = ["note-24-FIRSTDRAFT.txt"]')


def test_a_twin_is_read_after_the_file_whose_name_it_extends_and_no_file_is_lost() -> None:
    walked = ["a/x-1-old.md", "a/x-1.md", "a/x-10.md", "b/x-1.md", "x-2.v2.md", "x-2.md", "x-2.md.bak"]
    assert plain_first(walked) == ["a/x-1.md", "a/x-1-old.md", "a/x-10.md", "b/x-1.md", "x-2.md", "x-2.v2.md",
                                   "x-2.md.bak"]


def _design(status: str) -> str:
    return f"---\ntitle: A design\nstatus: {status}\n---\n# A design\n\nWhat we change, and why.\n\n**Note**: not a field.\n"


def test_a_front_matter_never_closed_is_read_by_a_further_place_for_its_bold_status_line(tmp_path: Path) -> None:
    # a design that opens `---`, never closes it, and states `**Status**: Draft` under its title
    store = tmp_path / "designs"
    store.mkdir()
    for number, status in enumerate(("Approved", "Approved", "Implemented", "Draft", "Dropped"), 1):
        (store / f"2020-0{number}-01-design.md").write_text(_design(status), encoding="utf-8")
    (store / "2021-01-01-open.md").write_text("---\n# Open design\n\n**Status**: Draft\n\n**Author:** Ada\n\nText.\n",
                                              encoding="utf-8")
    proposal = propose_format(store)
    assert proposal.record["metadata"] == ["front-matter", "lines"] and proposal.counts.records == 6
    assert not proposal.counts.silent
    declared = record_table(table=dict(proposal.record))
    read = list(ingest_files(store, IngestOptions(store="designs", options=files_options(record=declared))))
    opened = next(record for record in read if isinstance(record, Observation) and record.source.locator == "2021-01-01-open.md")
    assert opened.claims and opened.stated is not None and opened.stated.word is not None
    assert opened.stated.word.written == "Draft"
    (said,) = [record for record in read if isinstance(record, Notice) and record.kind == "broken_metadata"]
    assert said.subject == "2021-01-01-open.md" and "not closed" in said.detail  # counted, never silent
    # in a well-formed design the body is not read: `**Note**:` after a paragraph is no field
    assert metadata.field_lines(_design("Approved").split("\n")) == {}
    assert metadata.field_lines(["# T", "", "**Status:** Accepted", "", "__Date__: 2020", "", "Text"]) == {
        "status": metadata.Field("Accepted", 3), "date": metadata.Field("2020", 5)}
    assert metadata.field_lines(["# T", "", "We **must**: go", "", "Text"]) == {}  # a sentence, no name in bold


def test_front_matter_is_read_by_one_home_and_a_character_yaml_refuses_is_bad_metadata_not_a_crash() -> None:
    # the formats' place raised yaml's ReaderError for a control character (the adr reading caught it)
    try:
        metadata.front_matter(["---", "status: \x08", "---"])
    except metadata.BadMetadata as problem:
        assert problem.reason.startswith("broken YAML in front matter")
    else:
        raise AssertionError("a control character in front matter was read")
    from provgraph.ingest.markdown.document import split_document
    from provgraph.ingest.markdown.front_matter import BadFrontMatter, front_matter_fields
    try:
        front_matter_fields(split_document("---\nstatus: \x08\n---\n# T\n"))
    except BadFrontMatter as problem:  # the same words from both readers: one home
        assert problem.reason.startswith("broken YAML in front matter") and problem.line == 1
    else:
        raise AssertionError("a control character in front matter was read")
    # merge keys read alike in both (the adr reading had them; the formats' places now too)
    merged = metadata.front_matter(["---", "base: &b", "  status: Final", "<<: *b", "title: T", "---"])
    assert merged["status"].value == "Final"
