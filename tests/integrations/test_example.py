"""examples/retrieval_filter.py runs against the test server and prints the transcript docs/python.md shows."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from provgraph.api import Provgraph

ROOT = Path(__file__).resolve().parents[2]


def test_the_retrieval_filter_example_prints_the_documented_transcript(story: Provgraph) -> None:
    env = dict(os.environ, NEO4J_URI=story.settings.uri)
    done = subprocess.run([sys.executable, str(ROOT / "examples" / "retrieval_filter.py")], env=env, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    docs = (ROOT / "docs" / "python.md").read_text(encoding="utf-8")
    transcript = re.findall(r"```\n(question: .*?)```", docs, re.S)
    assert transcript == [done.stdout]
