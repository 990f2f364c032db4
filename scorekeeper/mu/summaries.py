"""Mü deals looked back on: a deal in a few words for the change history, the table for CSV
and print, and a player's Mü statistics."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext

from scorekeeper.engine.mu.game import Eklat, MuGame
from scorekeeper.engine.sheet import Sheet
from scorekeeper.games.models import Game
from scorekeeper.games.players import FigureRow, KindFigures, shown_number
from scorekeeper.games.presenters import by_player

from .presenters import trumps_text


def deal_summary(game: Game, record: dict[str, Any] | None) -> str:
    """A Mü deal record in a few words: "Ann Chef at level 5; points 20 · 15 · 25"."""
    if record is None:
        return ""
    if "eklat" in record:
        return gettext("Eklat")
    parts = [
        gettext("%(chef)s Chef at level %(level)d") % {"chef": game.players[record["chef"]], "level": record["level"]}
    ]
    if record.get("points") is not None:
        parts.append(gettext("points %(points)s") % {"points": by_player(game, record["points"])})
    return "; ".join(parts)


def deal_table(engine: MuGame, sheet: Sheet) -> tuple[list[str], list[list[Any]]]:
    """A scored Mü game as a table for CSV and the printed sheet, one row per deal: deal,
    dealer, Chef, level, Vize, trumps, each player's card points, points and total."""
    names = engine.players
    header = [gettext("Deal"), gettext("Dealer"), gettext("Chef"), gettext("Level"), gettext("Vize"), gettext("Trumps")]
    header += [gettext("%(player)s card points") % {"player": name} for name in names]
    header += [
        label % {"player": name}
        for name in names
        for label in (gettext("%(player)s points"), gettext("%(player)s total"))
    ]
    rows: list[list[Any]] = []
    for number, (deal, score) in enumerate(zip(engine.deals, sheet.hands, strict=True)):
        row = [number + 1, names[engine.dealer_of(number)]]
        if isinstance(deal, Eklat):
            row += [gettext("Eklat"), deal.level or "", "", ""] + [""] * len(names)
        else:
            vize = names[deal.vize] if deal.vize is not None else ""
            trumps = trumps_text(deal.chef_trump, deal.vize_trump, deal.vize is not None)
            row += [names[deal.chef], deal.level, vize, trumps, *(deal.points or [""] * len(names))]
        for seat in range(len(names)):
            row += [score.points[seat], score.totals[seat]]
        rows.append(row)
    return header, rows


def mu_figure_rows(figures: KindFigures, link: Callable[..., str]) -> list[FigureRow]:
    """The Mü lines of a player's statistics (``link(**params)``: the games behind one)."""
    return [
        FigureRow(
            gettext("Deals as Chef"), f"{figures.figures['chef_deals']} / {figures.hands}", link(stat="chef_deals")
        ),
        FigureRow(gettext("Made as Chef"), str(figures.rate("chef_made", "chef_deals")), link(stat="chef_made")),
        FigureRow(
            gettext("Average level as Chef"),
            shown_number(figures.per("chef_levels", "chef_deals")),
            link(stat="chef_deals"),
        ),
        FigureRow(gettext("Eklats caused"), str(figures.figures["eklats"]), link(stat="eklats")),
        FigureRow(gettext("Average card points per deal"), shown_number(figures.per("card_points")), link()),
    ]
