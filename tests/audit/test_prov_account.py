"""PROV that carries the account (issue 23): each claim's status at the export's instant (and --at), each version's
declared word and path, git authors, committers and adjudicators as prov:Agent, and --store / --scope for a part;
read back with the `prov` library."""
from __future__ import annotations

import shutil

import pytest
from audit_story import Repo, adr, story
from cli_helpers import run
from prov.model import ProvActivity, ProvAgent, ProvAssociation, ProvAttribution, ProvDocument, ProvEntity, ProvUsage

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

NS = "urn:provgraph:"


@pytest.fixture
def told(graph, tmp_path):
    commits = story(tmp_path / "adr")
    other = Repo(tmp_path / "ops")
    other.commit({"0001-pager.md": adr(1, "Page on call", "Accepted", "Use a pager.")}, "2024-02-10T00:00:00+00:00", "dee")
    for path, store in ((tmp_path / "adr", "adr"), (tmp_path / "ops", "ops")):
        result = run("ingest", "files", str(path), "--git", "--store", store)
        assert result.exit_code == 0, result.output
    decided = run("adjudicate", "--keep", "adr:0003-retention.md", "--retire", "adr:0002-nats.md", "--by", "Grace Hopper",
                  "--why", "a test", "--at", "2024-05-01T00:00:00Z")
    assert decided.exit_code == 0, decided.output
    return commits


def _document(*options: str) -> ProvDocument:
    result = run("export", "--format", "prov-json", *options)
    assert result.exit_code == 0, result.output
    return ProvDocument.deserialize(content=result.output, format="json")


def _values(record, name: str) -> set[str]:
    return {str(value) for value in record.get_attribute(f"provgraph:{name}")}


def _entities(document: ProvDocument, kind: str) -> dict[str, ProvEntity]:
    return {next(iter(_values(r, "uid"))): r for r in document.get_records(ProvEntity)
            if f"provgraph:{kind}" in {str(t) for t in r.get_asserted_types()}}


def test_prov_round_trip_carries_statuses_words_paths_and_agents(graph, told):
    document = _document()
    claims = _entities(document, "Claim")
    assert (_values(claims["adr:0001-queues.md"], "status"), _values(claims["adr:0001-queues.md"], "reason")) == (
        {"STALE"}, {"SUPERSEDED"})
    assert _values(claims["adr:0001-queues.md"], "since") == {"2024-03-01T10:00:00Z"}
    assert _values(claims["adr:0002-nats.md"], "because_kind") == {"adjudication"}
    snapshots = _entities(document, "Snapshot")
    proposed = snapshots[f"adr:0003-retention.md@{told['propose']}"]
    rejected = snapshots[f"adr:0003-retention.md@{told['reject']}"]
    # Proposed -> Rejected with no link can be rebuilt from the words of the two versions
    assert (_values(proposed, "declared"), _values(rejected, "declared")) == ({"proposed"}, {"rejected"})
    assert _values(rejected, "path") == {"0003-retention.md"}
    agents = {str(label) for agent in document.get_records(ProvAgent) for label in agent.get_attribute("prov:label")}
    assert {"Ada Lovelace <ada@example.com>", "Bob Ross <bob@example.com>", "Cy Twombly <cy@example.com>",
            "Dee Merge <dee@example.com>", "Grace Hopper"} <= agents
    attributed = {(str(r.get_attribute("prov:entity").pop()), str(r.get_attribute("prov:agent").pop()))
                  for r in document.get_records(ProvAttribution)}
    assert any(entity.endswith(told["reject"]) and "Bob%20Ross" in agent for entity, agent in attributed)
    associated = {str(r.get_attribute("prov:agent").pop()) for r in document.get_records(ProvAssociation)}
    assert any("Grace%20Hopper" in agent for agent in associated) and any("Dee%20Merge" in a for a in associated)


def test_prov_at_a_past_instant_and_one_store(graph, told):
    past = _entities(_document("--at", "2024-02-15"), "Claim")
    assert _values(past["adr:0001-queues.md"], "status") == {"ACTIVE"}
    assert _values(past["adr:0001-queues.md"], "status_at") == {"2024-02-15T00:00:00Z"}
    ops = _document("--store", "ops")
    assert set(_entities(ops, "Claim")) == {"ops:0001-pager.md"}
    assert {str(label) for agent in ops.get_records(ProvAgent) for label in agent.get_attribute("prov:label")} == {
        "Dee Merge <dee@example.com>"}
    assert run("export", "--format", "prov-json", "--store", "nope").exit_code == 2


def test_prov_round_trip_carries_a_confirmed_link_as_an_adjudication_that_used_both_claims(graph, told):
    linked = run("adjudicate", "--depends-on", "ops:0001-pager.md", "adr:0002-nats.md", "--by", "Grace Hopper",
                 "--why", "the pager rides on NATS", "--at", "2024-05-02T00:00:00Z")
    assert linked.exit_code == 0, linked.output
    uid = linked.stdout.strip()
    for document in (_document(), _document("--store", "ops")):
        [activity] = [r for r in document.get_records(ProvActivity) if _values(r, "uid") == {uid}]
        assert _values(activity, "kind") == {"depends_on"}
        used = {(str(r.get_attribute("prov:entity").pop()), str(r.get_attribute("prov:role").pop()),
                 str(r.get_attribute("provgraph:kind").pop()))
                for r in document.get_records(ProvUsage) if str(r.get_attribute("prov:activity").pop()) == str(activity.identifier)}
        assert used == {("provgraph:claim/ops%3A0001-pager.md", "provgraph:source", "depends_on"),
                        ("provgraph:claim/adr%3A0002-nats.md", "provgraph:target", "depends_on")}
        associated = {str(r.get_attribute("prov:agent").pop()) for r in document.get_records(ProvAssociation)
                      if str(r.get_attribute("prov:activity").pop()) == str(activity.identifier)}
        assert associated == {"provgraph:agent/Grace%20Hopper"}
