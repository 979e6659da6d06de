"""One status vocabulary for every ingester (provgraph/ingest/lifecycle.py)."""
from __future__ import annotations

import pytest

from provgraph.ingest.lifecycle import CANONICAL, canonical, declared_word


@pytest.mark.parametrize(("text", "word"), [
    ("On hold", "on-hold"), ("status: paused", None), ("Paused", "on-hold"), ("Deferred until Q3", "on-hold"),
    ("Postponed", "on-hold"), ("Suspended", "on-hold"),
    ("Pending", "proposed"), ("Open", "proposed"), ("In review", "proposed"), ("WIP", "proposed"),
    ("Approved", "accepted"), ("Adopted", "accepted"), ("Agreed", "accepted"), ("Decided 2024-01-01", "accepted"),
    ("Obsolete", "deprecated"), ("Retired", "deprecated"), ("Replaced", "superseded"),
    ("Replaced by [3](0003-x.md)", "superseded"), ("Withdrawn", "withdrawn"),
    ("✅ **Accepted**", "accepted"), ("~~Accepted~~ Superseded", "superseded"), ("Amended", "amended"),
    ("Ongoing.", None), ("Discussed by @x", None), ("", None), (None, None),
])
def test_common_status_vocabulary_maps_to_canonical_words(text, word):
    assert canonical(text) == word
    assert canonical(text) is None or canonical(text) in CANONICAL


@pytest.mark.parametrize(("text", "declared"), [
    ("Ongoing.", "ongoing"), ("Discussed by @x", "discussed by @x"), ("On hold", "on-hold"), ("  ", None), (None, None),
])
def test_an_unrecognised_status_word_is_kept_as_written_for_the_row_to_show(text, declared):
    assert declared_word(text) == declared
