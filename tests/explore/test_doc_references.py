"""The docs point at things that exist, and the spec's tables list what the code does.

A reference is a path into the repository (`provgraph/...`, `docs/...`, `tests/...`,
`bench/...`, `examples/...`) or a `*.md` file name, written in README.md, docs/, the
docstrings and comments of provgraph/, tests/ and bench/, or a .cypher header. Each must
name a file or folder in the repository (a bare name such as `README.md` may live anywhere in it; a glob must
match something; `<placeholder>` paths are templates). ILLUSTRATIONS lists the few names that
stand for a user's files in examples, not for ours. A Markdown link to a section (`reference.md#exit-codes`)
must name a heading of that file.
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
    "docs/adr": "the user's ADR folder in the usage examples (docs/ingest.md)",
    "x.md": "a link target in the syntax examples (docs/ingest.md)",
    "../old/0002-discounts.md": "a relative path in the front matter example (docs/ingest.md)",
    "report.md": "a file `provgraph report` writes into --out",
    "0123-x.md": "an ADR file name in a docstring's example",
    "./self-reference.md": "a link a test fixture writes",
    "adr-4.md": "a renamed ADR in the rename examples (docs/ingest.md, git ingester)",
    "adr-04.md": "the new name of that renamed ADR",
    "decisions/adr-04.md": "the renamed ADR moved to another folder",
    "0001-queues.md": "the audit story's ADR that tests/audit/audit_story.py writes (docs/audit.md shows its status)",
    "0002-nats.md": "the audit story's ADR that supersedes it",
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
    "../adr/0001-use-postgres-for-ledger.md": "the story runbook's link to ADR-0001, relative to examples/story/src/",
    "../adr/0001-postgres.md": "a runbook's link in the citations example (docs/scan.md)",
    "docs/adr/0001-x.md": "a record file cited in the citations examples",
    "../adr/0001-x.md": "the same, as a relative link",
    "b.md": "a changed file in the `scan --files` example",
    "docs/runbook.md": "a scanned doc in the `verify --cited-in` example",
    "CIP-*/README.md": "the records glob of a held-out log's declaration (bench/logs/cips.toml)",
    "bench/logs/NAME.toml": "a held-out log's declaration, NAME standing for the log",
    "0004-x.md": "a record file a later record names, in the suspects rule's examples (design, suspects)",
    "ADR006-x.md": "a record file whose name leads with its id, in the same examples",
    "0004-dns-zones.md": "a record file name in base/mentions.py's examples",
    "../adr/0004-dns-zones.md": "the same, as a relative link",
    "bip-NNNN.md": "a BIP file name, NNNN standing for its number (bench/suspects/real.py)",
    "CIP-0001/README.md": "a record in a folder named for its number, in a held-out log (bench/real_logs/oracles.py)",
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


# -- the spec's tables (docs/design.md) list what the code does, in the code's order ----------------------

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


def test_the_design_status_table_lists_every_reason_of_the_code_in_rule_order_with_its_status() -> None:
    from provgraph.engine.status import REASONS

    listed = [(code, row[2]) for row in _table(DESIGN.read_text(encoding="utf-8"), "## Status of a claim")
              for code in _codes(row[3])]
    first_seen = list(dict.fromkeys(code for code, _ in listed))
    assert first_seen == list(REASONS), "the spec's rules and provgraph.engine.status.REASONS disagree on the order"
    assert all(REASONS[code] == status for code, status in listed)
    assert len(listed) >= 21


def test_the_design_verify_table_lists_the_terminals_of_the_code_in_order() -> None:
    from provgraph.engine.verify.verdict import TERMINALS

    design = [_codes(row[1])[0] for row in _table(DESIGN.read_text(encoding="utf-8"), "## Verifying an answer's evidence")]
    assert tuple(design) == TERMINALS


def _anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    """The anchors of a Markdown file's headings (a `#` line inside a code fence is no heading)."""
    anchors, fenced = set(), False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif line.startswith("#") and not fenced:
            anchors.add(_anchor(line.lstrip("#")))
    return anchors


def _broken_section_links() -> list[str]:
    broken = []
    for path in [README, *sorted((ROOT / "docs").rglob("*.md")), ROOT / "bench" / "README.md"]:
        for target, anchor in re.findall(r"\]\(([\w./-]*)#([\w-]+)\)", path.read_text(encoding="utf-8")):
            linked = (path.parent / target).resolve() if target else path
            if not linked.exists() or anchor not in _anchors(linked):
                broken.append(f"{path.relative_to(ROOT)}: {target}#{anchor}")
    return broken


def test_every_link_to_a_section_names_a_heading_that_exists() -> None:
    assert not _broken_section_links()


def test_the_section_link_check_sees_a_missing_heading() -> None:
    assert _anchor("Verifying an answer's evidence") == "verifying-an-answers-evidence"
    assert _anchor("Revisions nobody linked: `provgraph suspects`") == "revisions-nobody-linked-provgraph-suspects"
    assert "no-such-section" not in _anchors(ROOT / "docs" / "reference.md")
    assert "exit-codes" in _anchors(ROOT / "docs" / "reference.md")


def test_a_newcomer_finds_the_status_rule_the_closure_the_jira_parser_and_verify_exit_codes_from_the_layers_table() -> None:
    design = DESIGN.read_text(encoding="utf-8")
    layers = design[design.index("## Layers"):design.index("## Graph model")]
    for path in ("provgraph/cypher/status.cypher", "provgraph/engine/status.py", "provgraph/cypher/revision_closure.cypher",
                 "provgraph/ingest/jira.py", "provgraph/base/errors.py"):
        assert f"`{path}`" in layers and (ROOT / path).exists(), path


def test_the_layers_table_has_a_row_for_every_folder_of_the_package() -> None:
    design = DESIGN.read_text(encoding="utf-8")
    layers = design[design.index("## Layers"):design.index("## Graph model")]
    folders = {path.parent.relative_to(ROOT).parts[1] for path in (ROOT / "provgraph").glob("*/__init__.py")}
    missing = sorted(folder for folder in folders if f"`provgraph/{folder}/`" not in layers)
    assert not missing, f"docs/design.md \"Layers\" has no row for {missing}"


@pytest.mark.parametrize("section", ["Graph model", "Time and scope", "Status of a claim",
                                     "Verifying an answer's evidence", "Command contract"])
def test_design_has_the_sections_the_code_cites(section: str) -> None:
    assert f"\n## {section}\n" in DESIGN.read_text(encoding="utf-8")
