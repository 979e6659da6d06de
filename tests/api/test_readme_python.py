"""The README's Python section runs as written (doctest) against the real test server, from the repository root."""
from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

from provgraph.api import Provgraph

ROOT = Path(__file__).resolve().parents[2]


def _python_section() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```pycon\n(.*?)```", section, re.S)
    assert len(blocks) == 1, "the README's Python section has one pycon block"
    return blocks[0]


def test_the_readme_python_section_runs_as_written(story: Provgraph, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # its paths are relative to the repository root, as after a fresh clone
    source = _python_section()
    assert len(source.strip().splitlines()) <= 16
    test = doctest.DocTestParser().get_doctest(source, {}, "README.md#python", str(ROOT / "README.md"), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted >= 8 and result.failed == 0
