"""The full-text fields as provgraph computed them before they were made cheaper (59dcdfa's
provgraph/graph/fulltext.py, written plainly: each field's words found again wherever they are used).
tests/suspects/test_search_fields_oracle.py holds the pipeline's `search_fields` to it, byte for byte."""
from __future__ import annotations

import re
from typing import Any

from provgraph.graph.fulltext import (FREE_TEXT_WORDS, LUCENE_SPECIAL, MAX_QUERY_TERMS, STOP_WORDS, TERM_WEIGHTS,
                                      VERSION)
from provgraph.graph.fulltext import scope_token as _scope_token

_OPERATORS = {"AND", "OR", "NOT", "TO"}
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_NUMBERING = re.compile(r"^\s*(?:(?:adr|rfc|dec)[\s\-_]*)?\d+[.:)\-\s]+\s*", re.IGNORECASE)
_MARKDOWN_LINK = re.compile(r"\]\([^)\s]*\)")
_URL = re.compile(r"\b[a-z][a-z0-9+.\-]*://\S+", re.IGNORECASE)


def escape(text: str) -> str:
    escaped = "".join("\\" + ch if ch in LUCENE_SPECIAL else ch for ch in text)
    return " ".join(word.lower() if word in _OPERATORS else word for word in escaped.split(" "))


def words(text: str | None) -> list[str]:
    if not text:
        return []
    text = _URL.sub(" ", _MARKDOWN_LINK.sub("]", text))
    return [word.lower() for word in _WORD.findall(text)]


def stem(word: str) -> str:
    for suffix, keep in (("ies", "y"), ("ied", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if suffix == "es" and not word[:-2].endswith(("s", "x", "z", "sh")):
            continue
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith(("ss", "is", "us")):
            base = word[: -len(suffix)] + keep
            if suffix in ("ing", "ed") and len(base) > 3 and base[-1] == base[-2] and base[-1] not in "lsz":
                base = base[:-1]
            return base
    return word


def title_text(title: str | None) -> str:
    if not title:
        return ""
    return _NUMBERING.sub("", title, count=1).strip()


def weighted_terms(title: str | None, subject: str | None, value: str | None, text: str | None) -> list[tuple[str, float]]:
    weights: dict[str, float] = {}
    for field, source in (("title", title_text(title)), ("subject", subject), ("value", value), ("text", text)):
        for word in words(source):
            if word in STOP_WORDS or len(word) < 2 or (word.isdigit() and len(word) > 6):
                continue
            if weights.get(word, 0.0) < TERM_WEIGHTS[field]:
                weights[word] = TERM_WEIGHTS[field]
    order = {word: index for index, word in enumerate(weights)}
    return sorted(weights.items(), key=lambda item: (-item[1], order[item[0]]))


def free_text(title: str | None, subject: str | None, value: str | None, text: str | None) -> bool:
    if not subject or value is None or value == "":
        return True
    keyed = set(words(subject)) | set(words(value))
    own = {word for word in words(title_text(title)) + words(text)
           if word not in STOP_WORDS and len(word) >= 2 and not word.isdigit() and word not in keyed}
    return len(own) >= FREE_TEXT_WORDS


def scope_tokens(scope: str | None) -> tuple[str, str]:
    parts = [part for part in (scope or "").split("/") if part]
    chain = ["/".join(parts[: end]) for end in range(1, len(parts) + 1)]
    if not chain:
        return "0", "0"
    return _scope_token(chain[-1]), " ".join(_scope_token(part) for part in chain)


def search_fields(title: str | None, subject: str | None, value: str | None, text: str | None,
                  scope: str | None = None) -> dict[str, Any]:
    terms = weighted_terms(title, subject, value, text)
    own_scope, under = scope_tokens(scope)
    chosen = terms[:MAX_QUERY_TERMS]
    searched = [escape(word) + (f"^{weight:g}" if weight != 1.0 else "") for word, weight in chosen]
    stems = [stem(word) for word, _ in chosen]
    return {
        "search_version": VERSION,
        "search_scope": own_scope,
        "search_scope_under": under,
        "search_title": title_text(title) or None,
        "search_subject": " ".join(words(subject)) or None,
        "search_value": " ".join(words(value)) or None,
        "search_text": text or None,
        "search_terms": sorted({stem(word) for word, _ in terms}),
        "search_free_text": free_text(title, subject, value, text),
        "search_words": searched or None,
        "search_stems": stems or None,
        "search_query": None,
    }
