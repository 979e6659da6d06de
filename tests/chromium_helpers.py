"""Headless Chromium (Debian's, at /usr/bin/chromium) driven by Playwright, and a small PNG reader for screenshots.

No browser build is downloaded (`playwright install` is never run): Playwright drives the system Chromium
through `executable_path`. Without it the tests that need a browser skip and say how to get one.
"""
from __future__ import annotations

import os
import shutil
import struct
import zlib
from collections import Counter
from typing import Iterator

import pytest

CHROMIUM_HINT = "needs Chromium (Debian: apt-get install chromium; make system-deps) and playwright (make venv)"


def chromium_path() -> str | None:
    configured = os.environ.get("PROVGRAPH_CHROMIUM")
    if configured:
        return configured
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


# Module scope, not session: while Playwright's sync API is open, the main thread counts as running an event loop,
# and a later test's anyio.run (the MCP load bench's) fails with "another loop is running".
@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    path = chromium_path()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip(CHROMIUM_HINT)
    if path is None:
        pytest.skip(CHROMIUM_HINT)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=path, args=["--no-sandbox"])  # root in CI: no sandbox
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 1100, "height": 900}, offline=True)
    requests: list[str] = []
    page = context.new_page()
    page.on("request", lambda request: requests.append(request.url))
    page.requests = requests  # every URL the page asked for: only its own file:// may appear
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.dialogs = dialogs
    yield page
    context.close()


def png_pixels(data: bytes) -> Counter[tuple[int, int, int]]:
    """How often each RGB colour occurs in an 8-bit, non-interlaced RGB or RGBA PNG (what Chromium writes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    offset, chunks, header = 8, [], b""
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            chunks.append(body)
        offset += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and colour in (2, 6) and interlace == 0, (depth, colour, interlace)
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    previous = bytearray(stride)
    counts: Counter[tuple[int, int, int]] = Counter()
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        for i in range(0, stride, channels):
            counts[(line[i], line[i + 1], line[i + 2])] += 1
        previous = line
    return counts


def hex_rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)
