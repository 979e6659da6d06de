"""The common search terms (boilerplate that weighs nothing in a suspect pair) are kept at write time: every ingest
that writes claims keeps what the live computation gives at that moment, so a suspects lookup reads one node and
never scans the store, and the pairs it finds are the pairs the live terms give."""
from __future__ import annotations

import json
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

from cli_helpers import run

from provgraph.engine.stored_status import lock
from provgraph.engine.suspect_terms import common_terms, live_common_terms, replace_common_terms
from provgraph.engine.suspects import HITS, PER_CLAIM, keep_pending, refresh, suspects
from provgraph.graph.connection import Graph, Tx
from provgraph.graph.schema import install_schema, mark_unkept_suspects

BOILERPLATE = "We record architecture decisions as lightweight records following Michael Nygard's template {n}"
TEMPLATE = "Platform guild notice: "  # every record of every store starts with it: a term of many claims
FILLERS = 6  # records per store that share nothing but the template with any other
TOPICS = ["Payment events go through Kafka topics with idempotent producers and seven day retention",
          "Payment events go through Kafka topics with idempotent producers and thirty day retention",
          "Web sessions live in Redis with a one hour expiry keyed by a signed cookie"]


def _reader(graph: Graph):  # type: ignore[no-untyped-def]
    return graph.read


def _log(folder: Path, store: str, month: int, topic: str) -> Path:
    path = folder / f"{store}.jsonl"
    entries = [{"ts": f"2025-{month:02d}-01T09:00:00Z", "id": f"{store}-intro", "msg": BOILERPLATE.format(n="")},
               {"ts": f"2025-{month:02d}-15T09:00:00Z", "id": f"{store}-own", "msg": TEMPLATE + topic}]
    entries += [{"ts": f"2025-{month:02d}-{20 + n}T09:00:00Z", "id": f"{store}-filler{n}",
                 "msg": TEMPLATE + f"{store}{n}apple {store}{n}pear {store}{n}plum"} for n in range(FILLERS)]
    path.write_text("".join(json.dumps(entry) + "\n" for entry in entries), encoding="utf-8")
    return path


def _ingest(path: Path, store: str) -> None:
    result = run("ingest", "logs", str(path), "--format", "jsonl", "--store", store)
    assert result.exit_code == 0, result.output


def _kept(graph: Graph) -> list[str] | None:
    rows = graph.read("suspect_common_terms_kept")
    return None if not rows else sorted(rows[0]["terms"])


def test_every_ingest_that_writes_claims_keeps_the_terms_the_live_computation_gives(graph: Graph, tmp_path: Path) -> None:
    _ingest(_log(tmp_path, "alpha", 1, TOPICS[0]), "alpha")
    assert _kept(graph) == sorted(live_common_terms(_reader(graph))) == []  # 8 claims: too few for a term to be common
    for month, (store, topic) in enumerate(zip(["beta", "gamma"], TOPICS[1:]), start=2):
        _ingest(_log(tmp_path, store, month, topic), store)
        assert _kept(graph) == sorted(live_common_terms(_reader(graph)))
    kept = _kept(graph)
    assert kept is not None and {"platform", "guild", "notice"} <= set(kept) and "kafka" not in kept, kept
    pairs = {(s.earlier, s.later) for s in suspects(graph)}
    assert ("alpha-own", "beta-own") in pairs
    assert not {pair for pair in pairs if all(side.endswith("-intro") for side in pair)}, pairs  # restatements
    assert not {pair for pair in pairs if all("-filler" in side for side in pair)}, pairs  # only the template shared


def test_re_ingest_of_unchanged_input_leaves_the_kept_terms_untouched(graph: Graph, tmp_path: Path) -> None:
    paths = {store: _log(tmp_path, store, month, topic)
             for month, (store, topic) in enumerate(zip(["alpha", "beta", "gamma"], TOPICS), start=1)}
    for store, path in paths.items():
        _ingest(path, store)
    before = graph.read("MATCH (k:SuspectTerms) RETURN k.computed_at AS t")[0]["t"]
    _ingest(paths["alpha"], "alpha")
    assert graph.read("MATCH (k:SuspectTerms) RETURN k.computed_at AS t")[0]["t"] == before


def test_with_no_terms_kept_suspects_computes_them_live_and_finds_the_same_pairs(graph: Graph, tmp_path: Path) -> None:
    for month, (store, topic) in enumerate(zip(["alpha", "beta", "gamma"], TOPICS), start=1):
        _ingest(_log(tmp_path, store, month, topic), store)
    kept_terms, kept_pairs = common_terms(_reader(graph)), [s.to_dict() for s in suspects(graph)]
    graph.write("MATCH (c:Claim) SET c.search_version = 0")  # as an older provgraph wrote them
    install_schema(graph)  # an upgrade re-fills the search fields: the kept terms are forgotten
    assert _kept(graph) is None
    assert common_terms(_reader(graph)) == kept_terms
    assert [s.to_dict() for s in suspects(graph)] == kept_pairs


