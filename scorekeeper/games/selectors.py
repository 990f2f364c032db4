"""Reads: what the pages show, computed from the stored hands by the engine.

:func:`game_sheet` is the only place a game is scored for display. It takes the
game with its hands already loaded (two queries in all, whatever the length).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import segno
from django.db import connection
from django.utils.translation import gettext, pgettext

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.mu.auction import auction, partner_candidates, trump_options, vize_of
from scorekeeper.engine.mu.game import Eklat, MuGame
from scorekeeper.engine.mu.tables import COLOUR_NAMES, COLOURS, DIGITS, points_in_deal, team_target
from scorekeeper.engine.record import game_record, score_game
from scorekeeper.engine.sheet import Line, Sheet
from scorekeeper.engine.spades.bidding import behind, offered_bids, offered_side_bids
from scorekeeper.engine.spades.game import Bid, SpadesGame, SpadesHand, is_nil, normalise_bid
from scorekeeper.engine.spades.rulebook import rulebook
from scorekeeper.engine.spades.rules import BLIND_NIL, DOUBLE_NIL, GROUPS, NIL, SpadesRules, spades_rules

from . import services
from .models import Deal, Game, Hand


@dataclass(frozen=True)
class SeatCell:
    """One seat in one hand: the bid as shown (``"4"``, ``"Nil"``) and the tricks taken."""

    seat: int
    player: str
    bid: str
    tricks: int | None


@dataclass(frozen=True)
class ShownLine:
    """An explanation line as shown: its text and the rulebook anchor of the rule it applied."""

    text: str
    rule: str


@dataclass(frozen=True)
class SideCell:
    """One side in one hand: its seats, points, running total, bags and lines."""

    side: int
    name: str
    seats: tuple[SeatCell, ...]
    points: int
    total: int
    bags: int
    lines: tuple[ShownLine, ...]
    bid: str | None = None  # the side's agreed bid (partnership bidding), shown once


@dataclass(frozen=True)
class Row:
    """One played hand on the sheet (``number`` is 1-based)."""

    number: int
    dealer: str
    sides: tuple[SideCell, ...]
    notes: tuple[ShownLine, ...]


@dataclass(frozen=True)
class BidChoice:
    """A bid button: the posted ``value`` and its label."""

    value: str
    label: str


@dataclass(frozen=True)
class SeatTurn:
    """A seat in bidding order for the next hand, with the bids it may choose."""

    seat: int
    player: str
    side: int
    choices: tuple[BidChoice, ...]


@dataclass(frozen=True)
class SideOffer:
    """What a side may declare with its bids this hand (only what the house rules allow now)."""

    side: int
    name: str
    choices: tuple[BidChoice, ...]
    blind: bool
    ten_for_two_hundred: bool
    no_trump: bool
    bemo: bool


@dataclass(frozen=True)
class SideTotal:
    """A side's name, total and bag count; ``won`` marks the winner."""

    name: str
    total: int
    bags: int
    won: bool


def side_totals(sheet: Sheet) -> tuple[SideTotal, ...]:
    """Each side's standing after the last hand of ``sheet``."""
    return tuple(
        SideTotal(name, sheet.totals[side], sheet.bags[side], side == sheet.winner)
        for side, name in enumerate(sheet.sides)
    )


