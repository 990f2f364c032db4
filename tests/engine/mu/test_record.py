"""The Mü game record (docs/game-record.md, "A Mü deal"): parse, write, score output."""

from __future__ import annotations

import copy
import json

import pytest

from scorekeeper.engine.errors import RecordError, RuleError
from scorekeeper.engine.mu.game import Eklat, MuGame, Played
from scorekeeper.engine.record import game_record, parse_record, score_record

#: The format's two examples, played by the rulebook's five players (the played deal is Beispiel 8).
PLAYED = {
    "chef": 3,
    "level": 4,
    "vize": 2,
    "chef_trump": "green",
    "vize_trump": 7,
    "partner": 0,
    "points": [9, 10, 14, 20, 7],
}
EKLAT = {"eklat": {"level": 3, "tied": [0, 2, 3], "last": 3}}
RECORD = {
    "format": "scorekeeper-game/1",
    "game": "mu",
    "players": ["Anna", "Beate", "Conny", "Dagmar", "Emma"],
    "dealer": 0,
    "rules": {"preset": "standard"},
    "hands": [PLAYED, EKLAT],
}


def test_the_format_examples_parse_game_record_a_mu_deal():
    game = parse_record(RECORD)
    assert isinstance(game, MuGame)
    assert game.players == ("Anna", "Beate", "Conny", "Dagmar", "Emma")
    assert game.rules.target == 200  # game-record.md: "Mü keys: target (default 200)"
    assert game.deals == (
        Played(chef=3, level=4, vize=2, chef_trump="green", vize_trump=7, partner=0, points=(9, 10, 14, 20, 7)),
        Eklat(level=3, tied=(0, 2, 3), last=3),
    )


def test_the_format_examples_score_game_record_what_score_prints():
    output = score_record(RECORD)
    # game-record.md: "bags: bag count carried after it (Spades only)": no bags for Mü
    assert set(output) == {"sides", "hands", "totals", "finished", "winner"}
    assert output["sides"] == ["Anna", "Beate", "Conny", "Dagmar", "Emma"]  # every player is a side
    played, eklat = output["hands"]
    assert set(played) == set(eklat) == {"points", "totals", "lines"}
    # Beispiel 8: 20 + 9 = 29 of 33 -> level 2, d = 2. Anna 9 + 0, Beate 10 + 10, Conny 14 + 10,
    # Dagmar 20 - 20, Emma 7 + 10
    assert played["points"] == [9, 20, 24, 0, 17]
    assert played["totals"] == [9, 20, 24, 0, 17]
    # Beispiel 3: Anna +15, Conny +15, Dagmar -30
    assert eklat["points"] == [15, 0, 15, -30, 0]
    assert eklat["totals"] == [24, 20, 39, -30, 17]
    assert output["totals"] == [24, 20, 39, -30, 17]
    assert output["finished"] is False and output["winner"] is None
    for hand in output["hands"]:
        assert all(isinstance(line, str) and "(mu.md §" in line for line in hand["lines"])
    assert played["lines"][0] == "Anna: card points taken, +9 (mu.md §8.1)"
    assert eklat["lines"][-1] == "Dagmar: Eklat, laid last on 3 cards: -10 × 3 = -30 (mu.md §4 Eklat)"
    json.dumps(output)  # plain JSON


def test_everyone_passed_is_eklat_null_game_record():
    game = parse_record({**RECORD, "hands": [{"eklat": None}]})
    assert game.deals == (Eklat(),)
    output = score_record({**RECORD, "hands": [{"eklat": None}]})
    assert output["hands"][0]["points"] == [0, 0, 0, 0, 0]
    assert output["hands"][0]["lines"] == ["Eklat: everyone passed in the first round, no points (mu.md §4 Eklat)"]


def test_a_finished_game_names_the_winner_by_seat():
    record = {**RECORD, "rules": {"preset": "standard", "target": 10}, "hands": [PLAYED]}
    output = score_record(record)  # Conny 24 alone has the most, over 10
    assert output["finished"] is True and output["winner"] == 2
    assert output["hands"][0]["lines"][-1] == "Conny wins the game with 24 (mu.md §9)"


def test_record_round_trip():
    assert game_record(parse_record(RECORD)) == RECORD


def test_record_round_trip_with_house_rules_and_null_trumps():
    record = copy.deepcopy(RECORD)
    record["rules"] = {"preset": "standard", "target": 300, "bonus_above_seven": "rising"}
    record["players"] = ["Ann", "Bob", "Cat"]
    record["dealer"] = 2
    record["hands"] = [
        {
            "chef": 1,
            "level": 9,
            "vize": None,
            "chef_trump": None,
            "vize_trump": None,
            "partner": None,
            "points": [0, 30, 6],
        },
        {"eklat": None},
    ]
    game = parse_record(record)
    assert game.rules.target == 300 and game.rules.bonus_above_seven == "rising"
    assert game_record(game) == record
    # 3 players, level 9 needs 28: 30 made; no trump at level 9 rising: 40 + 80 = 120, capped at 100
    assert score_record(record)["hands"][0]["points"] == [0, 130, 6]


