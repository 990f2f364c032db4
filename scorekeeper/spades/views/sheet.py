"""Spades entry: bids, misdeals, tricks and corrections, and the sheet page they answer with.

Every page is one template with named partials (django-template-partials): a request
from htmx gets the partial it swaps in, any other the whole page, so every ``hx-post``
also works as a plain form.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_http_methods, require_POST

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.spades.game import SpadesGame
from scorekeeper.games import access
from scorekeeper.games.access import Opened, game_for
from scorekeeper.games.changes import ROW, Written
from scorekeeper.games.forms import add_rule_error, small_number
from scorekeeper.games.kinds import game_rows
from scorekeeper.games.models import Row
from scorekeeper.games.views.http import HtmxHttpRequest
from scorekeeper.games.views.kinds import Reply
from scorekeeper.games.views.sheet import (
    edit_render,
    form_number,
    saved_again,
    saved_response,
    sheet_render,
)
from scorekeeper.games.views.writes import game_write

from .. import entry, services
from ..entry import bid_rows, bids_form_for, declaration_rows, result_rows, ruled_out_bids, tricks_form_for
from ..forms import NO_REVOKE_PENALTY, REVOKES_FROM_PLAY, BidsForm, HandForm, TricksForm
from ..presenters import spades_page
from ..rows import bids_of, read_spades_game, spades_game, tricks_of

BID_ERRORS = {"bids": "bid_"}


TRICK_ERRORS = {"tricks": "tricks_", "revokes": "revokes_"}


HAND_ERRORS = {"bids": "bid_", "tricks": "tricks_", "revokes": "revokes_"}


@require_POST
def hand_bid_offers(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """As bids are tapped (htmx): which bid buttons the rules no longer allow, as the style
    that mutes them, and per row the line saying why (out of band); the buttons themselves are
    left as they are."""
    link = game_for(request, key, edit=True, kind="spades")
    game = link.game
    page = spades_page(game)
    ruled = ruled_out_bids(page, bids_form_for(page, request.POST))
    context = {"game": game, "link": link, "ruled_out_bids": ruled.ids, "bid_why": sorted(ruled.why.items())}
    return render(request, "spades/sheet.html#bid-offers", context)


@require_POST
@game_write(saved_again, expects=services.bids_number, kind="spades", timed=True)
def hand_bids(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """Save the bids of the next hand."""
    link = game_for(request, key, edit=True, kind="spades")
    game = link.game
    table = spades_game(game, ())  # the seats and sides only: no hand read, nothing scored
    form = BidsForm(request.POST, order=tuple(range(entry.bidders(table))), sides=len(table.sides))
    return entry_response(
        request,
        link,
        form,
        lambda: services.hand_bids_save(
            game=game,
            bids=form.bids(),
            declarations=form.declarations(),
            number=form_number(request),
            device=access.device_name(request),
            write_key=access.write_key(request),
        ),
        BID_ERRORS,
    )


@require_POST
@game_write(saved_again, expects=services.bids_number, kind="spades", timed=True)
def hand_misdeal(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """Throw the hand in: ``seat`` called a misdeal; the same dealer deals again."""
    link = game_for(request, key, edit=True, kind="spades")
    game = link.game
    seat = small_number(request.POST.get("seat", ""))
    try:
        written = services.hand_misdeal(
            game=game,
            seat=-1 if seat is None else seat,
            number=form_number(request),
            device=access.device_name(request),
            write_key=access.write_key(request),
        )
    except RuleError as error:
        form = bids_form_for(spades_page(game), request.POST)
        add_rule_error(form, error, prefix={})
        return sheet_response(request, link, bids_form=form, status=422)
    return saved_response(request, link, written=written)


@require_POST
@game_write(saved_again, expects=services.tricks_number, kind="spades", timed=True)
def hand_tricks(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """Save the tricks of the hand in play; the last seat may be left for the rest of 13."""
    link = game_for(request, key, edit=True, kind="spades")
    game = link.game
    form = tricks_form_for(read_spades_game(game)[0], request.POST)  # read as values, not scored
    return entry_response(
        request,
        link,
        form,
        lambda: services.hand_tricks_save(
            game=game,
            tricks=form.tricks(),
            results=form.results(),
            number=form_number(request),
            device=access.device_name(request),
            write_key=access.write_key(request),
        ),
        TRICK_ERRORS,
    )


@require_POST
def hand_tricks_rest(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The "rest of 13" for the last seat while tricks are being tapped (htmx preview)."""
    link = game_for(request, key, edit=True, kind="spades")
    game = link.game
    page = spades_page(game)
    return render(
        request,
        "spades/sheet.html#tricks-rest",
        {"tricks_form": tricks_form_for(page.engine, request.POST), "page": page, "game": game, "link": link},
    )


