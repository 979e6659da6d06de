// name: schema_indexes
// description: Every index in the database except the built-in token lookups (constraint-backed ones included): name, node or relationship, label or type, properties and the owning constraint, sorted by name.
SHOW INDEXES YIELD name, type, entityType, labelsOrTypes, properties, owningConstraint
WHERE type <> 'LOOKUP'
RETURN name, type, entityType AS entity, labelsOrTypes AS labels, properties, owningConstraint AS owning_constraint
ORDER BY name
;
