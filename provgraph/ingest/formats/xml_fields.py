"""The `xml` place: a record written as XML keeps its fields as elements (a XEP's `<header>`: `<number>0084</number>`,
`<status>Stable</status>`, `<supersedes><spec>XEP-0008</spec><spec>XEP-0153</spec></supersedes>`).

The fields are the elements of the record's head: the root element's children (the root is the record) and what
they hold, up to the end of the first of them that holds elements (a XEP's `<header>`, a `<meta>`, an RFC's
`<front>`; `<title>` and `<status>` before a `<body>` are read, the body too when it is the first to hold elements)
and within the first `PREAMBLE_LINES` lines. Each is a field by its local name (casefolded; a namespace prefix aside,
`dc:title` -> `title`), in document order: the first element of a name is the field (a later `<date>` in a
revision's history is not). Its value:
- its text (the first 10,000 characters), whitespace collapsed (`<status> Stable </status>` -> `Stable`; markup inside it is text too);
- an element holding only elements, its children's texts, a list (`<supersedes>` above -> `XEP-0008`, `XEP-0153`;
  a link field names each);
- an empty element (`<supersededby/>`) states nothing: its value is empty. Attributes are not read.

A record is a stranger's file: it is parsed by the standard library's expat so that it can do nothing. Nothing is
fetched (no external DTD, entity or parameter entity is ever loaded) and no entity is expanded in the text (a
reference such as a XEP's `&LEGALNOTICE;` or `&ns;` is left out of it). A file is not read (BadMetadata, naming the
entity) when its DTD declares an external general entity (`<!ENTITY x SYSTEM "file:///etc/passwd">`), a parameter
entity with its text inline, or entities that would expand past `EXPANSION` characters (the billion laughs: `lol9`
holds ten `lol8`s, ...); XEPs declare their own short ones (`<!ENTITY ns "urn:xmpp:...">`) and an external parameter
entity (`<!ENTITY % ents SYSTEM 'xep.ent'>`), declared but never loaded. (defusedxml refuses every entity declaration,
so 37 XEPs and the `xep.ent` of every one, and its ElementTree fails on the references it cannot resolve: expat with
these handlers is what this needs.) A file that is not well-formed XML anywhere is not read: BadMetadata with expat's
reason and line.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from xml.parsers import expat

from provgraph.ingest.formats.metadata import PREAMBLE_LINES, BadMetadata, Field, Fields


TEXT = 10_000  # characters of an element's text kept
EXPANSION = 100_000  # characters an entity may expand to, at most (a XEP's longest is a paragraph)
_DEPTH = 20  # entities nested deeper than this expand past EXPANSION, as far as a record is concerned
_REFERENCE = re.compile(r"&(?!(?:lt|gt|amp|apos|quot);)([^\s&;]+);")  # an entity named in an entity's text


class _Text:
    """An element's text, up to `TEXT` characters: a longer one is prose, no field's value, and the bound keeps a deep
    document cheap (each level holds at most this much, however much text lies under it)."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.size = 0

    def add(self, data: str) -> None:
        if self.size < TEXT:
            piece = data[:TEXT - self.size]
            self.parts.append(piece)
            self.size += len(piece)

    def joined(self) -> str:
        return " ".join("".join(self.parts).split())


@dataclass
class _Open:
    """An element being parsed: its name, its line, and (when its text is wanted) its text and its children's."""

    name: str
    line: int
    kept: bool  # the first element of its name in the first lines: a field
    collecting: bool  # its text is wanted (it is a field, or inside one)
    text: _Text = field(default_factory=lambda: _Text())  # all its text, its children's too
    own: _Text = field(default_factory=lambda: _Text())  # its text outside its children
    children: list[str] = field(default_factory=list)  # each child element's text (none empty)
    holds_elements: bool = False


