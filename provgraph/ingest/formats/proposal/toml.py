"""A proposal as provgraph.toml text: one `[[store]]` table, everything else a `#` comment.

The values a declaration holds are text, lists of text and tables of them; each text is written as a TOML basic
string (JSON's escapes are TOML's), so the output parses whatever a file name or a field name holds. A word
provgraph cannot read is written as a comment, with its count and why, for the user to give it a word.
"""
from __future__ import annotations

import json
import re
from typing import Any, Iterable

from provgraph.ingest.formats.proposal.words import Word

_BARE = re.compile(r"[A-Za-z0-9_-]+")


def store_toml(store: dict[str, Any], head: Iterable[str], words: list[Word]) -> str:
    """The `[[store]]` table `store` ({name, kind, path, record, words}) as TOML, `head` as comments above it."""
    lines = [_comment(line) for line in head]
    lines.append("[[store]]")
    lines += [f"{key} = {_value(store[key])}" for key in ("name", "kind", "path")]
    lines[-1] += "  # relative to provgraph.toml: this assumes it sits in the current folder"
    record = dict(store["record"])
    tables = {key: record.pop(key) for key in ("fields", "patterns", "skip") if key in record}
    lines += ["", "[store.record]"] + [f"{_key(key)} = {_value(value)}" for key, value in record.items()]
    for key, table in tables.items():
        lines += ["", f"[store.record.{key}]"] + [f"{_key(name)} = {_literal(value) if key == 'patterns' else _value(value)}"
                                                  for name, value in table.items()]
    lines += ["", "[store.words]"]
    for word in words:
        said = f"{word.records} record{'s' if word.records != 1 else ''}" + (f"; check: {word.unsure}" if word.unsure else "")
        if word.definition is not None:
            said += (f"; read by the log's own definition ({word.definition.where})" if word.by_definition
                     else f"; defined in {word.definition.where}") + f": {json.dumps(word.definition.shown, ensure_ascii=False)}"
        entry = f"{_key(word.phrase)} = {_value(word.reads_as)}" if word.reads_as else f"# {_key(word.phrase)} = \"?\""
        lines.append(f"{entry}  {_comment(said)}")
    return "\n".join(lines) + "\n"


def _comment(text: str) -> str:
    return "# " + " ".join(text.split())


def _key(name: str) -> str:
    return name if _BARE.fullmatch(name) else _string(name)


def _string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")  # DEL: JSON leaves it, TOML refuses it


def _literal(text: str) -> str:
    """A regex as a TOML literal string (no escapes to double), when it holds no quote or line break to escape."""
    return f"'{text}'" if "'" not in text and "\n" not in text and "\x7f" not in text else _string(text)


def _value(value: Any) -> str:
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    raise TypeError(f"a declaration holds text and lists of text, not {type(value).__name__}")