@dataclass(frozen=True)
class GameSheet:
    """Everything the sheet page shows.

    Attributes:
        game: the model; engine: the engine game of the played hands; sheet: its score.
        rows: one :class:`Row` per played hand.
        in_play: the hand whose bids are written but not its tricks, or ``None``.
        next_number: 1-based number of the hand being entered.
        dealer, first_bidder: names for the hand being entered.
        order: seats of that hand in bidding order, with their bid choices.
        winner: name of the winning side, or ``None``.
    """

    game: Game
    engine: SpadesGame
    sheet: Sheet
    rows: tuple[Row, ...]
    in_play: Hand | None
    next_number: int
    dealer: str
    first_bidder: str
    order: tuple[SeatTurn, ...]
    winner: str | None
    sides: tuple[SideOffer, ...] = ()
    #: The last hand's 0-based number and fingerprint, for the undo button (``None``: no hands).
    last_row: tuple[int, str] | None = None

    @property
    def rules(self) -> SpadesRules:
        """The house rules in force."""
        return self.engine.rules

    @property
    def partnership(self) -> bool:
        """Whether each side agrees one bid (``bidding: partnership``)."""
        return self.engine.rules.bidding == "partnership"

    @property
    def bids_itself(self) -> bool:
        """Whether the next hand is the first hand that bids itself (tricks only)."""
        return self.in_play is None and self.engine.bids_itself(len(self.engine.hands))

    @property
    def in_play_bemo(self) -> tuple[tuple[int, str, str], ...]:
        """(side, side name, kind) of each bemo declared for the hand in play."""
        if self.in_play is None:
            return ()
        return tuple(
            (bemo["side"], self.sheet.sides[bemo["side"]], bemo["kind"])
            for bemo in self.in_play.declarations.get("bemo", [])
        )

    @property
    def standings(self) -> tuple[SideTotal, ...]:
        """Each side's total and bags now, for the scoreboard."""
        return side_totals(self.sheet)

    @property
    def in_play_contracts(self) -> tuple[tuple[str, int, tuple[str, ...]], ...]:
        """Per side for the hand in play: (side name, tricks bid, names of its nil bidders)."""
        if self.in_play is None:
            return ()
        result = []
        for side, seats in enumerate(self.engine.sides):
            if self.partnership:
                result.append((self.sheet.sides[side], self.in_play.bids[side], ()))
                continue
            bids = [normalise_bid(self.engine.rules, self.in_play.bids[seat]) for seat in seats]
            contract = sum(bid for bid in bids if not is_nil(bid))
            nils = tuple(self.engine.players[seat] for seat, bid in zip(seats, bids, strict=True) if is_nil(bid))
            result.append((self.sheet.sides[side], contract, nils))
        return tuple(result)

    @property
    def in_play_bids(self) -> tuple[SeatCell, ...]:
        """The hand in play's bids in bidding order (empty when none is in play)."""
        if self.in_play is None or self.partnership:
            return ()
        return tuple(
            SeatCell(turn.seat, turn.player, bid_label(self.in_play.bids[turn.seat]), None) for turn in self.order
        )


def bid_label(bid: Bid, translate: Callable[[str], str] = gettext) -> str:
    """How a bid is written on the sheet: ``"4"``, ``"Nil"``, ``"Blind nil"``."""
    if bid == NIL:
        return translate("Nil")
    if bid == BLIND_NIL:
        return translate("Blind nil")
    if bid == DOUBLE_NIL:
        return translate("Double nil")
    return str(bid)


def bid_choices(bids: tuple[Bid, ...]) -> tuple[BidChoice, ...]:
    """Buttons for ``bids`` (see :func:`~scorekeeper.engine.spades.bidding.offered_bids`)."""
    return tuple(BidChoice(str(bid), bid_label(bid)) for bid in bids)


