// Claims `a` and `b` as a suspect pair [earlier, later]: the earlier is the one with the earlier suspect-time; equal
// times, or a missing one, make no pair (null).
// arguments: a, b
CASE WHEN /*INCLUDE suspect-time(a)*/ <> /*INCLUDE suspect-time(b)*/
  THEN CASE WHEN /*INCLUDE suspect-time(a)*/ < /*INCLUDE suspect-time(b)*/ THEN [a, b] ELSE [b, a] END
END
