"""Spades entry: bids, misdeals, tricks, corrections and "what if"."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.spades.bidding import offered_bids, offered_side_bids
from scorekeeper.engine.spades.rules import KEYS, PRESET_INFO, VALUE_LABELS, spades_rules

from .. import access, selectors, services
from ..access import game_for
from ..forms import (
    BidsForm,
    HandForm,
    add_rule_error,
    small_number,
)
from ..selectors import GameSheet, bid_choices, game_sheet
from .sheet import (
    bid_rows,
    bids_form_for,
    choice_pairs,
    declaration_rows,
    entry_response,
    form_number,
    result_rows,
    saved_response,
    sheet_response,
    stale_response,
    tricks_form_for,
)

BID_ERRORS = {"bids": "bid_"}


TRICK_ERRORS = {"tricks": "tricks_"}


HAND_ERRORS = {"bids": "bid_", "tricks": "tricks_"}


@require_POST
def hand_bid_offers(request: HttpRequest, key: str) -> HttpResponse:
    """The bid buttons again, as bids are tapped (htmx): only what the rules still allow."""
    game = game_for(request, key, edit=True, kind="spades")
    view = game_sheet(game)
    form = bids_form_for(view, request.POST)
    return render(request, "games/game.html#bid-rows", {"game": game, "view": view, "bid_rows": bid_rows(view, form)})


@require_POST
def hand_bids(request: HttpRequest, key: str) -> HttpResponse:
    """Save the bids of the next hand."""
    game = game_for(request, key, edit=True, kind="spades")
    rules = spades_rules(game.rules)  # field names only: no need to score the game here
    sides = len(game.players) // 2 if rules.partnerships else len(game.players)
    order = tuple(range(sides if rules.bidding == "partnership" else len(game.players)))
    form = BidsForm(request.POST, order=order, sides=sides)
    return entry_response(
        request,
        game,
        form,
        lambda: services.hand_bids_save(
            game=game,
            bids=form.bids(),
            declarations=form.declarations(),
            number=form_number(request),
            device=access.device_name(request),
        ),
        BID_ERRORS,
    )


@require_POST
def hand_misdeal(request: HttpRequest, key: str) -> HttpResponse:
    """Throw the hand in: ``seat`` called a misdeal; the same dealer deals again."""
    game = game_for(request, key, edit=True, kind="spades")
    seat = small_number(request.POST.get("seat", ""))
    try:
        services.hand_misdeal(
            game=game,
            seat=-1 if seat is None else seat,
            number=form_number(request),
            device=access.device_name(request),
        )
    except services.StaleHand as error:
        return stale_response(request, game, error)
    except RuleError as error:
        form = bids_form_for(game_sheet(game), request.POST)
        add_rule_error(form, error, prefix={})
        return sheet_response(request, game, bids_form=form, status=422)
    return saved_response(request, game)


@require_POST
def hand_tricks(request: HttpRequest, key: str) -> HttpResponse:
    """Save the tricks of the hand in play; the last seat may be left for the rest of 13."""
    game = game_for(request, key, edit=True, kind="spades")
    form = tricks_form_for(game_sheet(game), request.POST)
    return entry_response(
        request,
        game,
        form,
        lambda: services.hand_tricks_save(
            game=game,
            tricks=form.tricks(),
            results=form.results(),
            number=form_number(request),
            device=access.device_name(request),
        ),
        TRICK_ERRORS,
    )


@require_POST
def hand_tricks_rest(request: HttpRequest, key: str) -> HttpResponse:
    """The "rest of 13" for the last seat while tricks are being tapped (htmx preview)."""
    game = game_for(request, key, edit=True, kind="spades")
    view = game_sheet(game)
    return render(
        request, "games/game.html#tricks-rest", {"tricks_form": tricks_form_for(view, request.POST), "view": view}
    )


@require_http_methods(["GET", "HEAD", "POST"])
def hand_edit(request: HttpRequest, key: str, number: int) -> HttpResponse:
    """Correct played hand ``number`` (1-based); the whole sheet is scored again.

    The form carries the fingerprint of the hand as it was opened (``shown``): if
    another phone changed the hand meanwhile, the correction is refused (409 or a
    redirect to the fresh sheet, with a warning), never written over it.
    """
    game = game_for(request, key, edit=True, kind="spades")
    hands = list(game.hands.all())
    if not 1 <= number <= len(hands) or hands[number - 1].tricks is None:
        raise Http404  # no such hand, still in play, or thrown in (undo it instead)
    hand = hands[number - 1]
    view = game_sheet(game, hands[: number - 1])  # the state before this hand: what it could bid
    engine = view.engine
    seats = engine.bidding_order(number - 1)
    partnership = engine.rules.bidding == "partnership"
    bid_order = None if hand.bids is None else (engine.side_order(number - 1) if partnership else seats)
    kwargs = {"order": seats, "bid_order": bid_order, "sides": len(engine.sides), "runs": engine.rules.cutthroat_bonus}
    if request.method == "POST":
        form = HandForm(request.POST, **kwargs)
        if form.is_valid():
            try:
                services.hand_update(
                    game=game,
                    number=number - 1,
                    bids=form.bids(),
                    tricks=form.tricks(),
                    declarations=form.declarations(),
                    shown=request.POST.get("shown"),
                    device=access.device_name(request),
                )
            except services.StaleHand as error:
                return stale_response(request, game, error, anchor=f"hand-{number}", opened=number)
            except RuleError as error:
                add_rule_error(form, error, prefix=HAND_ERRORS)
            else:
                return HttpResponseRedirect(f"{game.get_absolute_url()}?hand={number}#hand-{number}")
        status = 422
    else:
        form, status = HandForm(initial=_edit_initial(hand), **kwargs), 200
    context = {
        "view": view,
        "game": game,
        "form": form,
        "number": number,
        "bid_rows": _edit_bid_rows(view, form, bid_order),
        "trick_rows": [(engine.players[seat], form[f"tricks_{seat}"]) for seat in seats],
        "declaration_rows": declaration_rows(view, form) if bid_order is not None else [],
        "result_rows": result_rows(view, form, bemo_sides={b["side"] for b in hand.declarations.get("bemo", [])}),
        "bag_cancel": engine.rules.bag_cancel_card is not None,
        # Kept from the first showing through refused posts: the hand as it was opened.
        "shown": request.POST.get("shown", "") if request.method == "POST" else hand.fingerprint(),
    }
    return render(request, "games/hand_edit.html", context, status=status)


def _edit_initial(hand: Any) -> dict[str, Any]:
    """The edit form's values for a stored hand."""
    initial: dict[str, Any] = {f"bid_{index}": str(bid) for index, bid in enumerate(hand.bids or ())}
    initial.update({f"tricks_{seat}": str(taken) for seat, taken in enumerate(hand.tricks)})
    declared = hand.declarations
    for record_name, field_name in (("blind", "blind"), ("ten_for_two_hundred", "ten"), ("no_trump", "no_trump")):
        initial.update({f"{field_name}_{side}": True for side in declared.get(record_name, [])})
    for bemo in declared.get("bemo", []):
        initial[f"bemo_{bemo['side']}"] = bemo["kind"]
        initial[f"bemo_made_{bemo['side']}"] = "1" if bemo["made"] else "0"
    if declared.get("bag_cancel") is not None:
        initial["bag_cancel"] = str(declared["bag_cancel"])
    initial.update({f"run_{side}": run for side, run in enumerate(declared.get("high_spade_run") or [])})
    return initial


