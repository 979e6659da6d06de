"""Values never become query text: a static scan of the package, and injection strings fed
through every CLI option that reaches the database (commands found at run time)."""
from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Iterator

import click
import pytest
from click.testing import CliRunner
from reliability_helpers import HEAVY, REPO, counts, run_cli

from provgraph.base.config import Settings
from provgraph.cli import cli
from provgraph.graph.connection import Graph

PACKAGE = REPO / "provgraph"
ALLOWED_TYPE_LISTS = {"REVISION_TYPES", "LINK_TYPES", "REVISION_KINDS", "LINK_KINDS", "EDGE_KINDS"}
CYPHER_WORDS = re.compile(
    r"\b(MATCH|MERGE|UNWIND|RETURN|DETACH|DELETE|CREATE|OPTIONAL|WHERE|SET|CALL|YIELD|LOAD CSV|REMOVE|FOREACH)\b"
)
QUERY_CALLS = {"run", "read", "write", "stream", "execute_query", "cypher_query", "write_batches", "begin_transaction"}


# ----------------------------------------------------------------- static scan

def _looks_like_cypher(text: str) -> bool:
    return bool(CYPHER_WORDS.search(text)) and bool(re.search(r"[()\[\]{}:$]|->|<-", text))


def _allowed_names(tree: ast.AST) -> set[str]:
    """Names bound by iterating an allow-listed type list (`for kind in REVISION_TYPES`, comprehensions),
    or assigned `"|".join(<allow-list>)`."""
    names: set[str] = set()

    def is_allow_list(node: ast.AST) -> bool:
        if isinstance(node, ast.Name) and node.id in ALLOWED_TYPE_LISTS:
            return True
        if isinstance(node, ast.Attribute) and node.attr in ALLOWED_TYPE_LISTS:
            return True
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return is_allow_list(node.left) and is_allow_list(node.right)
        return False

    for node in ast.walk(tree):
        if isinstance(node, (ast.For, ast.comprehension)) and is_allow_list(node.iter) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            value = node.value
            if (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "join"
                    and isinstance(value.func.value, ast.Constant) and value.args and is_allow_list(value.args[0])):
                names.add(node.targets[0].id)
    return names


def cypher_built_from_values(source: str, filename: str = "<string>") -> list[str]:
    """Places where query text is built from values: f-strings, .format, % or + around Cypher text."""
    tree = ast.parse(source, filename)
    allowed = _allowed_names(tree)
    problems: list[str] = []
    for node in ast.walk(tree):
        where = f"{filename}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.JoinedStr):
            text = "".join(part.value for part in node.values if isinstance(part, ast.Constant) and isinstance(part.value, str))
            dynamic = [part.value for part in node.values if isinstance(part, ast.FormattedValue)]
            if dynamic and _looks_like_cypher(text):
                bad = [ast.unparse(expr) for expr in dynamic if not (isinstance(expr, ast.Name) and expr.id in allowed)]
                if bad:
                    problems.append(f"{where}: f-string query interpolates {', '.join(bad)}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
            target = node.func.value
            if isinstance(target, ast.Constant) and isinstance(target.value, str) and _looks_like_cypher(target.value):
                problems.append(f"{where}: str.format() builds a query")
        elif isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
            sides = (node.left, node.right)
            texts = [s.value for s in sides if isinstance(s, ast.Constant) and isinstance(s.value, str)]
            others = [s for s in sides if not (isinstance(s, ast.Constant) and isinstance(s.value, str))]
            if texts and others and any(_looks_like_cypher(t) for t in texts):
                if not all(isinstance(o, ast.Name) and o.id in allowed for o in others) and not all(
                        isinstance(o, ast.BinOp) for o in others):
                    problems.append(f"{where}: query text joined with {', '.join(ast.unparse(o) for o in others)}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in QUERY_CALLS:
            if node.args and isinstance(node.args[0], (ast.JoinedStr, ast.BinOp)):
                problems.append(f"{where}: {node.func.attr}() given a query built in place")
    return problems


def _package_files() -> Iterator[Path]:
    yield from sorted(PACKAGE.rglob("*.py"))


def test_no_query_in_the_package_is_built_from_values() -> None:
    problems = []
    for path in _package_files():
        problems += cypher_built_from_values(path.read_text(encoding="utf-8"), str(path.relative_to(REPO)))
    assert problems == []


def test_the_scanner_catches_interpolation_and_allows_only_the_type_lists() -> None:
    assert cypher_built_from_values('graph.read(f"MATCH (c:Claim {{uid: \'{uid}\'}}) RETURN c")')
    assert cypher_built_from_values('q = "MATCH (c:Claim) WHERE c.uid = \'%s\' RETURN c" % uid')
    assert cypher_built_from_values('q = "MATCH (c:Claim {uid: \'" + uid + "\'}) RETURN c"')
    assert cypher_built_from_values('q = "MATCH (c:Claim {{uid: {0}}}) RETURN c".format(uid)')
    assert cypher_built_from_values('q = f"MATCH ()-[r:{kind}]->() RETURN r"')  # kind not from an allow-list
    assert not cypher_built_from_values(
        "for kind in REVISION_TYPES:\n    q = f\"MATCH ()-[r:{kind}]->() RETURN count(r)\"")
    assert not cypher_built_from_values('types = "|".join(REVISION_TYPES + LINK_TYPES)\nq = f"MATCH ()-[r:{types}]->() RETURN r"')
    assert not cypher_built_from_values('graph.read("MATCH (c:Claim {uid: $uid}) RETURN c", {"uid": uid})')
    assert not cypher_built_from_values('message = f"no claim {uid} in the graph"')


# ----------------------------------------------------------------- through the CLI

INJECTION = [
    "x'}) MATCH (n) DETACH DELETE n //",
    '"}) DETACH DELETE n RETURN 1 //',
    "`) MATCH (n) DETACH DELETE n //",
    "$uid } DETACH DELETE n //",
    "'; CALL dbms.killQueries([]) //",
]
INJECTION = INJECTION if HEAVY else INJECTION[:1]
SKIP_COMMANDS = {"server", "reset", "init"}  # no values reach the database / wiping is their job
READ_ONLY = {"status", "lineage", "conflicts", "verify", "cypher", "query", "export"}
CONNECTION = {"uri", "username", "password", "database", "ask_password"}


def _commands(group: click.Group, prefix: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], click.Command]]:
    for name, command in sorted(group.commands.items()):
        if not prefix and name in SKIP_COMMANDS:
            continue
        if isinstance(command, click.Group):
            yield from _commands(command, prefix + (name,))
        else:
            yield prefix + (name,), command


