"""Building Spades games for the engine tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorekeeper.engine.sheet import Sheet
from scorekeeper.engine.spades.game import SpadesGame, SpadesHand
from scorekeeper.engine.spades.rules import spades_rules
from scorekeeper.engine.spades.scoring import score_spades

PLAYERS = ("Ann", "Bob", "Cat", "Dan")  # Ann & Cat = side 0, Bob & Dan = side 1


def game(hands: Sequence[tuple[Sequence[Any], Sequence[int]]], dealer: int = 0, **rules: Any) -> SpadesGame:
    """A game of ``(bids, tricks)`` pairs in seat order, under ``rules`` (record keys)."""
    return SpadesGame(
        players=PLAYERS,
        dealer=dealer,
        rules=spades_rules(rules),
        hands=tuple(SpadesHand(tuple(bids), tuple(tricks)) for bids, tricks in hands),
    )


def score(hands: Sequence[tuple[Sequence[Any], Sequence[int]]], **rules: Any) -> Sheet:
    """Score ``hands`` (see :func:`game`)."""
    return score_spades(game(hands, **rules))


#: Four hands that leave Ann & Cat at 337 with 7 bags (002's sandbag example starts there).
AT_337_WITH_7_BAGS = [
    ([5, 1, 5, 1], [7, 0, 6, 0]),  # A: bid 10, took 13 -> +103 (3 bags); B: bid 2, took 0 -> -20
    ([5, 1, 5, 1], [7, 0, 6, 0]),  # A: 206 (6 bags); B: -40
    ([5, 1, 5, 1], [5, 2, 5, 1]),  # A: bid 10, took 10 -> 306; B: bid 2, took 3 -> +21 -> -19
    ([2, 4, 1, 5], [2, 5, 2, 4]),  # A: bid 3, took 4 -> +31 -> 337 (7 bags); B: bid 9, took 9 -> 71
]
