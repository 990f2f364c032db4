"""Pages outside a sheet: home, new games, rematch, the record download and the rulebooks."""

from __future__ import annotations

import json
from typing import Any

from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

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
    small_number,
)
from ..models import HouseRules
from ..selectors import game_export
from ..throttle import throttle_spend

#: Games on the home page (the rest are in "All games").
RECENT = 20
NAME_FIELDS = ("dealer", *(f"player_{seat}" for seat in range(MAX_PLAYERS)))


@transaction.non_atomic_requests
@require_safe
def health(request: HttpRequest) -> HttpResponse:
    """``/health/``: 200 "ok" without touching the database, for load balancers
    (and the plain-view baseline of ``make bench``)."""
    return HttpResponse("ok", content_type="text/plain")


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    """This browser's (or account's) recent games, to resume with one tap, and the buttons for a new one."""
    games = list(access.games_of(request).order_by("-updated_at", "-pk").prefetch_related("seats")[:RECENT])
    access.mark_links(request, games)
    return render(request, "games/home.html", {"rows": [(game, history.listed_sides(game)) for game in games]})


@require_http_methods(["GET", "HEAD", "POST"])
def game_new(request: HttpRequest) -> HttpResponse:
    """Start a game: preset, names, first dealer and every house rule on one screen.

    ``GET ?preset=name`` fills in that preset's rules, ``?house_rules=<id>`` one of
    this browser's or account's saved sets (any other id: 404). The form re-renders
    itself (htmx swaps ``#setup``; without JavaScript the "Apply" buttons post) when
    the preset changes (rules reset to the preset) or another rule changes (values
    kept, e.g. more name fields for six players). Names typed so far are kept.
    Starting a game and saving house rules are throttled per client (429, nothing stored).
    """
    refresh = request.POST.get("refresh") or request.POST.get("apply_preset")
    if request.method == "POST" and not refresh:
        return _game_start(request)
    source = request.POST if request.method == "POST" else request.GET
    changed = request.htmx.trigger_name if request.htmx else ("refresh" if request.POST.get("refresh") else None)
    saved = _chosen_house_rules(request, source.get("house_rules", ""))
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
        **_new_game_context(request, form),
        "rules_open": bool(changed and changed not in ("preset", "house_rules")),
        "chosen_house_rules": saved.pk if saved else None,
    }
    if request.htmx and request.method != "POST":
        return render(request, "games/new.html#setup", context)
    return render(request, "games/new.html", context)


def _game_start(request: HttpRequest) -> HttpResponse:
    """The new-game form posted: start the game (and save its house rules if named), or
    show the form again with the reasons (422; 429 when this client's budget is spent)."""
    form = NewGameForm(request.POST)
    status = 422
    if form.is_valid():
        save_as = form.cleaned_data["save_as"]
        refusal = throttle_spend(request, what="game") or (
            throttle_spend(request, what="house_rules") if save_as else None
        )
        if refusal is not None:
            form.add_error(None, str(refusal))
            status = 429
        else:
            try:
                with transaction.atomic():  # the game and its saved rules, or neither
                    game = services.game_create(
                        players=form.players(),
                        dealer=form.cleaned_data["dealer"],
                        rules=form.rules(),
                        owner=access.new_owner(request),
                        group=access.group_of(request),
                    )
                    house_rules = save_as and services.house_rules_save(
                        name=save_as,
                        rules=form.rules(),
                        owner=access.new_owner(request),
                        mine=access.house_rules_of(request),
                    )
            except RuleError as error:
                add_rule_error(form, error, prefix={})
            else:
                access.game_started(request, game)
                if house_rules:
                    access.house_rules_saved(request, house_rules)
                return redirect(game)
    context = {**_new_game_context(request, form), "rules_open": True}
    return render(request, "games/new.html", context, status=status)


def _new_game_context(request: HttpRequest, form: NewGameForm) -> dict[str, Any]:
    return {"form": form, "house_rules": access.house_rules_of(request), "known_players": _known_players(request)}


def _chosen_house_rules(request: HttpRequest, value: str) -> HouseRules | None:
    """The saved set ``?house_rules=`` names: ``None`` for none.

    Raises:
        Http404: not the id of a set this browser or account saved (nobody else's sets are ever applied).
    """
    if not value:
        return None
    number = small_number(value, digits=18)
    saved = access.house_rules_of(request).filter(pk=number).first() if number is not None else None
    if saved is None:
        raise Http404(gettext("These house rules are not among yours."))
    return saved


@require_http_methods(["GET", "HEAD", "POST"])
def mu_new(request: HttpRequest) -> HttpResponse:
    """Start a Mü game: 3 to 6 names, who deals first, the agreed total."""
    form = MuNewGameForm(request.POST or None)
    refusal = throttle_spend(request, what="game") if request.method == "POST" and form.is_valid() else None
    if refusal is not None:
        form.add_error(None, str(refusal))
        return render(
            request, "games/mu_new.html", {"form": form, "known_players": _known_players(request)}, status=429
        )
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
    """Start a new game with the same players and house rules (throttled per client as new games are)."""
    game = game_for(request, key, edit=True)
    refusal = throttle_spend(request, what="game")
    if refusal is not None:
        return render(request, "429.html", {"refusal": refusal}, status=429)
    new = services.game_rematch(game=game, owner=access.new_owner(request))
    access.game_started(request, new)
    return redirect(new)


@require_safe
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


@require_safe
def game_rulebook(request: HttpRequest, key: str) -> HttpResponse:
    """The game's rulebook: every rule in force as a plain sentence with its source."""
    game = game_for(request, key, kind="spades")
    rules = spades_rules(game.rules)
    context = {"game": game, "groups": selectors.game_rulebook(rules), "preset": _preset_title(rules)}
    return render(request, "games/rulebook.html", context)


@require_safe
def preset_rulebook(request: HttpRequest, preset: str) -> HttpResponse:
    """The rulebook of a preset, without a game (to read before choosing one)."""
    if preset not in PRESET_INFO:
        raise Http404
    rules = spades_rules({"preset": preset})
    context = {"game": None, "groups": selectors.game_rulebook(rules), "preset": _preset_title(rules)}
    return render(request, "games/rulebook.html", context)


def _preset_title(rules: Any) -> str:
    return gettext(PRESET_INFO[rules.preset][0])
