"""Looking back (issue 7): the games list, exports (CSV, printable sheet), import, players and statistics."""

from __future__ import annotations

import csv

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scorekeeper.engine.errors import RuleError

from .. import access, history, selectors, services
from ..access import game_for
from ..forms import GamesFilterForm, ImportForm, PlayerMergeForm, PlayerRenameForm, add_rule_error
from ..models import NAME_LENGTH, Player
from ..throttle import throttle_spend


@require_safe
def games_list(request: HttpRequest) -> HttpResponse:
    """Every game this browser or account can open, newest first, filtered (GET, so a
    filtered list is a link; the statistics' figures link here); unfinished games resume
    with one tap. Four queries a page, whatever the number of games."""
    form = GamesFilterForm(request.GET)
    filters = form.filters(request.GET)
    games = history.games_filtered(access.games_of(request), filters)
    page = Paginator(games, history.PAGE_SIZE).get_page(request.GET.get("page"))
    access.mark_links(request, page.object_list)
    rows = [(game, history.listed_sides(game)) for game in page.object_list]
    asked = {name: getattr(filters, name) for name in ("who", "partner", "opponent")}
    wanted = [pk for pk in asked.values() if pk is not None]
    names = dict(access.players_of(request).filter(pk__in=wanted).values_list("pk", "name")) if wanted else {}
    focus = {name: names[pk] for name, pk in asked.items() if pk in names}
    context = {
        "form": form,
        "page": page,
        "rows": rows,
        "filters": filters,
        "focus": focus,
        "stat_label": history.STAT_FILTERS.get(filters.stat, ""),
    }
    template = "games/list.html#results" if request.htmx else "games/list.html"
    return render(request, template, context)


@require_safe
def game_csv(request: HttpRequest, key: str) -> HttpResponse:
    """The game as CSV, one row per hand (or deal): bids and tricks (or the auction and card
    points) per seat, then points, total and bags per side, for a spreadsheet."""
    game = game_for(request, key)
    header, rows = selectors.sheet_table(*selectors.game_scored(game))
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{game.download_name()}.csv"'
    response.write("\ufeff")  # a byte-order mark, so spreadsheet programs read the names as UTF-8
    writer = csv.writer(response)
    writer.writerow([_cell(value) for value in header])
    writer.writerows([_cell(value) for value in row] for row in rows)
    return response


def _cell(value: object) -> object:
    """A CSV cell a spreadsheet shows as text: a name starting like a formula gets a ``'``
    in front (OWASP "CSV injection"); numbers stay numbers."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


@require_safe
def game_print(request: HttpRequest, key: str) -> HttpResponse:
    """The game as a paper score sheet, to print (the print stylesheet drops everything else)."""
    game = game_for(request, key)
    engine, sheet = selectors.game_scored(game)
    header, rows = selectors.sheet_table(engine, sheet)
    context = {"game": game, "header": header, "rows": rows, "sheet": sheet, "chart": selectors.running_chart(sheet)}
    return render(request, "games/print.html", context)


@require_http_methods(["GET", "HEAD", "POST"])
def games_import(request: HttpRequest) -> HttpResponse:
    """Import game records from a file (another device, or a backup): first a preview of
    every record, good or rejected with the reason; then "Import" stores the good ones,
    all in one transaction. Nothing is stored until then, and a file with no good
    record gets 422 with the reasons."""
    if request.method != "POST":
        return render(request, "games/import.html", {"form": ImportForm()})
    form = ImportForm(request.POST, request.FILES)
    refusal = throttle_spend(request, what="import")
    if refusal is not None:
        form.is_valid()
        form.add_error(None, str(refusal))
        return render(request, "games/import.html", {"form": form}, status=429)
    text = form.text() if form.is_valid() else None
    if text is None:
        return render(request, "games/import.html", {"form": form}, status=422)
    items = history.import_preview(text, gettext)
    good = [item for item in items if not item.error]
    if "confirm" in request.POST and good and not request.user.is_authenticated and len(good) > access.REMEMBERED:
        form = ImportForm(data={"records": text})
        form.is_valid()
        form.add_error(None, gettext("A browser keeps 200 games: sign in to import more at once."))
        context = {"form": form, "items": items, "good": len(good)}
        return render(request, "games/import.html", context, status=422)
    if "confirm" in request.POST and good:
        games = services.games_import(
            records=[item.record for item in good],
            owner=access.new_owner(request),
            group=access.group_of(request),
        )
        for game in games:
            access.game_started(request, game)
        rejected = len(items) - len(good)
        messages.success(
            request,
            gettext("Imported %(count)d games; %(rejected)d rejected.") % {"count": len(games), "rejected": rejected},
        )
        return redirect("games:list")
    context = {"form": ImportForm(initial={"records": text}), "items": items, "good": len(good)}
    return render(request, "games/import.html", context, status=200 if good else 422)


# --- players ---------------------------------------------------------------------------------------------------------


@require_safe
def players_list(request: HttpRequest) -> HttpResponse:
    """The group's players (find one by name), with their games and wins."""
    name = request.GET.get("q", "")[:NAME_LENGTH]
    players = history.players_listed(access.players_of(request), access.games_of(request), name)
    template = "games/players.html#players" if request.htmx else "games/players.html"
    return render(request, template, {"players": players[:200], "q": name})


