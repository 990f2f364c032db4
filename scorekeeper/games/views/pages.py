"""Pages outside a sheet: home, new games, rematch, the record download and the rulebooks."""

from __future__ import annotations

import json
from typing import Any

from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.spades.rules import KEYS, PRESET_INFO, spades_rules

from .. import access, history, selectors, services
from ..access import game_for
from ..forms import (
    MAX_PLAYERS,
    MuNewGameForm,
    NewGameForm,
    add_rule_error,
    field_is_checkbox,
)
from ..models import HouseRules
from ..selectors import game_export

#: Games on the home page (the rest are in "All games").
RECENT = 20
NAME_FIELDS = ("dealer", *(f"player_{seat}" for seat in range(MAX_PLAYERS)))


@transaction.non_atomic_requests
@require_GET
def health(request: HttpRequest) -> HttpResponse:
    """``/health/``: 200 "ok" without touching the database, for load balancers
    (and the plain-view baseline of ``make bench``)."""
    return HttpResponse("ok", content_type="text/plain")


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """This browser's (or account's) recent games, to resume with one tap, and the buttons for a new one."""
    games = list(access.games_of(request).order_by("-updated_at", "-pk").prefetch_related("seats")[:RECENT])
    access.mark_links(request, games)
    return render(request, "games/home.html", {"rows": [(game, history.listed_sides(game)) for game in games]})


@require_http_methods(["GET", "POST"])
def game_new(request: HttpRequest) -> HttpResponse:
    """Start a game: preset, names, first dealer and every house rule on one screen.

    ``GET ?preset=name`` fills in that preset's rules. The form re-renders itself
    (htmx swaps ``#setup``; without JavaScript the "Apply" buttons post) when the
    preset changes (rules reset to the preset) or another rule changes (values
    kept, e.g. more name fields for six players). Names typed so far are kept.
    """
    refresh = request.POST.get("refresh") or request.POST.get("apply_preset")
    if request.method == "POST" and not refresh:
        form = NewGameForm(request.POST)
        if form.is_valid():
            try:
                game = services.game_create(
                    players=form.players(),
                    dealer=form.cleaned_data["dealer"],
                    rules=form.rules(),
                    owner=access.new_owner(request),
                    group=access.group_of(request),
                )
                access.game_started(request, game)
                if form.cleaned_data["save_as"].strip():
                    services.house_rules_save(name=form.cleaned_data["save_as"], rules=form.rules())
            except RuleError as error:
                add_rule_error(form, error, prefix={})
            else:
                return redirect(game)
        context = {
            "form": form,
            "rules_open": True,
            "house_rules": HouseRules.objects.all(),
            "known_players": _known_players(request),
        }
        return render(request, "games/new.html", context, status=422)
    source = request.POST if request.method == "POST" else request.GET
    changed = request.htmx.trigger_name if request.htmx else ("refresh" if request.POST.get("refresh") else None)
    saved = HouseRules.objects.filter(pk=source.get("house_rules") or None).first()
    if saved is not None and changed in ("house_rules", None, "apply_preset"):
        initial = NewGameForm.initial_for("", rules=saved.rules)
    elif changed and changed != "preset" and "players" in source:
        initial = {name: source.get(name, False if field_is_checkbox(name) else None) for name in KEYS}
        initial["preset"] = source.get("preset", "standard")
    else:
        initial = NewGameForm.initial_for(source.get("preset", "standard"))
    initial.update({name: source[name] for name in NAME_FIELDS if name in source})
    form = NewGameForm(initial=initial)
    context = {
        "form": form,
        "rules_open": bool(changed and changed not in ("preset", "house_rules")),
        "house_rules": HouseRules.objects.all(),
        "chosen_house_rules": saved.pk if saved else None,
        "known_players": _known_players(request),
    }
    if request.htmx and request.method == "GET":
        return render(request, "games/new.html#setup", context)
    return render(request, "games/new.html", context)


@require_http_methods(["GET", "POST"])
def mu_new(request: HttpRequest) -> HttpResponse:
    """Start a Mü game: 3 to 6 names, who deals first, the agreed total."""
    form = MuNewGameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            game = services.game_create(
                players=form.players(),
                dealer=form.cleaned_data["dealer"],
                rules=form.rules(),
                kind="mu",
                owner=access.new_owner(request),
                group=access.group_of(request),
            )
            access.game_started(request, game)
        except RuleError as error:
            add_rule_error(form, error, prefix={})
        else:
            return redirect(game)
    status = 422 if request.method == "POST" else 200
    return render(request, "games/mu_new.html", {"form": form, "known_players": _known_players(request)}, status=status)


def _known_players(request: HttpRequest) -> list[str]:
    """The names of the group's players, for the name fields' suggestions (a name typed
    like one of them is that person: ``services.game_create`` matches them)."""
    return sorted({player.name for player in access.group_of(request)[:300]}, key=str.casefold)


@require_POST
def game_rematch(request: HttpRequest, key: str) -> HttpResponse:
    """Start a new game with the same players and house rules."""
    new = services.game_rematch(game=game_for(request, key, edit=True), owner=access.new_owner(request))
    access.game_started(request, new)
    return redirect(new)


@require_GET
def game_record_download(request: HttpRequest, key: str) -> HttpResponse:
    """The game as its record (``shared/formats/game-record.md``), as a download."""
    game = game_for(request, key)
    record = game_export(game)
    name = game.download_name()
    response = HttpResponse(
        json.dumps(record, ensure_ascii=False, indent=2) + "\n", content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{name}.json"'
    return response


@require_GET
def game_rulebook(request: HttpRequest, key: str) -> HttpResponse:
    """The game's rulebook: every rule in force as a plain sentence with its source."""
    game = game_for(request, key, kind="spades")
    rules = spades_rules(game.rules)
    context = {"game": game, "groups": selectors.game_rulebook(rules), "preset": _preset_title(rules)}
    return render(request, "games/rulebook.html", context)


@require_GET
def preset_rulebook(request: HttpRequest, preset: str) -> HttpResponse:
    """The rulebook of a preset, without a game (to read before choosing one)."""
    if preset not in PRESET_INFO:
        raise Http404
    rules = spades_rules({"preset": preset})
    context = {"game": None, "groups": selectors.game_rulebook(rules), "preset": _preset_title(rules)}
    return render(request, "games/rulebook.html", context)


def _preset_title(rules: Any) -> str:
    return gettext(PRESET_INFO[rules.preset][0])
