"""A Mü game as facts from the table: players, first dealer, house rules, deals.

Source: ``docs/game-record.md`` ("A Mü deal") and ``docs/rules/mu.md``.
Every player is a side of their own (side = seat).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..replay import Play
from .rules import MuRules

#: A trump: a colour name, a digit 0-9, or ``None`` (no trump; the Chef only).
Trump = str | int | None


@dataclass(frozen=True, slots=True)
class Played:
    """A deal that was played (§4-§8).

    Attributes:
        chef: the Chef's seat; level: the cards the Chef laid (the team target's column).
        vize: the Vize's seat, or ``None`` (no Vize: 3 players, a tie, or the Chef laid alone).
        chef_trump, vize_trump: the trumps named (see :data:`Trump`).
        partner: the Chef's partner, or ``None`` with 3 players.
        points: card points each player took in tricks (they add up to 60, or 36).
        play: how the cards were played (``engine.replay.Play``), or ``None`` (not recorded).
        time_called: time was called during this deal (``time_limit``; mu.md "Match limits").
    """

    chef: int
    level: int
    vize: int | None
    chef_trump: Trump
    vize_trump: Trump
    partner: int | None
    points: tuple[int, ...]
    play: Play | None = None
    time_called: bool = False


@dataclass(frozen=True, slots=True)
class Eklat:
    """A deal that ended in an Eklat at once (§4): no single player laid the most cards.

    ``level`` is the tied highest number of cards, ``tied`` the seats tied on it and
    ``last`` the one among them who laid a card last. ``level`` ``None`` (record
    ``{"eklat": null}``): everyone passed in the first round, no points. ``time_called``: time
    was called during this deal (``time_limit``; mu.md "Match limits").
    """

    level: int | None = None
    tied: tuple[int, ...] = ()
    last: int | None = None
    time_called: bool = False


#: One deal of a Mü game: played to the end, or ended at once by an Eklat.
MuDeal = Played | Eklat


@dataclass(frozen=True, slots=True)
class MuGame:
    """A Mü game for 3 to 6 players in clockwise seating order.

    Attributes:
        players: names by seat; dealer: the first dealer (the deal passes to the left, §9).
        rules: the house rules; deals: the deals, oldest first.
    """

    players: tuple[str, ...]
    dealer: int = 0
    rules: MuRules = field(default_factory=MuRules)
    deals: tuple[MuDeal, ...] = ()

    @property
    def hands(self) -> tuple[MuDeal, ...]:
        """The deals (the name every game's sheet uses)."""
        return self.deals

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Every player is a side: ``((0,), (1,), ...)``."""
        return tuple((seat,) for seat in range(len(self.players)))

    def side_names(self) -> tuple[str, ...]:
        """The players' names."""
        return self.players

    def dealer_of(self, deal: int) -> int:
        """Seat of the dealer of deal ``deal`` (0-based): the left neighbour deals next (§9)."""
        return (self.dealer + deal) % len(self.players)
