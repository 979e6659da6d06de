"""Finding the citations of decisions in a text: ids as whole tokens, links to record files, declared patterns.

The known ids (every claim's uid and aliases) are compiled once into one regular expression whose alternatives
share their prefixes (a trie written as a regex), so a text is read once however many ids there are. An id counts
only where it stands as a whole token: not inside a longer word or number (`XADR-0001`, `ADR-00012`), not as part
of a version string (`dec-2.5`, `v1.dec-2`) and not inside a path or a URL (`/ADR-0001`, `user@ADR-0001`).
Ids that are plain words or plain numbers (`ledger`, `42`) would match ordinary text, so they are not looked for
(`Vocabulary.unmatchable` counts them). A link or path to a record's file (`../adr/0001-x.md#decision`) is
resolved against the citing file's folder, the scan root, or as the tail of a record file's path; a URL of
another site is not a path, but the URL of a record's file in the forge its work tree's remote names is
(forge.py). A store's declared patterns (`cite` in provgraph.toml) map each match to an id; a match counts unless
a letter, digit or `_` stands before it or a digit after it (the pattern says the rest).
"""
from __future__ import annotations

import bisect
import os
import re
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any, Iterable, Mapping

from provgraph.base.cites import CodeCitation
from provgraph.ingest.scan.forge import forge_files

_BEFORE = r"(?<!\w)(?<!\w[-.])(?<![/@\\])"
_AFTER = r"(?!\w)(?![-.]\w)"
_MATCHABLE = re.compile(r"(?=.*[A-Za-z])(?=.*[\d\-_:/#.@])", re.S)
_URL = re.compile(r"https?://[^\s<>\"'`()\[\]{}|\\^]+")
_PATH = re.compile(r"(?<![\w/.:@\\-])((?:\.{1,2}/|/)?(?:[\w.-]+/)*[\w-][\w.-]*\.[A-Za-z0-9]+)(#[\w.-]*)?(?![\w/])")


@dataclass(frozen=True)
class CitePattern:
    """A store's declared way its records are cited: a regex, and the id template its named groups fill
    (`PEP-{number}`; a group of digits is a number, so `{number:04d}` pads it). No template: the group `id`, else
    the whole match, is the id."""

    store: str
    pattern: re.Pattern[str]
    template: str | None = None

    def id_of(self, match: re.Match[str]) -> str:
        groups = {name: int(value) if value is not None and value.isdigit() else value
                  for name, value in match.groupdict().items()}
        if self.template:
            return self.template.format(**groups)
        return str(groups.get("id") or match.group(0))


@dataclass(frozen=True)
class Vocabulary:
    """What a citation can name: ids (uid or alias -> claim uid), record files (absolute '/'-path -> claim uids),
    the stores' declared patterns, and the forges record files are in (remote key -> work trees, forge.forges)."""

    ids: Mapping[str, str]
    files: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    patterns: tuple[CitePattern, ...] = ()
    forges: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def unmatchable(self) -> int:
        return sum(1 for name in self.ids if not _MATCHABLE.match(name))


def _trie(words: Iterable[str]) -> str:
    root: dict[str, Any] = {}
    for word in words:
        node = root
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}

    def regex(node: dict[str, Any]) -> str:
        branches = [re.escape(char) + regex(child) for char, child in sorted(node.items()) if char]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        if "" in node:
            return f"(?:{body})?" if len(branches) > 1 else (f"(?:{body})?" if len(body) > 1 else body + "?")
        return body

    return regex(root)


class Matcher:
    """The compiled vocabulary: `find(text, path)` gives the citations in a text, in order."""

    def __init__(self, vocabulary: Vocabulary) -> None:
        self.vocabulary = vocabulary
        words = sorted(name for name in vocabulary.ids if _MATCHABLE.match(name))
        self._ids = re.compile(f"{_BEFORE}({_trie(words)}){_AFTER}") if words else None
        self._by_name: dict[str, list[str]] = {}
        for path in vocabulary.files:
            self._by_name.setdefault(path.rsplit("/", 1)[-1], []).append(path)

    def find(self, text: str, path: str | None = None, root: str | None = None) -> list[CodeCitation]:
        """The citations in `text`; `path` (absolute) and `root` resolve relative links to record files."""
        starts = [0] + [m.end() for m in re.finditer("\n", text)]
        found: dict[int, CodeCitation] = {}

        def add(offset: int, written: str, name: str, claim: str | None, kind: str) -> None:
            line = bisect.bisect_right(starts, offset)
            found.setdefault(offset, CodeCitation(line, offset - starts[line - 1] + 1, written, name, claim, kind))

        if self._ids is not None:
            for match in self._ids.finditer(text):
                add(match.start(), match.group(1), match.group(1), self.vocabulary.ids[match.group(1)], "id")
        if self._by_name:
            for match in _PATH.finditer(text):
                written = match.group(1)
                if written.rsplit("/", 1)[-1] in self._by_name:
                    for file in self._files(written, path, root):
                        for claim in self.vocabulary.files[file]:
                            add(match.start(), match.group(0), file, claim, "path")
        if self.vocabulary.forges:
            for match in _URL.finditer(text):
                url = match.group(0).rstrip(".,;:!?")
                shown = forge_files(url, self.vocabulary.forges, self.vocabulary.files)
                if shown is not None:
                    for claim in self.vocabulary.files[shown]:
                        add(match.start(), url, shown, claim, "path")
        for declared in self.vocabulary.patterns:
            for match in declared.pattern.finditer(text):
                start, end = match.span()
                # inside a longer word or number: `XPEP 8`, `PEP 80` cut short; `PEP561Suite` still names PEP 561
                if (start and (text[start - 1].isalnum() or text[start - 1] == "_")) or \
                        (end < len(text) and text[end].isdigit()):
                    continue
                name = declared.id_of(match)
                add(start, match.group(0), name, self.vocabulary.ids.get(name), "pattern")
        return [found[offset] for offset in sorted(found)]

    def _files(self, written: str, path: str | None, root: str | None) -> list[str]:
        """The record files a written path names: resolved against the citing file's folder or the root, else the
        one record file whose path ends with it."""
        tried = [written] if written.startswith("/") else []
        if path is not None and not written.startswith("/"):
            tried.append(os.path.normpath(os.path.join(os.path.dirname(path), written)))
        if root is not None and not written.startswith("/"):
            tried.append(os.path.normpath(os.path.join(root, written)))
        exact = [PurePosixPath(p.replace("\\", "/")).as_posix() for p in tried]
        hits = [p for p in dict.fromkeys(exact) if p in self.vocabulary.files]
        if hits:
            return hits[:1]
        tail = [part for part in written.split("/") if part not in ("", ".", "..")]
        ending = [file for file in self._by_name[tail[-1]] if file.split("/")[-len(tail):] == tail]
        return ending if len(ending) == 1 else []


__all__ = ["CitePattern", "Matcher", "Vocabulary"]
