"""Render the home-screen icons (``static/icons/*.png``) from ``static/favicon.svg`` with Chromium.

Run it after changing the favicon, then commit the PNGs::

    .venv/bin/python manage.py make_icons

It drives Debian's Chromium (``/usr/bin/chromium``) through Playwright, as the browser tests do.

- ``192.png``, ``512.png``: the favicon as it is (rounded corners, transparent around them),
  for the manifest's ``any`` purpose;
- ``maskable-512.png``: the manifest's ``maskable`` icon, which the phone cuts to its own shape
  (circle, squircle...): a solid square of the favicon's green (no transparent corners) with the
  spade where the favicon has it, well inside the safe zone (the circle of radius 40 % of the side
  around the centre; ``tests/games/test_webapp.py`` checks every pixel of it);
- ``apple-touch-icon.png`` (180 px): iOS fills transparency with black and rounds the corners
  itself, so it is a solid square too.
"""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand
from playwright.sync_api import Page, sync_playwright

ROOT = Path(settings.BASE_DIR)
FAVICON = ROOT / "static" / "favicon.svg"
ICONS = ROOT / "static" / "icons"
#: The favicon's background, and the manifest's theme colour.
GREEN = "#14532d"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def page_html(size: int, *, background: str | None) -> str:
    """A page of ``size`` px square filled by the favicon, on ``background`` (``None``: transparent,
    which shows around the favicon's rounded corners). On a background, the favicon's square is
    drawn without its rounded corners, whose smoothed edges would leave a faint seam."""
    svg = FAVICON.read_text().replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
    if background is not None:
        svg = re.sub(r'\s+rx="[^"]*"', "", svg, count=1)
    return (
        "<!doctype html><html><head><style>"
        f"html, body {{ margin: 0; width: {size}px; height: {size}px; overflow: hidden;"
        f" background: {background or 'transparent'}; }}"
        "svg { display: block; }"
        f"</style></head><body>{svg}</body></html>"
    )


def render(page: Page, name: str, size: int, *, background: str | None = None) -> None:
    """Write ``static/icons/<name>``: the favicon rendered at ``size`` px (see :func:`page_html`)."""
    page.set_viewport_size({"width": size, "height": size})
    page.set_content(page_html(size, background=background))
    page.screenshot(path=ICONS / name, omit_background=background is None)
    print(f"{ICONS.relative_to(ROOT) / name}: {size}x{size}")  # noqa: T201 (the command's report)


def main() -> None:
    """Render every icon the manifest and the pages link."""
    ICONS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(device_scale_factor=1)
        render(page, "192.png", 192)
        render(page, "512.png", 512)
        render(page, "maskable-512.png", 512, background=GREEN)
        render(page, "apple-touch-icon.png", 180, background=GREEN)
        browser.close()


class Command(BaseCommand):
    help = "Render the home-screen icons (static/icons/*.png) from static/favicon.svg with Chromium."
    requires_system_checks: list[str] = []

    def handle(self, *args: object, **options: object) -> None:
        main()
