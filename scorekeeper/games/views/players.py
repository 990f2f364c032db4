"""Players and their statistics (issue 7): the list, a player, two players compared, rename and merge."""

from __future__ import annotations

from collections import Counter

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST, require_safe

from scorekeeper.engine.errors import RuleError

from .. import access, players, rating_chart, services
from ..forms import PlayerMergeForm, PlayerRenameForm, add_rule_error
from ..models import NAME_LENGTH, Game, Player
from .http import HtmxHttpRequest


@require_safe
def players_list(request: HtmxHttpRequest) -> HttpResponse:
    """The group's players (find one by name), with their games and wins, and their last
    game's date and table, so players of the same name can be told apart. Three queries."""
    name = request.GET.get("q", "")[:NAME_LENGTH]
    listed = list(players.players_listed(access.players_of(request), access.games_of(request), name, most=200))
    tables = players.last_tables(listed, access.game_reach(request, "game__"))
    template = "games/players.html#players" if request.htmx else "games/players.html"
    return render(request, template, {"rows": [(player, tables.get(player.pk)) for player in listed], "q": name})


@require_safe
def player_detail(request: HtmxHttpRequest, player_id: int) -> HttpResponse:
    """One player's statistics (Spades and Mü), partners and opponents; every figure links
    to the games behind it. A fixed number of queries, whatever the number of games."""
    return _player_page(request, access.player_for(request, player_id))


@require_safe
def player_versus(request: HtmxHttpRequest, player_id: int, other_id: int) -> HttpResponse:
    """Head-to-head: two players' games against each other, and who won them."""
    player, other = access.player_for(request, player_id), access.player_for(request, other_id)
    if player.pk == other.pk:
        raise Http404
    games = access.game_reach(request, "game__")
    against = players.opponents(player, games, only=other)
    together = players.partnerships(player, games, only=other)
    context = {
        "player": player,
        "other": other,
        "against": against[0] if against else None,
        "together": together[0] if together else None,
    }
    return render(request, "games/versus.html", context)


@require_POST
def player_rename(request: HtmxHttpRequest, player_id: int) -> HttpResponse:
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
def player_merge(request: HtmxHttpRequest, player_id: int) -> HttpResponse:
    """Merge a player into another of the group (``access.group_of``): one person under two
    names becomes one. Both must be of the group, so nobody else's games are touched."""
    player = access.player_for(request, player_id, edit=True)
    form = PlayerMergeForm(request.POST, players=_merge_choices(request, player))
    if form.is_valid():
        into = access.player_for(request, form.cleaned_data["into"], edit=True)
        try:
            services.player_merge(player=player, into=into)
        except RuleError as error:
            add_rule_error(form, error, prefix={})
        else:
            messages.success(request, gettext("Merged: %(name)s's games are one person's now.") % {"name": into.name})
            return redirect("games:player", into.pk)
    return _player_page(request, player, 422, merge_form=form)


def _player_page(request: HtmxHttpRequest, player: Player, status: int = 200, **forms: object) -> HttpResponse:
    """The player's page (``forms``: a refused rename or merge form, shown with its errors)."""
    games = access.game_reach(request, "game__")
    partners = players.partnerships(player, games)
    best, worst = players.best_and_worst(partners)
    figures = players.player_figures(player, games)
    games_url = reverse("games:list")
    context = {
        "player": player,
        "figures": figures,
        "figure_tables": [
            (name, title, players.figure_rows(figures[name], player.pk, games_url))
            for name, title in Game.Kind.choices  # every kind alike, in the order of the choices
            if name in figures
        ],
        "partners": partners,
        "best": best,
        "worst": worst,
        "opponents": players.opponents(player, games),
        "rating_charts": rating_chart.rating_charts(player, games),
        "rename_form": PlayerRenameForm(initial={"name": player.name}),
        "can_change": access.can_change_player(request, player),
        "merge_form": PlayerMergeForm(players=_merge_choices(request, player)),
        **forms,
    }
    return render(request, "games/player.html", context, status=status)


def _merge_choices(request: HtmxHttpRequest, player: Player) -> list[tuple[int, str]]:
    """The merge menu: each candidate by name, and one whose name another candidate or the player
    has as "Anna (last game 12.11.2026, with Ben, Cat, Dan)", so seven Annas can be told apart
    (only those: a club's thousand players with different names need no lookup)."""
    candidates = list(access.merge_candidates(request, player).order_by("name", "pk"))
    names = Counter(other.name.casefold() for other in [player, *candidates])
    alike = [other for other in candidates if names[other.name.casefold()] > 1]
    tables = players.last_tables(alike, access.game_reach(request, "game__"))
    return [
        (other.pk, f"{other.name} ({tables[other.pk]})" if other.pk in tables else other.name) for other in candidates
    ]
