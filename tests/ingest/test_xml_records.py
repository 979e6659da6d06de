"""Records written as XML: the `xml` metadata place (provgraph/ingest/formats/xml_fields.py), read by a declaration
and proposed from the files (issue 55). Samples in tests/fixtures/proposal_xml/ (SOURCES.md): three XEPs of xsf/xeps,
and a log of our own design with other element names. Hostile XML is written here, never committed. Pure (no
database)."""
from __future__ import annotations

import time
from pathlib import Path

import pytest
from ingest_run import FIXTURES
from proposal_claims import WHEN

from provgraph import propose_format
from provgraph.ingest.formats.declaration import declared
from provgraph.ingest.formats.metadata import BadMetadata, Field
from provgraph.ingest.formats.proposal import Proposal
from provgraph.ingest.formats.proposal.renames import renamed_as
from provgraph.ingest.formats.reader import Read, Version, read_record
from provgraph.ingest.formats.xml_fields import topics, xml_fields
from provgraph.ingest.records import IngestOptions, Observation, Quarantined

SAMPLES = FIXTURES / "proposal_xml"
_XML = {"records": ["*.xml"], "metadata": ["xml"], "fields": {"status": "status", "id": "number"}}


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")


def _read(table: dict, relpath: str, data: bytes) -> Read:
    return read_record(declared(table), Version(relpath, WHEN), data, IngestOptions(store="s"))


def _claims(proposal: Proposal, root: Path) -> dict[str, tuple[str, str | None, set[tuple[str, str, str]]]]:
    """record path -> (uid, declared word, edges) of each file the proposal reads as a claim, as `ingest files` would."""
    table = proposal.store_table()
    fmt = declared({**table["record"], "words": table["words"]}, "proposal")
    found = {}
    for file in sorted(root.rglob("*.xml")):
        relpath = file.relative_to(root).as_posix()
        if fmt.is_record_name(relpath) and not fmt.skip_reason(relpath):
            read = read_record(fmt, Version(relpath, WHEN), file.read_bytes(), IngestOptions(store="s"))
            for record in read.records:
                if isinstance(record, Observation) and record.claims:
                    edges = {(edge.kind, edge.from_ref, edge.to_ref) for edge in record.edges}
                    found[relpath] = (record.claims[0].uid, record.claims[0].declared, edges)
    return found


def test_a_xep_header_gives_each_field_by_its_element_name_and_a_list_for_repeated_children() -> None:
    found = xml_fields(_lines(SAMPLES / "xeps" / "xep-0084.xml"))
    assert found["number"] == Field("0084", 12) and found["status"] == Field("Draft", 13)
    assert found["title"].value == "User Avatar"
    assert found["supersedes"] == Field(["XEP-0008", "XEP-0153"], 23)
    assert found["supersededby"].value == ""  # `<supersededby/>` states nothing
    assert found["date"].value == "2019-09-20"  # the first <date>: the newest revision's
    assert "xep" not in found  # the root is the record, not a field
    assert "section1" not in found  # the head is read: the `<header>`, the root's first child that holds elements
    flat = xml_fields(["<r><title>T</title><status>Final</status><body><p>x</p></body><state>Old</state></r>"])
    assert [(name, value.value) for name, value in flat.items()] == [
        ("title", "T"), ("status", "Final"), ("body", ["x"]), ("p", "x")]  # up to the first child holding elements
    # `&LEGALNOTICE;` (declared in xep.ent, which is never loaded) is left out, not an error
    assert "LEGALNOTICE" not in str(found["header"].value)