def game_sheet(game: Game, hands: list[Hand] | None = None) -> GameSheet:
    """Score ``game`` and lay it out for the sheet page.

    Args:
        game: the game; hands: its hands in order if already loaded (else one query).
    """
    hands = list(game.hands.all()) if hands is None else hands
    engine = game.to_engine(hands)
    sheet = score_game(engine)
    sides = engine.sides
    rows = []
    for index, (hand, score) in enumerate(zip(engine.hands, sheet.hands, strict=True)):
        cells = tuple(
            SideCell(
                side=side,
                name=sheet.sides[side],
                seats=tuple(
                    SeatCell(seat, engine.players[seat], _seat_bid(engine, hand, seat), _taken(hand, seat))
                    for seat in seats
                ),
                points=score.points[side],
                total=score.totals[side],
                bags=score.bags[side],
                lines=tuple(_shown(line) for line in score.lines if line.side == side),
                bid=_side_bid(engine, hand, side),
            )
            for side, seats in enumerate(sides)
        )
        notes = tuple(_shown(line) for line in score.lines if line.side is None)
        rows.append(Row(index + 1, engine.players[engine.dealer_of(index)], cells, notes))
    in_play = hands[-1] if hands and not hands[-1].is_complete else None
    number = len(engine.hands)
    order = tuple(
        SeatTurn(
            seat=seat,
            player=engine.players[seat],
            side=engine.side_of(seat),
            choices=bid_choices(offered_bids(engine.rules, side=engine.side_of(seat), totals=sheet.totals)),
        )
        for seat in engine.bidding_order(number)
    )
    return GameSheet(
        game=game,
        engine=engine,
        sheet=sheet,
        rows=tuple(rows),
        in_play=in_play,
        next_number=number + 1,
        dealer=engine.players[engine.dealer_of(number)],
        first_bidder=engine.players[order[0].seat],
        order=order,
        winner=None if sheet.winner is None else sheet.sides[sheet.winner],
        sides=side_offers(engine, sheet.totals, number),
        last_row=(hands[-1].number, hands[-1].fingerprint()) if hands else None,
    )


def side_offers(engine: SpadesGame, totals: tuple[int, ...], number: int) -> tuple[SideOffer, ...]:
    """Per side in bidding order: its bid buttons (partnership bidding) and what it may declare."""
    rules = engine.rules
    names = engine.side_names()
    side_choices = bid_choices(offered_side_bids(rules)) if rules.bidding == "partnership" else ()
    return tuple(
        SideOffer(
            side=side,
            name=names[side],
            choices=side_choices,
            blind=(rules.blind_bids or rules.blind_moon) and behind(totals, side) >= rules.blind_min_deficit,
            ten_for_two_hundred=bool(rules.ten_for_two_hundred) and not rules.ten_bid_is_ten_for_two_hundred,
            no_trump=rules.no_trump_bids,
            bemo=rules.bemo,
        )
        for side in engine.side_order(number)
    )


def _seat_bid(engine: SpadesGame, hand: SpadesHand, seat: int) -> str:
    """A seat's bid as written on the sheet ("–" without bids; "" when its side bids as one)."""
    if hand.bids is None:
        return "–"
    if engine.rules.bidding == "partnership":
        return ""
    return bid_label(hand.bids[seat])


def _side_bid(engine: SpadesGame, hand: SpadesHand, side: int) -> str | None:
    """A partnership's agreed bid for the sheet, or ``None`` when players bid one by one."""
    if engine.rules.bidding != "partnership" or hand.bids is None:
        return None
    return bid_label(hand.bids[side])


def _taken(hand: SpadesHand, seat: int) -> int | None:
    return None if hand.tricks is None else hand.tricks[seat]


#: Scoring steps that are not a house rule key, and the key whose rulebook sentence states them.
STEP_RULES = {"contract": "set_penalty", "game": "target"}


def _shown(line: Line) -> ShownLine:
    """A line with its text in the player's language and its rule's key (the rulebook anchor)."""
    return ShownLine(_render(line), STEP_RULES.get(line.rule, line.rule))


def _render(line: Line) -> str:
    return line.render(gettext)


def game_export(game: Game) -> dict:
    """The game record of ``game``'s played hands (``shared/formats/game-record.md``)."""
    return game_record(game.to_engine())


@dataclass(frozen=True)
class WhatIfSide:
    """One side of a hand under the rules in force and under the other rules."""

    name: str
    points: int
    total: int
    lines: tuple[str, ...]
    other_points: int | None
    other_total: int | None
    other_lines: tuple[str, ...]


@dataclass(frozen=True)
class WhatIf:
    """Hand ``number`` (1-based) scored under the game's rules and under ``other`` rules.

    ``error`` says why the game could not have been played that way under the
    other rules (a bid they forbid, say); the other figures are then ``None``.
    """

    number: int
    other: dict
    sides: tuple[WhatIfSide, ...]
    error: str | None


