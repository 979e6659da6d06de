"""`provgraph ingest --config provgraph.toml`: the stores a nightly job ingests, in one file.

    [[store]]
    name = "adr"            # store name (default: from the path)
    kind = "files"          # files | tickets | logs | cards
    path = "docs/adr"       # relative to the config file
    scope = "org/acme"      # default scope for records that carry none
    git = true              # files: walk git history
    format = "jira-csv"     # tickets: github | jira-csv | jira-json; logs: jsonl | logfmt
    policy = "latest-wins"  # logs: write-time adjudication
    include = ["README.md"]    # files: read these even if a default or exclude glob leaves them out
    exclude = ["drafts/*"]  # files: leave these out too (templates and index pages are left out by default)
    dayfirst = true         # files: read an ambiguous Date line such as 10/04/18 day-first (false: month-first)
    format = "pep"          # files: the record format preset (adr, the default; pep; kep)
    [store.record]          # files: declare the format, over the preset (provgraph/ingest/formats/declaration.py)
    records = ["*.txt"]
    metadata = ["block"]    # front-matter, header-block, block, field-list, lines, bullets, table, headings, ...
    section = "Preamble"    # read the metadata under this heading only
    fields = { status = "State" }
    patterns = { date = '^Created:\\s*(\\S+)' }   # role -> regex with one group: the last resort
    [store.words]           # files: the store's own status words
    living = "accepted"
    cite = ["PEP[- ]?0*(?P<number>\\d+)"]  # how code and docs cite this store's records (`provgraph scan`): regexes,
                            # or {pattern = "...", id = "PEP-{number}"} to map a match's named groups to the record id
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from provgraph.base.errors import InputError, UsageError
from provgraph.ingest import formats
from provgraph.ingest.formats.declaration import toml_table

KINDS = ("files", "tickets", "logs", "cards")
_KEYS = {"name", "kind", "path", "scope", "git", "format", "policy", "include", "exclude", "dayfirst", "record", "words",
         "cite"}
_FILES_KEYS = {"include", "exclude", "dayfirst", "record", "words"}


@dataclass(frozen=True)
class StoreConfig:
    kind: str
    path: Path
    name: str | None = None
    scope: str = ""
    fmt: str = "default"
    policy: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    cite: tuple[tuple[str, str | None], ...] = ()  # (regex, id template or None): `provgraph scan`'s declared patterns


def record_table(preset: str | None = None, fields: Any = (), records: Any = (), words: Any = (),
                 table: dict[str, Any] | None = None, *, metadata: Any = (), section: str | None = None,
                 patterns: Any = (), id: str | None = None) -> dict[str, Any] | None:
    """The store's record format declaration as a table (None: the default, adr), from a [store.record] table and
    the command line's `--preset`, `--field ROLE=NAME` (a role given twice: either name),
    `--records GLOB`, `--word 'PHRASE=WORD'`, `--metadata KIND`,
    `--section NAME`, `--pattern ROLE=REGEX`, `--id TEMPLATE`. Checked here."""
    declared: dict[str, Any] = dict(table or {})
    if preset:
        declared["preset"] = preset
    for key, value in (("records", records), ("metadata", metadata)):
        if value:
            declared[key] = list(value)
    for key, text in (("section", section), ("id", id)):
        if text is not None:
            declared[key] = text
    for option, given in (("fields", fields), ("words", words), ("patterns", patterns)):
        pairs: dict[str, Any] = dict(given) if isinstance(given, dict) else {}
        for name, value in ([] if isinstance(given, dict) else [_pair(item, option) for item in given]):
            if option == "fields" and name in pairs:  # `--field id=CAP --field id=SEP`: either name carries it
                value = [*pairs[name], value] if isinstance(pairs[name], list) else [pairs[name], value]
            pairs[name] = value
        if pairs:
            declared[option] = {**declared.get(option, {}), **pairs}
    if not declared:
        return None
    formats.declared(declared)  # a bad declaration is refused before anything is read
    return declared


def _pair(item: str, option: str) -> tuple[str, str]:
    name, equals, value = item.partition("=")
    if not equals or not name.strip() or not value.strip():
        raise UsageError(f"--{option.rstrip('s')} expects NAME=VALUE (got {item!r})")
    return name.strip(), value.strip()


def files_options(include: Any = (), exclude: Any = (), dayfirst: bool | None = None,
                  record: dict[str, Any] | None = None) -> dict[str, Any]:
    """The files ingester's options from the CLI or a [[store]] table (see provgraph.ingest.selection)."""
    options: dict[str, Any] = {}
    if record:
        options[formats.OPTION] = record
    if include:
        options["include"] = list(include)
    if exclude:
        options["exclude"] = list(exclude)
    if dayfirst is not None:
        options["date_order"] = "dayfirst" if dayfirst else "monthfirst"
    return options


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
        record = None
        if kind == "files":
            fmt = "git" if entry.get("git") else "default"
            try:
                record = record_table(entry.get("format"), table=toml_table(entry.get("record"), "record", " ([store.record])"),
                                      words=toml_table(entry.get("words"), "words", " ([store.words])"))
            except UsageError as error:
                raise InputError(path, f"store #{number}: {error}") from None
        given = _FILES_KEYS & set(entry)
        if given and kind != "files":
            raise InputError(path, f"store #{number}: {', '.join(sorted(given))} only apply to kind = \"files\"")
        for key in ("include", "exclude"):
            value = entry.get(key, [])
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise InputError(path, f"store #{number}: {key} must be a list of glob strings")
        if "dayfirst" in entry and not isinstance(entry["dayfirst"], bool):
            raise InputError(path, f"store #{number}: dayfirst must be true or false")
        stores.append(StoreConfig(
            kind=kind,
            path=(path.parent / entry["path"]).resolve(),
            name=entry.get("name"),
            scope=str(entry.get("scope", "")),
            fmt=str(fmt),
            policy=entry.get("policy"),
            options=files_options(entry.get("include"), entry.get("exclude"), entry.get("dayfirst"), record),
            cite=_cite_patterns(path, number, entry.get("cite", [])),
        ))
    return stores


def _cite_patterns(path: Path, number: int, value: Any) -> tuple[tuple[str, str | None], ...]:
    items = value if isinstance(value, list) else [value]
    patterns = []
    for item in items:
        pattern, template = (item.get("pattern"), item.get("id")) if isinstance(item, dict) else (item, None)
        if not isinstance(pattern, str) or not (template is None or isinstance(template, str)):
            raise InputError(path, f"store #{number}: cite must be a list of regexes or {{pattern, id}} tables")
        try:
            re.compile(pattern)
        except re.error as error:
            raise InputError(path, f"store #{number}: cite {pattern!r} is not a regex: {error}") from None
        patterns.append((pattern, template))
    return tuple(patterns)


def _default_format(kind: str) -> str:
    return {"tickets": "github", "logs": "jsonl"}.get(kind, "default")
