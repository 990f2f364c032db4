"""Properties of Mü scoring over random valid games for 3 to 6 players.

Deals are built to pass ``verify_deal`` (Chef, Vize and partner as mu.md §4-§6 allow,
card points splitting 60, or 36 with 3 players, any trumps, some Eklats); the
expected team scores come from the rulebook's tables written out in helpers.py.
"""

from __future__ import annotations

import json
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.mu.game import Eklat, MuDeal, MuGame, Played
from scorekeeper.engine.mu.rules import mu_rules
from scorekeeper.engine.mu.scoring import score_mu, verify_deal
from scorekeeper.engine.record import game_record, parse_record, score_output, score_record
from tests.profiles import examples

from .helpers import BONUS_TABLE, POINTS_IN_DEAL, TEAM_TARGETS, kind_of, rulebook_bonus, rulebook_reached

NAMES = ("Anna", "Beate", "Conny", "Dagmar", "Emma", "Frank")
TRUMPS = st.sampled_from(("red", "blue", "green", "yellow", "black")) | st.integers(0, 9)


@st.composite
def points_split(draw: st.DrawFn, count: int) -> tuple[int, ...]:
    """Card points per seat, adding up to the deal's 60 (36 with 3 players)."""
    total = POINTS_IN_DEAL[count]
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=count - 1, max_size=count - 1)))
    bounds = [0, *cuts, total]
    return tuple(bounds[i + 1] - bounds[i] for i in range(count))


@st.composite
def valid_deals(draw: st.DrawFn, count: int) -> MuDeal:
    most = len(TEAM_TARGETS[count])  # the hand size
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return Eklat()  # everyone passed
    if kind <= 2:
        tied = draw(st.lists(st.integers(0, count - 1), min_size=2, max_size=count, unique=True))
        return Eklat(draw(st.integers(1, most)), tuple(tied), draw(st.sampled_from(tied)))
    chef = draw(st.integers(0, count - 1))
    others = [seat for seat in range(count) if seat != chef]
    level = draw(st.integers(1, most))
    if count == 3:
        vize = partner = None  # §4: no Vize with 3 players; §6: the Chef plays alone
    else:
        # §4: at level 1 the Chef laid alone (another card would tie): no Vize.
        vize = None if level == 1 else draw(st.none() | st.sampled_from(others))
        partner = draw(st.sampled_from([seat for seat in others if seat != vize]))  # §6: never the Vize
    return Played(
        chef=chef,
        level=level,
        vize=vize,
        chef_trump=draw(st.none() | TRUMPS),  # §5: only the Chef may choose no trump
        vize_trump=None if vize is None else draw(TRUMPS),
        partner=partner,
        points=draw(points_split(count)),
    )


@st.composite
def mu_games(draw: st.DrawFn, max_deals: int = 10) -> MuGame:
    """A game of valid deals, stopped when it is over (no deal may follow the end)."""
    count = draw(st.integers(3, 6))
    rules = mu_rules(
        {
            "target": draw(st.sampled_from((200, 100, 50, 300))),
            "bonus_above_seven": draw(st.sampled_from(("flat", "rising"))),
        }
    )
    game = MuGame(players=NAMES[:count], dealer=draw(st.integers(0, count - 1)), rules=rules)
    for _ in range(draw(st.integers(0, max_deals))):
        if score_mu(game).finished:
            break
        deal = draw(valid_deals(count))
        verify_deal(game, deal)  # the strategy builds only valid deals
        game = replace(game, deals=(*game.deals, deal))
    return game


def expected_bonus(game: MuGame, deal: Played) -> int:
    if game.rules.bonus_above_seven == "rising":
        return min(BONUS_TABLE[kind_of(deal.chef_trump)][0] + 10 * (deal.level - 1), 100)
    return rulebook_bonus(deal.chef_trump, deal.level)


@settings(max_examples=examples(300))
@given(mu_games())
def test_totals_are_the_running_sum_of_deal_points_mu_9(game):
    """§9: "Individual and team points are written per player and added"."""
    sheet = score_mu(game)
    assert sheet.sides == game.players
    running = [0] * len(game.players)
    for hand in sheet.hands:
        running = [total + points for total, points in zip(running, hand.points, strict=True)]
        assert list(hand.totals) == running
    assert list(sheet.totals) == running
    assert len(sheet.hands) == len(game.deals)


@settings(max_examples=examples(300))
@given(mu_games())
def test_each_deals_points_are_the_sum_of_the_players_explanation_lines(game):
    for hand in score_mu(game).hands:
        for seat in range(len(game.players)):
            assert sum(line.points for line in hand.lines if line.side == seat) == hand.points[seat]
        for line in hand.lines:
            assert line.render().endswith(")")  # every template has its parameters and names its source
            if line.side is None:
                assert line.points == 0  # table-wide notes score nothing


