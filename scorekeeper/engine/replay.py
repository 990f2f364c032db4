"""Replaying a hand (Spades) or deal (Mü) from its play, trick by trick (issue 16).

A record's ``play`` (``docs/game-record.md``, "The play of the cards") gives the first
leader and the tricks in play order; every later leader is the winner of the trick
before. From it the replay derives each trick's leader, winner and reason, the tricks
(or card points) each seat took, every card each player has shown, and every **foul**:
a card played against a play rule, *proven* by the play itself. A player's hand at a
trick is known to hold at least the cards they play in that trick and the later ones,
so a refusal judged on those cards alone proves a foul ("showed out of hearts in
trick 3, yet played 4H in trick 8"); an unknown card never makes one.

What differs between the games is a :class:`Table`: the kind's trick winner, its
refusal of a card, its deck and its first leader (``engine.spades.replay``,
``engine.mu.replay``). This module holds the shared walk, pure and fast (``make bench``).

verify / can / do: :func:`verify_play_shape` raises for a play that cannot have happened;
:func:`replay` walks one that can; its fouls are what the referee flags.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import RecordError
from .source import RECORD_FORMAT, Source, written
from .text import Text, Translate, gettext_noop, identity

#: The play rules a foul breaks (``docs/game-record.md``): a revoke; spades led before broken;
#: the first trick's lead or play; must beat (solo, rake 'em); the wrong seat led the first trick.
FOUL_RULES = ("follow_suit", "spades_lead", "first_lead", "must_beat", "first_leader")


@dataclass(frozen=True, slots=True)
class Play:
    """How a hand's cards were played: ``leader`` led the first trick; ``tricks`` in order,
    each its cards in play order from its leader."""

    leader: int
    tricks: tuple[tuple[str, ...], ...]

    def record(self) -> dict[str, Any]:
        """As the game record writes it."""
        return {"leader": self.leader, "tricks": [list(trick) for trick in self.tricks]}


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a card may not be played: the ``rule`` (one of :data:`FOUL_RULES`), the reason
    in words and where the rule is written."""

    rule: str
    text: Text
    source: Source


@dataclass(frozen=True, slots=True)
class Trick:
    """One trick replayed: its number (1-based), ``leader`` seat, ``cards`` in play order,
    the ``winner`` seat (``None`` while the trick is not complete) and why it won."""

    number: int
    leader: int
    cards: tuple[str, ...]
    winner: int | None
    reason: Text | None
    source: Source = ()

    def seat_of(self, index: int, seats: int) -> int:
        """The seat that played the ``index``-th card of this trick (clockwise from the leader)."""
        return (self.leader + index) % seats


@dataclass(frozen=True, slots=True)
class Foul:
    """A card played against a play rule, proven by the play (``docs/game-record.md``: ``fouls``).

    Attributes:
        trick: the trick (1-based) and ``seat``, ``card``: where the rule was broken.
        rule: one of :data:`FOUL_RULES`; ``text``: what happened and its proof (without the
            trick's number: :meth:`render` adds it); ``source``: the rule's source.
    """

    trick: int
    seat: int
    card: str
    rule: str
    text: Text
    source: Source

    def render(self, translate: Translate = identity, *, hand: int | None = None, unit: str = "hand") -> str:
        """The foul in words with where and its source: "Hand 3, trick 3: Bob played 9C … (002 Play)"
        (``hand`` 0-based; ``None``: "Trick 3: …"; ``unit`` "deal" for Mü)."""
        if hand is None:
            where = Text(gettext_noop("Trick %(trick)d"), {"trick": self.trick})
        elif unit == "deal":
            where = Text(gettext_noop("Deal %(number)d, trick %(trick)d"), {"number": hand + 1, "trick": self.trick})
        else:
            where = Text(gettext_noop("Hand %(number)d, trick %(trick)d"), {"number": hand + 1, "trick": self.trick})
        return f"{where.render(translate)}: {self.text.render(translate)} ({written(self.source)})"

    def record(self, translate: Translate = identity, *, hand: int, unit: str = "hand") -> dict[str, Any]:
        """As ``manage.py score`` lists it in a hand's ``fouls``."""
        return {
            "trick": self.trick,
            "seat": self.seat,
            "card": self.card,
            "rule": self.rule,
            "text": self.render(translate, hand=hand, unit=unit),
        }