def hand_what_if(game: Game, number: int, changes: dict, hands: list[Hand] | None = None) -> WhatIf:
    """Score the game up to hand ``number`` (1-based) again with the rules record ``changes`` applied.

    Args:
        changes: ``{"preset": name}`` (another preset, its own keys) or ``{key: value}``
            (one key changed from the game's rules).

    Raises:
        RuleError: ``changes`` names an unknown preset, key or value.
    """
    hands = list(game.hands.all()) if hands is None else hands
    engine = game.to_engine(hands[:number])
    other_record = dict(changes) if "preset" in changes else {**game.rules, **changes}
    other_rules = spades_rules(other_record)
    sheet = score_game(engine)
    error = None
    try:
        other = score_game(SpadesGame(engine.players, engine.dealer, other_rules, engine.hands))
    except RuleError as problem:
        other, error = None, problem.render(gettext)
    hand = sheet.hands[number - 1]
    other_hand = other.hands[number - 1] if other is not None else None
    sides = tuple(
        WhatIfSide(
            name=name,
            points=hand.points[side],
            total=hand.totals[side],
            lines=tuple(_render(line) for line in hand.lines if line.side in (side, None)),
            other_points=None if other_hand is None else other_hand.points[side],
            other_total=None if other_hand is None else other_hand.totals[side],
            other_lines=()
            if other_hand is None
            else tuple(_render(line) for line in other_hand.lines if line.side in (side, None)),
        )
        for side, name in enumerate(sheet.sides)
    )
    return WhatIf(number=number, other=other_record, sides=sides, error=error)


@dataclass(frozen=True)
class RulebookEntry:
    """A rule in force, as a plain sentence in the player's language, with its source."""

    key: str
    text: str
    source: str


def game_rulebook(rules: SpadesRules) -> list[tuple[str, list[RulebookEntry]]]:
    """The rules in force as sentences, by group: ``[(group title, entries)]`` (from the values)."""
    return [
        (gettext(GROUPS[group]), [RulebookEntry(s.key, s.text.render(gettext), s.source) for s in sentences])
        for group, sentences in rulebook(rules)
    ]


@dataclass(frozen=True)
class DealRow:
    """One Mü deal on the sheet (``number`` 1-based): what was played and each player's points."""

    number: int
    dealer: str
    summary: str
    outcome: str
    points: tuple[int, ...]
    totals: tuple[int, ...]
    lines: tuple[tuple[str, tuple[ShownLine, ...]], ...]
    notes: tuple[ShownLine, ...]
    split: tuple[tuple[str, int, int, int, int], ...] = ()  # (name, individual, team, deal, total) per player
    editable: bool = True

    @property
    def cells(self) -> tuple[tuple[int, int], ...]:
        """(points, running total) per player, in seat order."""
        return tuple(zip(self.points, self.totals, strict=True))


@dataclass(frozen=True)
class MuSheet:
    """Everything the Mü sheet page shows: the deals, and the deal being entered or played.

    Attributes:
        in_play: the deal whose auction is written and whose cards are being played, or ``None``.
        playing: what the table needs to see while playing it (see :func:`mu_playing`).
        next_number: 1-based number of the deal being entered or played.
    """

    game: Game
    sheet: Sheet
    rows: tuple[DealRow, ...]
    dealer: str
    winner: str | None
    in_play: Deal | None = None
    playing: dict[str, Any] | None = None
    next_number: int = 1
    dealer_seat: int = 0
    #: The last deal's 0-based number and fingerprint, for the undo button (``None``: no deals).
    last_row: tuple[int, str] | None = None

    @property
    def points_in_deal(self) -> int:
        """Card points in a deal at this table (60, or 36 with 3 players)."""
        return points_in_deal(len(self.sheet.sides))

    @property
    def point_order(self) -> tuple[int, ...]:
        """Seats from the dealer's left round to the dealer; the dealer gets the rest of the points."""
        count = len(self.sheet.sides)
        return tuple((self.dealer_seat + 1 + step) % count for step in range(count))

    @property
    def standings(self) -> tuple[SideTotal, ...]:
        """Each player's total now."""
        return side_totals(self.sheet)


