// Claims `a` and `b` have the same title (their sources' titles, numbering dropped, compared without case or spacing):
// a record that keeps its title and says something else is how a log writes a revision, so such a pair needs no
// other shared term (bench/README.md "Suspects": the same-title pair whose other words were all common terms).
// arguments: a, b
coalesce(a.search_title, '') <> ''
  AND toLower(trim(a.search_title)) = toLower(trim(coalesce(b.search_title, '')))
