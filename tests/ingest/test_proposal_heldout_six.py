"""General reading defects the sixth held-out check found in the record-format reader and the proposer (issue 55,
bench/HISTORY.md "A sixth fresh check"): samples of public logs in tests/fixtures/proposal_heldout6/ (SOURCES.md says
where from), read by a declaration and by provgraph's own proposal as `ingest files` would read them. Pure (no
database)."""
from __future__ import annotations

from pathlib import Path

import pytest

from ingest_run import FIXTURES
from proposal_claims import MD, WHEN, read_as_claims

from provgraph import propose_format
from provgraph.base.errors import InputError
from provgraph.ingest import lifecycle, placeholders
from provgraph.ingest.formats import metadata
from provgraph.ingest.formats.declaration import declared
from provgraph.ingest.formats.proposal.words import phrase_of
from provgraph.ingest.formats.reader import Version, read_record
from provgraph.ingest.records import IngestOptions, Observation

SAMPLES = FIXTURES / "proposal_heldout6"
GRPC = SAMPLES / "grpc"


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")


def test_bullets_under_a_title_of_any_level_are_read_up_to_the_next_heading() -> None:
    # grpc/proposal: A79 opens with `## A79: ...` then `*   Status: Final`; the others' title sits over `----`
    assert metadata.bullets(_lines(GRPC / ("A79-non-per-call-metrics-architecture" + MD)))["status"] == \
        metadata.Field("Final", 5)
    assert metadata.bullets(_lines(GRPC / ("A36-xds-for-servers" + MD)))["status"].value == "Ready for Implementation"
    assert metadata.bullets(["# T", "* Status: Draft", "## Notes", "* Status: Final"])["status"].value == "Draft"
    assert metadata.bullets(["* Status: Draft", "", "## Abstract", "* Owner: x"]) == {
        "status": metadata.Field("Draft", 1)}  # bullets before the first heading: none read under it
    assert metadata.bullets(["T", "---", "", "Text.", "", "## Abstract", "* Status: Final"]) == {}
    fmt = declared({"records": ["[AGLP][0-9]*-*" + MD], "metadata": ["bullets"], "fields": {"status": "Status"}})
    relpath = "A79-non-per-call-metrics-architecture" + MD
    read = read_record(fmt, Version(relpath, WHEN), (GRPC / relpath).read_bytes(), IngestOptions(store="s"))
    observed = next(record for record in read.records if isinstance(record, Observation))
    assert read.source_only is None and [claim.declared for claim in observed.claims] == ["accepted"]


def _edges(fmt_table: dict[str, object], root: Path, relpath: str) -> list[tuple[str, str, str]]:
    read = read_record(declared(fmt_table), Version(relpath, WHEN), (root / relpath).read_bytes(),
                       IngestOptions(store="s"))
    observed = next(record for record in read.records if isinstance(record, Observation))
    return [(edge.kind, edge.from_ref, edge.to_ref) for edge in observed.edges]


BUILDPACKS = {"records": ["[0-9][0-9][0-9][0-9]-*" + MD], "metadata": ["bullets", "file-name"], "id": "RFC {id:04}",
              "aliases": ["RFC{id:04}", "RFC-{id:04}", "RFC {id}"],
              "fields": {"id": "file-number", "status": "Status", "replaces": "Supersedes"}}


def test_a_link_to_a_records_url_names_that_record_by_its_path_else_by_its_text() -> None:
    # buildpacks/rfcs: RFC 0122 `Supersedes: [RFC 0118](https://github.com/buildpacks/rfcs/blob/main/text/0118-...)`
    root = SAMPLES / "buildpacks" / "text"
    assert _edges(BUILDPACKS, root, "0122-2023H2-roadmap" + MD) == [
        ("SUPERSEDES", "RFC 0122", "0118-2023H1-roadmap" + MD)]  # the record's path: an alias of RFC 0118
    other_glob = {**BUILDPACKS, "records": ["rfc-*" + MD]}  # the URL's file is no record name: its text names it
    assert _edges(other_glob, root, "0122-2023H2-roadmap" + MD) == [("SUPERSEDES", "RFC 0122", "RFC 0118")]
    folder = SAMPLES / "buildpacks"  # a record one folder down: the URL's last two parts are its path
    nested = {**BUILDPACKS, "records": ["text/[0-9]*" + MD]}
    assert _edges(nested, folder, "text/0093-remove-shell-processes" + MD) == [
        ("SUPERSEDES", "RFC 0093", "text/0045-launcher-arguments" + MD)]
    lines = ["# Meta", "- Status: Approved", "- Supersedes: [rfcs#7](https://github.com/buildpacks/rfcs/pull/7)"]
    fmt = declared(BUILDPACKS)
    read = read_record(fmt, Version("0200-x" + MD, WHEN), "\n".join(lines).encode(), IngestOptions(store="s"))
    observed = next(record for record in read.records if isinstance(record, Observation))
    assert [edge.to_ref for edge in observed.edges] == ["https://github.com/buildpacks/rfcs/pull/7"]  # names none


