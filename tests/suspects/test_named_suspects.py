"""A later record that names an earlier one in a sentence that says it takes its place ("This record replaces ADR 1")
is a suspect whatever its rank, provided the two are candidates (alike enough, shared terms); a record that only
mentions an earlier one is not made a suspect by that, and a declared link line is a link, never a mention."""
from __future__ import annotations

from pathlib import Path

from suspects_helpers import pairs

from provgraph.base.mentions import changed, mentions, names
from provgraph.engine.suspect_terms import common_terms
from provgraph.engine.suspects import params, suspects
from provgraph.graph.connection import Graph
from provgraph.ingest.pipeline import ingest

# python/peps, peps/pep-0440.rst at ba4deeb79 (public domain, as its Copyright section says), lines 716-717
PEP_440 = ("Due to the above, this PEP MUST be used for all versions of metadata and\n"
           "supersedes :pep:`386` even for metadata v1.2. Tools SHOULD ignore any versions")


def test_ids_and_record_files_are_named_by_prefix_and_number_or_file_name() -> None:
    assert names("gsp:ADR006-authentication-method.md", ["docs/adr/ADR006-authentication-method.md"]) == [
        "adr006-authentication-method", "adr6"]
    assert names("PEP-333", ["peps:peps/pep-0333.rst"]) == ["pep-0333", "pep333"]
    text = "Builds on PEP 333 and ADR-0004; see [DNS](../adr/0015-dns-infrastructure.md#decision). Python 3.8 is out."
    assert mentions(text) == ["0015-dns-infrastructure", "adr4", "pep333"]
    assert mentions("PEP 3333 updates PEP 333", own=names("PEP-3333")) == ["pep333"]  # its own name left out


def test_only_a_sentence_that_says_it_takes_the_place_of_a_record_changes_it() -> None:
    assert changed(PEP_440, own=names("PEP-440")) == ["pep386"]
    assert changed("This builds on PEP 557. Instead of a decorator, PEP 681 adds a base class.") == []
    assert changed("We revisit ADR-0004 here. ADR-0007 stays as it is.") == ["adr4"]


def _adr(folder: Path, number: int, title: str, date: str, context: str, decision: str) -> None:
    (folder / f"{number:04d}-record-{number}.md").write_text(
        f"# {number}. {title}\n\nDate: {date}\n\n## Status\n\nAccepted\n\n## Context\n\n{context}\n\n"
        f"## Decision\n\n{decision}\n", encoding="utf-8")


SESSIONS = "Sessions are kept in Memcached for thirty minutes behind the gateway, one node per region."
OUTAGE = ("Sessions move to Redis with persistence, thirty minutes of expiry, behind the gateway, replicated across "
          "regions so that an outage no longer logs everyone out.")


def _log(folder: Path, naming: str) -> None:
    folder.mkdir()
    _adr(folder, 1, "Session store", "2021-03-01", "We need somewhere to keep sessions.", SESSIONS)
    _adr(folder, 2, "Logging", "2021-04-01", "We need logs.", "Services write structured JSON lines to standard output.")
    _adr(folder, 3, "Deployments", "2021-05-01", "We need releases.", "Releases go out on Tuesdays through the pipeline.")
    _adr(folder, 5, "Session replicas", "2021-09-01", "Regions fail.",
         "Sessions are replicated to a second region every thirty minutes through the gateway.")
    _adr(folder, 4, "Surviving a regional outage", "2022-03-01", f"The March outage logged everyone out. {naming}", OUTAGE)


def test_a_later_record_that_says_it_replaces_an_earlier_one_is_a_suspect(graph: Graph, tmp_path: Path) -> None:
    _log(tmp_path / "adr", "This record replaces [ADR 1](0001-record-1.md).")
    ingest(graph, "files", tmp_path / "adr", store="adr")
    pair = ("adr:0001-record-1.md", "adr:0004-record-4.md")
    assert pair not in pairs(suspects(graph, names=False))  # its words alone do not make it one
    [suspect] = [s for s in suspects(graph) if (s.earlier, s.later) == pair]
    assert suspect.named == "changes"


def test_a_later_record_that_only_mentions_an_earlier_one_is_not_made_a_suspect_by_it(graph: Graph, tmp_path: Path) -> None:
    _log(tmp_path / "adr", "The session store of [ADR 1](0001-record-1.md) stays where it is for other products.")
    ingest(graph, "files", tmp_path / "adr", store="adr")
    pair = ("adr:0001-record-1.md", "adr:0004-record-4.md")
    assert pair not in pairs(suspects(graph))
    every = {**params(min_score=0.0, per_claim=10, common=common_terms(graph.read)), "close": 0.0}  # every candidate
    [candidate] = [row for row in graph.read("suspects", every) if (row["earlier"], row["later"]) == pair]
    assert candidate["named"] == "mentions"


def test_a_declared_link_line_is_a_link_and_not_a_mention(graph: Graph, tmp_path: Path) -> None:
    _log(tmp_path / "adr", "Nothing else changes.")
    later = tmp_path / "adr" / "0004-record-4.md"
    later.write_text(later.read_text(encoding="utf-8").replace("## Status\n\nAccepted\n",
                                                                 "## Status\n\nAccepted\n\nSupersedes [ADR 1](0001-record-1.md)\n"),
                     encoding="utf-8")
    ingest(graph, "files", tmp_path / "adr", store="adr")
    [row] = graph.read("MATCH (c:Claim {uid: 'adr:0004-record-4.md'}) RETURN c.search_mentions AS named, "
                       "EXISTS { (c)-[:SUPERSEDES]->(:Claim {uid: 'adr:0001-record-1.md'}) } AS linked")
    assert row["linked"] and "0001-record-1" not in (row["named"] or [])
    assert ("adr:0001-record-1.md", "adr:0004-record-4.md") not in pairs(suspects(graph, min_score=0.0, per_claim=10))
