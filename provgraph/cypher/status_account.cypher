// name: status_account
// description: The account of status rows (docs/design.md "The account of a status"): since when each claim has had its
// description: status and reason at $t, and what made it so. One row per input row: claim, since, because_kind (record,
// description: adjudication, expiry; null when nothing can be named: UNBOUND, NOT_YET_ASSERTED), because (the claim
// description: whose record, or the adjudication, that did it), because_snapshot (uid), because_commit (the snapshot's
// description: version), because_author, because_committer, because_file (the source's path or key), because_line
// description: (the status or link line that states it), because_by (an adjudication's by).
// description: since by reason: a revision (CORRECTED, SUPERSEDED, INVALIDATED) from the earliest in-force reviser,
// description: when both its edge was recorded and the reviser's word put it in force; a lifecycle word (REJECTED,
// description: PROPOSED, ...) and NOT_YET_VALID / OUT_OF_SCOPE from the first of the unbroken run of snapshots that
// description: state the claim with its current word; SOURCE_REVISED / SOURCE_DELETED from the snapshot that dropped
// description: it; EXPIRED from valid_until; EXPLICIT_CONFLICT / RIVAL_CLAIM / PREMISE_NOT_CURRENT from the later of
// description: the claim's run and the partner's (the rival's, the premise's); CURRENT from the latest of its run,
// description: valid_from, and the end of any retiring edge, conflict edge or adjudication that ended by $t.
// param rows: list of {claim, reason, question_scope, conflicts_with, premises_not_current} (status rows)
// param t: the as-of time the rows were computed for (DateTime)
UNWIND $rows AS row
MATCH (x:Claim {uid: row.claim})
USING INDEX x:Claim(uid)
WITH row, x, coalesce(row.question_scope, '') AS q
// revisions in force at $t of the kind the reason names: when each took effect, and the record or adjudication
CALL (x, row, q) {
  WITH x, row, q,
       CASE row.reason WHEN 'CORRECTED' THEN 'CORRECTS' WHEN 'SUPERSEDED' THEN 'SUPERSEDES'
                       WHEN 'INVALIDATED' THEN 'INVALIDATES' ELSE null END AS kind
  WHERE kind IS NOT NULL
  MATCH (x)<-[rev:CORRECTS|SUPERSEDES|INVALIDATES]-(successor:Claim)
  WHERE type(rev) = kind
    AND /*INCLUDE edge-visible(rev)*/
    AND /*INCLUDE scope-covers(rev.scope, q)*/
    AND NOT coalesce(successor.placeholder, false)
  // INCLUDE revision-force
  WITH x, rev, successor, force WHERE force = 'IN_FORCE'
  OPTIONAL MATCH (adjudication:Adjudication {uid: rev.via})
  // the recording snapshot that opened the edge's window, and its line
  OPTIONAL CALL (rev) {
    UNWIND range(0, size(coalesce(rev.recorded_in, [])) - 1) AS i
    MATCH (recorded:Snapshot {uid: rev.recorded_in[i]})
    WITH recorded, coalesce(rev.recorded_lines, [])[i] AS line ORDER BY recorded.revised_at, recorded.uid LIMIT 1
    RETURN recorded.uid AS recorded, CASE WHEN line > 0 THEN line END AS recordedLine
  }
  // since when the successor's word has put it in force (the first of its unbroken in-force run)
  CALL (successor) {
    OPTIONAL MATCH (successor)-[:CITED_AT]->(s0:Snapshot)
    WHERE coalesce(s0.revised_at <= $t, false)
    WITH successor, s0 ORDER BY s0.revised_at DESC, s0.uid DESC LIMIT 1
    // two MATCH clauses: in one pattern the OF of s0 could not be walked twice, so s0 itself would be left out
    OPTIONAL MATCH (s0)-[:OF]->(source:Source)
    OPTIONAL MATCH (source)<-[:OF]-(s:Snapshot)
    WHERE coalesce(s.revised_at <= s0.revised_at, false)
    OPTIONAL MATCH (successor)-[said:CITED_AT]->(s)
    WITH s, said ORDER BY s.revised_at DESC, s.uid DESC
    WITH collect({snapshot: s.uid, at: s.revised_at, cited: said IS NOT NULL, line: coalesce(said.status_line, said.line_start),
                  force: said IS NOT NULL AND (said.declared IS NULL OR toLower(said.declared) IN
                         ['', 'accepted', 'amended', 'deprecated', 'superseded'])}) AS history
    WITH reduce(acc = {run: [], open: true}, h IN history |
      CASE WHEN acc.open AND h.force THEN {run: acc.run + [h], open: true} ELSE {run: acc.run, open: false} END).run AS run
    RETURN CASE WHEN size(run) = 0 THEN null ELSE last(run) END AS inForce
  }
  WITH successor, rev, adjudication, recorded, recordedLine, inForce,
       CASE WHEN adjudication IS NULL AND inForce IS NOT NULL AND inForce.at > rev.valid_from THEN true ELSE false END AS byWord
  WITH CASE
    WHEN adjudication IS NOT NULL
      THEN {at: rev.valid_from, kind: 'adjudication', because: adjudication.uid, snapshot: null, line: null, by: adjudication.by}
    WHEN byWord
      THEN {at: inForce.at, kind: 'record', because: successor.uid, snapshot: inForce.snapshot, line: inForce.line, by: null}
    ELSE {at: rev.valid_from, kind: 'record', because: successor.uid, snapshot: recorded, line: recordedLine, by: null}
  END AS event
  ORDER BY event.at, event.because
  RETURN collect(event) AS revisions
}
// the run of each claim the reason names: x, its rivals or explicit partners, its premises not current. start: the
// first snapshot of the unbroken run (newest first) of its source's snapshots that cite the claim with the word the
// latest citing snapshot at $t has
// a rival on a crowded subject: its run's start as its fresh roster keeps it (the rivals there are its entries at q,
// in the same uid order as conflicts_with: one walk down both lists keeps the rival whose run began first, as the
// partner below is chosen, instead of a run per rival); looked up for a rival only (the row tells)
CALL (x, row, q) {
  WITH x, row, q WHERE row.reason = 'RIVAL_CLAIM'
  MATCH (roster:RivalRoster {subject: x.subject})
  WHERE /*INCLUDE roster-fresh(roster, q)*/
  WITH collect(roster {.members, .entry_scopes, .run_snapshots, .run_ats, .run_lines}) AS rosters
  RETURN head(rosters) AS roster
}
// x's own run is not walked when a revision in force names the event (the account of a revision reads nothing else)
CALL (x, row, roster, revisions) {
  UNWIND CASE WHEN size(revisions) > 0 THEN [] ELSE [x.uid] END + CASE WHEN roster IS NOT NULL THEN []
                        WHEN row.reason = 'RIVAL_CLAIM' THEN coalesce(row.conflicts_with, [])
                        WHEN row.reason = 'PREMISE_NOT_CURRENT' THEN coalesce(row.premises_not_current, []) ELSE [] END AS uid
  MATCH (y:Claim {uid: uid})
  // INCLUDE claim-run (the run of y; written in rules/claim-run.cypher)
  RETURN collect({uid: uid, start: start, latest: latest}) AS runs
}
WITH row, x, q, revisions, head(runs) AS own, CASE WHEN roster IS NULL THEN runs ELSE [head(runs)] + [best IN [reduce(
    walk = {next: 0, best: null}, i IN range(0, size(roster.members) - 1) |
    CASE WHEN walk.next < size(row.conflicts_with) AND roster.entry_scopes[i] = q
              AND roster.members[i] = row.conflicts_with[walk.next]
         THEN {next: walk.next + 1, best: CASE
                WHEN roster.run_snapshots[i] <> '' AND (walk.best IS NULL OR roster.run_ats[i] < walk.best.start.at)
                THEN {uid: roster.members[i], start: {snapshot: roster.run_snapshots[i], at: roster.run_ats[i],
                      line: CASE WHEN roster.run_lines[i] < 0 THEN null ELSE roster.run_lines[i] END}}
                ELSE walk.best END}
         ELSE walk END).best] WHERE best IS NOT NULL] END AS runs
