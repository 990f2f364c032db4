"""Views: thin. Parse the form, call a service, render the page or its partial.

Every page is one template with named partials (django-template-partials). A
request from htmx gets the partial it swaps in; any other request gets the whole
page, so every ``hx-post`` also works as a plain form. Successful writes are
announced with the ``HX-Trigger`` event ``sheet-changed``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import trigger_client_event

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.mu.tables import COLOUR_NAMES, COLOURS, cards_points
from scorekeeper.engine.spades.bidding import offered_bids, offered_side_bids, offered_table_bids
from scorekeeper.engine.spades.game import normalise_bid
from scorekeeper.engine.spades.rules import KEYS, PRESET_INFO, VALUE_LABELS, spades_rules

from . import referee as referee_answers
from . import selectors, services
from .forms import (
    BID_VALUES,
    MAX_PLAYERS,
    BidsForm,
    HandForm,
    MuAuctionForm,
    MuDealForm,
    MuNewGameForm,
    MuPointsForm,
    NewGameForm,
    TricksForm,
    add_rule_error,
    field_is_checkbox,
    parse_bid,
    small_number,
)
from .models import Game, HouseRules
from .selectors import GameSheet, bid_choices, game_export, game_sheet, games_recent

SHEET_CHANGED = "sheet-changed"
NAME_FIELDS = ("dealer", *(f"player_{seat}" for seat in range(MAX_PLAYERS)))
BID_ERRORS = {"bids": "bid_"}
TRICK_ERRORS = {"tricks": "tricks_"}
HAND_ERRORS = {"bids": "bid_", "tricks": "tricks_"}


@transaction.non_atomic_requests
@require_GET
def health(request: HttpRequest) -> HttpResponse:
    """``/health/``: 200 "ok" without touching the database, for load balancers
    (and the plain-view baseline of ``make bench``)."""
    return HttpResponse("ok", content_type="text/plain")


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """Recent games (resume with one tap) and the button for a new one."""
    return render(request, "games/home.html", {"games": games_recent()})


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
                    players=form.players(), dealer=form.cleaned_data["dealer"], rules=form.rules()
                )
                if form.cleaned_data["save_as"].strip():
                    services.house_rules_save(name=form.cleaned_data["save_as"], rules=form.rules())
            except RuleError as error:
                add_rule_error(form, error, prefix={})
            else:
                return redirect(game)
        context = {"form": form, "rules_open": True, "house_rules": HouseRules.objects.all()}
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
    }
    if request.htmx and request.method == "GET":
        return render(request, "games/new.html#setup", context)
    return render(request, "games/new.html", context)


def _game(game_id: Any) -> Game:
    return get_object_or_404(Game, pk=game_id)


def _spades(game_id: Any) -> Game:
    """The Spades game ``game_id``; 404 for a Mü game (it has deals, not hands)."""
    game = _game(game_id)
    if game.is_mu:
        raise Http404
    return game


def _mu(game_id: Any) -> Game:
    """The Mü game ``game_id``; 404 for a Spades game."""
    game = _game(game_id)
    if not game.is_mu:
        raise Http404
    return game


def _mu_page(
    request: HttpRequest,
    game: Game,
    *,
    status: int = 200,
    auction_form: MuAuctionForm | None = None,
    points_form: MuPointsForm | None = None,
    shown_stage: str | None = None,
) -> HttpResponse:
    """The Mü sheet page (or its ``game`` partial for htmx), with the deal-entry forms."""
    view = selectors.mu_sheet(game)
    context = {
        "view": view,
        "game": game,
        "opened": _opened(request),
        "version": game.version,
        **_live(view, shown_stage),
    }
    context.update(_mu_forms(view, auction_form, points_form))
    template = "games/mu.html#game" if request.htmx else "games/mu.html"
    return render(request, template, context, status=status)


def _live(view: GameSheet | selectors.MuSheet, shown_stage: str | None) -> dict[str, Any]:
    """The entry stage (which hand or deal, and whether bids/auction or tricks/points are
    asked) for the page's live poll, and whether a polling phone's form is out of date."""
    stage = f"{view.next_number}{'p' if view.in_play else 'e'}{'w' if view.winner else ''}"
    return {"stage": stage, "entry_outdated": shown_stage is not None and shown_stage != stage}


def _mu_forms(
    view: Any,
    auction_form: MuAuctionForm | None = None,
    points_form: MuPointsForm | None = None,
    counted: dict[int, Any] | None = None,
) -> dict[str, Any]:
    """The auction form (and what it decided so far) and the card-points form for the Mü page."""
    count, number = len(view.sheet.sides), view.next_number - 1
    auction_form = auction_form or MuAuctionForm(players=count, initial={"number": number})
    points_form = points_form or MuPointsForm(
        order=view.point_order, total=view.points_in_deal, initial={"number": number}
    )
    counted = points_form.counted() if counted is None else counted
    return {
        "counted": counted,
        "counter_rows": selectors.counter_rows(),
        "double_counted": selectors.double_counted(counted, view.sheet.sides),
        "auction_form": auction_form,
        "auction": selectors.mu_auction_state(
            view, auction_form.laid_so_far(), auction_form.digits(), auction_form.laid_cards()
        ),
        "laid_rows": [(name, auction_form[f"laid_{seat}"], seat) for seat, name in enumerate(view.sheet.sides)],
        "points_form": points_form,
        "point_rows": [
            (
                view.sheet.sides[seat],
                points_form[f"points_{seat}"],
                seat,
                {f"{c}:{i}" for c, i in counted.get(seat, ())},
            )
            for seat in view.point_order[:-1]
        ],
    }


@require_http_methods(["GET", "POST"])
def mu_new(request: HttpRequest) -> HttpResponse:
    """Start a Mü game: 3 to 6 names, who deals first, the agreed total."""
    form = MuNewGameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            game = services.game_create(
                players=form.players(), dealer=form.cleaned_data["dealer"], rules=form.rules(), kind="mu"
            )
        except RuleError as error:
            add_rule_error(form, error, prefix={})
        else:
            return redirect(game)
    status = 422 if request.method == "POST" else 200
    return render(request, "games/mu_new.html", {"form": form}, status=status)


@require_POST
def mu_auction_preview(request: HttpRequest, game_id: Any) -> HttpResponse:
    """The auction form again as cards laid are tapped (htmx): what follows, what is still to ask."""
    game = _mu(game_id)
    view = selectors.mu_sheet(game)
    form = MuAuctionForm(request.POST, players=len(view.sheet.sides))
    context = {"view": view, "game": game, **_mu_forms(view, auction_form=form)}
    return render(request, "games/mu.html#deal-form", context)


@require_POST
def mu_auction(request: HttpRequest, game_id: Any) -> HttpResponse:
    """Save what the auction decided: an Eklat ends the deal, otherwise it is now being played."""
    game = _mu(game_id)
    form = MuAuctionForm(request.POST, players=len(game.players))
    if form.is_valid():
        try:
            services.deal_auction_save(
                game=game,
                laid=form.laid(),
                last=form.cleaned_data["last"],
                vize_digits=form.digits(),
                vize_trump=form.trump("vize_trump"),
                chef_trump=form.trump("chef_trump"),
                partner=form.cleaned_data["partner"],
                laid_cards=form.laid_cards(),
                number=_number(request),
            )
        except services.StaleHand as error:
            return _stale(request, game, error)
        except RuleError as error:
            add_rule_error(form, error, prefix={"laid": "laid_"})
            if error.field in {"last", "vize_trump", "chef_trump", "partner", "trump"}:
                form.add_error(None, form.errors.get(error.field) or error.text.render(gettext))
        else:
            return _saved(request, game)
    return _mu_page(request, game, status=422, auction_form=form)


@require_http_methods(["GET", "POST"])
def mu_deal_edit(request: HttpRequest, game_id: Any, number: int) -> HttpResponse:
    """Correct finished Mü deal ``number`` (1-based); every later deal is scored again."""
    game = _mu(game_id)
    deals = game.rounds()
    if not 1 <= number <= len(deals) or not deals[number - 1].is_complete:
        raise Http404
    record = deals[number - 1].record
    if record.get("eklat", "") is None:
        raise Http404  # everyone passed: nothing to correct (undo it instead)
    kwargs = {"players": len(game.players), "eklat": "eklat" in record}
    if request.method == "POST":
        form = MuDealForm(request.POST, **kwargs)
        if form.is_valid():
            try:
                services.deal_update(game=game, number=number - 1, record=form.record())
            except RuleError as error:
                add_rule_error(form, error, prefix={})
            else:
                return HttpResponseRedirect(f"{game.get_absolute_url()}?hand={number}#hand-{number}")
        status = 422
    else:
        form, status = MuDealForm(initial=MuDealForm.initial_for(record), **kwargs), 200
    names = list(game.players)
    context = {
        "game": game,
        "form": form,
        "number": number,
        "names": names,
        "point_fields": [(names[seat], form[f"points_{seat}"]) for seat in range(len(names))]
        if not kwargs["eklat"]
        else [],
    }
    return render(request, "games/mu_edit.html", context, status=status)


@require_POST
def mu_points_preview(request: HttpRequest, game_id: Any) -> HttpResponse:
    """The card-points form again as cards are tapped in a counter (htmx): each counted
    player's points become the triangles of the cards tapped (mu.md §1)."""
    game = _mu(game_id)
    view = selectors.mu_sheet(game)
    counted = MuPointsForm(request.POST, order=view.point_order, total=view.points_in_deal).counted()
    values = {name: request.POST[name] for name in request.POST if name.startswith("points_") or name == "number"}
    values.update({f"points_{seat}": str(cards_points(cards)) for seat, cards in counted.items()})
    # Unbound, with the values as initial: a preview shows numbers, not "required" errors.
    form = MuPointsForm(order=view.point_order, total=view.points_in_deal, initial=values)
    context = {"view": view, "game": game, **_mu_forms(view, points_form=form, counted=counted)}
    return render(request, "games/mu.html#points-form", context)


