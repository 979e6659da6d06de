"""The parts of the user docs made from the code, so they cannot drift from it.

    .venv/bin/python tests/explore/generated_docs.py      # rewrite them in their pages
    .venv/bin/python tests/explore/generated_docs.py --check   # exit 1 naming each part out of date

- `commands` (docs/reference.md): every command and subcommand with the first paragraph of its --help, from click.
- `verdicts` (docs/verify.md): verify's terminals in the order they are checked, from `provgraph.engine.verify.TERMINALS`.
- `reasons` (docs/status.md): every reason code with its status, in rule order, from `provgraph.engine.status.REASONS`;
  the rule numbers from the status table of docs/design.md (the spec), each reason's example kept from
  the page itself (the one hand-written column; a new reason gets a placeholder the docs test refuses).

Each part sits between `<!-- generated: NAME ... -->` and `<!-- end generated: NAME -->` lines.
tests/explore/test_docs.py runs the check in the suite.
"""
from __future__ import annotations

import inspect
import re
import sys
from pathlib import Path

import click

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PAGES = {"commands": DOCS / "reference.md", "reasons": DOCS / "status.md", "verdicts": DOCS / "verify.md"}
DESIGN = ROOT / "docs" / "design.md"
NO_EXAMPLE = "(example to write)"
_REGION = re.compile(r"(<!-- generated: (\w+)[^\n]*-->\n)(.*?)(<!-- end generated: \2 -->)", re.DOTALL)


def _first_paragraph(command: click.Command) -> str:
    return " ".join(inspect.cleandoc(command.help or "").split("\n\n")[0].split())


def commands_part() -> str:
    from provgraph.cli import cli

    rows = ["| command | what it does |", "|---|---|"]
    for name in sorted(cli.commands):
        command = cli.commands[name]
        rows.append(f"| `provgraph {name}` | {_first_paragraph(command)} |")
        if isinstance(command, click.Group):
            rows += [f"| `provgraph {name} {sub}` | {_first_paragraph(command.commands[sub])} |"
                     for sub in sorted(command.commands)]
    return "\n".join(rows) + "\n"


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def design_rule_numbers() -> dict[str, list[str]]:
    """reason code -> the rule numbers of docs/design.md "Status of a claim" that give it."""
    text = DESIGN.read_text(encoding="utf-8")
    section = text[text.index("## Status of a claim"):]
    numbers: dict[str, list[str]] = {}
    for line in section[section.index("\n|"):].splitlines()[3:]:
        if not line.startswith("|"):
            break
        cells = _cells(line)
        for code in re.findall(r"`([A-Z_]+)`", cells[3]):
            numbers.setdefault(code, []).append(cells[0])
    return numbers


def _examples(current: str) -> dict[str, str]:
    examples = {}
    for line in current.splitlines()[2:]:
        cells = _cells(line)
        if len(cells) == 4:
            examples[cells[1].strip("`")] = cells[3]
    return examples


def reasons_part(current: str) -> str:
    from provgraph.engine.status import REASONS

    numbers, examples = design_rule_numbers(), _examples(current)
    rows = ["| rule | reason | status | example |", "|---|---|---|---|"]
    for code, status in REASONS.items():
        rule = ", ".join(numbers.get(code, ["?"]))
        rows.append(f"| {rule} | `{code}` | {status} | {examples.get(code, NO_EXAMPLE)} |")
    return "\n".join(rows) + "\n"


def verdicts_part() -> str:
    from provgraph.engine.verify import TERMINALS

    return "".join(f"{number}. `{terminal}`\n" for number, terminal in enumerate(TERMINALS, 1))


PARTS = {"commands": lambda current: commands_part(), "reasons": reasons_part, "verdicts": lambda current: verdicts_part()}


def regenerate(text: str) -> str:
    def part(match: re.Match[str]) -> str:
        return match.group(1) + PARTS[match.group(2)](match.group(3)) + match.group(4)

    return _REGION.sub(part, text)


def parts(text: str) -> dict[str, str]:
    return {match.group(2): match.group(3) for match in _REGION.finditer(text)}


def main(argv: list[str]) -> int:
    stale = []
    for page in sorted(set(PAGES.values())):
        text = page.read_text(encoding="utf-8")
        fresh = regenerate(text)
        if fresh == text:
            continue
        name = page.relative_to(ROOT)
        if "--check" in argv:
            stale += [f"{name}: the generated part {part!r} is out of date: run python tests/explore/generated_docs.py"
                      for part, body in parts(text).items() if parts(fresh)[part] != body]
        else:
            page.write_text(fresh, encoding="utf-8")
            print(f"{name}: generated parts rewritten")
    print("\n".join(stale), end="\n" if stale else "")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
