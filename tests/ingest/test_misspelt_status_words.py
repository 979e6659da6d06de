"""A status word its authors misspelt (issue 55: `implemeted`, `Superceeded by`, `Implementated`): one slip from a
known word of at least seven letters, starting alike, it is proposed as that word's reading, marked unsure with the
spelling it was read as; the ingest leaves it unread and its summary names the `--word` that would read it. A word
that is another word, or shares only a start with one, is never read so. Samples of our own making; the summary on
real Neo4j."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run as cli

from provgraph.engine.status import status
from provgraph.graph.connection import Graph
from provgraph.ingest.formats.proposal.words import words
from provgraph.ingest.spelling import misspelt


def _read(texts: list[str]) -> dict[str, tuple[str | None, str | None]]:
    return {word.phrase: (word.reads_as, word.unsure) for word in words(texts)}


@pytest.mark.parametrize(("written", "known", "reading"), [
    ("implemeted", ("implemented",), "accepted"),  # a letter dropped (Open Cluster Management)
    ("superceeded", ("superceded",), "superseded"),  # a letter doubled (GOV.UK PaaS)
    ("implementated", ("implemented",), "accepted"),  # `at` of `-ation` slipped in before `-ed` (SSWG)
    ("withdrwan", ("withdrawn",), "withdrawn"),  # two letters swapped
    ("obsolate", ("obsolete",), "deprecated"),  # a vowel written as another
])
def test_a_word_one_slip_from_a_known_word_is_read_as_that_word(written: str, known: tuple[str, ...], reading: str) -> None:
    found = misspelt(written)
    assert found is not None and (found.known, found.reading) == (known, reading)


@pytest.mark.parametrize("written", [
    "publish",  # shares `publi` with `public review`: no one-word known word, and another word
    "protoxep",  # runs on past `proto...`
    "reversed",  # a consonant replaced: another word, not `reverted`
    "deplored",  # likewise, not `deployed`
    "blockaded",  # `ad` starts no ending: not `block-ad-ed`
    "unresolved",  # a prefix: the opposite of `resolved`, not one slip from it
    "unapproved",
    "stabel",  # two letters swapped, but `stable` is under seven letters: too near too many words to tell
    "drifting",  # a vowel within the first five letters: another word, not `drafting`
    "infirmative",  # likewise, not `informative`
    "ready-for-release",  # not one word
])
def test_a_word_that_is_another_word_or_shares_only_a_start_is_not_read_by_its_spelling(written: str) -> None:
    assert misspelt(written) is None


def test_the_proposal_reads_a_misspelt_word_as_the_known_word_marked_unsure_with_the_spelling_named() -> None:
    read = _read(["Implemented", "implemeted", "Superceeded by [ADR033](x.md)", "Implementated", "publish"])
    assert read["implemeted"][0] == "accepted" and "'implemented' misspelt" in str(read["implemeted"][1])
    assert read["superceeded"][0] == "superseded" and "'superceded' misspelt" in str(read["superceeded"][1])
    assert read["implementated"][0] == "accepted" and "'implemented' misspelt" in str(read["implementated"][1])
    assert read["publish"][0] is None and "misspelt" not in str(read["publish"][1])
    assert read["implemented"] == ("accepted", None)


def _record(folder: Path, name: str, status_text: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(f"---\nstatus: {status_text}\n---\n# {name}\n\n## Decision\n\nWe do {name}.\n")


def test_the_ingest_leaves_a_misspelt_word_unread_and_its_summary_names_the_word_option_that_reads_it(
        graph: Graph, tmp_path: Path) -> None:
    store = tmp_path / "enhancements"
    _record(store, "0001-a.md", "implemented")
    _record(store, "0002-b.md", "implemeted")
    text = cli("ingest", "files", str(store), "--store", "enh").output
    line = next(line for line in text.splitlines() if "implemeted 1" in line)
    assert line.startswith("  words       implemeted 1 -> not recognised (UNKNOWN UNRECOGNISED_STATUS; spelt one slip "
                           "from 'implemented', which reads accepted) -- to read it so: --word 'implemeted=accepted'")
    assert '[store.words] implemeted = "accepted"' in line
    found = {row.claim: (row.status, row.reason) for row in status(graph)}
    assert found["enh:0002-b.md"] == ("UNKNOWN", "UNRECOGNISED_STATUS")
    as_json = {word["word"]: word for word in
               json.loads(cli("ingest", "files", str(store), "--store", "enh", "-o", "json").output)["words"]}
    assert as_json["implemeted"] == {"word": "implemeted", "phrase": "implemeted", "records": 1, "read_as": None,
                                     "from": "unrecognised", "misspelling_of": ["implemented"], "its_reading": "accepted",
                                     "change": "--word 'implemeted=accepted'",
                                     "config": '[store.words] implemeted = "accepted"'}
    cli("ingest", "files", str(store), "--store", "enh", "--word", "implemeted=accepted")
    found = {row.claim: (row.status, row.reason) for row in status(graph)}
    assert found["enh:0002-b.md"] == ("ACTIVE", "CURRENT")
