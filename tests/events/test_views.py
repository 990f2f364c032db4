"""The events' pages and writes (``scorekeeper/events/views/``): what each link may do, the new-event
form, the organiser's writes (plain posts and htmx), the live poll, the queries a page costs,
throttling, and the record out (JSON, CSV) and in (import with a preview).

The walk at the top takes every event address from the URL configuration, so a new address must be
sorted into pages or writes here before the suite passes.
"""

from __future__ import annotations

import json
from typing import Any
from unittest import mock

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import URLPattern, reverse
from django.utils import timezone

from scorekeeper.events import services
from scorekeeper.events.models import Event, EventRound, EventTable
from scorekeeper.events.records import event_loaded, event_record, event_state
from scorekeeper.events.urls import urlpatterns
from scorekeeper.games.models import Game, Player, Row, Seat, new_key

from ..games.factories import HTMX, new_game_data, snapshot
from .factories import ONE_HAND, new_event, play, play_round, started, url

pytestmark = pytest.mark.django_db

#: Event addresses that only read: the standings link opens them (but the table cards).
PAGES = {"detail", "wall", "live", "export", "csv", "cards"}
#: Event addresses that write: the organiser's link only, by POST.
WRITES = {"pair", "swap", "start", "forfeit", "result", "entrant_add", "withdraw", "seed"}
#: Everything an event write may change, compared before and after a refused request.
STORED = (Event, EventRound, EventTable, Game, Row, Player, Seat)


def event_patterns() -> dict[str, URLPattern]:
    return {pattern.name: pattern for pattern in urlpatterns if "<key:key>" in str(pattern.pattern)}


def address(name: str, key: str) -> str:
    pattern = str(event_patterns()[name].pattern)
    extra = [1, 1] if "<int:round>" in pattern else [1] if "<int:entrant>" in pattern else []
    return url(name, key, *extra)


@pytest.fixture
def event() -> Event:
    """A Swiss of 5 teams in round 1: table 1 (Aces v Kings) played, table 2 (Jacks v Queens) to play."""
    event = new_event(5)
    tables = started(event)
    play(tables[0])
    return Event.objects.get(pk=event.pk)


def secrets_of(event: Event) -> list[str]:
    """What the standings link must never show: the organiser's key and every table's edit link key."""
    return [event.edit_key, *(table.game.edit_key for table in event.tables.select_related("game") if table.game)]


def test_every_event_address_is_a_page_or_a_write():
    assert set(event_patterns()) == PAGES | WRITES


# --- who may do what -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(PAGES))
def test_the_organisers_link_opens_every_page(client: Client, event: Event, name: str):
    assert client.get(address(name, event.edit_key)).status_code == 200


@pytest.mark.parametrize("name", sorted(PAGES - {"cards"}))
def test_the_standings_link_opens_every_page_but_the_table_cards(client: Client, event: Event, name: str):
    assert client.get(address(name, event.view_key)).status_code == 200


def test_the_standings_link_is_refused_the_table_cards(client: Client, event: Event):
    response = client.get(address("cards", event.view_key))
    assert response.status_code == 403
    assert not any(secret in response.content.decode() for secret in secrets_of(event))


@pytest.mark.parametrize("name", sorted(PAGES))
def test_the_standings_links_pages_never_show_the_organisers_key_nor_a_tables_edit_link(
    client: Client, event: Event, name: str
):
    response = client.get(address(name, event.view_key) + ("?v=stale&page=dashboard" if name == "live" else ""))
    if name == "cards":
        assert response.status_code == 403
    else:
        assert response.status_code == 200 and len(response.content) > 100
    text = response.content.decode("utf-8-sig") + str(response.headers)
    assert [secret for secret in secrets_of(event) if secret in text] == []


def test_the_organisers_dashboard_shows_both_links_and_each_tables_sheet(client: Client, event: Event):
    text = client.get(address("detail", event.edit_key)).content.decode()
    assert all(secret in text for secret in secrets_of(event))
    assert event.view_key in text


@pytest.mark.parametrize("name", sorted(WRITES))
def test_the_standings_link_is_refused_every_write_and_nothing_changes(client: Client, event: Event, name: str):
    before = snapshot(*STORED)
    data = {"first": "0", "second": "1", "entrant": "0", "points_0": "1", "points_1": "0", "name": "Tens"}
    response = client.post(address(name, event.view_key), data)
    assert response.status_code == 403
    assert snapshot(*STORED) == before


