"""Atom feeds of status changes: each decision's current status since it began (the status account's `since`), newest
first -- a new decision, one newly retired, a new conflict -- for the whole site and for each store."""
from __future__ import annotations

from datetime import datetime, timezone
from xml.etree import ElementTree as ET

from provgraph.site.layout import decision_href
from provgraph.site.model import Decision

ENTRIES = 100
_ATOM = "http://www.w3.org/2005/Atom"


def atom(title: str, feed_id: str, decisions: list[Decision], built_at: datetime, base: str = "") -> str:
    """An Atom 1.0 document; `base` is the site's address when known (links are relative to the feed otherwise)."""
    ET.register_namespace("", _ATOM)
    root = ET.Element(f"{{{_ATOM}}}feed")
    ET.SubElement(root, f"{{{_ATOM}}}title").text = title
    ET.SubElement(root, f"{{{_ATOM}}}id").text = feed_id
    dated = sorted((d for d in decisions if d.status.since), key=lambda d: (d.status.since, d.uid), reverse=True)
    newest = dated[0].status.since if dated else built_at
    ET.SubElement(root, f"{{{_ATOM}}}updated").text = _stamp(newest)
    ET.SubElement(ET.SubElement(root, f"{{{_ATOM}}}author"), f"{{{_ATOM}}}name").text = "provgraph"
    for decision in dated[:ENTRIES]:
        s = decision.status
        entry = ET.SubElement(root, f"{{{_ATOM}}}entry")
        ET.SubElement(entry, f"{{{_ATOM}}}title").text = f"{decision.name}: {s.status} ({s.reason})"
        ET.SubElement(entry, f"{{{_ATOM}}}id").text = f"{feed_id}:{decision.uid}:{s.status}:{s.reason}:{_stamp(s.since)}"
        ET.SubElement(entry, f"{{{_ATOM}}}updated").text = _stamp(s.since)
        ET.SubElement(entry, f"{{{_ATOM}}}link", href=base + decision_href(decision.uid, 0))
        revised = f" by {', '.join(s.successors)}" if s.successors else ""
        ET.SubElement(entry, f"{{{_ATOM}}}summary").text = (
            f"{decision.uid} is {s.status} ({s.reason}{revised}) since {_stamp(s.since)}.")
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _stamp(moment: datetime | None) -> str:
    moment = moment or datetime.now(timezone.utc)
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
