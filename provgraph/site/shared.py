"""The pages a site shares across its decisions -- home, the table of every decision, the lists by status and store,
the search page and index, the feeds, the assets -- each computed only when what it shows changed since the last build
(docs/design.md "The decision site")."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from importlib.resources import files as package_files
from pathlib import Path
from typing import Callable

from provgraph.site import changes, feed, list_pages
from provgraph.site.entries import Entry, Listing, newest_first
from provgraph.site.layout import STATUSES, day, slug

ASSETS = ("site.css", "filter.js", "search.js")
HOME = "index.html"


@dataclass(frozen=True)
class Same:
    """The shared pages whose inputs are as the last build left them (`unchanged_inputs`)."""

    statuses: frozenset[str]  # the statuses none of whose decisions' entry or rows changed
    stores: frozenset[str]  # the stores (or "(none)") likewise, whose feed is dated by an entry (not the build)
    entries: bool  # no decision's entry or rows changed, none came or went, and some entry is dated
    moved: frozenset[str]  # the decisions whose entry or rows changed, came or went


def unchanged_inputs(state: changes.State, site: Listing, rows: dict[str, list[str]]) -> Same:
    """What the shared pages but home show that did not change since the last build: a decision not read again keeps
    the last build's entry and rows (the same objects), so only those read are compared. A feed without a dated entry
    is dated by the build: never the same."""
    moved = set(site.entries.keys() ^ state.entries.keys())
    moved |= {uid for uid, entry in site.entries.items() if state.entries.get(uid) is not entry
              and (state.entries.get(uid) != entry or state.rows.get(uid) != rows[uid])}
    was = [entry for uid in moved for entry in (state.entries.get(uid), site.entries.get(uid)) if entry is not None]
    dated = {entry.store or "(none)" for entry in site.entries.values() if entry.since}
    return Same(statuses=frozenset(STATUSES) - {entry.status for entry in was},
                stores=frozenset(dated - {entry.store or "(none)" for entry in was}),
                entries=not moved and bool(dated), moved=frozenset(moved))


def home_unchanged(state: changes.State, site: Listing, same: Same, cited: dict[str, str]) -> bool:
    """Whether the home page's inputs are the last build's: the entries, the suspects, the citations and the day."""
    last_day = day(datetime.fromtimestamp(state.at / 1e6, tz=timezone.utc))
    return (not same.moved and site.suspects == state.suspects and cited == state.cited
            and last_day == day(site.built_at))


def kept_shared(out: Path, before: dict[str, str], same: Same, home: bool) -> dict[str, str]:
    """The shared pages left as the last build wrote them (their inputs did not change, and they are there): path ->
    the last build's digest. `home`: the home page's inputs did not change either."""
    paths = [f"status/{status.lower()}.html" for status in same.statuses]
    paths += [path for store in same.stores for path in (f"store/{slug(store)}.html", f"feeds/{slug(store)}.atom")]
    paths += ["decisions.html", "assets/search-index.js", "feed.atom"] if same.entries else []
    paths += [HOME] if home else []
    return {path: before[path] for path in paths if path in before and (out / path).is_file()}


def shared_pages(site: Listing, title: str, rows: dict[str, list[str]], skip: set[str]) -> dict[str, bytes]:
    """The home, lists, search page and index, feeds and assets, but those in `skip` (`kept_shared`, or the home page
    while the suspects are not known: `home_page`)."""
    everything = list(site.entries.values())
    newest = newest_first(everything)  # sorted once: the home page's timeline and every feed take theirs from it
    makers: dict[str, Callable[[], str]] = {
        HOME: lambda: list_pages.home_page(site, title, newest),
        "decisions.html": lambda: list_pages.all_page(site, [rows[uid][1] for uid in site.entries], title),
        "search.html": lambda: list_pages.search_page(title),
        "assets/search-index.js": lambda: ("window.PROVGRAPH_SEARCH = [" + ", ".join(rows[uid][2] for uid in site.entries)
                                           + "];\n"),
        "feed.atom": lambda: feed.atom(f"{title}: status changes", "provgraph-site", newest, site.built_at),
    }
    pages = {path: make() for path, make in makers.items() if path not in skip}
    for status in STATUSES:
        if f"status/{status.lower()}.html" not in skip:
            of_status = [rows[entry.uid][0] for entry in everything if entry.status == status]
            pages[f"status/{status.lower()}.html"] = list_pages.list_page(f"{status} decisions", of_status, title)
    stores: dict[str, list[Entry]] = {}
    for entry in everything:
        stores.setdefault(entry.store or "(none)", []).append(entry)
    dated: dict[str, list[Entry]] = {store: [] for store in stores}
    for entry in newest:
        dated[entry.store or "(none)"].append(entry)
    for store, listed in stores.items():
        name = slug(store)
        if f"store/{name}.html" not in skip:
            pages[f"store/{name}.html"] = list_pages.list_page(f"Store {store}", [rows[e.uid][0] for e in listed],
                                                               title, feed=f"feeds/{name}.atom")
        if f"feeds/{name}.atom" not in skip:
            pages[f"feeds/{name}.atom"] = feed.atom(f"{title}: status changes in {store}", f"provgraph-site:{store}",
                                                    dated[store], site.built_at, base="../")
    out = {path: text.encode() for path, text in pages.items()}
    for name in ASSETS:
        out[f"assets/{name}"] = package_files("provgraph.site").joinpath("assets", name).read_bytes()
    return out


def home_page(site: Listing, title: str) -> bytes:
    """The home page alone (`shared_pages` left it out: it shows the suspects, read after the other pages)."""
    return list_pages.home_page(site, title, newest_first(site.entries.values())).encode()
