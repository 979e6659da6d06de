"""`provgraph verify`: thin over the Python API (Provgraph.verify)."""
from __future__ import annotations

from datetime import datetime
from typing import IO, TYPE_CHECKING

import click

from provgraph.base.errors import CheckFailed, UsageError
from provgraph.base.text import and_more, short_hash
from provgraph.cli.options import at_option, connection_options, id_list_option, output_format, question_scope_option
from provgraph.views.display import status_line

if TYPE_CHECKING:
    from provgraph.api import Provgraph
    from provgraph.engine.verify import Verdict


def _text(verdict: Verdict) -> None:
    from provgraph.engine.claim_status import RIVALS_SHOWN

    colour = "green" if verdict.supported else "red"
    click.echo(click.style(verdict.verdict, fg=colour, bold=True))
    click.echo(f"  {verdict.explanation}")
    shown_scope = verdict.scope if verdict.scope is not None else "(each claim's own)"
    question = [f"scope={shown_scope}",
                f"at={verdict.to_dict()['question']['at'] or 'now'}"]
    if verdict.subject:
        question.append(f"subject={verdict.subject}")
    click.echo(f"question: {'  '.join(question)}")
    click.echo("evidence:")
    for check in verdict.evidence:
        row = check.status
        line = f"  {status_line(row)}"
        if row.source:
            line += f"  {row.location}@{short_hash(row.snapshot) or '-'}"
        if row.successors:
            line += f"  -> {', '.join(row.successors)}"
        if row.conflicts_with:
            line += f"  <> {and_more(row.conflicts_with, RIVALS_SHOWN)}"
        if check.given.snapshot:
            if not check.seen_cites:
                seen = "not a citing snapshot"
            else:
                seen = "text changed since" if check.seen_changed else "text unchanged"
            line += f"  read sha256:{short_hash(check.given.snapshot)} ({seen})"
        click.echo(line)
    if verdict.missing:
        click.echo("missing:")
        for uid in verdict.missing:
            click.echo(f"  {uid}: {verdict.why_missing.get(uid, '')}")
    else:
        click.echo("missing: none")
    if verdict.suspects:
        click.echo("possible unlinked revisions (advisory, not part of the verdict: nothing records them; "
                   "confirm with `provgraph adjudicate --keep LATER --retire EARLIER`):")
        for s in verdict.suspects:
            click.echo(f"  {s['earlier']} -> {s['later']}  score {s['score']:.2f}  terms: {', '.join(s['terms'])}")


@click.command("verify")
@click.option("--evidence", "evidence", multiple=True, metavar="ID[@sha256:HEX]",
              help="An evidence claim (uid or alias), optionally with the snapshot hash the reader saw; repeat for more")
@click.option("--cited-in", "cited_in", multiple=True, metavar="FILE",
              help="Take what a scanned file cites as evidence (`provgraph scan` keeps it); repeatable")
@id_list_option("--candidates", "candidates", metavar="ID,...",
                help="The ids the retriever considered, comma-separated (repeatable); omit for no candidate set")
@question_scope_option
@at_option
@click.option("--subject", default=None, help="The question's subject (its rivals must be in the candidate set)")
@click.option("--batch", "batch", type=click.File("r", encoding="utf-8"), default=None, metavar="REQUESTS.jsonl",
              help="JSONL requests ('-' = stdin), one verdict per line out, in order")
@click.option("--no-suspects", "no_suspects", is_flag=True,
              help="Skip the advisory suspects (possible unlinked revisions, read from the pairs each ingest keeps): same verdict")
@output_format("json", "text")
@connection_options
def verify_command(evidence: tuple[str, ...], cited_in: tuple[str, ...], candidates: list[str] | None, scope: str | None,
                   at: datetime | None,
                   subject: str | None, batch: IO[str] | None, no_suspects: bool, fmt: str, pg: Provgraph) -> None:
    """Does the evidence an answer cites still govern? Exit 0 only for SUPPORTED_BY_CURRENT_SOURCE.

    Terminals, in order: SNAPSHOT_UNBOUND, CANDIDATE_SET_UNBOUND, REVISION_CLOSURE_INCOMPLETE,
    CURRENTNESS_CONFLICT, STALE_EVIDENCE, OUT_OF_SCOPE, CURRENT_STATE_UNKNOWN, SUPPORTED_BY_CURRENT_SOURCE.
    """
    if batch is not None:
        if evidence or cited_in or candidates is not None or scope is not None or at is not None or subject is not None:
            raise UsageError("--batch takes every question from its request lines: drop --evidence/--candidates/"
                             "--scope/--at/--subject")

        total = unsupported = 0
        for answer in pg.iter_verify_many(batch, suspects=not no_suspects):
            click.echo(answer.to_json())
            total += 1
            unsupported += not answer.supported
        if unsupported:
            raise CheckFailed(f"verify --batch: {unsupported} of {total} request(s) not supported")
        return
    evidence += tuple(claim for file in cited_in for claim in pg.cited_in(file))
    if not evidence:
        raise UsageError("verify needs --evidence ID[@sha256:HEX] (repeatable), --cited-in FILE (a scanned file that "
                         "cites something), or --batch REQUESTS.jsonl")
    verdict = pg.verify(list(evidence), candidates,
                        scope=scope, at=at, subject=subject, suspects=not no_suspects)
    if fmt == "json":
        click.echo(verdict.to_json(indent=2))
    else:
        _text(verdict)
    if not verdict.supported:
        raise CheckFailed(f"{verdict.verdict}: {verdict.explanation}")


COMMANDS = [verify_command]
