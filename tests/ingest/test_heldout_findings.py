"""What the held-out logs of issue 55 found, as general rules on small samples: a GFM table rule with one hyphen a
cell, and front matter that is not YAML read on by the declaration's other places, patterns and its own
`Field: value` lines, the broken YAML kept as a finding. Pure (no database)."""
from __future__ import annotations

from datetime import datetime, timezone

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
    assert {edge.to_ref for edge in observed.edges} == {"AIP-10: Move Objects", "AIP-11: Tokens"}
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
