"""Two proposer defects the seventh held-out check left (issue 55, bench/HISTORY.md "The seventh check's reader and
proposer defects fixed", Not done): a sidecar's status preferred over the text's own that lags it (kubernetes-sigs/
gateway-api's GEPs), and a file named for a template told from a template by its text (crossplane's "template stacks"
design documents). The forms are written here in lines of our own. Pure (no database)."""
from __future__ import annotations

from pathlib import Path

from proposal_claims import MD, read_as_claims

from provgraph import propose_format
from provgraph.ingest.formats.proposal.templates import placeholders

# (number, the sidecar's status, the text's bullet): the sidecar says Standard where the bullet still says Experimental
_GEPS = [(100 + number, "Standard", "Standard") for number in range(6)] + [
    (110, "Experimental", "Experimental"), (111, "Declined", "Declined"), (112, "Provisional", "Provisional"),
    (113, "Standard", "Experimental"), (114, "Declined", "Provisional"), (115, "Implementable", "Implementable")]


def _write_geps(root: Path) -> None:
    """A folder per record: `index.md` (a title, `* Status:` bullets) and `metadata.yaml` beside it with the number,
    the name and the status, which the log's tools keep; and a template whose bullet offers every word."""
    for number, kept, written in _GEPS:
        folder = root / f"gep-{number}"
        folder.mkdir()
        links = {114: "obsoletedBy:\n    - number: 113\n      name: Route kind 113\n",
                 113: "obsoletes:\n    - number: 114\n      name: Route kind 114\n"}.get(number, "seeAlso: []\n")
        (folder / "metadata.yaml").write_text(f"kind: Details\nnumber: {number}\nname: Route kind {number}\n"
                                              f"status: {kept}\nrelationships:\n  {links}", encoding="utf-8")
        (folder / ("index" + MD)).write_text(f"# GEP-{number}: Route kind {number}\n\n* Issue: #{number}\n"
                                             f"* Status: {written}\n\n## Goals\n\nText.\n", encoding="utf-8")
    template = root / "gep-90"
    template.mkdir()
    (template / "metadata.yaml").write_text("kind: Details\nnumber: 90\nname: GEP template\nstatus: Completed\n",
                                            encoding="utf-8")
    (template / ("index" + MD)).write_text("# GEP-90: GEP template\n\n* Issue: #90\n"
                                           "* Status: Provisional|Implementable|Experimental|Standard|Declined\n\n"
                                           "## Goals\n\nWhat this GEP is for.\n", encoding="utf-8")


def test_a_sidecar_status_is_read_over_the_text_status_that_lags_it_and_the_disagreements_are_counted(
        tmp_path: Path) -> None:
    _write_geps(tmp_path)
    proposal = propose_format(tmp_path)
    record = proposal.store_table()["record"]
    assert record["metadata"] == ["sidecar"] and record["sidecar"] == "metadata.yaml"
    assert record["fields"] == {"id": "number", "status": "status", "title": "name"}
    toml = proposal.to_toml()
    assert ("# check: 2 of 12 records state another status in their text (bullets status) than their sidecar "
            "metadata.yaml, which is read") in toml
    assert "gep-113/index.md ('Experimental'; metadata.yaml: 'Standard')" in toml
    assert ("# check: relationships holds obsoletedBy (superseded_by) in 1 record(s), inside the field: a declaration "
            "names a record's own fields only, so these links are not read") in toml
    assert proposal.counts.records == 12 and {word.phrase: word.records for word in proposal.words}["declined"] == 2


def test_a_record_titled_a_template_whose_text_offers_every_word_is_set_aside(tmp_path: Path) -> None:
    # its sidecar states `Completed`, its text the process's words between `|`: the log's template, not a record
    _write_geps(tmp_path)
    proposal = propose_format(tmp_path)
    assert proposal.store_table()["record"]["skip"] == {"template": ["gep-90/index.md"]}
    assert proposal.counts.not_read["template"] == 1 and "completed" not in {word.phrase for word in proposal.words}


