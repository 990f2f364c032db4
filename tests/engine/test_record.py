"""The game record (docs/game-record.md): parse, write, score output."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.errors import RecordError, RuleError
from scorekeeper.engine.mu.game import MuGame
from scorekeeper.engine.mu.scoring import score_mu
from scorekeeper.engine.record import game_record, load_json, parse_record, score_record
from scorekeeper.engine.score_document import score_json, score_output
from scorekeeper.engine.spades.game import SpadesGame
from scorekeeper.engine.spades.scoring import score_spades
from tests.profiles import examples

from .mu.test_properties import mu_games
from .spades.test_properties import legal_games as spades_games

RECORD = {
    "format": "scorekeeper-game/1",
    "game": "spades",
    "players": ["Ann", "Bob", "Cat", "Dan"],
    "dealer": 0,
    "rules": {"preset": "standard", "target": 300},
    "hands": [{"bids": [4, "nil", 3, 2], "tricks": [6, 1, 4, 2]}],
}


def test_the_format_example_scores_as_documented():
    output = score_record(RECORD)
    assert set(output) == {"sides", "hands", "totals", "bags", "finished", "winner"}
    assert output["sides"] == ["Ann & Cat", "Bob & Dan"]
    hand = output["hands"][0]
    assert set(hand) == {"points", "totals", "bags", "lines"}
    # Ann & Cat bid 7 and took 10: 70 + 3. Bob's nil failed (-100, 1 bag +1); Dan bid 2 took 2 (+20).
    assert hand["points"] == [73, -79]
    assert hand["totals"] == [73, -79] and output["totals"] == [73, -79]
    assert hand["bags"] == [3, 1] and output["bags"] == [3, 1]
    assert all(isinstance(line, str) and "(spades.md" in line for line in hand["lines"])
    assert output["finished"] is False and output["winner"] is None
    json.dumps(output)  # plain JSON


def test_record_round_trip():
    assert game_record(parse_record(RECORD)) == RECORD


def test_rules_may_be_omitted_and_default_to_standard():
    record = {key: value for key, value in RECORD.items() if key != "rules"}
    assert parse_record(record).rules.target == 500


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.update(format="scorekeeper-game/2"), "'format' must be"),
        (lambda r: r.update(game="poker"), "'game' must be"),
        (lambda r: r.update(players=["Ann", "Bob", "Cat"]), "'players' must list the 4 players"),
        (lambda r: r.update(players=["Ann", "Bob", "Cat", " "]), "'players' must list"),
        (lambda r: r.update(dealer=4), "'dealer' must be a seat index from 0 to 3."),
        (lambda r: r.update(dealer=True), "'dealer' must be a seat index"),
        (lambda r: r.update(hands={}), "'hands' must be a list."),
        (lambda r: r.update(extra=1), "Unknown field 'extra' in the game record."),
        (lambda r: r["hands"][0].update(moon=True), "Hand 1: Unknown field 'moon' in a hand."),
        (lambda r: r["hands"][0].pop("tricks"), "Hand 1: 'tricks' must be a list"),
        (lambda r: r["rules"].update(bags=3), "Unknown house rule 'bags'."),
    ],
)
def test_malformed_records_are_clear_errors(change, message):
    record = copy.deepcopy(RECORD)
    change(record)
    with pytest.raises(RecordError) as caught:
        score_record(record)
    assert message in str(caught.value)


def test_not_an_object():
    with pytest.raises(RecordError, match="must be a JSON object"):
        parse_record([])


def test_rule_errors_name_the_hand():
    record = copy.deepcopy(RECORD)
    record["hands"].append({"bids": [4, 4, 4, 4], "tricks": [4, 4, 4, 4]})
    with pytest.raises(RuleError, match=r"^Hand 2: The tricks add up to 16"):
        score_record(record)


def test_a_mu_record_with_spades_hands_is_a_clear_error():
    with pytest.raises(RecordError, match="Deal 1: Unknown field 'bids' in a deal."):
        parse_record({**RECORD, "game": "mu"})


# --- decoding the JSON of a record (issue 11: bad input is refused in words, never a crash) ---


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 1500 + "]" * 1500, "nested too deeply"),
        ("[" * 40 + "]" * 40, "nested too deeply"),
        ('{"dealer": ' + "9" * 5000 + "}", "number too long"),
        ('{"players": ["\\ud800"]}', "not valid"),
        ('{"players": ["a\\u0000b"]}', "not valid"),
        ('{"\\udfff": 1}', "not valid"),
        ('{"hands": [', "not valid JSON"),
    ],
)
def test_load_json_refuses_what_no_record_holds(text, message):
    with pytest.raises(RecordError, match=message):
        load_json(text)


def test_load_json_reads_a_record():
    assert load_json(json.dumps(RECORD)) == RECORD


def test_names_in_a_record_are_stored_normalised():
    data = copy.deepcopy(RECORD)
    data["players"] = ["A\u200bnn", "\u202eBob", "Cat", "Dan"]
    assert parse_record(data).players == ("Ann", "Bob", "Cat", "Dan")


def test_a_name_with_a_control_character_is_refused():
    data = copy.deepcopy(RECORD)
    data["players"] = ["A\x00nn", "Bob", "Cat", "Dan"]
    with pytest.raises(RuleError, match="control characters"):
        parse_record(data)


# What manage.py score prints -----------------------------------------------------------------------------------------

#: Names a table may type that JSON must escape or that are no ASCII.
ODD_NAMES = ('Ann "A" \\ B', "Bø/b\t", "C\u00e4t 😀", "D\u2028an", "</script>", "%(side)s 100%")


@settings(max_examples=examples(100))
@given(spades_games(), st.data())
def test_the_printed_score_is_the_score_document_as_json_a_hand_per_line(game, data):
    players = tuple(data.draw(st.permutations(ODD_NAMES))[: len(game.players)])
    game = SpadesGame(players, game.dealer, game.rules, game.hands)
    sheet = score_spades(game)
    text = score_json(sheet)
    assert json.loads(text) == score_output(sheet)
    lines = text.split("\n")
    assert lines[0] == "{" and lines[-1] == "}"
    if sheet.hands:  # a field per line, a hand per line
        assert lines[1].startswith('  "sides": ') and lines[2] == '  "hands": ['
        assert [json.loads(line.strip().rstrip(",")) for line in lines[3 : 3 + len(sheet.hands)]] == json.loads(text)[
            "hands"
        ]


@settings(max_examples=examples(100))
@given(mu_games(), st.data())
def test_the_printed_mu_score_is_its_score_document_as_json(game, data):
    players = tuple(data.draw(st.permutations(ODD_NAMES))[: len(game.players)])
    sheet = score_mu(MuGame(players, game.dealer, game.rules, game.deals))
    assert json.loads(score_json(sheet, bags=False)) == score_output(sheet, bags=False)


def test_load_json_refuses_text_that_is_no_valid_text_however_it_is_written():
    """A lone surrogate or a NUL is refused as an escape, in a name or a key, and as such text itself."""
    for text in ('{"a": "\\ud800"}', '{"\\u0000": 1}', '["x\\u0000"]', '{"a": "\ud800"}'):
        with pytest.raises(RecordError, match="not valid"):
            load_json(text)
    assert load_json('{"a": "\\u00e9\\\\u"}') == {"a": "\u00e9\\u"}
