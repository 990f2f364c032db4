"""What makes Spades scoring fast changes no score and no check (issue 13).

Scoring remembers each side's contract and nils for the run (``side.side_steps``),
checks a plain hand at once (``bidding._check_plain_hand``), checks and scores it in
one go (``plain.plain_sides``) and hashes a rule set once (``rules.HashedOnce``). Each
is checked here against the straightforward way, over random house rules and hands
that are often alike but for one fact, so that a fact left out of what is remembered
would show."""

from __future__ import annotations

import pickle
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.record import scored_forget
from scorekeeper.engine.sheet import Sheet
from scorekeeper.engine.spades.bidding import _check_hand, _check_plain_hand, _score_free_bids, hand_check
from scorekeeper.engine.spades.game import Bemo, SpadesGame, SpadesHand
from scorekeeper.engine.spades.plain import plain_sides
from scorekeeper.engine.spades.rules import spades_rules
from scorekeeper.engine.spades.scoring import score_spades
from scorekeeper.engine.spades.side import score_sides, side_steps
from tests.profiles import examples

from .test_properties import house_rules, key_values, tricks_split

#: Keys that change what a side scores, set at random on top of a preset.
SCORING_KEYS = (
    "double_nil", "double_nil_penalty", "failed_nil_sets_partner", "failed_nil_tricks", "bag_cancel_card", "bemo",
    "cutthroat_bonus", "moon", "moon_wins_game", "blind_moon", "boston_wins", "bidding", "players", "blind_bids",
    "blind_made", "blind_failed", "ten_for_two_hundred", "ten_bid_is_ten_for_two_hundred", "no_trump_bids",
    "max_bags", "set_on_double_tricks", "set_penalty", "overtrick_value", "zero_is_nil", "nil_value",
    "blind_nil_value", "blind_nil_penalty",
)  # fmt: skip
#: Every minimum deficit off, so that blind bids, blind nil and double nil are allowed at any score.
ANY_TIME = {"blind_nil_min_deficit": 0, "blind_min_deficit": 0, "double_nil_min_deficit": 0}


@st.composite
def scoring_rules(draw: st.DrawFn) -> dict[str, Any]:
    data = draw(house_rules())
    for name in draw(st.sets(st.sampled_from(SCORING_KEYS), min_size=2, max_size=12)):
        data[name] = draw(key_values(name))
    if draw(st.integers(0, 3)) == 0:
        data["cutthroat_bonus"] = True  # a key with a fact of its own (the high-spade run)
    return {**data, **ANY_TIME, "target": 10**6, "first_hand_bids_itself": False}


@st.composite
def any_hand(draw: st.DrawFn, game: SpadesGame) -> SpadesHand:
    """A hand as a record may hold it, legal or not, declarations and all."""
    rules, count = game.rules, len(game.players)
    sides = range(len(game.sides))
    bid = st.integers(0, 8) | st.sampled_from(("nil", "blind_nil", "double_nil")) | st.integers(9, 13)
    if rules.bidding == "partnership":
        bids = [draw(st.integers(0, 13)) for _ in sides]
    else:
        bids = [draw(bid) for _ in range(count)]
        if rules.partnerships and draw(st.booleans()):  # a side bids double nil, both partners
            for seat in game.sides[draw(st.sampled_from(sides))]:
                bids[seat] = "double_nil"

    def some_sides() -> tuple[int, ...]:
        return tuple(draw(st.sets(st.sampled_from(sides), max_size=1))) if draw(st.integers(0, 3)) == 0 else ()

    tricks = draw(tricks_split(count, rules.tricks))
    if draw(st.integers(0, 3)) == 0:  # one side takes every trick (a moon, a Boston), or all but one
        takers = game.sides[draw(st.sampled_from(sides))]
        spare = draw(st.integers(0, 1))
        split = draw(tricks_split(len(takers), rules.tricks - spare))
        tricks = tuple(split[takers.index(seat)] if seat in takers else 0 for seat in range(count))
        tricks = (tricks[0] + spare, *tricks[1:]) if 0 not in takers else (*tricks[:-1], tricks[-1] + spare)
    return SpadesHand(
        tuple(bids),
        tricks,
        blind=some_sides(),
        ten_for_two_hundred=some_sides(),
        no_trump=some_sides(),
        bemo=(Bemo(draw(st.sampled_from(sides)), draw(st.sampled_from(("little", "big"))), draw(st.booleans())),)
        if draw(st.integers(0, 5)) == 0
        else (),
        bag_cancel=draw(st.sampled_from(sides)) if draw(st.integers(0, 4)) == 0 else None,
        high_spade_run=tuple(draw(st.integers(0, 3)) for _ in sides) if draw(st.integers(0, 4)) == 0 else None,
    )


