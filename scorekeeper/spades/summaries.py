"""Spades hands looked back on: a hand in a few words for the change history, the table for
CSV and print, and a player's Spades statistics."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext, pgettext

from scorekeeper.engine.sheet import Sheet
from scorekeeper.engine.spades.game import SpadesGame, normalise_bid
from scorekeeper.engine.spades.rules import SpadesRules
from scorekeeper.games.models import Game
from scorekeeper.games.players import FigureRow, KindFigures, shown_number
from scorekeeper.games.presenters import by_player

from .presenters import bid_label, seat_bid


def hand_summary(game: Game, record: dict[str, Any] | None, rules: SpadesRules) -> str:
    """A Spades hand record in a few words: "bids Ann 4 · Bob 3 · Cat Nil · Dan 2; took Ann 5 · …"."""
    if record is None:
        return ""
    if record.get("misdeal") is not None:
        return gettext("misdeal called by %(player)s") % {"player": game.players[record["misdeal"]]}
    parts = []
    if record.get("bids") is not None:
        bids = by_player(game, [bid_label(normalise_bid(rules, bid)) for bid in record["bids"]])
        parts.append(gettext("bids %(bids)s") % {"bids": bids})
    if record.get("tricks") is not None:
        parts.append(gettext("took %(tricks)s") % {"tricks": by_player(game, record["tricks"])})
    return "; ".join(parts)


def hand_table(engine: SpadesGame, sheet: Sheet) -> tuple[list[str], list[list[Any]]]:
    """A scored Spades game as a table for CSV and the printed sheet, one row per hand: hand,
    dealer, each seat's bid and tricks, each side's points, total and bags."""
    names = engine.players
    header = [pgettext("the number of a hand in a game", "Hand"), gettext("Dealer")]
    header += [
        label % {"player": name} for name in names for label in (gettext("%(player)s bid"), gettext("%(player)s took"))
    ]
    header += [
        label % {"side": side}
        for side in sheet.sides
        for label in (gettext("%(side)s points"), gettext("%(side)s total"), gettext("%(side)s bags"))
    ]
    rows = []
    for number, (hand, score) in enumerate(zip(engine.hands, sheet.hands, strict=True)):
        row: list[Any] = [number + 1, names[engine.dealer_of(number)]]
        for seat in range(len(names)):
            if hand.misdeal is not None:
                row += [gettext("misdeal") if seat == hand.misdeal else "", ""]
                continue
            row.append(seat_bid(engine, hand, seat) if hand.bids is not None else "")
            row.append(hand.tricks[seat] if hand.tricks is not None else "")
        for side in range(len(sheet.sides)):
            row += [score.points[side], score.totals[side], score.bags[side]]
        rows.append(row)
    return header, rows


def spades_figure_rows(figures: KindFigures, link: Callable[..., str]) -> list[FigureRow]:
    """The Spades lines of a player's statistics (``link(**params)``: the games behind one)."""
    return [
        FigureRow(gettext("Bids made"), str(figures.rate("bids_made", "number_bids")), link(stat="bids_made")),
        FigureRow(gettext("Bids set"), str(figures.rate("bids_set", "number_bids")), link(stat="bids_set")),
        FigureRow(
            gettext("Bid accuracy (tricks minus bid, on average)"),
            shown_number(figures.per("bid_difference", "number_bids")),
            link(stat="bids_made"),
        ),
        FigureRow(gettext("Nil made"), str(figures.rate("nil_made", "nil_attempts")), link(stat="nil_attempts")),
        FigureRow(
            gettext("Blind nil made"),
            str(figures.rate("blind_nil_made", "blind_nil_attempts")),
            link(stat="blind_nil_attempts"),
        ),
        FigureRow(gettext("Bags per hand"), shown_number(figures.per("bags")), link()),
        FigureRow(gettext("Bag penalties caused"), str(figures.figures["bag_penalties"]), link(stat="bag_penalties")),
    ]
