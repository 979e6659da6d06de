// The rival candidates of claim `rivalOf` as rules/rival-candidates finds them, less the claims on its subjects that
// are retired at $t (status_retired_since <= $t: rules/retired; such a claim is STALE or UNKNOWN by rules 1-9 at any
// question scope, so no rival verify could miss). They are left out by the seek itself, in the index on (subject,
// status_retired_since), so a subject with 10,000 revisions costs its live claims, not 10,000. `retiredIndexed`: the
// store's schema (5 or later) keeps status_retired_since on every claim with a subject; on an older store every
// claim on the subjects is read, as rival-candidates reads them. Needs rivalOf, q, abouts, retiredIndexed; out:
// other, kind. Used where the candidates are judged from their stored statuses (verify_requests).
CALL (rivalOf, q, abouts, retiredIndexed) {
  // INCLUDE rival-explicit (written in rules/rival-explicit.cypher)
  UNION
  WITH rivalOf, abouts, retiredIndexed, /*INCLUDE revision-linked(rivalOf)*/ AS linked
  UNWIND [s IN abouts WHERE s IS NOT NULL AND s <> ''] AS about
  CALL (about, retiredIndexed) {
    WITH about WHERE retiredIndexed
    MATCH (live:Claim)
    USING INDEX live:Claim(subject, status_retired_since)
    WHERE live.subject = about AND live.status_retired_since > $t
    RETURN live AS member
    UNION
    // the guard as a row source, so that the read of every claim on the subject runs only behind it
    UNWIND CASE WHEN retiredIndexed THEN [] ELSE [about] END AS unindexed
    MATCH (member:Claim {subject: unindexed})
    USING INDEX member:Claim(subject)
    RETURN member
  }
  WITH rivalOf, linked, member AS other
  WHERE other <> rivalOf AND NOT other IN linked
  RETURN DISTINCT other, 'RIVAL_CLAIM' AS kind
}