def _edit_bid_rows(view: GameSheet, form: HandForm, bid_order: tuple[int, ...] | None) -> list[tuple[str, Any, Any]]:
    """(name, bid buttons allowed before that hand, field) per bidder, in bidding order."""
    if bid_order is None:
        return []
    engine, totals = view.engine, view.sheet.totals
    if engine.rules.bidding == "partnership":
        names = engine.side_names()
        choices = choice_pairs(bid_choices(offered_side_bids(engine.rules)))
        return [(names[side], choices, form[f"bid_{side}"]) for side in bid_order]
    return [
        (
            engine.players[seat],
            choice_pairs(bid_choices(offered_bids(engine.rules, side=engine.side_of(seat), totals=totals))),
            form[f"bid_{seat}"],
        )
        for seat in bid_order
    ]


#: Values offered for number keys in "what if" (choice keys offer all their values).
WHAT_IF_NUMBERS = {
    "target": (300, 500, 1000),
    "lose_at": (None, -500),
    "min_team_bid": (0, 4),
    "max_team_bid": (10, 18),
    "nil_partner_min_bid": (0, 4),
    "bag_limit": (0, 5, 10),
    "bag_penalty": (50, 100),
    "max_bags": (None, 2),
}


def what_if_choices(rules: Any) -> list[tuple[str, list[tuple[str, str]]]]:
    """The alternatives a table can compare with: every other preset, and each key's other values.

    Returns ``(group title, [(value, label), ...])`` for a ``<select>``; a value is
    ``"preset=<name>"`` or ``"<key>=<JSON value>"``.
    """
    presets = [
        (f"preset={name}", gettext(title)) for name, (title, _source) in PRESET_INFO.items() if name != rules.preset
    ]
    keys = []
    for name, spec in KEYS.items():
        if spec.group == "play":
            continue  # no effect on the score
        values = spec.choices if spec.choices is not None else WHAT_IF_NUMBERS.get(name, ())
        for value in values:
            if value != getattr(rules, name):
                label = VALUE_LABELS.get((name, value))
                shown = gettext(label) if label else ("–" if value is None else json.dumps(value))
                keys.append((f"{name}={json.dumps(value)}", f"{gettext(spec.label)}: {shown}"))
    return [(gettext("Another preset"), presets), (gettext("One rule changed"), keys)]


def _what_if_changes(choice: str) -> dict[str, Any] | None:
    """``"nil_value=50"`` -> ``{"nil_value": 50}``; ``"preset=x"`` -> ``{"preset": "x"}``; else ``None``."""
    name, _sep, raw = choice.partition("=")
    if name == "preset":
        return {"preset": raw}
    try:
        return {name: json.loads(raw)} if name in KEYS else None
    except ValueError:
        return None


@require_safe
def hand_what_if(request: HttpRequest, key: str, number: int) -> HttpResponse:
    """Hand ``number`` (1-based) under the game's rules and, side by side, under other rules."""
    game = game_for(request, key, kind="spades")
    hands = list(game.hands.all())
    if not 1 <= number <= len(hands) or hands[number - 1].tricks is None:
        raise Http404
    rules = spades_rules(game.rules)
    choices = what_if_choices(rules)
    choice = request.GET.get("compare") or next(iter(choices[0][1] or choices[1][1]), ("", ""))[0]
    changes = _what_if_changes(choice)
    try:
        comparison = None if changes is None else selectors.hand_what_if(game, number, changes, hands)
    except RuleError as error:
        comparison = None
        messages.error(request, error.render(gettext))
    context = {"game": game, "number": number, "choices": choices, "choice": choice, "comparison": comparison}
    template = "games/what_if.html#comparison" if request.htmx else "games/what_if.html"
    return render(request, template, context)