@require_safe
def player_detail(request: HttpRequest, player_id: int) -> HttpResponse:
    """One player's statistics (Spades and Mü), partners and opponents; every figure links
    to the games behind it. A fixed number of queries, whatever the number of games."""
    return _player_page(request, access.player_for(request, player_id))


@require_safe
def player_versus(request: HttpRequest, player_id: int, other_id: int) -> HttpResponse:
    """Head-to-head: two players' games against each other, and who won them."""
    player, other = access.player_for(request, player_id), access.player_for(request, other_id)
    if player.pk == other.pk:
        raise Http404
    games = access.games_of(request)
    against = history.opponents(player, games, only=other)
    together = history.partnerships(player, games, only=other)
    context = {
        "player": player,
        "other": other,
        "against": against[0] if against else None,
        "together": together[0] if together else None,
    }
    return render(request, "games/versus.html", context)


@require_POST
def player_rename(request: HttpRequest, player_id: int) -> HttpResponse:
    """Rename a player in the statistics (games keep the names as typed at the table).
    Only within the group (``access.group_of``): a view link never renames anyone."""
    player = access.player_for(request, player_id, edit=True)
    form = PlayerRenameForm(request.POST)
    if form.is_valid():
        try:
            services.player_rename(player=player, name=form.cleaned_data["name"])
        except RuleError as error:
            add_rule_error(form, error, prefix={})
        else:
            messages.success(request, gettext("Renamed."))
            return redirect("games:player", player.pk)
    return _player_page(request, player, 422, rename_form=form)


@require_POST
def player_merge(request: HttpRequest, player_id: int) -> HttpResponse:
    """Merge a player into another of the group (``access.group_of``): one person under two
    names becomes one. Both must be of the group, so nobody else's games are touched."""
    player = access.player_for(request, player_id, edit=True)
    group = access.group_of(request).exclude(pk=player.pk)
    form = PlayerMergeForm(request.POST, players=group)
    if form.is_valid():
        into = get_object_or_404(group, pk=form.cleaned_data["into"])
        try:
            services.player_merge(player=player, into=into)
        except RuleError as error:
            add_rule_error(form, error, prefix={})
        else:
            messages.success(request, gettext("Merged: %(name)s's games are one person's now.") % {"name": into.name})
            return redirect("games:player", into.pk)
    return _player_page(request, player, 422, merge_form=form)


def _player_page(request: HttpRequest, player: Player, status: int = 200, **forms: object) -> HttpResponse:
    """The player's page (``forms``: a refused rename or merge form, shown with its errors)."""
    games = access.games_of(request)
    partners = history.partnerships(player, games)
    best, worst = history.best_and_worst(partners)
    figures = history.player_figures(player, games)
    titles = {"spades": gettext("Spades"), "mu": gettext("Mü")}
    games_url = reverse("games:list")
    context = {
        "player": player,
        "figures": figures,
        "figure_tables": [
            (kind, titles[kind], history.figure_rows(figures[kind], player.pk, games_url))
            for kind in ("spades", "mu")
            if kind in figures
        ],
        "partners": partners,
        "best": best,
        "worst": worst,
        "opponents": history.opponents(player, games),
        "rename_form": PlayerRenameForm(initial={"name": player.name}),
        "can_change": access.group_of(request).filter(pk=player.pk).exists(),
        "merge_form": PlayerMergeForm(players=access.group_of(request).exclude(pk=player.pk)),
        **forms,
    }
    return render(request, "games/player.html", context, status=status)
