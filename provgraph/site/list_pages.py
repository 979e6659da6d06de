"""The pages over many decisions: home (counts, the newest changes, what waits for a person, retired decisions still
cited), every decision in one filterable table, a list per status and per store, and the search page."""
from __future__ import annotations

from collections import Counter

from provgraph.site.entries import Entry, Listing, newest_first
from provgraph.site.layout import STATUSES, badge, day, esc, link, page, row, rows_table, slug, table

TIMELINE = 50


def home_page(site: Listing, site_title: str, newest: list[Entry] | None = None) -> str:
    """`newest`: the decisions with a `since`, newest first (entries.newest_first), when the caller has them."""
    decisions = sorted(site.entries.values(), key=lambda d: d.uid)
    counts = Counter(d.status for d in decisions)
    pairs = Counter((d.store or "(none)", d.status) for d in decisions)
    stores: Counter[str] = Counter()
    by_store: dict[str, Counter[str]] = {}
    for (store, status), count in pairs.items():
        stores[store] += count
        by_store.setdefault(store, Counter())[status] = count
    tiles = "".join(f'<li><a href="status/{s.lower()}.html">{badge(s)} <strong>{counts.get(s, 0)}</strong></a></li>'
                    for s in STATUSES)
    store_rows = [[f'<a href="store/{esc(slug(name))}.html">{esc(name)}</a>',
                   *[str(by_store[name].get(s, 0)) for s in STATUSES], str(total)]
                  for name, total in sorted(stores.items())]
    dated = (newest if newest is not None else newest_first(decisions))[:TIMELINE]
    timeline = [[esc(d.day), badge(d.status, d.reason), link(d.uid, 0, d.name),
                 esc(d.store or "-")] for d in dated]
    conflicts = [[link(d.uid, 0, d.name), ", ".join(link(u, 0, site.name(u)) for u in d.conflicts_with)]
                 for d in decisions if d.status == "CONFLICT"]
    waiting = [[link(x.later, 0, site.name(x.later)), link(x.earlier, 0, site.name(x.earlier)), f"{x.score:.2f}"]
               for x in site.suspects]
    cited = [[link(d.uid, 0, d.name), ", ".join(link(u, 0, site.name(u)) for u in d.successors) or esc(d.reason),
              str(site.citations[d.uid])] for d in decisions if d.retired and site.citations.get(d.uid)]
    body = f"""<h1>{esc(site_title)}</h1>
<p class="lead">{len(decisions)} decisions across {len(stores)} store(s), as of {esc(day(site.built_at))}.</p>
<ul class="tiles" aria-label="Decisions by status">{tiles}</ul>
<section aria-labelledby="stores-h"><h2 id="stores-h">By store</h2>
{table(["Store", *STATUSES, "All"], store_rows)}</section>
<section aria-labelledby="cited-h"><h2 id="cited-h">Retired, still cited in code</h2>
{table(["Decision", "Replaced by", "Citations"], cited)}</section>
<section aria-labelledby="conflicts-h"><h2 id="conflicts-h">Open conflicts</h2>
{table(["Decision", "In conflict with"], conflicts)}</section>
<section aria-labelledby="suspects-h"><h2 id="suspects-h">Possible unlinked revisions waiting for a person</h2>
{table(["Later", "may revise", "Score"], waiting)}</section>
<section aria-labelledby="timeline-h"><h2 id="timeline-h">Newest status changes</h2>
{table(["Since", "Status", "Decision", "Store"], timeline)}</section>"""
    return page("Home", body, depth=0, site_title=site_title, feed="feed.atom")


def list_row(entry: Entry) -> str:
    """A decision's row in a list of status or store (one folder down)."""
    return row([link(entry.uid, 1, entry.name), badge(entry.status, entry.reason), esc(entry.store or "-"),
                esc(entry.scope or "(global)"), esc(entry.day)])


def list_page(title: str, rows: list[str], site_title: str, feed: str | None = None) -> str:
    """A list of decisions (their `list_row`s), one folder down: status/ or store/."""
    feed_note = f'<p><a href="../{esc(feed)}">Atom feed of this list\'s status changes</a></p>' if feed else ""
    body = f"<h1>{esc(title)}</h1><p>{len(rows)} decision(s).</p>{feed_note}" + rows_table(
        ["Decision", "Status", "Store", "Scope", "Since"], rows, cls="list")
    return page(title, body, depth=1, site_title=site_title, feed=feed)


def all_row(entry: Entry) -> str:
    """A decision's row in the table of every decision, with what the filter script reads."""
    since = esc(entry.day)
    return (f'<tr data-status="{esc(entry.status)}" data-store="{esc(entry.store or "")}" '
            f'data-scope="{esc(entry.scope)}" data-since="{since}">'
            f"<td>{link(entry.uid, 0, entry.name)}</td><td>{badge(entry.status, entry.reason)}</td>"
            f"<td>{esc(entry.store or '-')}</td><td>{esc(entry.scope or '(global)')}</td>"
            f"<td>{since}</td></tr>")


def all_page(site: Listing, rows: list[str], site_title: str) -> str:
    """Every decision in one table (their `all_row`s) the filter script narrows by status, store, scope and a date
    range."""
    stores = sorted({d.store or "" for d in site.entries.values()})
    options = "".join(f'<option value="{esc(s)}">{esc(s or "(none)")}</option>' for s in stores)
    statuses = "".join(f'<option value="{s}">{s}</option>' for s in STATUSES)
    body = f"""<h1>All decisions</h1>
<form class="filters" id="filters" role="search" aria-label="Filter decisions">
<label>Status <select id="f-status"><option value="">any</option>{statuses}</select></label>
<label>Store <select id="f-store"><option value="">any</option>{options}</select></label>
<label>Scope starts with <input id="f-scope" type="text"></label>
<label>Since from <input id="f-from" type="date"></label>
<label>to <input id="f-to" type="date"></label>
<output id="f-count" aria-live="polite"></output>
</form>
<div class="scroll"><table class="list" id="all"><thead><tr><th scope="col">Decision</th><th scope="col">Status</th>
<th scope="col">Store</th><th scope="col">Scope</th><th scope="col">Since</th></tr></thead><tbody>
{chr(10).join(rows)}
</tbody></table></div>
<script src="assets/filter.js"></script>"""
    return page("All decisions", body, depth=0, site_title=site_title, feed="feed.atom")


def search_page(site_title: str) -> str:
    body = """<h1>Search</h1>
<form class="filters" role="search" aria-label="Search decisions" id="search-form">
<label for="q">Words of an id, a title or a decision's text</label>
<input id="q" type="search" autocomplete="off">
</form>
<p id="search-count" aria-live="polite"></p>
<ol id="results" class="results"></ol>
<noscript><p>Search needs JavaScript; <a href="decisions.html">all decisions</a> are listed without it.</p></noscript>
<script src="assets/search-index.js"></script>
<script src="assets/search.js"></script>"""
    return page("Search", body, depth=0, site_title=site_title)
