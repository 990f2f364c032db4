"""The event record (docs/event-record.md): reading it, each table's result from its game, and every
invalid record refused with a message naming the round and table ("In round 2, table 3: ...").

The helpers here build events of real games (target 100: a hand or two decides one) for the other
event tests too.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from scorekeeper.engine.errors import RecordError, RuleError
from scorekeeper.engine.events.record import EventError, event_record, parse_event, table_players
from scorekeeper.engine.mu.game import MuGame
from scorekeeper.engine.spades.game import SpadesGame

SPADES_RULES = {"preset": "standard", "target": 100}
#: Side 0 bids 10 and makes it (+100), side 1 bids 4 and takes 3 (-40): at target 100 the game is over.
FIRST_WINS = {"bids": [5, 2, 5, 2], "tricks": [5, 1, 5, 2]}
#: The same, the other way: side 1 +100, side 0 -40.
SECOND_WINS = {"bids": [2, 5, 2, 5], "tricks": [1, 5, 2, 5]}
#: Side 1 bids 10 and takes 11 (+101), side 0 bids 4 and takes 2 (-40).
SECOND_WINS_BY_101 = {"bids": [2, 5, 2, 5], "tricks": [1, 6, 1, 5]}
#: Both sides set (-80 each): the game goes on.
BOTH_SET = {"bids": [4, 4, 4, 4], "tricks": [4, 3, 3, 3]}
TEAMS = [
    {"name": "Aces", "players": ["Ann", "Bob"]},
    {"name": "Jacks", "players": ["Cat", "Dan"]},
    {"name": "Kings", "players": ["Eve", "Fay"]},
    {"name": "Queens", "players": ["Gus", "Hal"]},
]
ACES, JACKS, KINGS, QUEENS = range(4)

MU_RULES = {"preset": "standard", "target": 20}
MU_PLAYERS = ["Anna", "Beate", "Conny", "Dagmar", "Emma", "Frieda"]
#: Three players, the first seat Chef at level 2 with 20 card points of 36 (needed 14): made, +20.
#: Totals [40, 10, 6]: over the target 20, the first seat wins.
FIRST_SEAT_CHEF = {
    "chef": 0,
    "level": 2,
    "vize": None,
    "chef_trump": "green",
    "vize_trump": None,
    "partner": None,
    "points": [20, 10, 6],
}
#: The same with the second seat Chef: totals [10, 40, 6].
SECOND_SEAT_CHEF = {**FIRST_SEAT_CHEF, "chef": 1, "points": [10, 20, 6]}


def spades_game(players: list[str], *hands: dict[str, Any], rules: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "format": "scorekeeper-game/1",
        "game": "spades",
        "players": list(players),
        "dealer": 0,
        "rules": dict(rules or SPADES_RULES),
        "hands": [dict(hand) for hand in hands],
    }


def team_game(first: int, second: int, *hands: dict[str, Any], **top: Any) -> dict[str, Any]:
    """The game record of teams ``first`` v ``second`` (TEAMS): seats A0, B0, A1, B1."""
    a, b = TEAMS[first]["players"], TEAMS[second]["players"]
    return {**spades_game([a[0], b[0], a[1], b[1]], *hands), **top}


def team_table(first: int, second: int, *hands: dict[str, Any], forfeit: int | None = None) -> dict[str, Any]:
    table: dict[str, Any] = {"entrants": [first, second]}
    if hands:
        table["game"] = team_game(first, second, *hands)
    if forfeit is not None:
        table["forfeit"] = forfeit
    return table


def teams_event(*rounds: dict[str, Any], **top: Any) -> dict[str, Any]:
    """A teams event (round robin by default) of TEAMS playing ``rounds``."""
    data = {
        "format": "scorekeeper-event/1",
        "name": "Friday Spades",
        "game": "spades",
        "rules": dict(SPADES_RULES),
        "style": "teams",
        "pairing": "round_robin",
        "entrants": copy.deepcopy(TEAMS),
        "withdrawn": [],
        "played": list(rounds),
    }
    data.update(top)
    return data


def mu_game(seats: list[int], *deals: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": "scorekeeper-game/1",
        "game": "mu",
        "players": [MU_PLAYERS[seat] for seat in seats],
        "dealer": 0,
        "rules": dict(MU_RULES),
        "hands": [dict(deal) for deal in deals],
    }


def mu_table(seats: list[int], *deals: dict[str, Any], forfeit: int | None = None) -> dict[str, Any]:
    table: dict[str, Any] = {"entrants": list(seats)}
    if deals:
        table["game"] = mu_game(seats, *deals)
    if forfeit is not None:
        table["forfeit"] = forfeit
    return table


def mu_event(*rounds: dict[str, Any], **top: Any) -> dict[str, Any]:
    """An individual Mü event of MU_PLAYERS, tables of 3, two rounds."""
    data = {
        "format": "scorekeeper-event/1",
        "name": "Mü night",
        "game": "mu",
        "rules": dict(MU_RULES),
        "style": "individual",
        "pairing": "rotation",
        "rounds": 2,
        "table_size": 3,
        "entrants": [{"name": name} for name in MU_PLAYERS],
        "withdrawn": [],
        "played": list(rounds),
    }
    data.update(top)
    return data


#: Round 1 of the teams event: Aces beat Queens 100 to -40, Kings beat Jacks 100 to -40.
ROUND_1 = {"tables": [team_table(ACES, QUEENS, FIRST_WINS), team_table(JACKS, KINGS, SECOND_WINS)], "bye": []}


# --- reading ---------------------------------------------------------------------------------------------------------


def test_the_format_example_reads():
    event = parse_event(teams_event(ROUND_1))
    assert (event.name, event.game, event.style, event.pairing) == ("Friday Spades", "spades", "teams", "round_robin")
    assert (event.rounds, event.table_size, event.rank_by, event.withdrawn) == (None, None, "wins", ())
    assert event.rules.target == 100
    assert [entrant.players for entrant in event.entrants][0] == ("Ann", "Bob")
    first, second = event.played[0].tables
    assert isinstance(first.game, SpadesGame) and first.game.players == ("Ann", "Gus", "Bob", "Hal")
    assert first.sheet is not None and first.sheet.finished
    assert first.result is not None and first.result.winners == (ACES,)
    assert (first.result.points_for, first.result.points_against) == ((100, -40), (-40, 100))
    assert second.result is not None and second.result.winners == (KINGS,)
    assert event.played[0].complete


def test_a_table_without_a_game_or_with_a_game_not_over_has_no_result():
    event = parse_event(teams_event({"tables": [team_table(ACES, QUEENS), team_table(JACKS, KINGS, BOTH_SET)]}))
    empty, going = event.played[0].tables
    assert (empty.game, empty.sheet, empty.result) == (None, None, None)
    assert going.sheet is not None and going.sheet.totals == (-80, -80) and going.result is None
    assert not event.played[0].complete


def test_a_forfeit_is_a_win_for_the_others_with_no_points_game_or_not():
    """A forfeit counts at once, even over a game started (its hands stay valid and are kept)."""
    event = parse_event(
        teams_event(
            {"tables": [team_table(ACES, QUEENS, forfeit=QUEENS), team_table(JACKS, KINGS, BOTH_SET, forfeit=1)]}
        )
    )
    first, second = event.played[0].tables
    assert first.result is not None and (first.result.winners, first.result.forfeit) == ((ACES,), True)
    assert (first.result.points_for, first.result.points_against) == ((0, 0), (0, 0))
    assert second.result is not None and second.result.winners == (KINGS,) and second.game is not None


def test_individual_tables_sides_are_the_seats_sides():
    """Individual Spades (4 seats): the partners of seats 0 + 2 share their side's win and total;
    a forfeit: every other player at the table wins, the partner too."""
    players = ["Ann", "Bob", "Cat", "Dan", "Eve"]
    data = {
        "format": "scorekeeper-event/1",
        "game": "spades",
        "rules": dict(SPADES_RULES),
        "style": "individual",
        "pairing": "rotation",
        "rounds": 2,
        "entrants": [{"name": name} for name in players],
        "played": [
            {"tables": [{"entrants": [0, 1, 2, 3], "game": spades_game(players[:4], FIRST_WINS)}], "bye": [4]},
            {"tables": [{"entrants": [4, 0, 1, 2], "forfeit": 4}], "bye": [3]},
        ],
    }
    event = parse_event(data)
    played, forfeited = (round_.tables[0].result for round_ in event.played)
    assert played is not None and played.winners == (0, 2)
    assert (played.points_for, played.points_against) == ((100, -40, 100, -40), (-40, 100, -40, 100))
    assert forfeited is not None and forfeited.winners == (0, 1, 2)
    assert event.rank_by == "wins" and event.seats == 4
    assert "withdrawn" not in data and event.withdrawn == ()  # optional: none


def test_individual_mu_tables_each_player_is_a_side():
    event = parse_event(mu_event({"tables": [mu_table([0, 1, 2], FIRST_SEAT_CHEF), mu_table([3, 4, 5])]}))
    table = event.played[0].tables[0]
    assert isinstance(table.game, MuGame) and table.game.players == ("Anna", "Beate", "Conny")
    assert table.result is not None and table.result.winners == (0,)
    assert (table.result.points_for, table.result.points_against) == ((40, 10, 6), (10, 40, 40))
    assert (event.rank_by, event.table_size, event.seats) == ("points", 3, 3)


def test_table_size_defaults_to_4_and_rank_by_may_be_given():
    data = mu_event(rank_by="wins")
    del data["table_size"]
    event = parse_event(data)
    assert (event.table_size, event.rank_by) == (4, "wins")


def test_names_are_cleaned_as_a_game_records_are():
    data = teams_event()
    data["entrants"][0] = {"name": " Aces\u200b ", "players": ["A\u200bnn", "Bob"]}
    event = parse_event(data)
    assert (event.entrants[0].name, event.entrants[0].players) == ("Aces", ("Ann", "Bob"))


def test_table_players_are_in_the_contracts_seat_order():
    event = parse_event(teams_event())
    assert table_players(event, (JACKS, QUEENS)) == ("Cat", "Gus", "Dan", "Hal")


def test_the_record_round_trips():
    data = teams_event(ROUND_1, withdrawn=[QUEENS])
    written = event_record(parse_event(data))
    assert parse_event(written) == parse_event(data)
    assert written["played"][0]["tables"][0]["game"] == data["played"][0]["tables"][0]["game"]


def test_same_house_rules_written_otherwise_are_the_events():
    """The house rules are compared key by key: a game writing a default out is the same."""
    game = team_game(ACES, QUEENS, FIRST_WINS, rules={"preset": "standard", "target": 100, "nil_value": 100})
    event = parse_event(teams_event({"tables": [{"entrants": [ACES, QUEENS], "game": game}]}))
    assert event.played[0].tables[0].result is not None


# --- invalid records -------------------------------------------------------------------------------------------------


def _changed(base: dict[str, Any], change: Any) -> dict[str, Any]:
    data = copy.deepcopy(base)
    change(data)
    return data


def _set(path: tuple[Any, ...], value: Any) -> Any:
    def change(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value

    return change


def _drop(key: str) -> Any:
    return lambda data: data.pop(key)


TWO_ROUNDS = teams_event(
    ROUND_1,
    {"tables": [team_table(ACES, KINGS, SECOND_WINS_BY_101), team_table(JACKS, QUEENS, forfeit=QUEENS)]},
)
THREE_TABLES = teams_event(
    ROUND_1,
    {"tables": [team_table(ACES, KINGS), team_table(JACKS, QUEENS), team_table(ACES, QUEENS)]},
    entrants=[*copy.deepcopy(TEAMS), {"name": "Tens", "players": ["Ida", "Jo"]}],
)

INVALID: dict[str, tuple[dict[str, Any] | Any, str]] = {
    "not-an-object": ([1, 2], "An event record must be a JSON object."),
    "unknown-field": (_changed(TWO_ROUNDS, _set(("colour",), "red")), "Unknown field 'colour' in the event record."),
    "format": (
        _changed(TWO_ROUNDS, _set(("format",), "scorekeeper-game/1")),
        "'format' must be \"scorekeeper-event/1\".",
    ),
    "game": (_changed(TWO_ROUNDS, _set(("game",), "skat")), '\'game\' must be "spades" or "mu".'),
    "rules": (_changed(TWO_ROUNDS, _set(("rules",), {"preset": "bogus"})), 'Unknown preset "bogus"'),
    "style": (_changed(TWO_ROUNDS, _set(("style",), "pairs")), '\'style\' must be "teams" or "individual".'),
    "pairing-for-teams": (
        _changed(TWO_ROUNDS, _set(("pairing",), "rotation")),
        'With style "teams", \'pairing\' must be "round_robin", "swiss", "single_elimination" or "double_elimination".',
    ),
    "pairing-for-individual": (
        mu_event(pairing="swiss"),
        'With style "individual", \'pairing\' must be "rotation".',
    ),
    "teams-of-mu": (
        mu_event(style="teams", pairing="swiss"),
        "Style \"teams\" is for Spades partnerships: four players, two teams a table (house rule 'players': 4). "
        'Play other games "individual".',
    ),
    "teams-of-cutthroat": (
        _changed(TWO_ROUNDS, _set(("rules",), {"preset": "cutthroat3"})),
        'Style "teams" is for Spades partnerships',
    ),
    "rounds-missing-for-swiss": (
        _changed(TWO_ROUNDS, _set(("pairing",), "swiss")),
        "With pairing \"swiss\", 'rounds' must be a whole number from 1 to 100.",
    ),
    "rounds-zero-for-rotation": (mu_event(rounds=0), "With pairing \"rotation\", 'rounds' must be a whole number"),
    "rounds-for-round-robin": (
        _changed(TWO_ROUNDS, _set(("rounds",), 3)),
        '\'rounds\' is given only with pairing "swiss" or "rotation": with "round_robin" the format decides '
        "how many rounds there are.",
    ),
    "more-rounds-than-planned": (
        _changed(TWO_ROUNDS, lambda data: data.update(pairing="swiss", rounds=1)),
        "In round 2: 'rounds' is 1: the event has no round 2.",
    ),
    "table-size-for-spades": (
        _changed(TWO_ROUNDS, _set(("table_size",), 4)),
        "'table_size' is only for individual Mü events: Spades tables have the preset's seat count.",
    ),
    "table-size-7": (mu_event(table_size=7), "'table_size' must be a whole number from 3 to 6."),
    "rank-by": (_changed(TWO_ROUNDS, _set(("rank_by",), "bags")), '\'rank_by\' must be "wins" or "points".'),
    "name-not-text": (_changed(TWO_ROUNDS, _set(("name",), 7)), "'name' must be text: the event's name."),
    "one-entrant": (
        _changed(TWO_ROUNDS, _set(("entrants",), TEAMS[:1])),
        "'entrants' must be a list of 2 to 256 entrants, in seed order.",
    ),
    "too-few-mu-players": (
        mu_event(entrants=[{"name": "Anna"}, {"name": "Beate"}]),
        "'entrants' must be a list of 3 to 256 entrants, in seed order.",
    ),
    "team-of-three": (
        _changed(TWO_ROUNDS, _set(("entrants", 1, "players"), ["Cat", "Dan", "Ida"])),
        "Entrant 2: a team is two players: 'players' must list their two names.",
    ),
    "team-of-one": (
        _changed(TWO_ROUNDS, _set(("entrants", 1, "players"), ["Cat"])),
        "Entrant 2: a team is two players: 'players' must list their two names.",
    ),
    "team-without-players": (
        _changed(TWO_ROUNDS, _set(("entrants", 2), {"name": "Kings"})),
        'Entrant 3 must be a team: {"name", "players"}, its name and its two players.',
    ),
    "player-with-players": (
        _changed(mu_event(), _set(("entrants", 0), {"name": "Anna", "players": ["Anna"]})),
        'Entrant 1 must be a player: {"name"}.',
    ),
    "empty-name": (
        _changed(TWO_ROUNDS, _set(("entrants", 3, "name"), " ")),
        "Entrant 4: every name must be a non-empty text.",
    ),
    "same-team-name": (
        _changed(TWO_ROUNDS, _set(("entrants", 3, "name"), "Aces")),
        'Entrant 4: the name "Aces" is taken already (entrant 1).',
    ),
    "player-in-two-teams": (
        _changed(TWO_ROUNDS, _set(("entrants", 2, "players"), ["Eve", "Bob"])),
        'Entrant 3: the name "Bob" is taken already (entrant 1).',
    ),
    "withdrawn-not-an-entrant": (
        _changed(TWO_ROUNDS, _set(("withdrawn",), [4])),
        "'withdrawn' must list entrant indexes from 0 to 3, each once.",
    ),
    "played-not-a-list": (_changed(TWO_ROUNDS, _set(("played",), {})), "'played' must be a list of rounds."),
    "round-not-an-object": (
        _changed(TWO_ROUNDS, _set(("played", 1), [])),
        "In round 2: A round must be an object with 'tables', a list, and 'bye', a list.",
    ),
    "unknown-round-field": (
        _changed(TWO_ROUNDS, _set(("played", 1, "clock"), 40)),
        "In round 2: Unknown field 'clock' in a round.",
    ),
    "empty-round": (
        _changed(TWO_ROUNDS, _set(("played", 1), {"tables": [], "bye": []})),
        "In round 2: A round has at least one table or a bye.",
    ),
    "bye-not-an-entrant": (
        _changed(TWO_ROUNDS, _set(("played", 1, "bye"), [9])),
        "In round 2: 'bye' must list entrant indexes from 0 to 3.",
    ),
    "two-byes": (
        teams_event({"tables": [team_table(ACES, QUEENS)], "bye": [JACKS, JACKS]}),
        "In round 1: Jacks has two byes in this round.",
    ),
    "unknown-table-field": (
        _changed(TWO_ROUNDS, _set(("played", 1, "tables", 1, "score"), 3)),
        "In round 2, table 2: Unknown field 'score' in a table.",
    ),
    "table-not-an-object": (
        _changed(TWO_ROUNDS, _set(("played", 1, "tables", 1), [1, 3])),
        "In round 2, table 2: A table must be an object with 'entrants'.",
    ),
    "three-teams-at-a-table": (
        _changed(TWO_ROUNDS, _set(("played", 1, "tables", 1, "entrants"), [1, 3, 2])),
        "In round 2, table 2: 'entrants' must list the table's two teams: entrant indexes from 0 to 3.",
    ),
    "a-team-not-entered": (
        _changed(TWO_ROUNDS, _set(("played", 1, "tables", 1, "entrants"), [1, 4])),
        "In round 2, table 2: 'entrants' must list the table's two teams",
    ),
    "a-team-against-itself": (
        _changed(TWO_ROUNDS, _set(("played", 1, "tables", 1, "entrants"), [1, 1])),
        "In round 2, table 2: Jacks sits at this table twice.",
    ),
    "an-entrant-at-two-tables": (THREE_TABLES, "In round 2, table 3: Aces sits at table 1 of this round already."),
    "an-entrant-with-a-bye-at-a-table": (
        _changed(TWO_ROUNDS, _set(("played", 1, "bye"), [QUEENS])),
        "In round 2, table 2: Queens has a bye in this round, yet sits at this table.",
    ),
    "forfeit-not-at-the-table": (
        _changed(TWO_ROUNDS, _set(("played", 1, "tables", 1, "forfeit"), ACES)),
        "In round 2, table 2: 'forfeit' must be the entrant index of one of this table's entrants (1, 3).",
    ),
    "mu-table-of-two": (
        mu_event({"tables": [mu_table([0, 1]), mu_table([2, 3, 4, 5])]}),
        "In round 1, table 1: 'entrants' must list the table's 3 to 6 players in seat order: entrant indexes from 0 "
        "to 5.",
    ),
    "table-size-null-for-spades": (
        {
            **mu_event({"tables": [{"entrants": [0, 1, 2]}]}, game="spades", rules=SPADES_RULES),
            "table_size": None,
        },
        "'table_size' is only for individual Mü events",
    ),
    "individual-spades-table-of-three": (
        _changed(
            mu_event({"tables": [{"entrants": [0, 1, 2]}]}, game="spades", rules=SPADES_RULES), _drop("table_size")
        ),
        "In round 1, table 1: 'entrants' must list the table's 4 players in seat order: entrant indexes from 0 to 5.",
    ),
    "a-mu-game-at-a-spades-event": (
        _changed(TWO_ROUNDS, _set(("played", 1, "tables", 0, "game"), mu_game([0, 1, 2], FIRST_SEAT_CHEF))),
        'In round 2, table 1: The game record is a game of "mu", but the event plays "spades".',
    ),
    "other-house-rules": (
        _changed(TWO_ROUNDS, _set(("played", 1, "tables", 0, "game", "rules", "target"), 300)),
        "In round 2, table 1: The game's house rules are not the event's: house rule 'target' is 300, the event's 100.",
    ),
    "other-mu-house-rules": (
        mu_event(
            {"tables": [{"entrants": [0, 1, 2], "game": {**mu_game([0, 1, 2]), "rules": {"preset": "standard"}}}]}
        ),
        "In round 1, table 1: The game's house rules are not the event's: house rule 'target' is 200, the event's 20.",
    ),
    "players-not-in-the-contracts-seat-order": (
        _changed(TWO_ROUNDS, _set(("played", 1, "tables", 0, "game", "players"), ["Ann", "Bob", "Eve", "Fay"])),
        "In round 2, table 1: The game's players must be the table's players in seat order: Ann, Eve, Bob, Fay.",
    ),
    "players-of-other-entrants": (
        mu_event({"tables": [{"entrants": [0, 1, 2], "game": mu_game([0, 1, 3], FIRST_SEAT_CHEF)}]}),
        "In round 1, table 1: The game's players must be the table's players in seat order: Anna, Beate, Conny.",
    ),
    "a-malformed-game-record": (
        _changed(TWO_ROUNDS, _set(("played", 0, "tables", 1, "game", "colour"), "red")),
        "In round 1, table 2: Unknown field 'colour' in the game record. (game-record.md)",
    ),
    "a-game-breaking-a-rule": (
        _changed(TWO_ROUNDS, _set(("played", 1, "tables", 0, "game", "hands"), [{"bids": [3] * 4, "tricks": [4] * 4}])),
        "In round 2, table 1: Hand 1: The tricks add up to 16, but a hand has 13 tricks.",
    ),
    "a-hand-after-the-game-ended": (
        _changed(TWO_ROUNDS, _set(("played", 1, "tables", 0, "game", "hands"), [SECOND_WINS, BOTH_SET])),
        "In round 2, table 1: Hand 2: The game was already over after hand 1 (Eve & Fay won); no hand can follow it.",
    ),
    "a-mu-deal-breaking-a-rule": (
        mu_event({"tables": [mu_table([0, 1, 2], {**FIRST_SEAT_CHEF, "vize": 1})]}),
        "In round 1, table 1: Deal 1: With 3 players there is no Vize. (mu.md §4)",
    ),
    "a-round-after-an-incomplete-one": (
        teams_event(
            {"tables": [team_table(ACES, QUEENS, FIRST_WINS), team_table(JACKS, KINGS, BOTH_SET)]},
            {"tables": [team_table(ACES, KINGS)]},
        ),
        "In round 1, table 2: The game is not over (and no one forfeits), yet round 2 follows.",
    ),
    "knocked-out-plays-on": (
        teams_event(ROUND_1, {"tables": [team_table(ACES, JACKS)]}, pairing="single_elimination"),
        "In round 2, table 1: Jacks was knocked out in round 1.",
    ),
    "knocked-out-has-a-bye": (
        teams_event(ROUND_1, {"tables": [team_table(ACES, KINGS)], "bye": [QUEENS]}, pairing="single_elimination"),
        "In round 2: Queens was knocked out in round 1.",
    ),
    "not-the-brackets-match": (
        teams_event({"tables": [team_table(ACES, JACKS), team_table(KINGS, QUEENS)]}, pairing="single_elimination"),
        "In round 1, table 1: Aces and Jacks do not meet in the bracket now; its matches: Aces v Queens; Jacks v "
        "Kings.",
    ),
    "a-round-after-the-final": (
        teams_event(
            ROUND_1,
            {"tables": [team_table(ACES, KINGS, FIRST_WINS)]},
            {"tables": [], "bye": [ACES]},
            pairing="single_elimination",
        ),
        "In round 3: The event was over after round 2 (Aces won it): no round follows it.",
    ),
}


@pytest.mark.parametrize(("data", "message"), INVALID.values(), ids=INVALID.keys())
def test_an_invalid_record_is_refused_naming_the_round_and_table(data, message):
    with pytest.raises(RuleError) as raised:
        parse_event(data)
    assert message in str(raised.value)
    assert isinstance(raised.value, RecordError)


def test_the_message_names_round_and_table_counting_from_1_with_the_games_own_after_it():
    data = _changed(THREE_TABLES, _set(("played", 1, "tables", 2), team_table(ACES, KINGS)))  # no two at one table
    data["played"][1]["tables"][2] = {"entrants": [4, ACES]}
    with pytest.raises(EventError) as raised:
        parse_event(data)
    error = raised.value
    assert (error.round, error.table, error.field) == (1, 2, "entrants")
    assert str(error) == "In round 2, table 3: Aces sits at table 1 of this round already."
    broken = _changed(TWO_ROUNDS, _set(("played", 1, "tables", 0, "game", "hands"), [BOTH_SET, {"bids": [3] * 4}]))
    with pytest.raises(EventError) as raised:
        parse_event(broken)
    error = raised.value
    assert (error.round, error.table, error.hand) == (1, 0, 1)
    assert str(error).startswith("In round 2, table 1: Hand 2: ")
    assert error.at_hand(0).render().startswith("In round 2, table 1: Hand 1: ")


def test_the_message_translates_its_place_and_the_games_message():
    german = {
        "In round %(round)d, table %(table)d: %(message)s": "In Runde %(round)d, Tisch %(table)d: %(message)s",
        "Hand %(number)d: %(message)s": "Spiel %(number)d: %(message)s",
    }
    broken = _changed(
        TWO_ROUNDS, _set(("played", 1, "tables", 0, "game", "hands"), [{"bids": [3] * 4, "tricks": [4] * 4}])
    )
    with pytest.raises(EventError) as raised:
        parse_event(broken)
    assert raised.value.render(lambda text: german.get(text, text)).startswith("In Runde 2, Tisch 1: Spiel 1: ")


def test_a_withdrawn_entrants_bye_stands_as_its_results_do():
    """event-record.md "In Scorekeeper", Byes: the record keeps no date of a withdrawal, so a bye
    of an entrant that has withdrawn since is read as given before it left, and counts."""
    event = parse_event(
        teams_event({"tables": [team_table(ACES, QUEENS, FIRST_WINS)], "bye": [JACKS, KINGS]}, withdrawn=[KINGS])
    )
    assert event.played[0].bye == (JACKS, KINGS)
    assert KINGS not in event.active
