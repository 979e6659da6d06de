// Snapshot `snap` is its source's current one at $t: revised at or before $t, and not yet followed by a later
// snapshot (`until`, null while it is the latest).
// arguments: snap
snap.revised_at <= $t AND (snap.until IS NULL OR snap.until > $t)
