"""`provgraph suspects`: which unlinked pairs are suggested, which never are, and how a person settles them."""
from __future__ import annotations

import json
from pathlib import Path

from suspects_helpers import CACHE_1, CACHE_2, OTHERS, entry, ingest_log, pairs, run

from provgraph.engine.adjudication import distinguish, revoke
from provgraph.engine.status import status
from provgraph.engine.suspects import suspects
from provgraph.graph.connection import Graph


def test_a_later_claim_saying_the_same_thing_unlinked_is_suspected_with_the_shared_terms(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, CACHE_2])
    found = suspects(graph)
    assert pairs(found) == [("cache-1", "cache-2")]
    [suspect] = found
    assert {"session", "cache", "redis", "expiry"} <= set(suspect.terms)
    assert 0.5 <= suspect.score <= 1.0 and suspect.rank == 1
    assert suspect.earlier_at < suspect.later_at
    # both stay ACTIVE: a suspect changes no status until someone confirms it
    assert {row.claim: row.status for row in status(graph, ["cache-1", "cache-2"])} == {"cache-1": "ACTIVE", "cache-2": "ACTIVE"}


def test_a_pair_linked_by_any_edge_is_not_a_suspect(graph: Graph, tmp_path: Path) -> None:
    for verb in ("supersedes", "corrects", "depends_on", "conflicts_with"):
        ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, entry(CACHE_2, **{verb: ["cache-1"]})], store=verb, name=f"{verb}.jsonl")
        assert suspects(graph) == [], verb
        graph.write("MATCH (n) DETACH DELETE n")


def test_a_chain_of_recorded_revisions_is_not_suspected_end_to_end(graph: Graph, tmp_path: Path) -> None:
    middle = {"ts": "2025-03-15T09:00:00Z", "id": "cache-1b", "scope": "org/acme/payments", "supersedes": ["cache-1"],
              "msg": "Session cache stays on Redis; session expiry is 15 minutes for payments services"}
    ingest_log(graph, tmp_path, [CACHE_1, middle, *OTHERS, entry(CACHE_2, supersedes=["cache-1b"])])
    assert ("cache-1", "cache-2") not in pairs(suspects(graph))


def test_an_earlier_claim_already_retired_by_another_is_nobodys_earlier_side(graph: Graph, tmp_path: Path) -> None:
    retiring = {"ts": "2025-03-15T09:00:00Z", "id": "infra-7", "scope": "org/acme/payments", "supersedes": ["cache-1"],
                "msg": "The payments team drops its own cache layer; the platform team owns caching from now on"}
    ingest_log(graph, tmp_path, [CACHE_1, retiring, *OTHERS, CACHE_2])
    assert status(graph, ["cache-1"])[0].status == "STALE"
    assert ("cache-1", "cache-2") not in pairs(suspects(graph))


def test_a_dismissed_pair_never_returns_until_the_dismissal_is_revoked(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, CACHE_2])
    result = run("adjudicate", "--distinct", "cache-1", "cache-2", "--why", "different clusters", "--by", "reviewer")
    assert result.exit_code == 0, result.output
    uid = result.stdout.strip()
    assert uid.startswith("adj:")
    assert suspects(graph) == []
    # a dismissal changes no status
    assert {row.status for row in status(graph, ["cache-1", "cache-2"])} == {"ACTIVE"}
    # not after a re-ingest, more data, or the same claims written again with new bytes
    later = {"ts": "2025-07-01T09:00:00Z", "id": "tls-2", "scope": "org/acme/payments", "msg": "Internal endpoints also require TLS 1.3"}
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, entry(CACHE_2, msg=CACHE_2["msg"] + " now"), later])
    assert ("cache-1", "cache-2") not in pairs(suspects(graph))
    assert ("cache-1", "cache-2") not in pairs(suspects(graph, claims=["cache-1", "cache-2"]))
    # the same dismissal again is the one in force, not a second one
    assert distinguish(graph, "cache-2", "cache-1", by="reviewer")["adjudication"] == uid
    [stored] = graph.read("MATCH (a:Adjudication {uid: $uid}) RETURN a.kind AS kind, a.by AS by, a.why AS why, "
                          "COLLECT { MATCH (a)-[:DISTINGUISHES]->(c) RETURN c.uid ORDER BY c.uid } AS claims", {"uid": uid})
    assert stored == {"kind": "distinct", "by": "reviewer", "why": "different clusters", "claims": ["cache-1", "cache-2"]}
    assert run("adjudicate", "--revoke", uid).exit_code == 0
    assert ("cache-1", "cache-2") in pairs(suspects(graph))


