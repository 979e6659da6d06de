"""Helpers for the report tests (a module name of its own: every test folder has a conftest)."""
from __future__ import annotations

from typing import Any


def changed(data: dict[str, Any], kind: str) -> list[str]:
    return [row["claim"] for row in data["changes"][kind]]
