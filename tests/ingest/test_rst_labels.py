"""RST records cite each other by Sphinx labels: a `:ref:` in a link field names the record whose file defines the
label (`.. _note7.1:` over its title), whichever is read first (the ninth held-out check's MapServer RFC 7: "This RFC is
superseded by :ref:`RFC 7.1 <rfc7.1>`"). The forms are written here in lines of our own. Real Neo4j."""
from __future__ import annotations

from pathlib import Path

from provgraph.engine.status import status
from provgraph.graph.connection import Graph
from provgraph.ingest.config import files_options, record_table
from provgraph.ingest.formats import labels
from provgraph.ingest.pipeline import ingest


def _note(label: str, title: str, status_word: str, said: str = "") -> str:
    note = f".. note::\n\n    {said}\n\n" if said else ""
    return f".. _{label}:\n\n{'=' * 30}\n{title}\n{'=' * 30}\n\n:Status: {status_word}\n\n{note}Text.\n"


def test_a_ref_in_a_link_field_names_the_record_whose_file_defines_the_label(graph: Graph, tmp_path: Path) -> None:
    store = tmp_path / "notes"
    store.mkdir()
    (store / "note-7.txt").write_text(_note("note7", "Note 7: Pages", "Adopted",
                                            "This note is superseded by :ref:`Note 7.1 <Note7.1>`"), encoding="utf-8")
    (store / "note-7.1.txt").write_text(_note("note7.1", "Note 7.1: Pages again", "Adopted",
                                              "This note obsoletes :ref:`note7`."), encoding="utf-8")
    (store / "note-8.txt").write_text(_note("note8", "Note 8: Tiles", "Adopted"), encoding="utf-8")
    declared = record_table(table={"records": ["note-*.txt"], "metadata": ["field-list"], "fields": {"status": "Status"},
                                   "patterns": {"superseded_by": r"superseded by (:ref:`[^`]+`)",
                                                "supersedes": r"obsoletes (:ref:`[^`]+`)"}})
    summary = ingest(graph, "files", store, store="notes", options=files_options(record=declared))
    assert summary.observations == 3
    found = {row.claim: (row.status, row.reason) for row in status(graph)}
    assert found["notes:note-7.txt"] == ("STALE", "SUPERSEDED")  # by the record the label names, not a placeholder
    assert found["notes:note-7.1.txt"] == ("ACTIVE", "CURRENT")
    assert found["notes:note-8.txt"] == ("ACTIVE", "CURRENT")


def test_labels_are_read_as_sphinx_reads_them() -> None:
    lines = [".. _Note7.1:", "", ".. _`a  Long label`:", "Title", "=====", "", "..  _not-a-label: x", ".. note::"]
    assert labels.defined(lines) == ["note7.1", "a long label"]
    assert labels.cited("superseded by :ref:`Note 7.1 <NOTE7.1>` and :ref:`note8`") == ["note7.1", "note8"]
    assert labels.cited("see `Note 7.1 <note7.1>`_") == []  # a hyperlink, no :ref:


def test_a_proposal_declares_a_link_field_whose_refs_name_the_records_labels(tmp_path: Path) -> None:
    # NEP-like: `:Replaced-By: :ref:`NEP05`` names the record holding `.. _NEP05:`; before, its values named no
    # record as the proposal read them, so the field was only a doubt
    from provgraph import propose_format
    store = tmp_path / "neps"
    store.mkdir()
    links = {2: ":Replaced-By: :ref:`NEP05`\n", 5: ":Replaces: :ref:`NEP02`\n", 6: ":Replaces: :ref:`NEP03`\n",
             3: ":Replaced-By: :ref:`NEP06`\n"}
    for number in range(1, 9):
        status = "Superseded" if number in (2, 3) else "Final"
        (store / f"nep-{number:04}-plan.rst").write_text(
            f".. _NEP{number:02}:\n\n{'=' * 20}\nNEP {number} - A plan\n{'=' * 20}\n\n:Author: Ada\n:Status: {status}\n"
            f"{links.get(number, '')}\nText.\n", encoding="utf-8")
    proposal = propose_format(store)
    assert proposal.record["fields"].get("replaced_by") == "replaced-by"
    assert proposal.record["fields"].get("replaces") == "replaces"


def test_a_status_that_says_replaced_by_a_ref_names_the_labels_record(tmp_path: Path) -> None:
    # OEP-like: `Status: Replaced by :ref:`OEP-66 <OEP-66 User Authorization>`` (a label that is a title)
    from provgraph.ingest.formats.folder import ingest_files
    from provgraph.ingest.records import IngestOptions, Observation
    store = tmp_path / "oeps"
    store.mkdir()
    (store / "oep-9.rst").write_text(".. _OEP-9 Who may act:\n\nOEP-9\n=====\n\n:Status: Replaced by :ref:`OEP-66 "
                                     "<OEP-66 Who may act, and how>`\n\nText.\n", encoding="utf-8")
    (store / "oep-66.rst").write_text(".. _OEP-66 Who may act, and how:\n\nOEP-66\n======\n\n:Status: Accepted\n\nText.\n",
                                      encoding="utf-8")
    declared = record_table(table={"records": ["oep-*.rst"], "metadata": ["field-list"], "fields": {"status": "Status"}})
    read = {record.source.locator: record for record in ingest_files(store, IngestOptions(
        store="oeps", options=files_options(record=declared))) if isinstance(record, Observation)}
    (edge,) = read["oep-9.rst"].edges  # the successor the status names, by its label, though it holds a comma
    assert (edge.kind, edge.from_ref, edge.to_ref) == ("SUPERSEDES", "oeps:.. _oep-66 who may act, and how:", "oeps:oep-9.rst")
    assert edge.from_ref in read["oep-66.rst"].claims[0].aliases
