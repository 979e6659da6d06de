"""MkDocs hook: the site lays out the repository's Markdown at the paths it has in git.

The pages are written to be read on a forge too, where `README.md` links `docs/ingest.md#...` and a page links
`../bench/README.md`. The site keeps those paths (`docs/ingest.html`, `bench/README.html`; the README, as
`README.md` of the top folder, is the home page `index.html`), so every relative link means the same in both
places and MkDocs' strict build checks each one, anchor included.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[2]
# The files outside docs/ that the site holds: the pages link to each of them.
OUTSIDE_DOCS = ("README.md", "bench/README.md", "bench/HISTORY.md", "examples/story/README.md",
                "examples/ci/provgraph-nightly.yml")


def _file(path: str, config: Any) -> File:
    return File(path, str(ROOT), config["site_dir"], config["use_directory_urls"])


def on_files(files: Files, config: Any) -> Files:
    docs = Path(config["docs_dir"])
    laid_out = []
    for found in files:  # the pages of docs/, and the theme's own assets, which stay where they are
        if found.abs_src_path and Path(found.abs_src_path).is_relative_to(docs):
            file = _file(f"{docs.relative_to(ROOT)}/{found.src_uri}", config)
            file.inclusion = found.inclusion
            found = file
        laid_out.append(found)
    laid_out += [_file(path, config) for path in OUTSIDE_DOCS]
    return Files(laid_out)