@require_POST
def mu_points(request: HttpRequest, game_id: Any) -> HttpResponse:
    """Save the card points of the deal being played; the last player gets the rest."""
    game = _mu(game_id)
    view = selectors.mu_sheet(game)
    form = MuPointsForm(request.POST, order=view.point_order, total=view.points_in_deal)
    if form.is_valid():
        try:
            services.deal_points_save(game=game, points=form.points(), number=_number(request))
        except services.StaleHand as error:
            return _stale(request, game, error)
        except RuleError as error:
            add_rule_error(form, error, prefix={})
        else:
            return _saved(request, game)
    return _mu_page(request, game, status=422, points_form=form)


def _bids_form(view: GameSheet, data: Any = None) -> BidsForm:
    """The bids form for the next hand: per seat in bidding order, or per side with partnership bidding."""
    order = tuple(o.side for o in view.sides) if view.partnership else tuple(turn.seat for turn in view.order)
    initial = {"number": view.next_number - 1}
    return BidsForm(data, order=order, sides=len(view.engine.sides), initial=initial)


def _tricks_form(view: GameSheet, data: Any = None) -> TricksForm:
    """The tricks form for the hand in play (the last seat in bidding order gets the rest)."""
    rules = view.rules
    return TricksForm(
        data,
        order=tuple(turn.seat for turn in view.order),
        sides=len(view.engine.sides),
        tricks=rules.tricks,
        runs=rules.cutthroat_bonus,
        initial={"number": view.next_number - 1},
    )


