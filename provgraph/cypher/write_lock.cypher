// name: write_lock
// description: Take the write lock for the rest of this transaction (released at commit or rollback): every
// description: transaction that can change a stored status sets the one ProvgraphLock node first, so those
// description: transactions and their status passes run one after the other (provgraph/writetime.py).
// param t: when the lock is taken (DateTime)
// mode: write
MERGE (lock:ProvgraphLock {name: 'writes'})
SET lock.taken_at = $t
;