def _trump_name(trump: Any) -> str:
    if trump is None:
        return gettext("no trump")
    if isinstance(trump, str):
        return gettext(COLOUR_NAMES[trump])
    return str(trump)


def mu_sheet(game: Game, deals: list[Deal] | None = None) -> MuSheet:
    """Score a Mü game and lay it out: per deal the Chef, level and trumps, the outcome,
    each player's points and totals, and the explanation lines by player."""
    deals = game.rounds() if deals is None else deals
    engine = game.to_engine(deals)
    sheet = score_game(engine)
    names = engine.players
    rows = []
    for index, (deal, score) in enumerate(zip(engine.deals, sheet.hands, strict=True)):
        if isinstance(deal, Eklat):
            summary = (
                gettext("Eklat") if deal.level is None else gettext("Eklat at level %(level)d") % {"level": deal.level}
            )
            laid_last = {"player": names[deal.last]} if deal.last is not None else {}
            outcome = gettext("everyone passed") if deal.level is None else gettext("%(player)s laid last") % laid_last
        else:
            trumps = trumps_text(deal.chef_trump, deal.vize_trump, deal.vize is not None)
            summary = gettext("%(chef)s at level %(level)d, %(trumps)s") % {
                "chef": names[deal.chef],
                "level": deal.level,
                "trumps": trumps,
            }
            made = any(line.rule == "bonus" for line in score.lines)
            outcome = gettext("made") if made else gettext("lost")
        by_player = tuple(
            (names[seat], tuple(_shown(line) for line in score.lines if line.side == seat))
            for seat in range(len(names))
        )
        notes = tuple(_shown(line) for line in score.lines if line.side is None)
        # mu.md §9: individual and team points are written per player.
        split = tuple(
            (
                name,
                sum(line.points for line in score.lines if line.side == seat and line.rule == "individual"),
                sum(line.points for line in score.lines if line.side == seat and line.rule != "individual"),
                score.points[seat],
                score.totals[seat],
            )
            for seat, name in enumerate(names)
        )
        editable = not (isinstance(deal, Eklat) and deal.level is None)  # an all-pass Eklat has nothing to edit
        rows.append(
            DealRow(
                index + 1,
                names[engine.dealer_of(index)],
                summary,
                outcome,
                score.points,
                score.totals,
                by_player,
                notes,
                split,
                editable,
            )
        )
    in_play = deals[-1] if deals and not deals[-1].is_complete else None
    dealer_seat = engine.dealer_of(len(engine.deals))
    return MuSheet(
        game=game,
        sheet=sheet,
        rows=tuple(rows),
        dealer=names[dealer_seat],
        winner=None if sheet.winner is None else sheet.sides[sheet.winner],
        in_play=in_play,
        playing=None if in_play is None else mu_playing(names, in_play.record),
        next_number=len(engine.deals) + 1,
        dealer_seat=dealer_seat,
        last_row=(deals[-1].number, deals[-1].fingerprint()) if deals else None,
    )


def trumps_text(chef_trump: Any, vize_trump: Any, has_vize: bool) -> str:
    """ "green over red" (Chef trump over Vize trump), or the Chef trump alone (mu.md §5)."""
    text = _trump_name(chef_trump)
    if has_vize:
        text = gettext("%(chef)s over %(vize)s") % {"chef": text, "vize": _trump_name(vize_trump)}
    return text


def mu_playing(names: tuple[str, ...], record: dict[str, Any]) -> dict[str, Any]:
    """What the table sees while a deal is played: level, trumps, the Chef team and its target (mu.md §6)."""
    team = [record["chef"]] if record["partner"] is None else [record["chef"], record["partner"]]
    count = len(names)
    return {
        "chef": names[record["chef"]],
        "vize": None if record["vize"] is None else names[record["vize"]],
        "level": record["level"],
        "trumps": trumps_text(record["chef_trump"], record["vize_trump"], record["vize"] is not None),
        "team": " & ".join(names[seat] for seat in team),
        "team_size": len(team),
        "target": team_target(count, record["level"]),
        "total": points_in_deal(count),
    }