@st.composite
def alike_hands(draw: st.DrawFn, game: SpadesGame) -> list[SpadesHand]:
    """Legal hands, many of them a hand drawn before with one fact changed: a trick moved
    between two seats, or one declaration taken away."""
    hands: list[SpadesHand] = []
    for _ in range(draw(st.integers(1, 30))):
        if hands and draw(st.booleans()):
            hand = _one_fact_changed(draw, draw(st.sampled_from(hands)))
        else:
            hand = draw(any_hand(game))
        try:
            hands.append(hand_check(game)(hand, (0,) * len(game.sides), len(hands)))
        except RuleError:
            continue
    return hands


def _one_fact_changed(draw: st.DrawFn, hand: SpadesHand) -> SpadesHand:
    assert hand.tricks is not None
    tricks = list(hand.tricks)
    giver, taker = draw(st.integers(0, len(tricks) - 1)), draw(st.integers(0, len(tricks) - 1))
    if tricks[giver]:
        tricks[giver] -= 1
        tricks[taker] += 1
    change = draw(st.sampled_from(("tricks", "blind", "no_trump", "ten_for_two_hundred", "high_spade_run")))
    if change == "tricks":
        return SpadesHand(hand.bids, tuple(tricks), hand.blind, hand.ten_for_two_hundred, hand.no_trump, hand.bemo,
                          hand.bag_cancel, None, hand.high_spade_run)  # fmt: skip
    return SpadesHand(
        hand.bids,
        hand.tricks,
        () if change == "blind" else hand.blind,
        () if change == "ten_for_two_hundred" else hand.ten_for_two_hundred,
        () if change == "no_trump" else hand.no_trump,
        hand.bemo,
        hand.bag_cancel,
        None,
        None if change == "high_spade_run" else hand.high_spade_run,
    )


@settings(max_examples=examples(300))
@given(st.data())
def test_remembering_the_steps_of_a_run_changes_no_sides_score(data):
    """Each hand scored with the steps the run remembered equals the same hand worked out afresh."""
    rules = spades_rules(data.draw(scoring_rules()))
    game = SpadesGame(tuple(f"P{seat}" for seat in range(rules.seats)), 0, rules)
    names = game.side_names()
    remembered, afresh = side_steps(game, names), side_steps(game, names, remember=False)
    for hand in data.draw(alike_hands(game)):
        assert score_sides(game, hand, remembered, names) == score_sides(game, hand, afresh, names)


def _scored(game: SpadesGame) -> object:
    """The sheet of ``game``, or the error its scoring raises, as a value to compare."""
    try:
        return score_spades(game)
    except RuleError as error:
        return ("error", str(error), error.hand)


@settings(max_examples=examples(150))
@given(st.data())
def test_what_a_table_remembers_from_its_earlier_games_changes_no_score(data):
    """``scoring.table_memory`` keeps a table's cases across runs: a game scored after other games
    of the same rules, at the same table or another, equals it scored with nothing remembered."""
    rules = spades_rules(data.draw(scoring_rules()))
    table = SpadesGame(tuple(f"P{seat}" for seat in range(rules.seats)), 0, rules)
    names = (table.players, tuple(f"Q{seat}" for seat in range(rules.seats)))  # two tables with these rules
    games = [
        SpadesGame(
            data.draw(st.sampled_from(names)),
            data.draw(st.integers(0, rules.seats - 1)),
            rules,
            tuple(data.draw(alike_hands(table))),
        )
        for _ in range(3)
    ]
    remembered = [_scored(game) for game in games]
    for game, sheet in zip(games, remembered, strict=True):
        scored_forget()
        assert _scored(game) == sheet
        if isinstance(sheet, Sheet):  # and no line names a player of the other table
            other = names[1] if game.players == names[0] else names[0]
            shown = " ".join(line.render() for hand in sheet.hands for line in hand.lines)
            assert not any(name in shown for name in other)


#: Bids a record may hold that no check should let through quietly.
ODD_BIDS = (True, False, 2.0, "x", None, [3], -1, 14, "NIL", 0)