def _benign(param: click.Parameter, tmp: Path) -> list[str] | None:
    """A harmless value for a required parameter, or None when it takes no value."""
    if isinstance(param.type, click.Choice):
        return [str(param.type.choices[0])]
    if isinstance(param.type, click.Path):
        return [str(tmp / "input.jsonl")]
    if isinstance(param.type, (click.types.IntParamType, click.types.FloatParamType)):
        return ["1"]
    if getattr(param, "is_flag", False):
        return None
    return ["decision-sentinel"]


def _value(param: click.Parameter, hostile: str, tmp: Path) -> str | None:
    """`hostile` shaped for this parameter; None when the parameter cannot carry text."""
    if isinstance(param.type, click.Choice) or getattr(param, "is_flag", False):
        return None
    if isinstance(param.type, (click.types.IntParamType, click.types.FloatParamType, click.types.BoolParamType)):
        return None
    if isinstance(param.type, click.Path):
        path = tmp / (re.sub(r"[/\x00]", "_", hostile) + ".jsonl")
        path.write_text('{"id": "%s", "ts": 1700000000000, "ts2": 1}\n' % hostile.replace('"', "'"))
        return str(path)
    if param.name in ("param", "params"):
        return f"uid={hostile}"
    if param.name in ("evidence",):
        return f"{hostile}@sha256:{'0' * 64}"
    return hostile


def _invocations(tmp: Path) -> Iterator[tuple[str, list[str]]]:
    (tmp / "input.jsonl").write_text('{"id": "x", "ts": 1700000000000}\n')
    for path, command in _commands(cli):
        params = [p for p in command.params if p.name not in CONNECTION and p.name not in ("help",)]
        required: list[str] = []
        for p in params:
            if p.required:
                value = _benign(p, tmp)
                if value is None:
                    continue
                required += value if isinstance(p, click.Argument) else [p.opts[0], *value]
        for target in params:
            if target.name in ("out", "output_path", "config_path"):
                continue
            for hostile in INJECTION:
                value = _value(target, hostile, tmp)
                if value is None:
                    continue
                args = list(path)
                for p in params:
                    if p is target:
                        args += [value] if isinstance(target, click.Argument) else [target.opts[0], value]
                    elif p.required:
                        benign = _benign(p, tmp)
                        if benign is not None:
                            args += benign if isinstance(p, click.Argument) else [p.opts[0], *benign]
                if any(opt in ("--out",) for p in params for opt in p.opts):
                    args += ["--out", str(tmp / "out")]
                yield " ".join(path) + f" {target.name}", args


@pytest.fixture
def sentinel(graph: Graph, neo4j_settings: Settings) -> dict[str, int]:
    assert run_cli(["ingest", "cards", str(REPO / "tests/fixtures/cards/board/01-retry.json"), "--store", "sentinel"],
                   neo4j_settings.uri).returncode == 0
    graph.write("CREATE (:Sentinel {name: 'keep-me'})")
    yield counts(graph)
    graph.write("MATCH (n:Sentinel) DETACH DELETE n")


def test_injection_strings_through_every_cli_option_leave_the_graph_intact(
    graph: Graph, sentinel: dict[str, int], tmp_path: Path
) -> None:
    runner = CliRunner()
    tried: dict[str, int] = {}
    for label, args in _invocations(tmp_path):
        before = counts(graph)
        result = runner.invoke(cli, args, catch_exceptions=True)
        assert result.exception is None or isinstance(result.exception, SystemExit), f"{label} {args}: {result.exception!r}"
        assert result.exit_code in (0, 1, 2), f"{label}: exit {result.exit_code}: {result.stderr[-300:]}"
        assert "Traceback" not in result.output + result.stderr, label
        if result.stderr.startswith("provgraph:"):
            assert len(result.stderr.strip().splitlines()) == 1, f"{label}: {result.stderr!r}"
        now = counts(graph)
        assert now.get("node:Sentinel") == 1, f"{label} deleted the sentinel"
        assert all(now.get(key, 0) >= n for key, n in before.items()), f"{label} deleted data: {now} vs {before}"
        command = args[0]
        if command in READ_ONLY:
            assert now == before, f"{label}: a read-only command changed the graph"
        tried[command] = tried.get(command, 0) + 1
    assert "ingest" in tried
    print(f"\n[injection] CLI invocations with injection strings per command: {tried}")
