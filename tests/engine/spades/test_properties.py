"""Properties of Spades scoring over random legal games under random house rules."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.spades.bidding import can_bid
from scorekeeper.engine.spades.game import SpadesGame, SpadesHand
from scorekeeper.engine.spades.rules import BLIND_NIL, KEYS, NIL, PRESETS, spades_rules
from scorekeeper.engine.spades.scoring import score_spades

PLAYERS = ("Ann", "Bob", "Cat", "Dan")


def key_values(name: str) -> st.SearchStrategy[Any]:
    spec = KEYS[name]
    if spec.choices is not None:
        return st.sampled_from(spec.choices)
    low = spec.minimum if spec.minimum is not None else -1000
    high = spec.maximum if spec.maximum is not None else 1000
    values = st.integers(min_value=max(low, -1000), max_value=min(high, 1000))
    return st.none() | values if spec.optional else values


@st.composite
def house_rules(draw: st.DrawFn) -> dict[str, Any]:
    data: dict[str, Any] = {"preset": draw(st.sampled_from(sorted(PRESETS)))}
    for name in draw(st.sets(st.sampled_from(sorted(KEYS)), max_size=6)):
        data[name] = draw(key_values(name))
    return data


@st.composite
def tricks_split(draw: st.DrawFn) -> tuple[int, ...]:
    cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
    bounds = [0, *cuts, 13]
    return tuple(bounds[i + 1] - bounds[i] for i in range(4))


@st.composite
def legal_games(draw: st.DrawFn, max_hands: int = 12) -> SpadesGame:
    """A game whose every hand is legal at the moment it is bid (built hand by hand)."""
    rules = spades_rules(draw(house_rules()))
    game = SpadesGame(players=PLAYERS, dealer=draw(st.integers(0, 3)), rules=rules)
    for _ in range(draw(st.integers(0, max_hands))):
        sheet = score_spades(game)
        if sheet.finished:
            break
        bids = []
        for seat in range(4):
            side = game.side_of(seat)
            candidates = [
                bid for bid in [*range(0, 14), NIL, BLIND_NIL] if can_bid(rules, bid, side=side, totals=sheet.totals)
            ]
            bids.append(draw(st.sampled_from(candidates)))
        hand = SpadesHand(tuple(bids), draw(tricks_split()))
        game = SpadesGame(game.players, game.dealer, rules, (*game.hands, hand))
    return game


@settings(max_examples=200, deadline=None)
@given(legal_games())
def test_any_legal_game_scores_and_totals_are_the_running_sum_of_hand_points(game):
    sheet = score_spades(game)
    running = [0, 0]
    for hand in sheet.hands:
        running = [total + points for total, points in zip(running, hand.points, strict=True)]
        assert list(hand.totals) == running
    assert list(sheet.totals) == running


@settings(max_examples=200, deadline=None)
@given(legal_games())
def test_each_hands_points_are_the_sum_of_its_explained_lines(game):
    for hand in score_spades(game).hands:
        for side in (0, 1):
            assert sum(line.points for line in hand.lines if line.side == side) == hand.points[side]
        for line in hand.lines:
            assert line.render()  # every template has its parameters


@settings(max_examples=200, deadline=None)
@given(legal_games())
def test_bags_carried_stay_below_the_bag_limit(game):
    rules = game.rules
    for hand in score_spades(game).hands:
        for bags in hand.bags:
            assert bags >= 0
            if rules.bag_penalty_applies:
                assert bags < rules.bag_limit


def over(rules: Any, totals: tuple[int, ...]) -> bool:
    """Independent oracle for spades.md "Standard scoring 5" with win_on and lose_at (two sides)."""
    reached = [t for t in totals if (t >= rules.target if rules.win_on == "reach" else t > rules.target)]
    if reached:
        return reached.count(max(reached)) == 1
    if rules.lose_at is not None and min(totals) <= rules.lose_at:
        alive = [t for t in totals if t > rules.lose_at] or list(totals)
        return alive.count(max(alive)) == 1
    return False


@settings(max_examples=200, deadline=None)
@given(legal_games())
def test_the_game_ends_exactly_when_a_side_wins_by_target_or_lose_at(game):
    sheet = score_spades(game)
    for hand in sheet.hands[:-1]:
        assert not over(game.rules, hand.totals)
    if sheet.hands:
        assert sheet.finished == over(game.rules, sheet.totals)
    if sheet.finished:
        assert sheet.totals[sheet.winner] == max(sheet.totals)
        assert sheet.end is not None and sheet.end.side == sheet.winner


@settings(max_examples=150, deadline=None)
@given(legal_games())
def test_moving_everyone_one_seat_swaps_the_sides_scores(game):
    """Scoring depends on the partnerships, not on who sits where."""

    def rotate(values: tuple[Any, ...]) -> tuple[Any, ...]:
        return values[1:] + values[:1]

    rotated = SpadesGame(
        players=rotate(game.players),
        dealer=(game.dealer - 1) % 4,
        rules=game.rules,
        hands=tuple(SpadesHand(rotate(hand.bids), rotate(hand.tricks)) for hand in game.hands),
    )
    original, moved = score_spades(game), score_spades(rotated)
    assert [hand.points[::-1] for hand in original.hands] == [hand.points for hand in moved.hands]
    assert original.bags[::-1] == moved.bags
    assert original.finished == moved.finished
    if original.finished:
        assert moved.winner == 1 - original.winner
