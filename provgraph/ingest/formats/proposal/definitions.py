"""Where a log defines its own status words: the definition a proposal shows beside each word, and reads its cues.

A log's process document says what each of its words means: its records titled for the process (`Updated BIP
Process`, `EIP Purpose and Guidelines`), those in force first, the newest first; its first record (numbered 0 or
1); then the README files of its folder and of the folders above it, up to the repository's root (two at most). A
definition in an earlier document wins. A word is defined where a line starts with it, as a term:
- a bullet `* **Abandoned** -- text`, `- Final: text`, `* An `Implementable` ACP is ...` (the marked-up term may
  follow an article), its indented lines and sub-bullets with it;
- a `Word: text` line, with the rest of its paragraph; indented under a label line alone (`Proposal status:` over
  `   Open: A proposal under discussion.`, Tor's 001) too, its deeper lines with it;
- a term alone on its line over its definition indented deeper (reStructuredText's definition list: `Closed` over
  `    The proposal has been accepted ...`, I2P's 001), or over `: text` (Markdown's);
- a table row `| Word | text |`;
- a heading named by the word (`#### Closed`; in AsciiDoc `=== Closed`), its first paragraph (a table under it, of
  records, defines nothing).
A term may carry a note in brackets (`Accepted (Ring 0-1 CIPs only)`, `Closed[^closed]`). When a word has several,
the first document's wins; in it an unindented one, a marked-up term before a plain one
before a heading, then the first. Files are read as regular files only.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from provgraph.ingest import lifecycle
from provgraph.ingest.fields import decode
from provgraph.ingest.formats import headings, metadata
from provgraph.ingest.formats.proposal.files import number_of
from provgraph.ingest.formats.xml_fields import looks_like_xml, topics
from provgraph.ingest.regular import NotRegular, read_regular

_ABOVE = 2  # folders above the log's folder whose README is read, at most (and never above a repository's root)
_README = re.compile(r"readme(\.\w+)?", re.IGNORECASE)
_SHOWN = 160  # characters of a definition a proposal's comment quotes
_BULLET = re.compile(r"(\s*)[*+-]\s+(.*)")
_MARKED = re.compile(r"^(?i:[^\w`*_]*(?:an?|the)\s+)?[^\w`*_]*(\*\*|__|`|\*|_)(.+?)\1(.*)")
_PLAIN = re.compile(r"^[^\w]*([A-Za-z][\w ()\-]{0,40}?)\s*(?::|--|\u2014|\u2013|\s-\s)\s*(.*)")
_NOTE = re.compile(r"\(.*?\)|\[\^?.*?\]")
_SEPARATOR = re.compile(r"^\s*(?::|--|\u2014|\u2013|-)?\s*")
_PROCESS = re.compile(r"\b(?:process|guidelines)\b", re.IGNORECASE)
_NO_PROSE = ("#", "|", "+-", "+=", "<table")  # a heading's or a table's line (Markdown, RST grid, HTML)
_LISTED = re.compile(r"\s*(?:[*+-]|\d{1,3}[.)])\s+\[[^\]]+\]\([^)]*\)")  # `* [RFC 1 - The RFC Process](./0001.rst)`: a record listed
_FENCES = ("```", "~~~")
# `[Recommended]: #recommended`, a Markdown link reference definition: a link's target, no text
_LINK_REFERENCE = re.compile(r" {0,3}\[[^\]]+\]:\s*\S+(?:\s+(?:\"[^\"]*\"|'[^']*'|\([^)]*\)))?\s*$")
_WORDY = re.compile(r"[^\W\d_]{2}")
_LABEL = re.compile(r"[A-Za-z][\w -]{0,40}:")  # a label alone on its line, the terms indented under it
_ASCIIDOC = (".adoc", ".asciidoc")
_ASCIIDOC_TITLE = re.compile(r"=+\s+(\S.*)")  # an AsciiDoc section title, `=== Testable`


@dataclass(frozen=True)
class Definition:
    text: str  # the whole definition, for its cues
    where: str  # `README.md:25`
    first: str  # its first line

    @property
    def shown(self) -> str:
        """The definition's first line, trimmed."""
        line = " ".join(self.first.split())
        return line if len(line) <= _SHOWN else line[:_SHOWN - 3].rstrip() + "..."


@dataclass(frozen=True)
class _Found:
    phrase: str
    definition: Definition
    rank: tuple[int, bool, int, int]  # (document; indented; a marked-up term, a plain one, a heading; line): least wins