@pytest.mark.parametrize("name", sorted(PAGES | WRITES))
def test_a_key_no_event_has_is_not_found(client: Client, event: Event, name: str):
    key = new_key()
    response = client.post(address(name, key)) if name in WRITES else client.get(address(name, key))
    assert response.status_code == 404


def test_a_games_key_opens_no_event(client: Client, event: Event):
    game = event.tables.first().game
    assert client.get(address("detail", game.edit_key)).status_code == 404


@pytest.mark.parametrize("name", sorted(WRITES))
def test_a_write_address_takes_no_get(client: Client, event: Event, name: str):
    before = snapshot(*STORED)
    assert client.get(address(name, event.edit_key)).status_code == 405
    assert snapshot(*STORED) == before


# --- the new-event form ----------------------------------------------------------------------------------------------


def new_event_data(**changes: str) -> dict[str, str]:
    data = {
        "name": "Friday Spades", "rules_from": "spades:standard", "hand_limit": "1", "time_limit": "",
        "style": "teams", "pairing": "swiss", "rounds": "3", "table_size": "4",
        "entrants": "Aces: Ann, Bob\nJacks: Cat & Dan\nKings: Eve, Fay\nGus, Hal",
    }  # fmt: skip
    data.update(changes)
    return data


def test_the_new_event_form_makes_the_event_and_opens_its_dashboard(client: Client):
    assert client.get(reverse("events:new")).status_code == 200
    response = client.post(reverse("events:new"), new_event_data())
    event = Event.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("events:detail", args=[event.edit_key])
    assert event.entrants == [
        {"name": "Aces", "players": ["Ann", "Bob"]},
        {"name": "Jacks", "players": ["Cat", "Dan"]},
        {"name": "Kings", "players": ["Eve", "Fay"]},
        {"name": "Gus & Hal", "players": ["Gus", "Hal"]},  # no name typed: the players'
    ]
    assert (event.kind, event.rules, event.pairing, event.rounds, event.table_size) == (
        "spades", ONE_HAND, "swiss", 3, None,
    )  # fmt: skip
    assert event.name in client.get(reverse("events:list")).content.decode()  # this browser made it


def test_the_new_event_form_adds_the_picked_players_after_the_typed_ones(client: Client):
    client.post(reverse("games:new"), new_game_data())  # Ann, Bob, Cat and Dan: players this browser knows
    form = client.get(reverse("events:new")).content.decode()
    assert 'value="Bob"' in form
    data = new_event_data(style="individual", pairing="rotation", entrants="Eve\nann")
    response = client.post(reverse("events:new"), {**data, "picked": ["Ann", "Bob", "Cat"]})
    assert response.status_code == 302
    assert Event.objects.get().entrants == [{"name": "Eve"}, {"name": "ann"}, {"name": "Bob"}, {"name": "Cat"}]


def test_a_mu_event_takes_its_table_size(client: Client):
    data = new_event_data(
        rules_from="mu:standard", style="individual", pairing="rotation", table_size="3", entrants="A\nB\nC\nD\nE\nF"
    )
    assert client.post(reverse("events:new"), data).status_code == 302
    event = Event.objects.get()
    assert (event.kind, event.table_size, event.rules) == ("mu", 3, {"preset": "standard", "hand_limit": 1})


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        pytest.param({"entrants": "Aces: Ann, Bob\nAces: Cat, Dan"}, "entrants", "the name", id="duplicate"),
        pytest.param({"entrants": "Aces: Ann\nJacks: Cat, Dan"}, "entrants", "a team is two players", id="one-player"),
        pytest.param({"entrants": "Aces: Ann, Bob"}, "entrants", "2 to 256 entrants", id="too-few"),
        pytest.param({"rounds": ""}, "rounds", "'rounds' must be a whole number", id="no-rounds"),
        pytest.param({"name": ""}, "name", "This field is required.", id="no-name"),
        pytest.param({"style": "individual"}, "pairing", 'must be "rotation"', id="pairing-for-the-style"),
        pytest.param({"rules_from": "mu:standard"}, "style", "Spades partnerships", id="teams-of-mu"),
    ],
)
def test_the_new_event_form_shows_the_error_at_its_field_and_makes_nothing(
    client: Client, changes: dict[str, str], field: str, message: str
):
    response = client.post(reverse("events:new"), new_event_data(**changes))
    assert response.status_code == 422
    errors = response.context["form"].errors
    assert list(errors) == [field] and message in " ".join(errors[field])
    assert "Aces: Ann" in response.content.decode()  # nothing typed is lost
    assert not Event.objects.exists() and not Game.objects.exists()