def _page(
    request: HttpRequest,
    game: Game,
    *,
    bids_form: BidsForm | None = None,
    tricks_form: TricksForm | None = None,
    status: int = 200,
    shown_stage: str | None = None,
) -> HttpResponse:
    """The sheet page, or its ``game`` partial for htmx, with the entry forms.

    ``shown_stage``: the stage of the form on the polling phone (see :func:`game_live`).
    """
    if game.is_mu:
        return _mu_page(request, game, status=status, shown_stage=shown_stage)
    view = game_sheet(game)
    bids_form = bids_form or _bids_form(view)
    tricks_form = tricks_form or _tricks_form(view)
    context = {
        "view": view,
        "game": game,
        "bids_form": bids_form,
        "tricks_form": tricks_form,
        "bid_rows": _bid_rows(view, bids_form),
        "declaration_rows": _declaration_rows(view, bids_form),
        "trick_rows": [(turn, tricks_form[f"tricks_{turn.seat}"]) for turn in view.order[:-1]],
        "result_rows": _result_rows(view, tricks_form, bemo_sides={side for side, _n, _k in view.in_play_bemo}),
        "opened": _opened(request),
        "version": game.version,
        **_live(view, shown_stage),
    }
    template = "games/game.html#game" if request.htmx else "games/game.html"
    return render(request, template, context, status=status)


