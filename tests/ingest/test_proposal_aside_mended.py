"""What a proposal sets aside (issue 55, the thirteenth and twelfth checks' leftovers), each as a general rule: a README
written as the records are is a record, a page listing them is not; a template told from a record numbered 0 by its
title, by its name and number, or by a value that is an instruction in round brackets. Samples of our own making."""
from __future__ import annotations

from pathlib import Path

from proposal_claims import MD, read_as_claims

from provgraph import propose_format
from provgraph.ingest.formats.proposal.templates import placeholders


def _front(path: Path, fields: dict[str, str], body: str = "Text.\n") -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    head = "".join(f"{name}: {value}\n" for name, value in fields.items())
    path.write_text(f"---\n{head}---\n\n{body}", encoding="utf-8")


def test_a_readme_stating_the_records_fields_is_a_record_and_a_readme_stating_a_status_alone_an_index_page(
        tmp_path: Path) -> None:
    for number, (name, status) in enumerate([("bloom", "Accepted"), ("json", "Proposed"), ("search", "Proposed"),
                                             ("ldap", "Accepted")], start=2):
        _front(tmp_path / f"{name}{MD}", {"RFC": str(number), "Status": status}, f"# {name}\n\nThe design.\n")
    _front(tmp_path / f"README{MD}", {"RFC": "1", "Status": "Informational"},
           "# The RFCs\n\nStatuses: Proposed, Accepted, Informational (like this README).\n")
    _front(tmp_path / "archive" / f"cluster{MD}", {"RFC": "6", "Status": "Rejected"}, "# cluster\n\nThe design.\n")
    _front(tmp_path / "archive" / f"index{MD}", {"Status": "Rejected"},
           "# Archived\n\n| RFC | Status |\n|---|---|\n| [cluster](cluster.md) | Rejected |\n")
    proposal = propose_format(tmp_path)
    assert proposal.store_table()["record"]["skip"] == {"index page": ["archive/index.md"]}
    claims = read_as_claims(proposal, tmp_path)
    assert claims["README" + MD][1] == "accepted" and "archive/index" + MD not in claims
    assert proposal.counts.records == 6


def _adrs(root: Path, zero: dict[str, str], body: str) -> None:
    for number, title in [(1, "Naming"), (2, "Sessions"), (3, "Parameters"), (4, "Transactions")]:
        _front(root / f"adr-00{number}{MD}", {"id": f"00{number}", "status": "accepted", "title": f"ADR-00{number}: {title}"},
               f"## Status\nAccepted\n\n## Date\n2025-10-0{number}\n")
    _front(root / f"adr-000{MD}", zero, body)


def test_a_file_numbered_0_whose_title_is_a_placeholder_is_the_template_and_one_naming_its_decision_a_record(
        tmp_path: Path) -> None:
    _adrs(tmp_path / "template", {"id": "000", "status": "proposed", "title": "ADR-000: [Short Title]"},
          "## Status\nProposed\n\n## Date\nYYYY-MM-DD\n")
    _adrs(tmp_path / "process", {"id": "000", "status": "accepted", "title": "ADR-000: The ADR Process"},
          "## The format\n\nEach ADR starts with front matter: `title: ADR-NNN: your title`, `Date: YYYY-MM-DD`.\n")
    template = propose_format(tmp_path / "template")
    assert template.store_table()["record"]["skip"] == {"template": ["adr-000.md"]}
    assert "adr-000" + MD not in read_as_claims(template, tmp_path / "template")
    process = propose_format(tmp_path / "process")
    assert "skip" not in process.store_table()["record"]
    assert read_as_claims(process, tmp_path / "process")["adr-000" + MD][1] == "accepted"


def test_a_file_named_for_a_template_and_numbered_0_is_the_template_whatever_status_it_shows(tmp_path: Path) -> None:
    def adr(name: str, title: str, status: str) -> None:
        (tmp_path / name).write_text(f"# {title}\n\n| | |\n|---|---|\n| Date | 2023-02-20 |\n| Status | {status} |\n"
                                     f"| Authors | [name](@github-username) |\n\n## What\n\nText.\n", encoding="utf-8")
    for number, status in [(1, "Draft"), (2, "Approved"), (3, "Approved"), (5, "Accepted")]:
        adr(f"ODH-ADR-000{number}-decision-{number}{MD}", f"Decision {number}", status)
    adr(f"ODH-ADR-0000-template{MD}", "Architecture Decision Record template", "Approved")
    proposal = propose_format(tmp_path)
    assert proposal.store_table()["record"]["skip"] == {"template": ["ODH-ADR-0000-template.md"]}
    assert proposal.counts.records == 4 and "named for a template" not in proposal.to_toml()


def test_a_value_that_is_an_instruction_in_round_brackets_is_a_templates_placeholder_and_a_bracketed_status_not(
        tmp_path: Path) -> None:
    assert placeholders(["RFC: (PR number)", "Status: (Change to Proposed when it's ready for review)"]) == [
        "a field's placeholder '(PR number)'"]
    assert placeholders(["RFC: 4", "Status: (Draft)", "Replaces: (none)"]) == []
    for number, name in [(2, "bloom"), (3, "json"), (4, "search"), (5, "ldap")]:
        _front(tmp_path / f"{name}{MD}", {"RFC": str(number), "Status": "Accepted"}, f"# {name}\n")
    _front(tmp_path / f"TEMPLATE{MD}", {"RFC": "(PR number)", "Status": "(Change to Proposed when it's ready for review)"},
           "# The feature's name\n\n## Abstract\n\nA few sentences.\n")
    proposal = propose_format(tmp_path)
    assert proposal.store_table()["record"]["skip"] == {"template": ["TEMPLATE.md"]}
    assert "named for a template" not in proposal.to_toml()
