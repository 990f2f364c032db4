"""Ratings (docs/ratings.md): OpenSkill's Plackett-Luce with its default parameters, one finished
game one match. Each case is checked against the openskill package called by hand on the same games."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from scorekeeper.engine.ratings import (
    SPLITS,
    Match,
    fairest_split,
    file_matches,
    ladder,
    match_of,
    match_ranks,
    name_key,
    seat_order,
)
from scorekeeper.engine.record import parse_record, score_game

ONE_HAND = {"preset": "standard", "hand_limit": 1}


def spades(players, bids, tricks, rules=ONE_HAND):
    return {"format": "scorekeeper-game/1", "game": "spades", "players": players, "dealer": 0, "rules": rules,
            "hands": [{"bids": bids, "tricks": tricks}]}  # fmt: skip


def by_name(ratings):
    return {rating.name: rating for rating in ratings}


def test_a_partnership_game_is_one_match_of_two_teams_as_openskill_rates_it():
    # Ann & Cat bid 10 and make it (+100), Bob & Dan bid 3, take 3 (+30): side 0 wins.
    record = spades(["Ann", "Bob", "Cat", "Dan"], [5, 2, 5, 1], [5, 2, 5, 1])
    game = parse_record(record)
    match = match_of(game, score_game(game))
    assert match == Match((("Ann", "Cat"), ("Bob", "Dan")), (1, 2))
    model = PlackettLuce()
    (ann, cat), (bob, dan) = model.rate(
        [[model.rating(), model.rating()], [model.rating(), model.rating()]], ranks=[1, 2]
    )
    rated = by_name(ladder([match]))
    for name, expected in (("Ann", ann), ("Cat", cat), ("Bob", bob), ("Dan", dan)):
        assert (rated[name].mu, rated[name].sigma) == pytest.approx((expected.mu, expected.sigma), abs=1e-12)
        assert rated[name].ordinal == pytest.approx(expected.ordinal(), abs=1e-12)
        assert rated[name].games == 1


def test_games_are_rated_in_order_each_from_the_ratings_the_last_left():
    first = Match((("Ann",), ("Bob",), ("Cat",)), (1, 2, 3))
    second = Match((("Cat",), ("Ann",)), (1, 2))
    model = PlackettLuce()
    ann, bob, cat = (model.rating() for _ in range(3))
    [[ann], [bob], [cat]] = model.rate([[ann], [bob], [cat]], ranks=[1, 2, 3])
    [[cat], [ann]] = model.rate([[cat], [ann]], ranks=[1, 2])
    rated = by_name(ladder([first, second]))
    assert (rated["Ann"].mu, rated["Ann"].sigma, rated["Ann"].games) == pytest.approx((ann.mu, ann.sigma, 2))
    assert (rated["Cat"].mu, rated["Cat"].sigma) == pytest.approx((cat.mu, cat.sigma))
    assert rated["Bob"].games == 1
    assert [line.name for line in ladder([first, second])] == sorted(rated, key=lambda name: -rated[name].ordinal)


def test_equal_totals_share_a_rank_and_tie_in_openskill():
    assert match_ranks([120, 80, 120, 40], None) == (1, 3, 1, 4)
    model = PlackettLuce()
    teams = [[model.rating()], [model.rating()]]
    [[first], [second]] = model.rate(teams, ranks=[1, 1])
    rated = by_name(ladder([Match((("Ann",), ("Bob",)), (1, 1))]))
    assert rated["Ann"].mu == pytest.approx(first.mu) == pytest.approx(second.mu) == pytest.approx(rated["Bob"].mu)


def test_a_game_ended_outright_ranks_its_winner_first_whatever_its_total():
    assert match_ranks([-150, 210], 0) == (1, 2)  # a Boston or a set-twice win below the other's total
    assert match_ranks([90, 90, 90], 2) == (2, 2, 1)


def test_a_game_not_over_is_not_rated():
    record = spades(["Ann", "Bob", "Cat", "Dan"], [5, 2, 5, 1], [5, 2, 5, 1], rules={"preset": "standard"})
    game = parse_record(record)
    assert match_of(game, score_game(game)) is None
    assert file_matches(record) == []


def test_names_are_one_player_as_the_app_compares_them():
    assert name_key("  ANN\u200b ") == name_key("ann")
    rated = ladder([Match((("Ann",), ("Bob",)), (1, 2)), Match((("ann ",), ("BOB",)), (1, 2))])
    assert [(line.name, line.games) for line in rated] == [("Ann", 2), ("Bob", 2)]  # the first spelling


def test_a_mu_game_rates_every_player_as_a_team_of_one():
    """Five players, one deal to a hand limit of 1 (the format's example deal): five teams of one,
    ranked by their totals."""
    deal = {"chef": 3, "level": 4, "vize": 2, "chef_trump": "green", "vize_trump": 7, "partner": 0,
            "points": [9, 10, 14, 20, 7]}  # fmt: skip
    record = {"format": "scorekeeper-game/1", "game": "mu", "players": ["Anna", "Beate", "Conny", "Dagmar", "Emma"],
              "dealer": 0, "rules": {"preset": "standard", "hand_limit": 1}, "hands": [deal]}  # fmt: skip
    game = parse_record(record)
    sheet = score_game(game)
    [match] = file_matches(record)
    assert match.teams == (("Anna",), ("Beate",), ("Conny",), ("Dagmar",), ("Emma",))
    assert match.ranks == match_ranks(sheet.totals, sheet.winner)
    assert match.ranks[sheet.winner] == 1


def test_a_backup_a_list_and_an_event_record_give_their_games_in_order():
    one = spades(["Ann", "Bob", "Cat", "Dan"], [5, 2, 5, 1], [5, 2, 5, 1])
    two = spades(["Ann", "Bob", "Cat", "Dan"], [1, 5, 2, 5], [1, 5, 2, 5])
    assert file_matches({"games": [one, two]}) == file_matches([one, two]) == file_matches(one) + file_matches(two)


def test_an_event_record_gives_its_tables_games_round_by_round():
    one = spades(["Ann", "Bob", "Cat", "Dan"], [5, 2, 5, 1], [5, 2, 5, 1])
    event = {"format": "scorekeeper-event/1", "game": "spades", "rules": ONE_HAND, "style": "teams",
             "pairing": "round_robin", "entrants": [{"name": "Aces", "players": ["Ann", "Cat"]},
                                                   {"name": "Jacks", "players": ["Bob", "Dan"]}],
             "played": [{"tables": [{"entrants": [0, 1], "game": one}], "bye": []}]}  # fmt: skip
    assert file_matches(event) == file_matches(one)


# --- fair partners: the split of four players closest to 50/50 --------------------------------------


def by_hand(ratings, split):
    """OpenSkill's predict_win for ``split`` of ``ratings`` (``None``: a new player), called by hand."""
    model = PlackettLuce()
    players = [model.rating() if rating is None else model.rating(mu=rating[0], sigma=rating[1]) for rating in ratings]
    return model.predict_win([[players[seat] for seat in team] for team in split])


def test_the_three_splits_keep_the_first_player_first_and_the_seating_first():
    assert SPLITS == (((0, 2), (1, 3)), ((0, 1), (2, 3)), ((0, 3), (1, 2)))
    assert [seat_order(split) for split in SPLITS] == [(0, 1, 2, 3), (0, 2, 1, 3), (0, 1, 3, 2)]


@pytest.mark.parametrize("ratings", [[None] * 4, [(30.0, 2.0)] * 4, [None, (25.0, 25 / 3), None, (25.0, 25 / 3)]])
def test_with_equal_ratings_every_split_is_even_and_the_seating_is_kept(ratings):
    for split in SPLITS:
        assert by_hand(ratings, split) == pytest.approx([0.5, 0.5])
    split, chances = fairest_split(ratings)
    assert split == SPLITS[0]
    assert chances == pytest.approx((0.5, 0.5))


def test_two_strong_and_two_weak_players_are_split_up():
    strong, weak = (35.0, 3.0), (18.0, 4.0)
    ratings = [strong, weak, strong, weak]  # seated so, the strong ones partner (seats 1 and 3)
    assert abs(by_hand(ratings, SPLITS[0])[0] - 0.5) > 0.3  # far from even
    split, chances = fairest_split(ratings)
    assert split == SPLITS[1]  # as even as SPLITS[2] (strong & weak v strong & weak): the first kept
    assert chances == pytest.approx(tuple(by_hand(ratings, split)), abs=1e-12)
    assert chances == pytest.approx((0.5, 0.5))
    assert fairest_split([strong, strong, weak, weak])[0] == SPLITS[0]  # seated apart already


def test_the_fairest_of_three_unequal_splits_with_its_chances_by_hand():
    ratings = [(40.0, 2.0), (20.0, 3.0), (30.0, 2.5), None]
    chances = {split: by_hand(ratings, split) for split in SPLITS}
    fairest = min(SPLITS, key=lambda split: abs(chances[split][0] - 0.5))
    split, got = fairest_split(ratings)
    assert split == fairest == ((0, 1), (2, 3))  # 40 & 20 v 30 & 25
    assert got == pytest.approx(tuple(chances[fairest]), abs=1e-12)
    assert sum(got) == pytest.approx(1.0)


def test_fairest_split_needs_four_players():
    with pytest.raises(ValueError):
        fairest_split([None, None, None])