def _write_designs(root: Path) -> None:
    """Design documents with no number (`* Status:` bullets under the title), two of them about "template stacks",
    beside the log's template, whose top is a template's."""
    for name, status in [("one-pager-a", "Accepted"), ("one-pager-b", "Draft"), ("design-doc-c", "Accepted"),
                         ("design-doc-d", "Draft"), ("one-pager-template-stacks", "Defunct"),
                         ("design-doc-template-stacks-experience", "Defunct")]:
        (root / (name + MD)).write_text(f"# {name.replace('-', ' ').title()}\n\n* Owner: Ann Smith (@ann)\n"
                                        f"* Reviewers: Maintainers\n* Status: {status}\n\n## Background\n\n"
                                        "Text.\n" + "\nMore text.\n" * 60 + "\n```\nname: {{ .spec.name }}\n```\n",
                                        encoding="utf-8")
    (root / ("design-doc-template" + MD)).write_text("# Title of the design\n\n* Owner: <your name> (@handle)\n"
                                                     "* Reviewers: Maintainers\n* Status: Draft\n\n## Background\n",
                                                     encoding="utf-8")


def test_a_file_named_for_a_template_that_states_a_status_and_shows_no_placeholder_is_a_record(tmp_path: Path) -> None:
    _write_designs(tmp_path)
    proposal = propose_format(tmp_path)
    assert proposal.store_table()["record"]["skip"] == {"template": ["design-doc-template.md"]}
    claims = read_as_claims(proposal, tmp_path)
    assert claims["one-pager-template-stacks" + MD][1] == "deprecated"
    assert claims["design-doc-template-stacks-experience" + MD][1] == "deprecated"
    assert "design-doc-template" + MD not in claims
    assert ("# check: 2 files named for a template state a status and no template's placeholder at the top: read as "
            "records: design-doc-template-stacks-experience.md, one-pager-template-stacks.md") in proposal.to_toml()


def test_a_templates_top_shows_its_placeholders_a_records_does_not() -> None:
    assert placeholders(["# RFC Title", "", "| **Status** | **Proposed/Accepted/Deprecated** |", "|:--|:--|",
                         "| **RFC #** | #### |", "| **Submitted** | YYYY-MM-DD |"]) == [
        "a field's placeholder 'Proposed/Accepted/Deprecated'", "a date's form 'YYYY-MM'"]
    assert placeholders(["# Title (Ex. 0000: RFC Topic)", "- Authors: [your name](mailto:you@example.org)",
                         "- Status: [PROPOSED](/README.md#proposed)"]) == [
        "words to the author 'your name'", "an example's address '@example.org'"]
    xml = ["<xep>", "<header>", "  <title>Protocol name</title>", "  <number>xxxx</number>", "  <status>ProtoXEP</status>"]
    assert placeholders(xml) == [] and placeholders(xml, ["Protocol name", "xxxx", "ProtoXEP"]) == [
        "a field's placeholder 'xxxx'"]  # an XML template's number: a field the xml place reads
    assert placeholders(["# ADR {ADR-NUMBER}: {TITLE}"]) == ["a name in braces '{ADR-NUMBER}'"]
    assert placeholders(["number: NN", "status: waiting"]) == ["a field's placeholder 'NN'"]
    assert placeholders(["* Owner: <To be assigned>"]) == ["a field's placeholder '<To be assigned>'",
                                                           "an instruction in angle brackets '<To be assigned>'"]
    record = ["# Template stacks", "", "* Owner: Ann Smith (@ann) <ann@crossplane.dev>", "* Status: Defunct", "",
              "<br />", "<a href=\"x\">link</a>", "See [the guide](https://x.org/a) and <https://x.org>."]
    assert placeholders([*record, *[""] * 40, "  creamer: {{.coffeeCreamer}}"]) == []  # past the top: a record's example
