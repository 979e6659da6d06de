"""A decision's own page: what it says, whether it governs now and why, since when, its lineage and history, who
cites it, and what to run when a person must decide. A retired decision says what replaced it before anything else."""
from __future__ import annotations

import shlex

from provgraph.site import record_text
from provgraph.site.layout import REASON_WORDS, badge, day, esc, link, page, table, when
from provgraph.site.model import Citation, Decision
from provgraph.views.display import account_text, short_version

DEPTH = 1


def decision_page(decision: Decision, statuses: dict[str, tuple[str, str, str]], picture: str | None,
                  site_title: str) -> str:
    s = decision.status
    parts = [f'<h1>{esc(decision.name)}</h1>',
             f'<p class="verdict">{badge(s.status, s.reason)} {esc(_in_words(decision))}</p>']
    parts.append(_banner(decision, statuses))
    parts.append(_facts(decision))
    parts.append(_actions(decision))
    parts.append(_lineage(decision, statuses, picture))
    parts.append(_history(decision))
    parts.append(_citations(decision))
    parts.append(f'<section aria-labelledby="text-h"><h2 id="text-h">The record</h2>'
                 f'{record_text.render(decision.text, decision.locator)}</section>')
    return page(decision.name, "\n".join(p for p in parts if p), depth=DEPTH, site_title=site_title,
                feed="feed.atom")


def _in_words(decision: Decision) -> str:
    s = decision.status
    words = REASON_WORDS.get(s.reason, s.reason.lower().replace("_", " "))
    if s.reason == "UNRECOGNISED_STATUS" and s.declared:
        words += f" ({s.declared!r})"
    return words[:1].upper() + words[1:] + "."


def _named(uid: str, statuses: dict[str, tuple[str, str, str]]) -> str:
    """A link to the decision `uid`, named by its id and title, with its status."""
    found = statuses.get(uid)
    return link(uid, DEPTH, found[2] if found else uid, status=found[0] if found else None)


def _banner(decision: Decision, statuses: dict[str, tuple[str, str, str]]) -> str:
    s = decision.status
    since = f" since {day(s.since)}" if s.since else ""
    if s.status == "STALE" and s.successors:
        names = ", ".join(_named(uid, statuses) for uid in s.successors)
        return (f'<p class="banner retired" role="note"><strong>No longer in force{esc(since)}.</strong> '
                f'{esc(s.reason.lower())} by {names}: cite that instead.</p>')
    if s.status == "STALE":
        return (f'<p class="banner retired" role="note"><strong>No longer in force{esc(since)}.</strong> '
                f'{esc(_in_words(decision))}</p>')
    if s.status == "CONFLICT":
        rivals = ", ".join(_named(uid, statuses) for uid in s.conflicts_with) or "another record"
        return (f'<p class="banner conflict" role="note"><strong>In conflict{esc(since)}</strong> with {rivals}: '
                f'a person must decide which governs (below).</p>')
    if s.premises_not_current:
        names = ", ".join(_named(uid, statuses) for uid in s.premises_not_current)
        return f'<p class="banner unknown" role="note">It rests on {names}, which is not current.</p>'
    return ""


def _facts(decision: Decision) -> str:
    s = decision.status
    rows = [("Status", f"{esc(s.status)} ({esc(s.reason)})"),
            ("Why, since when", esc(account_text(s) or "-")),
            ("Scope", esc(s.scope or "(global)")),
            ("Subject", esc(s.subject or "-")),
            ("Store", esc(decision.store or "-")),
            ("Record file", esc(s.path or decision.locator or "-") + (f" lines {s.lines[0]}-{s.lines[1]}" if s.lines else "")),
            ("Snapshot", f"<code>{esc(s.snapshot or '-')}</code>"),
            ("Also named", esc(", ".join(s.aliases) or "-"))]
    if decision.url and decision.url.lower().startswith(("https://", "http://")):
        rows.append(("Where it lives", f'<a href="{esc(decision.url)}" rel="nofollow noopener noreferrer">{esc(decision.url)}</a>'))
    body = "".join(f"<dt>{esc(k)}</dt><dd>{v}</dd>" for k, v in rows)
    return f'<section aria-labelledby="facts-h"><h2 id="facts-h">Facts</h2><dl class="facts">{body}</dl></section>'


def _actions(decision: Decision) -> str:
    s = decision.status
    commands: list[str] = []
    scope = f" --scope {shlex.quote(s.scope)}" if s.scope else ""
    for rival in s.conflicts_with:
        commands.append(f"provgraph adjudicate --keep {shlex.quote(s.claim)} --retire {shlex.quote(rival)}{scope}")
        commands.append(f"provgraph adjudicate --keep {shlex.quote(rival)} --retire {shlex.quote(s.claim)}{scope}")
    for suspect in decision.suspects:
        commands.append(f"# {suspect.later} may revise {suspect.earlier} (score {suspect.score:.2f})")
        commands.append(suspect.confirm_command())
        commands.append(suspect.dismiss_command())
    if not commands:
        return ""
    return ('<section aria-labelledby="act-h"><h2 id="act-h">A person must decide</h2>'
            '<p>Run one of these where provgraph can reach the graph:</p>'
            f'<pre class="commands">{esc(chr(10).join(commands))}</pre></section>')


def _lineage(decision: Decision, statuses: dict[str, tuple[str, str, str]], picture: str | None) -> str:
    s = decision.status
    groups = [("Revised by", s.successors), ("Revises", decision.revises), ("Rests on", s.premises),
              ("In conflict with", s.conflicts_with), ("Pending revisions", s.pending), ("Amended by", s.amendments)]
    items = "".join(
        f"<dt>{esc(label)}</dt><dd>{', '.join(_named(uid, statuses) for uid in uids)}</dd>"
        for label, uids in groups if uids)
    if not items and not picture:
        return ('<section aria-labelledby="lineage-h"><h2 id="lineage-h">Lineage</h2>'
                '<p class="none">No record revises, rests on or conflicts with this one.</p></section>')
    drawn = f'<figure class="picture">{picture}<figcaption>Every box links to its decision.</figcaption></figure>' if picture else ""
    return (f'<section aria-labelledby="lineage-h"><h2 id="lineage-h">Lineage</h2>{drawn}'
            f'<dl class="facts">{items}</dl></section>')


def _history(decision: Decision) -> str:
    rows = [[esc(when(v.revised_at)), esc(v.declared or ("deleted" if v.deleted else "-")),
             f"<code>{esc(short_version(v.version))}</code>" if v.version else "-", esc(v.author or "-"),
             esc(v.path or "-")] for v in reversed(decision.history)]
    return ('<section aria-labelledby="history-h"><h2 id="history-h">History</h2>'
            + table(["Since", "Status word in the record", "Commit or version", "Author", "File"], rows,
                    caption="Each version of the record that stated this decision, newest first")
            + "</section>")


def _place(citation: Citation) -> str:
    place = f"<code>{esc(citation.file)}:{citation.line}</code>"
    if citation.url and citation.url.startswith("https://"):
        return f'<a href="{esc(citation.url)}" rel="nofollow noopener noreferrer">{place}</a>'
    return place


def _citations(decision: Decision) -> str:
    rows = [[esc(c.store), _place(c), esc(c.text)] for c in decision.citations]
    note = ('<p class="banner retired">Retired, yet still cited in these places.</p>'
            if decision.citations and decision.retired else "")
    return ('<section aria-labelledby="cited-h"><h2 id="cited-h">Who cites it</h2>' + note
            + table(["Scanned store", "File and line", "As written"], rows) + "</section>")
