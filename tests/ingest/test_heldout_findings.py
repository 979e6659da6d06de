"""What the held-out logs of issue 55 found, as general rules on small samples: a GFM table rule with one hyphen a
cell, and front matter that is not YAML read on by the declaration's other places, patterns and its own
`Field: value` lines, the broken YAML kept as a finding. Pure (no database)."""
from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from provgraph import propose_format

from provgraph.ingest.formats import metadata
from provgraph.ingest.formats.declaration import declared
from provgraph.ingest.formats.reader import Version, read_record
from provgraph.ingest.records import IngestOptions, Notice, Observation, Quarantined

WHEN = datetime(2026, 1, 1, tzinfo=timezone.utc)


def _values(found: metadata.Fields) -> dict[str, object]:
    return {name: field.value for name, field in found.items()}


def test_a_table_rule_with_one_hyphen_a_cell_is_a_table_rule_as_in_gfm() -> None:
    for rule in ("| :- | :- |", "|-|-|", "-|-", "| - | :-: |"):
        lines = ["# ACP-77", "", "| ACP | 77 |", rule, "| **Status** | Activated |"]
        assert _values(metadata.table(lines)) == {"acp": "77", "status": "Activated"}, rule


def _read(text: str, fmt: dict[str, object]) -> tuple[Observation, list[object]]:
    read = read_record(declared(fmt), Version("aip-76.md", WHEN), text.encode(), IngestOptions(store="s"))
    observed = next(record for record in read.records if isinstance(record, Observation))
    return observed, [record for record in read.records if not isinstance(record, Observation)]


BROKEN = ["---", "aip: 76", "title: `chain_id()` host function", "status: \"Accepted\"",
          "requires: \"AIP-10: Move Objects\", \"AIP-11: Tokens\"", "flip: [179](https://x.org/179)", "---", "", "# Body"]


def test_front_matter_that_is_not_yaml_is_read_as_field_lines_and_the_broken_yaml_is_a_finding() -> None:
    observed, others = _read("\n".join(BROKEN), {"metadata": ["front-matter"], "id": "AIP-{id}",
                                                 "fields": {"id": ["aip"], "status": ["status"], "requires": ["requires"]}})
    (claim,) = observed.claims
    assert (claim.uid, claim.declared, claim.status_line) == ("AIP-76", "accepted", 4)
    assert {edge.to_ref for edge in observed.edges} == {"AIP-10", "AIP-11"}  # an id with its title names the id
    (finding,) = others
    assert isinstance(finding, Notice) and finding.kind == "broken_metadata" and "broken YAML" in finding.detail


def test_front_matter_that_is_not_yaml_is_read_by_a_declared_status_pattern() -> None:
    lines = [line.replace("status:", "state is") for line in BROKEN]
    observed, _ = _read("\n".join(lines), {"metadata": ["front-matter"], "patterns": {"status": r"state is \"(\w+)\""}})
    assert observed.claims[0].declared == "accepted"


def test_front_matter_that_is_not_yaml_and_states_no_status_anywhere_is_still_quarantined() -> None:
    lines = [line for line in BROKEN if not line.startswith("status")]
    observed, others = _read("\n".join(lines), {"metadata": ["front-matter"]})
    assert not observed.claims and observed.unclaimed == "unreadable front-matter"
    assert [type(record) for record in others] == [Quarantined]


def _write(root: Path, files: dict[str, str]) -> Path:
    for relpath, text in files.items():
        (root / relpath).parent.mkdir(parents=True, exist_ok=True)
        (root / relpath).write_text(text, encoding="utf-8")
    return root


def _front(number: int, status: str, requires: str = "") -> str:
    extra = f"requires: {requires}\n" if requires else ""
    return (f"---\nxip: {number}\ntitle: Thing {number}\nstatus: {status}\n{extra}---\n\n# XIP-{number}\n\n"
            f"See XIP-{(number % 6) + 1} and XIP-{((number + 1) % 6) + 1}.\n")


def test_a_premise_role_whose_values_name_no_record_of_the_folder_is_a_comment_not_a_declaration(tmp_path: Path) -> None:
    foreign = {f"xips/xip-{n}.md": _front(n, "Final", f'"XIP-9{n}: Elsewhere"').replace(
        "---\n\n", f"replaces: {'other/x.md' if n % 2 else n % 6 + 1}\n---\n\n", 1) for n in range(1, 7)}
    proposal = propose_format(_write(tmp_path / "foreign", foreign))
    record = proposal.store_table()["record"]
    assert "requires" not in record["fields"] and record["id"] == "XIP-{id}"
    assert record["fields"]["replaces"] == "replaces"  # a revision to nothing ingested changes no status
    assert any("requires is not declared" in doubt and "XIP-91: Elsewhere" in doubt for doubt in proposal.doubts)
    own = {f"xips/xip-{n}.md": _front(n, "Final", f"{n % 6 + 1}, XIP-{(n + 1) % 6 + 1}") for n in range(1, 7)}
    assert propose_format(_write(tmp_path / "own", own)).store_table()["record"]["fields"]["requires"] == "requires"


