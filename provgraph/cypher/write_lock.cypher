// name: write_lock
// description: Take the write lock for the rest of this transaction (released at commit or rollback): every
// description: transaction that can change a stored status sets the one ProvgraphLock node first, so those
// description: transactions and their status passes run one after the other (provgraph/engine/stored_status.py). A transaction
// description: that changes the graph ($changes) also counts one more generation, so a status computed outside the
// description: lock can tell, once it holds the lock, whether anything changed since it read the generation.
// description: again: the transaction that took the lock last before this one took it at $t too (an ingest's batches
// description: all take it at its observed_at: no other transaction came between two of them).
// param t: when the lock is taken (DateTime)
// param changes: true when this transaction changes what statuses are computed from (false: it only stores them)
// mode: write
MERGE (lock:ProvgraphLock {name: 'writes'})
WITH lock, lock.taken_at AS before
SET lock.taken_at = $t,
    lock.generation = coalesce(lock.generation, 0) + CASE WHEN $changes THEN 1 ELSE 0 END
RETURN lock.generation AS generation, coalesce(before = $t, false) AS again
;
