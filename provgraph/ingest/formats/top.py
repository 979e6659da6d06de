"""The top of a Markdown record, where the `bullets` and `table` places look for its fields: the lines before its first
heading, else the lines under that heading (the title, whatever its level: `# T`, `## A79: T`, `T` over `----`) up to
the next heading. One rule for both places, so a title of any level is a title to each."""
from __future__ import annotations

import re
from typing import Iterator

_FENCES = ("```", "~~~")
_ATX = re.compile(r"#{1,6}\s")
_UNDERLINE = re.compile(r"=+|-+")  # under a line of text: a Markdown (setext) heading
_BULLET_MARK = re.compile(r"\s{0,3}[*+-]\s")

Span = tuple[int, int]  # (first line, line after), 0-based


def spans(lines: list[str]) -> list[Span]:
    """Where to look, in order: before the first heading, then under it up to the next (the whole file when it has
    no heading). A place reads the first span that holds its fields."""
    marks = markdown_headings(lines)
    title = next(marks, None)
    if title is None:
        return [(0, len(lines))]
    after = next(marks, None)
    return [(0, title[0]), (title[1], after[0] if after else len(lines))]


def markdown_headings(lines: list[str]) -> Iterator[Span]:
    """(first line, line after) of each Markdown heading outside code fences and front matter: `## Name`, or a line of
    text over `===` or `---` (a bullet over `---` is no heading: the rule is a break). `headings.py` reads more kinds
    (RST, MediaWiki): the top keeps to Markdown's own."""
    fence: str | None = None
    for index in range(after_front_matter(lines), len(lines)):
        line = lines[index]
        text = line.strip()
        if fence is not None or text.startswith(_FENCES):
            fence = None if fence is not None and text.startswith(fence) else fence or text[:3]
            continue
        if _ATX.match(text + " ") and not line[:1].isspace():
            yield index, index + 1
        elif (text and not line[:1].isspace() and not _BULLET_MARK.match(line) and index + 1 < len(lines)
              and _UNDERLINE.fullmatch(lines[index + 1].strip())):
            yield index, index + 2


def opens_front_matter(lines: list[str]) -> bool:
    """Whether the file's first line opens YAML front matter (`---`), closed or not."""
    return bool(lines) and lines[0].rstrip() == "---"


def after_front_matter(lines: list[str]) -> int:
    """The index of the first line after the YAML front matter (0 when the file has none)."""
    if not opens_front_matter(lines):
        return 0
    end = front_matter_end(lines)
    return 0 if end is None else end + 1


def front_matter_end(lines: list[str]) -> int | None:
    """The index of the line that closes the front matter opened on the first line (`---` or `...`), if one does."""
    return next((index for index in range(1, len(lines)) if lines[index].rstrip() in ("---", "...")), None)
