"""Fixtures for the decision-site tests: headless Chromium (tests/chromium_helpers.py) and a built site of the story."""
from __future__ import annotations

from chromium_helpers import browser, page  # noqa: F401 - the headless-Chromium fixtures
