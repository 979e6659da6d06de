"""Where a record's headings are, for the declarations that name one: `section` (the text under a heading) and the
`headings` metadata (a field named by a heading, its value the first line of text under it).

A heading is a Markdown `## Name` (level: the number of `#`), a MediaWiki `==Name==` (the number of `=`), or a line
of text under an adornment line (`Name` then `-----`, with or without the same line above it: RST, and Markdown's
`===` / `---`), whose level is the order in which the document first uses that adornment, as RST has it. Lines in a
fenced code block (```` ``` ```` or `~~~`) and YAML front matter at the top are no headings.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator, Mapping

from provgraph.base.text import folded
from provgraph.ingest import lifecycle, placeholders
from provgraph.ingest.formats import changes, lists
from provgraph.ingest.formats.metadata import Field, Fields, after_front_matter

_ATX = re.compile(r" {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*")
_WIKI = re.compile(r"(={1,6})([^=].*?)\1[ \t]*")
_ADORNMENT = re.compile(r"([!-/:-@\[-`{-~])\1{2,}")  # one punctuation mark, three times or more
_FENCES = ("```", "~~~")
_BULLET = re.compile(r"[*+-][ \t]+")
_NUMBERED = re.compile(r"^(?:\d+(?:\.\d+)*\.?|[IVX]+\.)\s+(?=\S)")  # `3. `, `2.1 `, `IV. `: a section's number
_FIRST_SENTENCE = re.compile(r"(?<=[.!?;])\s|\n(?=\W*[A-Z])")  # a line that starts capitalised starts one too
_SHORT_SENTENCE = 10  # a status said in a sentence says it in a short one (`This BEP is already implemented.`: 5 words)
_LETTERED = re.compile(r"[A-Za-z]+")
_TARGETS = re.compile(r"\]\([^)]*\)|<[^<>]*>|\w+://\S+")  # a link's target is no word of its sentence
_MIXED_CASE_AFTER = re.compile(r"[ \t]+[A-Za-z]*[a-z][A-Za-z]*[A-Z]")  # a next word with a capital inside (`edX`)
_CAPITALISED_AFTER = re.compile(r"[ \t]+(?:[A-Z]|[a-z]+[A-Z])")  # ... or a capitalised one (`Open Source`)


@dataclass(frozen=True)
class Heading:
    start: int  # 0-based index of its first line (the overline, when it has one)
    end: int  # index of the first line after it
    level: int  # 1 is the highest
    name: str  # as written, without its markers

    @property
    def key(self) -> str:
        return heading_key(self.name)


def heading_key(name: str) -> str:
    """A heading's name as a declaration names it: folded (`base.text.folded`: any case, accents and spacing;
    `## Preämble` is `Preamble`), without emphasis, a trailing colon or a section number before it (`## 3. Status` ->
    `status`, as `Status` and `3. Status` name it)."""
    return folded(_NUMBERED.sub("", name.strip().strip("*_`").strip().rstrip(":").strip()))


def headings(lines: list[str]) -> Iterator[Heading]:
    """Every heading of the text, in order (lazily: a section near the top is found without reading the rest)."""
    styles: list[tuple[str, bool]] = []  # RST adornments (mark, with an overline) in the order first used
    index = after_front_matter(lines)
    fence: str | None = None
    while index < len(lines):
        line = lines[index]
        text = line.strip()
        if fence is not None:
            fence = None if text.startswith(fence) else fence
            index += 1
            continue
        atx, wiki = _ATX.fullmatch(line), _WIKI.fullmatch(text)
        may_be_adorned = wiki is None and (atx is None or _ADORNMENT.fullmatch(text) is not None)  # `####` may be
        adorned = _adorned(lines, index) if may_be_adorned else None  # an RST overline
        if adorned is not None:
            style, size = adorned
            if style not in styles:
                styles.append(style)
            name = lines[index + 1 if style[1] else index].strip()
            yield Heading(index, index + size, styles.index(style) + 1, name)
            index += size
            continue
        if atx is not None:
            yield Heading(index, index + 1, len(atx.group(1)), atx.group(2) or "")
        elif wiki is not None:
            yield Heading(index, index + 1, len(wiki.group(1)), wiki.group(2).strip())
        elif text.startswith(_FENCES):
            fence = text[:3]
        index += 1


def section(lines: list[str], name: str) -> tuple[int, list[str]] | None:
    """The lines under the heading called `name` (any level, any case) up to the next heading of the same or a higher
    level, with the 0-based index of the first of them; None when no heading has that name."""
    wanted = heading_key(name)
    found = headings(lines)
    for heading in found:
        if heading.key == wanted:
            end = next((later.start for later in found if later.level <= heading.level), len(lines))
            return heading.end, lines[heading.end:end]
    return None


def heading_fields(lines: list[str], names: frozenset[str], words: Mapping[str, str] | None = None) -> Fields:
    """`names` (casefolded) read as headings: `## Status` then `Accepted` is the field status = Accepted, on the line
    that says it (a bullet mark before it is not part of the value; a block quote under it, a template's instruction,
    is no value, unless it quotes a status alone: `> Accepted` is its author's, `placeholders.instruction`). The
    first heading of a name wins. Under a heading named like a status (`## 3. Status`), a first line that starts
    with a status phrase is the value, unless the phrase starts a name (`Open edX ...`: then the heading states
    nothing); one that does not gives the status phrase of its paragraph's first sentence when that
    sentence is short (`This BEP is already implemented.` -> `implemented`; the store's `words` first) and the
    phrase is no name's word (a capitalised word before another: `Built on Open Source.`); a long sentence is prose
    (a `## Decision` section's text), and a negated phrase (`not yet implemented`) is not read either way: the line
    stays the value, unrecognised. A task list under it gives its ticked item (lists.py), and a line that states no
    status and ends with a colon over a list is a template's instruction: the list's one item is the value. Entries
    that each state a status, or a heading named like a change log, give the latest entry (changes.py). Lines in an
    HTML comment are no value."""
    found: Fields = {}
    wanted = {heading_key(name): name for name in sorted(names)}  # a field keyed by the name declared
    marks = list(headings(lines))
    for number, heading in enumerate(marks):
        name = wanted.get(heading.key)
        if name is None or name in found:
            continue
        stop = marks[number + 1].start if number + 1 < len(marks) else len(lines)
        line = next((index for index in changes.uncommented(lines, heading.end, stop) if lines[index].strip()
                     and not placeholders.instruction(lines[index], words, lines[index - 1])), None)
        if line is None:
            continue
        status, logged = lifecycle.status_named(heading.key), changes.change_log_named(heading.key)
        latest = changes.latest(lines, line, stop, words, change_log=logged) if status else None
        if status and lists.task_item(lines[line]):
            stated: Field | None = lists.ticked(lines, line)
        elif status and lists.introduces_list(lines, line, stop) and _no_status_word(lines[line], words):
            stated = lists.listed(lines, line, stop)  # a template's instruction kept over its choices
        elif latest is not None or logged:
            stated = Field(latest[1], latest[0] + 1) if latest is not None else None
        else:
            stated = _stated(lines, line, stop, heading.key, words)
        if stated is not None:
            found[name] = stated
    return found


def _no_status_word(line: str, words: Mapping[str, str] | None) -> bool:
    """Whether a line starts with no status phrase (`Status should be one of the following:`, not `Accepted with:`)."""
    reading = lifecycle.read_word(line, words)
    return reading is None or reading.origin == "unrecognised"


def _stated(lines: list[str], line: int, stop: int, key: str, words: Mapping[str, str] | None) -> Field | None:
    """The value under a heading (None: a status-named heading's text that starts with a name, `Open edX ...`, which
    would read as a status word it does not state)."""
    first = Field(_BULLET.sub("", placeholders.unquoted(lines[line]).strip(), count=1), line + 1)
    if not lifecycle.status_named(key):
        return first
    reading = lifecycle.read_word(first.value, words)
    if reading is not None and reading.origin != "unrecognised":
        return None if _starts_name(first.value, reading.written, _MIXED_CASE_AFTER) else first
    paragraph = []
    for index in range(line, stop):
        if not lines[index].strip():
            break
        paragraph.append(lines[index].strip())
    sentence = _FIRST_SENTENCE.split("\n".join(paragraph), maxsplit=1)[0].replace("\n", " ")
    if len(_LETTERED.findall(_TARGETS.sub(" ", sentence))) > _SHORT_SENTENCE:
        return first  # prose (a Nygard `## Decision` section's text), not a status said in a sentence
    phrase = lifecycle.stated_in(sentence, words)
    if not isinstance(phrase, str) or _starts_name(sentence, phrase, _CAPITALISED_AFTER):
        return first  # none, negated, or a name's word (`Built on Open Source.`)
    return Field(phrase, line + 1 + _line_of(paragraph, phrase))


def _starts_name(text: str, phrase: str, after: re.Pattern[str]) -> bool:
    """Whether `phrase`, one word written capitalised in `text`, runs into a name's next word (`after`)."""
    if " " in phrase or not phrase[:1].isupper() or phrase.isupper():
        return False
    found = re.search(rf"\b{re.escape(phrase)}\b", text)
    return found is not None and after.match(text, found.end()) is not None


def _line_of(paragraph: list[str], phrase: str) -> int:
    """The index of the paragraph's line that holds `phrase` (its first word when the phrase wraps)."""
    first = phrase.split()[0]
    return next((index for index, text in enumerate(paragraph) if first in text), 0)


def _adorned(lines: list[str], index: int) -> tuple[tuple[str, bool], int] | None:
    """The adornment style and line count of an RST-style heading starting at `index`, or None: `Title` over a line
    of one mark repeated, or the same with that line above it too. A line of ```` ` ```` is a code fence, never an
    adornment; one of another mark but `=` and `-` (Markdown's, any length) is as long as the title at least, so that
    `~~~` around a line of code is no heading."""
    text = lines[index].strip()
    if _is_adornment(text, "") and index + 2 < len(lines):
        title, under = lines[index + 1].strip(), lines[index + 2].strip()
        if title and not _ADORNMENT.fullmatch(title) and under == text and _is_adornment(text, title):
            return (text[0], True), 3
        return None
    if not text or lines[index][:1].isspace() or _ADORNMENT.fullmatch(text) or index + 1 >= len(lines):
        return None
    under = lines[index + 1].strip()
    return ((under[0], False), 2) if _is_adornment(under, text) else None


def _is_adornment(line: str, title: str) -> bool:
    if not _ADORNMENT.fullmatch(line) or line[0] == "`":
        return False
    return line[0] in "=-" or len(line) >= len(title)
