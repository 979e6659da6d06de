"""The integrations are optional: without their library, importing one says which extra to install."""
from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize(("module", "library", "extra"), [
    ("provgraph.integrations.langchain", "langchain_core", "provgraph[langchain]"),
    ("provgraph.integrations.llamaindex", "llama_index", "provgraph[llamaindex]"),
])
def test_an_integration_without_its_library_names_the_extra_to_install(module: str, library: str, extra: str) -> None:
    code = f"import sys; sys.modules[{library!r}] = None\nimport {module}"  # None: as if not installed
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 1 and f"pip install '{extra}'" in done.stderr.strip().splitlines()[-1]
