"""The score sheet itself: the page, its live poll, and the answers every write shares.

Every page is one template with named partials (django-template-partials). A
request from htmx gets the partial it swaps in; any other request gets the whole
page, so every ``hx-post`` also works as a plain form. Successful writes are
announced with the ``HX-Trigger`` event ``sheet-changed``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse, HttpResponseNotFound, HttpResponseRedirect
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import HttpResponseClientRefresh, trigger_client_event

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.spades.bidding import offered_table_bids
from scorekeeper.engine.spades.game import normalise_bid

from .. import access, selectors, services
from ..access import game_for
from ..forms import (
    BID_VALUES,
    BidsForm,
    HandForm,
    MuAuctionForm,
    MuPointsForm,
    TricksForm,
    add_rule_error,
    parse_bid,
    small_number,
)
from ..models import Game
from ..selectors import GameSheet, bid_choices, game_sheet

SHEET_CHANGED = "sheet-changed"


def sheet_response(
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
        return mu_sheet_response(request, game, status=status, shown_stage=shown_stage)
    view = game_sheet(game)
    bids_form = bids_form or bids_form_for(view)
    tricks_form = tricks_form or tricks_form_for(view)
    context = {
        "view": view,
        "game": game,
        "bids_form": bids_form,
        "tricks_form": tricks_form,
        "bid_rows": bid_rows(view, bids_form),
        "declaration_rows": declaration_rows(view, bids_form),
        "trick_rows": [(turn, tricks_form[f"tricks_{turn.seat}"]) for turn in view.order[:-1]],
        "result_rows": result_rows(view, tricks_form, bemo_sides={side for side, _n, _k in view.in_play_bemo}),
        "opened": opened_row(request),
        "version": game.version,
        "chart": selectors.running_chart(view.sheet),
        "rulings": list(game.rulings.all()[:20]),
        **live_stage(view, shown_stage),
    }
    template = "games/game.html#game" if request.htmx else "games/game.html"
    return render(request, template, context, status=status)


def mu_sheet_response(
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
        "opened": opened_row(request),
        "version": game.version,
        "chart": selectors.running_chart(view.sheet),
        "rulings": list(game.rulings.all()[:20]),
        **live_stage(view, shown_stage),
    }
    context.update(mu_entry_forms(view, auction_form, points_form))
    template = "games/mu.html#game" if request.htmx else "games/mu.html"
    return render(request, template, context, status=status)


def live_stage(view: GameSheet | selectors.MuSheet, shown_stage: str | None) -> dict[str, Any]:
    """The entry stage (which hand or deal, and whether bids/auction or tricks/points are
    asked) for the page's live poll, and whether a polling phone's form is out of date."""
    stage = f"{view.next_number}{'p' if view.in_play else 'e'}{'w' if view.winner else ''}"
    return {"stage": stage, "entry_outdated": shown_stage is not None and shown_stage != stage}


def mu_entry_forms(
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


def bids_form_for(view: GameSheet, data: Any = None) -> BidsForm:
    """The bids form for the next hand: per seat in bidding order, or per side with partnership bidding."""
    order = tuple(o.side for o in view.sides) if view.partnership else tuple(turn.seat for turn in view.order)
    initial = {"number": view.next_number - 1}
    return BidsForm(data, order=order, sides=len(view.engine.sides), initial=initial)


def tricks_form_for(view: GameSheet, data: Any = None) -> TricksForm:
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


def bid_rows(view: GameSheet, form: BidsForm) -> list[dict[str, Any]]:
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
        {
            "index": index,
            "name": name,
            "choices": choice_pairs(bid_choices(offers[index])),
            "field": form[f"bid_{index}"],
        }
        for index, name in bidders
    ]


def choice_pairs(choices: Any) -> list[tuple[str, str]]:
    """Bid choices as (value, label) pairs for the shared button template."""
    return [(choice.value, choice.label) for choice in choices]


def declaration_rows(view: GameSheet, form: BidsForm | HandForm) -> list[dict[str, Any]]:
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


def result_rows(view: GameSheet, form: TricksForm | HandForm, *, bemo_sides: set[int]) -> list[dict[str, Any]]:
    """Per side, the play results to enter: a declared bemo's outcome, a high-spade run."""
    rows = []
    for offer in view.sides:
        bemo = form[f"bemo_made_{offer.side}"] if offer.side in bemo_sides else None
        run = form[f"run_{offer.side}"] if view.rules.cutthroat_bonus else None
        if bemo is not None or run is not None:
            rows.append({"offer": offer, "bemo": bemo, "run": run})
    return rows


