"""Properties of Spades scoring over random legal games under random house rules."""

from __future__ import annotations

from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.spades.bidding import offered_bids, offered_side_bids, verify_hand
from scorekeeper.engine.spades.game import Bemo, SpadesGame, SpadesHand
from scorekeeper.engine.spades.rules import KEYS, PRESETS, spades_rules
from scorekeeper.engine.spades.scoring import score_spades
from tests.profiles import examples


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
    data: dict[str, Any] = {"preset": draw(st.sampled_from(sorted(set(PRESETS) - {"tournament"})))}
    # The tournament keys end games by limits and move tricks: their own properties are in test_tournament.
    for name in draw(
        st.sets(st.sampled_from(sorted(key for key in KEYS if KEYS[key].group != "tournament")), max_size=6)
    ):
        data[name] = draw(key_values(name))
    return data


@st.composite
def tricks_split(draw: st.DrawFn, seats: int = 4, tricks: int = 13) -> tuple[int, ...]:
    """Tricks taken per seat, adding up to ``tricks``."""
    cuts = sorted(draw(st.lists(st.integers(0, tricks), min_size=seats - 1, max_size=seats - 1)))
    bounds = [0, *cuts, tricks]
    return tuple(bounds[i + 1] - bounds[i] for i in range(seats))


@st.composite
def candidate_hand(draw: st.DrawFn, game: SpadesGame, totals: tuple[int, ...], number: int) -> SpadesHand | None:
    """A hand built from the buttons the sheet would offer; it may still break a rule between seats."""
    rules = game.rules
    tricks = draw(tricks_split(len(game.players), rules.tricks))
    if rules.misdeal != "none" and draw(st.integers(0, 9)) == 0:
        return SpadesHand(None, None, misdeal=draw(st.integers(0, len(game.players) - 1)))
    if rules.first_hand_bids_itself and number == 0:
        return SpadesHand(None, tricks)
    sides = range(len(game.sides))
    if rules.bidding == "partnership":
        if not offered_side_bids(rules):
            return None
        bids = tuple(draw(st.sampled_from(offered_side_bids(rules))) for _ in sides)
    else:
        offers = [offered_bids(rules, side=game.side_of(seat), totals=totals) for seat in range(len(game.players))]
        if not all(offers):
            return None  # house rules under which some player has no legal bid at all
        bids = tuple(draw(st.sampled_from(offer)) for offer in offers)
    taken = [sum(tricks[seat] for seat in seats) for seats in game.sides]
    bemo_side, bemo_kind = draw(st.sampled_from(sides)), draw(st.sampled_from(["little", "big"]))
    # What a hand claims must be possible (issue 16): a bemo made with the tricks for it, one side's high-spade run.
    bemo_made = draw(st.booleans()) and taken[bemo_side] >= (6 if bemo_kind == "little" else 9)
    run_side = draw(st.sampled_from(sides))
    run = tuple(min(draw(st.integers(0, 3)), taken[side]) if side == run_side else 0 for side in sides)
    return SpadesHand(
        bids,
        tricks,
        blind=tuple(draw(st.sets(st.sampled_from(sides), max_size=1))) if rules.blind_bids else (),
        ten_for_two_hundred=tuple(draw(st.sets(st.sampled_from(sides), max_size=1)))
        if rules.ten_for_two_hundred
        else (),
        no_trump=tuple(draw(st.sets(st.sampled_from(sides), max_size=1))) if rules.no_trump_bids else (),
        bemo=(Bemo(bemo_side, bemo_kind, bemo_made),) if rules.bemo and draw(st.booleans()) else (),
        bag_cancel=draw(st.sampled_from(sides)) if rules.bag_cancel_card else None,
        high_spade_run=run if rules.cutthroat_bonus else None,
    )


@st.composite
def legal_games(draw: st.DrawFn, max_hands: int = 12) -> SpadesGame:
    """A game whose every hand is legal at the moment it is bid (built hand by hand).

    Candidate hands come from the offered buttons; one the engine refuses
    (a rule between seats, a declaration not allowed now) is drawn again.
    """
    rules = spades_rules(draw(house_rules()))
    players = tuple(f"P{seat}" for seat in range(rules.seats))
    game = SpadesGame(players=players, dealer=draw(st.integers(0, rules.seats - 1)), rules=rules)
    for _ in range(draw(st.integers(0, max_hands))):
        sheet = score_spades(game)
        if sheet.finished:
            break
        for _attempt in range(20):
            hand = draw(candidate_hand(game, sheet.totals, len(game.hands)))
            if hand is None:
                break
            try:
                verify_hand(game, hand, totals=sheet.totals, number=len(game.hands))
            except RuleError:
                continue
            game = SpadesGame(game.players, game.dealer, rules, (*game.hands, hand))
            break
        else:
            break
    return game


