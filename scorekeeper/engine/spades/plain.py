"""A plain Spades hand of a plain game, checked and scored in one pass over its seats.

A plain game bids round the table with no rule between seats, plays in partnerships of two,
has no hand that bids itself and no cut-throat bonuses (the standard preset, and most house
rules); a plain hand of it has no misdeal, nothing declared, every bid one accepted whatever
the score (not a double nil: both partners bid it) and tricks that add up. For such a hand,
checking it (:func:`~.bidding.hand_check`) and scoring its sides (:func:`~.side.score_sides`)
come to a look at each seat and a remembered step per side, done here at once; any other hand,
or any other game, goes the general way, which scores the same and, for a hand that breaks a
rule, gives its error. ``tests/engine/spades/test_speed.py`` checks that the two ways agree.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial

from .bidding import _score_free_bids
from .game import Bid, SpadesGame, SpadesHand
from .rules import DOUBLE_NIL
from .side import NilFacts, SideScore, SideStep, SideSteps
from .table_bids import seat_rules_in_play

#: A plain hand -> each side's score before sandbagging; ``None`` for a hand that is not plain.
PlainSides = Callable[[SpadesHand], list[SideScore] | None]


def plain_sides(game: SpadesGame, steps: SideSteps) -> PlainSides | None:
    """The scorer of the plain hands of ``game`` with the run's ``steps``, or ``None`` if the game is not plain."""
    rules = game.rules
    if (
        rules.bidding != "individual"
        or rules.first_hand_bids_itself
        or seat_rules_in_play(rules)
        or not rules.partnerships
        or rules.cutthroat_bonus
    ):
        return None
    pairs = tuple((seats[0], seats[1]) for seats in game.sides)
    numbers: dict[tuple[int, int, int], SideScore] = {}  # (side, bid, taken) -> a side that bid two numbers
    return partial(
        _plain_sides, _score_free_bids(rules), steps.remembered, steps.computed, numbers, pairs, rules.tricks
    )


def _plain_sides(
    legal: Mapping[Bid, Bid],
    remembered: SideStep,
    computed: SideStep,
    numbers: dict[tuple[int, int, int], SideScore],
    pairs: Sequence[tuple[int, int]],
    hand_tricks: int,
    hand: SpadesHand,
) -> list[SideScore] | None:
    """Each side's score of ``hand`` if it is plain (see the module), else ``None``.

    Args:
        legal: the bids accepted whatever the score, normalised; remembered, computed: the
            run's side steps; numbers: the run's scores of sides that bid two numbers, by
            ``(side, bid, taken)`` (all the step needs then); pairs: the seats of each side;
            hand_tricks: the tricks in a hand.
    """
    bids, tricks = hand.bids, hand.tricks
    if not (
        type(bids) is tuple
        and type(tricks) is tuple
        and len(bids) == len(tricks) == 2 * len(pairs)
        and hand.misdeal is None
        and not (hand.blind or hand.ten_for_two_hundred or hand.no_trump or hand.bemo)
        and hand.bag_cancel is None
        and hand.high_spade_run is None
    ):
        return None
    for bid in bids:
        if type(bid) not in (int, str) or bid not in legal:
            return None
    for taken in tricks:
        if type(taken) is not int or not 0 <= taken <= hand_tricks:
            return None
    if sum(tricks) != hand_tricks:
        return None
    scores = []
    for side, (first, second) in enumerate(pairs):
        first_bid, second_bid = legal[bids[first]], legal[bids[second]]
        first_taken, second_taken = tricks[first], tricks[second]
        taken = first_taken + second_taken
        if type(first_bid) is int and type(second_bid) is int:  # two numbers: the most common side
            bid = first_bid + second_bid
            score = numbers.get((side, bid, taken))
            if score is None:
                step = remembered(side, bid, taken, taken == hand_tricks, 2, (), False, False, False, 0)
                score = numbers[side, bid, taken] = step[0]
        elif first_bid == DOUBLE_NIL or second_bid == DOUBLE_NIL:
            return None  # a double nil has a rule between the partners
        else:
            bid, number_taken, bidders, nils = _nil_side(
                (first, first_bid, first_taken), (second, second_bid, second_taken)
            )
            score = computed(side, bid, number_taken, taken == hand_tricks, bidders, nils, False, False, False, 0)[0]
        scores.append(score)
    return scores


def _nil_side(*seats: tuple[int, Bid, int]) -> tuple[int, int, int, NilFacts]:
    """``(bid, taken, bidders, nils)`` of a side with a nil from its seats' ``(seat, bid, tricks)``,
    as :func:`~.side.score_sides` works them out."""
    bid = taken = bidders = 0
    nils: NilFacts = ()
    for seat, seat_bid, seat_tricks in seats:
        if type(seat_bid) is int:
            bid += seat_bid
            taken += seat_tricks
            bidders += 1
        else:
            nils += ((seat, seat_bid, seat_tricks),)
    return bid, taken, bidders, nils