@require_http_methods(["GET", "HEAD", "POST"])
@game_write(saved_again, expects=ROW, kind="spades")
def hand_edit(request: HtmxHttpRequest, key: str, number: int) -> HttpResponse:
    """Correct played hand ``number`` (1-based), on a page of its own or (htmx) in its row
    on the sheet, which then gets the rows from this hand on (``games/_update.html``).

    The form carries the hand's fingerprint as opened (``shown``): if another phone changed
    it meanwhile, the correction is refused (409 or a redirect, with a warning).
    """
    link = game_for(request, key, edit=True, kind="spades")
    game = link.game
    hands = game_rows(game)
    if not 1 <= number <= len(hands) or tricks_of(hands[number - 1]) is None:
        raise Http404  # no such hand, still in play, or thrown in (undo it instead)
    hand = hands[number - 1]
    page = spades_page(game, hands[: number - 1])  # the state before this hand: what it could bid
    engine = page.engine
    kwargs = _edit_form_shape(engine, number, hand)
    seats, bid_order = kwargs["order"], kwargs["bid_order"]
    if request.method == "POST":
        form = HandForm(request.POST, **kwargs)
        if form.is_valid():
            try:
                written = services.hand_update(
                    game=game,
                    number=number - 1,
                    bids=form.bids(),
                    tricks=form.tricks(),
                    declarations=form.declarations(),
                    shown=request.POST.get("shown"),
                    device=access.device_name(request),
                    write_key=access.write_key(request),
                )
            except RuleError as error:
                add_rule_error(form, error, prefix=HAND_ERRORS)
            else:
                return saved_response(request, link, f"hand-{number}", primary="row", opened=number, written=written)
        status = 422
    else:
        form, status = HandForm(initial=entry.edit_initial(hand), **kwargs), 200
    context = {
        "page": page,
        "game": game,
        "link": link,
        "form": form,
        "number": number,
        "bid_rows": entry.edit_bid_rows(page, form, bid_order),
        "trick_rows": [(engine.players[seat], form[f"tricks_{seat}"]) for seat in seats],
        "declaration_rows": declaration_rows(page, form) if bid_order is not None else [],
        "result_rows": result_rows(page, form, bemo_sides={b["side"] for b in hand.record.get("bemo", [])}),
        "bag_cancel": engine.rules.bag_cancel_card is not None,
        **_revokes_context(engine, form, played="play" in hand.record),
        # Kept from the first showing through refused posts: the hand as it was opened.
        "shown": request.POST.get("shown", "") if request.method == "POST" else hand.fingerprint(),
    }
    return edit_render(request, "spades/hand_edit.html", context, status=status)


def _edit_form_shape(engine: SpadesGame, number: int, hand: Row) -> dict[str, Any]:
    """The :class:`HandForm` arguments to correct ``hand``, hand ``number`` (1-based) of
    ``engine``: the seats in bidding order, who bid in what order (sides with partnership
    bidding; ``None`` for a hand thrown in before its bids), the sides, cutthroat runs, and
    whether revokes are entered (else why not)."""
    seats = engine.bidding_order(number - 1)
    partnership = engine.rules.bidding == "partnership"
    bid_order = None if bids_of(hand) is None else (engine.side_order(number - 1) if partnership else seats)
    # A hand with a recorded play takes its revokes from the play: none are entered (docs/game-record.md).
    penalty, played = engine.rules.revoke_penalty != "none", "play" in hand.record
    return {
        "order": seats,
        "bid_order": bid_order,
        "sides": len(engine.sides),
        "runs": engine.rules.cutthroat_bonus,
        "revokes": penalty and not played,
        "no_revokes": REVOKES_FROM_PLAY if penalty else NO_REVOKE_PENALTY,
    }


def _revokes_context(engine: SpadesGame, form: TricksForm | HandForm, *, played: bool = False) -> dict[str, Any]:
    """The revoke buttons of an entry or correction form (``spades/_revokes.html``): per seat, shown
    open when a revoke is given; for a hand with a recorded play (and a revoke penalty), the line
    saying its revokes come from the play instead."""
    return {
        "revoke_rows": entry.revoke_rows(engine, form),
        "revokes_open": entry.revokes_given(form),
        "revokes_from_play": played and engine.rules.revoke_penalty != "none",
    }


def sheet_response(
    request: HtmxHttpRequest,
    link: Opened,
    *,
    bids_form: BidsForm | None = None,
    tricks_form: TricksForm | None = None,
    status: int = 200,
    reply: Reply | None = None,
    rows: Sequence[Row] | None = None,
) -> HttpResponse:
    """The sheet page with the entry forms; for htmx, the update ``reply`` asks for, or
    else the entry partial (see :func:`~scorekeeper.games.views.sheet.sheet_render`).
    ``rows``: the hands if already read (a write's), else one query. ``link``: the game as its link opened it."""
    page = spades_page(link.game, None if rows is None else list(rows))
    bids_form = bids_form or bids_form_for(page)
    tricks_form = tricks_form or tricks_form_for(page.engine)
    ruled = ruled_out_bids(page, bids_form)
    context = {
        "bids_form": bids_form,
        "tricks_form": tricks_form,
        "bid_rows": bid_rows(page, bids_form, why=ruled.why),
        "ruled_out_bids": ruled.ids,
        "declaration_rows": declaration_rows(page, bids_form),
        "trick_rows": [(turn, tricks_form[f"tricks_{turn.seat}"]) for turn in page.order[:-1]],
        "result_rows": result_rows(page, tricks_form, bemo_sides={side for side, _n, _k in page.in_play_bemo}),
        **_revokes_context(page.engine, tricks_form),
    }
    return sheet_render(request, link, page, "spades/sheet.html", context, status=status, reply=reply)


def entry_response(
    request: HtmxHttpRequest,
    link: Opened,
    form: BidsForm | TricksForm,
    save: Callable[[], Written],
    errors: dict[str, str],
) -> HttpResponse:
    """Validate an entry ``form``, run ``save``, and answer with the fresh sheet.

    Invalid input or a rule error: 422 with the errors at their fields, nothing
    saved. Another phone was faster: 409 (htmx) or a redirect, with a warning.
    """
    if form.is_valid():
        try:
            written = save()
        except RuleError as error:
            add_rule_error(form, error, prefix=errors)
        else:
            return saved_response(request, link, written=written)
    if isinstance(form, BidsForm):
        return sheet_response(request, link, status=422, bids_form=form)
    return sheet_response(request, link, status=422, tricks_form=form)