def definitions(root: Path, records: dict[str, tuple[str, str]], phrases: list[str]) -> dict[str, Definition]:
    """phrase -> its definition in the log's process documents under or above `root` (`records`: each record file's
    path under it -> its title and status text), for each of `phrases` (as a proposal keys its words) that has one."""
    wanted = {tuple(phrase.split()): phrase for phrase in phrases}
    best: dict[str, _Found] = {}
    for number, (path, shown) in enumerate(_documents(root, records)):
        try:
            text, _ = decode(read_regular(path))
        except (NotRegular, OSError):
            continue
        lines = text.split("\n")
        written_as_xml = looks_like_xml(path.name, lines[:1])  # its lines are markup: its terms are its topics
        for found in _xml_terms(text, shown, number, wanted) if written_as_xml else _terms(lines, shown, number, wanted):
            if found.phrase not in best or found.rank < best[found.phrase].rank:
                best[found.phrase] = found
    return {phrase: found.definition for phrase, found in best.items()}


def _documents(root: Path, records: dict[str, tuple[str, str]]) -> list[tuple[Path, str]]:
    """The log's process records, its first record, then the READMEs of its folder and the folders above it."""
    numbered = sorted((number, path) for path in records if (number := number_of(path)) is not None)
    process = sorted((lifecycle.canonical(records[path][1]) not in lifecycle.IN_FORCE, -number, path) for number, path in numbered
                     if _PROCESS.search(records[path][0]))
    first = [path for number, path in numbered[:1] if number <= 1]
    documents = [(root / path, path) for path in dict.fromkeys([*(path for *_, path in process), *first])]
    folder, shown = root.resolve(), ""
    for _ in range(_ABOVE + 1):
        for file in sorted(folder.iterdir()) if folder.is_dir() else []:
            if _README.fullmatch(file.name):
                documents.append((file, f"{shown}{file.name}"))
        if (folder / ".git").exists() or folder.parent == folder:
            break
        folder, shown = folder.parent, f"../{shown}"
    return documents


def _terms(lines: list[str], shown: str, document: int, wanted: dict[tuple[str, ...], str]) -> list[_Found]:
    found = []
    start = metadata.after_front_matter(lines)
    label: int | None = None  # the indent of the label line (`Proposal status:`) the lines below are under
    fence: str | None = None  # a code fence's mark while in one: a diagram drawn there (`| Withdrawn |`) is no term
    titled = list(headings.headings(lines))
    adorned = {index for mark in titled for index in range(mark.start, mark.end)}  # RST's `~~~` under a title: no fence
    for index in range(start, len(lines)):
        line = lines[index]
        if fence is not None:
            fence = None if line.lstrip().startswith(fence) else fence
            continue
        if line.lstrip().startswith(_FENCES) and index not in adorned:
            fence = line.lstrip()[:3]
            continue
        indent_here = len(line) - len(line.lstrip())
        if line.strip() and (label is None or indent_here <= label):
            label = indent_here if _LABEL.fullmatch(line.rstrip()) else None
        term = _term(line, under_label=label is not None and indent_here > label)
        listed = term is None and (term := _listed_term(lines, index, start)) is not None  # its text starts below it
        if term is None:
            continue
        name, rest, indent, marked = term
        phrase = wanted.get(tuple(lifecycle.status_words(_NOTE.sub("", name))))
        if phrase is not None and _WORDY.search(rest) and not lines[index].lstrip().startswith(".. "):  # an RST directive
            text = " ".join([rest, *_continued(lines, index + listed, indent)])
            found.append(_Found(phrase, Definition(text, f"{shown}:{index + 1}", rest),
                                (document, indent > 0, 0 if marked else 1, index)))
    marks = [(heading.start, heading.end, heading.name) for heading in titled]
    if shown.casefold().endswith(_ASCIIDOC):  # its section titles, `=== Testable`, are no Markdown or RST heading
        marks += [(index, index + 1, title.group(1)) for index, line in enumerate(lines)
                  if (title := _ASCIIDOC_TITLE.fullmatch(line.rstrip()))]
    for start, end, name in marks:
        phrase = wanted.get(tuple(lifecycle.status_words(_NOTE.sub("", name))))
        paragraph = _paragraph(lines, end) if phrase is not None else []
        if phrase is not None and paragraph:
            found.append(_Found(phrase, Definition(" ".join(paragraph), f"{shown}:{start + 1}", paragraph[0]),
                                (document, False, 2, start)))
    return found


