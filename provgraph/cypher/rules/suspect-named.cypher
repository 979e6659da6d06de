// How claim `later`'s record names claim `earlier` (provgraph/base/mentions.py: one of the keys its text mentions,
// declared links left out, is one of the keys `earlier` is named by: an id such as `PEP 333` or `ADR-0004`, or its
// file): 'changes' when it names it in a sentence that says it takes its place ("This PEP replaces PEP 386"),
// 'mentions' when it names it otherwise, null when it does not name it.
// arguments: earlier, later
CASE WHEN any(key IN coalesce(later.search_changes, []) WHERE key IN coalesce(earlier.search_names, [])) THEN 'changes'
     WHEN any(key IN coalesce(later.search_mentions, []) WHERE key IN coalesce(earlier.search_names, [])) THEN 'mentions'
     END
