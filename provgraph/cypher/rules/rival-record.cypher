// What verify judges rival `other` by, read once as a map: node, uid, fresh (its stored status holds at $t), and
// the stored status, reason, scope ('' for none), question scope, edge scopes, subject and value.
// arguments: other
{node: other, uid: other.uid, fresh: /*INCLUDE stored-fresh(other)*/, status: other.status,
 reason: other.status_reason, scope: coalesce(other.status_scope, ''), question_scope: other.status_question_scope,
 edge_scopes: coalesce(other.status_edge_scopes, []), subject: other.status_subject, value: other.status_value}