// explicit conflicts in force: the edge's recording
CALL (x, row, q) {
  WITH x, row, q WHERE row.reason = 'EXPLICIT_CONFLICT'
  MATCH (x)-[link:CONFLICTS_WITH]-(other:Claim)
  WHERE other.uid IN coalesce(row.conflicts_with, [])
    AND /*INCLUDE edge-visible(link)*/
  OPTIONAL CALL (link) {
    UNWIND range(0, size(coalesce(link.recorded_in, [])) - 1) AS i
    MATCH (recorded:Snapshot {uid: link.recorded_in[i]})
    WITH recorded, coalesce(link.recorded_lines, [])[i] AS line ORDER BY recorded.revised_at, recorded.uid LIMIT 1
    RETURN recorded.uid AS recorded, CASE WHEN line > 0 THEN line END AS recordedLine
  }
  WITH link, startNode(link) AS stater, recorded, recordedLine ORDER BY link.valid_from
  RETURN collect({at: link.valid_from, kind: 'record', because: stater.uid, snapshot: recorded, line: recordedLine, by: null})
    AS links
}
// revision edges, conflict edges and adjudications into x that ended by $t (for CURRENT: what stopped retiring it),
// revision edges on a cycle through x (REVISION_CYCLE: the latest that closed it)
CALL (x, row) {
  WITH x, row WHERE row.reason IN ['CURRENT', 'REVISION_CYCLE']
  MATCH (x)-[edge:CORRECTS|SUPERSEDES|INVALIDATES|CONFLICTS_WITH]-(:Claim)
  WHERE (row.reason = 'CURRENT' AND edge.valid_to IS NOT NULL AND edge.valid_to <= $t
         AND (type(edge) = 'CONFLICTS_WITH' OR endNode(edge) = x))
     OR (row.reason = 'REVISION_CYCLE' AND type(edge) IN ['CORRECTS', 'SUPERSEDES']
         AND /*INCLUDE edge-visible(edge)*/)
  OPTIONAL MATCH (adjudication:Adjudication {uid: edge.via})
  WITH row, edge, adjudication, CASE WHEN row.reason = 'CURRENT' THEN edge.valid_to ELSE edge.valid_from END AS at
  // the snapshot of a recording source at that instant (the one that dropped or added the edge)
  OPTIONAL CALL (edge, at) {
    UNWIND coalesce(edge.sources, []) AS sourceUid
    MATCH (:Source {uid: sourceUid})<-[:OF]-(s:Snapshot)
    WHERE s.revised_at = at
    RETURN s.uid AS snapshot LIMIT 1
  }
  WITH at, edge, adjudication, snapshot ORDER BY at DESC
  RETURN collect(CASE
    WHEN adjudication IS NOT NULL
      THEN {at: at, kind: 'adjudication', because: adjudication.uid, snapshot: null, line: null, by: adjudication.by}
    ELSE {at: at, kind: 'record', because: startNode(edge).uid, snapshot: snapshot, line: null, by: null}
  END) AS ended
}
WITH row, x, runs, own, revisions, links, ended,
     CASE WHEN own.start IS NULL THEN null
          ELSE {at: own.start.at, kind: 'record', because: x.uid, snapshot: own.start.snapshot, line: own.start.line, by: null}
     END AS ownEvent,
     [r IN tail(runs) WHERE r.start IS NOT NULL | r {.*, at: r.start.at}] AS partners
