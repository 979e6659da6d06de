"""RST labels: how records written in reStructuredText cite each other. A label `.. _rfc7.1:` (over a title, or any
section) names the record whose file defines it; a `:ref:` role (`:ref:`RFC 7.1 <rfc7.1>``, `:ref:`rfc7``) in a link
field names that record. Each label a record file defines is one of its claim's aliases, `<store>:.. _<label>:` (the
label as RST writes it, so no path or id is ever the same name), collected as the file is read, as ids are; a `:ref:`
resolves to it as any alias does, whichever file is read first. Labels are matched as Sphinx does: case and runs of
blanks aside."""
from __future__ import annotations

import re

_DEFINED = re.compile(r"\.\.[ \t]+_([^:`\s][^:`]*|`[^`]+`):[ \t]*$")  # `.. _rfc7.1:`, `` .. _`a label`: ``
# `:ref:`text <label>`` or `:ref:`label`` (its closing backtick may be trimmed off a value's end)
_CITED = re.compile(r":ref:`(?:[^`<]*<([^<>`]+)>|([^`<>]+))(?:`|$)")


def _normal(label: str) -> str:
    return " ".join(label.strip("` ").casefold().split())


def defined(lines: list[str]) -> list[str]:
    """The labels a record file defines (each line `.. _label:` at its start), normalised, in order."""
    found = [_normal(matched.group(1)) for line in lines if line.startswith("..")
             and (matched := _DEFINED.match(line.rstrip()))]
    return list(dict.fromkeys(label for label in found if label))


def cited(text: str) -> list[str]:
    """The labels the `:ref:` roles of a link field's value name, normalised, in order."""
    return list(dict.fromkeys(_normal(target or bare) for target, bare in _CITED.findall(text)))


def alias(store: str, label: str) -> str:
    """The name a label gives the record that defines it, in the store."""
    return f"{store}:.. _{label}:"
