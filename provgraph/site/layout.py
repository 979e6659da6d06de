"""The frame every page of the site shares, and the small pieces pages are built from.

Every text that comes from the graph goes through `esc` (html.escape, quotes too) or `attr`; the only markup a page
holds is written here and in the page modules. Each page carries a content security policy that allows nothing from
elsewhere: styles and scripts only from the site's own files, no inline script, no inline style, no frames, no form
targets, no connections (`connect-src 'none'`): a record's text can add no script, handler, style or request.
"""
from __future__ import annotations

import hashlib
import html
import re
from datetime import datetime, timezone
from functools import lru_cache
from urllib.parse import quote

STATUSES = ("ACTIVE", "STALE", "CONFLICT", "UNKNOWN")
CSP = ("default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; base-uri 'none'; "
       "form-action 'none'; frame-ancestors 'none'; connect-src 'none'")
REASON_WORDS = {
    "CURRENT": "in force: nothing revises it",
    "UNBOUND": "named by another record but never ingested",
    "NOT_YET_ASSERTED": "nothing states it yet at this time",
    "OUT_OF_SCOPE": "its scope does not cover the question's",
    "EXPIRED": "its validity ended",
    "NOT_YET_VALID": "not valid yet",
    "REVISION_CYCLE": "it is part of a cycle of revisions",
    "CORRECTED": "corrected by a later record",
    "SUPERSEDED": "superseded by a later record",
    "INVALIDATED": "invalidated by a later record",
    "SOURCE_REVISED": "the text it was read from has changed",
    "SOURCE_DELETED": "the record it was read from was deleted",
    "REJECTED": "its record says it was rejected",
    "WITHDRAWN": "its record says it was withdrawn",
    "DEPRECATED": "its record says it is deprecated",
    "PROPOSED": "its record says it is proposed or a draft",
    "ON_HOLD": "its record says it is on hold",
    "UNRECOGNISED_STATUS": "its record gives a status word provgraph does not know",
    "EXPLICIT_CONFLICT": "a record says it conflicts with another",
    "RIVAL_CLAIM": "another decision in force says otherwise about the same subject",
    "PREMISE_NOT_CURRENT": "a decision it rests on is not current",
}
_SLUG_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def esc(text: object) -> str:
    return html.escape("" if text is None else str(text), quote=True)


@lru_cache(maxsize=None)
def slug(uid: str) -> str:
    """A decision's file name, stable for its uid: the uid's safe characters, and a digest when any were not safe
    (`PEP 8` -> `PEP-8-1b2c3d4e`, `ADR-0003` -> `ADR-0003`)."""
    safe = _SLUG_UNSAFE.sub("-", uid).strip("-.")[:80] or "decision"
    if safe == uid:
        return safe
    return f"{safe}-{hashlib.sha256(uid.encode()).hexdigest()[:8]}"


@lru_cache(maxsize=None)
def decision_href(uid: str, depth: int) -> str:
    return f"{'../' * depth}d/{quote(slug(uid))}.html"


def when(moment: datetime | None) -> str:
    if moment is None:
        return "-"
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def day(moment: datetime | None) -> str:
    return "-" if moment is None else moment.astimezone(timezone.utc).strftime("%Y-%m-%d")


def badge(status: str, reason: str | None = None) -> str:
    label = f"{status} {reason}" if reason else status
    return f'<span class="badge s-{esc(status.lower())}">{esc(label)}</span>'


def link(uid: str, depth: int, label: str | None = None, status: str | None = None) -> str:
    mark = f' <span class="dot s-{esc(status.lower())}" title="{esc(status)}">{esc(status)}</span>' if status else ""
    return f'<a href="{esc(decision_href(uid, depth))}">{esc(label or uid)}</a>{mark}'


def page(title: str, body: str, *, depth: int, site_title: str, feed: str | None = None) -> str:
    """A whole HTML document: the frame, the navigation and `body` (already escaped markup)."""
    up = "../" * depth
    feed_link = (f'<link rel="alternate" type="application/atom+xml" title="Status changes" href="{esc(up + feed)}">'
                 if feed else "")
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{CSP}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{esc(title)} - {esc(site_title)}</title>
<link rel="stylesheet" href="{up}assets/site.css">
{feed_link}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top">
<a class="home" href="{up}index.html">{esc(site_title)}</a>
<nav aria-label="Site">
<a href="{up}decisions.html">All decisions</a>
<a href="{up}search.html">Search</a>
<a href="{up}feed.atom">Feed</a>
</nav>
</header>
<main id="main">
{body}
</main>
<footer>Written by provgraph from the graph; every page states what the graph held when it was built.</footer>
</body>
</html>
"""


def row(cells: list[str]) -> str:
    """A table row of already-escaped cells."""
    return "<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>"


def table(headers: list[str], rows: list[list[str]], *, caption: str | None = None, cls: str = "") -> str:
    """A table of already-escaped cells."""
    return rows_table(headers, [row(cells) for cells in rows], caption=caption, cls=cls)


def rows_table(headers: list[str], rows: list[str], *, caption: str | None = None, cls: str = "") -> str:
    """A table of rows already written (`row`)."""
    if not rows:
        return '<p class="none">None.</p>'
    head = "".join(f'<th scope="col">{esc(h)}</th>' for h in headers)
    body = "\n".join(rows)
    cap = f"<caption>{esc(caption)}</caption>" if caption else ""
    return f'<div class="scroll"><table class="{esc(cls)}">{cap}<thead><tr>{head}</tr></thead><tbody>\n{body}\n</tbody></table></div>'
