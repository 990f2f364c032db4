"""A Spades game as facts from the table: players, first dealer, house rules, hands.

Source: ``docs/game-record.md`` (seats, sides, dealer; optional hand
fields documented in ``docs/game-record.md``, "Extensions") and
``docs/rules/spades.md`` / Pagat, Spades (002) "Deal", "Bidding", "Misdeal" (deal and bidding order).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..replay import Play
from .rules import BLIND_NIL, DOUBLE_NIL, NIL, SpadesRules

#: A bid as in the game record: a number of tricks, ``"nil"``, ``"blind_nil"`` or ``"double_nil"``.
Bid = int | str

#: Tricks in a hand with four players (002 "Deal": 13 cards each). See :attr:`SpadesRules.tricks`.
TRICKS = 13


@dataclass(frozen=True, slots=True)
class Bemo:
    """A side's bemo declaration (002 "Bemo"): ``kind`` is ``"little"`` (first 6 tricks) or
    ``"big"`` (first 9); ``made`` says whether the side won them."""

    side: int
    kind: str
    made: bool


@dataclass(frozen=True, slots=True)
class SpadesHand:
    """One hand, in seat order (sides for side-level facts).

    Attributes:
        bids: one :data:`Bid` per seat, or one number per side with partnership
            bidding; ``None`` when the hand bids itself or was thrown in.
        tricks: tricks taken per seat (they add up to the hand's tricks); ``None``
            for a misdeal.
        blind: sides whose bid was blind (before looking at the cards).
        ten_for_two_hundred: sides that declared 10 for 200.
        no_trump: sides that bid no trump.
        bemo: little/big bemo declarations with their outcome.
        bag_cancel: the side that took the bag-cancelling card, or ``None``.
        misdeal: the seat that called a misdeal (the hand is thrown in), or ``None``.
        high_spade_run: per side (per player without partners), how many of the
            last tricks in a row it won with high spades (cut-throat bonus), or ``None``.
        play: how the cards were played (``engine.replay.Play``), or ``None`` (not recorded).
        revokes: the seats that revoked as the table declared them, one entry per revoke (record
            field ``revokes``; ``revoke_penalty``, spades.md "Tournament rules"); a hand with a ``play``
            declares none: its revokes are the play's ``follow_suit`` fouls (:func:`.revokes.hand_revokes`).
        time_called: time was called during this hand (``time_limit``): it is the last unless the
            best are tied.
    """

    bids: tuple[Bid, ...] | None
    tricks: tuple[int, ...] | None
    blind: tuple[int, ...] = ()
    ten_for_two_hundred: tuple[int, ...] = ()
    no_trump: tuple[int, ...] = ()
    bemo: tuple[Bemo, ...] = ()
    bag_cancel: int | None = None
    misdeal: int | None = None
    high_spade_run: tuple[int, ...] | None = None
    play: Play | None = None
    revokes: tuple[int, ...] = ()
    time_called: bool = False


@dataclass(frozen=True, slots=True)
class SpadesGame:
    """A Spades game: players in clockwise seating order.

    Attributes:
        players: names by seat (0-based). With partnerships, seats ``i`` and
            ``i + n/2`` are partners (4 players: 0 + 2, 1 + 3; 6: 0 + 3, ...);
            otherwise every player is a side of their own.
        dealer: seat of the first hand's dealer; the deal passes to the left
            (but not after a misdeal: the same dealer deals again).
        rules: the house rules in force.
        hands: the hands played, oldest first.
    """

    players: tuple[str, ...]
    dealer: int = 0
    rules: SpadesRules = field(default_factory=SpadesRules)
    hands: tuple[SpadesHand, ...] = ()

    #: The seats of each side (game-record.md, "Sides"). Asked for many times per hand, so
    #: worked out once from the players and the rules (not an argument; no part of ``==``).
    sides: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        count = len(self.players)
        if self.rules.partnerships:
            half = count // 2
            sides = tuple(tuple(range(side, count, half)) for side in range(half))
        else:
            sides = tuple((seat,) for seat in range(count))
        object.__setattr__(self, "sides", sides)

    def side_of(self, seat: int) -> int:
        """The side index of ``seat``."""
        if not self.rules.partnerships:
            return seat
        return seat % (len(self.players) // 2)

    def side_names(self) -> tuple[str, ...]:
        """Display name per side: the partners' names joined, ``"Ann & Cat"``."""
        return tuple(" & ".join(self.players[seat] for seat in seats) for seats in self.sides)

    def dealer_of(self, hand: int) -> int:
        """Seat of the dealer of hand ``hand`` (0-based; may be one past the last hand).

        The deal passes to the left after every hand except a misdeal (002 "Misdeal").
        """
        passed = hand - sum(1 for played in self.hands[:hand] if played.misdeal is not None)
        return (self.dealer + passed) % len(self.players)

    def bidding_order(self, hand: int) -> tuple[int, ...]:
        """Seats in bidding order for hand ``hand``: dealer's left first, or the dealer
        with ``first_bidder: dealer`` (002 "Bidding", "Round-the-table bidding")."""
        count = len(self.players)
        first = self.dealer_of(hand) + (1 if self.rules.first_bidder == "dealer_left" else 0)
        return tuple((first + step) % count for step in range(count))

    def bids_itself(self, hand: int) -> bool:
        """Whether hand ``hand`` is the first one played and so bids itself (``first_hand_bids_itself``).

        Thrown-in hands (misdeals) before it do not count: the redeal is still the first.
        """
        return self.rules.first_hand_bids_itself and all(played.misdeal is not None for played in self.hands[:hand])

    def side_order(self, hand: int) -> tuple[int, ...]:
        """Sides in the order they bid (partnership bidding: the dealer's opponents first)."""
        order: list[int] = []
        for seat in self.bidding_order(hand):
            if self.side_of(seat) not in order:
                order.append(self.side_of(seat))
        return tuple(order)


def is_nil(bid: Bid) -> bool:
    """Whether ``bid`` is a nil of any kind (after :func:`normalise_bid`)."""
    return bid == NIL or bid == BLIND_NIL or bid == DOUBLE_NIL


def bid_tricks(bid: Bid) -> int:
    """The tricks a normalised bid adds to its side's bid: its number, or 0 for a nil of any kind."""
    if is_nil(bid):
        return 0
    assert type(bid) is int, bid  # normalised: every word bid is a nil
    return bid


def normalise_bid(rules: SpadesRules, bid: Bid) -> Bid:
    """The bid as scored: with ``zero_is_nil`` a bid of 0 is nil (002 "Bidding variations")."""
    if bid == 0 and type(bid) is int and rules.zero_is_nil and rules.bidding == "individual":
        return NIL
    return bid