def saved_response(request: HttpRequest, game: Game, anchor: str = "entry") -> HttpResponse:
    """After a write: the fresh partial for htmx (with ``HX-Trigger``), else a redirect."""
    if request.htmx:
        # The write touched the game in the database: show its new version, so this
        # phone's own change does not come back as a change from another phone.
        game.refresh_from_db(fields=["version"])
        return trigger_client_event(sheet_response(request, game), SHEET_CHANGED)
    return HttpResponseRedirect(f"{game.get_absolute_url()}#{anchor}")


def stale_response(
    request: HttpRequest, game: Game, error: RuleError, *, anchor: str = "entry", opened: int | None = None
) -> HttpResponse:
    """Another phone got there first: show the fresh sheet with a warning (409 for htmx, else a redirect).

    ``anchor``, ``opened``: where the redirected sheet scrolls to, and the hand row it opens.
    """
    messages.warning(request, error.text.render(gettext))
    if request.htmx:
        return trigger_client_event(sheet_response(request, game, status=409), SHEET_CHANGED)
    query = f"?hand={opened}" if opened is not None else ""
    return HttpResponseRedirect(f"{game.get_absolute_url()}{query}#{anchor}")


def opened_row(request: HttpRequest) -> int | None:
    """The hand row to show expanded (``?hand=N`` after a correction)."""
    return small_number(request.GET.get("hand", ""))


def form_number(request: HttpRequest) -> int | None:
    """The 0-based hand or deal number the posted form was shown for (``None``: not sent or unreadable)."""
    return small_number(request.POST.get("number", ""))


def entry_response(
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
            return stale_response(request, game, error)
        except RuleError as error:
            add_rule_error(form, error, prefix=errors)
        else:
            return saved_response(request, game)
    kind = "bids_form" if isinstance(form, BidsForm) else "tricks_form"
    return sheet_response(request, game, status=422, **{kind: form})


@transaction.non_atomic_requests  # a read: no transaction round trips around the one query
@require_safe
def game_live(request: HttpRequest, key: str) -> HttpResponse:
    """Poll for changes made on another phone (``?v=`` the version the page shows).

    Unchanged: 204 with no body after one indexed query, so htmx swaps nothing.
    Changed: the fresh ``game`` partial; the page takes only its ``#live``,
    ``#sheet`` and ``#scoreboard`` from it, so a half-entered form stays as it is,
    unless the form is for a stage that is over (``?stage=``: another phone saved
    that hand), which saving would refuse anyway: then ``#entry`` comes fresh too.
    No state in the process: any app server can answer.
    """
    version = selectors.game_version(key=key)
    if version is None:
        # The link was renewed or turned off: reload, and the phone reads why.
        return HttpResponseClientRefresh() if request.htmx else HttpResponseNotFound()
    if request.GET.get("v") == str(version):
        return HttpResponse(status=204)
    return sheet_response(request, game_for(request, key), shown_stage=request.GET.get("stage", ""))


@require_safe
def game_detail(request: HttpRequest, key: str) -> HttpResponse:
    """The score sheet: totals, every hand, and the form for the next one (read only through the view link)."""
    game = game_for(request, key)
    access.link_opened(request, game)
    return sheet_response(request, game)


@require_POST
def hand_undo(request: HttpRequest, key: str) -> HttpResponse:
    """Delete the last hand or deal (or the bids or auction of the one in play).

    The form names the last hand and its fingerprint as shown, so a late tap
    after another phone's change deletes nothing (409 and the fresh sheet).
    """
    game = game_for(request, key, edit=True)
    try:
        services.hand_undo(
            game=game,
            number=form_number(request),
            shown=request.POST.get("shown"),
            device=access.device_name(request),
        )
    except services.StaleHand as error:
        return stale_response(request, game, error)
    return saved_response(request, game)
