"""The full-text fields of a claim, from which a lookup builds its Lucene query (for `provgraph suspects`).

The ingest pipeline writes these properties on every claim it writes, and the full-text index
`claim_search` (installed with the schema) indexes them:

- `search_title`   the source's title (ADR heading, ticket summary, card's first line), numbering dropped
- `search_subject` the subject label as words (`payments.retry-limit` -> `payments retry limit`)
- `search_value`   the value as words
- `search_text`    what the claim cites: an ADR's decision section, a ticket's summary and body, a log message
- `search_scope`, `search_scope_under`  the scope as opaque tokens: the scope itself, and it and every scope above it
- `search_terms`   the claim's distinct normalised words (the terms two claims share are shown with a suspect)
- `search_free_text` false for a keyed entry whose message says no more than its key and value (`free_text`): it
                   has rivals, not suspects (docs/design.md "Suspects"); null on a claim written before it existed: true
- `search_words`   the words one lookup searches for, escaped and weighted (`retry^2`), heaviest first, at most
                   MAX_QUERY_TERMS; `search_stems` the normalised form of each (as in `search_terms`)

A lookup builds its Lucene query when it runs (`cypher/rules/suspect-query.cypher`; the suspects tests hold it
to a Python oracle, tests/suspects/lucene_oracle.py) from `search_words` less the words whose stem is a common
term (text that recurs across many claims, `cypher/suspect_common_terms.cypher`): such words match nearly every
claim and weigh little, and a lookup that carried them scored most of the store (bench/HISTORY.md "Suspects kept
at write time").

The lookup only finds claims whose scope overlaps the claim's own (equal, one under the other, or
one global): a required clause on the scope tokens, so claims of other scopes never crowd the hits.

Words from the title, subject and value weigh more than words found only in the text (TERM_WEIGHTS), and a
match in a title, subject or value field counts more than one in the text (the field boosts, written in
`cypher/rules/suspect-query.cypher` only). Every word reaches the query
escaped (`escape`), so text taken from a claim can never change the query's structure.
"""
from __future__ import annotations

import hashlib
import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Iterable

if TYPE_CHECKING:
    from provgraph.graph.connection import Graph

INDEX_NAME = "claim_search"
FIELDS = ("search_title", "search_subject", "search_value", "search_text")
SCOPE_FIELDS = ("search_scope", "search_scope_under")
GLOBAL_SCOPE_TOKEN = "0"
# How much a word counts by the field of *this* claim it comes from (the highest wins).
TERM_WEIGHTS = {"title": 2.0, "subject": 2.0, "value": 1.5, "text": 1.0}
FREE_TEXT_WORDS = 4  # a keyed entry's message says more than its key and value with this many words of its own
MAX_QUERY_TERMS = 32  # bounds the query (4 fields x 32 terms, far under Lucene's 1024 clauses)
VERSION = 3  # bump when the fields or the query change: `provgraph init` rewrites older claims' fields
# 3: search_words and search_stems instead of a stored search_query (the query leaves the common terms out)

# Characters with a meaning in Lucene's query syntax, and its word operators.
LUCENE_SPECIAL = set('+-&|!(){}[]^"~*?:\\/')
_OPERATORS = {"AND", "OR", "NOT", "TO"}
_ESCAPES = str.maketrans({ch: "\\" + ch for ch in LUCENE_SPECIAL})
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_NUMBERING = re.compile(r"^\s*(?:(?:adr|rfc|dec)[\s\-_]*)?\d+[.:)\-\s]+\s*", re.IGNORECASE)
_MARKDOWN_LINK = re.compile(r"\]\([^)\s]*\)")
_URL = re.compile(r"\b[a-z][a-z0-9+.\-]*://\S+", re.IGNORECASE)
# Lucene's English stop words plus the words every decision record uses (they say nothing about the matter).
STOP_WORDS = frozenset("""
a an and are as at be but by for if in into is it no not of on or such that the their then there these they this
to was will with we our us you your its it's from has have had been were which who what when where how than so do
does did also all any can could should would may might must shall
decision decided decide decisions context status accepted proposed consequences adr record records
""".split())


