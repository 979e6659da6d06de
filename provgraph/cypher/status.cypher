// name: status
// description: The status of claims for a question scope and time, every rule of docs/design.md "Status of a claim" in its
// description: order (1 UNBOUND .. 12 CURRENT), computed here in the database. One row per claim, sorted by uid:
// description: claim, status, reason, question_scope, scope, subject, value, declared, text, placeholder, source,
// description: path (the cited snapshot's path: where the record lived then), aliases (its earlier paths by $t),
// description: snapshot (sha256 hex), snapshot_uid, line_start, line_end, asserted_at, valid_from, valid_until,
// description: successors (direct revisers visible at $t whose edge scope covers q), conflicts_with (ACTIVE rivals
// description: and explicit partners), premises (the direct DEPENDS_ON premises), premises_not_current (each claim of
// description: the DEPENDS_ON closure not ACTIVE by rules 1-10 at q), premise_verdicts ('STATUS REASON' of each, same
// description: order), successor_scopes (the scope each successor's edge acts in, '' = everywhere, same order as
// description: successors), successors_elsewhere and successors_elsewhere_scopes (revisers in force whose edge acts
// description: only in a scope q does not cover, and that scope), pending, amendments.
// param claims: list of claim uids to judge, or null for every claim
// param q: the question scope, or null to judge each claim in its own scope ('' is the global question)
// param t: the as-of time (DateTime); pass datetime() for now
// param subject: only claims about this subject, or null
// param only: list of statuses to keep (ACTIVE, STALE, CONFLICT, UNKNOWN), or null for all
CALL () {
  UNWIND coalesce($claims, []) AS wanted
  MATCH (c:Claim {uid: wanted})
  USING INDEX c:Claim(uid)
  RETURN c
  UNION
  // the filter comes first so that a call for a few ids does not scan every claim (bench/HISTORY.md)
  WITH 1 AS everything WHERE $claims IS NULL
  MATCH (c:Claim)
  RETURN c
}
WITH c
WHERE $subject IS NULL OR c.subject = $subject
WITH c ORDER BY c.uid
// INCLUDE question-scope (the question scope q of claim c: $q, else c's own scope as of $t)
WITH c, c AS x, q
// INCLUDE base-rules (rules 1-9 for claim x at question scope q and time $t; written in rules/base-rules.cypher)
WITH c, q, base
// rules 10 and 11, only for a claim that passes rules 1-9
OPTIONAL CALL (c, q, base) {
  WITH c, q, base
  WHERE base.status IS NULL
  // premises: everything reachable through DEPENDS_ON visible at $t (a pruning BFS, never path enumeration), but
  // no walk past a premise whose stored status already judges what it rests on (a chain costs its first kept link)
  WITH c, q, base, COLLECT {
    MATCH (c)-[deps:DEPENDS_ON*1..]->(premise:Claim)
    WHERE all(dep IN deps WHERE /*INCLUDE edge-visible(dep)*/
              AND (startNode(dep) = c OR NOT /*INCLUDE premise-kept(startNode(dep), q)*/))
      AND premise <> c
    RETURN DISTINCT premise
  } AS reached
  WITH c, q, base,
    [p IN reached WHERE /*INCLUDE premise-kept(p, q)*/] AS kept,
    [p IN reached WHERE NOT /*INCLUDE premise-kept(p, q)*/] AS premises
  // what the kept premises rest on that is not current, as their stored rows judged it (never the claim itself)
  WITH c, q, base, premises, reduce(acc = [], p IN kept |
    acc + [i IN range(0, size(coalesce(p.status_premises_not_current, [])) - 1)
           WHERE p.status_premises_not_current[i] <> c.uid
           | {uid: p.status_premises_not_current[i], verdict: p.status_premise_verdicts[i]}]) AS inherited
  // rules 1-9 for every premise walked, at the same question scope
  CALL (q, premises) {
    UNWIND premises AS x
    WITH x, q
    // INCLUDE base-rules (rules 1-9 for claim x at question scope q and time $t; written in rules/base-rules.cypher)
    RETURN collect({node: x, base: base}) AS premiseBases
  }
  // rule 10 for the claim and for each premise that passes rules 1-9. Candidates: explicit conflict partners, and
  // claims on the same subject with no revision edge visible at $t between them. A candidate is a live rival when
  // it passes rules 1-9 at the same question scope and is an explicit partner, or has the same subject as of $t and
  // a different value (or no values at all).
  WITH c, q, inherited, premiseBases, {node: c, base: base} AS me
  CALL (q, me, premiseBases) {
    UNWIND [me] + [p IN premiseBases WHERE p.base.status IS NULL] AS owner
    WITH owner, owner.node AS rivalOf, q
    // a crowded subject's claims are read from its roster, judged at write time, when it answers q at $t
    WITH owner, rivalOf, q, COLLECT {
      MATCH (roster:RivalRoster {subject: rivalOf.subject})
      WHERE /*INCLUDE roster-fresh(roster, q)*/
      RETURN /*INCLUDE roster-read(roster)*/
    } AS rosters
    CALL (owner, rivalOf, q, rosters) {
      WITH owner, rivalOf, q, CASE WHEN size(rosters) > 0 THEN [] ELSE [rivalOf.subject] END AS abouts,
        /*INCLUDE revision-linked(rivalOf)*/ AS linked
      // INCLUDE rival-candidates (explicit partners and claims on the subject; written in rules/rival-candidates.cypher)
      WITH owner, kind, other AS x, q
      // INCLUDE base-rules (rules 1-9 for claim x at question scope q and time $t; written in rules/base-rules.cypher)
      WITH owner, kind, x, base
      WHERE base.status IS NULL
        AND (kind = 'EXPLICIT_CONFLICT'
             OR (base.subject = owner.base.subject AND owner.base.subject <> ''
                 AND NOT (base.value IS NOT NULL AND owner.base.value IS NOT NULL AND base.value = owner.base.value)))
      RETURN collect({owner: owner.node.uid, uid: x.uid, kind: kind}) AS judged
    }
    // the roster's live rivals of the owner: ACTIVE by rules 1-9, its subject as of $t, another value (one
    // comprehension over the roster's lists, uids only: a key of 10,000 values makes no map per entry)
    WITH owner, rivalOf, q, judged, rosters, [linked IN /*INCLUDE revision-linked(rivalOf)*/ | linked.uid] AS rosterLinked
    WITH owner, judged, reduce(found = [], r IN rosters | found + [i IN range(0, size(r.members) - 1)
      WHERE /*INCLUDE roster-entry(r, i, q, rivalOf, rosterLinked)*/ AND r.reasons[i] = 'CURRENT'
        AND r.subjects[i] = owner.base.subject AND owner.base.subject <> ''
        AND NOT (r.valued[i] AND owner.base.value IS NOT NULL AND r.values[i] = owner.base.value) | r.members[i]])
      AS rostered
    RETURN reduce(all = [], found IN collect(judged) | all + found) AS live,
      // a roster's rivals stay one list an owner (sorted by uid: one subject, one question scope)
      [r IN collect({owner: owner.node.uid, uids: rostered}) WHERE size(r.uids) > 0] AS rosterLive
  }
  WITH c, rosterLive,
    [l IN live WHERE l.owner = c.uid AND l.kind = 'EXPLICIT_CONFLICT' | l.uid] AS explicit,
    [l IN live WHERE l.owner = c.uid AND l.kind = 'RIVAL_CLAIM' | l.uid] AS judgedRivals,
    coalesce(head([r IN rosterLive WHERE r.owner = c.uid | r.uids]), []) AS rosterRivals,
    [p IN premiseBases WHERE p.base.status IS NOT NULL | p.node.uid] + [l IN live WHERE l.owner <> c.uid | l.owner]
      + [r IN rosterLive WHERE r.owner <> c.uid | r.owner] + [i IN inherited | i.uid] AS stalePremises,
    [p IN premiseBases WHERE p.base.status IS NOT NULL | {uid: p.node.uid, verdict: p.base.status + ' ' + p.base.reason}]
      + [l IN live WHERE l.owner <> c.uid | {uid: l.owner, verdict: 'CONFLICT ' + l.kind}]
      + [r IN rosterLive WHERE r.owner <> c.uid | {uid: r.owner, verdict: 'CONFLICT RIVAL_CLAIM'}] + inherited
      AS staleVerdicts
  WITH c, explicit, judgedRivals, rosterRivals, judgedRivals + rosterRivals AS rivals, stalePremises, staleVerdicts
  // each list sorted in a subquery that imports only that list: in a COLLECT subquery the DISTINCT also keyed on
  // the lists in scope, one copy a row (a key of n values held n * n ids: 1 GiB of memory at 10,000)
  // (a roster's rivals alone are sorted and distinct already: a key of 10,000 values is not sorted again)
  CALL (explicit, judgedRivals, rosterRivals) {
    UNWIND CASE WHEN size(explicit) + size(judgedRivals) = 0 THEN [] ELSE explicit + judgedRivals + rosterRivals END AS uid
    WITH DISTINCT uid ORDER BY uid
    RETURN collect(uid) AS sortedConflicts
  }
  WITH c, explicit, rivals, stalePremises, staleVerdicts,
    CASE WHEN size(explicit) + size(judgedRivals) = 0 THEN rosterRivals ELSE sortedConflicts END AS conflictsWith
  CALL (stalePremises) {
    UNWIND stalePremises AS uid
    WITH DISTINCT uid ORDER BY uid
    RETURN collect(uid) AS staleSorted
  }
  // each premise not current, in the same order: its status and reason at the question scope
  CALL (staleVerdicts) {
    UNWIND staleVerdicts AS v
    WITH v.uid AS uid, min(v.verdict) AS verdict ORDER BY uid
    RETURN collect(verdict) AS premiseVerdicts
  }
  RETURN
    CASE
      WHEN size(explicit) > 0 THEN ['CONFLICT', 'EXPLICIT_CONFLICT']
      WHEN size(rivals) > 0 THEN ['CONFLICT', 'RIVAL_CLAIM']
      WHEN size(stalePremises) > 0 THEN ['UNKNOWN', 'PREMISE_NOT_CURRENT']
      ELSE ['ACTIVE', 'CURRENT']
    END AS late,
    conflictsWith,
    // the direct premises (a premise's own premises are its status's to list)
    COLLECT {
      MATCH (c)-[dep:DEPENDS_ON]->(p:Claim)
      WHERE /*INCLUDE edge-visible(dep)*/ AND p <> c
      RETURN DISTINCT p.uid AS uid ORDER BY uid
    } AS premiseUids,
    staleSorted AS stalePremises,
    premiseVerdicts
}
WITH c, q, base, late, conflictsWith, premiseUids, stalePremises, premiseVerdicts,
  CASE WHEN base.status IS NOT NULL THEN [base.status, base.reason] ELSE late END AS verdict
