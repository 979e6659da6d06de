"""Plain status words the default vocabulary reads (issue 55: a survey of 63 logs' proposals, bench/HISTORY.md), the
words it leaves unread on purpose and says why, and the definitions whose cues read a word retired or dormant. The
definitions are written in lines of our own after the logs' (crossplane's design/README, Tor's proposal 001).
Pure but the last (real Neo4j)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from provgraph import propose_format
from provgraph.graph.connection import Graph
from provgraph.ingest import lifecycle
from provgraph.ingest.formats.proposal.words import words
from provgraph.ingest.pipeline import ingest

DESIGN = Path(__file__).resolve().parents[2] / "docs" / "design.md"
MD = ".md"  # kept apart: the docs test reads a quoted name ending .md as a file of the repository


@pytest.mark.parametrize(("text", "word"), [
    # kept as it stands, or released as a standard: in force
    ("Finished", "accepted"), ("Informational", "accepted"), ("Meta", "accepted"), ("Memorandum", "accepted"),
    ("Standard", "accepted"), ("Executed", "accepted"), ("Rollout", "accepted"),
    # not yet decided
    ("Exploratory", "proposed"), ("Speculative", "proposed"), ("Prototype", "proposed"), ("Prototyped", "proposed"),
    ("LastCall", "proposed"), ("Peer Review", "proposed"),
    ("Needs-Revision", "draft"), ("Needs revision", "draft"), ("Needs-Research", "draft"), ("Draught", "draft"),
    ("Stalled", "on-hold"),
    # no longer in force, or never
    ("Defunct", "deprecated"), ("Historic", "deprecated"), ("Removed", "deprecated"), ("Moved", "superseded"),
    ("Dead", "withdrawn"), ("Reverted", "withdrawn"), ("Dropped", "withdrawn"),
])
def test_a_plain_status_word_logs_use_reads_by_its_plain_meaning(text: str, word: str) -> None:
    assert lifecycle.canonical(text) == word


def test_finished_and_dead_are_flagged_with_the_reading_tors_proposals_give_them() -> None:
    assert lifecycle.CONTESTED["finished"][1] == "proposed"
    assert lifecycle.CONTESTED["dead"][1] == "on-hold"


@pytest.mark.parametrize("text", ["Candidate", "Recommended", "New", "Unknown", "Formal Assessment",
                                  "Waiting-for-implementation", "April Fool!", "Demonstrated"])
def test_a_word_logs_read_differently_is_left_unread_and_says_why(text: str) -> None:
    reading = lifecycle.read_word(text)
    assert reading is not None and reading.origin == "unrecognised"
    assert lifecycle.why_unread(reading.phrase)


def test_an_unread_words_longer_phrase_is_still_read_by_its_known_words() -> None:
    # DIPs' `Formal Assessment Postponed` is on hold by its last word, though `formal assessment` is left unread
    (word,) = words(["Formal Assessment Postponed"])
    assert word.reads_as == "on-hold"


def test_the_spec_lists_every_word_left_unread_with_its_reason() -> None:
    design = DESIGN.read_text(encoding="utf-8")
    section = design.split("**Words left unread.**", 1)[1].split("\n\n**", 1)[0]
    rows = dict(re.findall(r"^\| ([^|]+?) \| ([^|]+?) \|$", section, re.MULTILINE))
    rows.pop("word", None)
    assert rows == dict(lifecycle.UNREAD)


def _log(folder: Path, statuses: list[str], readme: str) -> Path:
    folder.mkdir()
    (folder / "README.md").write_text(f"# Designs\n\n{readme}\n", encoding="utf-8")
    for number, state in enumerate(statuses, start=1):
        (folder / f"design-{number:03}{MD}").write_text(f"# Design {number}\n\n* Owner: Ada\n* Status: {state}\n\n"
                                                        "## Background\n\nText.\n", encoding="utf-8")
    return folder


def test_a_proposal_says_why_a_word_is_left_unread(tmp_path: Path) -> None:
    proposal = propose_format(_log(tmp_path / "design", ["Candidate", "Draft", "Draft", "Accepted"], "Designs."))
    (line,) = [line for line in proposal.to_toml().splitlines() if line.startswith('# candidate = "?"')]
    assert "leaves 'candidate' unread (logs differ: accepted in BEPs" in line
    assert "candidate" not in proposal.store_table()["words"]


@pytest.mark.parametrize("definition", [
    "* _Archived_ designs are kept for historical reasons, but do not reflect the current state of the code.",
    "* _Archived_ designs no longer reflect how the code works.",
    "* _Archived_: the design is no longer supported.",
])
def test_a_word_defined_as_no_longer_current_is_read_retired_by_its_definition(tmp_path: Path, definition: str) -> None:
    proposal = propose_format(_log(tmp_path / "design", ["Archived", "Archived", "Draft", "Accepted"], definition))
    (archived,) = [word for word in proposal.words if word.phrase == "archived"]
    assert (archived.reads_as, archived.by_definition, archived.unsure) == ("deprecated", True, None)


@pytest.mark.parametrize(("definition", "reading"), [
    ("It is in force, and no longer a draft.", "accepted"),  # "no longer" alone is no cue
    ("It is not kept for historical reasons.", None),  # a negated cue points nowhere
    ("Kept for historical reasons, it may be revived.", None),  # two readings: none
])
def test_a_retiring_cue_needs_its_words_and_no_negation(definition: str, reading: str | None) -> None:
    assert lifecycle.reading_by_cue(definition, lifecycle.CANONICAL) == reading


def test_a_word_defined_as_able_to_become_open_again_is_dormant_not_given_up(tmp_path: Path) -> None:
    definition = ('* Dead: The proposal has not been touched in a long time. It can become "Open" again if it gets a '
                  "new proponent.")
    proposal = propose_format(_log(tmp_path / "design", ["Dead", "Dead", "Open", "Accepted"], definition))
    (dead,) = [word for word in proposal.words if word.phrase == "dead"]
    assert (dead.reads_as, dead.by_definition) == ("on-hold", True)
    assert lifecycle.canonical("Dead") == "withdrawn"  # the plain meaning, when no definition says otherwise


def test_the_ingest_summary_says_why_a_word_is_left_unread(graph: Graph, tmp_path: Path) -> None:
    store = tmp_path / "s"
    store.mkdir()
    (store / "1.md").write_text("---\nstatus: Candidate\n---\n# One\n\n## Decision\n\nWe do one.\n", encoding="utf-8")
    summary = ingest(graph, "files", store, store="s")
    assert ("  words       Candidate 1 -> not recognised (UNKNOWN UNRECOGNISED_STATUS; left unread: logs differ: "
            "accepted in BEPs (the review passed), for the council to decide in GIPs)") in summary.text_lines()
    (word,) = json.loads(summary.to_json())["words"]
    assert word["from"] == "unrecognised" and word["unread_because"] == lifecycle.UNREAD["candidate"]