def escape(text: str) -> str:
    """`text` as one literal Lucene term sequence: every special character backslash-escaped, and the
    word operators (AND, OR, NOT, TO) lower-cased so they are read as words."""
    escaped = text.translate(_ESCAPES)
    return " ".join(word.lower() if word in _OPERATORS else word for word in escaped.split(" "))


def words(text: str | None) -> list[str]:
    """The lower-cased words of `text` (letters and digits), links and URLs left out, in order."""
    if not text:
        return []
    # the substitutions cost a scan each: skipped when the text cannot hold what they remove
    if "](" in text:
        text = _MARKDOWN_LINK.sub("]", text)
    if "://" in text:
        text = _URL.sub(" ", text)
    return [word.lower() for word in _WORD.findall(text)]


@lru_cache(maxsize=1 << 16)  # the same words recur across claims
def stem(word: str) -> str:
    """A light English stem so `retries`, `retry` and `retried` compare equal in `search_terms`.

    Display only: Lucene's own English analyzer does the stemming that ranks; this only names
    the shared terms in the output."""
    for suffix, keep in (("ies", "y"), ("ied", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if suffix == "es" and not word[:-2].endswith(("s", "x", "z", "sh")):
            continue  # caches -> cache, boxes -> box, but redis stays redis and routes -> route
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith(("ss", "is", "us")):
            base = word[: -len(suffix)] + keep
            if suffix in ("ing", "ed") and len(base) > 3 and base[-1] == base[-2] and base[-1] not in "lsz":
                base = base[:-1]  # capped -> cap
            return base
    return word


def title_text(title: str | None) -> str:
    """A title without its record numbering (`3. Move the ledger` -> `Move the ledger`)."""
    if not title:
        return ""
    return _NUMBERING.sub("", title, count=1).strip()


def weighted_terms(title: str | None, subject: str | None, value: str | None, text: str | None) -> list[tuple[str, float]]:
    """Distinct meaningful words with the weight of the heaviest field they occur in, heaviest first,
    then in order of first appearance; stop words, single letters and long digit runs left out."""
    return _weighted(words(title_text(title)), words(subject), words(value), words(text))


def _weighted(title: list[str], subject: list[str], value: list[str], text: list[str]) -> list[tuple[str, float]]:
    """weighted_terms over the fields' words."""
    weights: dict[str, float] = {}
    for weight, found in ((TERM_WEIGHTS["title"], title), (TERM_WEIGHTS["subject"], subject),
                          (TERM_WEIGHTS["value"], value), (TERM_WEIGHTS["text"], text)):
        for word in found:
            if weights.get(word, 0.0) < weight and word not in STOP_WORDS and len(word) >= 2 \
                    and not (len(word) > 6 and word.isdigit()):
                weights[word] = weight
    # a stable sort keeps the order of first appearance among equal weights
    return sorted(weights.items(), key=lambda item: -item[1])


def free_text(title: str | None, subject: str | None, value: str | None, text: str | None) -> bool:
    """Whether a claim has free text, so that suspects may pair it: it lacks a subject or a value (it is no keyed
    entry), or its title and text hold at least FREE_TEXT_WORDS words of their own: words that are not stop words,
    single characters, numbers, or words of its subject or value (`set payments.retry to 5` says nothing more than
    `payments.retry` = `5`; `payments.retry to 5: the gateway times out under load` does)."""
    return _free_text(subject, value, lambda: (words(title_text(title)), words(subject), words(value), words(text)))


def _free_text(subject: str | None, value: str | None,
               field_words: Callable[[], tuple[list[str], list[str], list[str], list[str]]]) -> bool:
    """free_text, given the words of the title, subject, value and text (asked for only for a keyed entry)."""
    if not subject or value is None or value == "":
        return True
    title, subject_words, value_words, text = field_words()
    keyed = set(subject_words) | set(value_words)
    own = {word for word in title + text
           if word not in STOP_WORDS and len(word) >= 2 and not word.isdigit() and word not in keyed}
    return len(own) >= FREE_TEXT_WORDS


@lru_cache(maxsize=1 << 12)
def scope_token(scope: str) -> str:
    """An opaque all-digit token for one scope (digits pass the English analyzer unchanged)."""
    return "1" + str(int(hashlib.sha256(scope.encode("utf-8")).hexdigest()[:15], 16))


def _scope_chain(scope: str) -> list[str]:
    parts = [part for part in scope.split("/") if part]
    return ["/".join(parts[: end]) for end in range(1, len(parts) + 1)]


def scope_tokens(scope: str | None) -> tuple[str, str]:
    """(search_scope, search_scope_under): the scope's own token, and the tokens of it and every scope above it."""
    chain = _scope_chain(scope or "")
    if not chain:
        return GLOBAL_SCOPE_TOKEN, GLOBAL_SCOPE_TOKEN
    return scope_token(chain[-1]), " ".join(scope_token(part) for part in chain)


def query_words(terms: Iterable[tuple[str, float]]) -> tuple[list[str], list[str]]:
    """(search_words, search_stems): the first MAX_QUERY_TERMS of the weighted `terms`, each escaped with its
    weight (`retry^2`; none for 1), and each one's stem (`stem`), in the same order."""
    chosen = list(terms)[:MAX_QUERY_TERMS]
    # a term is a word (letters and digits, lower case: `words`), which holds nothing `escape` would change
    return ([word if weight == 1.0 else f"{word}^{weight:g}" for word, weight in chosen],
            [stem(word) for word, _ in chosen])


def search_fields(title: str | None, subject: str | None, value: str | None, text: str | None,
                  scope: str | None = None) -> dict[str, Any]:
    """The properties the pipeline writes on a claim for the full-text index (see the module docstring)."""
    # each field's words are found once and shared by the terms, the labels and free_text
    plain_title = title_text(title)
    title_words, subject_words, value_words, text_words = words(plain_title), words(subject), words(value), words(text)
    terms = _weighted(title_words, subject_words, value_words, text_words)
    own_scope, under = scope_tokens(scope)
    searched, stems = query_words(terms)
    return {
        "search_version": VERSION,
        "search_scope": own_scope,
        "search_scope_under": under,
        "search_title": plain_title or None,
        "search_subject": " ".join(subject_words) or None,
        "search_value": " ".join(value_words) or None,
        "search_text": text or None,
        "search_terms": sorted({stem(word) for word, _ in terms}),
        "search_free_text": _free_text(subject, value, lambda: (title_words, subject_words, value_words, text_words)),
        "search_words": searched or None,
        "search_stems": stems or None,
        "search_query": None,  # the query an older provgraph stored: removed (a lookup builds it now)
    }


__all__ = ["FIELDS", "FREE_TEXT_WORDS", "INDEX_NAME", "SCOPE_FIELDS", "VERSION", "backfill", "ensure_index", "escape", "free_text", "query_words",
           "search_fields", "stem",
           "weighted_terms", "words"]


def ensure_index(graph: "Graph") -> None:
    """Create the `claim_search` index (`cypher/fulltext_index.cypher`), or re-create it when an older
    provgraph made it over other properties."""

    rows = graph.read("fulltext_index_info")
    if rows and (rows[0]["type"] != "FULLTEXT" or sorted(rows[0]["properties"] or []) != sorted(FIELDS + SCOPE_FIELDS)):
        graph.write("fulltext_index_drop")
    graph.write("fulltext_index")


def backfill(graph: "Graph", batch: int = 2000) -> int:
    """Write the full-text fields on claims that lack them or have an older VERSION of them. Returns how many."""

    pending, fill = "fulltext_pending", "fulltext_fill"
    after, filled = "", 0
    while True:
        rows = graph.read(pending, {"after": after, "limit": batch, "version": VERSION})
        if not rows:
            return filled
        after = max(row["uid"] for row in rows)
        graph.write(fill, {"rows": [
            {"uid": row["uid"], "search": search_fields(row["title"], row["subject"], row["value"], row["text"], row["scope"])}
            for row in rows
        ]})
        filled += len(rows)
