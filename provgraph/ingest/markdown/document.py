"""One Markdown file as the other modules read it: lines, front matter lines, headings, fenced code, sections."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from provgraph.base.text import folded
from provgraph.ingest.formats.top import front_matter_end, opens_front_matter

MARKDOWN_SUFFIXES = (".md", ".markdown")
_HEADING_MARK = re.compile(r" {0,3}(#{1,6})(?=[ \t]|$)")
_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})")
LEADING_MARKUP = re.compile(r"^[\W_]+")
STRIKETHROUGH = re.compile(r"~~.*?~~")


@dataclass
class Heading:
    index: int  # 0-based line index
    level: int
    text: str


@dataclass
class Document:
    lines: list[str]
    body_start: int  # 0-based index of the first line after the front matter
    front_matter: dict[str, Any] | None
    front_matter_lines: list[str] = field(default_factory=list)
    headings: list[Heading] = field(default_factory=list)
    in_fence: list[bool] = field(default_factory=list)


def is_markdown_name(name: str) -> bool:
    return name.lower().endswith(MARKDOWN_SUFFIXES)


def split_document(text: str) -> Document:
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    lines = [line[:-1] if line.endswith("\r") else line for line in lines]
    front_matter: dict[str, Any] | None = None
    body_start = 0
    front_lines: list[str] = []
    if opens_front_matter(lines):  # where front matter stands is top.py's (formats/yaml_fields.py reads it)
        end = front_matter_end(lines)
        front_lines = lines[1:end]
        body_start = len(lines) if end is None else end + 1
        front_matter = {"__unclosed__": True} if end is None else {}
    document = Document(lines=lines, body_start=body_start, front_matter=front_matter, front_matter_lines=front_lines)
    fence: str | None = None
    for index in range(body_start, len(lines)):
        line = lines[index]
        opened = _FENCE.match(line)
        if fence is not None:
            document.in_fence.append(True)
            if opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence) and not line.strip()[len(opened.group(1)):].strip():
                fence = None
            continue
        if opened:
            fence = opened.group(1)
            document.in_fence.append(True)
            continue
        document.in_fence.append(False)
        heading = _HEADING_MARK.match(line) if line.lstrip().startswith("#") else None
        if heading:
            document.headings.append(Heading(index, len(heading.group(1)), _heading_text(line[heading.end():])))
    return document


def _heading_text(rest: str) -> str:
    """ATX heading text without its optional closing `#` sequence (linear, safe on huge lines)."""
    text = rest.strip()
    closed = text.rstrip("#")
    if closed != text and (not closed or closed[-1] in " \t"):
        text = closed.strip()
    return text


def body_lines(document: Document) -> Iterator[tuple[int, str]]:
    """(index, line) of body lines outside fenced code."""
    for offset, fenced in enumerate(document.in_fence):
        if not fenced:
            index = document.body_start + offset
            yield index, document.lines[index]


def document_title(document: Document) -> str | None:
    for heading in document.headings:
        if heading.level == 1 and heading.text:
            return heading.text
    return None


def section(document: Document, matches: Callable[[str], bool]) -> tuple[int, int] | None:
    """(first, end) line indexes of the first section whose heading text `matches`, heading excluded."""
    for position, heading in enumerate(document.headings):
        if matches(heading.text):
            end = len(document.lines)
            for later in document.headings[position + 1:]:
                if later.level <= heading.level:
                    end = later.index
                    break
            return heading.index + 1, end
    return None


def normal_heading(text: str) -> str:
    """A heading's text as the ADR reading compares it: folded (`base.text.folded`), without leading markup or a
    trailing colon."""
    return folded(LEADING_MARKUP.sub("", text).strip().rstrip(":").strip())
