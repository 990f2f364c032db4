"""What a revoke costs: the house rule ``revoke_penalty``, applied revoke by revoke.

A revoke is a player failing to follow suit while able to (rule ``follow_suit``). The revokes of
a hand are the ``follow_suit`` fouls its recorded play proves, one per card (:func:`hand_revokes`);
a hand without a play may name them in its record's ``revokes`` (the table agreed on them). Other
fouls are never penalised.

- ``three_tricks`` (two sides only): for each revoke the revoking side gives 3 of the tricks counted
  toward its bid to the other side, where they count toward that side's bid (overtricks are bags);
  a side with fewer than 3 left gives what it has. A nil bidder's own tricks never change hands,
  but a revoke by a nil bidder fails that nil, whatever its bidder took, and gives no tricks. A side
  with no contract (both partners nil) receives no tricks: the revoking side loses them all the same.
- ``set`` (any number of sides): a side with a revoke fails the whole hand: its contract is scored
  as set, counting no tricks (no bags; ``set_penalty`` applies), and each of its nils fails.

Several revokes in one hand are applied one after the other, in the order of play (declared ones
in the order listed). :func:`revoke_penalties` turns them into a :class:`SidePenalty` per side,
which :func:`~.side.score_sides` applies, with a line per revoke saying what it cost.

Source: ``docs/rules/spades.md`` "Tournament rules" (key ``revoke_penalty``); the published rules
of Spades tournaments and leagues (005: "a renege costs 3 books", "a renege sets the hand").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..replay import Play
from ..sheet import Line
from ..source import GAME_RECORD, Cite
from ..text import Text
from ..text import gettext_noop as _
from .bids import bid_error
from .game import SpadesGame, SpadesHand, is_nil
from .replay import spades_replay
from .rules import KEYS, SpadesRules, key_row

_SOURCE = KEYS["revoke_penalty"].source
#: Tricks a revoke gives to the other side with ``revoke_penalty`` ``three_tricks`` (005 "Renege").
REVOKE_TRICKS = 3
#: The record's field ``revokes`` (game-record.md, "Penalties and limits").
_FIELD = (Cite(GAME_RECORD, "Penalties and limits"),)


@dataclass(frozen=True, slots=True)
class SidePenalty:
    """What the revokes of a hand do to one side's score.

    Attributes:
        shift: tricks toward its bid received (positive) or given away (negative).
        forced_set: its contract is scored as set, counting no tricks (``set``).
        failed_nils: the seats of its nil bidders whose nil fails by a revoke.
        lines: one line per revoke it made, saying what the revoke cost (no points of their own).
    """

    shift: int = 0
    forced_set: bool = False
    failed_nils: frozenset[int] = frozenset()
    lines: tuple[Line, ...] = ()


def hand_revokes(game: SpadesGame, number: int, hand: SpadesHand) -> tuple[int, ...]:
    """The seats that revoked in hand ``number`` (0-based), one per revoke in order of play: the
    ``follow_suit`` fouls of its recorded play, or the revokes its record declares (no play).

    Raises:
        RecordError: a play that cannot have happened (the record's checks name it first).
    """
    if hand.play is None:
        return hand.revokes
    return _play_revokes(game.rules, hand.play, game.dealer_of(number), len(game.players))


@lru_cache(maxsize=256)
def _play_revokes(rules: SpadesRules, play: Play, dealer: int, seats: int) -> tuple[int, ...]:
    """The seats of a play's ``follow_suit`` fouls, in order of play (remembered: a sheet is
    scored again after every tap, and a replay costs more than the rest of a hand's scoring)."""
    names = tuple(f"{seat}" for seat in range(seats))  # the seats alone: no words are kept from it
    replayed = spades_replay(rules, play, dealer=dealer, names=names)
    return tuple(foul.seat for foul in replayed.fouls if foul.rule == "follow_suit")


def verify_revokes(game: SpadesGame, hand: SpadesHand) -> None:
    """The revokes a hand's record declares: only with a revoke penalty, seats at the table.

    Raises:
        RuleError: ``field="revokes"``: revokes recorded while ``revoke_penalty`` is ``none``, a
            seat that is not at the table, or more revokes by one player than the hand has tricks.
    """
    if not hand.revokes:
        return
    if game.rules.revoke_penalty == "none":
        raise bid_error(
            _("Revokes are recorded only with a revoke penalty (house rule 'revoke_penalty')."),
            (key_row("revoke_penalty"),),
            field="revokes",
        )
    last = len(game.players) - 1
    if not isinstance(hand.revokes, tuple) or any(
        type(seat) is not int or not 0 <= seat <= last for seat in hand.revokes
    ):
        raise bid_error(_("'revokes' must list seats from 0 to %(last)d."), _FIELD, field="revokes", last=last)
    most = max(Counter(hand.revokes).values())
    if most > game.rules.tricks:  # a revoke is a card played, and a player plays one card a trick
        raise bid_error(
            _("A player revokes at most once a trick: %(count)d revokes by one player in a hand of %(tricks)d tricks."),
            _FIELD,
            field="revokes",
            count=most,
            tricks=game.rules.tricks,
        )


def revoke_penalties(game: SpadesGame, hand: SpadesHand, revokes: Sequence[int]) -> tuple[SidePenalty, ...]:
    """Each side's :class:`SidePenalty` for the ``revokes`` of a checked ``hand`` (seats, in order).

    ``three_tricks`` with more than two sides never comes here: the rules refuse it when read.
    """
    if game.rules.revoke_penalty == "set":
        return _set_penalties(game, hand, revokes)
    return _three_trick_penalties(game, hand, revokes)


def _nil_seats(game: SpadesGame, hand: SpadesHand) -> frozenset[int]:
    """The seats that bid a nil of any kind (none with partnership bidding: a side's bid is its contract)."""
    bids = hand.bids
    if bids is None or game.rules.bidding == "partnership":
        return frozenset()
    return frozenset(seat for seat, bid in enumerate(bids) if is_nil(bid))


def _three_trick_penalties(game: SpadesGame, hand: SpadesHand, revokes: Sequence[int]) -> tuple[SidePenalty, ...]:
    """``three_tricks``: 3 tricks toward the bid per revoke, from the revoking side to the other."""
    assert hand.tricks is not None and len(game.sides) == 2  # checked hand; two sides (the rules' check)
    names, nils = game.side_names(), _nil_seats(game, hand)
    counted = [sum(hand.tricks[seat] for seat in seats if seat not in nils) for seats in game.sides]
    contract = [any(seat not in nils for seat in seats) for seats in game.sides]
    shift, failed, lines = [0, 0], [set[int](), set[int]()], [list[Line](), list[Line]()]
    for seat in revokes:
        side = game.side_of(seat)
        other = 1 - side
        params: dict[str, object] = {"player": game.players[seat], "side": names[side], "other": names[other]}
        if seat in nils:
            failed[side].add(seat)
            template = _("%(player)s revoked: their nil fails, and no tricks change hands")
        else:
            give = min(REVOKE_TRICKS, counted[side])
            counted[side] -= give
            shift[side] -= give
            params["count"] = give
            if not give:
                template = _("%(player)s revoked: %(side)s have no tricks toward their bid left to give")
            elif contract[other]:
                counted[other] += give
                shift[other] += give
                template = _("%(player)s revoked: %(side)s give %(count)d tricks to %(other)s, toward their bid")
            else:
                template = _(
                    "%(player)s revoked: %(side)s lose %(count)d tricks; %(other)s bid no contract and receive none"
                )
        lines[side].append(Line(side, 0, "revoke_penalty", _SOURCE, Text(template, params)))
    return tuple(
        SidePenalty(shift[side], False, frozenset(failed[side]), tuple(lines[side])) for side in range(len(game.sides))
    )


def _set_penalties(game: SpadesGame, hand: SpadesHand, revokes: Sequence[int]) -> tuple[SidePenalty, ...]:
    """``set``: a side with a revoke is set, counting no tricks, and each of its nils fails."""
    names, nils = game.side_names(), _nil_seats(game, hand)
    lines: list[list[Line]] = [[] for _side in game.sides]
    for seat in revokes:
        side = game.side_of(seat)
        params = {"player": game.players[seat], "side": names[side]}
        if lines[side]:
            template = _("%(player)s revoked again: %(side)s are set already")
        else:
            template = _(
                "%(player)s revoked: %(side)s are set, their contract counting no tricks, and each of their nils fails"
            )
        lines[side].append(Line(side, 0, "revoke_penalty", _SOURCE, Text(template, params)))
    return tuple(
        SidePenalty(0, True, frozenset(seat for seat in seats if seat in nils), tuple(lines[side]))
        if lines[side]
        else SidePenalty()
        for side, seats in enumerate(game.sides)
    )