def test_new_events_are_throttled_per_client(client: Client, settings):
    settings.THROTTLES = {**settings.THROTTLES, "event": "2/h"}
    statuses = [client.post(reverse("events:new"), new_event_data()).status_code for _ in range(3)]
    assert statuses == [302, 302, 429]
    refused = client.post(reverse("events:new"), new_event_data())
    assert refused.status_code == 429
    assert "Too many new events from this network for now." in refused.content.decode()
    assert Event.objects.count() == 2
    assert Client(REMOTE_ADDR="203.0.113.9").post(reverse("events:new"), new_event_data()).status_code == 302


# --- the organiser's writes ------------------------------------------------------------------------------------------


def test_an_organiser_pairs_swaps_starts_and_prints_a_round_with_plain_posts(client: Client):
    event = new_event(4)
    dashboard = address("detail", event.edit_key)
    assert "Pair round 1" in client.get(dashboard).content.decode()
    response = client.post(address("pair", event.edit_key))
    assert response.status_code == 302 and response["Location"] == dashboard
    page = client.get(dashboard).content.decode()
    assert "The next round is paired: check it, then start it." in page and "Start round 1" in page
    assert client.post(address("swap", event.edit_key), {"first": "0", "second": "1"}).status_code == 302
    assert Event.objects.get().draft["tables"] == [{"entrants": [1, 2]}, {"entrants": [0, 3]}]
    assert client.post(address("start", event.edit_key)).status_code == 302
    tables = list(EventTable.objects.filter(event=event).select_related("game"))
    assert [table.game.players for table in tables] == [["Cat", "Eve", "Dan", "Fay"], ["Ann", "Gus", "Bob", "Hal"]]
    cards = client.get(address("cards", event.edit_key))
    assert [card["address"] for card in cards.context["cards"]] == [
        f"http://testserver{reverse('games:detail', args=[table.game.edit_key])}" for table in tables
    ]
    text = cards.content.decode()
    assert "Table 2" in text and "Gus" in text and text.count('class="qr"') == 2
    games = client.get(reverse("games:list")).content.decode()
    assert all(reverse("games:detail", args=[table.game.edit_key]) in games for table in tables)  # remembered


def test_a_refused_write_shows_the_engines_message_on_the_dashboard_and_changes_nothing(client: Client, event: Event):
    before = snapshot(*STORED)
    response = client.post(address("pair", event.edit_key))
    assert response.status_code == 422
    assert "Round 1 is still being played." in response.content.decode()
    assert snapshot(*STORED) == before


def test_htmx_writes_answer_with_the_board_and_announce_the_change(client: Client, event: Event):
    response = client.post(url("forfeit", event.edit_key, 1, 2), {"entrant": "3"}, **HTMX)
    assert response.status_code == 200
    text = response.content.decode()
    assert text.lstrip().startswith('<div id="board"') and "<html" not in text
    assert json.loads(response["HX-Trigger"]) == {"event-changed": {}}
    assert "Forfeit recorded." in text and "Round 1 is complete." in text
    refused = client.post(url("result", event.edit_key, 1, 2), {"points_0": "10"}, **HTMX)
    assert refused.status_code == 422
    assert refused.content.decode().lstrip().startswith('<div id="board"')
    assert "In round 1, table 2: &#x27;result&#x27; must be" in refused.content.decode()


