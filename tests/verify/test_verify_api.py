"""`import provgraph` stays cheap: the API and the engine load on first use, and the names resolve before and after."""
from __future__ import annotations

import subprocess
import sys


def test_import_provgraph_does_not_load_verify_the_api_or_the_cli() -> None:
    code = ("import sys, provgraph; "
            "print(sorted(m for m in sys.modules if m in ('provgraph.engine.verify', 'provgraph.engine.adjudication', "
            "'provgraph.api', 'provgraph.cli')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_provgraph_names_resolve_before_and_after_their_modules_are_imported() -> None:
    code = (
        "import provgraph\n"
        "assert callable(provgraph.connect) and provgraph.Provgraph.verify\n"
        "import provgraph.api, provgraph.engine.verify, provgraph.cli\n"
        "assert provgraph.connect is provgraph.api.connect and provgraph.Verdict is provgraph.engine.verify.Verdict\n"
        "from provgraph import connect, Provgraph, Verdict, ClaimStatus, Lineage\n"
        "print(provgraph.engine.verify.TERMINALS[-1], sorted(provgraph.__all__) == sorted(set(dir(provgraph)) & set(provgraph.__all__)))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "SUPPORTED_BY_CURRENT_SOURCE True"


def test_an_unknown_name_is_an_attribute_error() -> None:
    result = subprocess.run([sys.executable, "-c", "import provgraph; provgraph.verify"], capture_output=True, text=True)
    assert result.returncode == 1 and "has no attribute 'verify'" in result.stderr