@settings(max_examples=examples(200))
@given(legal_games())
def test_any_legal_game_scores_and_totals_are_the_running_sum_of_hand_points(game):
    sheet = score_spades(game)
    running = [0] * len(sheet.sides)
    for hand in sheet.hands:
        running = [total + points for total, points in zip(running, hand.points, strict=True)]
        assert list(hand.totals) == running
    assert list(sheet.totals) == running


@settings(max_examples=examples(200))
@given(legal_games())
def test_each_hands_points_are_the_sum_of_its_explained_lines(game):
    for hand in score_spades(game).hands:
        for side in range(len(hand.points)):
            assert sum(line.points for line in hand.lines if line.side == side) == hand.points[side]
        for line in hand.lines:
            assert line.render()  # every template has its parameters


@settings(max_examples=examples(200))
@given(legal_games())
def test_bags_carried_stay_below_the_bag_limit(game):
    rules = game.rules
    for hand in score_spades(game).hands:
        for bags in hand.bags:
            assert bags >= 0
            if rules.bag_penalty_applies:
                assert bags < rules.bag_limit


def ends_outright(rules: Any) -> bool:
    """Whether a hand can end the game whatever the score (moon, Boston, sets in a row, double nil)."""
    return (
        rules.moon_wins_game
        or rules.boston_wins
        or rules.set_twice_loses
        or (rules.double_nil and rules.double_nil_penalty == "lose_game")
    )


def over(rules: Any, totals: tuple[int, ...]) -> bool:
    """Independent oracle for spades.md "Standard scoring 5" with win_on and lose_at."""
    reached = [t for t in totals if (t >= rules.target if rules.win_on == "reach" else t > rules.target)]
    if reached:
        return reached.count(max(reached)) == 1
    if rules.lose_at is not None and min(totals) <= rules.lose_at:
        alive = [t for t in totals if t > rules.lose_at] or list(totals)
        return alive.count(max(alive)) == 1
    return False


@settings(max_examples=examples(200))
@given(legal_games())
def test_the_game_ends_exactly_when_a_side_wins_by_target_or_lose_at(game):
    assume(not ends_outright(game.rules))
    sheet = score_spades(game)
    for hand in sheet.hands[:-1]:
        assert not over(game.rules, hand.totals)
    if sheet.hands:
        assert sheet.finished == over(game.rules, sheet.totals)
    if sheet.finished:
        assert sheet.totals[sheet.winner] == max(sheet.totals)
        assert sheet.end is not None and sheet.end.side == sheet.winner


@settings(max_examples=examples(150))
@given(legal_games())
def test_moving_everyone_one_seat_swaps_the_sides_scores(game):
    """With four players in partnerships, scoring depends on the partnerships, not on who sits where."""
    assume(game.rules.players == 4)

    def rotate(values: Any) -> Any:
        return None if values is None else values[1:] + values[:1]

    def other(sides: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(1 - side for side in sides)

    def moved(hand: SpadesHand) -> SpadesHand:
        partnership = game.rules.bidding == "partnership"
        return SpadesHand(
            bids=None if hand.bids is None else (hand.bids[::-1] if partnership else rotate(hand.bids)),
            tricks=rotate(hand.tricks),
            blind=other(hand.blind),
            ten_for_two_hundred=other(hand.ten_for_two_hundred),
            no_trump=other(hand.no_trump),
            bemo=tuple(Bemo(1 - bemo.side, bemo.kind, bemo.made) for bemo in hand.bemo),
            bag_cancel=None if hand.bag_cancel is None else 1 - hand.bag_cancel,
            misdeal=None if hand.misdeal is None else (hand.misdeal - 1) % 4,
            high_spade_run=None if hand.high_spade_run is None else hand.high_spade_run[::-1],
        )

    rotated = SpadesGame(rotate(game.players), (game.dealer - 1) % 4, game.rules, tuple(map(moved, game.hands)))
    original, turned = score_spades(game), score_spades(rotated)
    assert [hand.points[::-1] for hand in original.hands] == [hand.points for hand in turned.hands]
    assert original.bags[::-1] == turned.bags
    assert original.finished == turned.finished
    if original.finished:
        assert turned.winner == 1 - original.winner