def _bid_rows(view: GameSheet, form: BidsForm) -> list[dict[str, Any]]:
    """Per bidder (seat, or side with partnership bidding) in bidding order: name, field and the
    buttons the rules allow given the bids tapped so far (see ``offered_table_bids``)."""
    engine = view.engine
    count = len(engine.sides) if view.partnership else len(engine.players)
    chosen = []
    for index in range(count):
        raw = form.data.get(f"bid_{index}") if form.is_bound else None
        chosen.append(normalise_bid(engine.rules, parse_bid(raw)) if raw in BID_VALUES else None)
    offers = offered_table_bids(engine, chosen, totals=view.sheet.totals, number=view.next_number - 1)
    if view.partnership:
        bidders = [(offer.side, offer.name) for offer in view.sides]
    else:
        bidders = [(turn.seat, turn.player) for turn in view.order]
    return [
        {"index": index, "name": name, "choices": _pairs(bid_choices(offers[index])), "field": form[f"bid_{index}"]}
        for index, name in bidders
    ]


@require_POST
def hand_bid_offers(request: HttpRequest, game_id: Any) -> HttpResponse:
    """The bid buttons again, as bids are tapped (htmx): only what the rules still allow."""
    game = _spades(game_id)
    view = game_sheet(game)
    form = _bids_form(view, request.POST)
    return render(request, "games/game.html#bid-rows", {"game": game, "view": view, "bid_rows": _bid_rows(view, form)})


def _declaration_rows(view: GameSheet, form: BidsForm | HandForm) -> list[dict[str, Any]]:
    """Per side (bidding order), the declaration fields the house rules offer it now."""
    return [
        {
            "offer": offer,
            "blind": form[f"blind_{offer.side}"] if offer.blind else None,
            "ten": form[f"ten_{offer.side}"] if offer.ten_for_two_hundred else None,
            "no_trump": form[f"no_trump_{offer.side}"] if offer.no_trump else None,
            "bemo": form[f"bemo_{offer.side}"] if offer.bemo else None,
        }
        for offer in view.sides
        if offer.blind or offer.ten_for_two_hundred or offer.no_trump or offer.bemo
    ]


def _result_rows(view: GameSheet, form: TricksForm | HandForm, *, bemo_sides: set[int]) -> list[dict[str, Any]]:
    """Per side, the play results to enter: a declared bemo's outcome, a high-spade run."""
    rows = []
    for offer in view.sides:
        bemo = form[f"bemo_made_{offer.side}"] if offer.side in bemo_sides else None
        run = form[f"run_{offer.side}"] if view.rules.cutthroat_bonus else None
        if bemo is not None or run is not None:
            rows.append({"offer": offer, "bemo": bemo, "run": run})
    return rows


def _saved(request: HttpRequest, game: Game, anchor: str = "entry") -> HttpResponse:
    """After a write: the fresh partial for htmx (with ``HX-Trigger``), else a redirect."""
    if request.htmx:
        # The write touched the game in the database: show its new version, so this
        # phone's own change does not come back as a change from another phone.
        game.refresh_from_db(fields=["version"])
        return trigger_client_event(_page(request, game), SHEET_CHANGED)
    return HttpResponseRedirect(f"{game.get_absolute_url()}#{anchor}")


def _opened(request: HttpRequest) -> int | None:
    """The hand row to show expanded (``?hand=N`` after a correction)."""
    return small_number(request.GET.get("hand", ""))


def _number(request: HttpRequest) -> int | None:
    return small_number(request.POST.get("number", ""))


@transaction.non_atomic_requests  # a read: no transaction round trips around the one query
@require_GET
def game_live(request: HttpRequest, game_id: Any) -> HttpResponse:
    """Poll for changes made on another phone (``?v=`` the version the page shows).

    Unchanged: 204 with no body after one indexed query, so htmx swaps nothing.
    Changed: the fresh ``game`` partial; the page takes only its ``#live``,
    ``#sheet`` and ``#scoreboard`` from it, so a half-entered form stays as it is,
    unless the form is for a stage that is over (``?stage=``: another phone saved
    that hand), which saving would refuse anyway: then ``#entry`` comes fresh too.
    No state in the process: any app server can answer.
    """
    version = selectors.game_version(game_id=game_id)
    if version is None:
        raise Http404
    if request.GET.get("v") == str(version):
        return HttpResponse(status=204)
    return _page(request, Game.objects.get(pk=game_id), shown_stage=request.GET.get("stage", ""))


