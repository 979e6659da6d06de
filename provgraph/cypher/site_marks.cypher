// name: site_marks
// description: What a decision site compares with its last build to find the claims whose own page may have changed,
// description: one small row a claim (no text): claim; fresh (its stored status holds at $t: docs/design.md "Stored
// description: status"); computed (epoch microseconds: when that status was stored; every write that changes the claim,
// description: its text, title, history or edges stores its status again); and what the claim node holds beside it:
// description: text_size, aliases (how many), placeholder, cited (how many snapshots cite it), last_cited (epoch microseconds).
// description: Sorted by uid.
// param t: the as-of time (DateTime)
MATCH (c:Claim)
WHERE c.uid IS NOT NULL
RETURN c.uid AS claim, coalesce(/*INCLUDE stored-fresh(c)*/, false) AS fresh,
       /*INCLUDE epoch-us(c.status_computed_at)*/ AS computed, size(coalesce(c.text, '')) AS text_size,
       size(coalesce(c.aliases, [])) AS aliases, coalesce(c.placeholder, false) AS placeholder,
       COUNT { (c)-[:CITED_AT]->(:Snapshot) } AS cited, /*INCLUDE epoch-us(c.last_cited_at)*/ AS last_cited
ORDER BY claim
;
