"""Generated decision records whose revisions are known, for the `provgraph suspects` quality check.

`generate(matters, seed)` plans `matters` decision matters (a component and an aspect of it, such as
"session cache / engine"), each decided once and revised 0-2 times, every record written in one of six
styles a team really uses: Nygard ADRs, MADR ADRs, Jira CSV rows, GitHub issues, decision-log lines and
board cards. A revision may be written in another store and style than what it revises (a ticket that
changes what an ADR decided). Hard negatives on purpose: matters share their component with a sibling
matter (the cache's engine vs. the cache's TTL), every record shares the team's boilerplate, and the same
matter is decided separately in another scope (which must never pair across scopes).
`write_files(corpus, folder)` writes the inputs with their links; the bench strips the links before
ingest and checks which revisions `suspects` recovers. The same (matters, seed) gives the same bytes.

Several organisations in one graph (`ORGS`, `generate_orgs`): each writes its records in its own stores
(`<org>-adr`, `<org>-jira`, ...), with its own id prefixes (Jira keys, issue numbers, log and card ids, ADR
numbers never collide across organisations), its own ADR 0001 ("Record architecture decisions", the text
adr-tools or MADR writes in every log), its own template sentence in every ADR's decision section, and its own
scopes or none (an unscoped store's claims overlap every scope, so they can pair with any organisation's).
Matters are drawn from overlapping slices of the same components, so two organisations sometimes decide the
same thing; a pair across organisations is never the same matter.
"""
from __future__ import annotations

import csv
import io
import json
import random
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

BASE_TIME = datetime(2023, 1, 2, 9, 0, tzinfo=timezone.utc)
STYLES = ("nygard", "madr", "jira", "github", "log", "card")
TEAMS = ("payments", "search", "identity", "platform", "growth", "data", "mobile", "billing", "risk", "support")