@require_GET
def game_detail(request: HttpRequest, game_id: Any) -> HttpResponse:
    """The score sheet: totals, every hand, and the form for the next one."""
    return _page(request, _game(game_id))


def _entry(
    request: HttpRequest,
    game: Game,
    form: BidsForm | TricksForm,
    save: Callable[[], object],
    errors: dict[str, str],
) -> HttpResponse:
    """Validate an entry ``form``, run ``save``, and answer with the fresh sheet.

    Invalid input or a rule error: 422 with the errors at their fields, nothing
    saved. Another phone was faster: 409 (htmx) or a redirect, with a warning.
    """
    if form.is_valid():
        try:
            save()
        except services.StaleHand as error:
            return _stale(request, game, error)
        except RuleError as error:
            add_rule_error(form, error, prefix=errors)
        else:
            return _saved(request, game)
    kind = "bids_form" if isinstance(form, BidsForm) else "tricks_form"
    return _page(request, game, status=422, **{kind: form})


@require_POST
def hand_bids(request: HttpRequest, game_id: Any) -> HttpResponse:
    """Save the bids of the next hand."""
    game = _spades(game_id)
    rules = spades_rules(game.rules)  # field names only: no need to score the game here
    sides = len(game.players) // 2 if rules.partnerships else len(game.players)
    order = tuple(range(sides if rules.bidding == "partnership" else len(game.players)))
    form = BidsForm(request.POST, order=order, sides=sides)
    return _entry(
        request,
        game,
        form,
        lambda: services.hand_bids_save(
            game=game, bids=form.bids(), declarations=form.declarations(), number=_number(request)
        ),
        BID_ERRORS,
    )


@require_POST
def hand_misdeal(request: HttpRequest, game_id: Any) -> HttpResponse:
    """Throw the hand in: ``seat`` called a misdeal; the same dealer deals again."""
    game = _spades(game_id)
    seat = small_number(request.POST.get("seat", ""))
    try:
        services.hand_misdeal(game=game, seat=-1 if seat is None else seat, number=_number(request))
    except services.StaleHand as error:
        return _stale(request, game, error)
    except RuleError as error:
        form = _bids_form(game_sheet(game), request.POST)
        add_rule_error(form, error, prefix={})
        return _page(request, game, bids_form=form, status=422)
    return _saved(request, game)


@require_POST
def hand_tricks(request: HttpRequest, game_id: Any) -> HttpResponse:
    """Save the tricks of the hand in play; the last seat may be left for the rest of 13."""
    game = _spades(game_id)
    form = _tricks_form(game_sheet(game), request.POST)
    return _entry(
        request,
        game,
        form,
        lambda: services.hand_tricks_save(
            game=game, tricks=form.tricks(), results=form.results(), number=_number(request)
        ),
        TRICK_ERRORS,
    )


@require_POST
def hand_tricks_rest(request: HttpRequest, game_id: Any) -> HttpResponse:
    """The "rest of 13" for the last seat while tricks are being tapped (htmx preview)."""
    game = _spades(game_id)
    view = game_sheet(game)
    return render(
        request, "games/game.html#tricks-rest", {"tricks_form": _tricks_form(view, request.POST), "view": view}
    )


def _stale(request: HttpRequest, game: Game, error: RuleError) -> HttpResponse:
    """Another phone got there first: show the fresh sheet with a warning."""
    messages.warning(request, error.text.render(gettext))
    if request.htmx:
        return trigger_client_event(_page(request, game, status=409), SHEET_CHANGED)
    return HttpResponseRedirect(f"{game.get_absolute_url()}#entry")


@require_POST
def hand_undo(request: HttpRequest, game_id: Any) -> HttpResponse:
    """Delete the last hand (or the bids of the hand in play)."""
    game = _game(game_id)
    services.hand_undo(game=game)
    return _saved(request, game)


@require_http_methods(["GET", "POST"])
def hand_edit(request: HttpRequest, game_id: Any, number: int) -> HttpResponse:
    """Correct played hand ``number`` (1-based); the whole sheet is scored again."""
    game = _spades(game_id)
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
                )
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
        "declaration_rows": _declaration_rows(view, form) if bid_order is not None else [],
        "result_rows": _result_rows(view, form, bemo_sides={b["side"] for b in hand.declarations.get("bemo", [])}),
        "bag_cancel": engine.rules.bag_cancel_card is not None,
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
        choices = _pairs(bid_choices(offered_side_bids(engine.rules)))
        return [(names[side], choices, form[f"bid_{side}"]) for side in bid_order]
    return [
        (
            engine.players[seat],
            _pairs(bid_choices(offered_bids(engine.rules, side=engine.side_of(seat), totals=totals))),
            form[f"bid_{seat}"],
        )
        for seat in bid_order
    ]


