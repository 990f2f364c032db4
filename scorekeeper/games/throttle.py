"""Throttles: how many things one client may create in a while, on a server many tables share.

A *client* is an IP address (:func:`client_ip`; IPv6 by its /64 network, as
django-ratelimit masks it). Each kind of creation has its own budget in
``settings.THROTTLES`` (docs/operations.md "Limits"): new games (Spades, Mü and rematches),
imports (each file checked or imported), accounts (each sign-up tried, made or
refused, so usernames cannot be probed fast), saved house-rule sets, rulings kept
by the referee, and sessions: a browser without one gets one on opening a game's
link only within its client's budget (``access.link_opened``), so a script that
drops its cookies cannot fill the session table.
Sign-in is throttled separately by django-axes (per account and per client).

The counts are django-ratelimit's, kept in Django's default cache: the database
(``scorekeeper.cache.DatabaseCache``, with an atomic increment), so every app
process sees the same counts.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django_ratelimit.core import get_usage
from ipware import get_client_ip


def client_ip(request: HttpRequest) -> str:
    """The client's IP address: ``REMOTE_ADDR``, or behind ``settings.TRUSTED_PROXY_COUNT``
    reverse proxies (``DJANGO_PROXY_COUNT``), the address the outermost of them saw, read
    from ``X-Forwarded-For`` by django-ipware (entries a client added itself are ignored)."""
    if settings.TRUSTED_PROXY_COUNT:
        ip, _routable = get_client_ip(
            request,
            proxy_order="right-most",
            proxy_count=settings.TRUSTED_PROXY_COUNT,
            request_header_order=["HTTP_X_FORWARDED_FOR"],
        )
        if ip:
            return ip
    return request.META.get("REMOTE_ADDR") or "0.0.0.0"


@dataclass(frozen=True)
class Refusal:
    """Why a creation was refused: its budget is spent; ``minutes`` until it is refilled."""

    what: str
    minutes: int

    def __str__(self) -> str:
        """The message a player reads (in the active language)."""
        wait = ngettext("Try again in %(minutes)d minute.", "Try again in %(minutes)d minutes.", self.minutes) % {
            "minutes": self.minutes
        }
        return f"{MESSAGES[self.what]} {wait}"


#: What each throttle tells the player (a key of ``settings.THROTTLES``). The session budget says
#: nothing: over it, a link opened is only not remembered in the browser's list of games.
MESSAGES = {
    "game": _("Too many new games from this network for now."),
    "import": _("Too many imports from this network for now."),
    "account": _("Too many sign-ups from this network for now."),
    "house_rules": _("Too many saved house rules from this network for now."),
    "ruling": _("Too many kept rulings from this network for now."),
    "session": _("Too many new visitors from this network for now."),
    "event": _("Too many new events from this network for now."),
}


def throttle_spend(request: HttpRequest, *, what: str) -> Refusal | None:
    """Count one more ``what`` (a key of ``settings.THROTTLES``) for this client.

    Returns ``None`` while the client is within its budget, else the :class:`Refusal`
    to show (the caller then creates nothing and answers 429).
    """
    usage = get_usage(
        request,
        group=f"scorekeeper.{what}",
        key="ip",
        rate=settings.THROTTLES[what],
        method=get_usage.ALL,
        increment=True,
    )
    if usage is None or not usage["should_limit"]:
        return None
    return Refusal(what, max(1, math.ceil(usage["time_left"] / 60)))