# component -> {aspect: options}; two aspects per component make sibling matters (hard negatives).
COMPONENTS: dict[str, dict[str, tuple[str, ...]]] = {
    "session cache": {
        "engine": ("Redis", "Memcached", "Hazelcast"),
        "ttl": ("15 minutes", "1 hour", "8 hours"),
    },
    "ledger": {
        "database": ("PostgreSQL", "CockroachDB", "an append-only event store"),
        "retention": ("7 years", "10 years", "5 years"),
    },
    "search index": {
        "engine": ("Elasticsearch", "OpenSearch", "Typesense"),
        "refresh interval": ("1 second", "30 seconds", "5 minutes"),
    },
    "webhook delivery": {
        "retry policy": ("exponential backoff", "fixed 10 second delay", "linear backoff"),
        "timeout": ("5 seconds", "30 seconds", "10 seconds"),
    },
    "card tokens": {
        "vault": ("vault v1", "vault v2", "a managed HSM"),
        "rotation": ("yearly", "every 90 days", "monthly"),
    },
    "refund window": {
        "length": ("14 days", "30 days", "60 days"),
        "approval": ("automatic", "manual review", "team lead sign-off"),
    },
    "message queue": {
        "broker": ("RabbitMQ", "Kafka", "Amazon SQS"),
        "partitions": ("12", "48", "96"),
    },
    "feature flags": {
        "service": ("LaunchDarkly", "Unleash", "a homegrown flag table"),
        "cleanup": ("after 30 days", "after each release", "quarterly"),
    },
    "api versioning": {
        "scheme": ("URL path versions", "a version header", "date-based versions"),
        "deprecation notice": ("6 months", "12 months", "3 months"),
    },
    "password hashing": {
        "algorithm": ("bcrypt", "argon2id", "scrypt"),
        "work factor": ("cost 10", "cost 12", "cost 14"),
    },
    "log retention": {
        "period": ("30 days", "90 days", "1 year"),
        "storage tier": ("hot storage", "cold object storage", "a log archive"),
    },
    "database backups": {
        "schedule": ("nightly", "every 6 hours", "hourly"),
        "location": ("the same region", "a second region", "an offline vault"),
    },
    "deploy pipeline": {
        "tool": ("Jenkins", "GitHub Actions", "Argo CD"),
        "approval gate": ("one reviewer", "two reviewers", "a change board"),
    },
    "image storage": {
        "bucket": ("S3", "Google Cloud Storage", "an on-prem MinIO"),
        "resize": ("on upload", "on first request", "in a nightly batch"),
    },
    "email provider": {
        "vendor": ("SendGrid", "Postmark", "Amazon SES"),
        "bounce handling": ("suppress after 1 bounce", "suppress after 3 bounces", "manual review"),
    },
    "rate limiter": {
        "limit": ("100 requests per minute", "600 requests per minute", "20 requests per second"),
        "store": ("Redis", "local memory", "Envoy"),
    },
    "metrics store": {
        "backend": ("Prometheus", "InfluxDB", "VictoriaMetrics"),
        "scrape interval": ("15 seconds", "60 seconds", "5 seconds"),
    },
    "secrets": {
        "manager": ("HashiCorp Vault", "AWS Secrets Manager", "sealed Kubernetes secrets"),
        "rotation": ("every 30 days", "every 90 days", "on every deploy"),
    },
    "tls": {
        "minimum version": ("TLS 1.2", "TLS 1.3", "TLS 1.1"),
        "certificates": ("Let's Encrypt", "an internal CA", "DigiCert"),
    },
    "connection pool": {
        "size": ("20 connections", "50 connections", "100 connections"),
        "pooler": ("PgBouncer", "the driver's own pool", "Odyssey"),
    },
    "on-call rotation": {
        "length": ("one week", "two weeks", "three days"),
        "handover": ("Monday mornings", "Friday afternoons", "in the weekly sync"),
    },
    "error tracking": {
        "tool": ("Sentry", "Rollbar", "Bugsnag"),
        "sampling": ("all errors", "10 percent of errors", "first 100 per hour"),
    },
    "analytics events": {
        "pipeline": ("Segment", "Snowplow", "a Kafka topic"),
        "schema": ("JSON schema", "Avro", "Protobuf"),
    },
    "mobile releases": {
        "cadence": ("every two weeks", "weekly", "monthly"),
        "rollout": ("staged 10 percent", "all users at once", "beta channel first"),
    },
    "pagination": {
        "page size": ("20 results", "50 results", "100 results"),
        "style": ("offset pages", "cursor tokens", "keyset pages"),
    },
    "time zones": {
        "storage": ("UTC timestamps", "local time with offset", "epoch milliseconds"),
        "display": ("the user's zone", "the account's zone", "UTC"),
    },
    "code review": {
        "rule": ("one approval", "two approvals", "an owner's approval"),
        "size limit": ("400 lines", "800 lines", "no limit"),
    },
    "branching": {
        "model": ("trunk-based development", "GitFlow", "release branches"),
        "merge strategy": ("squash merges", "rebase merges", "merge commits"),
    },
    "cdn": {
        "provider": ("Cloudflare", "Fastly", "CloudFront"),
        "cache lifetime": ("1 hour", "1 day", "5 minutes"),
    },
    "sms provider": {
        "vendor": ("Twilio", "MessageBird", "Vonage"),
        "fallback": ("email", "a voice call", "no fallback"),
    },
}
BOILERPLATE_CONTEXT = (
    "The {team} team needs a clear decision here; the current setup causes toil and on-call pages.",
    "We discussed this in the {team} architecture sync and wrote down the options we considered.",
    "This came up during the quarterly review of the {team} roadmap and incident follow-ups.",
)
BOILERPLATE_CONSEQUENCES = (
    "Runbooks and dashboards are updated; the {team} team owns the migration.",
    "We will revisit this if load or cost changes significantly.",
    "Operations documents the change and announces it in the engineering channel.",
)