def _pairs(choices: Any) -> list[tuple[str, str]]:
    """Bid choices as (value, label) pairs for the shared button template."""
    return [(choice.value, choice.label) for choice in choices]


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


@require_GET
def hand_what_if(request: HttpRequest, game_id: Any, number: int) -> HttpResponse:
    """Hand ``number`` (1-based) under the game's rules and, side by side, under other rules."""
    game = _spades(game_id)
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


@require_GET
def game_rulebook(request: HttpRequest, game_id: Any) -> HttpResponse:
    """The game's rulebook: every rule in force as a plain sentence with its source."""
    game = _spades(game_id)
    rules = spades_rules(game.rules)
    context = {"game": game, "rules": rules, "groups": selectors.game_rulebook(rules), "preset": _preset_title(rules)}
    return render(request, "games/rulebook.html", context)


@require_GET
def preset_rulebook(request: HttpRequest, preset: str) -> HttpResponse:
    """The rulebook of a preset, without a game (to read before choosing one)."""
    if preset not in PRESET_INFO:
        raise Http404
    rules = spades_rules({"preset": preset})
    context = {"game": None, "rules": rules, "groups": selectors.game_rulebook(rules), "preset": _preset_title(rules)}
    return render(request, "games/rulebook.html", context)


def _preset_title(rules: Any) -> str:
    return gettext(PRESET_INFO[rules.preset][0])


def _referee_state(data: Any, codes: set[str], repeatable: bool) -> tuple[list[str], list[str], str]:
    """The trick and hand picked so far, with this request's action applied (add, undo, clear)."""

    def cards(name: str) -> list[str]:
        return [card for card in data.get(name, "").split(",") if card in codes]

    trick, hand = cards("trick"), cards("hand")
    target = "hand" if data.get("target") == "hand" else "trick"
    picked = hand if target == "hand" else trick
    added = data.get("add")
    if added in codes and (repeatable or added not in trick + hand):
        picked.append(added)
    elif "undo" in data and picked:
        picked.pop()
    elif "clear" in data:
        trick, hand = [], []
    return trick, hand, target