def test_forfeit_result_and_taking_them_back_through_the_dashboard(client: Client, event: Event):
    forfeit, result = url("forfeit", event.edit_key, 1, 2), url("result", event.edit_key, 1, 2)
    assert client.post(forfeit, {"entrant": "1"}).status_code == 302
    assert EventTable.objects.get(round=0, number=1).forfeit == 1
    assert client.post(forfeit, {"entrant": "2"}).status_code == 422  # Kings sit at table 1
    assert client.post(result, {"points_0": "90", "points_1": " 120 "}).status_code == 302
    assert (EventTable.objects.get(round=0, number=1).forfeit, EventTable.objects.get(round=0, number=1).points) == (
        None, [90, 120],
    )  # fmt: skip
    page = client.get(address("detail", event.edit_key)).content.decode()
    assert "Result set by the organiser" in page and "Won: Queens" in page
    assert client.post(result, {"clear": "1"}).status_code == 302
    assert EventTable.objects.get(round=0, number=1).points is None
    assert client.post(result, {"points_0": "ten", "points_1": "0"}).status_code == 422
    assert client.post(forfeit, {"entrant": ""}).status_code == 302
    assert EventTable.objects.get(round=0, number=1).forfeit is None


def test_late_entrants_and_withdrawals_through_the_dashboard(client: Client):
    event = new_event(4)
    play_round(event)
    add = address("entrant_add", event.edit_key)
    assert client.post(add, {"name": "Tens", "first": "Ida", "second": "Jon"}).status_code == 302
    assert Event.objects.get().entrants[-1] == {"name": "Tens", "players": ["Ida", "Jon"]}
    refused = client.post(add, {"name": "", "first": "Kim", "second": "Lou"})
    assert refused.status_code == 422 and "Name: This field is required." in refused.content.decode()
    too_long = client.post(add, {"name": "Twos", "first": "K" * 41, "second": "Lou"})
    assert (
        too_long.status_code == 422
        and "Player 1: Ensure this value has at most 40 characters" in too_long.content.decode()
    )
    assert client.post(url("withdraw", event.edit_key, 5)).status_code == 302
    assert Event.objects.get().withdrawn == [4]
    page = client.get(address("detail", event.edit_key)).content.decode()
    assert "withdrawn" in page and "Back in" in page
    assert client.post(url("withdraw", event.edit_key, 5), {"back": "1"}).status_code == 302
    assert Event.objects.get().withdrawn == []
    assert client.post(url("withdraw", event.edit_key, 9)).status_code == 422


# --- the live poll ---------------------------------------------------------------------------------------------------


def poll(client: Client, key: str, page: str = "standings") -> tuple[str, str]:
    """The token a page shows and the poll's address for it."""
    response = client.get(address("wall" if page == "wall" else "detail", key))
    token = response.context["token"]
    return token, f"{address('live', key)}?v={token}&page={page}"


@pytest.mark.parametrize("page", ["dashboard", "standings", "wall"])
def test_the_live_poll_unchanged_is_204_after_one_query(client: Client, event: Event, page: str,
                                                        django_assert_num_queries: Any):  # fmt: skip
    # A running round's token holds the minute: a page shown in one minute and polled in the next is
    # answered afresh (its clocks moved), so the test keeps to one minute.
    with mock.patch("django.utils.timezone.now", return_value=timezone.now()):
        _token, live = poll(client, event.edit_key if page == "dashboard" else event.view_key, page)
        with django_assert_num_queries(1):
            response = client.get(live)
    assert response.status_code == 204 and response.content == b""


def test_the_live_poll_answers_the_board_when_a_table_saves_a_hand(client: Client, event: Event):
    _token, live = poll(client, event.view_key)
    table = EventTable.objects.get(event=event, round=0, number=1)
    play(table, side=1)
    response = client.get(live)
    assert response.status_code == 200
    text = response.content.decode()
    assert text.lstrip().startswith('<div id="board"') and "Round 1 is complete." in text
    assert not any(secret in text for secret in secrets_of(event))
    assert client.get(f"{address('live', event.view_key)}?v={response.context['token']}").status_code == 204


def test_the_live_poll_answers_the_board_after_a_forfeit(client: Client, event: Event):
    _token, live = poll(client, event.edit_key, "dashboard")
    services.event_forfeit_set(event=event, round=0, number=1, entrant=3)
    response = client.get(live)
    assert response.status_code == 200
    assert "Forfeit" in response.content.decode() and "Pair round 2" in response.content.decode()


