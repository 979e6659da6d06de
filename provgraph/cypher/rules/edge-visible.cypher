// Edge `edge` is visible at $t: $t lies in its window [valid_from, valid_to), an end left null being open.
// arguments: edge
(edge.valid_from IS NULL OR edge.valid_from <= $t) AND (edge.valid_to IS NULL OR edge.valid_to > $t)
