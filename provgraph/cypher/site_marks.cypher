// name: site_marks
// plan: kept
// description: The claims whose site mark differs from the one a decision site's last build saw ($known: uid -> mark;
// description: null on a first build, when every claim differs), in one row: changed (a list of {claim, fresh, mark},
// description: sorted by uid), removed (the uids of $known no claim has now) and claims (how many claims there are).
// description: A mark is [when the stored status was stored (epoch microseconds; -1: none), how many aliases, placeholder,
// description: how many snapshots cite it, when the latest did (epoch microseconds; -1: none)]: every write that changes
// description: the claim, its text, title, history or edges stores its status again. A claim whose stored status does not
// description: hold at $t (fresh false: docs/design.md "Stored status") is always listed.
// param t: the as-of time (DateTime)
// param known: map of claim uid -> the mark the last build saw, or null
MATCH (c:Claim)
WHERE c.uid IS NOT NULL
WITH c, coalesce(/*INCLUDE stored-fresh(c)*/, false) AS fresh,
     [coalesce(/*INCLUDE epoch-us(c.status_computed_at)*/, -1), size(coalesce(c.aliases, [])),
      coalesce(c.placeholder, false), COUNT { (c)-[:CITED_AT]->(:Snapshot) },
      coalesce(/*INCLUDE epoch-us(c.last_cited_at)*/, -1)] AS mark
ORDER BY c.uid
WITH count(c) AS claims,
     collect(CASE WHEN NOT fresh OR coalesce($known[c.uid] <> mark, true)
                  THEN {claim: c.uid, fresh: fresh, mark: mark} END) AS changed
CALL () {
  UNWIND keys(coalesce($known, {})) AS uid
  OPTIONAL MATCH (now:Claim {uid: uid})
  WITH uid, now WHERE now IS NULL
  RETURN collect(uid) AS removed
}
RETURN claims, changed, removed
;