def test_the_live_poll_of_the_standings_link_never_answers_the_dashboard(client: Client, event: Event):
    response = client.get(f"{address('live', event.view_key)}?v=old&page=dashboard")
    text = response.content.decode()
    assert response.status_code == 200 and "Pair round" not in text and "Forfeit or result" not in text
    assert "&amp;page=standings" in text and "&amp;page=dashboard" not in text


def test_the_wall_polls_the_wall(client: Client, event: Event):
    response = client.get(f"{address('live', event.view_key)}?v=old&page=wall")
    assert 'class="wall-board"' in response.content.decode()


# --- queries ---------------------------------------------------------------------------------------------------------


def queries_of(key: str, name: str) -> int:
    client = Client()
    with CaptureQueriesContext(connection) as captured:
        assert client.get(address(name, key)).status_code == 200
    return len(captured)


def test_the_dashboard_standings_and_wall_cost_the_same_queries_at_any_size():
    small = new_event(4, rounds=1)
    play(started(small)[0])
    large = new_event(16, rounds=3)
    for _ in range(2):
        play_round(large)
    tables = started(large)
    for table in tables[:5]:
        play(table)
    services.event_forfeit_set(event=large, round=2, number=6, entrant=tables[6].entrants[0])
    assert large.tables.count() == 24 and Row.objects.count() == 1 + 21
    for key_of, name in ((lambda e: e.edit_key, "detail"), (lambda e: e.view_key, "detail"),
                         (lambda e: e.view_key, "wall"), (lambda e: e.edit_key, "cards")):  # fmt: skip
        assert queries_of(key_of(small), name) == queries_of(key_of(large), name), name


# --- the record out --------------------------------------------------------------------------------------------------


def test_the_export_is_the_event_record_either_link_gives(client: Client, event: Event):
    response = client.get(address("export", event.view_key))
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"].startswith('attachment; filename="friday-spades-')
    record = json.loads(response.content)
    assert record == event_record(event_loaded(event))
    assert record["played"][0]["tables"][0]["game"]["hands"][0]["bids"] == [5, 2, 5, 2]
    assert "game" not in record["played"][0]["tables"][1]  # no hand yet
    assert json.loads(client.get(address("export", event.edit_key)).content) == record


def test_the_csv_is_the_standings_in_rank_order_as_manage_py_event_prints_them(client: Client, event: Event):
    response = client.get(address("csv", event.view_key))
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    lines = response.content.decode("utf-8-sig").splitlines()
    assert lines[0] == "rank,name,played,wins,losses,byes,points_for,points_against,differential"
    assert lines[1:] == [
        "1,Aces,1,1,0,0,100,-40,140",
        "2,Tens,0,1,0,1,0,0,0",
        "3,Jacks,0,0,0,0,0,0,0",
        "3,Queens,0,0,0,0,0,0,0",
        "5,Kings,1,0,1,0,-40,100,-140",
    ]


@pytest.mark.parametrize("name", ["=SUM(A1:A9)", "+1+2", "-Two", "@HERE"])
def test_the_csv_keeps_a_name_a_spreadsheet_would_read_as_a_formula_as_text(client: Client, name: str):
    entrants = [{"name": name, "players": ["Ann", "Bob"]}, {"name": "Jacks", "players": ["Cat", "Dan"]}]
    event = services.event_create(name="Formula", kind="spades", rules=ONE_HAND, style="teams",
                                  pairing="round_robin", entrants=entrants)  # fmt: skip
    text = client.get(address("csv", event.view_key)).content.decode("utf-8-sig")
    assert f"1,'{name},0,0,0,0,0,0,0" in text.splitlines()