@dataclass(frozen=True)
class Record:
    uid: str
    style: str
    team: str
    scope: str
    ts: datetime
    title: str
    body: str
    matter: str  # "<scope>|<component>|<aspect>": the ground truth
    supersedes: str | None = None  # uid of the record it revises
    subject: str | None = None  # a subject label, on the few records that carry one
    org: str = ""  # the organisation (`generate_orgs`), "" for the single-organisation corpus


@dataclass(frozen=True)
class Org:
    """One organisation of the multi-organisation corpus: its stores, ids, boilerplate and scopes."""

    name: str  # store prefix and id prefix of logs, cards and GitHub repositories
    key: str  # prefix of its Jira keys and ADR ids (upper case)
    scope: str  # its scope root ("org/acme": team scopes under it), "" for unscoped stores
    styles: tuple[str, ...]  # the styles (stores) it writes in; the first is its ADR style
    template: str  # the sentence its ADR template puts first in every decision section
    first_adr: tuple[str, str]  # (title, decision) of its ADR 0001, the log's boilerplate
    offset: int  # where its matters start in the component/aspect list (slices overlap between organisations)


ADR_TOOLS_0001 = ("Record architecture decisions",
                  "We will use Architecture Decision Records, as described by Michael Nygard in this article: "
                  "http://thinkrelevance.com/blog/2011/11/15/documenting-architecture-decisions")
MADR_0000 = ("Use Markdown Architectural Decision Records",
             "Chosen option: \"MADR 2.1.2\", because implicit assumptions should be made explicit, MADR allows for "
             "structured capturing of any decision, and the MADR format is lean and fits our development style.")
FIRST_ADR_CONTEXT = "We need to record the architectural decisions made on this project."
FIRST_ADR_CONSEQUENCES = "See Michael Nygard's article, linked above. For a lightweight ADR toolset, see Nat Pryce's adr-tools."
ORGS = (
    Org("acme", "ACME", "org/acme", ("nygard", "jira", "log"),
        "Template v2: the owning team reviews this record every six months and links superseding records.",
        ADR_TOOLS_0001, 0),
    Org("globex", "GLBX", "", ("madr", "github", "card"),
        "Decision drivers are listed in the RFC folder; this record follows the Globex decision template.",
        MADR_0000, 15),
    Org("initech", "INIT", "", ("nygard", "jira", "log", "card"),
        "As agreed in the architecture guild, this decision applies to every Initech service unless noted.",
        ADR_TOOLS_0001, 30),
    Org("umbrella", "UMBR", "umbrella", ("nygard", "github"),
        "Reviewed by the Umbrella architecture board; questions go to the platform channel.",
        ADR_TOOLS_0001, 45),
)


@dataclass
class Corpus:
    records: list[Record] = field(default_factory=list)

    def truth(self) -> dict[str, str]:
        """earlier uid -> the uid of the record that directly revises it."""
        return {r.supersedes: r.uid for r in self.records if r.supersedes}

    def matter_of(self) -> dict[str, str]:
        return {r.uid: r.matter for r in self.records}


def _phrase(rng: random.Random, component: str, aspect: str, option: str, previous: str | None) -> tuple[str, str]:
    """(title, decision sentence) for deciding `option`, optionally saying what it replaces."""
    subject = f"{component} {aspect}"
    if previous is None:
        title = rng.choice((f"Use {option} for the {subject}", f"{component.capitalize()}: {aspect} is {option}",
                            f"Adopt {option} as the {subject}", f"Set the {subject} to {option}"))
        sentence = rng.choice((f"We will use {option} for the {subject}.", f"The {subject} is {option}.",
                               f"From now on the {component} uses {option} ({aspect}).",
                               f"{option} becomes the {subject} for every service."))
    else:
        title = rng.choice((f"Switch the {subject} to {option}", f"Move {component} {aspect} from {previous} to {option}",
                            f"{component.capitalize()} {aspect}: {option} instead of {previous}",
                            f"Change the {subject} to {option}"))
        sentence = rng.choice((f"The {subject} changes from {previous} to {option}.",
                               f"We replace {previous} with {option} for the {subject}.",
                               f"The {component} now uses {option} for its {aspect}.",
                               f"{option} replaces the old {aspect} of the {component}."))
    return title, sentence


