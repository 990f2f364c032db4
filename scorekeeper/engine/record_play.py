"""The play of the cards in a game record (``docs/game-record.md``, "The play of the cards").

A hand (Spades) or played deal (Mü) may carry ``play``. :func:`plays_checked` replays each
one after parsing: a play that cannot have happened is an invalid record (the hand and
the trick named); with a complete play ``tricks`` (``points``) may be left out and are
derived, and when given they must agree with it; a partial play needs them given, and
possible. :func:`game_fouls` lists each play's fouls for ``manage.py score``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from .errors import RecordError
from .mu.game import MuGame, Played
from .mu.replay import mu_replay
from .replay import Replay
from .source import RECORD_FORMAT
from .spades.game import SpadesGame, SpadesHand
from .spades.replay import spades_replay
from .text import Text, Translate, gettext_noop, identity


def plays_checked(game: SpadesGame | MuGame) -> SpadesGame | MuGame:
    """``game`` with every play replayed: tricks (Mü: card points) derived where left out.

    Raises:
        RecordError: a play that cannot have happened; tricks or points that disagree with
            a complete play, or that a partial play makes impossible; a partial play without them.
    """
    if isinstance(game, MuGame):
        deals = tuple(
            _deal_checked(game, number, deal) if isinstance(deal, Played) and deal.play is not None else deal
            for number, deal in enumerate(game.deals)
        )
        return dataclasses.replace(game, deals=deals)
    hands = tuple(
        _hand_checked(game, number, hand) if hand.play is not None else hand for number, hand in enumerate(game.hands)
    )
    return dataclasses.replace(game, hands=hands)


def _hand_checked(game: SpadesGame, number: int, hand: SpadesHand) -> SpadesHand:
    assert hand.play is not None
    replayed = spades_replay(game.rules, hand.play, dealer=game.dealer_of(number), names=game.players, hand=number)
    taken = _agreed(replayed, hand.tricks, number, field="tricks", unit="hand")
    return dataclasses.replace(hand, tricks=taken)


def _deal_checked(game: MuGame, number: int, deal: Played) -> Played:
    assert deal.play is not None
    if type(deal.chef) is not int or not 0 <= deal.chef < len(game.players):
        return deal  # the deal's own checks name what is wrong (scoring)
    replayed = mu_replay(deal, deal.play, names=game.players, number=number)
    points = _agreed(replayed, deal.points or None, number, field="points", unit="deal")
    return dataclasses.replace(deal, points=points)


def _agreed(replayed: Replay, given: Sequence[Any] | None, number: int, *, field: str, unit: str) -> tuple[int, ...]:
    """What the record states (``given``), checked against the play, or derived from a complete play."""
    if given is None:
        if not replayed.complete:
            raise _error(gettext_noop("A partial play needs '%(field)s' given."), number, field, unit)
        return replayed.taken
    if len(given) != len(replayed.taken) or not all(type(value) is int for value in given):
        return tuple(given)  # the hand's own checks name what is wrong
    if replayed.complete and tuple(given) != replayed.taken:
        raise _error(
            gettext_noop("'%(field)s' %(given)s disagree with the play, which gives %(taken)s."),
            number,
            field,
            unit,
            given=list(given),
            taken=list(replayed.taken),
        )
    short = [seat for seat, value in enumerate(given) if value < replayed.taken[seat]]
    if short:
        raise _error(
            gettext_noop(
                "'%(field)s' give seat %(seat)d %(given)d, fewer than the tricks played already give it (%(taken)d)."
            ),
            number,
            field,
            unit,
            seat=short[0],
            given=given[short[0]],
            taken=replayed.taken[short[0]],
        )
    return tuple(given)


def game_fouls(game: SpadesGame | MuGame, translate: Translate = identity) -> dict[int, list[dict[str, Any]]]:
    """The fouls of each hand (deal) that records a play, by its 0-based index; ``[]`` for a clean play.

    The game is one :func:`plays_checked` returned (every play possible).
    """
    fouls: dict[int, list[dict[str, Any]]] = {}
    if isinstance(game, MuGame):
        for number, deal in enumerate(game.deals):
            if isinstance(deal, Played) and deal.play is not None:
                replayed = mu_replay(deal, deal.play, names=game.players, number=number)
                fouls[number] = [foul.record(translate, hand=number, unit="deal") for foul in replayed.fouls]
        return fouls
    for number, hand in enumerate(game.hands):
        if hand.play is not None:
            replayed = spades_replay(game.rules, hand.play, dealer=game.dealer_of(number), names=game.players)
            fouls[number] = [foul.record(translate, hand=number) for foul in replayed.fouls]
    return fouls


def _error(template: str, number: int, field: str, unit: str, **params: object) -> RecordError:
    return RecordError(
        Text(template, {"field": field, **params}), field=field, hand=number, source=RECORD_FORMAT, unit=unit
    )
