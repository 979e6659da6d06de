"""The Python call: `provgraph.verify(...)` without the CLI, and `import provgraph` stays cheap."""
from __future__ import annotations

import subprocess
import sys


def test_import_provgraph_does_not_load_verify_or_the_cli() -> None:
    code = ("import sys, provgraph; "
            "print(sorted(m for m in sys.modules if m in ('provgraph.engine.verify', 'provgraph.engine.adjudication', 'provgraph.cli')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_provgraph_verify_is_callable_before_and_after_its_module_is_imported() -> None:
    code = (
        "import provgraph\n"
        "assert callable(provgraph.verify) and callable(provgraph.adjudicate)\n"
        "import provgraph.engine.verify, provgraph.engine.adjudication, provgraph.cli\n"
        "assert callable(provgraph.verify) and callable(provgraph.adjudicate) and callable(provgraph.revoke)\n"
        "from provgraph import verify, verify_batch, Verdict\n"
        "print(provgraph.engine.verify.TERMINALS[-1])\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "SUPPORTED_BY_CURRENT_SOURCE"
