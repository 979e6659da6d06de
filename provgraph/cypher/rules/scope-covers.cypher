// Scope `scope` covers question scope `q`: it is global (null or ''), q itself, or an ancestor of q (q lies under
// scope + '/'). A scope is a path; `org/acme` covers `org/acme/payments`, not `org/acme-labs`.
// arguments: scope, q
coalesce(scope, '') = '' OR scope = q OR q STARTS WITH scope + '/'