def test_a_link_that_writes_an_id_with_its_title_after_it_names_the_id_in_the_templates_form() -> None:
    fmt = declared({"metadata": ["front-matter"], "id": "FIP-{id:04}", "aliases": ["FIP {id}"]})
    titled = ("FIP-0030 (Introducing the Filecoin Virtual Machine)", "FIP-30: Introducing", "FIP 30 - Introducing")
    assert [fmt.titled_uid(text) for text in titled] == ["FIP-0030"] * 3
    assert [fmt.titled_uid(text) for text in ("FIP-0030", "PEP 8 (Style)", "FIP-0030-x", "RFC 7 (IETF)")] == [None] * 4


def test_an_id_template_keeps_its_prefix_when_a_few_ids_are_written_with_it() -> None:
    fmt = declared({"metadata": ["front-matter"], "id": "AIP-{id}"})
    assert (fmt.uid("47"), fmt.uid("AIP-47"), fmt.uid("aip 47"), fmt.uid("FIP-47")) == ("AIP-47", "AIP-47", "AIP-47", "AIP-FIP-47")
    assert declared({"metadata": ["front-matter"]}).uid("AIP-47") == "AIP-47"  # `{id}`: as written


def test_a_place_that_gives_one_more_record_a_status_is_added_beside_the_first(tmp_path: Path) -> None:
    files = {f"APE{n}.rst": f"APE {n}\n======\n\nauthor: A\n\nstatus: Accepted\n\nBody.\n" for n in range(1, 24)}
    files["APE23.rst"] = "APE 23\n======\n\nAuthors\n-------\n\n:Author: B\n:Status: Accepted\n\nBody.\n"
    record = propose_format(_write(tmp_path, files)).store_table()["record"]
    assert record["metadata"] == ["lines", "field-list", "file-name"]


def test_records_in_status_folders_that_state_a_status_field_are_read_by_the_field_and_index_pages_are_not_records(
        tmp_path: Path) -> None:
    files = {f"{folder}/{n:04}-x.rst": f"DEP {n}\n=====\n\n:Status: {stated}\n:Author: A\n\nBody.\n"
             for n, (folder, stated) in enumerate([("final", "Final"), ("final", "Draft"), ("draft", "Draft"),
                                                   ("rejected", "Rejected"), ("final", "Final"), ("draft", "Draft")], 1)}
    files |= {f"{folder}/README.rst": f"{folder}\n======\n\nThe {folder} DEPs.\n" for folder in ("final", "draft", "rejected")}
    record = propose_format(_write(tmp_path, files)).store_table()["record"]
    assert record["metadata"][0] == "field-list" and record["records"] == ["[0-9]*.rst"]


def test_a_record_whose_file_name_has_no_number_is_proposed_by_its_path_and_read_not_dropped(tmp_path: Path) -> None:
    files = {f"{'draft' if n == 5 else 'final'}/{n:04}-x.rst": f"DEP {n}\n=====\n\n:DEP: {n}\n:Status: Final\n\nBody.\n"
             for n in range(1, 6)}
    files |= {"draft/content-negotiation.rst": "Content Negotiation\n===================\n\nCreated: 2014-04-14\n"
                                               "Status: Draft\n\nOverview\n========\n\nBody.\n",
              "draft/email-providers.md": "---\ntitle: Email providers\nstatus: Draft\n---\n\n# Email providers\n",
              "draft/notes.md": "# Notes\n\nNo status here.\n", "template.rst": "DEP X\n=====\n\n:Status: Draft\n",
              **{f"{folder}/README.rst": f"{folder}\n======\n\nThe {folder} DEPs.\n" for folder in ("final", "draft")}}
    proposal = propose_format(_write(tmp_path, files))
    assert proposal.store_table()["record"]["records"] == ["[0-9]*.rst", "draft/content-negotiation.rst",
                                                           "draft/email-providers.md"]
    assert proposal.counts.records == 7  # the five numbered, the two beside DEP 5 named by path; not notes, the template
    observed = read_record(declared(proposal.store_table()["record"]), Version("draft/content-negotiation.rst", WHEN),
                           files["draft/content-negotiation.rst"].encode(), IngestOptions(store="deps")).records
    (claim,) = next(record for record in observed if isinstance(record, Observation)).claims
    assert (claim.uid, claim.declared) == ("deps:draft/content-negotiation.rst", "draft")  # no number: named by its path
