"""The reader defects the fourteenth and fifteenth held-out checks found (issue 55, bench/HISTORY.md "The fourteenth and
fifteenth checks' reader defects mended"), each as a general rule on samples written here. Pure (no database)."""
from __future__ import annotations

from pathlib import Path

from proposal_claims import MD, WHEN

from provgraph import propose_format
from provgraph.ingest.formats.declaration import NO_VALUE, VALUE_ROLES, declared, presets
from provgraph.ingest.formats.reader import Version, read_record
from provgraph.ingest.records import IngestOptions, Observation

_FRONT = "---\n{fields}\n---\n\n# {title}\n\nWhat the proposal says.\n"


def _read(table: dict[str, object], relpath: str, text: str) -> Observation:
    read = read_record(declared(table), Version(relpath, WHEN), text.encode(), IngestOptions(store="s"))
    return next(record for record in read.records if isinstance(record, Observation))


def test_a_value_role_no_field_is_declared_for_is_read_from_the_field_of_its_own_name() -> None:
    table = {"records": ["sip-*.md"], "metadata": ["front-matter"], "id": "SIP-{id}",
             "fields": {"id": "sip", "title": "title", "date": "created"}}
    text = _FRONT.format(fields="sip: 7\ntitle: Quiet fees\nStatus: Final\ncreated: 2024-03-02", title="Quiet fees")
    observed = _read(table, "sip-7.md", text)
    assert observed.unclaimed is None
    assert observed.claims[0].uid == "SIP-7" and observed.claims[0].declared == "accepted"
    unnamed = _read({"records": ["sip-*.md"], "metadata": ["front-matter"]}, "sip-8.md",
                    _FRONT.format(fields="id: 8\nstatus: Draft\ndate: 2024-05-01", title="Loud fees"))
    assert unnamed.claims[0].uid == "8" and unnamed.claims[0].asserted_at is not None
    for fmt in presets().values():  # the presets name every value role, or read by the adr conventions
        assert fmt.is_markdown_adr or all(fmt.read_names(role) == fmt.names(role) for role in VALUE_ROLES)


def test_a_number_with_a_note_or_a_title_after_it_names_that_number_through_the_id_template() -> None:
    fmt = declared({"records": ["bsip-*.md"], "metadata": ["header-block"], "id": "BSIP {id}",
                    "fields": {"id": "bsip", "status": "status", "superseded_by": "superseded-by"}})
    assert fmt.titled_uid("0038 (partly)") == "BSIP 38" and fmt.titled_uid("12: Smaller blocks") == "BSIP 12"
    assert fmt.titled_uid("2024 was the year") is None
    text = "    BSIP: 0035\n    Status: Installed\n    Superseded-By: 0038 (partly)\n\n# Fees\n"
    observed = _read({"records": ["bsip-*.md"], "metadata": ["header-block"], "id": "BSIP {id}",
                      "fields": {"id": "bsip", "superseded_by": "superseded-by"}}, "bsip-0035.md", text)
    assert [(edge.kind, edge.from_ref, edge.to_ref) for edge in observed.edges] == [("SUPERSEDES", "BSIP 38", "BSIP 35")]


def test_na_and_the_other_words_for_no_value_name_no_record_for_the_reader_and_the_proposer(tmp_path: Path) -> None:
    assert {"none", "n/a", "na", "-", "~", "null", "tbd"} <= NO_VALUE
    for number in range(1, 7):
        replaces = "0001 (in part)" if number == 2 else ("NA", "None", "-", "TBD", "n/a", "NA")[number - 1]
        fields = f"chip: {number}\ntitle: Chip {number}\nstatus: Final\nreplaces: {replaces}\nsuperseded-by: NA"
        (tmp_path / f"chip-{number:04}{MD}").write_text(_FRONT.format(fields=fields, title=f"Chip {number}"))
    proposal = propose_format(tmp_path)
    record = proposal.store_table()["record"]
    assert record["fields"]["replaces"] == "replaces"
    assert not any("'NA'" in doubt for doubt in proposal.doubts)
    table = {**record, "fields": {**record["fields"], "superseded_by": "superseded-by"}}
    for number in (1, 3, 6):
        path = f"chip-{number:04}{MD}"
        assert _read(table, path, (tmp_path / path).read_text()).edges == ()
    second = _read(table, f"chip-0002{MD}", (tmp_path / f"chip-0002{MD}").read_text())
    assert [(edge.from_ref, edge.to_ref) for edge in second.edges] == [(second.claims[0].uid, declared(table).uid("1"))]
