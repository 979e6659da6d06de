"""Atom feeds of status changes: each decision's current status since it began (the status account's `since`), newest
first -- a new decision, one newly retired, a new conflict -- for the whole site and for each store."""
from __future__ import annotations

from datetime import datetime, timezone
from xml.etree import ElementTree as ET

from provgraph.site.entries import Entry
from provgraph.site.layout import decision_href

ENTRIES = 100
_ATOM = "http://www.w3.org/2005/Atom"


def atom(title: str, feed_id: str, decisions: list[Entry], built_at: datetime, base: str = "") -> str:
    """An Atom 1.0 document; `base` is the site's address when known (links are relative to the feed otherwise)."""
    ET.register_namespace("", _ATOM)
    root = ET.Element(f"{{{_ATOM}}}feed")
    ET.SubElement(root, f"{{{_ATOM}}}title").text = title
    ET.SubElement(root, f"{{{_ATOM}}}id").text = feed_id
    dated = sorted((d for d in decisions if d.since), key=lambda d: (d.since or "", d.uid), reverse=True)
    ET.SubElement(root, f"{{{_ATOM}}}updated").text = (dated[0].stamp if dated else None) or _stamp(built_at)
    ET.SubElement(ET.SubElement(root, f"{{{_ATOM}}}author"), f"{{{_ATOM}}}name").text = "provgraph"
    for decision in dated[:ENTRIES]:
        since = decision.stamp or _stamp(None)
        entry = ET.SubElement(root, f"{{{_ATOM}}}entry")
        ET.SubElement(entry, f"{{{_ATOM}}}title").text = f"{decision.name}: {decision.status} ({decision.reason})"
        ET.SubElement(entry, f"{{{_ATOM}}}id").text = f"{feed_id}:{decision.uid}:{decision.status}:{decision.reason}:{since}"
        ET.SubElement(entry, f"{{{_ATOM}}}updated").text = since
        ET.SubElement(entry, f"{{{_ATOM}}}link", href=base + decision_href(decision.uid, 0))
        revised = f" by {', '.join(decision.successors)}" if decision.successors else ""
        ET.SubElement(entry, f"{{{_ATOM}}}summary").text = (
            f"{decision.uid} is {decision.status} ({decision.reason}{revised}) since {since}.")
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _stamp(moment: datetime | None) -> str:
    moment = moment or datetime.now(timezone.utc)
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