def test_the_proposal_for_xeps_reads_the_xml_place_with_ids_and_both_link_directions() -> None:
    root = SAMPLES / "xeps"
    proposal = propose_format(root)
    record = proposal.store_table()["record"]
    assert record["metadata"] == ["xml"] and record["records"] == ["xep-[0-9]*.xml"]
    assert record["fields"] == {"id": "number", "status": "status", "title": "title", "date": "date",
                                "supersedes": "supersedes", "superseded_by": "supersededby"}
    assert record["id"] == "XEP-{id:04}"
    claims = _claims(proposal, root)
    # Draft is Stable's old name, as XEP-0001's `<section2 topic='Draft'>` says: in force, not a draft
    assert {path: claim[:2] for path, claim in claims.items()} == {
        "xep-0001.xml": ("XEP-0001", "accepted"), "xep-0008.xml": ("XEP-0008", "deprecated"),
        "xep-0084.xml": ("XEP-0084", "accepted"), "xep-0153.xml": ("XEP-0153", "accepted")}
    draft = next(word for word in proposal.words if word.phrase == "draft")
    assert draft.by_definition and draft.definition is not None and draft.definition.where == "xep-0001.xml:46"
    # both XEPs a list names, not only its first (the pattern declaration's miss)
    assert claims["xep-0084.xml"][2] == {("SUPERSEDES", "XEP-0084", "XEP-0008"), ("SUPERSEDES", "XEP-0084", "XEP-0153")}
    assert claims["xep-0008.xml"][2] == {("SUPERSEDES", "XEP-0084", "XEP-0008"), ("SUPERSEDES", "XEP-0153", "XEP-0008")}


def test_a_log_of_other_element_names_is_proposed_and_read_the_same_way() -> None:
    # our own design: a default namespace, `dc:title`, the fields under `<meta>`, `<state>` over lines of its own,
    # `<replaced-by><ref>`, a `<state>` in the body that is no field, and one record that is not well-formed
    root = SAMPLES / "decisions"
    fields = xml_fields(_lines(root / "dr-001.xml"))
    assert fields["state"] == Field("superseded", 6) and fields["title"].value == "Keep the audit log in one table"
    assert fields["replaced-by"].value == ["DR-3"] and fields["replaces"].value == ""
    proposal = propose_format(root)
    record = proposal.store_table()["record"]
    assert record["metadata"] == ["xml"] and record["records"] == ["dr-[0-9]*.xml"]
    assert record["fields"] == {"id": "id", "status": "state", "title": "title", "date": "recorded",
                                "replaces": "replaces", "replaced_by": "replaced-by"}
    claims = _claims(proposal, root)
    assert {path: claim[:2] for path, claim in claims.items()} == {
        "dr-001.xml": ("DR-1", "superseded"), "dr-002.xml": ("DR-2", "rejected"), "dr-003.xml": ("DR-3", "accepted"),
        "dr-004.xml": ("DR-4", "proposed")}
    assert claims["dr-003.xml"][2] == {("SUPERSEDES", "DR-3", "DR-1")} == claims["dr-001.xml"][2]
    assert proposal.counts.records == 4 and proposal.counts.not_read == {"a source only: unreadable xml": 1}


def test_a_record_that_is_not_well_formed_xml_is_not_read_and_the_reason_names_where() -> None:
    data = (SAMPLES / "decisions" / "dr-005.xml").read_bytes()
    read = _read({**_XML, "fields": {"status": "state"}}, "dr-005.xml", data)
    assert read.source_only == "unreadable xml"
    assert [(r.line, r.reason) for r in read.records if isinstance(r, Quarantined)] == [
        (7, "not well-formed XML (mismatched tag, line 7, column 5)")]
    assert not any(isinstance(r, Observation) and r.claims for r in read.records)
    with pytest.raises(BadMetadata, match="invalid token"):
        xml_fields(["# A Markdown title", "", "Status: Accepted"])


def _laughs(levels: int) -> str:
    entities = "".join(f'  <!ENTITY lol{n} "{f"&lol{n - 1};" * 10}">\n' for n in range(1, levels + 1))
    return (f'<?xml version="1.0"?>\n<!DOCTYPE lolz [\n  <!ENTITY lol0 "lol">\n{entities}]>\n'
            f'<lolz><meta><status>&lol{levels};</status></meta><p a="&lol{levels};"/></lolz>\n')


def test_a_billion_laughs_is_not_read_with_its_reason_and_never_expanded() -> None:
    started = time.monotonic()
    read = _read(_XML, "laughs.xml", _laughs(9).encode())
    assert time.monotonic() - started < 2  # 10^9 `lol`s, expanded, would take minutes and gigabytes
    assert read.source_only == "unreadable xml"
    reasons = [r.reason for r in read.records if isinstance(r, Quarantined)]
    assert reasons == ["declares an entity that would expand past 100,000 characters ('lol5'); provgraph expands no "
                       "entity in a record"]
    # a short entity is declared and its reference left out of the text, never expanded
    assert xml_fields(_laughs(1).split("\n"))["status"].value == ""


