"""Files the record globs match that are not records: set aside with their reason, as `[store.record.skip]` globs.

- a template: a folder named for one, with no record number of its own (`0000-template/`); a file so named
  (`template.md`) unless it states a status and its top shows no template's placeholder (templates.py: crossplane's
  `one-pager-template-stacks`, `* Status: Defunct`, is a record), and always when it is numbered 0
  (`ODH-ADR-0000-template`, `Status: Approved` as its authors are to write it); a file numbered 0 or named for a
  template whose title is a placeholder (`ADR-000: [Short Title]`, `Title (Required)`), whatever status it states (a
  process record numbered 0 names its decision: Chef's `rfc000-rfc-process`); a record file titled a template whose text's
  status is a placeholder where its sidecar states one (gep-696: `name: GEP template` in metadata.yaml, `* Status:
  Provisional|Prototyping|...` in its text); or a record file whose status is a placeholder (`<Draft | Active |
  ...>`, `Draft | Proposed | Accepted`) and that is numbered 0 (`cep-0000.md`) or whose number field is a
  placeholder too (`TAP: <TAP number>`, a field named as its file name's prefix or for an id): the template of a log
  that names it as a record (a record that only left its status a placeholder stays a record, one that states no
  status);
- an index page: a file named README or index, any case and extension (`README.md`, in any folder), unless the
  records are such files by name (a KEP is its folder's `README.md`: the records glob names it literally), or it states
  a status where the records do in a folder no other record is in (a specification's folder: a record), or it states
  every field (two or more) the records nearly all state, its status among them (Valkey's README, front matter `RFC:
  1`, `Status: Informational` as every RFC's: RFC 1); the index pages then set aside by their paths. A page listing
  the records states their statuses in a table, not its own where they state theirs;
- a translation: a file whose name is another record file's name in the same folder with a language tag (BCP 47
  -like: a language of ISO 639-1's two letters, or three with a region; a script, a region after it; `plugins-ui`
  beside `plugins` is a record) before its extension
  (`VIP-180-zh_CN.md` beside `VIP-180.md`, `0001-x.ja.rst`, `pep-8_pt-BR.rst`). It says what its record says, in
  another language: one decision, so one record.
Each is counted under its reason (`ingest files` and the proposal's counts say how many) and named in the proposal.
"""
from __future__ import annotations

import posixpath
import re
from collections import Counter
from typing import Sequence

from provgraph.ingest.placeholders import placeholder
from provgraph.ingest.formats.declaration import matches
from provgraph.ingest.formats.proposal.evidence import Fields, status_text
from provgraph.ingest.formats.proposal.files import Seen, is_template, literal_glob, number_of, prefix_of
from provgraph.ingest.formats.proposal.places import Choice
from provgraph.ingest.formats.proposal.templates import HEAD_LINES, placeholder_title, placeholders, titled

TEMPLATE = "template"
INDEX_PAGE = "index page"  # the adr preset's word for a README or an index
TRANSLATION = "translation"
_INDEX_NAMES = ("readme", "index")
_ID_NAMES = ("id", "number", "no", "key")
_TITLE_NAMES = ("title", "name")
_SHARE_SHAPE = 0.9  # the fields that give the records their shape: those this share of them state
_TITLE_LINE = re.compile(r"^(?:#{1,6}[ \t]+|title:[ \t]*)(.+)$", re.IGNORECASE)  # a Markdown title, a front matter's
LANGUAGES = frozenset((  # ISO 639-1: a translation's tag names a language, not any two letters (`plugins-ui`)
    "aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en "
    "eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv "
    "ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne "
    "ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss "
    "st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu").split())
_TAGGED = re.compile(r"(?P<base>.+?)(?P<separator>[-_.])"
                     rf"(?P<tag>(?:{'|'.join(sorted(LANGUAGES))})(?:[-_](?:[A-Z][a-z]{{3}}|[A-Za-z]{{2}}|\d{{3}}))*"
                     r"|[a-z]{3}(?:[-_](?:[A-Z][a-z]{3}|[A-Za-z]{2}|\d{3}))+)")


def set_aside(choice: Choice, texts: list[Seen]) -> dict[str, list[str]]:
    """reason -> the globs of the files among `texts` the record globs match that are not records (a template, an
    index page, a translation); they are taken out of the choice, so ids, words and counts are the records' own."""
    paths = sorted({*choice.stated, *choice.silent,
                    *(item.relpath for item in texts if any(matches(item.relpath, glob) for glob in choice.records))})
    heads = {item.relpath: item.lines or () for item in texts}
    skip: dict[str, list[str]] = {}
    own = _own_folder_records(choice) | _shaped_records(choice)
    for relpath in paths:
        stated = choice.stated.get(relpath)
        head = heads.get(relpath, ())
        values = [status_text(value) for value in stated.values()] if stated is not None else []
        a_record = stated is not None and not placeholders(head, values)
        reason_glob = (_template(relpath, a_record) or _placeholder_titled(relpath, stated, head)
                       or _titled(relpath, stated, head, choice.lagging.get(relpath)) or _filled_in(relpath, choice.placeholders.get(relpath))
                       or _index_page(relpath, choice.records, own) or _translation(relpath, paths))
        if reason_glob is None and _template(relpath, False):
            choice.named_template.append(relpath)
        if reason_glob is not None:
            reason, glob = reason_glob
            if glob not in skip.setdefault(reason, []):
                skip[reason].append(glob)
    if skip:
        globs = [glob for found in skip.values() for glob in found]
        choice.leave_out(lambda path: any(matches(path, glob) for glob in globs))
    return skip