def test_a_status_that_lists_the_logs_words_between_commas_is_a_placeholder() -> None:
    # cilium/design-cfps' template `**Status:** Implementable, Released, Dormant, Declined`; gRPC's unfilled
    # `{Draft, In Review, Ready for Implementation, Implemented}`
    assert placeholders.placeholder("Implementable, Released, Dormant, Declined")
    assert placeholders.placeholder("{Draft, In Review, Ready for Implementation, Implemented}")
    assert not placeholders.placeholder("Accepted, Implemented")  # a record may state two
    assert not placeholders.placeholder("Accepted, implemented in 3.1, released")  # not a list of words alone
    fmt = declared({"records": ["CFP-*" + MD], "metadata": [], "patterns": {"status": r"^\*\*Status:\*\*\s*(.+)$"}})
    relpath = "cfps/CFP-003-template" + MD
    read = read_record(fmt, Version(relpath, WHEN), (SAMPLES / "cilium" / relpath).read_bytes(), IngestOptions(store="s"))
    assert read.source_only == "its status is a template's placeholder"
    grpc = declared({"records": ["[AGLP][0-9]*-*" + MD], "metadata": ["bullets"], "fields": {"status": "Status"},
                     "words": {"ready for implementation": "accepted"}})
    relpath = "A103-xds-composite-filter" + MD
    read = read_record(grpc, Version(relpath, WHEN), (GRPC / relpath).read_bytes(), IngestOptions(store="s"))
    assert read.source_only == "its status is a template's placeholder"  # was read as Draft


def test_a_status_phrase_of_several_words_is_proposed_whole_by_its_meaning() -> None:
    # gRPC: `Ready for Implementation` was proposed as `ready = "proposed"`, from its first word
    assert [phrase_of(text) for text in ("Ready for Implementation", "Waiting for Approval", "Stalled since 2020")] == [
        "ready for implementation", "waiting for approval", "stalled"]
    assert lifecycle.canonical("Implementation in progress") == "accepted"
    proposal = propose_format(GRPC)
    readings = {word.phrase: word.reads_as for word in proposal.words}
    assert readings["ready for implementation"] == "accepted" and "ready" not in readings
    claims = read_as_claims(proposal, GRPC)
    assert claims["A36-xds-for-servers" + MD][1] == "accepted"


def test_the_proposed_pattern_reads_a_value_on_the_next_line_and_under_a_heading() -> None:
    # cilium/design-cfps: CFP-32810 `**Status:**`, a blank line, `Implementable`; CFP-36975 `## Status`, then it
    root = SAMPLES / "cilium"
    proposal = propose_format(root)
    assert "status" in proposal.store_table()["record"]["patterns"]
    claims = read_as_claims(proposal, root)
    assert claims["cilium/CFP-32810-hybrid-routing-mode" + MD] == ("CFP-32810", "accepted")
    assert claims["cilium/CFP-36975-configuration-profiles" + MD] == ("CFP-36975", "accepted")
    assert claims["cilium/CFP-14339-cilium-mtu-model" + MD] == ("CFP-14339", "on-hold")  # `Dormant[^a]`
    assert "cfps/CFP-003-template" + MD not in claims  # the template lists every word: a placeholder
    fmt = declared({"records": ["*" + MD], "metadata": [], "patterns": proposal.store_table()["record"]["patterns"]})
    read = read_record(fmt, Version("x" + MD, WHEN), b"**Status:**\n\n## Summary\n\nText.\n", IngestOptions(store="s"))
    assert read.source_only == "no match of the status pattern"  # a heading is no value


def test_a_folder_of_several_series_proposes_the_one_chosen_and_names_a_command_that_works() -> None:
    # gRPC's root: A1.., L1.., G1, P1 numbered each on its own; the check: line suggested the same command again.
    # Unchosen, the series side by side are one store (tests/ingest/test_proposal_series.py)
    proposal = propose_format(GRPC)
    assert proposal.record["records"] == ["A[0-9]*" + MD, "L[0-9]*" + MD] and proposal.series
    chosen = propose_format(GRPC, name="grpc-l", series="L[0-9]*" + MD)
    assert chosen.record["records"] == ["L[0-9]*" + MD]
    assert set(read_as_claims(chosen, GRPC)) == {"L1-cpp-stream-coalescing" + MD, "L23-node-protobufjs-library" + MD,
                                                 "L7-go-metadata-api" + MD}
    assert any(doubt.endswith(f"--series 'A[0-9]*{MD}' --name grpc-a") for doubt in chosen.doubts)
    with pytest.raises(InputError, match="no series of records has this glob"):
        propose_format(GRPC, series="X[0-9]*" + MD)


def test_the_proposal_declares_a_link_field_whose_values_link_records_by_url() -> None:
    # buildpacks/rfcs: `Supersedes: [RFC 0118](https://github.com/.../text/0118-...)`, or the template's instruction
    root = SAMPLES / "buildpacks" / "text"
    proposal = propose_format(root)
    assert proposal.store_table()["record"]["fields"]["supersedes"] == "supersedes"
    assert not any("supersedes is not declared" in doubt for doubt in proposal.doubts)