def test_a_confirmed_suspect_becomes_superseded_and_leaves_the_list(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, CACHE_2])
    [suspect] = suspects(graph)
    result = run(*suspect.confirm_command().split()[1:], "--why", "same cache, new engine", "--by", "reviewer")
    assert result.exit_code == 0, result.output
    [row] = status(graph, ["cache-1"])
    assert (row.status, row.reason, row.successors) == ("STALE", "SUPERSEDED", ("cache-2",)) or \
        (row.status, row.reason, list(row.successors)) == ("STALE", "SUPERSEDED", ["cache-2"])
    assert suspects(graph) == []
    # revoking the confirmation brings the suspect back
    revoke(graph, result.stdout.strip())
    assert pairs(suspects(graph)) == [("cache-1", "cache-2")]


def test_scopes_that_do_not_overlap_are_never_suspects(graph: Graph, tmp_path: Path) -> None:
    elsewhere = entry(CACHE_2, scope="org/acme/search")
    sibling = entry(CACHE_2, id="cache-x", scope="org/acme/paymentsx")
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, elsewhere, sibling])
    assert suspects(graph) == []
    # a claim under the earlier one's scope overlaps it, and so does a global one
    ingest_log(graph, tmp_path, [entry(CACHE_2, id="cache-eu", scope="org/acme/payments/eu"),
                                 entry(CACHE_2, id="cache-all", ts="2025-06-03T09:00:00Z", scope="")], name="more.jsonl")
    assert set(pairs(suspects(graph))) >= {("cache-1", "cache-eu"), ("cache-1", "cache-all")}


def test_rivals_stay_rivals_and_are_not_suspects(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [entry(CACHE_1, subject="payments.session-cache", value="redis"), *OTHERS,
                                 entry(CACHE_2, subject="payments.session-cache", value="memcached")])
    assert suspects(graph) == []
    assert {row.claim: row.reason for row in status(graph, ["cache-1", "cache-2"])} == {
        "cache-1": "RIVAL_CLAIM", "cache-2": "RIVAL_CLAIM"}
    graph.write("MATCH (n) DETACH DELETE n")
    # a subject label on one side only is no rivalry: that is the unlinked revision suspects exists for
    ingest_log(graph, tmp_path, [entry(CACHE_1, subject="payments.session-cache", value="redis"), *OTHERS, CACHE_2])
    assert pairs(suspects(graph)) == [("cache-1", "cache-2")]


def test_since_scope_and_store_narrow_the_list(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, CACHE_2])
    assert pairs(suspects(graph, since="2025-06-01")) == [("cache-1", "cache-2")]
    assert suspects(graph, since="2025-06-03") == []
    assert pairs(suspects(graph, scope="org/acme")) == [("cache-1", "cache-2")]
    assert suspects(graph, scope="org/acme/search") == []
    assert pairs(suspects(graph, store="decisions")) == [("cache-1", "cache-2")]
    assert suspects(graph, store="elsewhere") == []


def test_at_most_three_suspects_per_earlier_claim(graph: Graph, tmp_path: Path) -> None:
    restatements = [entry(CACHE_2, id=f"cache-{n}", ts=f"2025-0{n}-02T09:00:00Z") for n in range(3, 9)]
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, *restatements])
    per_earlier: dict[str, int] = {}
    for s in suspects(graph):
        per_earlier[s.earlier] = per_earlier.get(s.earlier, 0) + 1
    assert per_earlier and max(per_earlier.values()) <= 3


