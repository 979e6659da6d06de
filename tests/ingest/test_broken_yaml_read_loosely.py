"""YAML that is not YAML, read line by line (issue 55, the nineteenth fresh check): a broken sidecar as broken front
matter is (Kueue's `kep.yaml` with an unclosed quote), and in broken front matter a `key: value` line put out of place
after a list of plain items (KubeEdge's `authors:` / `- "@x"` / `  status: implementable`) read as the top-level field
it is. A key that may be a child (under a mapping item, under a nested key, deeper than the run) is not. Pure."""
from __future__ import annotations

from datetime import datetime, timezone

from provgraph.ingest.formats import metadata
from provgraph.ingest.formats.declaration import declared
from provgraph.ingest.formats.reader import Version, read_record
from provgraph.ingest.records import IngestOptions, Notice, Observation

WHEN = datetime(2026, 1, 1, tzinfo=timezone.utc)


def _values(found: metadata.Fields) -> dict[str, object]:
    return {name: field.value for name, field in found.items()}


def _loose(front: list[str]) -> dict[str, object]:
    try:
        metadata.front_matter(["---", *front, "---", "", "# Body"])
    except metadata.BadMetadata as problem:
        return _values(problem.fallback)
    raise AssertionError("the front matter was read as YAML")


KUEUE_SIDECAR = "\n".join(["title: Two-phase thing", "kep-number: 1432", "authors:", '  - "@a"', "status: implementable",
                           "see-also:", '  - "/keps/993-two-phase-admission', "", 'latest-milestone: "v0.7"', ""])


def test_a_sidecar_that_is_not_yaml_is_read_as_its_field_lines_and_the_broken_yaml_is_a_finding() -> None:
    fmt = declared({"preset": "kep", "id": "KEP-{id}"})
    read = read_record(fmt, Version("keps/1432-two-phase/README.md", WHEN), b"# KEP-1432: Two-phase thing\n",
                       IngestOptions(store="s"), sidecar=KUEUE_SIDECAR.encode())
    observed = next(record for record in read.records if isinstance(record, Observation))
    (claim,) = observed.claims
    assert claim.declared == "accepted" and claim.status_line is None  # implementable; on no line of the record
    (finding,) = [record for record in read.records if not isinstance(record, Observation)]
    assert isinstance(finding, Notice) and finding.kind == "broken_metadata"
    assert finding.detail.startswith("broken YAML in kep.yaml") and "the sidecar's `Field: value` lines" in finding.detail


def test_a_sidecar_that_is_not_yaml_gives_its_unindented_field_lines_on_no_line() -> None:
    try:
        metadata.sidecar(KUEUE_SIDECAR.encode(), "kep.yaml")
    except metadata.BadMetadata as problem:
        assert _values(problem.fallback) == {"title": "Two-phase thing", "kep-number": "1432", "authors": "",
                                             "status": "implementable", "see-also": "", "latest-milestone": "v0.7"}
        assert all(field.line is None for field in problem.fallback.values())
    else:
        raise AssertionError("the broken sidecar was read as YAML")


def test_keys_put_out_of_place_after_a_list_of_plain_items_are_top_level_fields() -> None:
    kubeedge = ["title: HA router", "authors:", '- "@a"', "  approvers:", "  creation-date: 2024-05-27",
                "  status: implementable"]
    assert _loose(kubeedge) == {"title": "HA router", "authors": "", "approvers": "", "creation-date": "2024-05-27",
                                "status": "implementable"}
    kruise = ["title: CloneSet", "authors:", '- "@a"', "  reviewers:", '- "@b"', '- "@c"', "  creation-date: 2024-03-10",
              "  status: implementable"]
    assert _loose(kruise)["status"] == "implementable" and _loose(kruise)["reviewers"] == ""
    same_depth = ["title: T", "authors:", '  - "@a"', "  status: implementable", "bad: ["]
    assert _loose(same_depth)["status"] == "implementable"


def test_a_key_that_may_be_a_child_in_broken_front_matter_is_not_read_as_a_top_level_field() -> None:
    broken = "title: `x` y"  # a plain value may not start with a backquote: what breaks the YAML below
    mapping_item = [broken, "owners:", "  - name: a", "    status: implementable"]  # the item's own key
    nested = [broken, "meta:", "  people:", "    - a", "    status: implementable"]  # a list that is no top-level value
    no_list = [broken, "meta:", "  status: implementable"]  # a nested mapping: no list above
    shallower = [broken, "authors:", "    - a", "  status: implementable"]  # above the items' dash
    deeper = [broken, "authors:", "- a", "  see-also:", "    status: implementable"]  # a child of the out-of-place key
    for front in (mapping_item, nested, no_list, shallower, deeper):
        assert "status" not in _loose(front), front
    valid = metadata.front_matter(["---", "status: Final", "authors:", '  - "@a"', "meta:", "  status: Draft", "---"])
    assert _values(valid) == {"status": "Final", "authors": ["@a"], "meta": {"status": "Draft"}}  # YAML: as YAML reads it

