"""The report rendered: one list of blocks that the Markdown and HTML renderers both walk, and the JSON."""
from __future__ import annotations

import html
from typing import Any

import pandas as pd

from provgraph.base.escape import markdown_text
from provgraph.base.text import and_more
from provgraph.base.times import to_iso
from provgraph.base.values import jsonable
from provgraph.engine.claim_status import RIVALS_SHOWN
from provgraph.engine.status import STATUSES
from provgraph.report.model import MAX_ROWS, Report, ReportResult
from provgraph.views import svg
from provgraph.views.display import STATUS_COLOURS


class Code(str):
    """A code span the report writes itself (a command to run): shown as code, never escaped as text."""


def _parts(content: str | tuple[str, ...]) -> tuple[str, ...]:
    return content if isinstance(content, tuple) else (content,)


def _blocks(report: Report, tripped: dict[str, int]) -> list[tuple[str, Any]]:
    """The report as a list of (kind, content) blocks that both the Markdown and HTML renderers walk."""
    b: list[tuple[str, Any]] = [("h1", "provgraph report")]
    scope = report.scope or "(whole graph)"
    if report.previous:
        b.append(("p", f"Ran at {to_iso(report.ran_at)} for scope {scope}; compared with the run of "
                       f"{to_iso(report.previous.ran_at)} ({report.previous.uid}, baseline {report.baseline})."))
    else:
        b.append(("p", f"Ran at {to_iso(report.ran_at)} for scope {scope}. First run for this scope and baseline "
                       f"{report.baseline}: there is nothing to compare with, so everything found counts as new."))
    if tripped:
        b.append(("alert", "--fail-on tripped: " + ", ".join(f"{k} ({v})" for k, v in tripped.items())))

    b.append(("h2", "Summary"))
    b.append(("p", f"{report.claims} claims; {report.new_claims} new since the previous run, "
                   f"{report.gone_claims} gone. Every claim with its status is in claims.csv."))
    b.append(("table", (report.counts, "")))
    b.append(("trend", report.trend))
    b.append(("h3", "Per store"))
    b.append(("table", (report.by_store, "no claims")))

    since = f"since {to_iso(report.previous.ran_at)}" if report.previous else "(first run)"
    b.append(("h2", f"What changed {since}"))
    sections = [
        ("new-stale", "Newly STALE", "nothing newly stale"),
        ("new-conflict", "New CONFLICTs", "no new conflicts"),
    ] if report.previous else [
        ("new-stale", "STALE (first run: nothing to compare with)", "nothing stale"),
        ("new-conflict", "CONFLICTs (first run: nothing to compare with)", "no conflicts"),
    ]
    for kind, title, empty in sections:
        frame = report.changed(kind)
        b.append(("h3", f"{title} ({len(frame)})"))
        b.append(("table", (_rivals_counted(frame.drop(columns=["change"])), empty)))
    new_unbound = int(report.unbound["new"].sum()) if len(report.unbound) else 0
    b.append(("h3", f"UNBOUND references ({len(report.unbound)}, {new_unbound} new)"))
    b.append(("p", "Records refer to these ids, but nothing with that id was ingested."))
    b.append(("table", (report.unbound, "no unresolved references")))
    b.append(("h3", f"External references ({len(report.external)})"))
    b.append(("p", "Lineage links (source, cites, uses, ...) to things never ingested, such as a runbook URL. "
                   "They are not claims: no status, and they never trip --fail-on unbound."))
    b.append(("table", (report.external, "no external references")))
    other = report.changed("changed")
    if len(other):
        b.append(("h3", f"Other status changes ({len(other)})"))
        b.append(("table", (_rivals_counted(other.drop(columns=["change"])), "")))
    b.append(("h3", f"One-sided links ({len(report.one_sided)})"))
    b.append(("p", "A supersession or correction between two Markdown records that only one of them records."))
    b.append(("table", (report.one_sided, "no one-sided links")))
    cited = int(report.citing["citations"].sum()) if len(report.citing) else 0
    b.append(("h3", f"Code and docs that cite retired decisions ({cited})"))
    b.append(("p", ("Citations ", Code("provgraph scan"), " found of decisions that no longer govern (STALE, CONFLICT, "
                    "UNKNOWN) or that no ingested record has (UNRESOLVED), per store of the decision; ",
                    Code("provgraph scan --format sarif"), " lists each at its file and line.")))
    b.append(("table", (report.citing, "no scanned citation of a retired decision")))
    b.append(("h3", f"Possible unlinked revisions ({len(report.suspects)}, {report.new_suspects} new)"))
    b.append(("p", ("A later claim says the same as an earlier one and nothing links them (", Code("provgraph suspects"),
                    "). Confirm: ", Code("provgraph adjudicate --keep LATER --retire EARLIER"), "; dismiss: ",
                    Code("provgraph adjudicate --distinct EARLIER LATER --why TEXT"), ".")))
    b.append(("table", (report.suspects, "no possible unlinked revisions")))
    counts = report.source_counts
    b.append(("h3", f"Sources revised or deleted ({counts.get('revised', 0)} revised, {counts.get('deleted', 0)} deleted)"))
    b.append(("p", f"New sources are counted, not listed: {counts.get('new', 0)}."))
    b.append(("table", (report.sources_changed, "no source revised or deleted")))
    b.append(("h3", f"Log rewrites ({report.log_rewrite_count})"))
    b.append(("table", (report.log_rewrites, "no log was rewritten")))
    b.append(("h3", f"Quarantined records ({report.quarantined_count})"))
    b.append(("table", (report.quarantined, "nothing quarantined")))

    if report.lineages:
        b.append(("h2", "Lineage of changed claims"))
        for claim, source, tree in report.lineages:
            b.append(("h3", claim))
            b.append(("mermaid", (source, tree, claim)))
        if report.lineages_left_out:
            b.append(("p", (f"{report.lineages_left_out} more changed claim(s); see ",
                            Code("provgraph lineage ID --format mermaid"), ".")))
    return b


