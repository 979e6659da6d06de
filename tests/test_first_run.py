"""A newcomer's first run: no `provgraph init` step. Every command that writes installs the schema (constraints,
indexes, the full-text index `claim_search`) when the database records none or an older one; a read of a
database holding no provgraph schema answers in one line naming `provgraph init`, never a Cypher error.

Each test starts from a database with no provgraph schema at all (every constraint and index dropped, as on a
new server), or one that holds only somebody else's data; the suite's schema is installed again afterwards.
The same first run on a really new server is in tests/reliability/test_local_server_selection.py."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Iterator

import pytest
from cli_helpers import run

from provgraph.graph import fulltext, models
from provgraph.graph.connection import Graph
from provgraph.graph.schema import SCHEMA_VERSION, ensure_schema, install_schema, schema_state, wipe

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
CARDS = EXAMPLES / "cards" / "board.jsonl"
FIRST, SECOND = "m:01AAA0000000000000000000D1", "m:01AAA0000000000000000000D2"


def _drop_every_schema_object(graph: Graph) -> None:
    for row in graph.read("SHOW CONSTRAINTS YIELD name RETURN name"):
        graph.run(f"DROP CONSTRAINT `{row['name']}` IF EXISTS", write=True)
    for row in graph.read("SHOW INDEXES YIELD name, type WHERE type <> 'LOOKUP' RETURN name"):
        graph.run(f"DROP INDEX `{row['name']}` IF EXISTS", write=True)
    graph.write("MATCH (s:ProvgraphSchema) DELETE s")


@pytest.fixture
def bare(graph: Graph) -> Iterator[Graph]:
    """The test database as a new server has it: no provgraph data, no constraint, no index, no schema record."""
    _drop_every_schema_object(graph)
    yield graph
    graph.write("MATCH (n:Person) DETACH DELETE n")
    _drop_every_schema_object(graph)
    wipe(graph)
    install_schema(graph)


@pytest.fixture
def others(bare: Graph) -> Graph:
    """A database that holds only other people's data, with an index of their own."""
    bare.run("CREATE CONSTRAINT person_name IF NOT EXISTS FOR (p:Person) REQUIRE p.name IS UNIQUE", write=True)
    bare.write("UNWIND range(1, 20) AS i CREATE (:Person {name: 'p' + i})-[:KNOWS]->(:Person {name: 'q' + i})")
    return bare


def _index_names(graph: Graph) -> set[str]:
    return {row["name"] for row in graph.read("SHOW INDEXES YIELD name RETURN name")}


def _first_run(graph: Graph) -> None:
    ingested = run("ingest", "cards", str(CARDS))
    assert ingested.exit_code in (0, 1), ingested.output
    verified = run("verify", "--evidence", SECOND, "--candidates", f"{FIRST},{SECOND}")
    assert verified.exit_code in (0, 1), verified.output
    assert "query failed" not in verified.output
    assert json.loads(verified.stdout)["verdict"]
    assert schema_state(graph)["version"] == SCHEMA_VERSION
    assert fulltext.INDEX_NAME in _index_names(graph)
    claims = graph.read("SHOW CONSTRAINTS YIELD labelsOrTypes, properties RETURN labelsOrTypes[0] AS label, properties[0] AS key")
    assert {"label": "Claim", "key": "uid"} in claims


def test_first_ingest_into_a_new_database_installs_the_schema_and_verify_needs_no_init(bare: Graph) -> None:
    _first_run(bare)
    suspects = run("suspects")
    assert suspects.exit_code == 0, suspects.output


def test_first_ingest_into_a_database_of_other_data_installs_the_schema_and_leaves_that_data(others: Graph) -> None:
    _first_run(others)
    assert others.read("MATCH (p:Person) RETURN count(p) AS n")[0]["n"] == 40
    assert "person_name" in {row["name"] for row in others.read("SHOW CONSTRAINTS YIELD name RETURN name")}


def test_first_adjudication_and_report_install_the_schema(bare: Graph, tmp_path: Path) -> None:
    refused = run("adjudicate", "--keep", SECOND, "--retire", FIRST)  # nothing ingested: no such claim, but a schema
    assert refused.exit_code == 2 and "query failed" not in refused.output
    assert schema_state(bare)["version"] == SCHEMA_VERSION
    _drop_every_schema_object(bare)
    report = run("report", "--out", str(tmp_path / "report"))
    assert report.exit_code == 0, report.output
    assert fulltext.INDEX_NAME in _index_names(bare)


@pytest.mark.parametrize("database", ["bare", "others"])
@pytest.mark.parametrize("command", [
    ["status"], ["status", FIRST], ["lineage", FIRST], ["conflicts"], ["check"], ["suspects"],
    ["verify", "--evidence", FIRST], ["export", "--format", "prov-json"], ["query", "status", "--param", "t=now",
                                                                           "--param", "q=", "--param", "only=[]"],
    ["report", "--no-record", "--out", "{tmp}/r"],
])
def test_a_read_of_a_database_without_provgraph_schema_says_run_init_in_one_line(
        database: str, command: list[str], request: pytest.FixtureRequest, tmp_path: Path) -> None:
    graph = request.getfixturevalue(database)
    result = run(*[part.replace("{tmp}", str(tmp_path)) for part in command])
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "`provgraph init`" in lines[0], result.stderr
    assert "query failed" not in lines[0]
    assert schema_state(graph)["version"] is None  # a read installs nothing
    assert not (tmp_path / "r").exists()


