"""Docs stay true: every named query describes itself, every command is documented, the examples run.

The README is a front door; the reference is docs/guide.md, whose command list and reason table are
generated from the code (tests/explore/generated_docs.py) and checked here.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from explore_helpers import EXAMPLES, ingest_examples
from generated_docs import NO_EXAMPLE, parts, regenerate

from provgraph import cypher
from provgraph.cli import cli
from provgraph.engine.queries import run_cypher
from provgraph.graph.connection import Graph
from provgraph.ingest.pipeline import ingest

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "guide.md"
README = ROOT / "README.md"
README_MAX_LINES = 220
SCHEMA_SECTION = "## Example queries for common audit questions"


def _mentioned(command: str, text: str) -> bool:
    """`provgraph CMD`, also in the `provgraph init | reset --yes` spelling of alternatives."""
    return re.search(rf"provgraph (?:[\w-]+ \| )*{re.escape(command)}\b", text) is not None


@pytest.mark.parametrize("path", sorted(cypher.QUERY_DIR.glob("*.cypher")), ids=lambda p: p.stem)
def test_every_named_query_has_a_header_name_and_description(path: Path) -> None:
    query = cypher.load(path.stem)
    assert query.name == path.stem, f"{path.name}: // name: must match the file name"
    assert len(query.description) >= 20, f"{path.name}: needs a // description: line saying what it returns"
    assert all(meaning for meaning in query.params.values()), f"{path.name}: every // param needs a meaning"


@pytest.mark.parametrize("command", sorted(cli.commands))
def test_every_cli_command_is_mentioned_in_the_guide(command: str) -> None:
    assert _mentioned(command, GUIDE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("command", ["cypher", "query", "export"])
def test_query_commands_are_documented_in_the_guide(command: str) -> None:
    assert _mentioned(command, GUIDE.read_text(encoding="utf-8"))


def test_the_generated_parts_of_the_guide_match_the_code() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    assert set(parts(text)) == {"commands", "reasons", "verdicts"}
    assert regenerate(text) == text, "run: .venv/bin/python tests/explore/generated_docs.py"
    assert NO_EXAMPLE not in text, "a reason code has no example in docs/guide.md: write one in its row"


def test_the_generated_command_list_has_every_command_and_subcommand() -> None:
    listed = set(re.findall(r"^\| `provgraph ([\w -]+)` \|", parts(GUIDE.read_text(encoding="utf-8"))["commands"], re.MULTILINE))
    assert {"status", "verify", "ingest files", "server start", "mcp"} <= listed
    assert {name for name in listed if " " not in name} == set(cli.commands)


def test_the_generated_reason_table_lists_every_reason_in_rule_order() -> None:
    from provgraph.engine.status import REASONS

    rows = re.findall(r"^\| ([\d, ]+) \| `(\w+)` \| (\w+) \|", parts(GUIDE.read_text(encoding="utf-8"))["reasons"], re.MULTILINE)
    assert [(code, status) for _, code, status in rows] == list(REASONS.items())
    assert "?" not in "".join(rule for rule, _, _ in rows), "every reason has a rule in docs/design.md"


def test_the_readme_is_a_front_door() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= README_MAX_LINES, "keep the README short: move reference into docs/guide.md"
    assert "make demo" in text and "make test" in text
    for target in ("docs/guide.md", "docs/design.md", "docs/schema.md", "docs/guarantees.md", "bench/README.md"):
        assert f"]({target}" in text, f"the README links to {target}"


def test_the_guide_names_every_user_facing_named_query() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    for name in ("sources_of_store", "claim_history", "snapshots_between", "unresolved_references", "quarantined",
                 "adjudications"):
        assert name in text


def _schema_snippets() -> list[str]:
    text = (ROOT / "docs" / "schema.md").read_text(encoding="utf-8")
    section = text[text.index(SCHEMA_SECTION):]
    return re.findall(r"```cypher\n(.*?)```", section, re.DOTALL)


def test_schema_doc_has_six_to_ten_example_queries() -> None:
    assert 6 <= len(_schema_snippets()) <= 10


def test_schema_doc_example_queries_run_read_only_on_the_examples(graph: Graph) -> None:
    ingest_examples(graph)
    ingest(graph, "tickets", EXAMPLES / "tickets" / "github-issues.json", fmt="github")
    returned = 0
    for snippet in _schema_snippets():
        assert "$" not in snippet, "snippets use literals so they run as is"
        result = run_cypher(graph, snippet)  # raises on a syntax error or a write
        returned += bool(result.rows)
    assert returned >= 5, "most snippets should find something in the bundled examples"


@pytest.mark.parametrize("path", sorted(cypher.QUERY_DIR.glob("*.cypher")), ids=lambda p: p.stem)
def test_every_named_query_ends_with_a_semicolon_so_cypher_shell_f_runs_it(path: Path) -> None:
    assert path.read_text(encoding="utf-8").rstrip().endswith(";"), f"{path.name}: end the statement with ';'"


def test_the_guide_exit_code_table_lists_every_exit_code_of_the_errors_module() -> None:
    from provgraph.base import errors

    text = GUIDE.read_text(encoding="utf-8")
    section = text[text.index("### Exit codes"):]
    table = section[:section.index("\n\n", section.index("| code |"))]
    listed = [int(code) for code in re.findall(r"^\| `(\d+)` \|", table, re.MULTILINE)]
    assert listed == sorted({value for name, value in vars(errors).items() if name.startswith("EXIT_")})
