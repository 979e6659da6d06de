// The Lucene query of claim `claim`'s lookup, built when it runs (the suspects tests hold it to the Python oracle
// tests/suspects/lucene_oracle.py): its search_words less those whose stem ($common: the common terms,
// cypher/suspect_common_terms.cypher) weighs nothing in a pair, searched in each full-text field with its boost (written
// below, nowhere else), and for a scoped claim (search_scope other than the global token '0') a required clause on
// the scope tokens of the claims whose scope overlaps.
// Leaving the common words out keeps a lookup from scoring nearly every claim for words that weigh little. A claim
// an older provgraph wrote (search_query, no search_words, until `provgraph init` or a write refills it) runs its
// stored query. Needs claim; out: claim, query (null: nothing to search for).
WITH claim, [i IN range(0, size(coalesce(claim.search_words, [])) - 1)
             WHERE NOT claim.search_stems[i] IN $common | claim.search_words[i]] AS searched
WITH claim, CASE WHEN size(searched) = 0 THEN null
                 ELSE reduce(bag = head(searched), word IN tail(searched) | bag + ' ' + word) END AS bag
// the field boosts (how much a match in each field of the other claim counts) are written here only
WITH claim, CASE WHEN bag IS NULL THEN null
  ELSE '(search_title:(' + bag + ')^2 search_subject:(' + bag + ')^2 search_value:(' + bag + ')^1.5 search_text:(' + bag + ')^1)'
END AS fields
WITH claim, CASE
  WHEN claim.search_words IS NULL THEN claim.search_query
  WHEN fields IS NULL THEN null
  WHEN coalesce(claim.search_scope, '0') = '0' THEN fields
  ELSE '+' + fields + ' +(search_scope:(0 ' + claim.search_scope_under + ') search_scope_under:(' + claim.search_scope + '))^0'
END AS query
