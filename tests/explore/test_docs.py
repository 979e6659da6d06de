"""Docs stay true: every named query describes itself, every command is documented, the examples run.

The README is a front door; the user docs are pages under docs/, a page per task, whose command list
(docs/reference.md), reason table (docs/status.md) and verdicts (docs/verify.md) are generated from the code
(tests/explore/generated_docs.py) and checked here. The pages build as a site: tests/explore/test_docs_site.py.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from explore_helpers import EXAMPLES, ingest_examples
from generated_docs import NO_EXAMPLE, PAGES, parts, regenerate

from provgraph import cypher
from provgraph.cli import cli
from provgraph.engine.queries import run_cypher
from provgraph.graph.connection import Graph
from provgraph.ingest.pipeline import ingest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
README = ROOT / "README.md"
README_MAX_LINES = 200
BENCH_README_MAX_LINES = 300  # what each bench measures and the one Results table; the past is HISTORY.md
# The pages of a spec, a schema, a measurement: the rest of docs/ says how to use provgraph.
NOT_USER_PAGES = {"design.md", "schema.md", "glossary.md", "profile-closure.md", "guarantees.md"}
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


def _user_pages_without_generated_parts() -> str:
    """The hand-written text of the user pages: a command counts as documented only where a person wrote of it."""
    pages = sorted(path for path in DOCS.glob("*.md") if path.name not in NOT_USER_PAGES)
    text = "\n".join(path.read_text(encoding="utf-8") for path in pages)
    for body in parts(text).values():
        text = text.replace(body, "")
    return text


@pytest.mark.parametrize("command", sorted(cli.commands))
def test_every_cli_command_is_mentioned_on_a_user_page_besides_the_generated_list(command: str) -> None:
    assert _mentioned(command, _user_pages_without_generated_parts())


@pytest.mark.parametrize("command", ["cypher", "query", "export"])
def test_query_commands_are_documented_on_the_exploring_page(command: str) -> None:
    assert _mentioned(command, (DOCS / "exploring.md").read_text(encoding="utf-8"))


@pytest.mark.parametrize("part", sorted(PAGES))
def test_each_generated_part_sits_on_its_page_and_matches_the_code(part: str) -> None:
    text = PAGES[part].read_text(encoding="utf-8")
    assert part in parts(text), f"docs/{PAGES[part].name} lost its generated part {part!r}"
    assert regenerate(text) == text, "run: .venv/bin/python tests/explore/generated_docs.py"
    assert NO_EXAMPLE not in text, f"a reason code has no example in docs/{PAGES[part].name}: write one in its row"


def test_no_other_page_holds_a_generated_part() -> None:
    held = {path.name: set(parts(path.read_text(encoding="utf-8"))) for path in DOCS.glob("*.md")}
    assert {name: found for name, found in held.items() if found} == {
        "reference.md": {"commands"}, "status.md": {"reasons"}, "verify.md": {"verdicts"}}


def test_the_generated_command_list_has_every_command_and_subcommand() -> None:
    listed = set(re.findall(r"^\| `provgraph ([\w -]+)` \|", parts(PAGES["commands"].read_text(encoding="utf-8"))["commands"], re.MULTILINE))
    assert {"status", "verify", "ingest files", "server start", "mcp"} <= listed
    assert {name for name in listed if " " not in name} == set(cli.commands)


def test_the_generated_reason_table_lists_every_reason_in_rule_order() -> None:
    from provgraph.engine.status import REASONS

    rows = re.findall(r"^\| ([\d, ]+) \| `(\w+)` \| (\w+) \|", parts(PAGES["reasons"].read_text(encoding="utf-8"))["reasons"], re.MULTILINE)
    assert [(code, status) for _, code, status in rows] == list(REASONS.items())
    assert "?" not in "".join(rule for rule, _, _ in rows), "every reason has a rule in docs/design.md"


def test_the_readme_is_a_front_door() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= README_MAX_LINES, "keep the README short: move the detail to a page of docs/"
    assert "make demo" in text and "make test" in text
    for target in ("docs/install.md", "docs/reference.md", "docs/design.md", "docs/schema.md", "docs/guarantees.md",
                   "bench/README.md"):
        assert f"]({target}" in text, f"the README links to {target}"


def test_the_bench_readme_holds_the_present_and_history_holds_the_past() -> None:
    text = (ROOT / "bench" / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= BENCH_README_MAX_LINES, "move past measurements to bench/HISTORY.md"
    assert text.count("## Results") == 1, "one current Results table"


def test_the_exploring_page_names_every_user_facing_named_query() -> None:
    text = (DOCS / "exploring.md").read_text(encoding="utf-8")
    for name in ("sources_of_store", "claim_history", "snapshots_between", "unresolved_references", "quarantined",
                 "adjudications"):
        assert name in text


def _schema_snippets() -> list[str]:
    text = (ROOT / "docs" / "schema.md").read_text(encoding="utf-8")
    section = text[text.index(SCHEMA_SECTION):]
    return re.findall(r"```cypher\n(.*?)```", section, re.DOTALL)


def test_schema_doc_has_six_to_ten_example_queries() -> None:
    assert 6 <= len(_schema_snippets()) <= 10


@pytest.mark.long(70)
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


def test_the_reference_exit_code_table_lists_every_exit_code_of_the_errors_module() -> None:
    from provgraph.base import errors

    text = (DOCS / "reference.md").read_text(encoding="utf-8")
    section = text[text.index("## Exit codes"):]
    table = section[:section.index("\n\n", section.index("| code |"))]
    listed = [int(code) for code in re.findall(r"^\| `(\d+)` \|", table, re.MULTILINE)]
    assert listed == sorted({value for name, value in vars(errors).items() if name.startswith("EXIT_")})
