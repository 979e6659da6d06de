"""provgraph's guide for Neo4j Browser, which the local server serves, and the graph style.

The guide is an HTML page in Neo4j Browser's guide format, served by the local server's
HTTP connector (`provgraph/graph/server/Guides.java`) and played after connecting
(`browser.post_connect_cmd`). Its queries are the named `.cypher` files themselves, so a
click in the Browser runs exactly what `provgraph status`, `lineage` and `conflicts` run;
the lineage picture wraps the `lineage` query in `cypher/browser/lineage_picture.cypher`.
"""
from __future__ import annotations

import html
from pathlib import Path

from provgraph import cypher

GUIDE_NAME = "provgraph.html"
STYLE_NAME = "provgraph.grass"
# How the Browser draws provgraph's nodes: claims by uid, snapshots by revision time, sources by uid.
GRAPH_STYLE = """node {
  diameter: 50px;
  color: #A5ABB6;
  border-color: #9AA1AC;
  text-color-internal: #FFFFFF;
  font-size: 10px;
  caption: "<id>";
}
relationship {
  color: #A5ABB6;
  shaft-width: 1px;
  font-size: 8px;
  caption: "<type>";
}
node.Claim {
  diameter: 65px;
  color: #C990C0;
  border-color: #B261A5;
  caption: "{uid}";
}
node.Snapshot {
  color: #F79767;
  border-color: #F36924;
  caption: "{revised_at}";
}
node.Source {
  color: #57C7E3;
  border-color: #23B3D7;
  caption: "{uid}";
}
"""
_PICTURE = Path(cypher.__file__).resolve().parent / "browser" / "lineage_picture.cypher"


def _body(text: str) -> str:
    """A query file without its header comments and final semicolon: what the Browser's editor runs."""
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("//")]
    return "\n".join(lines).strip().rstrip(";").strip()


def lineage_picture_query() -> str:
    """`lineage_picture.cypher` with the `lineage` query in place of its LINEAGE line: two static texts."""
    lineage = _body(cypher.shell_text("lineage")).replace("\n", "\n  ")
    return _body(_PICTURE.read_text(encoding="utf-8")).replace("LINEAGE", lineage, 1)


def _runnable(query: str) -> str:
    return f'<pre class="pre-scrollable code runnable">{html.escape(query)}</pre>'


def _slide(title: str, *parts: str) -> str:
    heading = f"<h3>{html.escape(title)}</h3>"
    return f'<slide class="row-fluid"><div class="col-sm-12">{heading}{"".join(parts)}</div></slide>'


def guide_html() -> str:
    """The guide: set the parameters, then status, the lineage picture and conflicts for them."""
    # `:params {...}` keeps every value as written (and replaces all parameters); `:param t => datetime()`
    # evaluates on the server, so t becomes a DateTime. Hence two commands, run in this order.
    params = ':params {claim: "ADR-0001", q: null, claims: null, subject: null, only: null, active: false}'
    now = ":param t => datetime()"
    conflict_params = ':param only => ["CONFLICT"]'
    status = _body(cypher.shell_text("status"))
    lineage = _body(cypher.shell_text("lineage"))
    rivals = _body(cypher.shell_text("rivals"))
    rival_params = ':param claims => [$claim]'
    slides = [
        _slide("provgraph: does the source still govern?",
               "<p>Click a query to put it in the editor, then run it (Ctrl+Enter). First set the parameters: "
               "<code>claim</code> is the claim to look at (change it to one of yours), <code>q</code> the "
               "question scope (null: each claim's own); then <code>t</code>, the as-of time.</p>",
               _runnable(params), _runnable(now)),
        _slide("Status of every claim",
               "<p>The <code>status</code> query: each claim's ACTIVE, STALE, CONFLICT or UNKNOWN with the rule "
               "that decided it, as <code>provgraph status</code> prints it.</p>", _runnable(status)),
        _slide("Lineage of $claim, as a picture",
               "<p>The <code>lineage</code> query's claims, revision, dependency and conflict edges, and the "
               "snapshots and sources they cite, drawn as a graph (<code>provgraph lineage $claim</code>).</p>",
               _runnable(lineage_picture_query()),
               "<p>The same lineage as rows:</p>", _runnable(lineage)),
        _slide("Conflicts",
               "<p>Keep only claims in CONFLICT, then run the status query again "
               "(<code>provgraph conflicts</code>):</p>", _runnable(conflict_params), _runnable(status),
               "<p>The rivals of $claim (the pairs <code>provgraph conflicts</code> groups):</p>",
               _runnable(rival_params), _runnable(rivals),
               "<p>Back to every status: <code>:param only => null</code>.</p>"),
    ]
    return ("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>provgraph</title></head><body>"
            '<article class="guide"><carousel class="deck container-fluid">'
            + "".join(slides) + "</carousel></article></body></html>\n")


def write_guides(folder: Path) -> Path:
    """The guide and the graph style, replaced whole (a Browser reading one never sees half a file)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in ((GUIDE_NAME, guide_html()), (STYLE_NAME, GRAPH_STYLE)):
        target = folder / name
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            partial = folder / (name + ".new")
            partial.write_text(text, encoding="utf-8")
            partial.replace(target)
    return folder

__all__ = ["GRAPH_STYLE", "GUIDE_NAME", "STYLE_NAME", "guide_html", "lineage_picture_query", "write_guides"]