def _rivals_counted(frame: pd.DataFrame) -> pd.DataFrame:
    """The first rivals of each row named and the rest counted, as on a status line (claims.csv keeps them all)."""
    if "conflicts_with" not in frame.columns or frame.empty:
        return frame
    cut = frame["conflicts_with"].map(lambda ids: and_more(ids.split(", "), RIVALS_SHOWN) if ids else ids)
    return frame.assign(conflicts_with=cut)


def _cell(value: Any) -> str:
    value = jsonable(value)
    if value is None or value == "":
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return " ".join(str(value).split())


_md_escape = markdown_text  # ids and text in report.md: the one Markdown-escape rule (provgraph.base.escape)


def _shown(frame: pd.DataFrame) -> tuple[pd.DataFrame, int]:
    return frame.head(MAX_ROWS), max(0, len(frame) - MAX_ROWS)


def render_markdown(report: Report, tripped: dict[str, int] | None = None) -> str:
    out: list[str] = []
    for kind, content in _blocks(report, tripped or {}):
        if kind == "h1":
            out.append(f"# {content}\n")
        elif kind == "h2":
            out.append(f"## {_md_escape(content)}\n")
        elif kind == "h3":
            out.append(f"### {_md_escape(content)}\n")
        elif kind == "p":
            out.append("".join(f"`{part}`" if isinstance(part, Code) else _md_escape(part) for part in _parts(content))
                       + "\n")
        elif kind == "alert":
            out.append(f"> **{_md_escape(content)}**\n")
        elif kind == "mermaid":
            out.append("```mermaid\n" + content[0] + "\n```\n")
        elif kind == "trend":
            if len(content) > 1:
                out.append(f"Claims per status over the last {len(content)} runs: "
                           + "; ".join(f"{(to_iso(t) or '')[:16]} " + " ".join(f"{c.get(s, 0)} {s}" for s in STATUSES if c.get(s))
                                       for t, c in content[-5:]) + (" (latest 5)" if len(content) > 5 else "") + "\n")
        elif kind == "table":
            frame, empty = content
            if not len(frame):
                out.append(f"_{empty}_\n" if empty else "")
                continue
            shown, more = _shown(frame)
            lines = ["| " + " | ".join(_md_escape(str(c)) for c in shown.columns) + " |",
                     "|" + "|".join("---" for _ in shown.columns) + "|"]
            for row in shown.itertuples(index=False):
                lines.append("| " + " | ".join(_md_escape(_cell(v)) for v in row) + " |")
            if more:
                lines.append(f"\n_{more} more rows in report.json / claims.csv_")
            out.append("\n".join(lines) + "\n")
    return "\n".join(out)


