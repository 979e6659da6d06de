"""A citation's place on the decision's page links to its forge when the scan root is a git work tree with a GitHub
or GitLab remote (the file at the work tree's commit, at its line), and stays text otherwise. No network is used:
the remote is only read from the work tree's git config."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

from provgraph.api import Provgraph
from provgraph.site.layout import decision_href

STORY = Path(__file__).resolve().parents[2] / "examples" / "story"
CODE = '"""The ledger."""\n# One schema per region, as ADR-0001 decided.\nLEDGER_SCHEMA = "ledger_{region}"\n'


def _work_tree(folder: Path, remote: str | None) -> str:
    """A git work tree holding services/ledger.py (which cites ADR-0001 on line 2); its commit."""
    (folder / "services").mkdir(parents=True)
    (folder / "services" / "ledger.py").write_text(CODE, encoding="utf-8")
    git = ["git", "-C", str(folder), "-c", "user.name=t", "-c", "user.email=t@example.com"]
    subprocess.run([*git, "init", "-q"], check=True)
    if remote:
        subprocess.run([*git, "remote", "add", "origin", remote], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "ledger"], check=True)
    return subprocess.run([*git, "rev-parse", "HEAD"], check=True, capture_output=True, text=True).stdout.strip()


def _places(page: str) -> list[str]:
    """The cells of the page's citations table that name a file and line (with their link, if any)."""
    section = page.split('id="cited-h"', 1)[1].split("</section>", 1)[0]
    return re.findall(r"<td>((?:<a [^>]*>)?<code>[^<]*</code>(?:</a>)?)</td>", section)


def test_citations_link_to_the_forge_of_a_github_or_gitlab_work_tree_and_stay_text_elsewhere(
        story: Provgraph, tmp_path: Path) -> None:
    github = _work_tree(tmp_path / "gh", "git@github.com:Acme/Payments.git")
    gitlab = _work_tree(tmp_path / "gl", "https://gitlab.com/acme/payments-mirror.git")
    _work_tree(tmp_path / "elsewhere", "https://git.example.org/acme/payments.git")  # not a forge the site knows
    _work_tree(tmp_path / "local", None)  # no remote
    plain = tmp_path / "plain" / "services"  # no git at all
    plain.mkdir(parents=True)
    (plain / "ledger.py").write_text(CODE, encoding="utf-8")
    for name in ("gh", "gl", "elsewhere", "local", "plain"):
        story.scan([tmp_path / name], store=f"code-{name}", root=tmp_path / name, config=STORY / "provgraph.toml")
    out = tmp_path / "site"
    story.site(out)
    places = _places((out / decision_href("ADR-0001", 0)).read_text())
    assert sorted(places) == sorted([
        f'<a href="https://github.com/acme/payments/blob/{github}/services/ledger.py#L2" '
        'rel="nofollow noopener noreferrer"><code>services/ledger.py:2</code></a>',
        f'<a href="https://gitlab.com/acme/payments-mirror/-/blob/{gitlab}/services/ledger.py#L2" '
        'rel="nofollow noopener noreferrer"><code>services/ledger.py:2</code></a>',
        *["<code>services/ledger.py:2</code>"] * 3,
    ])


def test_a_scan_root_below_the_work_tree_links_the_file_by_its_path_in_the_repository(
        story: Provgraph, tmp_path: Path) -> None:
    commit = _work_tree(tmp_path / "repo", "https://github.com/acme/payments.git")
    story.scan([tmp_path / "repo" / "services"], store="code-sub", root=tmp_path / "repo" / "services",
               config=STORY / "provgraph.toml")
    out = tmp_path / "site"
    story.site(out)
    page = (out / decision_href("ADR-0001", 0)).read_text()
    assert f'href="https://github.com/acme/payments/blob/{commit}/services/ledger.py#L2"' in page
