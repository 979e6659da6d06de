"""One folder holding several series of records, each numbered on its own (grpc/proposal's `A27-...md`, `L27-...md`,
`G1-...md`): the file-name place's `file-id`, and the proposal that reads every series in one store (issue 55).
Samples in tests/fixtures/proposal_series/, written in lines of our own (SOURCES.md). Pure (no database)."""
from __future__ import annotations

from ingest_run import FIXTURES
from proposal_claims import MD, WHEN, read_as_claims

from provgraph import propose_format
from provgraph.ingest.formats import metadata
from provgraph.ingest.formats.declaration import declared
from provgraph.ingest.formats.reader import Version, read_record
from provgraph.ingest.records import IngestOptions, Observation

SAMPLES = FIXTURES / "proposal_series"
SERIES = SAMPLES / "one_folder"
STRAY = SAMPLES / "one_series_stray"


def test_the_file_name_place_gives_the_name_up_to_its_number_as_the_file_id() -> None:
    assert metadata.file_name("A27-xds-global" + MD) == {"file-number": metadata.Field("27"),
                                                         "file-id": metadata.Field("A27")}
    assert metadata.file_name("kip-0015" + MD)["file-id"] == metadata.Field("kip-0015")
    assert metadata.file_name("0042-x" + MD)["file-id"] == metadata.Field("0042")
    assert metadata.file_name("keps/sig-x/1029-quotas/README" + MD)["file-id"] == metadata.Field("1029")
    assert metadata.file_name("ideas/xxx-ipv6-x.txt")["file-id"] == metadata.Field("6")  # no series: the number
    assert metadata.file_name("README" + MD) == {}


def test_a_declared_file_id_names_records_of_two_series_with_one_number_apart() -> None:
    fmt = declared({"records": ["[AGL][0-9]*" + MD], "metadata": ["bullets", "file-name"], "id": "{id}",
                    "aliases": ["XRFC {id}"], "fields": {"id": "file-id", "status": "Status", "amended_by": "Updated by"}})
    claims = {}
    for relpath in ("A1-retry-budget" + MD, "G1-binary-headers" + MD, "L1-c-logging" + MD, "L2-java-config" + MD):
        read = read_record(fmt, Version(relpath, WHEN), (SERIES / relpath).read_bytes(), IngestOptions(store="s"))
        observed = next(record for record in read.records if isinstance(record, Observation))
        claims[relpath] = observed
    assert [observed.claims[0].uid for observed in claims.values()] == ["A1", "G1", "L1", "L2"]
    assert "XRFC L1" in claims["L1-c-logging" + MD].claims[0].aliases
    assert [(edge.from_ref, edge.to_ref) for edge in claims["L2-java-config" + MD].edges] == [("XRFC L1", "L2")]


def test_a_folder_of_several_series_is_proposed_as_one_store_naming_each_record_by_series_and_number() -> None:
    proposal = propose_format(SERIES)
    record = proposal.store_table()["record"]
    assert record["records"] == ["A[0-9]*" + MD, "G[0-9]*" + MD, "L[0-9]*" + MD]
    assert "file-name" in record["metadata"] and record["fields"]["id"] == "file-id"
    assert record["id"] == "{id}" and record["aliases"] == ["XRFC {id}"]  # `XRFC A1` as the texts cite them
    assert record["fields"]["amended_by"] == "updated by"
    assert proposal.to_dict()["series"] == [{"series": "A", "records": 3, "globs": ["A[0-9]*" + MD]},
                                            {"series": "G", "records": 2, "globs": ["G[0-9]*" + MD]},
                                            {"series": "L", "records": 2, "globs": ["L[0-9]*" + MD]}]
    toml = proposal.to_toml()
    assert f"A 3 records (A[0-9]*{MD}); G 2 records (G[0-9]*{MD}); L 2 records (L[0-9]*{MD})\n" in toml
    assert "# series: 3 series in one folder" in toml and "another series" not in toml
    claims = read_as_claims(proposal, SERIES)
    assert {path: uid for path, (uid, _) in claims.items()} == {
        "A1-retry-budget" + MD: "A1", "A2-hedged-calls" + MD: "A2", "A3-hedging-limits" + MD: "A3",
        "G1-binary-headers" + MD: "G1", "G2-third-transport" + MD: "G2", "L1-c-logging" + MD: "L1",
        "L2-java-config" + MD: "L2"}


