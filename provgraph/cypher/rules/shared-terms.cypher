// The search_terms claims `a` and `b` share, in `a`'s order (common ones too).
// arguments: a, b
[term IN a.search_terms WHERE term IN b.search_terms]
