"""`provgraph ingest --config provgraph.toml`: the stores a nightly job ingests, in one file.

    [[store]]
    name = "adr"            # store name (default: from the path)
    kind = "files"          # files | tickets | logs | cards
    path = "docs/adr"       # relative to the config file
    scope = "org/acme"      # default scope for records that carry none
    git = true              # files: walk git history
    format = "jira-csv"     # tickets: github | jira-csv | jira-json; logs: jsonl | logfmt
    policy = "latest-wins"  # logs: write-time adjudication
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from provgraph.errors import InputError

KINDS = ("files", "tickets", "logs", "cards")
_KEYS = {"name", "kind", "path", "scope", "git", "format", "policy"}


@dataclass(frozen=True)
class StoreConfig:
    kind: str
    path: Path
    name: str | None = None
    scope: str = ""
    fmt: str = "default"
    policy: str | None = None


def load_config(path: Path) -> list[StoreConfig]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(path, "no such file") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise InputError(path, f"not valid TOML: {error}") from None
    entries = data.get("store")
    if not isinstance(entries, list) or not entries:
        raise InputError(path, "expected one or more [[store]] tables")
    stores = []
    for number, entry in enumerate(entries, 1):
        if not isinstance(entry, dict):
            raise InputError(path, f"store #{number} is not a table")
        unknown = set(entry) - _KEYS
        if unknown:
            raise InputError(path, f"store #{number}: unknown key(s) {', '.join(sorted(unknown))}")
        kind = entry.get("kind")
        if kind not in KINDS:
            raise InputError(path, f"store #{number}: kind must be one of {', '.join(KINDS)}")
        if not isinstance(entry.get("path"), str):
            raise InputError(path, f"store #{number}: path is required")
        fmt = "git" if kind == "files" and entry.get("git") else entry.get("format", _default_format(kind))
        stores.append(StoreConfig(
            kind=kind,
            path=(path.parent / entry["path"]).resolve(),
            name=entry.get("name"),
            scope=str(entry.get("scope", "")),
            fmt=str(fmt),
            policy=entry.get("policy"),
        ))
    return stores


def _default_format(kind: str) -> str:
    return {"tickets": "github", "logs": "jsonl"}.get(kind, "default")
