"""`provgraph site`: a static website written from the graph, rebuilt incrementally.

The site is plain files (HTML, one style sheet, two small scripts, Atom feeds) that open from disk or any web server:
`index.html` (home), `decisions.html` (every decision, filterable), `search.html`, `d/<decision>.html` (a page per
decision at a stable address from its uid), `status/<status>.html`, `store/<store>.html`, `feed.atom` and
`feeds/<store>.atom`. A decision's page is rendered again only when what it shows changed (its fingerprint, kept in
the manifest); the lists, home, search index and feeds are cheap and always written (a file whose bytes did not
change is not rewritten).
"""
from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass
from datetime import datetime
from importlib.resources import files as package_files
from pathlib import Path
from typing import Any, Callable

from provgraph.graph.connection import Graph
from provgraph.site import feed, list_pages
from provgraph.site.decision_page import decision_page
from provgraph.site.layout import STATUSES, decision_href, slug
from provgraph.site.model import SiteData, read_site
from provgraph.site.pictures import pictures
from provgraph.site.record_text import words
from provgraph.site.writer import read_manifest, write_site

ASSETS = ("site.css", "filter.js", "search.js")
DEFAULT_TITLE = "Decisions"


@dataclass(frozen=True)
class SiteResult:
    out: Path
    decisions: int
    pages_rendered: int
    pages_kept: int
    files_written: int
    files_removed: int
    pictures: int
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        return {"out": str(self.out), "decisions": self.decisions, "pages_rendered": self.pages_rendered,
                "pages_kept": self.pages_kept, "files_written": self.files_written,
                "files_removed": self.files_removed, "pictures": self.pictures, "seconds": round(self.seconds, 2)}

    def summary(self) -> str:
        return (f"site {self.out}: {self.decisions} decisions; {self.pages_rendered} decision page(s) rendered, "
                f"{self.pages_kept} unchanged; {self.files_written} file(s) written, {self.files_removed} removed; "
                f"{self.pictures} lineage picture(s); {self.seconds:.1f} s")


def build_site(graph: Graph, out: Path, *, title: str = DEFAULT_TITLE, scope: str | None = None,
               at: datetime | None = None, progress: Callable[[str], None] | None = None) -> SiteResult:
    started = time.perf_counter()
    say = progress or (lambda _: None)
    site = read_site(graph, scope=scope, at=at)
    say(f"read {len(site.decisions)} decisions")
    manifest = read_manifest(out)
    settings = _settings(title, scope)
    same_settings = manifest.get("settings") == settings
    before_pages: dict[str, str] = manifest.get("decisions", {}) if same_settings else {}
    before_files: dict[str, str] = manifest.get("files", {})
    statuses = site.statuses()
    files: dict[str, bytes] = {}
    kept: dict[str, str] = {}
    fingerprints: dict[str, str] = {}
    changed: list[str] = []
    for uid, decision in sorted(site.decisions.items()):
        relpath = decision_href(uid, 0)
        fingerprints[uid] = decision.fingerprint(statuses)
        if before_pages.get(uid) == fingerprints[uid] and relpath in before_files and (out / relpath).is_file():
            kept[relpath] = before_files[relpath]
        else:
            changed.append(uid)
    drawn = pictures(graph, site, [uid for uid in changed if site.decisions[uid].neighbours()], depth=1)
    say(f"{len(changed)} decision page(s) to render, {len(drawn)} with a lineage picture")
    for uid in changed:
        files[decision_href(uid, 0)] = decision_page(site.decisions[uid], statuses, drawn.get(uid), title).encode()
    files.update(_shared_pages(site, title))
    result = write_site(out, files, kept, {"settings": settings, "decisions": fingerprints})
    return SiteResult(out=out, decisions=len(site.decisions), pages_rendered=len(changed), pages_kept=len(kept),
                      files_written=result.written, files_removed=result.removed, pictures=len(drawn),
                      seconds=time.perf_counter() - started)


def _settings(title: str, scope: str | None) -> str:
    """What every decision page depends on besides its decision: a change re-renders them all."""
    code = b"".join(package_files("provgraph.site").joinpath(name).read_bytes()
                    for name in ("decision_page.py", "layout.py", "record_text.py", "pictures.py"))
    return hashlib.sha256(json.dumps([title, scope]).encode() + code).hexdigest()


def _shared_pages(site: SiteData, title: str) -> dict[str, bytes]:
    pages: dict[str, str] = {
        "index.html": list_pages.home_page(site, title),
        "decisions.html": list_pages.all_page(site, title),
        "search.html": list_pages.search_page(title),
        "assets/search-index.js": _search_index(site),
        "feed.atom": feed.atom(f"{title}: status changes", "provgraph-site", list(site.decisions.values()),
                               site.built_at),
    }
    for status in STATUSES:
        uids = sorted(uid for uid, d in site.decisions.items() if d.status.status == status)
        pages[f"status/{status.lower()}.html"] = list_pages.list_page(site, f"{status} decisions", uids, 1, title)
    stores: dict[str, list[str]] = {}
    for uid, decision in site.decisions.items():
        stores.setdefault(decision.store or "(none)", []).append(uid)
    for store, uids in stores.items():
        name = slug(store)
        pages[f"store/{name}.html"] = list_pages.list_page(site, f"Store {store}", sorted(uids), 1, title,
                                                           feed=f"feeds/{name}.atom")
        pages[f"feeds/{name}.atom"] = feed.atom(f"{title}: status changes in {store}", f"provgraph-site:{store}",
                                                [site.decisions[u] for u in uids], site.built_at, base="../")
    out = {path: text.encode() for path, text in pages.items()}
    for name in ASSETS:
        out[f"assets/{name}"] = package_files("provgraph.site").joinpath("assets", name).read_bytes()
    return out


def _search_index(site: SiteData) -> str:
    entries = [{"id": uid, "title": d.title or "", "status": d.status.status, "store": d.store or "",
                "href": decision_href(uid, 0), "words": words(f"{' '.join(d.status.aliases)} {d.text or ''}")}
               for uid, d in sorted(site.decisions.items())]
    # JSON inside a script file: "</" cannot end anything there, but keep it escaped for any reader that inlines it
    return "window.PROVGRAPH_SEARCH = " + json.dumps(entries, ensure_ascii=False).replace("</", "<\\/") + ";\n"