@require_http_methods(["GET", "POST"])
def referee(request: HttpRequest, game_id: Any = None) -> HttpResponse:
    """The referee: pick the cards of a trick (and a hand) and read who wins, what may be played, and why.

    From a game it uses that game's house rules and keeps rulings in the game's log;
    on its own (``/referee/``) the table picks a Spades preset, or Mü.
    """
    answers = referee_answers
    game = _game(game_id) if game_id is not None else None
    data = request.POST if request.method == "POST" else request.GET
    kind = ("mu" if game.is_mu else "spades") if game else ("mu" if data.get("kind") == "mu" else "spades")
    preset = data.get("preset", "standard") if data.get("preset") in PRESET_INFO else "standard"
    rules = spades_rules(game.rules if game and not game.is_mu else {"preset": preset})
    picker = answers.mu_picker() if kind == "mu" else answers.spades_picker(rules)
    codes = {code for _label, row in picker for code, _text in row}
    repeatable = kind == "mu" or rules.deck == "double"
    trick, hand, target = _referee_state(data, codes, repeatable)
    trick_number = small_number(data.get("trick_number", ""), digits=2) or 2
    question = answers.Question(
        trick=tuple(trick),
        hand=tuple(hand),
        trick_number=max(1, min(trick_number, 18)),
        spades_broken=bool(data.get("broken")),
        chef_trump=_mu_trump(data.get("chef_trump", "")),
        vize_trump=_mu_trump(data.get("vize_trump", "")),
    )
    answer = answers.mu_answer(question) if kind == "mu" else answers.spades_answer(rules, question)
    label = answers.card_label
    # Kept with the game: every complete trick judged, and whatever the table asks to keep.
    complete = (
        len(trick) == len(game.players) and data.get("add") and data.get("target", "trick") == "trick"
        if game
        else False
    )
    if game is not None and (("keep" in data and (answer.winner or hand)) or (complete and answer.winner)):
        parts, said = [], []
        if trick:
            parts.append(gettext("Trick: %(cards)s") % {"cards": ", ".join(label(card) for card in trick)})
        if answer.winner:
            said.append(answer.winner_reason)
        if hand:
            parts.append(gettext("Hand: %(cards)s") % {"cards": ", ".join(label(card) for card in hand)})
            allowed = ", ".join(label(card) for card in answer.allowed) or "–"
            said.append(gettext("May be played: %(cards)s") % {"cards": allowed})
            said.extend(f"{label(card)}: {why}" for card, why in answer.refused)
        answers.ruling_keep(game=game, question=" · ".join(parts), answer=" ".join(said), source=answer.winner_source)
    context = {
        "game": game,
        "kind": kind,
        "preset": preset,
        "presets": [(n, gettext(t)) for n, (t, _s) in PRESET_INFO.items()],
        "picker": picker,
        "trick": trick,
        "hand": hand,
        "target": target,
        "question": question,
        "answer": answer,
        "trick_labels": [label(card) for card in trick],
        "hand_labels": [label(card) for card in hand],
        "allowed_labels": [label(card) for card in answer.allowed],
        "refused_labels": [(label(card), why) for card, why in answer.refused],
        "winner_label": label(answer.winner) if answer.winner else None,
        "rulings": list(game.rulings.all()[:20]) if game else [],
        "trumps": [("", gettext("no trump"))]
        + [(json.dumps(c), gettext(COLOUR_NAMES[c])) for c in COLOURS]
        + [(str(d), str(d)) for d in range(10)],
        "chef_trump": data.get("chef_trump", ""),
        "vize_trump": data.get("vize_trump", ""),
        "rules": rules,
        "trick_numbers": list(range(1, rules.tricks + 1)),
        **_referee_extras(game, kind, rules, data),
    }
    template = "games/referee.html#referee" if request.htmx else "games/referee.html"
    return render(request, template, context)


def _referee_extras(game: Game | None, kind: str, rules: Any, data: Any) -> dict[str, Any]:
    """The bid question (Spades) and the auction question (Mü) of the referee page."""
    if kind == "spades":
        raw = data.get("bid", "")
        bid = parse_bid(raw) if raw in BID_VALUES else None
        behind = data.get("behind", "0")
        behind_points = small_number(behind.removeprefix("-")) or 0
        behind_points = -behind_points if behind.startswith("-") else behind_points
        verdict = None if bid is None else referee_answers.bid_answer(rules, bid, behind=behind_points)
        return {
            "bid_choices": BID_VALUES[: rules.tricks + 1] + BID_VALUES[-3:],
            "bid": raw,
            "behind": behind_points,
            "bid_verdict": verdict,
        }
    players = (
        len(game.players) if game else (int(data["players"]) if data.get("players") in ("3", "4", "5", "6") else 5)
    )
    names = list(game.players) if game else [gettext("Player %(number)d") % {"number": n + 1} for n in range(players)]
    dealer = selectors.mu_sheet(game).dealer_seat if game else 0
    typed = data.get("turns", "")
    return {
        "players": players,
        "turns": typed,
        "auction_lines": referee_answers.auction_answer(players, dealer, typed, names) if typed.strip() else [],
        "first_to_lay": names[dealer],
    }


def _mu_trump(value: str) -> Any:
    """A trump from the referee form: a colour (JSON string), a digit, or ``None``."""
    try:
        trump = json.loads(value) if value else None
    except ValueError:
        return None
    return trump if trump in COLOURS or (type(trump) is int and 0 <= trump <= 9) else None


@require_POST
def game_rematch(request: HttpRequest, game_id: Any) -> HttpResponse:
    """Start a new game with the same players and house rules."""
    new = services.game_rematch(game=_game(game_id))
    return redirect(new)


@require_GET
def game_record_download(request: HttpRequest, game_id: Any) -> HttpResponse:
    """The game as its record (``shared/formats/game-record.md``), as a download."""
    game = _game(game_id)
    record = game_export(game)
    name = slugify("-".join([game.kind, game.created_at.strftime("%Y-%m-%d"), *game.players])) or "game"
    response = HttpResponse(
        json.dumps(record, ensure_ascii=False, indent=2) + "\n", content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{name}.json"'
    return response
