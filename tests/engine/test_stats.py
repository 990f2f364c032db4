"""Each player's figures from one scored game (``scorekeeper.engine.stats``), on hands with known answers.

Seats: 0 Ann, 1 Bob, 2 Cat, 3 Dan; Ann & Cat against Bob & Dan (spades.md "Partnerships").
"""

from __future__ import annotations

from scorekeeper.engine.record import parse_record, score_game
from scorekeeper.engine.stats import player_lines

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def lines(hands: list[dict], game: str = "spades", players: list[str] = PLAYERS, **rules: object):
    record = {
        "format": "scorekeeper-game/1",
        "game": game,
        "players": players,
        "dealer": 0,
        "rules": {"preset": "standard", **rules} if game == "spades" else dict(rules),
        "hands": hands,
    }
    engine = parse_record(record)
    return player_lines(engine, score_game(engine))


def test_bids_made_and_set_bid_accuracy_and_bags_per_player() -> None:
    # Ann 5 took 6, Cat 5 took 5: Ann & Cat bid 10, took 11, made (1 bag, Ann's).
    # Bob nil took 0: made. Dan 3 took 2: Bob & Dan set (spades.md: Standard scoring 2, 3).
    ann, bob, cat, dan = lines([{"bids": [5, "nil", 5, 3], "tricks": [6, 0, 5, 2]}])
    assert (ann.number_bids, ann.bids_made, ann.bids_set, ann.bid_difference, ann.bags) == (1, 1, 0, 1, 1)
    assert (cat.number_bids, cat.bids_made, cat.bid_difference, cat.bags) == (1, 1, 0, 0)
    assert (bob.number_bids, bob.nil_attempts, bob.nil_made) == (0, 1, 1)
    assert (dan.number_bids, dan.bids_made, dan.bids_set, dan.bid_difference, dan.bags) == (1, 0, 1, -1, 0)
    assert (ann.side, bob.side, cat.side, dan.side) == (0, 1, 0, 1)
    assert (ann.total, bob.total) == (101, 70)
    assert all(line.hands == 1 for line in (ann, bob, cat, dan))


def test_a_failed_nil_and_a_blind_nil() -> None:
    # Hand 1 sets Bob & Dan far behind, so Bob may bid blind nil in hand 2 (spades.md: blind_nil).
    ann, bob, _cat, _dan = lines(
        [
            {"bids": [6, 1, 6, 1], "tricks": [6, 0, 6, 1]},
            {"bids": ["nil", "blind_nil", 4, 4], "tricks": [1, 0, 6, 6]},
        ]
    )
    assert (ann.nil_attempts, ann.nil_made, ann.blind_nil_attempts) == (1, 0, 0)
    assert (bob.blind_nil_attempts, bob.blind_nil_made, bob.nil_attempts) == (1, 1, 0)
    assert (ann.number_bids, ann.hands) == (1, 2)


def test_bag_penalty_caused_only_by_the_player_who_took_bags() -> None:
    # Bag limit 3: Ann bid 1 took 4, three bags; Cat took exactly her bid (spades.md: Standard scoring 4).
    ann, _bob, cat, _dan = lines([{"bids": [1, 4, 2, 4], "tricks": [4, 4, 2, 3]}], bag_limit=3)
    assert (ann.bags, ann.bag_penalties) == (3, 1)
    assert (cat.bags, cat.bag_penalties) == (0, 0)


def test_thrown_in_hands_and_a_hand_that_bids_itself_are_not_counted() -> None:
    ann, *_ = lines([{"misdeal": 1}, {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}], misdeal="no_spades")
    assert (ann.hands, ann.number_bids) == (1, 1)


def test_the_winner_and_final_totals() -> None:
    # Target 100: Ann & Cat bid 10 and take 11: 101, the game is won (spades.md: Standard scoring 5).
    ann, bob, cat, dan = lines([{"bids": [5, "nil", 5, 3], "tricks": [6, 0, 5, 2]}], target=100)
    assert (ann.won, cat.won, bob.won, dan.won) == (True, True, False, False)


