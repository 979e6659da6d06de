"""What the decision-site tests check on any built site: every link resolves, and a page in Chromium runs nothing,
fetches nothing and links nowhere but where the site means to."""
from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

SITE_SCRIPTS = ("assets/filter.js", "assets/search.js", "assets/search-index.js")
SAFE_SCHEMES = ("file:", "http:", "https:", "mailto:")


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.add(str(found["id"]))
        for name in ("href", "src"):
            if found.get(name) and not (tag == "a" and str(found[name]).startswith(("http://", "https://", "mailto:"))):
                self.links.append(str(found[name]))


def _parsed(path: Path) -> _Links:
    parser = _Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def broken_links(site: Path) -> list[str]:
    """Every href/src of every page that names no file of the site (or no element id of the page it names)."""
    broken = []
    pages = {path: _parsed(path) for path in site.rglob("*.html")}
    for path, parsed in pages.items():
        for link in parsed.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc:
                broken.append(f"{path.relative_to(site)} -> {link} (leaves the site)")
                continue
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if not target.is_file() or site.resolve() not in target.parents:
                broken.append(f"{path.relative_to(site)} -> {link}")
            elif parts.fragment and target.suffix == ".html" and parts.fragment not in pages[target].ids:
                broken.append(f"{path.relative_to(site)} -> {link} (no such anchor)")
    return broken


# Run in the page: what of it could run code, fetch something or lead elsewhere.
_INSPECT = """() => {
  const all = Array.from(document.querySelectorAll('*'));
  const handlers = all.flatMap(e => Array.from(e.attributes).filter(a => a.name.toLowerCase().startsWith('on'))
                                                           .map(a => e.tagName + ' ' + a.name));
  const links = Array.from(document.querySelectorAll('a')).map(a => a.getAttribute('href') || a.getAttribute('xlink:href'))
                     .filter(h => h !== null).map(h => [h, new URL(h, document.baseURI).protocol]);
  const scripts = Array.from(document.querySelectorAll('script')).map(s => [s.getAttribute('src'), s.textContent.trim()]);
  const csp = document.querySelector('meta[http-equiv="Content-Security-Policy"]');
  const foreign = Array.from(document.querySelectorAll('iframe, frame, object, embed, style, img, image, link[rel~="import"], base, form[action]'))
                       .map(e => e.tagName);
  const styled = all.filter(e => e.hasAttribute('style')).map(e => e.tagName);
  return {handlers, links, scripts, csp: csp ? csp.getAttribute('content') : null, foreign, styled};
}"""


def unsafe_parts(page: Any, site: Path) -> list[str]:
    """What a loaded page holds or did that a record must never bring: a handler attribute, a link with a scheme
    other than http(s)/mailto/the site's own, a script other than the site's, a frame, style or picture, no CSP,
    a dialog, a request for anything but the site's own files."""
    found = page.evaluate(_INSPECT)
    problems = [f"handler {h}" for h in found["handlers"]]
    problems += [f"link {href!r} ({scheme})" for href, scheme in found["links"] if scheme not in SAFE_SCHEMES]
    problems += [f"script {src!r} {text[:40]!r}" for src, text in found["scripts"]
                 if text or not any(str(src).endswith(name) for name in SITE_SCRIPTS)]
    problems += [f"element {tag}" for tag in found["foreign"]]
    problems += [f"style attribute on {tag}" for tag in found["styled"]]
    if not found["csp"] or "default-src 'none'" not in found["csp"]:
        problems.append(f"content security policy {found['csp']!r}")
    problems += [f"dialog {message!r}" for message in page.dialogs]
    root = site.resolve().as_uri()
    problems += [f"request {url}" for url in page.requests if not url.startswith(root + "/")]
    return problems
