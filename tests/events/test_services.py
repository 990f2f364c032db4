"""The events' writes (``scorekeeper/events/services.py``): every one checked by the engine before
anything is stored, refused with the engine's message (naming the round and table) and nothing
changed, and each adding one to the event's version (the wall's poll)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from scorekeeper.engine.events.event import EventError
from scorekeeper.engine.events.next_round import score_event
from scorekeeper.events import imports, services
from scorekeeper.events.models import Event, EventRound, EventTable
from scorekeeper.events.records import event_loaded, event_record, event_state
from scorekeeper.games.changes import row_undo
from scorekeeper.games.models import Game, Row, Seat
from scorekeeper.spades import services as spades_services

from ..games.factories import snapshot
from .factories import (
    ONE_HAND,
    SIDE_0_WINS,
    individual_event,
    new_event,
    play,
    play_round,
    players,
    started,
    teams,
)

pytestmark = pytest.mark.django_db


def refused(write: Any, **kwargs: Any) -> EventError:
    """The :class:`EventError` ``write(**kwargs)`` raises, after checking it stored nothing at all."""
    before = snapshot(Event, EventRound, EventTable, Game, Row)
    with pytest.raises(EventError) as caught:
        write(**kwargs)
    assert snapshot(Event, EventRound, EventTable, Game, Row) == before
    return caught.value


def fresh(event: Event) -> Event:
    return Event.objects.get(pk=event.pk)


# --- event_create ----------------------------------------------------------------------------------------------------


def test_event_create_keeps_the_records_top_level_with_names_cleaned_and_no_round():
    entrants = teams(4)
    entrants[0] = {"name": " Aces\u200b ", "players": ["Ann ", "Bob"]}
    event = services.event_create(
        name=" Friday  Spades ", kind="spades", rules={"preset": "standard", "nil": True, "hand_limit": 1},
        style="teams", pairing="swiss", entrants=entrants, rounds=3,
    )  # fmt: skip
    event = fresh(event)
    assert (event.name, event.kind, event.style, event.pairing, event.rounds) == (
        "Friday Spades", "spades", "teams", "swiss", 3,
    )  # fmt: skip
    assert event.rules == ONE_HAND  # the preset and only the keys that differ from it
    assert event.entrants[0] == {"name": "Aces", "players": ["Ann", "Bob"]}
    assert (event.table_size, event.rank_by, event.withdrawn, event.draft, event.version) == (None, "wins", [], None, 0)
    assert not event.played.exists() and not event.tables.exists()


def test_event_create_individual_rotation_of_8_spades_players_pairs_two_tables_of_four():
    event = individual_event(8)
    assert (event.style, event.pairing, event.rounds, event.table_size) == ("individual", "rotation", 3, None)
    draft = services.event_draft(event=event).draft
    assert [len(table["entrants"]) for table in draft["tables"]] == [4, 4]
    assert draft["bye"] == []
    assert sorted(entrant for table in draft["tables"] for entrant in table["entrants"]) == list(range(8))


def test_event_create_individual_mu_tables_of_3_seat_9_players_at_three_tables():
    event = services.event_create(
        name="Mü night", kind="mu", rules={"preset": "standard"}, style="individual", pairing="rotation",
        entrants=players(9), rounds=3, table_size=3,
    )  # fmt: skip
    assert (event.kind, event.table_size, event.rank_by) == ("mu", 3, "points")
    tables = started(event)
    assert [len(table.entrants) for table in tables] == [3, 3, 3]
    for table in tables:
        assert table.game is not None and table.game.kind == "mu"
        assert table.game.players == [players(9)[entrant]["name"] for entrant in table.entrants]


def test_event_create_round_robin_plays_every_pair_once_then_is_over():
    event = new_event(4, pairing="round_robin")
    assert event.rounds is None
    met = set()
    for _ in range(3):
        met |= {frozenset(table.entrants) for table in play_round(event)}
    assert len(met) == 6  # every pair of the 4 teams, once
    assert event_state(event).progress.over


@pytest.mark.parametrize("pairing", ["single_elimination", "double_elimination"])
def test_event_create_elimination_draws_the_bracket_by_seed(pairing: str):
    event = new_event(8, pairing=pairing)
    assert event.rounds is None
    draft = services.event_draft(event=event).draft
    assert [table["entrants"] for table in draft["tables"]] == [[0, 7], [3, 4], [1, 6], [2, 5]]


@pytest.mark.parametrize(
    ("style", "entrants", "message"),
    [
        pytest.param(
            "teams",
            [{"name": "Aces", "players": ["Ann", "Bob"]}, {"name": "Aces", "players": ["Cat", "Dan"]}],
            'Entrant 2: the name "Aces" is taken already (entrant 1).',
            id="duplicate-team-names",
        ),
        pytest.param(
            "teams",
            [{"name": "Aces", "players": ["Ann", "Bob"]}, {"name": "Jacks", "players": ["Cat", "Ann"]}],
            'Entrant 2: the name "Ann" is taken already (entrant 1).',
            id="a-player-in-two-teams",
        ),
        pytest.param(
            "teams",
            [{"name": "Aces", "players": ["Ann"]}, {"name": "Jacks", "players": ["Cat", "Dan"]}],
            "Entrant 1: a team is two players: 'players' must list their two names.",
            id="a-team-of-one",
        ),
        pytest.param(
            "teams",
            [{"name": "Aces", "players": ["Ann", "Bob"]}],
            "'entrants' must be a list of 2 to 256 entrants, in seed order.",
            id="one-team",
        ),
        pytest.param(
            "individual",
            [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cat"}],
            "'entrants' must be a list of 4 to 256 entrants, in seed order.",
            id="too-few-for-a-spades-table",
        ),
    ],
)
def test_event_create_refuses_bad_entrants_at_the_entrants_field(style: str, entrants: list, message: str):
    error = refused(
        services.event_create, name="Friday", kind="spades", rules=dict(ONE_HAND), style=style,
        pairing="swiss" if style == "teams" else "rotation", entrants=entrants, rounds=2,
    )  # fmt: skip
    assert (str(error), error.field) == (message, "entrants")


def test_event_create_refuses_rounds_missing_for_swiss_at_the_rounds_field():
    error = refused(services.event_create, name="Friday", kind="spades", rules=dict(ONE_HAND), style="teams",
                    pairing="swiss", entrants=teams(4))  # fmt: skip
    assert error.field == "rounds"
    assert str(error) == "With pairing \"swiss\", 'rounds' must be a whole number from 1 to 100."


# --- event_draft -----------------------------------------------------------------------------------------------------


def test_event_draft_keeps_the_engines_next_round_and_bumps_the_version():
    event = new_event(5)
    drafted = services.event_draft(event=event)
    assert drafted.draft == {"tables": [{"entrants": [0, 2]}, {"entrants": [1, 3]}], "bye": [4], "paired_from": 0}
    assert fresh(event).draft == drafted.draft
    assert fresh(event).version == 1
    assert not EventRound.objects.filter(event=event).exists()  # nothing started


def test_event_draft_is_refused_while_a_round_is_in_play():
    event = new_event(4)
    tables = started(event)
    play(tables[0])
    error = refused(services.event_draft, event=event)
    assert str(error) == "Round 1 is still being played."


def test_event_draft_is_refused_when_the_event_is_over():
    event = new_event(4, rounds=1)
    play_round(event)
    assert event_state(event).progress.over
    assert str(refused(services.event_draft, event=event)) == "The event is over: no round follows."


# --- event_draft_swap ------------------------------------------------------------------------------------------------


def test_event_draft_swap_swaps_two_entrants_across_tables():
    event = new_event(4)
    services.event_draft(event=event)  # [0, 2], [1, 3]
    swapped = services.event_draft_swap(event=event, first=0, second=3)
    assert fresh(event).draft == {
        **{"tables": [{"entrants": [3, 2]}, {"entrants": [1, 0]}], "bye": []},
        "paired_from": 0,
    }
    assert swapped.version == 2


def test_event_draft_swap_swaps_a_seated_entrant_with_the_bye():
    event = new_event(5)
    services.event_draft(event=event)  # [0, 2], [1, 3], bye [4]
    services.event_draft_swap(event=event, first=4, second=1)
    assert fresh(event).draft == {
        **{"tables": [{"entrants": [0, 2]}, {"entrants": [4, 3]}], "bye": [1]},
        "paired_from": 0,
    }


@pytest.mark.parametrize(("first", "second"), [(0, 0), (0, 9), (7, 1)])
def test_event_draft_swap_refuses_entrants_not_in_the_draft_or_the_same_twice(first: int, second: int):
    event = new_event(4)
    services.event_draft(event=event)
    error = refused(services.event_draft_swap, event=event, first=first, second=second)
    assert (str(error), error.field) == ("Choose two different entrants of the next round to swap.", "swap")


def test_event_draft_swap_without_a_draft_is_refused():
    event = new_event(4)
    assert str(refused(services.event_draft_swap, event=event, first=0, second=1)) == "Pair the next round first."


def test_event_draft_swap_that_breaks_the_elimination_bracket_is_refused_with_the_engines_message():
    event = new_event(4, pairing="single_elimination")
    services.event_draft(event=event)  # [0, 3], [1, 2]
    error = refused(services.event_draft_swap, event=event, first=0, second=1)
    assert str(error) == (
        "In round 1, table 1: Jacks and Queens do not meet in the bracket now;"
        " its matches: Aces v Queens; Jacks v Kings."
    )
    assert fresh(event).draft == {
        **{"tables": [{"entrants": [0, 3]}, {"entrants": [1, 2]}], "bye": []},
        "paired_from": 0,
    }


# --- event_round_start -----------------------------------------------------------------------------------------------


def test_event_round_start_makes_a_game_a_table_with_the_events_rules_and_seats():
    event = new_event(5, rules={"preset": "standard", "target": 300, "hand_limit": 2})
    services.event_draft(event=event)
    tables = services.event_round_start(event=event)
    assert [table.entrants for table in tables] == [[0, 2], [1, 3]]
    aces_kings = tables[0].game
    assert aces_kings is not None
    assert aces_kings.players == ["Ann", "Eve", "Bob", "Fay"]  # [A0, B0, A1, B1]: side 0 the first team
    assert (aces_kings.kind, aces_kings.dealer) == ("spades", 0)
    assert aces_kings.rules == {"preset": "standard", "target": 300, "hand_limit": 2}
    assert list(Seat.objects.filter(game=aces_kings).order_by("seat").values_list("seat", "player__name")) == [
        (0, "Ann"), (1, "Eve"), (2, "Bob"), (3, "Fay"),
    ]  # fmt: skip
    assert EventTable.objects.filter(event=event, round=0).count() == 2
    assert list(EventRound.objects.filter(event=event).values_list("round", "bye")) == [(0, [4])]
    event = fresh(event)
    assert (event.draft, event.version) == (None, 2)


def test_event_round_start_of_individuals_seats_the_players_in_the_records_order():
    event = individual_event(8)
    tables = started(event)
    names = [player["name"] for player in players(8)]
    for table in tables:
        assert table.game is not None and table.game.players == [names[entrant] for entrant in table.entrants]
    assert event_record(event_loaded(event))["played"][0]["tables"] == [
        {"entrants": table.entrants} for table in tables
    ]  # no game in the record before a hand


def test_event_round_start_without_a_draft_is_refused():
    event = new_event(4)
    assert str(refused(services.event_round_start, event=event)) == "Pair the next round first."


def test_event_round_start_is_refused_when_the_round_drafted_from_is_no_longer_complete():
    """A hand undone at a table of the last round after the next was paired: that game is not over."""
    event = new_event(4)
    first = play_round(event)
    services.event_draft(event=event)
    assert first[0].game is not None
    row_undo(game=first[0].game)
    error = refused(services.event_round_start, event=event)
    assert str(error) == "A table changed its game since this round was paired: pair it again."


# --- forfeits and results ---------------------------------------------------------------------------------------------


def test_event_forfeit_set_counts_the_table_at_once_and_can_be_taken_back():
    event = new_event(4)
    started(event)
    services.event_forfeit_set(event=event, round=0, number=0, entrant=2)  # Kings, against Aces
    table = event_state(event).event.played[0].tables[0]
    assert table.result is not None and (table.result.winners, table.result.forfeit) == ((0,), True)
    assert fresh(event).version == 3
    services.event_forfeit_set(event=event, round=0, number=0, entrant=None)
    assert event_state(event).event.played[0].tables[0].result is None
    assert EventTable.objects.get(event=event, round=0, number=0).forfeit is None


def test_event_forfeit_set_refuses_an_entrant_not_at_the_table():
    event = new_event(4)
    started(event)  # [0, 2], [1, 3]
    error = refused(services.event_forfeit_set, event=event, round=0, number=0, entrant=1)
    assert (str(error), error.field) == ("Only an entrant at this table can forfeit it.", "forfeit")


def test_forfeits_and_results_are_only_for_the_last_rounds_tables():
    event = new_event(4)
    play_round(event)
    started(event)
    message = "Only a table of the last round can be given a forfeit or a result."
    assert str(refused(services.event_forfeit_set, event=event, round=0, number=0, entrant=0)) == message
    assert str(refused(services.event_result_set, event=event, round=0, number=0, points=[1, 0])) == message
    assert str(refused(services.event_result_set, event=event, round=1, number=5, points=[1, 0])) == message


def test_event_result_set_counts_the_organisers_points_over_the_games_result():
    event = new_event(4)
    tables = started(event)
    play(tables[0], side=0)  # Aces beat Kings 100 to -40 at the table
    services.event_result_set(event=event, round=0, number=0, points=[60, 90])
    result = event_state(event).event.played[0].tables[0].result
    assert result is not None and (result.winners, result.points_for, result.set_by_organiser) == ((2,), (60, 90), True)
    services.event_result_set(event=event, round=0, number=0, points=None)  # taken back: the game's counts again
    result = event_state(event).event.played[0].tables[0].result
    assert result is not None and (result.winners, result.points_for, result.set_by_organiser) == (
        (0,), (100, -40), False,
    )  # fmt: skip


def test_a_result_replaces_a_forfeit_and_a_forfeit_a_result():
    event = new_event(4)
    started(event)
    services.event_forfeit_set(event=event, round=0, number=1, entrant=1)
    services.event_result_set(event=event, round=0, number=1, points=[10, 20])
    stored = EventTable.objects.get(event=event, round=0, number=1)
    assert (stored.forfeit, stored.points) == (None, [10, 20])
    services.event_forfeit_set(event=event, round=0, number=1, entrant=3)
    stored.refresh_from_db()
    assert (stored.forfeit, stored.points) == (3, None)


def test_event_result_set_of_individuals_refuses_partners_given_different_points():
    event = individual_event(8)
    started(event)
    error = refused(services.event_result_set, event=event, round=0, number=0, points=[100, 60, 90, 60])
    assert str(error).startswith("In round 1, table 1: Partners score together: give ")
    services.event_result_set(event=event, round=0, number=0, points=[100, 60, 100, 60])
    assert EventTable.objects.get(event=event, round=0, number=0).points == [100, 60, 100, 60]


def test_event_result_set_refuses_the_wrong_number_of_points():
    event = new_event(4)
    started(event)
    error = refused(services.event_result_set, event=event, round=0, number=1, points=[10])
    assert str(error) == (
        "In round 1, table 2: 'result' must be {\"points\": [...]}, a whole number for each of the table's 2 entrants."
    )


def test_a_changed_result_drops_the_next_rounds_draft():
    event = new_event(4)
    play_round(event)
    services.event_draft(event=event)
    services.event_result_set(event=event, round=0, number=0, points=[0, 50])
    assert fresh(event).draft is None


# --- entrants --------------------------------------------------------------------------------------------------------


def test_event_entrant_add_seeds_a_late_team_last_between_rounds():
    event = new_event(4)
    play_round(event)
    services.event_draft(event=event)
    services.event_entrant_add(event=event, name=" Tens ", players=["Ida", "Jon"])
    event = fresh(event)
    assert event.entrants[-1] == {"name": "Tens", "players": ["Ida", "Jon"]}
    assert event.draft is None  # paired again, with the late entrant
    draft = services.event_draft(event=event).draft
    assert 4 in draft["bye"] or any(4 in table["entrants"] for table in draft["tables"])


def test_event_entrant_add_of_an_individual_takes_the_name_alone():
    event = individual_event(8)
    services.event_entrant_add(event=event, name="Ilse", players=["ignored"])
    assert fresh(event).entrants[-1] == {"name": "Ilse"}


def test_event_entrant_add_is_refused_while_a_round_is_in_play():
    event = new_event(4)
    started(event)
    error = refused(services.event_entrant_add, event=event, name="Tens", players=["Ida", "Jon"])
    assert str(error) == "Round 1 is still being played: entrants change between rounds."


@pytest.mark.parametrize(
    ("name", "names", "message"),
    [
        ("Aces", ["Ida", "Jon"], 'Entrant 5: the name "Aces" is taken already (entrant 1).'),
        ("Tens", ["Ida"], "Entrant 5: a team is two players: 'players' must list their two names."),
    ],
)
def test_event_entrant_add_refuses_what_the_record_refuses(name: str, names: list[str], message: str):
    event = new_event(4)
    assert str(refused(services.event_entrant_add, event=event, name=name, players=names)) == message


def test_an_elimination_takes_late_entrants_until_its_first_round_starts():
    event = new_event(4, pairing="single_elimination")
    services.event_entrant_add(event=event, name="Tens", players=["Ida", "Jon"])
    assert len(fresh(event).entrants) == 5
    play_round(event)
    error = refused(services.event_entrant_add, event=event, name="Nines", players=["Kim", "Lou"])
    assert str(error) == "An elimination's bracket is drawn: no one can join once it has started."


def test_event_entrant_withdraw_pairs_the_entrant_no_more_and_back_again():
    event = new_event(5)
    play_round(event)  # Tens had the bye in round 1
    services.event_entrant_withdraw(event=event, entrant=2)
    assert fresh(event).withdrawn == [2]
    draft = services.event_draft(event=event).draft
    seated = [entrant for table in draft["tables"] for entrant in table["entrants"]] + draft["bye"]
    assert 2 not in seated and sorted(seated) == [0, 1, 3, 4]
    services.event_entrant_withdraw(event=event, entrant=2, back=True)
    event = fresh(event)
    assert (event.withdrawn, event.draft) == ([], None)


def test_an_entrant_that_had_a_bye_may_withdraw_and_its_bye_stands():
    event = new_event(5)
    play_round(event)  # Tens (4) had the bye in round 1
    services.event_entrant_withdraw(event=event, entrant=4)
    state = event_state(event)
    tens = next(line for line in state.progress.standings if line.entrant == 4)
    assert (tens.byes, tens.wins) == (1, 1)
    draft = services.event_draft(event=event).draft
    assert 4 not in [entrant for table in draft["tables"] for entrant in table["entrants"]] + draft["bye"]


def test_event_entrant_withdraw_is_refused_while_a_round_is_in_play():
    event = new_event(4)
    started(event)
    error = refused(services.event_entrant_withdraw, event=event, entrant=1)
    assert str(error) == "Round 1 is still being played: entrants change between rounds."


@pytest.mark.parametrize("entrant", [-1, 4])
def test_event_entrant_withdraw_refuses_an_entrant_the_event_does_not_have(entrant: int):
    event = new_event(4)
    error = refused(services.event_entrant_withdraw, event=event, entrant=entrant)
    assert (str(error), error.field) == ("Choose an entrant of the event.", "entrant")


# --- event_import ----------------------------------------------------------------------------------------------------


def _played_event() -> Event:
    """Two rounds of a Swiss of 5: round 1 played out, round 2 with a result, a forfeit and a table to play."""
    event = new_event(5)
    play_round(event, winners=[0, 1])
    tables = started(event)
    services.event_result_set(event=event, round=1, number=0, points=[40, 30])
    services.event_forfeit_set(event=event, round=1, number=1, entrant=tables[1].entrants[1])
    return event


def test_event_import_of_an_export_gives_the_same_record_with_its_games_imported_as_games():
    event = _played_event()
    exported = json.loads(json.dumps(event_record(event_loaded(event))))
    imported = imports.event_import(record=exported)
    assert imported.pk != event.pk and imported.edit_key != event.edit_key
    assert event_record(event_loaded(imported)) == exported
    before, after = (list(EventTable.objects.filter(event=which).select_related("game")) for which in (event, imported))
    assert [table.game is not None for table in after] == [table.game is not None for table in before]
    for was, now in zip(before, after, strict=True):
        assert was.game is not None and now.game is not None and now.game.pk != was.game.pk
        assert (now.round, now.number, now.entrants, now.game.players) == (was.round, was.number, was.entrants,
                                                                           was.game.players)  # fmt: skip
        assert [row.record for row in now.game.rows.order_by("number")] == [
            row.record for row in was.game.rows.order_by("number")
        ]
    assert event_state(imported).progress.standings == event_state(event).progress.standings


def test_an_export_while_a_hand_is_bid_round_trips_without_that_hand():
    """A hand in play (bids, no tricks yet) is not part of the record: a table whose only hand is in
    play has no game in the record, and the import gives the same record."""
    event = new_event(4)
    tables = started(event)
    assert tables[1].game is not None
    spades_services.hand_bids_save(game=tables[1].game, bids=SIDE_0_WINS[0])
    exported = event_record(event_loaded(event))
    assert exported["played"][0]["tables"][1] == {"entrants": [1, 3]}
    assert event_record(event_loaded(imports.event_import(record=exported))) == exported


def test_event_import_takes_a_record_without_its_optional_fields():
    record = {
        "format": "scorekeeper-event/1", "game": "spades", "style": "teams", "pairing": "round_robin",
        "entrants": teams(3),
    }  # fmt: skip
    imported = imports.event_import(record=record)
    assert (imported.name, imported.rules, imported.withdrawn) == ("Event", {"preset": "standard"}, [])
    assert not imported.played.exists()


def test_event_import_of_an_invalid_record_stores_nothing():
    event = _played_event()
    exported = event_record(event_loaded(event))
    exported["played"][0]["tables"][1]["game"]["hands"][0]["tricks"] = [5, 5, 5, 5]
    error = refused(imports.event_import, record=exported)
    assert str(error).startswith("In round 1, table 2: Hand 1: ")


# --- a whole event ---------------------------------------------------------------------------------------------------


def test_a_whole_swiss_played_through_the_services_ranks_as_manage_py_event_does():
    """Five teams, three rounds, every table's one hand saved with the Spades services, a late
    forfeit and an organiser's result: the app's standings are ``manage.py event``'s of the export."""
    event = new_event(5, rounds=3)
    for number in range(3):
        tables = started(event)
        for at, table in enumerate(tables):
            if (number, at) == (2, 1):
                services.event_forfeit_set(event=event, round=2, number=1, entrant=table.entrants[0])
            elif (number, at) == (1, 0):
                services.event_result_set(event=event, round=1, number=0, points=[250, 180])
            else:
                play(table, side=(number + at) % 2)
    state = event_state(event)
    assert state.progress.over and state.progress.round == 3
    # The pages read the earlier rounds' results from the games' stored figures: the same standings as
    # the whole record read and scored again.
    printed = score_event(json.loads(json.dumps(event_record(event_loaded(event)))))
    assert [line.output() for line in state.progress.standings] == printed["standings"]
    assert printed["complete"] and printed["next_round"] is None
    assert state.progress.champion == printed["champion"]
    assert sum(line["byes"] for line in printed["standings"]) == 3  # one bye a round, never the same team twice
    assert all(line["played"] + line["byes"] == 3 for line in printed["standings"])
    stored = [table.game for table in EventTable.objects.filter(event=event).select_related("game")]
    assert sum(game.rows_played for game in stored if game is not None) == 4  # the hands really played
