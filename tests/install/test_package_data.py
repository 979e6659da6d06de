"""Every file provgraph reads at run time ships in the wheel: each non-Python file under provgraph/ is matched by a
package-data pattern of pyproject.toml (a query, a preset, the lock, the launcher's classes, a future asset)."""
from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_non_python_file_of_the_package_is_declared_package_data() -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    covered = {path for package, patterns in declared.items() for pattern in patterns
               for path in (ROOT / package.replace(".", "/")).glob(pattern)}
    undeclared = [str(path.relative_to(ROOT)) for path in sorted((ROOT / "provgraph").rglob("*"))
                  if path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts
                  and path not in covered]
    assert not undeclared, f"add to [tool.setuptools.package-data] in pyproject.toml: {undeclared}"