WHERE $only IS NULL OR verdict[0] IN $only
// the direct revisers visible at $t for q, with their force: in force (successors), pending (proposed, on hold,
// an unrecognised word) or void (rejected, withdrawn: left out); amendments in force or pending
CALL (c, q) {
  OPTIONAL MATCH (c)<-[rev:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS]-(successor:Claim)
  WHERE /*INCLUDE edge-visible(rev)*/
    AND /*INCLUDE scope-covers(rev.scope, q)*/
    AND NOT coalesce(successor.placeholder, false)
  // INCLUDE revision-force
  WITH successor, type(rev) AS kind, force, coalesce(rev.scope, '') AS edgeScope
  WHERE successor IS NOT NULL AND force <> 'VOID'
  WITH DISTINCT successor.uid AS uid, kind = 'AMENDS' AS amends, kind, force, edgeScope ORDER BY uid, amends, force, edgeScope
  RETURN collect({uid: uid, kind: CASE WHEN amends THEN 'AMENDS' ELSE 'REVISES' END, force: force, scope: edgeScope}) AS found
}
// revisers in force at $t whose edge acts only in a scope the question does not cover: the status never rests on
// them, but a claim retired there (or declared superseded) names them and that scope
CALL (c, q) {
  OPTIONAL MATCH (c)<-[rev:CORRECTS|SUPERSEDES|INVALIDATES]-(successor:Claim)
  WHERE /*INCLUDE edge-visible(rev)*/
    AND NOT /*INCLUDE scope-covers(rev.scope, q)*/
    AND NOT coalesce(successor.placeholder, false)
  // INCLUDE revision-force
  WITH successor, rev, force
  WHERE successor IS NOT NULL AND force = 'IN_FORCE'
  WITH successor.uid AS uid, min(rev.scope) AS edgeScope ORDER BY uid
  RETURN collect(uid) AS elsewhere, collect(edgeScope) AS elsewhereScopes
}
WITH c, q, base, late, conflictsWith, premiseUids, stalePremises, premiseVerdicts, verdict, elsewhere, elsewhereScopes,
  reduce(acc = [], r IN found | CASE WHEN any(seen IN acc WHERE seen.uid = r.uid AND seen.kind = r.kind) THEN acc ELSE acc + r END)
    AS revisers
