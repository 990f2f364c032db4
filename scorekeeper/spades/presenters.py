"""Reads for Spades: the sheet page's view model (:class:`SpadesPage`), the bid buttons and
the rulebook's sentences. "What if" is :mod:`.what_if`; the change history's summaries, the
table for CSV and print and the statistics are :mod:`.summaries`.

:func:`spades_page` is the only place a Spades game is scored for display. It takes
the game with its hands already loaded (two queries in all, whatever the length).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from django.utils.translation import gettext

from scorekeeper.engine.record import score_game
from scorekeeper.engine.sheet import Sheet
from scorekeeper.engine.spades.bidding import offered_bids, offered_side_bids, side_bids
from scorekeeper.engine.spades.game import Bid, SpadesGame, SpadesHand, is_nil, normalise_bid
from scorekeeper.engine.spades.offers import Declarable, declarable
from scorekeeper.engine.spades.replay import spades_replay
from scorekeeper.engine.spades.revokes import hand_revokes
from scorekeeper.engine.spades.rulebook import rulebook
from scorekeeper.engine.spades.rules import BLIND_NIL, DOUBLE_NIL, GROUPS, NIL, SpadesRules
from scorekeeper.games.cards import card_text
from scorekeeper.games.models import Game, Row
from scorekeeper.games.presenters import RulebookEntry, ShownLine, SideTotal, rulebook_entries, shown_line, side_totals

from .rows import hand_complete, read_spades_game, spades_game


@dataclass(frozen=True)
class SeatCell:
    """One seat in one hand: the bid as shown (``"4"``, ``"Nil"``) and the tricks taken."""

    seat: int
    player: str
    bid: str
    tricks: int | None


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
    #: Its players' revokes this hand under a revoke penalty: (name, how many times), in seat order.
    revoked: tuple[tuple[str, int], ...] = ()

    @property
    def revokes(self) -> int:
        """How many times the side revoked this hand (under a revoke penalty)."""
        return sum(times for _name, times in self.revoked)


@dataclass(frozen=True)
class HandRow:
    """One played hand on the sheet (``number`` is 1-based); see :meth:`SpadesPage.row`."""

    number: int
    dealer: str
    sides: tuple[SideCell, ...]
    notes: tuple[ShownLine, ...]
    explained: bool = False  # lines and notes filled (else left empty, fetched when the row opens)
    #: The fouls its recorded play proves ("Trick 3: Bob played 2♣ when K♥ was led, …"), when explained.
    fouls: tuple[ShownLine, ...] = ()


@dataclass(frozen=True)
class BidChoice:
    """A bid button: the posted ``value`` and its label."""

    value: str
    label: str


@dataclass(frozen=True)
class SeatTurn:
    """A seat in bidding order for the next hand, with the bids it may choose; ``dealer``: it deals."""

    seat: int
    player: str
    side: int
    choices: tuple[BidChoice, ...]
    dealer: bool = False


@dataclass(frozen=True)
class SideOffer:
    """What a side may declare with its bids this hand (only what the house rules allow now)."""

    side: int
    name: str
    choices: tuple[BidChoice, ...]
    declarable: Declarable

    @property
    def blind(self) -> bool:
        """Whether the side may bid blind now."""
        return self.declarable.blind

    @property
    def ten_for_two_hundred(self) -> bool:
        """Whether the side may declare 10-for-200."""
        return self.declarable.ten_for_two_hundred

    @property
    def no_trump(self) -> bool:
        """Whether the side may bid no trump."""
        return self.declarable.no_trump

    @property
    def bemo(self) -> bool:
        """Whether the side may declare bemo."""
        return self.declarable.bemo


@dataclass(frozen=True)
class SpadesPage:
    """Everything the sheet page shows.

    Attributes:
        game: the model; engine: the engine game of the played hands; sheet: its score.
        in_play: the hand whose bids are written but not its tricks, or ``None``.
        next_number: 1-based number of the hand being entered.
        dealer, first_bidder: names for the hand being entered.
        order: seats of that hand in bidding order, with their bid choices.
        winner: name of the winning side, or ``None``.
    """

    game: Game
    engine: SpadesGame
    sheet: Sheet
    in_play: Row | None
    next_number: int
    dealer: str
    first_bidder: str
    order: tuple[SeatTurn, ...]
    winner: str | None
    sides: tuple[SideOffer, ...] = ()
    #: The last hand's 0-based number and fingerprint, for the undo button (``None``: no hands).
    last_row: tuple[int, str] | None = None

    @property
    def played_to(self) -> str:
        """What the game is played to, beside the totals: "to 500" (``target``; "past 500" when
        a side must go over it, ``win_on``), with the floor where a side loses (``lose_at``):
        "to 500, out at -200" (spades.md: Rule keys; 002 Scoring, Variations in the scoring)."""
        rules = self.rules
        goal = gettext("to %(target)d") if rules.win_on == "reach" else gettext("past %(target)d")
        text = goal % {"target": rules.target}
        if rules.lose_at is None:
            return text
        return gettext("%(goal)s, out at %(floor)d") % {"goal": text, "floor": rules.lose_at}

    @property
    def offers(self) -> str:
        """What the bids form offers that the scores decide, while bids are asked (the bids each
        seat may tap, what each side may declare: blind nil, 10-for-200, ... when behind by
        enough), as a short digest: part of the entry stage, so a phone's form showing other
        offers is sent afresh; ``""`` otherwise."""
        if self.in_play is not None or self.winner is not None:
            return ""
        seats = [[choice.value for choice in turn.choices] for turn in self.order]
        sides = [([choice.value for choice in side.choices], side.declarable) for side in self.sides]
        return hashlib.blake2s(repr((seats, sides)).encode(), digest_size=3).hexdigest()  # values: no language

    @cached_property
    def rows(self) -> tuple[HandRow, ...]:
        """One :class:`HandRow` per played hand, without its explanation lines."""
        return tuple(self.row(number) for number in range(1, len(self.engine.hands) + 1))

    def row(self, number: int, *, explained: bool = False) -> HandRow:
        """Played hand ``number`` (1-based) as its sheet row; ``explained``: with its lines.

        Raises:
            IndexError: no such hand was played.
        """
        if not 1 <= number <= len(self.engine.hands):
            raise IndexError(number)
        engine, index = self.engine, number - 1
        hand, score = engine.hands[index], self.sheet.hands[index]
        revokes = hand_revokes(engine, index, hand) if engine.rules.revoke_penalty != "none" else ()
        cells = tuple(
            SideCell(
                side=side,
                name=self.sheet.sides[side],
                seats=tuple(
                    SeatCell(seat, engine.players[seat], seat_bid(engine, hand, seat), _taken(hand, seat))
                    for seat in seats
                ),
                points=score.points[side],
                total=score.totals[side],
                bags=score.bags[side],
                lines=tuple(shown_line(line) for line in score.lines if line.side == side) if explained else (),
                bid=_side_bid(engine, hand, side),
                revoked=tuple((engine.players[seat], revokes.count(seat)) for seat in seats if seat in revokes),
            )
            for side, seats in enumerate(engine.sides)
        )
        notes = tuple(shown_line(line) for line in score.lines if line.side is None) if explained else ()
        fouls = play_fouls(engine, index, hand) if explained else ()
        return HandRow(number, engine.players[engine.dealer_of(index)], cells, notes, explained, fouls)

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
            (bemo["side"], self.sheet.sides[bemo["side"]], bemo["kind"]) for bemo in self.in_play.record.get("bemo", [])
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
        engine = self.engine
        bids = [normalise_bid(engine.rules, bid) for bid in self.in_play.record["bids"]]
        return tuple(
            (
                self.sheet.sides[side],
                contract,
                () if self.partnership else tuple(engine.players[seat] for seat in seats if is_nil(bids[seat])),
            )
            for side, (seats, contract) in enumerate(zip(engine.sides, side_bids(engine, bids), strict=True))
        )

    @property
    def in_play_bids(self) -> tuple[SeatCell, ...]:
        """The hand in play's bids in bidding order (empty when none is in play)."""
        if self.in_play is None or self.partnership:
            return ()
        return tuple(
            SeatCell(turn.seat, turn.player, bid_label(self.in_play.record["bids"][turn.seat]), None)
            for turn in self.order
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


def spades_page(game: Game, hands: list[Row] | None = None) -> SpadesPage:
    """Score ``game`` and lay it out for the sheet page.

    Args:
        game: the game; hands: its hands in order if already loaded (else one query).
    """
    if hands is None:
        engine, last = read_spades_game(game)
    else:
        engine, last = spades_game(game, hands), (hands[-1] if hands else None)
    sheet = score_game(engine)
    in_play = last if last is not None and not hand_complete(last.record) else None
    number = len(engine.hands)
    order = tuple(
        SeatTurn(
            seat=seat,
            player=engine.players[seat],
            side=engine.side_of(seat),
            choices=bid_choices(offered_bids(engine.rules, side=engine.side_of(seat), totals=sheet.totals)),
            dealer=seat == engine.dealer_of(number),
        )
        for seat in engine.bidding_order(number)
    )
    return SpadesPage(
        game=game,
        engine=engine,
        sheet=sheet,
        in_play=in_play,
        next_number=number + 1,
        dealer=engine.players[engine.dealer_of(number)],
        first_bidder=engine.players[order[0].seat],
        order=order,
        winner=None if sheet.winner is None else sheet.sides[sheet.winner],
        sides=side_offers(engine, sheet.totals, number),
        last_row=None if last is None else (last.number, last.fingerprint()),
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
            declarable=declarable(rules, side=side, totals=totals),
        )
        for side in engine.side_order(number)
    )


def seat_bid(engine: SpadesGame, hand: SpadesHand, seat: int) -> str:
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


def play_fouls(engine: SpadesGame, index: int, hand: SpadesHand) -> tuple[ShownLine, ...]:
    """The fouls the recorded play of hand ``index`` (0-based) proves, in the referee's words
    ("Trick 3: Bob played 2♣ when K♥ was led, yet played 7♥ in trick 5: a revoke."); ``()``
    without a play."""
    if hand.play is None:
        return ()
    replayed = spades_replay(engine.rules, hand.play, dealer=engine.dealer_of(index), names=engine.players)
    return tuple(
        ShownLine(
            gettext("Trick %(trick)d: %(foul)s") % {"trick": foul.trick, "foul": card_text(foul.text)},
            foul.rule,
            foul.source,
        )
        for foul in replayed.fouls
    )


def _taken(hand: SpadesHand, seat: int) -> int | None:
    return None if hand.tricks is None else hand.tricks[seat]


def game_rulebook(rules: SpadesRules) -> list[tuple[str, list[RulebookEntry]]]:
    """The rules in force as sentences, by group: ``[(group title, entries)]`` (from the values)."""
    return rulebook_entries(rulebook(rules), GROUPS)
