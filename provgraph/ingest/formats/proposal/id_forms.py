"""The id template and its aliases, from how the records' texts cite each other (roles.py's id template): a form whose
prefix is the records' own (the file names', or the id field's name: `RFC #` -> `RFC 10`) first, the one that names
the most records, else an acronym that names three records or more from two record files or more, never an outside
standard's (`PSR-16`); the other forms (and the file names') of the same prefix are aliases."""
from __future__ import annotations

import re
from collections import Counter, defaultdict

from provgraph.ingest.formats.proposal.files import Seen, number_of, prefix_of
from provgraph.ingest.formats.proposal.places import Choice

# `EEP 9`, `XEP-0084`; never an entity reference (`&xep0060;`, XML markup)
CITE = re.compile(r"(?<![\w/&])([A-Za-z]{2,12})([ -]?)(\d{1,6})(?![\w]|\.\d)")
ID_NAMES = re.compile(r"(^|\W)(id|number|no|key)(\W|$)")
_ACRONYM = 6
ALIASES = 5


def templates(choice: Choice, seen: dict[str, Seen], ids: set[int], id_name: str | None) -> tuple[str, list[str]]:
    """The id template and aliases from how the records' texts cite each other."""
    file_prefixes = Counter(prefix_of(relpath.rsplit("/", 1)[-1]) for relpath in choice.stated)
    file_prefix = file_prefixes.most_common(1)[0][0] if file_prefixes else ""
    field_prefix = re.split(r"[^a-z]", (id_name or "").casefold())[0]
    own = {file_prefix.casefold(), "" if ID_NAMES.search(field_prefix) else field_prefix} - {""}
    outside = _outside(choice, seen)
    cited: dict[tuple[str, str, int], set[int]] = defaultdict(set)
    citing: dict[tuple[str, str, int], set[str]] = defaultdict(set)
    for relpath in choice.stated:
        for prefix, separator, digits in CITE.findall(seen[relpath].text):
            if int(digits) in ids and (prefix.casefold() in own or (prefix.isupper() and len(prefix) <= _ACRONYM
                                                                    and prefix.casefold() not in outside)):
                width = len(digits) if digits.startswith("0") and len(digits) > 1 else 0
                cited[prefix, separator, width].add(int(digits))
                citing[prefix, separator, width].add(relpath)
    ranked = sorted(cited.items(), key=lambda item: (item[0][0].casefold() not in own, -len(item[1]), item[0]))
    enough = min(3, len(ids))
    forms = [form for form, named in ranked if form[0].casefold() in own
             or (len(named) >= enough and len(citing[form]) >= min(2, len(choice.stated)))]
    file_form = _file_form(choice)
    if not forms:
        if file_form is None:
            return "{id}", []
        prefix, _, width = file_form
        forms = [(prefix.upper(), "-", width)]
    template = _render(forms[0])
    family = forms[0][0].casefold()
    aliases = [_render(form) for form in forms[1:] if form[0].casefold() == family]
    if file_form is not None:
        aliases.append(_render(file_form))
    return template, [alias for alias in dict.fromkeys(aliases) if alias != template][:ALIASES]


def _outside(choice: Choice, seen: dict[str, Seen]) -> set[str]:
    """Acronyms a record's file name or title carries with a number not its own (`0001-use-psr-16-...`, "Use PSR-16"):
    an outside standard's, not the log's ids, unless a record carries one with its own number too (`RFC 7: ...`)."""
    other: set[str] = set()
    own: set[str] = set()
    for relpath in choice.stated:
        number = number_of(relpath)
        title = next((line for line in seen[relpath].lines or () if line.strip()), "")
        for prefix, _, digits in CITE.findall(f"{relpath.rsplit('/', 1)[-1]} {title}"):
            (own if int(digits) == number else other).add(prefix.casefold())
    return other - own


def _file_form(choice: Choice) -> tuple[str, str, int] | None:
    """How the record files name themselves (`pep-0008.rst` -> ("pep", "-", 4)), when they do."""
    forms: Counter[tuple[str, str, int]] = Counter()
    for relpath in choice.stated:
        found = re.match(r"([A-Za-z]{2,12})([ _-]?)(\d+)", relpath.rsplit("/", 1)[-1])
        if found:
            digits = found.group(3)
            forms[found.group(1), found.group(2), len(digits) if digits.startswith("0") and len(digits) > 1 else 0] += 1
    return forms.most_common(1)[0][0] if forms and forms.most_common(1)[0][1] >= 0.5 * len(choice.stated) else None


def _render(form: tuple[str, str, int]) -> str:
    prefix, separator, width = form
    return f"{prefix}{separator}{{id:0{width}}}" if width else f"{prefix}{separator}{{id}}"