def _reason(rng: random.Random, team: str) -> str:
    return rng.choice((
        f"It keeps the {team} services simpler to operate.", "It costs less at our volume.",
        "The previous choice caused two incidents last quarter.", "Security review asked for it.",
        "Latency budgets require it.", "Vendor support ends next year.",
    ))


def generate(matters: int = 160, seed: int = 11, org: Org | None = None) -> Corpus:
    """`matters` matters over the teams, each decided once and revised 0-2 times; see the module docstring.
    With `org`, the records are that organisation's (`generate_orgs`): its styles, scopes and id prefixes, and
    its ADR 0001 first."""
    rng = random.Random(seed)
    corpus = Corpus()
    pairs = [(component, aspect) for component, aspects in COMPONENTS.items() for aspect in aspects]
    planned: list[tuple[str, str, str, str]] = []  # (team, scope, component, aspect)
    for index in range(matters):
        component, aspect = pairs[(index + (org.offset if org else 0)) % len(pairs)]
        team = TEAMS[(index // len(pairs)) % len(TEAMS)]
        unit = index // (len(pairs) * len(TEAMS))  # past 600 matters (the speed corpus), one scope per unit
        root = "org/acme" if org is None else org.scope
        scope = f"{root}/{team}" + (f"/unit-{unit}" if unit else "") if root else ""
        planned.append((team, scope, component, aspect))
    if org is not None:
        title, body = org.first_adr
        corpus.records.append(Record(uid=f"{org.key}-ADR-0001", style=org.styles[0], team="architecture", scope=org.scope,
                                     ts=BASE_TIME - timedelta(days=30 + org.offset), title=title, body=body,
                                     matter=f"{org.name}||adr process", org=org.name))
    rng.shuffle(planned)
    moments: list[tuple[datetime, int, int]] = []  # (time, matter index, revision number)
    revisions = [rng.choices((0, 1, 2), weights=(35, 45, 20))[0] for _ in planned]
    for index, count in enumerate(revisions):
        start = BASE_TIME + timedelta(days=rng.randrange(0, 500), hours=rng.randrange(0, 8))
        moments.append((start, index, 0))
        at = start
        for revision in range(1, count + 1):
            at = at + timedelta(days=rng.randrange(20, 300))
            moments.append((at, index, revision))
    moments.sort()
    latest: dict[int, Record] = {}
    options_of: dict[int, list[str]] = {}
    for serial, (moment, index, revision) in enumerate(moments, start=1 if org is None else 2):
        team, scope, component, aspect = planned[index]
        options = options_of.setdefault(index, rng.sample(COMPONENTS[component][aspect], 3))
        option, previous_record = options[revision], latest.get(index)
        previous_option = options[revision - 1] if revision else None
        mentions_previous = previous_record is not None and rng.random() < 0.6
        title, sentence = _phrase(rng, component, aspect, option, previous_option if mentions_previous else None)
        styles = STYLES if org is None else org.styles
        style = styles[rng.randrange(len(styles))]
        body = f"{sentence} {_reason(rng, team)}"
        if org is None:
            uid = {"nygard": f"ADR-{serial:04d}", "madr": f"MADR-{serial:04d}", "jira": f"{team[:3].upper()}-{serial}",
                   "github": f"acme/{team}#{serial}", "log": f"dec-{serial}", "card": f"card:{serial}"}[style]
        else:  # every id carries the organisation: two generated organisations never share one
            uid = {"nygard": f"{org.key}-ADR-{serial:04d}", "madr": f"{org.key}-ADR-{serial:04d}",
                   "jira": f"{org.key}{team[:3].upper()}-{serial}", "github": f"{org.name}/{team}#{serial}",
                   "log": f"{org.name}-dec-{serial}", "card": f"{org.name}-card:{serial}"}[style]
        # A few records carry a subject label (as some real stores do), never both sides of a revision.
        label = f"{team}.{component.replace(' ', '-')}.{aspect.replace(' ', '-')}"
        subject = (label if org is None else f"{org.name}.{label}") if rng.random() < 0.1 and previous_record is None else None
        record = Record(uid=uid, style=style, team=team, scope=scope, ts=moment, title=title, body=body,
                        matter=f"{org.name + '|' if org else ''}{scope}|{component}|{aspect}",
                        supersedes=previous_record.uid if previous_record else None, subject=subject,
                        org=org.name if org else "")
        corpus.records.append(record)
        latest[index] = record
    return corpus


def scoped(orgs: tuple[Org, ...]) -> tuple[Org, ...]:
    """The same organisations, each unscoped one given the scope `org/<name>`."""
    return tuple(replace(org, scope=org.scope or f"org/{org.name}") for org in orgs)


def generate_orgs(matters: int = 40, seed: int = 11, orgs: tuple[Org, ...] = ORGS) -> list[tuple[Org, Corpus]]:
    """Each organisation's corpus: `matters` matters each, seeds `seed`, `seed + 1`, ... (see the module docstring)."""
    return [(org, generate(matters, seed + number, org)) for number, org in enumerate(orgs)]


def _iso(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def _markdown(record: Record, target: str | None, rng: random.Random, org: Org | None = None) -> str:
    context = rng.choice(BOILERPLATE_CONTEXT).format(team=record.team)
    consequences = rng.choice(BOILERPLATE_CONSEQUENCES).format(team=record.team)
    front = (f"---\nid: {record.uid}\n" + (f"scope: {record.scope}\n" if record.scope else "")
             + (f"subject: {record.subject}\n" if record.subject else "") + "---\n")
    link = f"\nSupersedes [{target}]({target}.md)\n" if target else ""
    first = org is not None and record.uid == f"{org.key}-ADR-0001"  # the log's boilerplate, as the tool wrote it
    template = f"{org.template} " if org is not None and not first else ""
    if first:
        context, consequences = FIRST_ADR_CONTEXT, FIRST_ADR_CONSEQUENCES
    body = record.body if first else f"{template}{record.body}"
    if record.style == "nygard":
        return (f"{front}# {record.uid.rsplit('-', 1)[1].lstrip('0')}. {record.title}\n\nDate: {record.ts.date().isoformat()}\n\n"
                f"## Status\n\nAccepted\n{link}\n## Context\n\n{context}\n\n## Decision\n\n{body}\n\n"
                f"## Consequences\n\n{consequences}\n")
    chosen = body if first else f"{template}Chosen option: {record.body}"
    return (f"{front}# {record.title}\n\n* Status: accepted\n* Date: {record.ts.date().isoformat()}\n{link}\n"
            f"## Context and Problem Statement\n\n{context}\n\n## Considered Options\n\n* keep what we have\n* change it\n\n"
            f"## Decision Outcome\n\n{chosen}\n\n### Consequences\n\n* {consequences}\n")


def write_files(corpus: Corpus, folder: Path, seed: int = 11, org: Org | None = None) -> list[tuple[str, str, str, Path]]:
    """Write every record as its style's input, links included. Returns (kind, format, store, path) to ingest.
    With `org`, its stores are named `<org>-adr`, `<org>-jira`, ... and only those it writes in are returned."""
    rng = random.Random(seed + 1)
    folder.mkdir(parents=True, exist_ok=True)
    adr = folder / "adr"
    adr.mkdir(exist_ok=True)
    by_style: dict[str, list[Record]] = {style: [] for style in STYLES}
    for record in corpus.records:
        by_style[record.style].append(record)
    for record in by_style["nygard"] + by_style["madr"]:
        (adr / f"{record.uid.lower()}.md").write_text(_markdown(record, record.supersedes, rng, org), encoding="utf-8")
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["Summary", "Issue key", "Issue id", "Issue Type", "Status", "Resolution", "Created", "Updated",
                     "Description", "Labels", "Labels", "Outward issue link (Supersedes)"])
    for number, record in enumerate(by_style["jira"], start=1):
        stamp = record.ts.strftime("%d/%b/%y %I:%M %p")
        labels = [f"scope:{record.scope}" if record.scope else "decision",
                  f"subject:{record.subject}" if record.subject else record.team]
        writer.writerow([record.title, record.uid, str(10000 + number), "Decision", "Done", "Done", stamp, stamp,
                         record.body, *labels, record.supersedes or ""])
    (folder / "jira.csv").write_text(buffer.getvalue(), encoding="utf-8")
    issues = []
    for record in by_style["github"]:
        labels = ([{"name": f"scope:{record.scope}"}] if record.scope else []) + (
            [{"name": f"subject:{record.subject}"}] if record.subject else [])
        body = record.body + (f"\n\nSupersedes {record.supersedes}" if record.supersedes else "")
        number = int(record.uid.rsplit("#", 1)[1])
        issues.append({"number": number, "title": record.title, "body": body, "state": "CLOSED", "stateReason": "COMPLETED",
                       "labels": labels, "createdAt": _iso(record.ts), "updatedAt": _iso(record.ts), "closedAt": _iso(record.ts),
                       "url": f"https://github.com/{record.uid.split('#')[0]}/issues/{number}"})
    (folder / "github.json").write_text(json.dumps(issues, indent=1), encoding="utf-8")
    with (folder / "decisions.jsonl").open("w", encoding="utf-8") as out:
        for record in by_style["log"]:
            entry = {"ts": _iso(record.ts), "id": record.uid, **({"scope": record.scope} if record.scope else {}),
                     "msg": f"{record.title}: {record.body}"}
            if record.subject:
                entry["subject"] = record.subject
            if record.supersedes:
                entry["supersedes"] = [record.supersedes]
            out.write(json.dumps(entry) + "\n")
    with (folder / "board.jsonl").open("w", encoding="utf-8") as out:
        for record in by_style["card"]:
            card = {"id": record.uid, "url": f"https://board.example/{record.uid}", "author": "bench", "ts": _iso(record.ts),
                    **({"scope": record.scope} if record.scope else {}), "content": f"# {record.title}\n\n{record.body}",
                    "edges": [{"verb": "supersedes", "target": record.supersedes}] if record.supersedes else []}
            if record.subject:
                card["subject"] = record.subject
            out.write(json.dumps(card) + "\n")
    prefix = f"{org.name}-" if org else ""
    stores = [("nygard", ("files", "default", "adr", adr)), ("madr", ("files", "default", "adr", adr)),
              ("jira", ("tickets", "jira-csv", "jira", folder / "jira.csv")),
              ("github", ("tickets", "github", "github", folder / "github.json")),
              ("log", ("logs", "jsonl", "decisions", folder / "decisions.jsonl")),
              ("card", ("cards", "default", "board", folder / "board.jsonl"))]
    written: list[tuple[str, str, str, Path]] = []
    for style, (kind, fmt, store, path) in stores:
        entry = (kind, fmt, prefix + store, path)
        if (org is None or style in org.styles) and entry not in written:
            written.append(entry)
    return written


def store_of(org: Org | None, style: str) -> str:
    """The store a record of `style` is written to (by `write_files`)."""
    store = {"nygard": "adr", "madr": "adr", "jira": "jira", "github": "github", "log": "decisions", "card": "board"}[style]
    return f"{org.name}-{store}" if org else store