@dataclass(frozen=True, slots=True)
class Replay:
    """A play replayed.

    Attributes:
        tricks: each trick as :class:`Trick` (the last may be incomplete: a replay in progress).
        taken: per seat, the tricks won (Spades) or card points won (Mü) in the complete tricks.
        fouls: every proven foul, in order of play.
        complete: whether every trick of the hand was played.
        shown: per seat, the cards it has played so far.
    """

    tricks: tuple[Trick, ...]
    taken: tuple[int, ...]
    fouls: tuple[Foul, ...]
    complete: bool
    shown: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class Table:
    """What a kind of game gives the replay.

    Attributes:
        seats: players at the table (cards in a trick); ``tricks``: tricks in a whole hand.
        copies: how many times each card is in the deck (a card not in it: 0).
        winner: ``cards`` of a complete trick -> (index of the winning card, reason, source).
        refusal: (cards known in the hand, card, trick number, cards before it in the trick,
            earlier tricks) -> why the card may not be played, or ``None``.
        worth: the points a won trick gives its winner (Spades: 1 trick; Mü: its card points).
        first_leader: the seats that may lead the first trick, given the cards each seat has shown
            (two with the double deck's two 2♣; ``None``: not known), with the rule's words and source.
        names: the players' names, for the fouls' texts.
    """

    seats: int
    tricks: int
    copies: Callable[[str], int]
    winner: Callable[[Sequence[str]], tuple[int, Text, Source]]
    refusal: Callable[[Sequence[str], str, int, Sequence[str], Sequence[Sequence[str]]], Refusal | None]
    worth: Callable[[Sequence[str]], int]
    first_leader: Callable[[Sequence[Sequence[str]]], tuple[frozenset[int], Text, Source] | None]
    names: Sequence[str]
    follows: Callable[[str, str], bool]


def parse_play(data: Any, *, hand: int, unit: str = "hand") -> Play:
    """A record's ``play`` object, shape only (see :func:`verify_play_shape` for the seat and cards).

    Raises:
        RecordError: not ``{"leader": seat, "tricks": [[card, ...], ...]}``.
    """
    if (
        not isinstance(data, Mapping)
        or set(data) != {"leader", "tricks"}
        or not isinstance(data["tricks"], list)
        or not all(isinstance(trick, list) and all(isinstance(card, str) for card in trick) for trick in data["tricks"])
    ):
        raise _error(gettext_noop('\'play\' must be {"leader": seat, "tricks": [[card, ...], ...]}.'), hand, unit)
    if type(data["leader"]) is not int:
        raise _error(gettext_noop('\'play\' must be {"leader": seat, "tricks": [[card, ...], ...]}.'), hand, unit)
    return Play(data["leader"], tuple(tuple(trick) for trick in data["tricks"]))


def verify_play_shape(play: Play, table: Table, *, hand: int, unit: str = "hand", in_progress: bool = False) -> None:
    """Raise if ``play`` cannot have happened: more tricks than the hand has, a trick with the
    wrong number of cards (only the last may be short, in a replay), a card not in the deck,
    or a card played more often than the deck holds it; a first leader who is not a seat.
    ``in_progress``: a replay being tapped in, whose last trick may still be short.

    Raises:
        RecordError: naming the hand (``hand``, 0-based) and the trick.
    """
    if not 0 <= play.leader < table.seats:
        raise _error(
            gettext_noop("The first leader must be a seat from 0 to %(last)d."), hand, unit, last=table.seats - 1
        )
    if len(play.tricks) > table.tricks:
        raise _error(
            gettext_noop("The play has %(count)d tricks; a hand has %(most)d."),
            hand,
            unit,
            count=len(play.tricks),
            most=table.tricks,
        )
    seen: Counter[str] = Counter()
    for number, cards in enumerate(play.tricks, start=1):
        last_open = in_progress and number == len(play.tricks) and len(cards) < table.seats
        if len(cards) != table.seats and not last_open:
            raise _error(
                gettext_noop("Trick %(trick)d has %(count)d cards; %(seats)d players play one each."),
                hand,
                unit,
                trick=number,
                count=len(cards),
                seats=table.seats,
            )
        for card in cards:
            seen[card] += 1
            if table.copies(card) == 0:
                raise _error(
                    gettext_noop("Trick %(trick)d: %(card)s is not a card of this deck."),
                    hand,
                    unit,
                    trick=number,
                    card=card,
                )
            if seen[card] > table.copies(card):
                raise _error(
                    gettext_noop("Trick %(trick)d: %(card)s was already played."), hand, unit, trick=number, card=card
                )


