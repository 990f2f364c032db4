"""A Spades game as facts from the table: players, first dealer, house rules, hands.

Source: ``shared/formats/game-record.md`` (seats, sides, dealer) and
``shared/rules/spades.md`` / 002 "Deal" and "Bidding" (deal and bidding order).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .rules import BLIND_NIL, NIL, SpadesRules

#: A bid as in the game record: tricks 0-13, ``"nil"`` or ``"blind_nil"``.
Bid = int | str

#: Tricks in a hand with four players (002 "Deal": 13 cards each).
TRICKS = 13


@dataclass(frozen=True, slots=True)
class SpadesHand:
    """One hand: a bid and the tricks taken per seat, in seat order.

    Attributes:
        bids: one :data:`Bid` per seat.
        tricks: tricks taken per seat; they add up to :data:`TRICKS`.
    """

    bids: tuple[Bid, ...]
    tricks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SpadesGame:
    """A Spades game: four players in clockwise seating order, partners opposite.

    Attributes:
        players: names by seat (0-based); seats 0 + 2 and 1 + 3 are partners.
        dealer: seat of the first hand's dealer; the deal passes to the left.
        rules: the house rules in force.
        hands: the hands played, oldest first.
    """

    players: tuple[str, ...]
    dealer: int = 0
    rules: SpadesRules = field(default_factory=SpadesRules)
    hands: tuple[SpadesHand, ...] = ()

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side: ``((0, 2), (1, 3))`` (game-record.md, "Sides")."""
        count = len(self.players)
        half = count // 2
        return tuple(tuple(range(side, count, half)) for side in range(half))

    def side_of(self, seat: int) -> int:
        """The side index of ``seat``."""
        return seat % (len(self.players) // 2)

    def side_names(self) -> tuple[str, ...]:
        """Display name per side: the partners' names joined, ``"Ann & Cat"``."""
        return tuple(" & ".join(self.players[seat] for seat in seats) for seats in self.sides)

    def dealer_of(self, hand: int) -> int:
        """Seat of the dealer of hand ``hand`` (0-based): the deal passes to the left."""
        return (self.dealer + hand) % len(self.players)

    def bidding_order(self, hand: int) -> tuple[int, ...]:
        """Seats in bidding order for hand ``hand``: dealer's left first (002 "Bidding")."""
        count = len(self.players)
        first = self.dealer_of(hand) + 1
        return tuple((first + step) % count for step in range(count))


def is_nil(bid: Bid) -> bool:
    """Whether ``bid`` is a nil of any kind (after :func:`normalise_bid`)."""
    return bid == NIL or bid == BLIND_NIL


def normalise_bid(rules: SpadesRules, bid: Bid) -> Bid:
    """The bid as scored: with ``zero_is_nil`` a bid of 0 is nil (002 "Bidding variations")."""
    if bid == 0 and type(bid) is int and rules.zero_is_nil:
        return NIL
    return bid