def test_cli_formats_and_help(graph: Graph, tmp_path: Path) -> None:
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, CACHE_2])
    table = run("suspects")
    assert table.exit_code == 0 and "cache-1 -> cache-2" in table.stdout
    assert "provgraph adjudicate --keep cache-2 --retire cache-1" in table.stdout
    assert "provgraph adjudicate --distinct cache-1 cache-2" in table.stdout
    as_json = json.loads(run("suspects", "--format", "json").stdout)
    assert [(r["earlier"], r["later"]) for r in as_json] == [("cache-1", "cache-2")]
    assert run("suspects", "--format", "json").stdout == run("suspects", "--format", "json").stdout
    csv = run("suspects", "--format", "csv").stdout.splitlines()
    assert csv[0].startswith("earlier,later,score") and csv[1].startswith("cache-1,cache-2,")
    bad = run("suspects", "--since", "not a time")
    assert bad.exit_code == 2 and "Traceback" not in bad.output
    assert "--distinct A B" in run("adjudicate", "--help").stdout
    assert run("adjudicate", "--distinct", "cache-1", "cache-1").exit_code == 2
    assert run("adjudicate", "--distinct", "cache-1", "nope").exit_code == 2
    assert run("suspects", "--since", "2030-01-01").stdout.strip() == "no suspected unlinked revisions"


def test_ties_at_the_lookup_cut_are_broken_by_uid_so_ingest_order_changes_nothing(graph: Graph, tmp_path: Path) -> None:
    same = "Settlement webhooks retry with exponential backoff capped at one hour for every payments service"
    # 14 claims in two wordings of 7 (the same words are restatements, never a pair): a lookup from one keeps its 6
    # twins and 4 of the other wording's 7, all of equal score (it keeps 10)
    entries = [{"ts": f"2025-01-{day:02d}T09:00:00Z", "id": f"hook-{day:02d}", "scope": "org/acme/payments",
                "msg": f"{same} {'nightly' if day % 2 else 'daily'}"} for day in range(1, 15)]
    found = []
    for order in (entries, entries[::-1], entries[::2] + entries[1::2]):
        graph.write("MATCH (n) DETACH DELETE n")
        ingest_log(graph, tmp_path, order)
        found.append([s.to_dict() for s in suspects(graph, min_score=0.1)])  # the two wordings score ~0.45
    assert found[0] and found[0] == found[1] == found[2]


def test_a_keyed_entry_whose_message_says_no_more_than_its_key_and_value_has_rivals_not_suspects(
        graph: Graph, tmp_path: Path) -> None:
    from provgraph.engine.suspects import live
    from provgraph.graph.fulltext import free_text

    assert not free_text(None, "payments.retry", "5", "set payments.retry to 5")
    assert not free_text(None, "cfg.chain78", "v0", "set cfg.chain78 to v0 (step 0 of chain 78)")
    assert free_text(None, "payments.retry", "5", "payments.retry to 5: the gateway times out under load")
    assert free_text(None, None, None, "set payments.retry to 5") and free_text(None, "payments.retry", None, "retry")
    # the same words as a message that says more is suspected; as a key and a value with a bare message, it is not
    said_more = entry(CACHE_2, subject="payments.session-cache-engine", value="memcached")
    keyed = {"ts": "2025-06-03T09:00:00Z", "id": "cache-3", "scope": "org/acme/payments",
             "subject": "payments.session-cache-expiry", "value": "redis session cache 15 minutes",
             "msg": "set payments.session-cache-expiry to redis session cache 15 minutes"}
    ingest_log(graph, tmp_path, [CACHE_1, *OTHERS, said_more, keyed])
    assert pairs(suspects(graph)) == [("cache-1", "cache-2")]
    assert pairs(live(graph)) == [("cache-1", "cache-2")]
    [looked_up] = graph.read("MATCH (c:Claim {uid: 'cache-3'}) RETURN c.suspects_at IS NOT NULL AS looked_up, "
                             "c.search_free_text AS free")
    assert looked_up == {"looked_up": False, "free": False}