// the citation shown: the snapshot the rules used, else the latest that cites the claim
CALL (c, base) {
  OPTIONAL MATCH (c)-[cited:CITED_AT]->(snap:Snapshot)-[:OF]->(source:Source)
  WITH cited, snap, source
  ORDER BY coalesce(snap.uid = base.snapshot_uid, false) DESC, snap.revised_at DESC
  LIMIT 1
  WITH snap, cited, source, coalesce(snap.path, source.locator) AS path
  // the record's earlier paths as of $t (git renames): every other path a snapshot of its source had by then
  RETURN snap, cited, source, path, COLLECT {
    MATCH (source)<-[:OF]-(earlier:Snapshot)
    WHERE coalesce(earlier.revised_at <= $t, false) AND earlier.path IS NOT NULL AND earlier.path <> path
    WITH earlier.path AS alias, min(earlier.revised_at) AS since ORDER BY since, alias
    RETURN alias
  } AS aliases
}
RETURN
  c.uid AS claim,
  verdict[0] AS status,
  verdict[1] AS reason,
  q AS question_scope,
  base.scope AS scope,
  base.subject AS subject,
  base.value AS value,
  base.declared AS declared,
  base.text AS text,
  coalesce(c.placeholder, false) AS placeholder,
  source.uid AS source,
  path,
  aliases,
  snap.sha256 AS snapshot,
  snap.uid AS snapshot_uid,
  cited.line_start AS line_start,
  cited.line_end AS line_end,
  c.asserted_at AS asserted_at,
  base.valid_from AS valid_from,
  base.valid_until AS valid_until,
  [r IN revisers WHERE r.force = 'IN_FORCE' AND r.kind <> 'AMENDS' | r.uid] AS successors,
  [r IN revisers WHERE r.force = 'IN_FORCE' AND r.kind <> 'AMENDS' | r.scope] AS successor_scopes,
  elsewhere AS successors_elsewhere,
  elsewhereScopes AS successors_elsewhere_scopes,
  coalesce(conflictsWith, []) AS conflicts_with,
  coalesce(premiseUids, []) AS premises,
  coalesce(stalePremises, []) AS premises_not_current,
  coalesce(premiseVerdicts, []) AS premise_verdicts,
  [r IN revisers WHERE r.force = 'PENDING' AND r.kind <> 'AMENDS' | r.uid] AS pending,
  [r IN revisers WHERE r.kind = 'AMENDS' | r.uid] AS amendments
;