def mu_auction_state(
    view: MuSheet,
    laid: list[int] | None,
    digits: dict[int, tuple[int, ...]],
    laid_cards: dict[int, tuple[tuple[str, int], ...]] | None = None,
) -> dict[str, Any]:
    """What the cards laid so far decide, for the deal-entry form (``mu.md`` §4-§6).

    Returns a dict for the template: ``ready`` (every player has an entry), and then
    ``all_passed``, ``eklat`` with the ``tied`` players, or the ``chef``, the Vize
    ``candidates`` (tied ones need digits), the ``vize`` if known, the ``partners``
    the Chef may pick, and the ``target``.
    """
    names = view.sheet.sides
    if laid is None:
        return {"ready": False}
    result = auction(laid)
    state: dict[str, Any] = {"ready": True, "level": result.level, "all_passed": result.all_passed}
    if result.all_passed:
        return state
    if result.eklat:
        state.update(eklat=True, tied=[(seat, names[seat]) for seat in result.tied])
        return state
    candidates = result.vize_candidates
    tie = len(candidates) > 1
    try:
        vize, vize_known = vize_of(result, digits), True
    except RuleError:  # tied, digits still to enter
        vize, vize_known = None, False
    state.update(
        eklat=False,
        chef=(result.chef, names[result.chef]),
        candidates=[(seat, names[seat], " ".join(map(str, digits.get(seat, ())))) for seat in candidates]
        if tie
        else [],
        vize=None if vize is None else (vize, names[vize]),
        vize_known=vize_known,
        partners=[(seat, names[seat]) for seat in partner_candidates(len(names), result.chef, vize)],
        target=team_target(len(names), result.level),
        total=points_in_deal(len(names)),
    )
    cards = laid_cards or {}
    for role, seat in (("chef", result.chef), ("vize", vize)):
        colours, allowed = trump_options(cards[seat]) if seat is not None and seat in cards else (COLOURS, range(10))
        state[f"{role}_colours"] = [(json.dumps(colour), gettext(COLOUR_NAMES[colour])) for colour in colours]
        state[f"{role}_digits"] = [(str(digit), str(digit)) for digit in allowed]
        state[f"{role}_checked"] = (
            {f"{colour}:{index}" for colour, index in cards.get(seat, ())} if seat is not None else set()
        )
    return state


def counter_rows() -> list[tuple[str, str, list[tuple[str, int]]]]:
    """The card counter's rows: (colour, its name, [(card value "colour:index", digit), ...]) (mu.md §1)."""
    return [
        (colour, gettext(COLOUR_NAMES[colour]), [(f"{colour}:{index}", digit) for index, digit in enumerate(DIGITS)])
        for colour in COLOURS
    ]


def double_counted(counted: dict[int, tuple[tuple[str, int], ...]], names: tuple[str, ...]) -> list[str]:
    """Cards tapped in two players' counters, as "red 7 (Anna, Beate)" (each card is taken once)."""
    owners: dict[tuple[str, int], list[str]] = {}
    for seat, cards in counted.items():
        for card in cards:
            owners.setdefault(card, []).append(names[seat])
    return [
        f"{gettext(COLOUR_NAMES[colour])} {DIGITS[index]} ({', '.join(who)})"
        for (colour, index), who in owners.items()
        if len(who) > 1
    ]


def game_version(*, key: str) -> int | None:
    """The version (which every write increments) of the game that link ``key`` opens
    (``None``: no game has this link now).

    Phones poll this every two seconds, so it is one lookup on the two unique key
    indexes in plain SQL: the ORM would spend ten times longer building the query
    than the database takes to answer it (``make bench``).
    """
    quote = connection.ops.quote_name
    table, edit_key, view_key = quote(Game._meta.db_table), quote("edit_key"), quote("view_key")
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT version FROM {table} WHERE {edit_key} = %s OR {view_key} = %s", [key, key])
        row = cursor.fetchone()
    return None if row is None else row[0]