def test_a_deep_document_with_text_at_every_level_is_read_quickly_its_texts_bounded() -> None:
    depth = 3000
    text = "".join(f"<e{n}>{'x' * 300}" for n in range(depth)) + "".join(f"</e{n}>" for n in reversed(range(depth)))
    started = time.monotonic()
    found = xml_fields([f"<r><status>Final</status>{text}</r>"])  # one line: every element within the first lines
    assert time.monotonic() - started < 5  # unbounded, each level would copy the text under it: 3000 x 900,000
    assert found["status"].value == "Final" and len(found["e0"].value) <= 10_000


def test_an_external_entity_is_never_fetched_and_a_general_one_is_not_read() -> None:
    general = ('<?xml version="1.0"?>\n<!DOCTYPE r [\n  <!ENTITY xxe SYSTEM "file:///etc/passwd">\n]>\n'
               '<r><status>Final &xxe;</status></r>\n')
    read = _read(_XML, "xxe.xml", general.encode())
    assert [(r.line, r.reason) for r in read.records if isinstance(r, Quarantined)] == [
        (3, "declares an external entity ('xxe', 'file:///etc/passwd'); provgraph fetches nothing a record names")]
    parameter = ('<?xml version="1.0"?>\n<!DOCTYPE r SYSTEM "http://127.0.0.1:9/r.dtd" [\n'
                 '  <!ENTITY % xxe SYSTEM "file:///etc/passwd">\n  %xxe;\n]>\n<r><status>Final &root;</status></r>\n')
    read = _read(_XML, "pe.xml", parameter.encode())  # as a XEP's `%ents;`: declared, never loaded
    observed = next(r for r in read.records if isinstance(r, Observation))
    assert observed.claims[0].declared == "accepted" and "root:" not in observed.claims[0].text
    with pytest.raises(BadMetadata, match="parameter entity with its text inline"):
        xml_fields(['<!DOCTYPE r [<!ENTITY % p "<!ENTITY x \'y\'>"> %p;]>', "<r/>"])


def test_an_id_that_is_a_templates_placeholder_names_the_record_by_its_path() -> None:
    # a ProtoXEP in xsf/xeps' inbox/: `<number>xxxx</number>` until the editor numbers it
    data = b"<xep><header><number>xxxx</number><status>ProtoXEP</status></header></xep>\n"
    read = _read({**_XML, "id": "XEP-{id:04}", "words": {"protoxep": "proposed"}}, "inbox/bind2.xml", data)
    observed = next(r for r in read.records if isinstance(r, Observation))
    assert observed.claims[0].uid == "s:inbox/bind2.xml"


def test_a_definition_that_calls_a_word_an_older_name_reads_it_as_the_newer_one() -> None:
    assert renamed_as("draft", 'In previous versions the "Stable" status was called "Draft". It was renamed.') == "stable"
    assert renamed_as("living", "Living was renamed to Active in 2021.") == "active"
    assert renamed_as("frozen", "The council renamed `Frozen` to `Final`.") == "final"
    assert renamed_as("draft", 'The "Stable" status was not called "Draft".') is None  # negated: no such statement
    assert renamed_as("draft", 'The "Stablish" status was called "Draft".') is None  # not a status word provgraph knows
    assert renamed_as("draft", "A draft is a work in progress.") is None


def test_an_xml_process_document_defines_its_words_under_topic_named_elements() -> None:
    text = (SAMPLES / "xeps" / "xep-0001.xml").read_text(encoding="utf-8")
    found = {topic: (body, line) for topic, body, line in topics(text)}
    assert found["Draft"][1] == 46 and found["Draft"][0].startswith('Note: In previous versions of the XSF process')
    assert found["Stable"][0].startswith("A Standards Track XEP is in the Stable state")
    assert topics(_laughs(9)) == []  # a document not read gives no terms
