"""The docs point at things that exist, and the spec and the README tell the same rules.

A reference is a path into the repository (`provgraph/...`, `docs/...`, `tests/...`,
`bench/...`, `examples/...`) or a `*.md` file name, written in README.md, docs/, the
docstrings and comments of provgraph/, tests/ and bench/, or a .cypher header. Each must
name a file or folder in the repository (a bare name such as `README.md` may live anywhere in it; a glob must
match something; `<placeholder>` paths are templates). ILLUSTRATIONS lists the few names that
stand for a user's files in examples, not for ours.
"""
from __future__ import annotations

import ast
import io
import re
import subprocess
import tokenize
from pathlib import Path
from typing import Iterator

import pytest

ROOT = Path(__file__).resolve().parents[2]
DESIGN = ROOT / "docs" / "design.md"
README = ROOT / "README.md"

ILLUSTRATIONS = {
    "docs/adr": "the user's ADR folder in the README's usage examples",
    "x.md": "a link target in the README's syntax examples",
    "../old/0002-discounts.md": "a relative path in the README's front matter example",
    "report.md": "a file `provgraph report` writes into --out",
    "0123-x.md": "an ADR file name in a docstring's example",
    "./self-reference.md": "a link a test fixture writes",
    "adr-4.md": "a renamed ADR in the rename examples (README, git ingester)",
    "adr-04.md": "the new name of that renamed ADR",
    "decisions/adr-04.md": "the renamed ADR moved to another folder",
    "eks.md": "a record renamed by a change of case (git ingester, readings tests)",
    "EKS.md": "its new name",
    "0002-x.md": "a link target on a status line (references, design)",
    "adr-1.md": "the renamed-paths fixture: renamed to adr-01.md, then a new decision takes the name",
    "adr/adr-1.md": "the same, under its folder",
    "adr-01.md": "its zero-padded name",
    "adr-2.md": "the renamed-paths fixture: moved to another folder",
    "decisions/adr-02.md": "its new place",
    "adr-3.md": "the renamed-paths fixture: renamed, edited, deleted",
    "adr-03.md": "its new name",
}

# A path into the repository or a Markdown file name; not after `:` (a source uid such as `adr:docs/adr/1.md`).
REFERENCE = re.compile(r"(?<![\w./:-])((?:provgraph|docs|tests|bench|examples)/[\w./*<>-]*[\w/*>]|[\w./*-]*\w\.md)\b")


def _files() -> list[Path]:
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.split()
    return [ROOT / name for name in listed]


def _python_prose(source: str) -> str:
    """The comments and docstrings of a module: where a reader is told to look somewhere."""
    parts = [token.string for token in tokenize.generate_tokens(io.StringIO(source).readline)
             if token.type == tokenize.COMMENT]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            docstring = ast.get_docstring(node, clean=False)
            if docstring:
                parts.append(docstring)
    return "\n".join(parts)


def _prose() -> Iterator[tuple[Path, str]]:
    yield README, README.read_text(encoding="utf-8")
    for path in sorted((ROOT / "docs").rglob("*.md")):
        yield path, path.read_text(encoding="utf-8")
    for path in sorted((ROOT / "provgraph").rglob("*.cypher")):
        yield path, "\n".join(line for line in path.read_text(encoding="utf-8").splitlines()
                              if line.lstrip().startswith("//"))
    for folder in ("provgraph", "tests", "bench"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            yield path, _python_prose(path.read_text(encoding="utf-8"))


def _exists(reference: str, mentioned_in: Path, names: set[str]) -> bool:
    if "<" in reference:
        return True
    if "*" in reference:
        return any(ROOT.glob(reference)) or any(mentioned_in.parent.glob(reference))
    if "/" not in reference.rstrip("/"):
        return reference in names
    return (ROOT / reference).exists() or (mentioned_in.parent / reference).exists()


def _broken_references() -> list[str]:
    names = {path.name for path in _files()}
    broken = []
    for path, text in _prose():
        for match in REFERENCE.finditer(text):
            reference = match.group(1)
            if reference not in ILLUSTRATIONS and not _exists(reference, path, names):
                broken.append(f"{path.relative_to(ROOT)}: {reference}")
    return broken


def test_every_file_the_docs_code_and_queries_mention_exists() -> None:
    assert not _broken_references()


def test_the_reference_check_sees_a_missing_spec() -> None:
    names = {path.name for path in _files()}
    found = [match.group(1) for match in REFERENCE.finditer(
        'see DESIGN.md, docs/design.md, `provgraph/cypher/ingest_*.cypher`, the store uid adr:docs/x.md')]
    assert found == ["DESIGN.md", "docs/design.md", "provgraph/cypher/ingest_*.cypher"]
    assert [_exists(reference, README, names) for reference in found] == [False, True, True]


def test_every_illustration_is_still_used_and_is_not_a_real_file() -> None:
    text = "\n".join(text for _, text in _prose())
    for name in ILLUSTRATIONS:
        assert name in text, f"{name} is no longer mentioned: drop it from ILLUSTRATIONS"
        assert not (ROOT / name).exists()


# -- the spec (docs/design.md) and the README's user-facing tables say the same thing -----------------------

def _table(text: str, heading: str) -> list[list[str]]:
    """The body rows (header and rule left out) of the first Markdown table after `heading`, as cell texts."""
    section = text[text.index(heading):]
    rows = []
    for line in section[section.index("\n|"):].splitlines()[3:]:
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if not set("".join(cells)) <= set("-: "):
            rows.append(cells)
    return rows


def _codes(cell: str) -> tuple[str, ...]:
    return tuple(re.findall(r"`([A-Z_]+)`", cell))


def test_design_and_readme_list_the_same_status_rules_in_the_same_order() -> None:
    design = [(row[0], _codes(row[3]), row[2]) for row in _table(DESIGN.read_text(encoding="utf-8"), "## Status of a claim")]
    readme = [(row[0], _codes(row[1]), row[2]) for row in _table(README.read_text(encoding="utf-8"),
                                                                 "### Reason codes, in rule order")]
    assert design == readme
    assert len(design) >= 12


def test_design_and_readme_list_the_same_verify_terminals_in_the_same_order() -> None:
    design = [(row[0], _codes(row[1])) for row in _table(DESIGN.read_text(encoding="utf-8"),
                                                         "## Verifying an answer's evidence")]
    readme = [(row[0], _codes(row[1])) for row in _table(README.read_text(encoding="utf-8"),
                                                         "## Verifying an answer's evidence")]
    assert design == readme
    assert [codes[0] for _, codes in design][-1] == "SUPPORTED_BY_CURRENT_SOURCE"


@pytest.mark.parametrize("section", ["Graph model", "Time and scope", "Status of a claim",
                                     "Verifying an answer's evidence", "Command contract"])
def test_design_has_the_sections_the_code_cites(section: str) -> None:
    assert f"\n## {section}\n" in DESIGN.read_text(encoding="utf-8")
