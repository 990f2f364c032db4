"""Spades house rules: a new game with every rule on one screen, the rulebook of a game or a
preset, and "what if": a hand scored under other rules."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_safe

from scorekeeper.engine.citations import spoken
from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.spades.rules import KEYS, PRESET_INFO, spades_rules
from scorekeeper.games import access
from scorekeeper.games.access import Opened, game_for
from scorekeeper.games.forms import MAX_PLAYERS, add_rule_error, small_number
from scorekeeper.games.kinds import game_rows
from scorekeeper.games.models import HouseRules
from scorekeeper.games.throttle import throttle_spend
from scorekeeper.games.views.http import HtmxHttpRequest
from scorekeeper.games.views.pages import known_players
from scorekeeper.spades.rows import tricks_of

from .. import presenters, services, what_if
from ..fair import fair_partners, seated
from ..setup import NewGameForm, field_is_checkbox

NAME_FIELDS = ("dealer", *(f"player_{seat}" for seat in range(MAX_PLAYERS)))
#: The "Fair partners" buttons: ask for the fairest partnerships, seat them.
FAIR = ("fair_partners", "fair_order")


@require_http_methods(["GET", "HEAD", "POST"])
def game_new(request: HtmxHttpRequest) -> HttpResponse:
    """Start a game: preset, names, first dealer and every house rule on one screen.

    ``GET ?preset=name`` fills in that preset's rules, ``?house_rules=<id>`` one of
    this browser's or account's saved sets (any other id: 404). The form re-renders
    itself (htmx swaps ``#setup``; without JavaScript the "Apply" buttons post) when
    the preset changes (rules reset to the preset) or another rule changes (values
    kept, e.g. more name fields for six players). Names typed so far are kept.
    "Fair partners" (``fair_partners``; htmx swaps ``#fair-partners``) suggests the fairest
    partnerships of four names, and ``fair_order`` seats them (``spades.fair``).
    Starting a game and saving house rules are throttled per client (429, nothing stored).
    """
    refresh = any(request.POST.get(name) for name in ("refresh", "apply_preset", *FAIR))
    if request.method == "POST" and not refresh:
        return _game_start(request)
    source = request.POST if request.method == "POST" else request.GET
    posted = (name for name in ("refresh", *FAIR) if request.POST.get(name))
    changed = request.htmx.trigger_name if request.htmx else next(posted, None)
    saved = _chosen_house_rules(request, source.get("house_rules", ""))
    if saved is not None and changed in ("house_rules", None, "apply_preset"):
        initial = NewGameForm.initial_for("", rules=saved.rules)
    elif changed and changed != "preset" and "players" in source:
        initial = {name: source.get(name, False if field_is_checkbox(name) else None) for name in KEYS}
        initial["preset"] = source.get("preset", "standard")
    else:
        initial = NewGameForm.initial_for(source.get("preset", "standard"))
    initial.update({name: source[name] for name in NAME_FIELDS if name in source})
    if changed == "fair_order":
        initial = seated(initial, source.get("fair_order", ""))
    form = NewGameForm(initial=initial)
    context = {
        **_new_game_context(request, form),
        "rules_open": bool(changed and changed not in ("preset", "house_rules", *FAIR)),
        "chosen_house_rules": saved.pk if saved else None,
        "fair": fair_partners(form, access.group_of(request)) if changed in FAIR else None,
    }
    if request.htmx and request.method != "POST":
        partial = "fair_partners" if changed == "fair_partners" else "setup"
        return render(request, f"spades/new.html#{partial}", context)
    return render(request, "spades/new.html", context)


def _game_start(request: HtmxHttpRequest) -> HttpResponse:
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
                game, house_rules = services.game_start(
                    players=form.players(),
                    dealer=form.cleaned_data["dealer"],
                    rules=form.rules(),
                    save_as=save_as,
                    owner=access.new_owner(request),
                    group=access.group_of(request),
                    mine=access.house_rules_of(request),
                )
            except RuleError as error:
                add_rule_error(form, error, prefix={})
            else:
                link = access.game_started(request, game)
                if house_rules:
                    access.house_rules_saved(request, house_rules)
                return redirect(access.game_url(link))
    context = {**_new_game_context(request, form), "rules_open": True}
    return render(request, "spades/new.html", context, status=status)


def _new_game_context(request: HtmxHttpRequest, form: NewGameForm) -> dict[str, Any]:
    return {"form": form, "house_rules": access.house_rules_of(request), "known_players": known_players(request)}


def _chosen_house_rules(request: HtmxHttpRequest, value: str) -> HouseRules | None:
    """The saved set ``?house_rules=`` names: ``None`` for none.

    Raises:
        Http404: not the id of a set this browser or account saved (nobody else's sets are ever applied).
    """
    if not value:
        return None
    number = small_number(value, digits=18)
    saved = access.house_rules_for(request, number) if number is not None else None
    if saved is None:
        raise Http404(gettext("These house rules are not among yours."))
    return saved


def game_rulebook(request: HtmxHttpRequest, link: Opened) -> HttpResponse:
    """The rulebook of the game ``link`` opened (``/games/<key>/rules/``, the core's address:
    ``games.views.game_rulebook``): every rule in force as a plain sentence with its source."""
    rules = spades_rules(link.game.rules)
    context = {
        "game": link.game,
        "link": link,
        "groups": presenters.game_rulebook(rules),
        "preset": _preset_title(rules),
    }
    return render(request, "spades/rulebook.html", context)


@require_safe
def preset_rulebook(request: HtmxHttpRequest, preset: str) -> HttpResponse:
    """The rulebook of a preset, without a game (to read before choosing one)."""
    if preset not in PRESET_INFO:
        raise Http404
    rules = spades_rules({"preset": preset})
    context = {"game": None, "link": None, "groups": presenters.game_rulebook(rules), "preset": _preset_title(rules)}
    return render(request, "spades/rulebook.html", context)


def _preset_title(rules: Any) -> str:
    return gettext(PRESET_INFO[rules.preset][0])


@require_safe
def hand_what_if(request: HtmxHttpRequest, key: str, number: int) -> HttpResponse:
    """Hand ``number`` (1-based) under the game's rules and, side by side, under other rules."""
    link = game_for(request, key, kind="spades")
    game = link.game
    hands = game_rows(game)
    if not 1 <= number <= len(hands) or tricks_of(hands[number - 1]) is None:
        raise Http404
    rules = spades_rules(game.rules)
    choices = what_if.what_if_choices(rules)
    choice = request.GET.get("compare") or next(iter(choices[0][1] or choices[1][1]), ("", ""))[0]
    changes = what_if.what_if_changes(choice)
    try:
        comparison = None if changes is None else what_if.hand_what_if(game, number, changes, hands)
    except RuleError as error:
        comparison = None
        messages.error(request, spoken(error, gettext))
    context = {"game": game, "link": link, "number": number, "choices": choices, "choice": choice}
    context["comparison"] = comparison
    template = "spades/what_if.html#comparison" if request.htmx else "spades/what_if.html"
    return render(request, template, context)