def test_the_csv_of_an_event_the_pairing_cannot_go_on_with_still_lists_the_standings(client: Client):
    """Six-seat Spades has no rotation yet: a new event is refused it, but one stored before that check
    (made here straight in the database) still opens: the dashboard says why, and the standings still show."""
    six = [{"name": name} for name in ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")]
    event = Event.objects.create(name="Six", kind="spades", rules={"preset": "six_player"}, style="individual",
                                 pairing="rotation", rounds=2, rank_by="wins", entrants=six)  # fmt: skip
    assert "The next round cannot be paired" in client.get(address("detail", event.edit_key)).content.decode()
    response = client.get(address("csv", event.edit_key))
    assert response.status_code == 200
    assert len(response.content.decode("utf-8-sig").splitlines()) == 8


# --- the record in ---------------------------------------------------------------------------------------------------


def upload(record: Any) -> SimpleUploadedFile:
    return SimpleUploadedFile("event.json", json.dumps(record).encode(), content_type="application/json")


def test_an_import_shows_a_preview_then_stores_the_event_when_confirmed(client: Client, event: Event):
    services.event_forfeit_set(event=event, round=0, number=1, entrant=3)
    record = event_record(event_loaded(event))
    before = snapshot(*STORED)
    preview = client.post(reverse("events:import"), {"file": upload(record)})
    assert preview.status_code == 200
    text = preview.content.decode()
    assert "1 round played" in text and "Aces" in text and "Import the event" in text
    assert snapshot(*STORED) == before  # nothing stored by the preview
    confirmed = client.post(reverse("events:import"), {"text": preview.context["text"], "confirm": "yes"})
    imported = Event.objects.exclude(pk=event.pk).get()
    assert confirmed.status_code == 302 and confirmed["Location"] == address("detail", imported.edit_key)
    assert event_record(event_loaded(imported)) == record
    assert event_state(imported).progress.standings == event_state(event).progress.standings


@pytest.mark.parametrize(
    ("change", "message"),
    [
        pytest.param(
            lambda record: record["played"][0]["tables"][0]["game"]["hands"][0].update(tricks=[5, 5, 5, 5]),
            "In round 1, table 1: Hand 1: ",
            id="a-hand-that-breaks-a-rule",
        ),
        pytest.param(
            lambda record: record["played"][0]["tables"][1].update(entrants=[1, 0]),
            "In round 1, table 2: Aces sits at table 1 of this round already.",
            id="an-entrant-at-two-tables",
        ),
        pytest.param(
            lambda record: record["played"][0]["tables"][1].update(result={"points": [1]}),
            "In round 1, table 2: &#x27;result&#x27; must be",
            id="a-result-of-the-wrong-length",
        ),
    ],
)
def test_a_bad_import_shows_the_engines_message_with_the_round_and_table_and_stores_nothing(
    client: Client, event: Event, change: Any, message: str
):
    record = event_record(event_loaded(event))
    change(record)
    before = snapshot(*STORED)
    for data in ({"file": upload(record)}, {"text": json.dumps(record), "confirm": "yes"}):
        response = client.post(reverse("events:import"), data)
        assert response.status_code == 422
        assert message in response.content.decode()
    assert snapshot(*STORED) == before


def test_an_import_that_is_not_json_is_refused(client: Client):
    response = client.post(reverse("events:import"), {"file": SimpleUploadedFile("event.json", b"{not json")})
    assert response.status_code == 422 and not Event.objects.exists()


def test_confirmed_imports_are_throttled_with_new_events(client: Client, event: Event, settings):
    settings.THROTTLES = {**settings.THROTTLES, "event": "1/h"}
    text = json.dumps(event_record(event_loaded(event)))
    assert client.post(reverse("events:import"), {"text": text, "confirm": "yes"}).status_code == 302
    refused = client.post(reverse("events:import"), {"text": text, "confirm": "yes"})
    assert refused.status_code == 429 and Event.objects.count() == 2


# --- the list of events ----------------------------------------------------------------------------------------------


def test_the_list_of_events_leads_to_each_by_the_link_this_browser_holds(client: Client):
    """An event opened through its standings link is listed with that link, never the organiser's."""
    client.post(reverse("games:new"), new_game_data())  # this browser has a session
    made = client.post(reverse("events:new"), new_event_data(name="Made here"))
    assert made.status_code == 302
    other = new_event(4)
    assert client.get(address("detail", other.view_key)).status_code == 200
    text = client.get(reverse("events:list")).content.decode()
    assert address("detail", other.view_key) in text and other.edit_key not in text
    mine = Event.objects.get(name="Made here")
    assert address("detail", mine.edit_key) in text
    client.get(address("detail", other.edit_key))  # the organiser's link opened here: it is listed with it
    assert address("detail", other.edit_key) in client.get(reverse("events:list")).content.decode()
