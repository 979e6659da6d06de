"""Atom feeds of status changes: each decision's current status since it began (the status account's `since`), newest
first -- a new decision, one newly retired, a new conflict -- for the whole site and for each store."""
from __future__ import annotations

from datetime import datetime, timezone
from xml.sax.saxutils import escape, quoteattr

from provgraph.site.entries import Entry
from provgraph.site.layout import decision_href

ENTRIES = 100
_ATOM = "http://www.w3.org/2005/Atom"


def atom(title: str, feed_id: str, dated: list[Entry], built_at: datetime, base: str = "") -> str:
    """An Atom 1.0 document of `dated` (entries.newest_first: the decisions whose status has a `since`, newest
    first); `base` is the site's address when known (links are relative to the feed otherwise). Written as text
    (every value escaped): a rebuild writes one a store."""
    parts = ['<?xml version="1.0" encoding="utf-8"?>\n', f'<feed xmlns="{_ATOM}">', _element("title", title),
             _element("id", feed_id), _element("updated", (dated[0].stamp if dated else None) or _stamp(built_at)),
             "<author><name>provgraph</name></author>"]
    for decision in dated[:ENTRIES]:
        since = decision.stamp or _stamp(None)
        revised = f" by {', '.join(decision.successors)}" if decision.successors else ""
        parts += ["<entry>", _element("title", f"{decision.name}: {decision.status} ({decision.reason})"),
                  _element("id", f"{feed_id}:{decision.uid}:{decision.status}:{decision.reason}:{since}"),
                  _element("updated", since), f"<link href={quoteattr(base + decision_href(decision.uid, 0))} />",
                  _element("summary", f"{decision.uid} is {decision.status} ({decision.reason}{revised}) since {since}."),
                  "</entry>"]
    return "".join(parts) + "</feed>\n"


def _element(name: str, text: str) -> str:
    return f"<{name}>{escape(text)}</{name}>"


def _stamp(moment: datetime | None) -> str:
    moment = moment or datetime.now(timezone.utc)
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
