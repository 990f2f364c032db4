"""The app on the home screen (issue 14): Chromium itself reads the web app manifest a page links,
finds no error in it, and would install the app from a secure context (the live server is
``localhost``). Asked through the DevTools protocol (``Page.getAppManifest``,
``Page.getInstallabilityErrors``)."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Browser

from .conftest import CHROMIUM, CHROMIUM_ARGS, PHONE


def test_chromium_reads_the_manifest_in_the_pages_language_and_finds_the_app_installable(
    live_server, browser: Browser, tmp_path: Path
) -> None:
    # A profile on disk: Chromium installs nothing from an incognito window, which a plain context is.
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS, locale="de-DE", **PHONE
    )
    try:
        page = context.new_page()
        page.goto(live_server.url + "/")
        devtools = context.new_cdp_session(page)
        found = devtools.send("Page.getAppManifest")
        assert found["url"] == f"{live_server.url}/manifest.webmanifest?lang=de"
        assert found["errors"] == []
        assert json.loads(found["data"])["lang"] == "de"
        manifest = found["manifest"]
        assert manifest["name"] == "Scorekeeper: Spades und Mü"
        assert manifest["display"] == "kStandalone"
        assert manifest["startUrl"] == f"{live_server.url}/"
        assert manifest["themeColor"] == "rgba(20,83,45,1)"
        assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512"}
        assert devtools.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        context.close()
