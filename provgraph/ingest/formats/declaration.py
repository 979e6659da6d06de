r"""A record format, declared once as data: which files are records, where their metadata sits, which fields say what.

A declaration is a table (a preset in presets.toml, a `[store.record]` table in provgraph.toml, or options on the
command line), checked once here and turned into a frozen `RecordFormat`:

    records  = ["pep-[0-9]*.rst"]   # file globs that are records (no "/": the file name; else the store-relative path)
    metadata = ["header-block"]     # where the metadata sits, in order: front-matter, adr, header-block, block,
                                    # field-list, lines, bullets, table, xml (elements, xml_fields.py), headings,
                                    # sidecar, folder, file-name (the path's number: fields
                                    # file-number, `27`, and file-id, `A27` with its letters)
    sidecar  = "kep.yaml"           # metadata: sidecar -- the YAML file beside the text
    section  = "Preamble"           # the text metadata is read under this heading only (any level, any case)
    id       = "PEP {id}"           # the claim's uid from the id field ({id:04}: zero-padded when a number)
    aliases  = ["PEP-{id:04}"]      # other names of the same record
    [fields]                        # role -> field name (or a list of names), any case
    status = "Status"
    [words]                         # the store's own status words, read before the default vocabulary
    living = "accepted"
    [skip]                          # reason -> globs of files that match `records` but are not records (a preset's
                                    # skips apply only while its records do)
    template = ["pep-nnnn*"]
    [patterns]                      # role -> a regex with one group over the file's first 200 lines (any case, ^ and $
    status = '^Status:\s*(.+)$'     # at each line): the group of its first match is the value (a link's: of every
                                    # match, and the lines after written alike: metadata.patterned); the role's fields
                                    # are not read. With patterns, metadata may be empty.

Roles: id, title, status, date, and the links supersedes, superseded_by, replaces, replaced_by, amends, amended_by,
requires. A value role (id, title, status, date) that neither the declaration nor its preset names a field or pattern for
is read from the field of its own name (any case: `status`); a link role with no field declared is not read (the adr
reading has its own conventions for all of them). A link field's value that is one of `NO_VALUE` names nothing.
"""
from __future__ import annotations

import fnmatch
import re
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any, Mapping

from provgraph.base.errors import UsageError
from provgraph.ingest.lifecycle import status_named, store_words

METADATA = ("front-matter", "adr", "header-block", "block", "field-list", "lines", "bullets", "table", "xml", "headings",
            "sidecar", "folder", "file-name")
VALUE_ROLES = ("id", "title", "status", "date")
# link role -> (edge kind, True when the edge points from the named record to this one)
LINK_ROLES: dict[str, tuple[str, bool]] = {
    "supersedes": ("SUPERSEDES", False),
    "replaces": ("SUPERSEDES", False),
    "superseded_by": ("SUPERSEDES", True),
    "replaced_by": ("SUPERSEDES", True),
    "amends": ("AMENDS", False),
    "amended_by": ("AMENDS", True),
    "requires": ("DEPENDS_ON", False),
}
ROLES = (*VALUE_ROLES, *LINK_ROLES)
DEFAULT = "adr"
_KEYS = {"preset", "records", "metadata", "sidecar", "section", "id", "aliases", "fields", "patterns", "words", "skip"}
PATTERN_FLAGS = re.MULTILINE | re.IGNORECASE
_WRITTEN_ID = re.compile(r"([A-Za-z]{1,12}[ -]?#?)(\d{1,9})")
_TITLE_AFTER = r"\s*(?:[(:\u2013\u2014]|-\s)\s*\S"  # `: Move Objects`, ` (Introducing the FVM)`, ` - x`
# an id, or a bare number, with a title or a note after it: `AIP-10: Move Objects`, `0038 (partly)`
TITLED_ID = re.compile(r"((?:[A-Za-z]{1,12}[ -]?#?)?\d{1,9})" + _TITLE_AFTER)
# the words a field holds for "no value" (`Superseded-By: NA`), any case: the reader and the proposal read them alike
NO_VALUE = frozenset({"none", "n/a", "na", "n.a.", "-", "--", "\u2013", "\u2014", "~", "null", "nil", "tbd", "tba"})
_TEMPLATE_FIELD = re.compile(r"\{id(?::(0\d+))?\}")
# an id a template holds in the number's place (`xxxx`, `NNNN`, `####`): no id, the record is named by its path
ID_PLACEHOLDER = re.compile(r"([xXnN#?])\1{1,7}")


