// The claims on the subjects `abouts` (a list of distinct subjects) that may be a rival at $t, one row per (about,
// member): every claim on them less those retired at $t (status_retired_since <= $t: rules/retired; such a claim is
// STALE or UNKNOWN by rules 1-9 at any question scope, so no rival verify could miss). They are left out by the seek
// itself, in the index on (subject, status_retired_since), so a subject with 10,000 revisions costs its live claims,
// not 10,000. `retiredIndexed`: the store's schema (5 or later) keeps status_retired_since on every claim with a
// subject; on an older store every claim on the subjects is read. Needs abouts, retiredIndexed; out: about, member.
// One subquery for all the subjects a verify request names, not one per candidate.
// Used where rivals are judged from their stored statuses (verify_requests).
CALL (abouts, retiredIndexed) {
  UNWIND CASE WHEN retiredIndexed THEN abouts ELSE [] END AS about
  MATCH (live:Claim)
  USING INDEX live:Claim(subject, status_retired_since)
  WHERE live.subject = about AND live.status_retired_since > $t
  RETURN about, live AS member
  UNION ALL
  UNWIND CASE WHEN retiredIndexed THEN [] ELSE abouts END AS about
  MATCH (member:Claim {subject: about})
  USING INDEX member:Claim(subject)
  RETURN about, member
}
