"""The oracle for the Lucene query a lookup builds in Cypher (provgraph/cypher/rules/suspect-query.cypher): the same
text written in Python from a claim's fields, which test_fulltext_injection.py holds the built query equal to.

The field boosts are the fragment's own, read from it here: written once, in the fragment."""
from __future__ import annotations

import re
from typing import Iterable

from provgraph.cypher import RULES_DIR
from provgraph.graph import fulltext

_BOOST = re.compile(r"(search_\w+):\(' \+ bag \+ '\)\^([0-9.]+)")


def field_boosts() -> dict[str, float]:
    """{field: boost} as rules/suspect-query.cypher writes them, in its order."""
    text = (RULES_DIR / "suspect-query.cypher").read_text(encoding="utf-8")
    return {field: float(boost) for field, boost in _BOOST.findall(text)}


def lucene_query(terms: Iterable[tuple[str, float]], scope: str | None = None, common: Iterable[str] = ()) -> str | None:
    """The Lucene query for one lookup: each full-text field searched for the (escaped, weighted) terms -- the first
    MAX_QUERY_TERMS, less those whose stem is one of `common` --, boosted as the fragment says, and -- for a scoped
    claim -- a required clause that keeps only claims whose scope overlaps: global ones, the scope itself and those
    above it (search_scope), those under it (search_scope_under). None when there is nothing to search for."""
    left_out = set(common)
    searched, stems = fulltext.query_words(terms)
    chosen = [word for word, term in zip(searched, stems) if term not in left_out]
    if not chosen:
        return None
    bag = " ".join(chosen)
    query = "(" + " ".join(f"{field}:({bag})^{boost:g}" for field, boost in field_boosts().items()) + ")"
    own, under = fulltext.scope_tokens(scope)
    if own != fulltext.GLOBAL_SCOPE_TOKEN:
        query = f"+{query} +(search_scope:({fulltext.GLOBAL_SCOPE_TOKEN} {under}) search_scope_under:({own}))^0"
    return query
