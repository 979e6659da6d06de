"""Where a citation's file and line live on its forge: a scan store whose root lies in a git work tree with a GitHub
or GitLab remote links `file:line` to the file at the work tree's current commit (`https://github.com/acme/payments/
blob/<commit>/src/ledger.py#L12`); any other root (no git, no remote, another host) leaves the place as text.

The remote is read as `provgraph scan` reads it (provgraph.ingest.scan.forge); the link is https and built only from
the remote's host and path, the commit git names, and the file's path under the work tree -- never from a record."""
from __future__ import annotations

import subprocess
from pathlib import Path, PurePosixPath
from urllib.parse import quote

from provgraph.ingest.scan.forge import forges

# host -> how it shows a file at a commit: /owner/repo + this + /<commit>/<path>
_VIEWS = {"github.com": "/blob", "gitlab.com": "/-/blob"}


def _view(host: str) -> str | None:
    if host in _VIEWS:
        return _VIEWS[host]
    return "/-/blob" if host.startswith("gitlab.") else None  # a self-hosted GitLab keeps GitLab's paths


def _commit(tree: str) -> str | None:
    try:
        done = subprocess.run(["git", "-C", tree, "rev-parse", "HEAD"], capture_output=True, text=True, check=False)
    except OSError:
        return None
    commit = done.stdout.strip()
    return commit if done.returncode == 0 and len(commit) in (40, 64) and commit.isalnum() else None


def forge_bases(roots: set[str]) -> dict[str, str]:
    """Root -> the https URL that a file path under that root is appended to, for each root on GitHub or GitLab."""
    bases: dict[str, str] = {}
    for root in sorted(roots):
        for key, trees in forges([root]).items():
            host, _, repository = key.partition("/")
            view = _view(host)
            commit = _commit(trees[0]) if view else None
            if view is None or commit is None:
                continue
            under = PurePosixPath(Path(root).resolve().as_posix()).relative_to(Path(trees[0]).resolve().as_posix())
            prefix = "" if str(under) == "." else f"{under.as_posix()}/"
            bases[root] = f"https://{host}/{quote(repository)}{view}/{commit}/{quote(prefix)}"
            break
    return bases


def citation_url(base: str | None, file: str, line: int) -> str | None:
    """The forge URL of `file` (relative to its scan root) at `line`, or None where the forge is not known."""
    if base is None or not file or file.startswith(("/", "../")) or "/../" in file:
        return None
    return f"{base}{quote(file)}" + (f"#L{line}" if line > 0 else "")
