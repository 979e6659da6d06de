"""`provgraph export`: W3C PROV documents the `prov` package reads back, with the expected records."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
import rdflib
from explore_helpers import run
from prov.constants import PROV_TYPE
from prov.model import PROV, ProvDerivation, ProvDocument, ProvEntity, ProvInvalidation

from provgraph.engine.prov import build_document
from provgraph.graph.connection import Graph
from provgraph.ingest.pipeline import ingest

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning:rdflib")  # raised inside prov's RDF code

HOSTILE = 'c "3"/ä#x <y> \\ z'
DAY = 86_400_000
JAN = 1_767_225_600_000  # 2026-01-01T00:00:00Z in epoch ms


def card(uid: str, days: int, content: str, edges: list[tuple[str, str]] = ()) -> dict:
    return {"id": uid, "url": f"https://board.example/{len(uid)}/{days}", "ts": JAN + days * DAY, "content": content,
            "edges": [{"verb": verb, "target": target} for verb, target in edges]}


@pytest.fixture
def small(graph: Graph, tmp_path: Path) -> Graph:
    """Two stores: cards A (revised once), B corrects A, C invalidates A; a log where L2 supersedes L1 by latest-wins.

    Expected PROV: entities 2 stores + 5 sources + 6 snapshots + 5 claims = 18; wasRevisionOf 3
    (A's second snapshot of its first, B of A, L2 of L1); wasInvalidatedBy 2 (A by C's
    invalidation, L1 by the latest-wins adjudication); quotations 6 (one per citing snapshot).
    """
    board = tmp_path / "board.jsonl"
    cards = [card("A", 0, "limit 3"), card("B", 30, "limit 5", [("corrects", "A")]),
             card(HOSTILE, 40, "no limit at all", [("invalidates", "A")])]
    board.write_text("".join(json.dumps(c) + "\n" for c in cards))
    ingest(graph, "cards", board, store="board")
    board.write_text("".join(json.dumps(c) + "\n" for c in [card("A", 10, "limit 3, confirmed"), *cards[1:]]))
    ingest(graph, "cards", board, store="board")
    log = tmp_path / "decisions.jsonl"
    log.write_text('{"ts": "2026-01-01T00:00:00Z", "id": "L1", "subject": "k", "value": "1", "msg": "one"}\n'
                   '{"ts": "2026-02-01T00:00:00Z", "id": "L2", "subject": "k", "value": "2", "msg": "two"}\n')
    ingest(graph, "logs", log, fmt="jsonl", store="decisions", policy="latest-wins")
    return graph


def prov_type(record) -> set:
    return {str(value) for value in record.get_attribute(PROV_TYPE)}


def summary(document: ProvDocument) -> Counter:
    counts: Counter = Counter()
    for record in document.get_records():
        if isinstance(record, ProvEntity):
            counts["entity"] += 1
        elif isinstance(record, ProvInvalidation):
            counts["wasInvalidatedBy"] += 1
        elif isinstance(record, ProvDerivation):
            types = prov_type(record)
            counts["wasRevisionOf" if "prov:Revision" in types else
                   "wasQuotedFrom" if "prov:Quotation" in types else "wasDerivedFrom"] += 1
        else:
            counts[type(record).__name__] += 1
    return counts


EXPECTED = {"entity": 18, "wasRevisionOf": 3, "wasInvalidatedBy": 2, "wasQuotedFrom": 6}


def assert_expected(counts: Counter) -> None:
    assert {key: counts[key] for key in EXPECTED} == EXPECTED
    assert counts["ProvActivity"] == 2  # C's invalidation and the adjudication
    assert counts["ProvAgent"] == 1 and counts["ProvAssociation"] == 1
    assert counts["ProvSpecialization"] == 6 and counts["ProvMembership"] == 5


def test_prov_json_reads_back_with_the_expected_records(small: Graph) -> None:
    result = run("export", "--format", "prov-json")
    assert result.exit_code == 0, result.output
    document = ProvDocument.deserialize(content=result.stdout, format="json")
    assert_expected(summary(document))
    assert document == build_document(small)


def test_prov_o_is_turtle_that_rdflib_and_prov_read_back(small: Graph, tmp_path: Path) -> None:
    out = tmp_path / "graph.ttl"
    result = run("export", "--format", "prov-o", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    triples = rdflib.Graph().parse(out, format="turtle")
    revisions = set(triples.subjects(rdflib.RDF.type, rdflib.URIRef(PROV.uri + "Revision")))
    invalidations = set(triples.subjects(rdflib.RDF.type, rdflib.URIRef(PROV.uri + "Invalidation")))
    entities = set(triples.subjects(rdflib.RDF.type, rdflib.URIRef(PROV.uri + "Entity")))
    assert (len(entities), len(revisions), len(invalidations)) == (18, 3, 2)
    document = ProvDocument.deserialize(source=str(out), format="rdf", rdf_format="turtle")
    assert_expected(summary(document))
    assert document == build_document(small)


def test_prov_n_is_what_prov_prints_for_the_document(small: Graph) -> None:
    result = run("export", "--format", "prov-n")
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert text == build_document(small).get_provn() + "\n"
    lines = [line.strip() for line in text.splitlines()]
    assert lines[0] == "document" and lines[-1] == "endDocument"
    assert sum(line.startswith("entity(") for line in lines) == 18
    assert sum(line.startswith("wasInvalidatedBy(") for line in lines) == 2
    assert sum(line.startswith("wasDerivedFrom(") and "prov:Revision" in line for line in lines) == 3
    assert sum(line.startswith("wasDerivedFrom(") and "prov:Quotation" in line for line in lines) == 6


def test_mapping_carries_kinds_times_and_the_adjudicating_agent(small: Graph) -> None:
    document = build_document(small)
    provn = document.get_provn()
    assert 'provgraph:kind="CORRECTS"' in provn and 'provgraph:kind="SUPERSEDES"' in provn
    assert 'provgraph:kind="PREVIOUS"' in provn and 'provgraph:kind="INVALIDATES"' in provn
    assert "wasAssociatedWith(provgraph:adjudication/latest-wins%3AL2%3EL1, provgraph:agent/policy%3Alatest-wins" in provn
    assert "wasInvalidatedBy(provgraph:claim/L1, provgraph:adjudication/latest-wins%3AL2%3EL1, 2026-02-01T00:00:00+00:00)" in provn
    assert "wasInvalidatedBy(provgraph:claim/A, provgraph:invalidation/" in provn
    [snapshot] = [r for r in document.get_records(ProvEntity) if "revised_at" in str(r) and "B%40" in str(r.identifier)]
    assert {str(v) for v in snapshot.get_attribute("provgraph:revised_at")} == {"2026-01-31 00:00:00+00:00"}


def test_hostile_ids_become_valid_percent_encoded_identifiers(small: Graph) -> None:
    document = build_document(small)
    [claim] = [r for r in document.get_records(ProvEntity) if str(r.identifier).startswith("provgraph:claim/c%20")]
    assert {str(v) for v in claim.get_attribute("provgraph:uid")} == {HOSTILE}
    for fmt, kwargs in (("json", {}), ("rdf", {"rdf_format": "turtle"})):
        assert ProvDocument.deserialize(content=document.serialize(format=fmt, **kwargs), format=fmt, **kwargs) == document


def test_export_reads_the_graph_in_pages(small: Graph) -> None:
    assert build_document(small, page_size=2) == build_document(small)


def test_empty_graph_exports_an_empty_document(graph: Graph) -> None:
    result = run("export", "--format", "prov-json")
    assert result.exit_code == 0
    assert ProvDocument.deserialize(content=result.stdout, format="json").get_records() == []


def test_unwritable_out_is_one_line_exit_2(graph: Graph, tmp_path: Path) -> None:
    result = run("export", "--format", "prov-n", "--out", str(tmp_path / "missing" / "x.provn"))
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and result.output.startswith("provgraph: cannot write")


def test_unknown_format_is_a_usage_error(graph: Graph) -> None:
    assert run("export", "--format", "prov-xml").exit_code == 2


def test_namespace_option_sets_the_identifier_uri_and_is_checked(small: Graph) -> None:
    result = run("export", "--format", "prov-n", "--namespace", "https://example.org/prov/")
    assert result.exit_code == 0 and "prefix provgraph <https://example.org/prov/>" in result.stdout
    result = run("export", "--format", "prov-n", "--namespace", "not a uri")
    assert result.exit_code == 2 and result.output.count("\n") == 1


def test_every_bundled_example_exports_and_reads_back_identically(graph: Graph) -> None:
    from explore_helpers import ingest_examples

    ingest_examples(graph)
    document = build_document(graph)
    counts = summary(document)
    assert counts["ProvInfluence"] >= 2  # the board's DEPENDS_ON and RELATES edges
    as_json = ProvDocument.deserialize(content=document.serialize(format="json"), format="json")
    as_rdf = ProvDocument.deserialize(content=document.serialize(format="rdf", rdf_format="turtle"), format="rdf",
                                      rdf_format="turtle")
    assert as_json == document == as_rdf