# Bob shows out of hearts in trick 2 (2C on KH), yet plays 7H in trick 3: a revoke the play proves
# (game-record.md, "The play of the cards"; tests/engine/test_replay.py).
REVOKE_PLAY = {
    "leader": 1,
    "tricks": [["2H", "3H", "4H", "AH"], ["KH", "2C", "5H", "6H"], ["3D", "7H", "4D", "5D"]],
}


def test_revokes_per_player_declared_and_proven_by_a_play_whatever_the_penalty() -> None:
    """Two games; every revoke a hand records counts for the seat that made it.

    Game 1, ``revoke_penalty: none``: one hand with a recorded play in which Bob revokes once
    (its ``follow_suit`` foul: it costs nothing, and still counts). Game 2, ``three_tricks``,
    no play: in hand 1 the table declares revokes by Bob and Dan, in hand 2 one more by Bob.
    Bob: 1 + 2 = 3 revokes, Dan: 0 + 1 = 1, Ann and Cat: none.
    """
    first = lines([{"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3], "play": REVOKE_PLAY}], revoke_penalty="none")
    second = lines(
        [
            {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3], "revokes": [1, 3]},
            {"bids": [3, 3, 3, 3], "tricks": [3, 4, 3, 3], "revokes": [1]},
        ],
        revoke_penalty="three_tricks",
    )
    assert [line.revokes for line in first] == [0, 1, 0, 0]
    assert [line.revokes for line in second] == [0, 2, 0, 1]
    # The statistics add the games up per player (games.players.player_figures).
    assert [one.revokes + two.revokes for one, two in zip(first, second, strict=True)] == [0, 3, 0, 1]
    assert [line.hands for line in second] == [2, 2, 2, 2]  # the other figures count as before


def test_a_revoke_counts_in_a_hand_that_bids_itself() -> None:
    ann, _bob, cat, _dan = lines(
        [{"tricks": [4, 3, 3, 3], "revokes": [2]}], revoke_penalty="set", first_hand_bids_itself=True
    )
    assert (cat.revokes, cat.hands) == (1, 0)  # the hand's bids are not judged; its revoke is
    assert ann.revokes == 0


MU_PLAYERS = ["Anna", "Beate", "Conny", "Dagmar"]
MU_DEALS = [
    # Anna Chef at level 2 with Conny: 30 + 10 = 40 of the 32 needed with 4 players (mu.md §6): made.
    {"chef": 0, "level": 2, "vize": 1, "chef_trump": "red", "vize_trump": 7, "partner": 2, "points": [30, 20, 10, 0]},
    # Beate Chef at level 3 with Anna: 15 + 10 = 25 of 34: lost.
    {"chef": 1, "level": 3, "vize": 3, "chef_trump": "blue", "vize_trump": 3, "partner": 0, "points": [10, 15, 20, 15]},
    # Anna and Beate tied on 2 cards, Beate laid last: an Eklat (mu.md §4).
    {"eklat": {"level": 2, "tied": [0, 1], "last": 1}},
]


def test_mu_chef_deals_made_levels_eklats_and_card_points() -> None:
    anna, beate, conny, dagmar = lines(MU_DEALS, game="mu", players=MU_PLAYERS)
    assert (anna.chef_deals, anna.chef_made, anna.chef_levels, anna.eklats, anna.card_points) == (1, 1, 2, 0, 40)
    assert (beate.chef_deals, beate.chef_made, beate.chef_levels, beate.eklats, beate.card_points) == (1, 0, 3, 1, 35)
    assert (conny.chef_deals, conny.card_points, dagmar.card_points) == (0, 30, 15)
    assert all(line.hands == 3 for line in (anna, beate, conny, dagmar))
    assert [line.side for line in (anna, beate, conny, dagmar)] == [0, 1, 2, 3]