def qr_svg(address: str, title: str) -> str:
    """``address`` as a QR code: an inline ``<svg>`` named ``title`` for screen readers
    (no size set: the page's CSS sizes it).

    Made by segno from the address alone, so the markup holds nothing from a user.
    Dark modules on white whatever the colour scheme, so every phone's camera reads it.
    """
    code = segno.make(address, error="m", micro=False)
    return code.svg_inline(scale=1, border=4, dark="#000", light="#fff", omitsize=True, svgclass="qr", title=title)


@dataclass(frozen=True)
class ChangeRow:
    """One change in a game's history as the history page shows it.

    Attributes:
        change: the stored change (time, device, action, reverts).
        what: "Hand 3" or "Deal 3".
        before, after: the hand or deal before and after, in a few words ("" where there was none).
        can_revert: whether it can be undone now (its button is offered).
    """

    change: Any
    what: str
    before: str
    after: str
    can_revert: bool


#: How many changes the history page lists (newest first).
HISTORY_LENGTH = 200


def game_changes(game: Game) -> list[ChangeRow]:
    """The game's latest changes, newest first, each with whether it can be undone now (two queries)."""
    rows = game.rounds()
    changes = list(game.changes.all()[:HISTORY_LENGTH])
    word = gettext("Deal %(number)d") if game.is_mu else gettext("Hand %(number)d")
    rules = None if game.is_mu else spades_rules(game.rules)  # once, not per change
    summary = _deal_summary if game.is_mu else _hand_summary
    return [
        ChangeRow(
            change=change,
            what=word % {"number": change.number + 1},
            before=summary(game, change.before, rules),
            after=summary(game, change.after, rules),
            can_revert=services.can_revert(kind=game.kind, rows=rows, change=change),
        )
        for change in changes
    ]


def _hand_summary(game: Game, record: dict[str, Any] | None, rules: SpadesRules) -> str:
    """A Spades hand record in a few words: "bids Ann 4 · Bob 3 · Cat Nil · Dan 2; took Ann 5 · …"."""
    if record is None:
        return ""
    if record.get("misdeal") is not None:
        return gettext("misdeal called by %(player)s") % {"player": game.players[record["misdeal"]]}
    parts = []
    if record.get("bids") is not None:
        bids = _by_player(game, [bid_label(normalise_bid(rules, bid)) for bid in record["bids"]])
        parts.append(gettext("bids %(bids)s") % {"bids": bids})
    if record.get("tricks") is not None:
        parts.append(gettext("took %(tricks)s") % {"tricks": _by_player(game, record["tricks"])})
    return "; ".join(parts)


def _by_player(game: Game, values: list[Any]) -> str:
    """ "Ann 4 · Bob 3 · …" for one value per seat; the values alone otherwise (one bid per side)."""
    if len(values) != len(game.players):
        return " · ".join(str(value) for value in values)
    return " · ".join(f"{name} {value}" for name, value in zip(game.players, values, strict=True))


def _deal_summary(game: Game, record: dict[str, Any] | None, rules: None = None) -> str:
    """A Mü deal record in a few words: "Ann Chef at level 5; points 20 · 15 · 25"."""
    if record is None:
        return ""
    if "eklat" in record:
        return gettext("Eklat")
    parts = [
        gettext("%(chef)s Chef at level %(level)d") % {"chef": game.players[record["chef"]], "level": record["level"]}
    ]
    if record.get("points") is not None:
        parts.append(gettext("points %(points)s") % {"points": _by_player(game, record["points"])})
    return "; ".join(parts)


@dataclass(frozen=True)
class ChartSeries:
    """One side's line in the running-totals chart: its name, SVG points and final total."""

    index: int
    name: str
    points: str
    total: int
    end: tuple[float, float]


