"""The app on the home screen: its web app manifest, whether the address a phone uses allows
installing it at all, and the version of the static files its service worker keeps.

Browsers install an app, run a service worker and keep the screen on (Screen Wake Lock) only in
a *secure context*: a page over HTTPS, or from this very computer (``localhost``, ``127.0.0.1``,
``[::1]``). ``make run`` serves plain HTTP on the local network, where none of that is offered;
the Share page says so (:func:`is_secure_context`).
"""

from __future__ import annotations

import functools
import hashlib
import ipaddress
import json
from typing import Any

from django.conf import settings
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpRequest
from django.http.request import split_domain_port
from django.templatetags.static import static
from django.utils.translation import get_language, get_language_bidi, gettext

#: The colour of the browser's bar and of the installed app's title bar (base.html's theme-color).
THEME_COLOR = "#14532d"
#: The installed app's splash screen while the first page loads: the page's light background.
BACKGROUND_COLOR = "#f6f5f1"
#: The icons (``static/icons/``, made by ``manage.py make_icons``): file, side in px, purpose.
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


def is_this_computer(request: HttpRequest) -> bool:
    """Whether the address names this computer (``localhost``, ``*.localhost``, ``127.0.0.0/8``,
    ``[::1]``): no other phone can open it."""
    host, _port = split_domain_port(request.get_host())
    host = host.removeprefix("[").removesuffix("]")
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def is_secure_context(request: HttpRequest) -> bool:
    """Whether a browser treats the page as a secure context (HTTPS, or this computer), where it
    offers to install the app and allows a service worker and the Screen Wake Lock."""
    return request.is_secure() or is_this_computer(request)


@functools.cache
def static_version() -> str:
    """A short digest of every static file's hashed name (the manifest ``collectstatic`` wrote):
    it changes with any static file, and only then; pages register the service worker as
    ``/sw.js?v=<it>`` (``games.views.offline``). Read once per process, as the files are."""
    names = getattr(staticfiles_storage, "hashed_files", {})
    return hashlib.sha256(json.dumps(sorted(names.items())).encode()).hexdigest()[:12]