def _template(relpath: str, a_record: bool) -> tuple[str, str] | None:
    """A file in a folder named for a template, or named for one itself unless `a_record` (it states a status, and
    its top shows no placeholder) and it has no number (a template numbered 0 shows the status its authors write)."""
    *folders, name = relpath.split("/")
    part = next((folder for folder in folders if is_template(folder)), None)
    glob = f"*{part}/*" if part else name if is_template(name) and (not a_record or number_of(relpath) == 0) else None
    return (TEMPLATE, glob) if glob else None


def _placeholder_titled(relpath: str, fields: Fields | None, head: Sequence[str]) -> tuple[str, str] | None:
    """A file numbered 0 or named for a template (`fields`: its merged fields when it states a status) whose title is a
    placeholder: the template, its status the one a new record starts with."""
    if fields is None or (number_of(relpath) != 0 and not is_template(posixpath.basename(relpath))):
        return None
    return (TEMPLATE, literal_glob(relpath)) if any(map(placeholder_title, _titles(fields, head))) else None


def _titled(relpath: str, fields: Fields | None, head: Sequence[str], in_text: str | None) -> tuple[str, str] | None:
    """A record file (`fields`: its merged fields when it states a status) titled a template whose text's own status
    (`in_text`, where a sidecar states the one read) is a placeholder. A title alone is no sign: KEPs that kept
    their template's `title: KEP Template` and some of its values are records."""
    if fields is None or not placeholder(in_text):
        return None
    return (TEMPLATE, literal_glob(relpath)) if any(map(titled, _titles(fields, head))) else None


def _titles(fields: Fields, head: Sequence[str]) -> list[str]:
    """A file's titles: its fields named for one, and its top's first heading or `title:` line."""
    titles = [status_text(value) for name, value in fields.items() if name.casefold() in _TITLE_NAMES]
    return titles + [found.group(1) for line in head[:HEAD_LINES] if (found := _TITLE_LINE.match(line))][:1]


def _filled_in(relpath: str, fields: Fields | None) -> tuple[str, str] | None:
    """A template by its text (`fields`: its merged fields when its status is a placeholder, else None): numbered 0,
    or its number field a placeholder."""
    if fields is None:
        return None
    numbering = {prefix_of(posixpath.basename(relpath)).casefold(), *_ID_NAMES} - {""}
    unnumbered = any(placeholder(status_text(value)) for name, value in fields.items() if name in numbering)
    return (TEMPLATE, literal_glob(relpath)) if number_of(relpath) == 0 or unnumbered else None


def _index_page(relpath: str, records: list[str], own: set[str]) -> tuple[str, str] | None:
    """A README or index, unless the records are such files by name, or it is a record (`own`: of a folder of its own,
    or written as the records are); while one is, each index page is set aside by its path."""
    name = posixpath.basename(relpath)
    if posixpath.splitext(name)[0].casefold() not in _INDEX_NAMES or relpath in own \
            or any(glob.casefold() == name.casefold() for glob in records):
        return None
    return INDEX_PAGE, literal_glob(name) if not own else "/" * ("/" not in relpath) + literal_glob(relpath)  # the top's, anchored by a leading slash


def _own_folder_records(choice: Choice) -> set[str]:
    """The READMEs and indexes that state a status where the records do, each in a folder no other record of the
    log is in: a record (a specification's folder: MongoDB's serverless-testing), not a page listing records."""
    found = set()
    for relpath in choice.stated:
        folder, name = posixpath.split(relpath)
        if posixpath.splitext(name)[0].casefold() in _INDEX_NAMES and not any(
                other != relpath and posixpath.dirname(other) == folder for other in choice.stated):
            found.add(relpath)
    return found


def _shaped_records(choice: Choice) -> set[str]:
    """The READMEs and indexes that state every field the other records nearly all state, two or more with the status
    among them: a record written as the others are (a status alone is no shape: a page may state one)."""
    index = {path for path in choice.stated if posixpath.splitext(posixpath.basename(path))[0].casefold() in _INDEX_NAMES}
    others = [set(fields) for path, fields in choice.stated.items() if path not in index]
    counted = Counter(name for names in others for name in names)
    shape = {name for name, count in counted.items() if count >= _SHARE_SHAPE * len(others)}
    if len(shape) < 2 or not shape & set(choice.status_names):
        return set()
    return {path for path in index if shape <= set(choice.stated[path])}


def _translation(relpath: str, paths: list[str]) -> tuple[str, str] | None:
    """A file named as another record file of its folder plus a language tag: (reason, a glob of its tag and
    extension: `*-zh_CN` then `.md`)."""
    if translated(relpath, paths) is None:
        return None
    stem, suffix = posixpath.splitext(posixpath.basename(relpath))
    tagged = _TAGGED.fullmatch(stem)
    assert tagged is not None  # translated() matched it
    return TRANSLATION, "*" + literal_glob(f"{tagged['separator']}{tagged['tag']}{suffix}")


def translated(relpath: str, paths: list[str]) -> str | None:
    """The record file a translation translates (`VIP-180.md` for `VIP-180-zh_CN.md`, in the same folder), None if
    not one."""
    folder, name = posixpath.split(relpath)
    stem, suffix = posixpath.splitext(name)
    tagged = _TAGGED.fullmatch(stem)
    base = posixpath.join(folder, tagged["base"] + suffix) if tagged else None
    return base if base in paths else None
