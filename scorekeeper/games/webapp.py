"""The app on the home screen: its web app manifest."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.templatetags.static import static
from django.utils.translation import get_language, get_language_bidi, gettext

#: The colour of the browser's bar and of the installed app's title bar (base.html's theme-color).
THEME_COLOR = "#14532d"
#: The installed app's splash screen while the first page loads: the page's light background.
BACKGROUND_COLOR = "#f6f5f1"
#: The icons (``static/icons/``, made by ``scripts/make_icons.py``): file, side in px, purpose.
ICONS = (
    ("icons/192.png", 192, "any"),
    ("icons/512.png", 512, "any"),
    ("icons/maskable-512.png", 512, "maskable"),
)


def web_manifest() -> dict[str, Any]:
    """The web app manifest (W3C "Web Application Manifest") in the active language.

    The icons are linked by their hashed names (``STORAGES["staticfiles"]``), as the pages link
    every static file, so a new icon reaches phones with the next deploy.
    """
    return {
        "id": "/",
        "name": gettext("Scorekeeper: Spades and Mü"),
        "short_name": gettext("Scorekeeper"),
        "description": gettext("The score sheet for Spades and Mü played with real cards."),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": BACKGROUND_COLOR,
        "theme_color": THEME_COLOR,
        "lang": get_language(),
        "dir": "rtl" if get_language_bidi() else "ltr",
        "icons": [
            {"src": static(name), "sizes": f"{side}x{side}", "type": "image/png", "purpose": purpose}
            for name, side, purpose in ICONS
        ],
    }


def manifest_language(asked: str | None) -> str:
    """The language the manifest is written in: ``asked`` (the page's language, which the page's
    link to the manifest carries) when the app speaks it, else the active one (the browser's).

    The browser fetches the manifest without cookies, so the language chosen in the footer
    reaches it only through its address."""
    if asked in dict(settings.LANGUAGES):
        return str(asked)
    return get_language()
