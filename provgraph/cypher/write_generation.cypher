// name: write_generation
// description: How many graph-changing transactions have taken the write lock (write_lock), read without taking it:
// description: the write-time pass reads it before it computes statuses outside the lock. 0 before the first.
OPTIONAL MATCH (lock:ProvgraphLock {name: 'writes'})
RETURN coalesce(lock.generation, 0) AS generation
;
