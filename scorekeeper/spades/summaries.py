"""Spades hands looked back on: a hand in a few words for the change history, the table for
CSV and print, and a player's Spades statistics."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext, gettext_noop, ngettext, pgettext

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
    if record.get("revokes"):
        revokes = record["revokes"]
        said = ngettext("revoke %(players)s", "revokes %(players)s", len(revokes))
        parts.append(said % {"players": revokers(game, revokes)})
    return "; ".join(parts)


def revokers(game: Game, seats: Any) -> str:
    """A record's ``revokes`` (a seat per revoke) in a few words: "Bob ×2, Dan"; "–" for none."""
    counts: dict[int, int] = {}
    for seat in seats if isinstance(seats, list) else ():
        if isinstance(seat, int) and 0 <= seat < len(game.players):
            counts[seat] = counts.get(seat, 0) + 1
    return ", ".join(game.players[seat] + (f" ×{times}" if times > 1 else "") for seat, times in counts.items()) or "–"


#: A hand's facts about sides, and how the change history names them (their values: side indexes).
SIDE_FACTS = {
    "blind": gettext_noop("Blind"),
    "ten_for_two_hundred": gettext_noop("10 for 200"),
    "no_trump": gettext_noop("No trump"),
    "bag_cancel": gettext_noop("Bag-cancelling card"),
}
#: Facts the change history only says changed (their whole values are in the records one tap away).
OTHER_FACTS = {
    "bemo": gettext_noop("Bemo"),
    "high_spade_run": gettext_noop("Last tricks won with high spades (9 or above)"),
    "play": gettext_noop("Play of the cards"),
}


def hand_differences(game: Game, before: dict[str, Any], after: dict[str, Any], rules: SpadesRules) -> tuple[str, ...]:
    """What a correction changed in a hand, seat by seat: "Bob: bid 4 → 5", "Cat: tricks 3 → 2"
    (with partnership bidding a side's bid: "Ann & Cat: bid 8 → 9"), then any other fact that
    differs ("Blind: – → Ann & Cat", "Misdeal: – → Bob", "Bemo changed"); ``()`` if none does."""
    sides = SpadesGame(players=tuple(game.players), dealer=game.dealer, rules=rules).side_names()

    def at(record: dict[str, Any], key: str, index: int) -> Any:
        values = record.get(key)
        return values[index] if isinstance(values, list) and index < len(values) else None

    def bid(value: Any) -> str:
        return "–" if value is None else bid_label(normalise_bid(rules, value))

    by_who: dict[str, list[str]] = {}
    bidders = sides if rules.bidding == "partnership" else tuple(game.players)
    for index, who in enumerate(bidders):
        if at(before, "bids", index) != at(after, "bids", index):
            changed = {"before": bid(at(before, "bids", index)), "after": bid(at(after, "bids", index))}
            by_who.setdefault(who, []).append(gettext("bid %(before)s → %(after)s") % changed)
    for seat, who in enumerate(game.players):
        was, now = at(before, "tricks", seat), at(after, "tricks", seat)
        if was != now:
            changed = {"before": "–" if was is None else was, "after": "–" if now is None else now}
            by_who.setdefault(who, []).append(gettext("tricks %(before)s → %(after)s") % changed)
    lines = [
        gettext("%(who)s: %(changes)s") % {"who": who, "changes": ", ".join(texts)} for who, texts in by_who.items()
    ]
    return (*lines, *_fact_differences(game, before, after, sides))


def _fact_differences(game: Game, before: dict[str, Any], after: dict[str, Any], sides: tuple[str, ...]) -> list[str]:
    """The lines of :func:`hand_differences` for a hand's facts other than its bids and tricks."""

    def named(value: Any, names: tuple[str, ...]) -> str:
        indexes = [value] if isinstance(value, int) else value or []
        shown = [names[index] for index in indexes if isinstance(index, int) and 0 <= index < len(names)]
        return ", ".join(shown) or "–"

    lines = []
    if before.get("misdeal") != after.get("misdeal"):
        players = tuple(game.players)
        changed = {"what": gettext("Misdeal"), "before": named(before.get("misdeal"), players)}
        lines.append(
            gettext("%(what)s: %(before)s → %(after)s") % {**changed, "after": named(after.get("misdeal"), players)}
        )
    if before.get("revokes") != after.get("revokes"):
        changed = {"what": gettext("Revokes"), "before": revokers(game, before.get("revokes"))}
        lines.append(
            gettext("%(what)s: %(before)s → %(after)s") % {**changed, "after": revokers(game, after.get("revokes"))}
        )
    for key, what in SIDE_FACTS.items():
        if before.get(key) != after.get(key):
            changed = {
                "what": gettext(what),
                "before": named(before.get(key), sides),
                "after": named(after.get(key), sides),
            }
            lines.append(gettext("%(what)s: %(before)s → %(after)s") % changed)
    known = {"bids", "tricks", "misdeal", "revokes", *SIDE_FACTS}
    for key in sorted(set(before) | set(after)):
        if key not in known and before.get(key) != after.get(key):
            lines.append(
                gettext("%(what)s changed") % {"what": gettext(OTHER_FACTS[key]) if key in OTHER_FACTS else key}
            )
    return lines


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
        FigureRow(gettext("Revokes (suit not followed)"), str(figures.figures["revokes"]), link(stat="revokes")),
    ]
