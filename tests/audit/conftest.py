"""The audit story (audit_story.py) ingested with --git as store `adr`: the fixture the account and changes tests share."""
from __future__ import annotations

import pytest
from audit_story import story
from cli_helpers import run


@pytest.fixture
def told(graph, tmp_path):
    commits = story(tmp_path / "adr")
    result = run("ingest", "files", str(tmp_path / "adr"), "--git", "--store", "adr")
    assert result.exit_code == 0, result.output
    return commits