@settings(max_examples=examples(300))
@given(mu_games())
def test_played_deals_add_the_card_points_then_the_team_result_mu_8(game):
    """§8: individual card points for everyone; the team change is +bonus each (made) or +5d / -10d / 0 (lost)."""
    sheet = score_mu(game)
    count = len(game.players)
    for deal, hand in zip(game.deals, sheet.hands, strict=True):
        if not isinstance(deal, Played):
            continue
        individual = [
            sum(line.points for line in hand.lines if line.rule == "individual" and line.side == seat)
            for seat in range(count)
        ]
        assert individual == list(deal.points)
        change = [hand.points[seat] - deal.points[seat] for seat in range(count)]
        team = [deal.chef] if deal.partner is None else [deal.chef, deal.partner]
        team_points = sum(deal.points[seat] for seat in team)
        if team_points >= TEAM_TARGETS[count][deal.level - 1]:
            bonus = expected_bonus(game, deal)
            assert sum(change) == bonus * len(team)  # +2 x bonus with a partner, +bonus with 3 players
            assert change == [bonus if seat in team else 0 for seat in range(count)]
        else:
            d = deal.level - rulebook_reached(count, team_points)
            assert d >= 1
            opponents = count - len(team)
            assert sum(change) == 5 * d * opponents - 10 * d
            assert change == [
                -10 * d if seat == deal.chef else 0 if seat == deal.partner else 5 * d for seat in range(count)
            ]


@settings(max_examples=examples(200))
@given(mu_games())
def test_eklats_give_5_per_card_to_the_tied_and_minus_10_to_the_last_mu_4(game):
    for deal, hand in zip(game.deals, score_mu(game).hands, strict=True):
        if not isinstance(deal, Eklat):
            continue
        if deal.level is None:
            assert set(hand.points) == {0}
            continue
        expected = [
            -10 * deal.level if seat == deal.last else 5 * deal.level if seat in deal.tied else 0
            for seat in range(len(game.players))
        ]
        assert list(hand.points) == expected
        assert sum(hand.points) == 5 * deal.level * (len(deal.tied) - 1) - 10 * deal.level


def over(target: int, totals: tuple[int, ...]) -> bool:
    """Oracle for §9: someone has exceeded the total and one player alone has the most."""
    return max(totals) > target and totals.count(max(totals)) == 1


@settings(max_examples=examples(300))
@given(mu_games(max_deals=14))
def test_the_game_ends_when_a_player_exceeds_the_total_with_a_single_highest_total_mu_9(game):
    sheet = score_mu(game)
    for hand in sheet.hands[:-1]:
        assert not over(game.rules.target, hand.totals)
    if sheet.hands:
        assert sheet.finished == over(game.rules.target, sheet.totals)
    if sheet.finished:
        assert sheet.totals[sheet.winner] == max(sheet.totals)
        assert sheet.end is not None and sheet.end.side == sheet.winner
    else:
        assert sheet.winner is None and sheet.end is None


@settings(max_examples=examples(100))
@given(mu_games(max_deals=14), st.data())
def test_no_deal_may_follow_the_end_of_the_game_mu_9(game, data):
    if not score_mu(game).finished:
        return
    deal = data.draw(valid_deals(len(game.players)))
    try:
        score_mu(replace(game, deals=(*game.deals, deal)))
    except RuleError as error:
        assert error.hand == len(game.deals)
        assert str(error).startswith(f"Deal {len(game.deals) + 1}: The game was already over after deal")
    else:
        raise AssertionError("a deal after the end was scored")


@settings(max_examples=examples(300))
@given(mu_games())
def test_record_round_trip(game):
    record = game_record(game)
    assert parse_record(record) == game
    assert parse_record(json.loads(json.dumps(record))) == game
    assert score_record(json.loads(json.dumps(record))) == score_output(score_mu(game), bags=False)


@settings(max_examples=examples(150))
@given(mu_games())
def test_moving_everyone_one_seat_moves_the_scores_with_them(game):
    """Scoring depends on who was Chef, Vize, partner and tied, never on where they sat."""
    count = len(game.players)

    def seat(value):
        return None if value is None else (value - 1) % count

    def rotate(values):
        return values[1:] + values[:1]

    def moved(deal: MuDeal) -> MuDeal:
        if isinstance(deal, Eklat):
            return Eklat(deal.level, tuple(seat(s) for s in deal.tied), seat(deal.last))
        return Played(
            seat(deal.chef),
            deal.level,
            seat(deal.vize),
            deal.chef_trump,
            deal.vize_trump,
            seat(deal.partner),
            rotate(deal.points),
        )

    turned = MuGame(rotate(game.players), seat(game.dealer), game.rules, tuple(map(moved, game.deals)))
    original, other = score_mu(game), score_mu(turned)
    assert [rotate(hand.points) for hand in original.hands] == [hand.points for hand in other.hands]
    assert original.finished == other.finished
    if original.finished:
        assert other.winner == seat(original.winner)
