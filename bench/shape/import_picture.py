"""The package's import picture at a git revision: files, floors, circles and imports that run back up;
and the README's length.

    python -m bench.shape.import_picture 0ab7c35 main      # before and after the layered layout (issue 21)

Read straight from git (`git ls-tree`, `git show`), so no checkout is needed. Imports are parsed as
tests/test_architecture.py parses them (every `import` and `from ... import` at any depth, lazy ones
included), kept when they name a provgraph module. Two granularities:

- files: every .py file under provgraph/ is a node;
- tree: every .py file under provgraph/ and bench/ (TREE), for the circles over the whole tree (issue 58);
- units: what a reader sees at the top of the package: a root module (`status.py`) or a folder
  (`ingest/`), every file inside counted as the folder (an issue 21 count, where 20 root modules and
  7 folders made 28 units with `ingest/times.py` on its own).

floors: the longest import chain, counted in nodes, each circle counted as one floor.
circles: groups of nodes that import each other round a loop (strongly connected components of two or more).
back-arrows: the imports a depth-first walk in name order finds running back up to a node still on its path:
  each closes a circle, and taking them all out leaves no circle.
up the layers: imports that run up or sideways across the layer order of tests/test_architecture.py
  (LAYERS, read from that file), each module placed in the layer its file lives in on HEAD (followed
  through git's rename detection; the two files split since then are named in SPLIT).
"""
from __future__ import annotations

import argparse
import ast
import importlib.util
import subprocess
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout


# Files that were split rather than renamed, so git's rename detection cannot follow them.
TREE = ("provgraph", "bench")  # the package and the bench that drives it: what "the whole tree" counts
SPLIT = {"provgraph/verification.py": "provgraph/engine/verify/__init__.py",
         "provgraph/ingest/pipeline.py": "provgraph/ingest/pipeline/__init__.py"}


def _layers() -> dict[str, int]:
    spec = importlib.util.spec_from_file_location("test_architecture", ROOT / "tests" / "test_architecture.py")
    assert spec and spec.loader
    architecture = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(architecture)
    return dict(architecture.RANK)


def _layer_of_path(path: str) -> str:
    parts = path.split("/")
    return "api" if parts[1] == "__init__.py" else parts[1].removesuffix(".py")


@cache
def layer_map(revision: str) -> dict[str, str]:
    """provgraph module at `revision` -> the layer its file lives in on HEAD."""
    moved = dict(SPLIT)
    for line in _git("diff", "-M", "--name-status", revision, "HEAD", "--", "provgraph").splitlines():
        fields = line.split("\t")
        if fields[0].startswith("R"):
            moved[fields[1]] = fields[2]
    paths = [p for p in _git("ls-tree", "-r", "--name-only", revision, "provgraph").split() if p.endswith(".py")]
    return {_module_name(path): _layer_of_path(moved.get(path, path)) for path in paths}


def _module_name(path: str) -> str:
    parts = path.removesuffix(".py").split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(source: str) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


@cache
def module_graph(revision: str, roots: tuple[str, ...] = ("provgraph",)) -> dict[str, set[str]]:
    """Module -> the modules it imports, at `revision`, over the packages `roots` (the whole tree: TREE)."""
    paths = [p for p in _git("ls-tree", "-r", "--name-only", revision, *roots).split() if p.endswith(".py")]
    modules = {_module_name(path): path for path in paths}
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        found = set()
        for name in _imports(_git("show", f"{revision}:{path}")):
            while name and name not in modules and name.startswith(tuple(f"{root}." for root in roots)):
                name = name.rpartition(".")[0]
            if name in modules and name != module:
                found.add(name)
        graph[module] = found
    return graph


def _unit(module: str, packages: set[str]) -> str:
    if module == "provgraph.ingest.times":
        return module  # issue 21's count kept it apart: ten modules outside ingest/ used it
    top = ".".join(module.split(".")[:2])
    return top + "/" if top in packages else top


