"""Mü entry: the auction, the card points and corrections, the sheet page they answer with,
and a new Mü game (Mü & mehr rulebook; ``docs/rules/mu.md``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST

from scorekeeper.engine.citations import spoken
from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.mu.tables import cards_points
from scorekeeper.games import access
from scorekeeper.games import services as game_services
from scorekeeper.games.access import Opened, game_for
from scorekeeper.games.changes import ROW
from scorekeeper.games.forms import add_rule_error
from scorekeeper.games.kinds import game_rows
from scorekeeper.games.models import Row
from scorekeeper.games.throttle import throttle_spend
from scorekeeper.games.views.http import HtmxHttpRequest
from scorekeeper.games.views.kinds import Reply
from scorekeeper.games.views.pages import known_players
from scorekeeper.games.views.sheet import (
    edit_render,
    form_number,
    saved_again,
    saved_response,
    sheet_render,
)
from scorekeeper.games.views.writes import game_write

from . import presenters, services
from .entry import mu_entry_forms
from .forms import MuAuctionForm, MuDealForm, MuNewGameForm, MuPointsForm
from .rows import deal_complete


@require_POST
def mu_auction_preview(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """As the auction is tapped (htmx): the trumps the laid cards rule out, and what follows
    the cards laid (out of band) only if it is not what the phone shows (``auction_shape``),
    so the buttons on the phone are left as they are."""
    link = game_for(request, key, edit=True, kind="mu")
    game = link.game
    page = presenters.mu_page(game)
    form = MuAuctionForm(request.POST, players=len(page.sheet.sides))
    context = {"page": page, "game": game, "link": link, "oob": True, **mu_entry_forms(page, auction_form=form)}
    context["auction_changed"] = request.POST.get("auction_shape") != context["auction"]["shape"]
    return render(request, "mu/sheet.html#auction-preview", context)


#: The auction's questions below the laid cards (who laid last, the trumps, the partner): a
#: refusal about one is shown at its buttons.
AUCTION_QUESTIONS = frozenset({"last", "vize_trump", "chef_trump", "partner"})


@require_POST
@game_write(saved_again, expects=services.auction_number, kind="mu", timed=True)
def mu_auction(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """Save what the auction decided: an Eklat ends the deal, otherwise it is now being played."""
    link = game_for(request, key, edit=True, kind="mu")
    game = link.game
    form = MuAuctionForm(request.POST, players=len(game.players))
    if form.is_valid():
        try:
            written = services.deal_auction_save(
                game=game,
                laid=form.laid(),
                last=form.cleaned_data["last"],
                vize_digits=form.digits(),
                vize_trump=form.trump("vize_trump"),
                chef_trump=form.trump("chef_trump"),
                partner=form.cleaned_data["partner"],
                laid_cards=form.laid_cards(),
                number=form_number(request),
                device=access.device_name(request),
                write_key=access.write_key(request),
            )
        except RuleError as error:
            if error.field in AUCTION_QUESTIONS:  # once, at its buttons (mu/sheet.html#auction)
                form.add_error(error.field, spoken(error, gettext))
            else:
                add_rule_error(form, error, prefix={"laid": "laid_"})
        else:
            return saved_response(request, link, written=written)
    return mu_sheet_response(request, link, status=422, auction_form=form)


@require_http_methods(["GET", "HEAD", "POST"])
@game_write(saved_again, expects=ROW, kind="mu")
def mu_deal_edit(request: HtmxHttpRequest, key: str, number: int) -> HttpResponse:
    """Correct finished Mü deal ``number`` (1-based); every later deal is scored again.

    A page of its own, or (htmx) a form opened in the deal's row on the sheet: saved from
    there, the sheet gets the rows from this deal on (``games/_update.html``)."""
    link = game_for(request, key, edit=True, kind="mu")
    game = link.game
    deals = game_rows(game)
    if not 1 <= number <= len(deals) or not deal_complete(deals[number - 1].record):
        raise Http404
    record = deals[number - 1].snapshot()
    if record.get("eklat", "") is None:
        raise Http404  # everyone passed: nothing to correct (undo it instead)
    # Ids apart from the entry form's: the form may open in the deal's row on the sheet.
    auto_id = "edit-%s" if request.htmx else "id_%s"
    kwargs: dict[str, Any] = {"players": len(game.players), "eklat": "eklat" in record, "auto_id": auto_id}
    if request.method == "POST":
        form = MuDealForm(request.POST, **kwargs)
        if form.is_valid():
            try:
                written = services.deal_update(
                    game=game,
                    number=number - 1,
                    record=form.record(),
                    shown=request.POST.get("shown"),
                    device=access.device_name(request),
                    write_key=access.write_key(request),
                )
            except RuleError as error:
                add_rule_error(form, error, prefix={})
            else:
                return saved_response(request, link, f"hand-{number}", primary="row", opened=number, written=written)
        status = 422
    else:
        form, status = MuDealForm(initial=MuDealForm.initial_for(record), **kwargs), 200
    names = list(game.players)
    context = {
        "shown": request.POST.get("shown", "") if request.method == "POST" else deals[number - 1].fingerprint(),
        "game": game,
        "link": link,
        "form": form,
        "number": number,
        "names": names,
        "point_fields": [(names[seat], form[f"points_{seat}"]) for seat in range(len(names))]
        if not kwargs["eklat"]
        else [],
    }
    return edit_render(request, "mu/deal_edit.html", context, status=status)


@require_POST
def mu_points_preview(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """As cards are tapped in a counter (htmx): each counted player's points, the triangles of
    the cards tapped (mu.md §1), out of band, and the cards counted for two players; the
    counters and the points typed for anyone else are left as they are on the phone."""
    link = game_for(request, key, edit=True, kind="mu")
    game = link.game
    page = presenters.mu_page(game)
    counted = MuPointsForm(request.POST, order=page.point_order, total=page.points_in_deal).counted()
    asked = [seat for seat in page.point_order[:-1] if seat in counted]  # the dealer's are the rest
    points = {seat: cards_points(counted[seat]) for seat in asked}
    # Unbound, the counted points as initial: a preview shows numbers, not "required" errors.
    form = MuPointsForm(
        order=page.point_order, total=page.points_in_deal, initial={f"points_{seat}": points[seat] for seat in asked}
    )
    context = {
        "page": page,
        "game": game,
        "link": link,
        "oob": True,
        "double_counted": presenters.double_counted(counted, page.sheet.sides),
        "counted_fields": [form[f"points_{seat}"] for seat in asked],
        # The rest with the counted points as they are about to stand in their fields.
        "points_rest": MuPointsForm(request.POST, order=page.point_order, total=page.points_in_deal).rest_line(points),
    }
    return render(request, "mu/sheet.html#points-preview", context)


@require_POST
def mu_points_rest(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """As card points are typed (htmx): the dealer's rest of the deal's points, or, at once, that
    the points typed add up to more than a deal has (issue 25); the fields are left as typed."""
    link = game_for(request, key, edit=True, kind="mu")
    game = link.game
    page = presenters.mu_page(game)
    form = MuPointsForm(request.POST, order=page.point_order, total=page.points_in_deal)
    context = {"page": page, "game": game, "link": link, "points_rest": form.rest_line()}
    return render(request, "mu/sheet.html#points-rest", context)


@require_POST
@game_write(saved_again, expects=services.points_number, kind="mu", timed=True)
def mu_points(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """Save the card points of the deal being played; the last player gets the rest."""
    link = game_for(request, key, edit=True, kind="mu")
    game = link.game
    page = presenters.mu_page(game)
    form = MuPointsForm(request.POST, order=page.point_order, total=page.points_in_deal)
    if form.is_valid():
        try:
            written = services.deal_points_save(
                game=game,
                points=form.points(),
                number=form_number(request),
                device=access.device_name(request),
                write_key=access.write_key(request),
            )
        except RuleError as error:
            add_rule_error(form, error, prefix={})
        else:
            return saved_response(request, link, written=written)
    return mu_sheet_response(request, link, status=422, points_form=form)


def mu_sheet_response(
    request: HtmxHttpRequest,
    link: Opened,
    *,
    status: int = 200,
    auction_form: MuAuctionForm | None = None,
    points_form: MuPointsForm | None = None,
    reply: Reply | None = None,
    rows: Sequence[Row] | None = None,
) -> HttpResponse:
    """The Mü sheet page with the deal-entry forms; for htmx, the update ``reply`` asks for,
    or else the entry partial (see :func:`~scorekeeper.games.views.sheet.sheet_render`).
    ``rows``: the deals if already read (a write's), else one query. ``link``: the game as its link opened it."""
    page = presenters.mu_page(link.game, None if rows is None else list(rows))
    context = mu_entry_forms(page, auction_form, points_form)
    return sheet_render(request, link, page, "mu/sheet.html", context, status=status, reply=reply)


@require_http_methods(["GET", "HEAD", "POST"])
def mu_new(request: HtmxHttpRequest) -> HttpResponse:
    """Start a Mü game: 3 to 6 names, who deals first, the agreed total."""
    form = MuNewGameForm(request.POST or None)
    refusal = throttle_spend(request, what="game") if request.method == "POST" and form.is_valid() else None
    if refusal is not None:
        form.add_error(None, str(refusal))
        return render(request, "mu/new.html", {"form": form, "known_players": known_players(request)}, status=429)
    if request.method == "POST" and form.is_valid():
        try:
            game = game_services.game_create(
                players=form.players(),
                dealer=form.cleaned_data["dealer"],
                rules=form.rules(),
                kind="mu",
                owner=access.new_owner(request),
                group=access.group_of(request),
            )
        except RuleError as error:
            add_rule_error(form, error, prefix={})
        else:
            return redirect(access.game_url(access.game_started(request, game)))
    status = 422 if request.method == "POST" else 200
    return render(request, "mu/new.html", {"form": form, "known_players": known_players(request)}, status=status)


def mu_rulebook(request: HtmxHttpRequest, link: Opened) -> HttpResponse:
    """The house rules of the game ``link`` opened (``/games/<key>/rules/``, the core's address:
    ``games.views.game_rulebook``): each rule in force as a plain sentence with its source in the
    Mü & mehr rulebook."""
    context = {"game": link.game, "link": link, "groups": presenters.mu_rulebook(link.game)}
    return render(request, "mu/rulebook.html", context)