class _Refused(Exception):
    def __init__(self, reason: str, line: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line


def looks_like_xml(name: str, lines: list[str]) -> bool:
    """Whether a file is written as XML: named `.xml`, or its text opens with an XML declaration."""
    first = next((line.strip() for line in lines if line.strip()), "")
    return name.lower().endswith(".xml") or first.lstrip("\ufeff").startswith("<?xml")


def xml_fields(lines: list[str], *, complete: bool = True) -> Fields:
    """The fields of a record written as XML (module docstring); BadMetadata when it is not read. `complete`: the
    lines are the whole file (a proposal passes the first lines only, and their end may cut an element)."""
    reader = _Reader()
    reader.parse("\n".join(lines), complete)
    return reader.found


def topics(text: str) -> list[tuple[str, str, int]]:
    """(topic, its text, its line) of each element an XML document names by a `topic` or `title` attribute (a XEP's
    `<section2 topic='Draft'>`: a heading, as a process document defines its words), in document order; none when
    the document is not read (the same guard as the fields')."""
    reader = _Topics()
    try:
        reader.parse(text, True)
    except BadMetadata:
        return []
    return reader.found


class _Guarded:
    """One parse by expat, guarded: entities refused as the module docstring says, none expanded, nothing fetched."""

    def __init__(self) -> None:
        self.entities: dict[str, str] = {}  # the general entities declared, name -> text
        parser = expat.ParserCreate()
        parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)  # no external DTD or entity is read
        parser.EntityDeclHandler = self._entity
        parser.EndDoctypeDeclHandler = self._expansions
        parser.DefaultHandler = self._nothing  # set, it keeps expat from expanding any entity (XML_SetDefaultHandler)
        self.parser = parser

    def parse(self, text: str, complete: bool) -> None:
        try:
            self.parser.Parse(text, complete)
        except expat.ExpatError as error:
            message = expat.errors.messages[error.code]
            detail = message[len("not well-formed ("):-1] if message.startswith("not well-formed (") else message
            raise BadMetadata(error.lineno, f"not well-formed XML ({detail}, line {error.lineno}, column "
                                            f"{error.offset + 1})") from None
        except _Refused as refused:
            raise BadMetadata(refused.line, refused.reason) from None

    def _entity(self, name: str, parameter: int, value: str | None, _base: Any, system: str | None, *_: Any) -> None:
        if parameter and value is None:
            return  # an external parameter entity: declared, never loaded
        if parameter:
            self._refuse(f"declares a parameter entity with its text inline ({name!r})")
        if value is None:
            self._refuse(f"declares an external entity ({name!r}, {system!r}); provgraph fetches nothing a record names")
        self.entities[name] = value or ""

    def _expansions(self) -> None:
        """Refuse entities that would expand past `EXPANSION` characters (were anything to expand them)."""
        sizes: dict[str, int] = {}

        def size(name: str, seen: tuple[str, ...]) -> int:
            if name in seen or len(seen) > _DEPTH:
                return EXPANSION + 1  # an entity that names itself, through others (endless), or nested past reason
            if name not in sizes:
                text = self.entities.get(name, "")
                inner = sum(min(size(found, (*seen, name)), EXPANSION + 1) for found in _REFERENCE.findall(text))
                sizes[name] = len(_REFERENCE.sub("", text)) + inner
            return sizes[name]

        for name in self.entities:
            if size(name, ()) > EXPANSION:
                self._refuse(f"declares an entity that would expand past {EXPANSION:,} characters ({name!r}); provgraph "
                             "expands no entity in a record")

    def _refuse(self, reason: str) -> None:
        raise _Refused(reason, self.parser.CurrentLineNumber)

    def _nothing(self, _: str) -> None:
        return None


class _Reader(_Guarded):
    """The fields: the first element of each local name in the first lines, with its text or its children's."""

    def __init__(self) -> None:
        super().__init__()
        self.found: Fields = {}
        self.open: list[_Open] = []
        self.collecting = 0  # open elements whose text is wanted
        self.parser.StartElementHandler = self._start
        self.parser.EndElementHandler = self._end
        self.parser.CharacterDataHandler = self._text

    def _start(self, name: str, _attributes: Any) -> None:
        line = self.parser.CurrentLineNumber
        if line > PREAMBLE_LINES and not self.collecting:
            self._done()
            return
        if self.open:
            self.open[-1].holds_elements = True
        key = name.rsplit(":", 1)[-1].casefold()
        kept = bool(self.open) and line <= PREAMBLE_LINES and key not in self.found
        if kept:
            self.found[key] = Field("", line)  # the place held, in document order: a nested one of the name is not it
        collecting = kept or (bool(self.open) and self.open[-1].collecting)
        self.collecting += collecting
        self.open.append(_Open(key, line, kept, collecting))

    def _end(self, _: str) -> None:
        closed = self.open.pop()
        if closed.collecting:
            self._close(closed)
        if (not self.collecting and self.parser.CurrentLineNumber > PREAMBLE_LINES) or (
                len(self.open) == 1 and closed.holds_elements):
            self._done()  # past the first lines, or the head read

    def _close(self, closed: _Open) -> None:
        """A field's value, and its text given to the element around it."""
        self.collecting -= 1
        text = closed.text.joined()
        if closed.kept:
            value: Any = closed.children if closed.children and not closed.own.joined() else text
            self.found[closed.name] = Field(value, closed.line)
        parent = self.open[-1] if self.open else None
        if parent is not None and parent.collecting and text and parent.text.size < TEXT:
            parent.text.add(f" {text} ")
            parent.children.append(text)

    def _text(self, data: str) -> None:
        if self.open and self.open[-1].collecting:
            self.open[-1].text.add(data)
            self.open[-1].own.add(data)

    def _done(self) -> None:
        """Past the first lines with no field open: the rest is parsed for its well-formedness only, in C."""
        self.parser.StartElementHandler = None
        self.parser.EndElementHandler = None
        self.parser.CharacterDataHandler = None


class _Topics(_Guarded):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str, int]] = []
        self.open: list[tuple[str | None, int, _Text]] = []  # (topic, line, text) of each open element
        self.parser.StartElementHandler = self._start
        self.parser.EndElementHandler = self._end
        self.parser.CharacterDataHandler = self._text

    def _start(self, _: str, attributes: dict[str, str]) -> None:
        topic = attributes.get("topic") or attributes.get("title")
        self.open.append((topic.strip() if topic and topic.strip() else None, self.parser.CurrentLineNumber, _Text()))

    def _end(self, _: str) -> None:
        topic, line, text = self.open.pop()
        joined = text.joined()
        if self.open:
            self.open[-1][2].add(f" {joined} ")
        if topic:
            self.found.append((topic, joined, line))

    def _text(self, data: str) -> None:
        if self.open:
            self.open[-1][2].add(data)
