"""The neomodel models (provgraph/graph/models.py) and the Cypher that writes the graph agree.

The models are the schema's single statement of truth; every write is a Cypher statement in
provgraph/cypher/. These tests fail when a statement writes a label, relationship type or
property the models do not declare, or when `init` installs a constraint or index that does
not come from the models (or misses one they declare).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_helpers import run

from provgraph import cypher
from provgraph.base.edges import REVISION_KINDS
from provgraph.graph import models
from provgraph.engine.stored_status import DEEP
from provgraph.graph.connection import Graph

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
STORY = EXAMPLES / "story"


def _node_properties() -> dict[str, set[str]]:
    """Label -> the property names stored in the database (db_property, e.g. `deleted` for `tombstone`)."""
    return {model.__name__: {prop.get_db_property_name(name)
                             for name, prop in model.defined_properties(aliases=False, rels=False).items()}
            for model in models.MODELS}


def _relationship_models() -> dict[str, type]:
    """Relationship type -> its StructuredRel model, from every RelationshipTo/From the models declare."""
    found: dict[str, type] = {}
    for model in models.MODELS:
        for definition in model.defined_properties(aliases=False, properties=False).values():
            found[definition.definition["relation_type"]] = definition.definition["model"]
    return found


def _relationship_properties() -> dict[str, set[str]]:
    return {kind: set(rel.defined_properties(aliases=False, rels=False)) if rel else set()
            for kind, rel in _relationship_models().items()}


def _declared_indexes() -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """(unique (label, property) pairs, plain-index (label or type, property) pairs) the models declare."""
    unique, plain = set(), set()
    for model in models.MODELS:
        for name, prop in model.defined_properties(aliases=False, rels=False).items():
            pair = (model.__name__, prop.get_db_property_name(name))
            if prop.unique_index:
                unique.add(pair)
            elif prop.index:
                plain.add(pair)
    for kind, rel in _relationship_models().items():
        for name, prop in (rel.defined_properties(aliases=False, rels=False) if rel else {}).items():
            if prop.index:
                plain.add((kind, name))
    for label, properties in models.FULLTEXT_INDEXES.values():  # SHOW INDEXES gives the first property
        plain.add((label, properties[0]))
    return unique, plain


_MODEL_LABELS = {model.__name__ for model in models.MODELS}  # the data labels and the write lock


def _write_statements() -> list[cypher.NamedQuery]:
    return [query for query in cypher.all_queries() if query.mode == "write"]


def test_every_label_a_write_statement_names_is_a_model() -> None:
    for query in _write_statements():
        for label in re.findall(r"\(\s*\w*\s*:\s*([A-Z]\w*)", cypher._strip_comments(query.text)):
            assert label in _MODEL_LABELS, f"{query.name}.cypher writes :{label}, which no model in models.py declares"


def test_every_relationship_type_a_write_statement_names_is_declared_on_a_model() -> None:
    declared = set(_relationship_models())
    for query in _write_statements():
        for kind in re.findall(r"\[\s*\w*\s*:\s*([A-Z_]+)\b", cypher._strip_comments(query.text)):
            assert kind in declared, f"{query.name}.cypher writes :{kind}, which no relationship in models.py declares"


def _exercise_every_write(graph: Graph, tmp_path: Path) -> None:
    """Ingest every store kind and format, a log rewrite, a broken record, an adjudication and its revocation,
    a latest-wins policy and two report runs: every write statement provgraph has runs at least once."""
    assert run("ingest", "--config", str(STORY / "provgraph.toml")).exit_code == 0
    assert run("ingest", "files", str(EXAMPLES / "adr"), "--store", "adr2").exit_code == 0
    assert run("ingest", "logs", str(EXAMPLES / "logs" / "decisions.jsonl"), "--format", "jsonl",
               "--store", "cfg", "--policy", "latest-wins").exit_code == 0
    assert run("ingest", "logs", str(EXAMPLES / "logs" / "config.logfmt"), "--format", "logfmt",
               "--store", "flags").exit_code == 0
    assert run("ingest", "cards", str(EXAMPLES / "cards" / "board.jsonl"), "--store", "cards2").exit_code == 0
    assert run("ingest", "tickets", str(EXAMPLES / "tickets" / "github-issues.json"), "--format", "github",
               "--store", "gh2").exit_code == 0
    log = tmp_path / "rewritten.jsonl"
    first = {"ts": "2026-01-01T00:00:00Z", "id": "r-1", "subject": "k", "value": "a", "valid_until": "2027-01-01"}
    second = {"ts": "2026-02-01T00:00:00Z", "id": "r-2", "subject": "k", "value": "b", "depends_on": ["r-1"],
              "conflicts_with": ["nowhere-1"]}
    log.write_text(json.dumps(first) + "\n" + json.dumps(second) + "\n{broken\n", encoding="utf-8")
    assert run("ingest", "logs", str(log), "--store", "rw").exit_code == 1  # the broken line is quarantined
    log.write_text(json.dumps({**first, "value": "changed"}) + "\n" + json.dumps(second) + "\n", encoding="utf-8")
    assert run("ingest", "logs", str(log), "--store", "rw").exit_code == 0
    crowded = tmp_path / "crowded.jsonl"  # more rival values of one key than stored_status.DEEP: a RivalRoster
    crowded.write_text("".join(json.dumps({"ts": f"2026-03-01T00:{i // 60:02d}:{i % 60:02d}Z", "id": f"c-{i}",
                                           "subject": "crowded.key", "value": str(i)}) + "\n"
                               for i in range(DEEP + 1)), encoding="utf-8")
    assert run("ingest", "logs", str(crowded), "--store", "crowded").exit_code == 0
    assert run("report", "--out", str(tmp_path / "report1")).exit_code == 0
    decided = run("adjudicate", "--keep", "acme/payments#61", "--retire", "PAY-210", "--why", "14 days")
    assert decided.exit_code == 0, decided.output
    assert run("adjudicate", "--revoke", decided.output.strip().splitlines()[-1]).exit_code == 0
    assert run("ingest", "cards", str(STORY / "next-night" / "board.jsonl"), "--store", "board").exit_code == 0
    assert run("report", "--out", str(tmp_path / "report2")).exit_code == 0


@pytest.mark.long(40)
def test_every_label_type_and_property_the_writes_store_is_declared_in_the_models(graph: Graph, tmp_path: Path) -> None:
    _exercise_every_write(graph, tmp_path)
    shape = graph.read("graph_shape")
    nodes, relationships = _node_properties(), _relationship_properties()
    undeclared = []
    for row in shape:
        assert row["name"] not in models.PASS_MARKS, f"the suspects pass left {row['name']} on claims"
        declared = nodes if row["entity"] == "node" else relationships
        if row["name"] not in declared:
            undeclared.append(f"{row['entity']} {row['name']}")
        elif row["key"] is not None and row["key"] not in declared[row["name"]]:
            undeclared.append(f"{row['entity']} {row['name']}.{row['key']}")
    assert not undeclared, f"written but not declared in provgraph/graph/models.py: {sorted(set(undeclared))}"
    written = {(row["entity"], row["name"]) for row in shape}
    assert {("node", label) for label in _MODEL_LABELS} <= written, "the exercise should reach every label"


def _schema_of_our_labels(graph: Graph) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    ours = _MODEL_LABELS | set(_relationship_models())
    constraints = {(row["labels"][0], row["properties"][0]) for row in graph.read("schema_constraints")
                   if row["labels"] and row["labels"][0] in ours}
    indexes = {(row["labels"][0], row["properties"][0]) for row in graph.read("schema_indexes")
               if row["labels"] and row["labels"][0] in ours and row["owning_constraint"] is None}
    return constraints, indexes


def test_init_installs_exactly_the_constraints_and_indexes_the_models_declare(graph: Graph) -> None:
    assert run("init").exit_code == 0
    constraints, indexes = _schema_of_our_labels(graph)
    unique, plain = _declared_indexes()
    assert constraints == unique
    assert indexes == plain


@pytest.mark.parametrize("kind", REVISION_KINDS)
def test_revision_edges_have_the_valid_from_index_the_status_queries_filter_on(graph: Graph, kind: str) -> None:
    _, indexes = _schema_of_our_labels(graph)
    assert (kind, "valid_from") in indexes


def test_each_schema_gate_in_a_query_names_the_version_that_brought_its_index() -> None:
    """A query seeks the alias index or the (subject, status_retired_since) index only on a store of the version that
    installs it; the version is written out in Cypher, so it is held here to the constant schema.py names."""
    from provgraph.graph.schema import ALIAS_INDEX_SINCE, FREE_TEXT_INDEX_SINCE, RETIRED_INDEX_SINCE, SCHEMA_VERSION

    assert ALIAS_INDEX_SINCE <= RETIRED_INDEX_SINCE <= FREE_TEXT_INDEX_SINCE <= SCHEMA_VERSION
    free_text_gate = f"coalesce(termsSchema.version, 0) >= {FREE_TEXT_INDEX_SINCE} AS freeTextIndexed"
    assert free_text_gate in cypher.load("suspect_common_terms").text
    alias_gate = f"coalesce(aliasSchema.version, 0) >= {ALIAS_INDEX_SINCE} AS aliasIndexed"
    retired_gate = f"coalesce(retiredSchema.version, 0) >= {RETIRED_INDEX_SINCE} AS retiredIndexed"
    for name in ("resolve_claims", "verify_requests", "ingest_resolve", "claim_history", "verify_hash_prefixes"):
        assert alias_gate in cypher.load(name).text, name
    assert retired_gate in cypher.load("verify_requests").text
    assert "retiredIndexed" in cypher.load("verify_requests").text.split(retired_gate, 1)[1]