def test_a_folder_of_one_series_with_a_few_files_named_otherwise_is_not_split() -> None:
    # rfc-0001 ... rfc-0004 and two strays, draft-0002 and draft-0003: no series counted from its start
    proposal = propose_format(STRAY)
    assert proposal.store_table()["record"]["records"] == ["rfc-[0-9]*" + MD]
    assert proposal.series == [] and "series:" not in proposal.to_toml() and "series" not in proposal.to_dict()
    assert any("another series" in doubt and "draft-[0-9]*" + MD in doubt for doubt in proposal.doubts)


def test_series_whose_records_number_themselves_within_their_series_are_named_by_their_file_ids(tmp_path) -> None:
    # `Number: 1` in A1 and in B1: a number field names two records; the file names' letters keep them apart, unless
    # an id field writes the letters too (`ID: B1`)
    for name in ("A1-a", "A2-b", "A3-c", "B1-d", "B2-e"):
        number = name.split("-")[0][1:]
        (tmp_path / (name + MD)).write_text(f"Number: {number}\nStatus: Accepted\n\nText.\n", encoding="utf-8")
    proposal = propose_format(tmp_path)
    assert proposal.store_table()["record"]["fields"]["id"] == "file-id"
    assert sorted(uid for uid, _ in read_as_claims(proposal, tmp_path).values()) == ["A1", "A2", "A3", "B1", "B2"]
    for file in tmp_path.iterdir():
        file.write_text(f"ID: {file.name.split('-')[0]}\nStatus: Accepted\n\nText.\n", encoding="utf-8")
    proposal = propose_format(tmp_path)
    assert proposal.series and proposal.store_table()["record"]["fields"]["id"] == "id"
    assert sorted(uid for uid, _ in read_as_claims(proposal, tmp_path).values()) == ["A1", "A2", "A3", "B1", "B2"]


def test_choosing_a_series_still_proposes_that_series_alone() -> None:
    chosen = propose_format(SERIES, name="x-l", series="L[0-9]*" + MD)
    assert chosen.store_table()["record"]["records"] == ["L[0-9]*" + MD] and chosen.series == []
    assert set(read_as_claims(chosen, SERIES)) == {"L1-c-logging" + MD, "L2-java-config" + MD}


def test_a_link_by_a_series_id_with_its_title_or_as_a_reference_link_names_that_record() -> None:
    # grpc/proposal: `* Updated by: [gRFC A108: OpenTelemetry Custom Per-Call Metric` (the link goes on past the line),
    # `* Updated by: [gRFC A115][A115])` (a reference link, its target defined below)
    fmt = declared({"records": ["[AGL][0-9]*" + MD], "metadata": ["bullets", "file-name"], "aliases": ["XRFC {id}"],
                    "fields": {"id": "file-id", "status": "Status", "amended_by": "Updated by"}})
    assert fmt.named_uid("XRFC A2") == "A2" and fmt.named_uid("A2") == "A2" and fmt.named_uid("in A2") is None
    assert fmt.titled_uid("A2: Hedged calls") == "A2" and fmt.titled_uid("XRFC A2 (Hedged calls)") == "A2"
    by_path = declared({"records": ["*" + MD], "metadata": ["bullets"], "fields": {"status": "Status"}})
    assert by_path.named_uid("A2") is None and by_path.titled_uid("A2: Hedged calls") is None  # no id: by paths

    def amended_by(line: str) -> list[str]:
        text = f"Title\n----\n* Status: Final\n{line}\n\n[A3]: A3-hedging-limits.md\n"
        read = read_record(fmt, Version("L9-x" + MD, WHEN), text.encode(), IngestOptions(store="s"))
        observed = next(record for record in read.records if isinstance(record, Observation))
        return [edge.from_ref for edge in observed.edges]

    assert amended_by("* Updated by: [XRFC A2: Hedged calls in one") == ["A2"]
    assert amended_by("* Updated by: [XRFC A3][A3])") == ["XRFC A3"]  # an alias of A3, as written
    assert amended_by("* Updated by: [A2: Hedged calls](A2-hedged-calls.md)") == ["A2-hedged-calls" + MD]  # its path