def test_init_and_reset_of_a_database_without_provgraph_schema_succeed(bare: Graph) -> None:
    reset = run("reset", "--yes")
    assert reset.exit_code == 0, reset.output
    init = run("init")
    assert init.exit_code == 0, init.output
    assert schema_state(bare)["version"] == SCHEMA_VERSION


def test_cypher_reads_a_database_without_provgraph_schema(others: Graph) -> None:
    result = run("cypher", "MATCH (p:Person) RETURN count(p) AS n", "--format", "json")
    assert result.exit_code == 0 and json.loads(result.stdout)[0]["n"] == 40


def test_verify_of_data_an_older_provgraph_wrote_without_the_fulltext_index_says_run_init(graph: Graph) -> None:
    assert run("ingest", "cards", str(CARDS)).exit_code in (0, 1)
    graph.run(f"DROP INDEX {fulltext.INDEX_NAME}", write=True)
    graph.write("MATCH (s:ProvgraphSchema) DELETE s")  # as an older provgraph left it: data, no record
    try:
        status = run("status", FIRST)
        assert status.exit_code == 0, status.output  # data of an older provgraph is read as it is
        result = run("verify", "--evidence", SECOND, "--candidates", f"{FIRST},{SECOND}")
        assert result.exit_code == 2
        assert result.stderr.strip().splitlines() == [result.stderr.strip()]
        assert "full-text index claim_search" in result.stderr and "`provgraph init`" in result.stderr
    finally:
        install_schema(graph)


def test_an_older_recorded_schema_is_upgraded_by_the_next_write(graph: Graph) -> None:
    graph.run(f"DROP INDEX {fulltext.INDEX_NAME}", write=True)
    graph.write("MATCH (s:ProvgraphSchema) SET s.version = $v", {"v": SCHEMA_VERSION - 1})
    try:
        assert run("ingest", "cards", str(CARDS)).exit_code in (0, 1)
        assert schema_state(graph)["version"] == SCHEMA_VERSION
        assert fulltext.INDEX_NAME in _index_names(graph)
    finally:
        install_schema(graph)


def test_a_current_schema_costs_a_write_one_read_and_no_install(graph: Graph) -> None:
    assert ensure_schema(graph) is False
    graph.write("MATCH (s:ProvgraphSchema) SET s.version = $v", {"v": SCHEMA_VERSION + 1})  # a newer provgraph's
    try:
        assert ensure_schema(graph) is False
    finally:
        install_schema(graph)
        graph.write("MATCH (s:ProvgraphSchema) SET s.version = $v", {"v": SCHEMA_VERSION})


def _schema_fingerprint() -> str:
    declared = []
    for model in models.MODELS:
        for name, prop in sorted(model.defined_properties(aliases=False, rels=False).items()):
            if prop.unique_index or prop.index:
                declared.append(f"{model.__name__}.{name}:{'unique' if prop.unique_index else 'index'}")
    for model in models.MODELS:
        for definition in model.defined_properties(aliases=False, properties=False).values():
            rel = definition.definition["model"]
            for name, prop in sorted((rel.defined_properties(aliases=False, rels=False) if rel else {}).items()):
                if prop.index:
                    declared.append(f"{definition.definition['relation_type']}.{name}:index")
    declared.append(json.dumps(models.FULLTEXT_INDEXES, sort_keys=True))
    declared.append(f"fulltext.VERSION={fulltext.VERSION}")
    return hashlib.sha256("\n".join(sorted(set(declared))).encode()).hexdigest()[:16]


# A changed constraint, index or full-text field must come with a new SCHEMA_VERSION (so that existing
# databases are upgraded by their next write): add the new fingerprint here with the bumped number.
FINGERPRINTS = {1: "3a547711f9c5a3ab", 2: "15ace19e55007261", 3: "15ace19e55007261",  # 3: no index change (kept suspects)
                4: "acb5bfa6b36e41fd",  # 4: the alias index; search_words and search_stems (lookups leave the common terms out)
                5: "acb5bfa6b36e41fd",  # 5: status_retired_since and its index (cypher/claim_rival_index.cypher, outside the models)
                6: "b5c147e0d424ce0a",  # 6: RivalRoster, unique on subject (provgraph/engine/rosters.py)
                7: "2d3be1069e4431fd",  # 7: the index on Claim.search_free_text (common terms counted over free text)
                8: "886dd4d740da3ffa"}  # 8: the indexes on Claim.status_computed_at and suspects_at (a site's rebuild seeks)


def test_a_changed_schema_comes_with_a_new_schema_version() -> None:
    assert FINGERPRINTS.get(SCHEMA_VERSION) == _schema_fingerprint(), (
        f"the schema changed: bump graph/schema.py SCHEMA_VERSION and pin {_schema_fingerprint()!r} here")
