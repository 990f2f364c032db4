"""Pages outside a sheet: home, health, the web app manifest, rematch, the record download and a game's
house rules (a new game and the house rules pages are each kind's: ``scorekeeper.spades.views``,
``scorekeeper.mu.views``)."""

from __future__ import annotations

import json

from django.db import transaction
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_POST, require_safe

from .. import access, listing, reference, services, webapp
from ..access import game_for
from ..records import game_export
from ..throttle import throttle_spend
from .http import HtmxHttpRequest
from .kinds import views_for

#: Games on the home page (the rest are in "All games").
RECENT = 20
#: How long a browser may keep the manifest (its icons' hashed names change with a deploy).
MANIFEST_MAX_AGE = 60 * 60


@transaction.non_atomic_requests
@require_safe
def health(request: HtmxHttpRequest) -> HttpResponse:
    """``/health/``: 200 "ok" without touching the database, for load balancers
    (and the plain-view baseline of ``make bench``)."""
    return HttpResponse("ok", content_type="text/plain")


@require_safe
def web_manifest(request: HtmxHttpRequest) -> HttpResponse:
    """``/manifest.webmanifest``: the web app manifest, which every page links, in the language of
    ``?lang=`` (the page's), else the browser's (:mod:`scorekeeper.games.webapp`)."""
    with translation.override(webapp.manifest_language(request.GET.get("lang"))):
        manifest = webapp.web_manifest()
    response = JsonResponse(
        manifest, content_type="application/manifest+json", json_dumps_params={"ensure_ascii": False}
    )
    patch_cache_control(response, max_age=MANIFEST_MAX_AGE)
    return response


@require_safe
def home(request: HtmxHttpRequest) -> HttpResponse:
    """This browser's (or account's) recent games, to resume with one tap, and the buttons for a new one."""
    links = access.links_held(request, listing.recent_games(access.games_of(request), RECENT))
    rows = [(link.game, link, listing.listed_sides(link.game)) for link in links]
    return render(request, "games/home.html", {"rows": rows})


def known_players(request: HtmxHttpRequest) -> list[str]:
    """The names of the group's players, for the name fields' suggestions (a name typed
    like one of them is that person: ``services.game_create`` matches them)."""
    return access.known_names(request)


@require_POST
def game_rematch(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """Start a new game with the same players and house rules (throttled per client as new games are)."""
    game = game_for(request, key, edit=True).game
    refusal = throttle_spend(request, what="game")
    if refusal is not None:
        return render(request, "429.html", {"refusal": refusal}, status=429)
    new = services.game_rematch(game=game, owner=access.new_owner(request))
    return redirect(access.game_url(access.game_started(request, new)))


@require_safe
def game_rulebook(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """``/games/<key>/rules/``: the game's house rules, each rule in force as a plain sentence with its
    source, as its kind states them (the "House rules" link of every sheet)."""
    link = game_for(request, key)
    return views_for(link.game).rulebook_response(request, link)


@require_safe
def game_record_download(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The game as its record (``docs/game-record.md``), as a download."""
    game = game_for(request, key).game
    record = game_export(game)
    name = game.download_name()
    response = HttpResponse(
        json.dumps(record, ensure_ascii=False, indent=2) + "\n", content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{name}.json"'
    return response


@require_safe
def rules_reference(request: HtmxHttpRequest, name: str) -> HttpResponse:
    """``/reference/<name>/``: a file of the project's rules reference (``spades``, ``mu``) or the
    game record format (``game-record``) as a page, where every citation leads
    (:mod:`scorekeeper.games.reference`). In English, as written; the same for everyone."""
    if name not in reference.PATHS:
        raise Http404
    page = reference.reference(name)
    response = render(request, "games/reference.html", {"page": page, "name": name})
    patch_cache_control(response, public=True, max_age=MANIFEST_MAX_AGE)
    return response