def unit_graph(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    packages = {name.rpartition(".")[0] for name in graph if name.count(".") >= 2}
    units: dict[str, set[str]] = {}
    for module, targets in graph.items():
        source = _unit(module, packages)
        units.setdefault(source, set()).update(t for t in (_unit(t, packages) for t in targets) if t != source)
    return units


def _components(graph: dict[str, set[str]]) -> list[set[str]]:
    """Strongly connected components (Tarjan), iterative."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            advanced = False
            for target in targets:
                if target not in index:
                    index[target] = low[target] = counter
                    counter += 1
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                    advanced = True
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                found.append(component)
    return found


def _back_arrows(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    state: dict[str, int] = {}  # 1 on the path, 2 done
    arrows = []
    for start in sorted(graph):
        if start in state:
            continue
        state[start] = 1
        work = [(start, iter(sorted(graph[start])))]
        while work:
            node, targets = work[-1]
            for target in targets:
                if state.get(target) == 1:
                    arrows.append((node, target))
                elif target not in state:
                    state[target] = 1
                    work.append((target, iter(sorted(graph[target]))))
                    break
            else:
                state[node] = 2
                work.pop()
    return arrows


def up_the_layers(revision: str) -> list[tuple[str, str]]:
    rank, layer = _layers(), layer_map(revision)
    return sorted((module, target) for module, targets in module_graph(revision).items() for target in targets
                  if layer[target] != layer[module] and rank.get(layer[target], -1) >= rank.get(layer[module], -1))


@dataclass(frozen=True)
class Picture:
    nodes: int
    floors: int
    circles: list[set[str]]
    back_arrows: list[tuple[str, str]]


def picture(graph: dict[str, set[str]]) -> Picture:
    components = _components(graph)
    component_of = {node: number for number, members in enumerate(components) for node in members}
    floor: dict[int, int] = {}
    for number, members in enumerate(components):  # Tarjan yields a component after everything it imports
        below = [floor[component_of[t]] for m in members for t in graph[m] if component_of[t] != number]
        floor[number] = 1 + max(below, default=0)
    return Picture(len(graph), max(floor.values(), default=0), [c for c in components if len(c) > 1],
                   _back_arrows(graph))


def _short(name: str) -> str:
    return name.removeprefix("provgraph.") or "provgraph"


def describe(revision: str, verbose: bool) -> list[str]:
    files = module_graph(revision)
    lines = [f"{revision}:"]
    for label, graph in (("files", files), ("units", unit_graph(files))):
        found = picture(graph)
        lines.append(f"  {label:5}  {found.nodes:3} {label}, {found.floors:2} floors, {len(found.circles)} circles,"
                     f" {len(found.back_arrows)} back-arrows")
        if verbose:
            lines += [f"         circle: {', '.join(sorted(_short(m) for m in circle))}" for circle in found.circles]
            lines += [f"         back-arrow: {_short(a)} -> {_short(b)}" for a, b in found.back_arrows]
    tree = picture(module_graph(revision, TREE))
    lines.append(f"  tree   {tree.nodes:3} files (provgraph/ and bench/), {tree.floors:2} floors, {len(tree.circles)} circles,"
                 f" {len(tree.back_arrows)} back-arrows")
    if verbose:
        lines += [f"         circle: {', '.join(sorted(circle))}" for circle in tree.circles]
    readme = len(_git("show", f"{revision}:README.md").splitlines())
    lines.append(f"  README {readme} lines")
    upward = up_the_layers(revision)
    lines.append(f"  layers {len(upward)} imports up the layer order")
    if verbose:
        lines += [f"         up: {_short(a)} -> {_short(b)}" for a, b in upward]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.shape.import_picture", description=__doc__.splitlines()[0])
    parser.add_argument("revisions", nargs="*", default=["0ab7c35", "HEAD"], help="git revisions [0ab7c35 HEAD]")
    parser.add_argument("-v", "--verbose", action="store_true", help="name every circle and back-arrow")
    args = parser.parse_args(argv)
    for revision in args.revisions:
        print("\n".join(describe(revision, args.verbose)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
