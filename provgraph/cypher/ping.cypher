// name: ping
// description: Returns one row (ok = 1) without touching data: the server answers queries.
RETURN 1 AS ok
;