def _xml_terms(text: str, shown: str, document: int, wanted: dict[tuple[str, ...], str]) -> list[_Found]:
    """The terms of a process document written as XML: each element named by a `topic` or `title` attribute
    (XEP-0001's `<section2 topic='Draft'>`), its text the definition, as a heading's paragraph is."""
    found = []
    for topic, body, line in topics(text):
        phrase = wanted.get(tuple(lifecycle.status_words(_NOTE.sub("", topic))))
        if phrase is not None and _WORDY.search(body):
            found.append(_Found(phrase, Definition(body, f"{shown}:{line}", body), (document, False, 2, line - 1)))
    return found


def _term(line: str, *, under_label: bool = False) -> tuple[str, str, int, bool] | None:
    """(term, the text after it, indent, whether the term is marked up) of a line that starts with a term; an
    indented line only as a bullet, or under a label line (`Proposal status:` over `   Open: A proposal ...`)."""
    bullet = _BULLET.fullmatch(line.rstrip())
    body, indent = (bullet.group(2), len(bullet.group(1).expandtabs(4))) if bullet else (line.strip(), 0)
    if body.startswith("|"):
        cells = [cell.strip() for cell in body.strip().strip("|").split("|")]
        return (cells[0].strip("*_` "), " ".join(cells[1:]), indent, True) if len(cells) > 1 else None
    if not bullet and line[:1].isspace():
        if not under_label:
            return None
        indent = _indent(line)
    marked = _MARKED.match(body)
    if marked:
        term, rest = marked.group(2).strip(), marked.group(3)
        separated = term.endswith(":") or rest.lstrip().startswith((":", "--", "\u2014", "\u2013", "- "))
        if bullet or separated:
            return term.rstrip(":").strip(), _SEPARATOR.sub("", rest, count=1), indent, True
    plain = _PLAIN.match(body)
    return (plain.group(1), plain.group(2), indent, False) if plain else None


def _listed_term(lines: list[str], index: int, start: int) -> tuple[str, str, int, bool] | None:
    """(term, its definition's first line, indent, False) of a definition list's term: a short line alone, after a
    blank line or the definition before it, over a line indented deeper (RST) or starting `: ` (Markdown)."""
    line, below = lines[index], lines[index + 1] if index + 1 < len(lines) else ""
    indent = _indent(line)
    before = lines[index - 1] if index > start else ""
    if not line.strip() or len(line.split()) > 4 or not below.strip() or line.rstrip().endswith((":", ".", ",")) \
            or (before.strip() and _indent(before) <= indent):
        return None
    deeper = _indent(below) > indent
    if deeper or below.lstrip().startswith(": "):
        return line.strip(), below.strip().removeprefix(": "), indent, False
    return None


def _is_term_line(line: str) -> bool:
    """Whether a line starts with a short term and a separator (`Final: ...`): the next definition, not this one's."""
    plain = _PLAIN.match(line.strip())
    return plain is not None and len(plain.group(1).split()) <= 3


def _continued(lines: list[str], index: int, indent: int) -> list[str]:
    """The lines that go with a term's line: indented deeper (a bullet's), or the rest of its paragraph."""
    more = []
    for line in lines[index + 1:]:
        if not line.strip():
            break
        deeper = len(line) - len(line.lstrip()) > indent or line.startswith("\t")
        if not deeper and (_BULLET.fullmatch(line.rstrip()) or _is_term_line(line)) or line.lstrip().startswith(("#", "|")):
            break
        more.append(line.strip())
    return more


def _paragraph(lines: list[str], start: int) -> list[str]:
    """The lines of the first paragraph from `start` (up to a blank line, a heading, a table or a list of links: a
    table or a list of records under a word's heading defines nothing). A Markdown link reference definition
    (`[Recommended]: #recommended`) is no text: it is passed over, before the paragraph and inside it."""
    index = next((number for number in range(start, len(lines))
                  if lines[number].strip() and not _LINK_REFERENCE.match(lines[number])), len(lines))
    paragraph = []
    for line in lines[index:]:
        if not line.strip() or line.lstrip().startswith(_NO_PROSE) or _LISTED.match(line):
            break
        if not _LINK_REFERENCE.match(line):
            paragraph.append(line.strip())
    return paragraph


def _indent(line: str) -> int:
    """How deep a line stands, a tab counted as four spaces."""
    expanded = line.expandtabs(4)
    return len(expanded) - len(expanded.lstrip())