@dataclass(frozen=True)
class RecordFormat:
    name: str
    records: tuple[str, ...]
    metadata: tuple[str, ...]
    fields: tuple[tuple[str, tuple[str, ...]], ...] = ()  # role -> field names, casefolded
    sidecar: str | None = None
    id: str = "{id}"
    aliases: tuple[str, ...] = ()
    words: tuple[tuple[str, str], ...] = ()  # phrase -> canonical word
    skip: tuple[tuple[str, tuple[str, ...]], ...] = ()  # reason -> globs
    section: str | None = None  # the heading whose text holds the metadata
    patterns: tuple[tuple[str, str], ...] = ()  # role -> regex with one group

    @property
    def compiled_patterns(self) -> dict[str, re.Pattern[str]]:
        return {role: compiled(pattern) for role, pattern in self.patterns}

    @property
    def heading_names(self) -> frozenset[str]:
        """The field names the `headings` metadata looks for (only declared ones: a heading is a field when named); a
        heading is read as the status only when named like a status field (`lifecycle.status_named`)."""
        return frozenset(name for role, names in self.fields for name in names
                         if role != "status" or status_named(name))

    @property
    def is_markdown_adr(self) -> bool:
        return "adr" in self.metadata

    def names(self, role: str) -> tuple[str, ...]:
        return dict(self.fields).get(role, ())

    def read_names(self, role: str) -> tuple[str, ...]:
        """The fields a role is read from: its declared names, else, for a value role, the field of its own name."""
        return self.names(role) or ((role,) if role in VALUE_ROLES else ())

    @property
    def word_map(self) -> dict[str, str]:
        return dict(self.words)

    def is_record_name(self, relpath: str) -> bool:
        """Whether a store-relative path matches the declared record globs."""
        return any(matches(relpath, pattern) for pattern in self.records)

    def skip_reason(self, relpath: str) -> str | None:
        for reason, patterns in self.skip:
            if any(matches(relpath, pattern) for pattern in patterns):
                return reason
        return None

    def uid(self, value: str) -> str:
        return render(self.id, value)

    def titled_uid(self, text: str) -> str | None:
        """The uid of an id in the template's own form (or an alias's), or of a bare number, that starts `text` with the
        record's title or a note after it (`FIP-0030 (Introducing the FVM)`, `AIP-10: Move Objects`, `0038 (partly)`),
        else None."""
        found = TITLED_ID.match(text)
        return (self.named_uid(found.group(1)) if found else None) or self._series_uid(text, titled=True)

    def named_uid(self, text: str) -> str | None:
        """The uid of a record `text` names: a bare number (through the id template), or an id written in the
        template's own form or an alias's (`EEP-11` for `EEP {id}`); else None."""
        text = text.strip()
        if text.isdigit():
            return self.uid(text)
        found = _WRITTEN_ID.fullmatch(text)
        if found is None or not any(_own_form(template, text) is not None for template in (self.id, *self.aliases)):
            return self._series_uid(text)
        return self.uid(found.group(2))

    def _series_uid(self, text: str, *, titled: bool = False) -> str | None:
        """With ids written with their series' letters (an id field read through the bare template `{id}`: `A27`, the
        file-name place's `file-id`), an id so written, or in an alias's form (`gRFC A27`), is the uid it names;
        `titled`: with the record's title after it (`gRFC A108: OpenTelemetry ...`)."""
        if self.id != "{id}" or not self.names("id"):
            return None
        for template in (self.id, *self.aliases):
            found = _series_form(template, titled).match(text.strip())
            if found:
                return found.group(1)
        return None

    def alias_names(self, value: str) -> list[str]:
        return [render(template, value) for template in self.aliases]

    def describe(self) -> str:
        """`pep (pep-[0-9]*.rst, pep-[0-9]*.txt; header-block)` for messages."""
        where = ", ".join([*self.metadata, *(["patterns"] if self.patterns else [])]) + (
            f" {self.sidecar}" if self.sidecar else "") + (f" under {self.section!r}" if self.section else "")
        return f"{self.name} ({', '.join(self.records)}; {where})"

    def as_setting(self) -> dict[str, Any]:
        """The declaration as plain data, for the store's recorded reading."""
        return {"name": self.name, "records": list(self.records), "metadata": list(self.metadata),
                "fields": {role: list(names) for role, names in self.fields}, "sidecar": self.sidecar, "id": self.id,
                "aliases": list(self.aliases), "words": dict(self.words),
                "skip": {reason: list(globs) for reason, globs in self.skip},
                **({"section": self.section} if self.section else {}),
                **({"patterns": dict(self.patterns)} if self.patterns else {})}


