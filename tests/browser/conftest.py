"""Playwright fixtures for the browser tests (Debian's Chromium, headless).

The sync Playwright API runs an event loop in the test thread, so Django would
refuse ORM calls made from the tests ("SynchronousOnlyOperation"); the tests only
read the database between browser actions, hence DJANGO_ALLOW_ASYNC_UNSAFE.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
# The shared helpers assert too: give their failures pytest's detailed messages, as in a test module.
pytest.register_assert_rewrite("tests.browser.helpers")

from playwright.sync_api import Browser, Page, expect, sync_playwright  # noqa: E402

# Debian's Chromium and the flags it runs headless with, as manage.py make_icons drives it.
from scorekeeper.games.management.commands.make_icons import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

#: A phone: iPhone X/11 Pro sized viewport at 2x.
PHONE = {"viewport": {"width": 375, "height": 812}, "device_scale_factor": 2}
TIMEOUT_MS = 10_000
# What ``expect`` waits for, as long as actions wait: a loaded machine (two suites side by side, as the
# suite must pass) may take seconds to answer; it never waits longer than the condition takes.
expect.set_options(timeout=TIMEOUT_MS)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def _phone_page(browser: Browser, locale: str, *, javascript: bool = True) -> Iterator[Page]:
    """A fresh phone-sized tab; the test fails if the page broke its Content-Security-Policy."""
    context = browser.new_context(**PHONE, locale=locale, java_script_enabled=javascript)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    violations: list[str] = []
    page.on(
        "console",
        lambda message: (
            violations.append(message.text)
            if "Content Security Policy" in message.text or "Refused to" in message.text
            else None
        ),
    )
    yield page
    context.close()
    assert not violations, f"Content-Security-Policy violations: {violations}"


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh phone-sized tab (English); closed after the test."""
    yield from _phone_page(browser, "en-US")


@pytest.fixture
def second_page(browser: Browser) -> Iterator[Page]:
    """Another phone at the same table: its own tab and cookies (English)."""
    yield from _phone_page(browser, "en-US")


@pytest.fixture
def page_without_javascript(browser: Browser) -> Iterator[Page]:
    """A phone-sized tab with JavaScript turned off: every form and link still works."""
    yield from _phone_page(browser, "en-US", javascript=False)


@pytest.fixture
def german_page(browser: Browser) -> Iterator[Page]:
    """Like ``page`` but the browser asks for German (``Accept-Language: de-DE``)."""
    yield from _phone_page(browser, "de-DE")
