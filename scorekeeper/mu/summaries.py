"""Mü deals looked back on: a deal in a few words for the change history, the table for CSV
and print, and a player's Mü statistics."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext, gettext_noop

from scorekeeper.engine.mu.game import Eklat, MuGame
from scorekeeper.engine.sheet import Sheet
from scorekeeper.games.models import Game
from scorekeeper.games.players import FigureRow, KindFigures, shown_number
from scorekeeper.games.presenters import by_player

from .presenters import trump_name, trumps_text


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


#: A played deal's facts about one seat, and how the change history names them.
SEAT_FACTS = {"chef": gettext_noop("Chef"), "vize": gettext_noop("Vize"), "partner": gettext_noop("Partner")}


def deal_differences(game: Game, before: dict[str, Any], after: dict[str, Any]) -> tuple[str, ...]:
    """What a correction changed in a deal: "Chef: Anna → Beate", "Level: 4 → 5", "Chef trump:
    green → red", then each player's card points that differ ("Conny: card points 14 → 20");
    an Eklat's level, tied players and who laid last; ``()`` if nothing differs. A deal that
    became an Eklat, or stopped being one, is said whole ("Eklat → Anna Chef at level 4")."""
    names = tuple(game.players)

    def name(seat: Any) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "–"

    def line(what: str, was: Any, now: Any) -> str:
        return gettext("%(what)s: %(before)s → %(after)s") % {"what": what, "before": was, "after": now}

    if ("eklat" in before) != ("eklat" in after):
        return (f"{deal_summary(game, before)} → {deal_summary(game, after)}",)
    if "eklat" in before:
        was, now = before["eklat"] or {}, after["eklat"] or {}
        lines = (
            [line(gettext("Level"), was.get("level", "–"), now.get("level", "–"))]
            if was.get("level") != now.get("level")
            else []
        )
        if was.get("tied") != now.get("tied"):
            tied = [", ".join(name(seat) for seat in value.get("tied", ())) or "–" for value in (was, now)]
            lines.append(line(gettext("Tied players"), *tied))
        if was.get("last") != now.get("last"):
            lines.append(line(gettext("Laid last"), name(was.get("last")), name(now.get("last"))))
        return tuple(lines)
    lines = [
        line(gettext(what), name(before.get(key)), name(after.get(key)))
        for key, what in SEAT_FACTS.items()
        if before.get(key) != after.get(key)
    ]
    if before.get("level") != after.get("level"):
        lines.append(line(gettext("Level"), before.get("level", "–"), after.get("level", "–")))
    for key, what in (("chef_trump", gettext("Chef trump")), ("vize_trump", gettext("Vize trump"))):
        if before.get(key) != after.get(key):
            # No Vize, no Vize trump ("–"); a Chef without trump plays "no trump".
            was, now = (
                "–" if key == "vize_trump" and r.get("vize") is None else trump_name(r.get(key))
                for r in (before, after)
            )
            lines.append(line(what, was, now))
    for seat, player in enumerate(names):
        was, now = (record.get("points") or [None] * len(names) for record in (before, after))
        if was[seat] != now[seat]:
            points = {
                "player": player,
                "before": "–" if was[seat] is None else was[seat],
                "after": "–" if now[seat] is None else now[seat],
            }
            lines.append(gettext("%(player)s: card points %(before)s → %(after)s") % points)
    if before.get("play") != after.get("play"):
        lines.append(gettext("%(what)s changed") % {"what": gettext("Play of the cards")})
    return tuple(lines)


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