def matches(relpath: str, pattern: str) -> bool:
    """A glob without "/" matches the file name, one with "/" the store-relative path; any case."""
    target = relpath if "/" in pattern else relpath.rsplit("/", 1)[-1]
    return fnmatch.fnmatchcase(target.lower(), pattern.lower().lstrip("/"))


@cache
def compiled(pattern: str) -> re.Pattern[str]:
    """A declared pattern as the reader matches it (checked once, by `_patterns`)."""
    return re.compile(pattern, PATTERN_FLAGS)


def render(template: str, value: str) -> str:
    """`PEP {id}` with "0008" -> `PEP 8`; `PEP-{id:04}` -> `PEP-0008`; a value that is the template's own form
    (`AIP-47` for `AIP-{id}`) is its number. Any other value that is not a number stays as written."""
    value = value.strip()
    number = int(value) if value.isdigit() else _own_form(template, value)

    def field_text(found: re.Match[str]) -> str:
        if number is None:
            return value
        return format(number, found.group(1)) if found.group(1) else str(number)

    return _TEMPLATE_FIELD.sub(field_text, template)


@cache
def _series_form(template: str, titled: bool) -> re.Pattern[str]:
    """`gRFC {id}` -> a pattern of `gRFC A27` (any case; the id's letters and number its group), alone or titled."""
    parts = [re.escape(part) for part in _TEMPLATE_FIELD.split(template)[::2]]  # split keeps the format's group
    return re.compile(r"([A-Za-z]{1,12}[-_]?\d{1,9})".join(parts) + (_TITLE_AFTER if titled else r"\Z"), re.IGNORECASE)


def _own_form(template: str, value: str) -> int | None:
    """The number of a value written as the template writes ids (prefix alike but for case and separators)."""
    found = _WRITTEN_ID.fullmatch(value)
    if found is None:
        return None
    rendered = _TEMPLATE_FIELD.sub(found.group(2), template)
    return int(found.group(2)) if _letters(rendered) == _letters(value) and _letters(value) else None


def _letters(text: str) -> str:
    return re.sub(r"[^a-z]", "", text.casefold())


@cache
def presets() -> dict[str, RecordFormat]:
    """The shipped presets (presets.toml), by name."""
    text = files("provgraph.ingest.formats").joinpath("presets.toml").read_text(encoding="utf-8")
    return {name: _declared(name, table, None, f"preset {name}") for name, table in tomllib.loads(text).items()}


def preset(name: str) -> RecordFormat:
    try:
        return presets()[name]
    except KeyError:
        raise UsageError(f"no record format preset {name!r} (known: {', '.join(sorted(presets()))})") from None


def declared(table: Mapping[str, Any], where: str = "record format") -> RecordFormat:
    """A declaration from a table: `preset` (default adr) with the table's keys over it; `fields`, `words` and
    `skip` add to the preset's, the other keys replace them. A table that declares its own `records` does not take
    the preset's `skip` (those globs are about the preset's records): `records = ["CIP-*/README.md"]` reads them."""
    unknown = set(table) - _KEYS
    if unknown:
        raise UsageError(f"{where}: unknown key(s) {', '.join(sorted(unknown))} (known: {', '.join(sorted(_KEYS))})")
    name = table.get("preset", DEFAULT)
    if not isinstance(name, str):
        raise UsageError(f"{where}: preset must be a name")
    base = preset(name)
    own = {key: value for key, value in table.items() if key != "preset"}
    if not own:
        return base
    return _declared(name if set(own) <= {"words", "fields"} else f"{name}+", own, base, where)


