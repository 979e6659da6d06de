"""A record's own text on its page, as data and never as markup.

Markdown is rendered by markdown-it-py (CommonMark) with raw HTML off, so a `<script>` or an `onerror=` in a record
is shown as the characters it is; a link keeps only an http(s) or mailto target and gets
`rel="nofollow noopener noreferrer"`: any other scheme (javascript:, data:, vbscript:, file:) and any relative target
(it names a file beside the record, which the site does not hold) becomes plain text; an image
is shown as its alt text, so no picture is fetched from anywhere. Any other format (reStructuredText, MediaWiki,
plain text) is shown as written, escaped, in a preformatted block.
"""
from __future__ import annotations

import re
from typing import Any, Sequence

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict

from provgraph.site.layout import esc

MARKDOWN_SUFFIXES = (".md", ".markdown", ".mdown", ".mkd")
_SAFE_TARGET = re.compile(r"^(https?://|mailto:)", re.IGNORECASE)
_REL = "nofollow noopener noreferrer"


def _image(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    token = tokens[idx]
    alt = self.renderInlineAsText(token.children or [], options, env)
    return f'<span class="image-alt">[image: {esc(alt)}]</span>'


def _link_open(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    token = tokens[idx]
    target = str(token.attrGet("href") or "")
    if not _SAFE_TARGET.match(target.strip()):
        token.attrs = {}
        token.meta["unsafe"] = True
        return "<span>"
    token.attrs = {"href": target, "rel": _REL}
    return self.renderToken(tokens, idx, options, env)


def _link_close(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    # the matching opener is the last link_open before idx at the same nesting
    depth = 0
    for back in range(idx - 1, -1, -1):
        kind = tokens[back].type
        if kind == "link_close":
            depth += 1
        elif kind == "link_open":
            if depth == 0:
                return "</span>" if tokens[back].meta.get("unsafe") else "</a>"
            depth -= 1
    return "</a>"


def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False}).enable("table")
    md.add_render_rule("image", _image)
    md.add_render_rule("link_open", _link_open)
    md.add_render_rule("link_close", _link_close)
    return md


_MD = _markdown()


def render(text: str | None, locator: str | None) -> str:
    """The record's text as safe HTML: Markdown rendered, anything else preformatted as written."""
    if not text:
        return '<p class="none">The record holds no text of its own.</p>'
    if (locator or "").lower().endswith(MARKDOWN_SUFFIXES):
        return f'<div class="record md">{_MD.render(text)}</div>'
    return f'<pre class="record">{esc(text)}</pre>'


_WORD = re.compile(r"[\w][\w.-]{1,40}")


def words(text: str | None, limit: int = 400) -> str:
    """The distinct words of a text, in first-seen order, lower case: what the offline search matches."""
    seen: dict[str, Any] = {}
    for found in _WORD.finditer((text or "").lower()):  # not findall: a long record stops at `limit` words
        seen.setdefault(found.group().strip(".-"), None)
        if len(seen) >= limit:
            break
    return " ".join(seen)
