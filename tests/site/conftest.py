"""Fixtures for the decision-site tests: headless Chromium (tests/chromium_helpers.py) and a built site of the story."""
from __future__ import annotations

from pathlib import Path

import pytest
from chromium_helpers import browser, page  # noqa: F401 - the headless-Chromium fixtures

from provgraph.api import Provgraph

STORY = Path(__file__).resolve().parents[2] / "examples" / "story"


@pytest.fixture(scope="module")
def story_site(story: Provgraph, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The story's site, with the citations `provgraph scan` finds in its code."""
    out = tmp_path_factory.mktemp("site")
    story.scan([STORY / "src"], config=STORY / "provgraph.toml")
    story.site(out, title="Acme decisions")
    return out