def test_a_schema_install_that_changes_no_search_field_keeps_the_terms(graph: Graph, tmp_path: Path) -> None:
    for month, (store, topic) in enumerate(zip(["alpha", "beta", "gamma"], TOPICS), start=1):
        _ingest(_log(tmp_path, store, month, topic), store)
    kept = _kept(graph)
    install_schema(graph)  # `provgraph init` again on a current store
    assert kept is not None and _kept(graph) == kept


def test_reset_forgets_the_kept_terms(graph: Graph, tmp_path: Path) -> None:
    _ingest(_log(tmp_path, "alpha", 1, TOPICS[0]), "alpha")
    assert _kept(graph) is not None
    assert run("reset", "--yes").exit_code == 0
    assert _kept(graph) is None


def _lookups(graph: Graph) -> dict[str, list[str]]:
    return {row["uid"]: row["hits"] for row in graph.read("MATCH (c:Claim) RETURN c.uid AS uid, c.suspect_hits AS hits")}


def _pairs(graph: Graph) -> list[tuple[str, str]]:
    rows = graph.read("MATCH (l:Claim)-[:MAY_REVISE]->(e:Claim) RETURN e.uid AS e, l.uid AS l ORDER BY e, l")
    return [(row["e"], row["l"]) for row in rows]


def _wait_for_a_transaction_blocked_on_a_lock(graph: Graph, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if graph.read("SHOW TRANSACTIONS YIELD status WHERE status STARTS WITH 'Blocked' RETURN count(*) AS n")[0]["n"]:
            return
        time.sleep(0.05)
    raise AssertionError(f"no transaction waited for a lock within {seconds} s")


def test_a_pass_keeps_nothing_of_lookups_other_kept_terms_outdated_and_looks_the_claims_up_again(
        graph: Graph, tmp_path: Path) -> None:
    """The race keep_pending closes, made to happen: another ingest keeps other common terms after a pass's lookups
    ran and before its keep step holds the write lock. The claims the pass looked up still owe a lookup then, so
    that ingest marks none of them (suspects_mark_common); the step must keep nothing and look them up again."""
    for month, (store, topic) in enumerate(zip(["alpha", "beta", "gamma"], TOPICS), start=1):
        _ingest(_log(tmp_path, store, month, topic), store)
    terms = _kept(graph)
    assert terms and "platform" in terms
    refresh(graph)  # the clean run: every claim looked up with `terms` kept
    clean_lookups, clean_pairs = _lookups(graph), _pairs(graph)
    assert clean_pairs
    # every claim owes a lookup, and the terms kept are none: what a pass starts from when another ingest is about
    # to keep `terms`
    mark_unkept_suspects(graph, every=True)
    moment = datetime.now(timezone.utc)
    graph.transaction(lambda tx: (lock(tx, moment, changes=False), replace_common_terms(tx, [], moment)), write=True)
    stale = {row["uid"]: row["hits"] for row in graph.read("suspect_lookups", {
        "claims": sorted(clean_lookups), "hits": max(HITS, PER_CLAIM + 1), "common": []})}
    assert stale != clean_lookups  # the pass's lookups with no terms left out: keeping them would show below

    failures: list[BaseException] = []

    def the_pass() -> None:
        try:
            keep_pending(graph)
        except BaseException as error:  # noqa: BLE001 -- reported by the test below
            failures.append(error)

    worker = threading.Thread(target=the_pass, daemon=True)

    def another_ingest_keeps_terms(tx: Tx) -> None:
        lock(tx, moment, changes=False)  # held until this transaction commits
        if not worker.is_alive() and worker.ident is None:
            worker.start()
        # the pass has looked up every claim with none left out and waits for the lock to keep those lookups
        _wait_for_a_transaction_blocked_on_a_lock(graph)
        replace_common_terms(tx, terms, moment)

    graph.transaction(another_ingest_keeps_terms, write=True)
    worker.join(timeout=300)
    assert not worker.is_alive() and not failures, failures
    assert _kept(graph) == terms
    assert _lookups(graph) == clean_lookups and _pairs(graph) == clean_pairs
    assert graph.read("MATCH (c:Claim) WHERE c:SuspectsPending OR c:SuspectsRelook OR c:SuspectsPairs "
                      "RETURN count(c) AS n")[0]["n"] == 0
