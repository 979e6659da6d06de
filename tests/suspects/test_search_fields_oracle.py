"""The full-text fields the pipeline writes on a claim are the same, byte for byte, as the plain computation they
replaced (fulltext_oracle.py), over varied texts: links, URLs, Lucene syntax, numbering, stop words, suffixes,
digits, scripts other than Latin, empty and missing fields."""
from __future__ import annotations

import json
import random

import pytest
from fulltext_oracle import escape as oracle_escape
from fulltext_oracle import search_fields as oracle_search_fields
from fulltext_oracle import stem as oracle_stem
from fulltext_oracle import words as oracle_words

from provgraph.graph import fulltext

PIECES = [
    "the", "and", "AND", "OR", "NOT", "TO", "retry", "retries", "retried", "retrying", "capped", "caches", "boxes",
    "redis", "routes", "status", "decision", "Context", "payments.retry-limit", "5", "1234567", "12345678",
    "a", "x", "ß", "İstanbul", "ΣΟΦΟΣ", "naïve", "日本語", "données", "Привет", "snake_case", "kebab-case",
    "[link](https://example.org/a)", "see ](x)", "http://h/x?y=1", "ftp://f", "mailto:a@b", "://", "](",
    '") OR *:* OR ("', "field:value^999~2", "/regex.*/", "[a TO z]", "&& || !", "\\", "\"", "\u202e", "\U0001F600",
    "3. Move the ledger", "ADR-12: Use Kafka", "RFC 7 ", "dec_4) choose", "  ", "\n", "\t", ":", "-", "^2",
    "processing", "missed", "fallen", "passes", "buses", "glasses", "analysis", "running", "stopped", "filled",
]


def _text(rng: random.Random, most: int) -> str | None:
    roll = rng.random()
    if roll < 0.08:
        return None
    if roll < 0.12:
        return ""
    return rng.choice([" ", "", "\n", ", ", "/", "."]).join(rng.choice(PIECES) for _ in range(rng.randint(1, most)))


def _cases(count: int, seed: int) -> list[tuple[str | None, str | None, str | None, str | None, str | None]]:
    rng = random.Random(seed)
    scopes = [None, "", "/", "payments", "payments/eu", "/payments//eu/", "a/b/c/d", "ß/日本"]
    return [(_text(rng, 6), _text(rng, 3), _text(rng, 3), _text(rng, 60), rng.choice(scopes)) for _ in range(count)]


@pytest.mark.parametrize("seed", range(4))
def test_search_fields_match_the_plain_computation(seed: int) -> None:
    for title, subject, value, text, scope in _cases(500, seed):
        mine = fulltext.search_fields(title, subject, value, text, scope)
        theirs = oracle_search_fields(title, subject, value, text, scope)
        # byte for byte, key order included (what the driver sends)
        assert json.dumps(mine, ensure_ascii=False) == json.dumps(theirs, ensure_ascii=False), (title, subject, value, text)


def test_a_text_with_more_words_than_the_query_keeps_the_first_by_weight() -> None:
    text = " ".join(f"word{index}" for index in range(100))
    mine = fulltext.search_fields("Title words here", "key.name", "value", text, "scope")
    assert mine == oracle_search_fields("Title words here", "key.name", "value", text, "scope")
    assert len(mine["search_words"]) == fulltext.MAX_QUERY_TERMS


def test_words_stems_and_escape_match_the_plain_computation() -> None:
    for title, subject, value, text, _ in _cases(300, 99):
        for field in (title, subject, value, text):
            assert fulltext.words(field) == oracle_words(field)
            assert fulltext.escape(field or "") == oracle_escape(field or "")
            for word in oracle_words(field):
                assert fulltext.stem(word) == oracle_stem(word)
                assert fulltext.escape(word) == word  # search_fields writes a word unescaped: nothing to escape