def replay(play: Play, table: Table) -> Replay:
    """Walk ``play`` (already checked by :func:`verify_play_shape`, the last trick possibly
    incomplete) trick by trick: leaders, winners, what each seat took, and every proven foul."""
    seats = table.seats
    tricks: list[Trick] = []
    taken = [0] * seats
    leader = play.leader
    for number, cards in enumerate(play.tricks, start=1):
        if len(cards) == seats:
            index, reason, source = table.winner(cards)
            winner = (leader + index) % seats
            taken[winner] += table.worth(cards)
            tricks.append(Trick(number, leader, cards, winner, reason, source))
            leader = winner
        else:
            tricks.append(Trick(number, leader, cards, None, None))
    shown = [[] for _ in range(seats)]  # type: list[list[str]]
    for trick in tricks:
        for index, card in enumerate(trick.cards):
            shown[trick.seat_of(index, seats)].append(card)
    fouls = _fouls(play, tricks, table, shown)
    complete = len(tricks) == table.tricks and all(trick.winner is not None for trick in tricks)
    return Replay(tuple(tricks), tuple(taken), fouls, complete, tuple(tuple(cards) for cards in shown))


def _fouls(play: Play, tricks: Sequence[Trick], table: Table, shown: Sequence[Sequence[str]]) -> tuple[Foul, ...]:
    """Every proven foul, one per card, the first trick's leader first."""
    seats = table.seats
    fouls: list[Foul] = []
    expected = table.first_leader(shown) if tricks else None
    if expected is not None and tricks[0].cards and play.leader not in expected[0]:
        seats_allowed, why, source = expected
        seat = min(seats_allowed)
        text = Text(
            gettext_noop("%(player)s led %(card)s, but %(expected)s leads the first trick (%(why)s)."),
            {"player": table.names[play.leader], "card": tricks[0].cards[0], "expected": table.names[seat], "why": why},
        )
        fouls.append(Foul(1, play.leader, tricks[0].cards[0], "first_leader", text, source))
    # Each seat's cards from each trick on: what its hand is proven to hold when it plays there.
    later: list[list[list[str]]] = [[[] for _ in range(seats)] for _ in range(len(tricks) + 1)]
    for position in range(len(tricks) - 1, -1, -1):
        for seat in range(seats):
            later[position][seat] = list(later[position + 1][seat])
        for index, card in enumerate(tricks[position].cards):
            later[position][tricks[position].seat_of(index, seats)].insert(0, card)
    earlier: list[Sequence[str]] = []
    for position, trick in enumerate(tricks):
        for index, card in enumerate(trick.cards):
            seat = trick.seat_of(index, seats)
            if fouls and fouls[0].rule == "first_leader" and position == 0 and index == 0:
                continue  # one foul per card: the wrong leader's card is that foul
            refused = table.refusal(later[position][seat], card, trick.number, trick.cards[:index], earlier)
            if refused is not None:
                fouls.append(_foul(refused, trick, seat, card, tricks[position + 1 :], table))
        earlier.append(trick.cards)
    return tuple(fouls)


def _foul(refused: Refusal, trick: Trick, seat: int, card: str, after: Sequence[Trick], table: Table) -> Foul:
    """The foul of ``card``, with its proof: for a revoke, the later card that shows the led suit."""
    player = table.names[seat]
    if refused.rule == "follow_suit":
        led = trick.cards[0]
        for later in after:
            for index, shown in enumerate(later.cards):
                if later.seat_of(index, table.seats) == seat and table.follows(shown, led):
                    text = Text(
                        gettext_noop(
                            "%(player)s played %(card)s when %(led)s was led, yet played %(shown)s in trick"
                            " %(later)d: a revoke."
                        ),
                        {"player": player, "card": card, "led": led, "shown": shown, "later": later.number},
                    )
                    return Foul(trick.number, seat, card, refused.rule, text, refused.source)
    text = Text(
        gettext_noop("%(player)s played %(card)s: %(reason)s"),
        {"player": player, "card": card, "reason": refused.text},
    )
    return Foul(trick.number, seat, card, refused.rule, text, refused.source)


def _error(template: str, hand: int, unit: str, **params: object) -> RecordError:
    return RecordError(Text(template, params), field="play", hand=hand, source=RECORD_FORMAT, unit=unit)