// the partner (rival or premise) whose condition began first: x's holds from the later of it and x's own run
WITH row, x, revisions, links, ended, ownEvent, own,
     reduce(best = null, r IN partners | CASE WHEN best IS NULL OR r.at < best.at THEN r ELSE best END) AS partner
WITH row, x, revisions, links, ended, ownEvent, own,
     CASE WHEN partner IS NULL THEN null
          ELSE {at: partner.start.at, kind: 'record', because: partner.uid, snapshot: partner.start.snapshot,
                line: partner.start.line, by: null}
     END AS partnerEvent
WITH row, x, CASE
  WHEN row.reason IN ['UNBOUND', 'NOT_YET_ASSERTED'] THEN null
  WHEN row.reason IN ['CORRECTED', 'SUPERSEDED', 'INVALIDATED'] AND size(revisions) > 0 THEN head(revisions)
  WHEN row.reason IN ['SOURCE_REVISED', 'SOURCE_DELETED'] THEN
    CASE WHEN own.latest IS NULL THEN null
         ELSE {at: own.latest.until, kind: 'record', because: x.uid, snapshot: 'next:' + own.latest.snapshot, line: null, by: null}
    END
  WHEN row.reason = 'EXPIRED' AND own.latest IS NOT NULL AND own.latest.valid_until IS NOT NULL
    THEN {at: own.latest.valid_until, kind: 'expiry', because: x.uid, snapshot: own.latest.snapshot, line: own.latest.line, by: null}
  WHEN row.reason = 'EXPLICIT_CONFLICT' AND size(links) > 0 THEN
    CASE WHEN ownEvent IS NOT NULL AND ownEvent.at > head(links).at THEN ownEvent ELSE head(links) END
  WHEN row.reason = 'REVISION_CYCLE' AND size(ended) > 0 THEN
    reduce(best = null, e IN ended | CASE WHEN best IS NULL OR e.at > best.at THEN e ELSE best END)
  WHEN row.reason IN ['RIVAL_CLAIM', 'PREMISE_NOT_CURRENT'] AND partnerEvent IS NOT NULL THEN
    CASE WHEN ownEvent IS NOT NULL AND ownEvent.at >= partnerEvent.at THEN ownEvent ELSE partnerEvent END
  WHEN row.reason = 'CURRENT' THEN
    reduce(best = ownEvent, e IN ended | CASE WHEN best IS NULL OR e.at > best.at THEN e ELSE best END)
  ELSE ownEvent
END AS event
// the snapshot named: 'next:<uid>' is the snapshot that followed <uid> (the one that dropped the claim)
OPTIONAL CALL (event) {
  WITH event WHERE event.snapshot STARTS WITH 'next:'
  MATCH (next:Snapshot)-[:PREVIOUS]->(:Snapshot {uid: substring(event.snapshot, 5)})
  RETURN next.uid AS nextUid
}
WITH row, x, event, CASE WHEN event.snapshot STARTS WITH 'next:' THEN nextUid ELSE event.snapshot END AS snapshotUid
OPTIONAL MATCH (named:Snapshot {uid: snapshotUid})-[:OF]->(source:Source)
RETURN
  row.claim AS claim,
  CASE WHEN event.at IS NOT NULL AND event.at <= $t THEN event.at END AS since,
  event.kind AS because_kind,
  event.because AS because,
  named.uid AS because_snapshot,
  named.version AS because_commit,
  named.author AS because_author,
  named.committer AS because_committer,
  source.locator AS because_file,
  event.line AS because_line,
  event.by AS because_by
;