@st.composite
def odd_hand(draw: st.DrawFn, game: SpadesGame) -> SpadesHand:
    """A hand with something odd about it, or a plain one."""
    hand = draw(any_hand(game))
    bids: Any = list(hand.bids or ())
    tricks: Any = list(hand.tricks or ())
    oddity = draw(st.integers(0, 7))
    if oddity == 0:
        bids[draw(st.integers(0, len(bids) - 1))] = draw(st.sampled_from(ODD_BIDS))
    elif oddity == 1:
        tricks[draw(st.integers(0, len(tricks) - 1))] = draw(st.sampled_from((True, 1.0, -1, 20, "3", None)))
    elif oddity == 2:
        bids = bids[:-1] if draw(st.booleans()) else [*bids, 1]
    elif oddity == 3:
        tricks = tricks[:-1] if draw(st.booleans()) else [*tricks, 0]
    elif oddity == 4:
        return SpadesHand(None, None, misdeal=draw(st.integers(-1, 4)))
    as_list = draw(st.booleans())  # a record gives lists; the engine's own hands are tuples
    return SpadesHand(
        bids if as_list else tuple(bids),
        tricks if as_list else tuple(tricks),
        hand.blind,
        hand.ten_for_two_hundred,
        hand.no_trump,
        hand.bemo,
        hand.bag_cancel,
        None,
        hand.high_spade_run,
    )


def _checked(check: Any, *args: Any) -> Any:
    try:
        return check(*args)
    except RuleError as error:
        return ("refused", error.render(), error.field, error.seat, error.source)


@settings(max_examples=examples(500))
@given(st.data())
def test_a_plain_hand_checked_at_once_passes_and_fails_as_every_check_does(data):
    rules_data = data.draw(house_rules())
    rules_data.update(bidding="individual", first_hand_bids_itself=False, min_team_bid=0, max_team_bid=18)
    rules_data.update(nil_partner_min_bid=0, bids_may_total_13=True)
    if data.draw(st.booleans()):
        rules_data.update(ANY_TIME)
    rules = spades_rules(rules_data)
    game = SpadesGame(tuple(f"P{seat}" for seat in range(rules.seats)), 0, rules)
    assert hand_check(game).func is _check_plain_hand  # a partial: the plain check is the one in use
    legal = _score_free_bids(rules)
    hand = data.draw(odd_hand(game))
    totals = tuple(data.draw(st.integers(-300, 300)) for _ in game.sides)
    number = data.draw(st.integers(0, 5))
    assert _checked(_check_plain_hand, game, legal, hand, totals, number) == _checked(
        _check_hand, game, legal, hand, totals, number
    )


@settings(max_examples=examples(200))
@given(house_rules())
def test_a_rule_set_is_hashed_once_and_as_an_equal_one_is(data):
    rules, again = spades_rules(data), spades_rules(data)
    assert rules == again and hash(rules) == hash(again)
    copied = pickle.loads(pickle.dumps(rules))  # the hash is no part of the pickle: worked out again
    assert copied == rules and hash(copied) == hash(rules)
    assert {rules: 1}[again] == 1


@settings(max_examples=examples(400))
@given(st.data())
def test_a_plain_hand_scored_at_once_scores_as_checking_then_scoring_it_does(data):
    """``plain.plain_sides`` gives every side's score of a plain hand (else ``None``), as checking
    the hand and scoring its sides do; a hand the check refuses is never plain."""
    rules_data = data.draw(scoring_rules())
    rules_data.update(bidding="individual", min_team_bid=0, max_team_bid=18, nil_partner_min_bid=0)
    rules_data.update(bids_may_total_13=True, cutthroat_bonus=False, players=data.draw(st.sampled_from((4, 6))))
    rules = spades_rules(rules_data)
    game = SpadesGame(tuple(f"P{seat}" for seat in range(rules.seats)), 0, rules)
    names = game.side_names()
    steps = side_steps(game, names)
    plain = plain_sides(game, steps)
    assert plain is not None
    for _ in range(data.draw(st.integers(1, 20))):
        hand = data.draw(odd_hand(game) if data.draw(st.booleans()) else any_hand(game))
        scores = plain(hand)
        try:
            checked = hand_check(game)(hand, (0,) * len(names), 1)
        except RuleError:
            assert scores is None
            continue
        tuples = type(hand.bids) is tuple and type(hand.tricks) is tuple  # as a record's hands are parsed
        declared = hand.blind or hand.ten_for_two_hundred or hand.no_trump or hand.bemo
        if tuples and not declared and hand.bag_cancel is None and hand.high_spade_run is None:  # a plain hand
            assert scores is not None or "double_nil" in (checked.bids or ())  # (any bid at any score: ANY_TIME)
        assert scores is None or scores == score_sides(game, checked, steps, names)