def test_rules_may_be_omitted_and_default_to_the_rulebook():
    record = {key: value for key, value in RECORD.items() if key != "rules"}
    game = parse_record(record)
    assert game.rules.target == 200 and game.rules.bonus_above_seven == "flat"


def test_player_names_are_trimmed():
    game = parse_record({**RECORD, "players": [" Anna ", "Beate", "Conny", "Dagmar", "Emma"]})
    assert game.players[0] == "Anna"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r["hands"][0].update(moon=True), "Deal 1: Unknown field 'moon' in a deal."),
        (lambda r: r["hands"][0].update(bids=[1, 2, 3, 4, 5]), "Deal 1: Unknown field 'bids' in a deal."),
        (lambda r: r["hands"][1]["eklat"].update(chef=3), 'Deal 2: \'eklat\' is null or {"level", "tied", "last"}.'),
        (lambda r: r["hands"][1]["eklat"].pop("last"), 'Deal 2: \'eklat\' is null or {"level", "tied", "last"}.'),
        (lambda r: r["hands"][1].update(level=3), "Deal 2: An Eklat deal has only the field 'eklat'."),
        (lambda r: r["hands"][1].update(eklat=3), 'Deal 2: \'eklat\' is null or {"level", "tied", "last"}.'),
        (lambda r: r["hands"][1]["eklat"].update(tied=(0, 2)), "Deal 2: 'eklat' is null or"),
        (lambda r: r.update(players=["Ann", "Bob"]), "'players' must list 3 to 6 players' names in seating order."),
        (lambda r: r.update(players=list("ABCDEFG")), "'players' must list 3 to 6 players' names in seating order."),
        (lambda r: r.update(players=["Ann", "Bob", " "]), "'players' must list 3 to 6"),
        (lambda r: r.update(players="Anna"), "'players' must list 3 to 6"),
        (lambda r: r.update(dealer=5), "'dealer' must be a seat index from 0 to 4."),
        (lambda r: r.update(dealer=True), "'dealer' must be a seat index"),
        (lambda r: r.update(hands={}), "'hands' must be a list."),
        (lambda r: r["hands"].append([]), "Deal 3: A deal must be an object."),
        (lambda r: r["hands"][0].update(points="9,10,14,20,7"), "Deal 1: 'points' must be a list."),
        (lambda r: r["rules"].update(bags=3), "Unknown house rule 'bags'."),
        (lambda r: r["rules"].update(target=0), "House rule 'target' must be between 1 and 10000, not 0."),
        (lambda r: r["rules"].update(bonus_above_seven="up"), "bonus_above_seven"),
    ],
)
def test_malformed_mu_records_are_clear_errors(change, message):
    record = copy.deepcopy(RECORD)
    change(record)
    with pytest.raises(RecordError) as caught:
        score_record(record)
    assert message in str(caught.value)


@pytest.mark.parametrize("name", ["chef", "level", "vize", "chef_trump", "vize_trump", "partner", "points"])
def test_a_played_deal_needs_every_field_even_when_null(name):
    """game-record.md: vize and partner are written as null, never left out."""
    record = copy.deepcopy(RECORD)
    del record["hands"][0][name]
    with pytest.raises(RecordError) as caught:
        parse_record(record)
    assert str(caught.value) == f"Deal 1: A played deal needs '{name}'. (game-record.md)"
    assert caught.value.field == name and caught.value.hand == 0


@pytest.mark.parametrize("players", [2, 7])
def test_mu_is_for_3_to_6_players_mu_1(players):
    names = ["Anna", "Beate", "Conny", "Dagmar", "Emma", "Frank", "Gerd"][:players]
    with pytest.raises(RecordError, match="'players' must list 3 to 6 players' names") as caught:
        parse_record({**RECORD, "players": names, "hands": []})
    assert caught.value.field == "players"


def test_rule_errors_name_the_deal():
    record = copy.deepcopy(RECORD)
    record["hands"].append({**PLAYED, "points": [9, 10, 14, 20, 8]})
    with pytest.raises(RuleError, match=r"^Deal 3: The card points add up to 61, but a deal has 60\. \(mu\.md §1\)$"):
        score_record(record)


def test_a_seat_out_of_range_is_a_clear_error():
    record = copy.deepcopy(RECORD)
    record["hands"][0]["chef"] = 7
    with pytest.raises(RuleError, match="^Deal 1: 'chef' must be a seat from 0 to 4"):
        score_record(record)


def test_an_eklat_with_a_non_seat_among_the_tied_is_a_clear_error():
    record = copy.deepcopy(RECORD)
    record["hands"][1]["eklat"]["tied"] = [[0], 2, 3]
    with pytest.raises(RuleError, match="^Deal 2: An Eklat needs two or more different tied players"):
        score_record(record)