def _declared(name: str, table: Mapping[str, Any], base: RecordFormat | None, where: str) -> RecordFormat:
    records = _globs(table["records"], f"{where}: records") if "records" in table else base.records if base else ()
    if not records:
        raise UsageError(f"{where}: records (the file globs that are records) is required")
    patterns = dict(base.patterns) if base else {}
    patterns.update(_patterns(table.get("patterns"), where))
    metadata = _metadata(table, base, where)
    bad = [kind for kind in metadata if kind not in METADATA]
    if bad or not (metadata or patterns):
        raise UsageError(f"{where}: metadata must list some of {', '.join(METADATA)} (got {', '.join(bad) or 'none'}), "
                         "or patterns declare the fields")
    section = table.get("section", base.section if base else None)
    if section is not None and (not isinstance(section, str) or not section.strip()):
        raise UsageError(f"{where}: section must be a heading's name (got {section!r})")
    if "adr" in metadata and (patterns or section):
        raise UsageError(f"{where}: patterns and section apply to the other metadata kinds, not to adr (the Markdown "
                         "ADR reading): list the kinds, e.g. metadata = [\"headings\"]")
    sidecar = table.get("sidecar", base.sidecar if base else None)
    if "sidecar" in metadata and not isinstance(sidecar, str):
        raise UsageError(f"{where}: metadata sidecar needs sidecar = \"<file name beside the record>\"")
    fields = dict(base.fields) if base else {}
    for role, names in toml_table(table.get("fields"), f"{where}: fields").items():
        if role.replace("-", "_") not in ROLES:
            raise UsageError(f"{where}: fields: unknown role {role!r} (known: {', '.join(ROLES)})")
        fields[role.replace("-", "_")] = tuple(n.casefold() for n in _texts(names, f"{where}: fields.{role}"))
    words = dict(base.words) if base else {}
    try:
        words.update(store_words(toml_table(table.get("words"), f"{where}: words")))
    except UsageError as problem:  # the one check of a declared word, lifecycle's
        raise UsageError(f"{where}: words: {problem}") from None
    skip = dict(base.skip) if base and "records" not in table else {}  # own records: the preset's skips are its own
    for reason, globs in toml_table(table.get("skip"), f"{where}: skip").items():
        skip[reason] = _globs(globs, f"{where}: skip.{reason}")
    template = table.get("id", base.id if base else "{id}")
    aliases = _texts(table["aliases"], f"{where}: aliases") if "aliases" in table else base.aliases if base else ()
    for text in (template, *aliases):
        if not isinstance(text, str) or "{id" not in text:
            raise UsageError(f"{where}: id and aliases are templates with {{id}} (got {text!r})")
    if not metadata:
        unread = sorted(role for role in fields if role not in patterns)
        if unread:
            raise UsageError(f"{where}: fields {', '.join(unread)} have no metadata to be read from (list metadata kinds, "
                             "or give them patterns)")
    return RecordFormat(name=name, records=records, metadata=metadata, fields=tuple(sorted(fields.items())),
                        sidecar=sidecar, id=template, aliases=aliases, words=tuple(sorted(words.items())),
                        skip=tuple(skip.items()), section=section.strip() if section else None,
                        patterns=tuple(sorted(patterns.items())))


def _metadata(table: Mapping[str, Any], base: RecordFormat | None, where: str) -> tuple[str, ...]:
    """The declared metadata kinds; absent, the preset's, but not the adr reading under patterns (which it does not
    combine with): `patterns` over the adr preset read the patterns only."""
    if "metadata" in table:
        return _texts(table["metadata"], f"{where}: metadata")
    if base is None or (base.is_markdown_adr and table.get("patterns")):
        return ()
    return base.metadata


def _patterns(value: Any, where: str) -> dict[str, str]:
    """role -> regex, each compiled here so a bad one is refused before anything is read, naming its role."""
    found: dict[str, str] = {}
    for role, pattern in toml_table(value, f"{where}: patterns").items():
        name = role.replace("-", "_")
        if name not in ROLES:
            raise UsageError(f"{where}: patterns: unknown role {role!r} (known: {', '.join(ROLES)})")
        if not isinstance(pattern, str) or not pattern.strip():
            raise UsageError(f"{where}: patterns.{role} must be a regular expression")
        try:
            groups = compiled(pattern).groups
        except re.error as error:
            raise UsageError(f"{where}: patterns.{role} {pattern!r} is not a regular expression: {error}") from None
        if groups != 1:
            raise UsageError(f"{where}: patterns.{role} {pattern!r} has {groups} groups; it needs exactly one, "
                             "around the value (use (?:...) for the others)")
        found[name] = pattern
    return found


def toml_table(value: Any, where: str, hint: str = "") -> dict[str, Any]:
    """A TOML table, {} when absent; anything else is refused, naming `where` (and `hint`, said after it)."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise UsageError(f"{where} must be a table{hint}")
    return value


def _texts(value: Any, where: str) -> tuple[str, ...]:
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not all(isinstance(item, str) and item.strip() for item in items):
        raise UsageError(f"{where} must be text or a list of texts")
    return tuple(item.strip() for item in items)


def _globs(value: Any, where: str) -> tuple[str, ...]:
    return _texts(value, where)