@dataclass(frozen=True)
class Chart:
    """The running totals per side as a server-drawn SVG line chart (``viewBox`` units).

    ``y_ticks`` and ``x_ticks`` are (position, label) pairs; ``zero`` is the y of 0 points;
    ``summary`` says the final totals in words, for screen readers.
    """

    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    series: tuple[ChartSeries, ...]
    y_ticks: tuple[tuple[float, int], ...]
    x_ticks: tuple[tuple[float, int], ...]
    zero: float
    summary: str


def _nice_step(span: int) -> int:
    """A round step (1, 2 or 5 × a power of ten) that cuts ``span`` into about four parts."""
    raw = max(span / 4, 1)
    power = 10 ** (len(str(int(raw))) - 1)
    return next(step * power for step in (1, 2, 5, 10) if step * power >= raw)


def running_chart(sheet: Sheet) -> Chart | None:
    """The chart of ``sheet``'s running totals, one line per side from 0 before the first
    hand; ``None`` before any hand is played."""
    if not sheet.hands:
        return None
    width, height, left, right, top, bottom = 340, 190, 44, 330, 10, 166
    totals = [(0,) * len(sheet.sides), *(hand.totals for hand in sheet.hands)]
    low = min(0, *(min(row) for row in totals))
    high = max(0, *(max(row) for row in totals))
    step = _nice_step(high - low or 1)
    low, high = (low // step) * step, -((-high) // step) * step
    if high == low:
        high = low + step

    def x(number: int) -> float:
        return round(left + (right - left) * number / (len(totals) - 1), 1)

    def y(value: int) -> float:
        return round(bottom - (bottom - top) * (value - low) / (high - low), 1)

    series = tuple(
        ChartSeries(
            index=side,
            name=name,
            points=" ".join(f"{x(number)},{y(row[side])}" for number, row in enumerate(totals)),
            total=sheet.totals[side],
            end=(x(len(totals) - 1), y(sheet.totals[side])),
        )
        for side, name in enumerate(sheet.sides)
    )
    every = max(1, round(len(sheet.hands) / 8))
    x_ticks = tuple((x(number), number) for number in range(1, len(totals)) if number % every == 0 or number == 1)
    return Chart(
        width=width,
        height=height,
        left=left,
        right=right,
        top=top,
        bottom=bottom,
        series=series,
        y_ticks=tuple((y(value), value) for value in range(low, high + 1, step)),
        x_ticks=x_ticks,
        zero=y(0),
        summary=", ".join(f"{name} {total}" for name, total in zip(sheet.sides, sheet.totals, strict=True)),
    )


def game_scored(game: Game) -> tuple[SpadesGame | MuGame, Sheet]:
    """``game`` as the engine's game and its scored sheet (one query for its hands or deals)."""
    engine = game.to_engine()
    return engine, score_game(engine)


def sheet_table(engine: SpadesGame | MuGame, sheet: Sheet) -> tuple[list[str], list[list[Any]]]:
    """A scored game (:func:`game_scored`) as a table, one row per hand (Spades) or deal (Mü),
    for CSV and the printed sheet.

    Spades: hand, dealer, each seat's bid and tricks, each side's points, total and bags.
    Mü: deal, dealer, Chef, level, Vize, trumps, each player's card points, points and total.
    """
    names = engine.players
    if isinstance(engine, SpadesGame):
        header = [pgettext("the number of a hand in a game", "Hand"), gettext("Dealer")]
        header += [
            label % {"player": name}
            for name in names
            for label in (gettext("%(player)s bid"), gettext("%(player)s took"))
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
                row.append(_seat_bid(engine, hand, seat) if hand.bids is not None else "")
                row.append(hand.tricks[seat] if hand.tricks is not None else "")
            for side in range(len(sheet.sides)):
                row += [score.points[side], score.totals[side], score.bags[side]]
            rows.append(row)
        return header, rows
    header = [gettext("Deal"), gettext("Dealer"), gettext("Chef"), gettext("Level"), gettext("Vize"), gettext("Trumps")]
    header += [gettext("%(player)s card points") % {"player": name} for name in names]
    header += [
        label % {"player": name}
        for name in names
        for label in (gettext("%(player)s points"), gettext("%(player)s total"))
    ]
    rows = []
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
