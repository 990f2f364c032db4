"""What a side may declare with its bids this hand: the "can" of the declarations.

The same conditions as :func:`scorekeeper.engine.spades.declarations.verify_declarations`
checks (:func:`may_bid_blind`), asked before the bids, so the sheet offers only what the house rules allow now.
Sources: ``docs/rules/spades.md`` keys ``blind_bids``, ``blind_moon``,
``blind_min_deficit``, ``ten_for_two_hundred``, ``no_trump_bids``, ``bemo``; Pagat,
Spades (002), "Blind bids", "10 for 200", "No trump bids", "Bemo".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .declarations import may_bid_blind
from .rules import SpadesRules


@dataclass(frozen=True, slots=True)
class Declarable:
    """Which declarations one side may make with its bids this hand (each ``True`` when allowed)."""

    blind: bool
    ten_for_two_hundred: bool
    no_trump: bool
    bemo: bool

    def __bool__(self) -> bool:
        """Whether the side may declare anything at all."""
        return self.blind or self.ten_for_two_hundred or self.no_trump or self.bemo


def declarable(rules: SpadesRules, *, side: int, totals: Sequence[int]) -> Declarable:
    """What ``side`` (0-based) may declare, with the sides' scores ``totals`` before the hand.

    A blind bid (or blind moon) needs the side at least ``blind_min_deficit`` points behind;
    10-for-200 is declared only where a bid of 10 is not already it.
    """
    return Declarable(
        blind=(rules.blind_bids or rules.blind_moon) and may_bid_blind(rules, side=side, totals=totals),
        ten_for_two_hundred=bool(rules.ten_for_two_hundred) and not rules.ten_bid_is_ten_for_two_hundred,
        no_trump=rules.no_trump_bids,
        bemo=rules.bemo,
    )