_STYLE = """
body { font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; margin: 2rem auto; max-width: 72rem; color: #222; padding: 0 1rem; }
h1 { border-bottom: 2px solid #444; } h2 { border-bottom: 1px solid #bbb; margin-top: 2rem; }
table { border-collapse: collapse; margin: .5rem 0 1rem; font-size: .9rem; }
th, td { border: 1px solid #ccc; padding: .25rem .5rem; text-align: left; vertical-align: top; }
th { background: #f2f2f2; } .empty { color: #777; font-style: italic; }
.alert { background: #ffd6d6; border: 1px solid #c62828; padding: .5rem 1rem; font-weight: bold; }
pre.tree { background: #fbfbf4; border: 1px solid #ddd; padding: .75rem; overflow-x: auto; font-size: .85rem; }
pre.mermaid { background: #f7f7f7; border: 1px solid #ddd; padding: .75rem; overflow-x: auto; font-size: .8rem; }
figure { margin: .5rem 0 1rem; } figure svg { max-width: 100%; height: auto; } figcaption { color: #555; font-size: .85rem; }
""" + " ".join(f"td.{status} {{ background: {fill}; }}" for status, (fill, _, _) in STATUS_COLOURS.items()) + "\n"


def render_html(report: Report, tripped: dict[str, int] | None = None) -> str:
    """Self-contained HTML: inline CSS and SVG, no scripts, no external links; lineage drawn by Graphviz when installed."""
    e = html.escape
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>provgraph report {e(to_iso(report.ran_at) or '')}</title>", f"<style>{_STYLE}</style></head><body>"]
    for kind, content in _blocks(report, tripped or {}):
        if kind in ("h1", "h2", "h3"):
            out.append(f"<{kind}>{e(content)}</{kind}>")
        elif kind == "p":
            out.append("<p>" + "".join(f"<code>{e(part)}</code>" if isinstance(part, Code) else e(part)
                                       for part in _parts(content)) + "</p>")
        elif kind == "alert":
            out.append(f'<p class="alert">{e(content)}</p>')
        elif kind == "trend":
            chart = svg.trend_svg(content)
            if chart:
                out.append(f'<figure class="trend">{chart}<figcaption>Claims per status over the last {len(content)} '
                           "report run(s) for this scope: the recorded ones, then this one.</figcaption></figure>")
        elif kind == "mermaid":
            source, tree, claim = content
            view = report.views.get(claim)
            picture = svg.lineage_svg(view, f"lineage{len(out)}") if view else None
            if picture:
                out.append(f'<figure class="lineage">{picture}<figcaption>Lineage of {e(claim)}: arrows go from a claim '
                           "to the one it revises or rests on; the thick box is this claim.</figcaption></figure>")
            elif view:
                out.append(f'<p class="empty">{e(svg.no_picture(view))}</p>')
            out.append(f'<pre class="tree">{e(tree)}</pre>')
            out.append("<details><summary>Mermaid source (renders in report.md on GitHub, or paste into a Mermaid viewer)"
                       f'</summary><pre class="mermaid">{e(source)}</pre></details>')
        elif kind == "table":
            frame, empty = content
            if not len(frame):
                if empty:
                    out.append(f'<p class="empty">{e(empty)}</p>')
                continue
            shown, more = _shown(frame)
            out.append("<table><thead><tr>" + "".join(f"<th>{e(str(c))}</th>" for c in shown.columns) + "</tr></thead><tbody>")
            for row in shown.itertuples(index=False):
                cells = []
                for column, value in zip(shown.columns, row):
                    text = _cell(value)
                    css = f' class="{text}"' if column in ("status", "ACTIVE", "STALE", "CONFLICT", "UNKNOWN") and text in STATUSES else ""
                    cells.append(f"<td{css}>{e(text)}</td>")
                out.append("<tr>" + "".join(cells) + "</tr>")
            out.append("</tbody></table>")
            if more:
                out.append(f'<p class="empty">{more} more rows in report.json / claims.csv</p>')
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def to_json(report: Report, tripped: dict[str, int] | None = None) -> str:
    return ReportResult(report, [], dict(tripped or {})).to_json() + "\n"
