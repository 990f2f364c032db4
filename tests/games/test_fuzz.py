"""Bad input of any kind gets a clear 4xx answer and changes nothing (issue 6 "Safety", issue 11).

Hypothesis posts random form data, with the real field names and garbage values
(huge numbers, NUL bytes, markup, other types), to every URL that takes a POST, on
a Spades game with a hand in play and a Mü game with a deal. No answer may be a
server error, an answer of 400 or more must leave the database as it was, and
nothing stored (nor the phone's session) may hold text that cannot be stored or
sent: a NUL or a lone surrogate. It also asks every page with random queries,
by GET and by HEAD, and imports random documents: deep nesting, huge numbers,
broken names, more records than a browser keeps.
Also: every write URL refuses a wrong method and a missing CSRF token.
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.names import is_clean_text
from scorekeeper.games import services
from scorekeeper.games.models import Change, Game, HouseRules, Player, Row, Ruling, Seat
from scorekeeper.spades import services as spades_services
from tests.profiles import examples

from .factories import HTMX, play, record, sheet_url, snapshot

SPADES_POSTS = ["bids", "bid_offers", "misdeal", "tricks", "tricks_rest", "undo", "rematch", "game_referee"]
MU_POSTS = ["mu_auction", "mu_preview", "mu_points", "mu_count", "mu_rest", "undo", "rematch", "game_referee"]
NEW_POSTS = ["new", "mu_new", "referee", "device"]
#: Everything stored (accounts too), compared before and after a refused request.
STORED = (Game, Row, HouseRules, Ruling, Change, User, Player, Seat)

SEATS = range(7)
FIELDS = sorted(
    {
        "number", "seat", "dealer", "preset", "target", "save_as", "bag_cancel", "last", "level", "tied",
        "chef", "vize", "partner", "chef_trump", "vize_trump", "bonus_above_seven", "question", "trick",
        "lead", "hand", "cards", "action", "kind", "apply", "nil", "blind_nil", "lose_at", "bag_limit",
        "players", "house_rules", "name", "username", "password", "password1", "password2", "next", "records",
        "confirm", "refresh", "apply_preset", "link", "shown",
        *(f"{name}_{seat}" for name in ("bid", "tricks", "player", "laid", "digits", "points", "bemo",
                                        "bemo_made", "run", "moon", "ten_for_two_hundred", "nil") for seat in SEATS),
    }
)  # fmt: skip
GARBAGE = st.one_of(
    st.sampled_from(["", "0", "-1", "13", "14", "nil", "blind_nil", "none", "true", "on", "3", "9" * 40, "1e9", "NaN"]),
    st.integers(min_value=-(10**25), max_value=10**25).map(str),
    st.text(max_size=40),
    st.sampled_from(["\x00", "<script>alert(1)</script>", "' OR 1=1 --", "💥" * 100, "a" * 5000, "9" * 5000]),
    st.sampled_from(["²", "٣", "³⁴", "1 ²", "-0", "+3", " 3", "3 ", "0x1F", "१२"]),  # int() and isdigit() disagree
    st.sampled_from(["3.0", "4.5", "1e1", "9" * 4301, "abc", "a\x00b", "\u202eAnn", "A\u200bnn", "null", "[]"]),
)
FORMS = st.dictionaries(st.one_of(st.sampled_from(FIELDS), st.text(max_size=12)), GARBAGE, max_size=14)


#: Forms that would be accepted, by URL name: the fuzzer spoils a few of their fields,
#: which reaches the rule checks behind the form validation.
VALID = {
    "bids": {"number": "1", **{f"bid_{seat}": "3" for seat in range(4)}},
    "tricks": {"number": "1", "tricks_0": "4", "tricks_1": "3", "tricks_2": "3", "tricks_3": "3"},
    "hand_edit": {"bid_0": "3", "bid_1": "3", "bid_2": "3", "bid_3": "3", "tricks_0": "4", "tricks_1": "3",
                  "tricks_2": "3", "tricks_3": "3"},
    "misdeal": {"number": "1", "seat": "2"},
    "new": {"preset": "standard", "dealer": "0", **{f"player_{seat}": name for seat, name in enumerate("ABCD")}},
    "mu_new": {"dealer": "0", "target": "200", **{f"player_{seat}": name for seat, name in enumerate("ABCD")}},
    "mu_auction": {"number": "0", "laid_0": "2", "laid_1": "1", "laid_2": "0", "laid_3": "0",
                   "chef_trump": "red", "vize_trump": "7", "partner": "2"},
    "mu_points": {"number": "0", "points_0": "30", "points_1": "20", "points_2": "10", "points_3": "0"},
}  # fmt: skip


@pytest.fixture
def games(db) -> dict[str, Game]:
    spades = services.game_create(
        kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={"preset": "standard"}
    )
    play(spades, [3, 3, 3, 3], [4, 3, 3, 3])
    spades_services.hand_bids_save(game=spades, bids=[2, "nil", 4, 5])
    mu = services.game_create(players=["Anna", "Beate", "Conny", "Dagmar"], dealer=0, rules={}, kind="mu")
    return {"spades": spades, "mu": mu}


def named_urls(games: dict[str, Game]) -> list[tuple[str, str]]:
    spades, mu = games["spades"], games["mu"]
    found = [(name, reverse(f"games:{name}", args=[spades.edit_key])) for name in SPADES_POSTS]
    found += [(name, reverse(f"games:{name}", args=[mu.edit_key])) for name in MU_POSTS]
    found += [(name, reverse(f"games:{name}")) for name in NEW_POSTS]
    found += [("hand_edit", reverse("games:hand_edit", args=[spades.edit_key, 1]))]
    found += [("mu_deal_edit", reverse("games:mu_deal_edit", args=[mu.edit_key, 1]))]
    found += [("links", reverse("games:links", args=[spades.edit_key]))]
    found += [("revert", reverse("games:revert", args=[spades.edit_key, spades.changes.first().pk]))]
    found += [(name, reverse(name)) for name in ("login", "logout", "signup")]
    found += [("import", reverse("games:import"))]
    ann = spades.seats.get(seat=0).player_id
    found += [(name, reverse(f"games:{name}", args=[ann])) for name in ("player_rename", "player_merge")]
    return found


def urls(games: dict[str, Game]) -> list[str]:
    return [url for _name, url in named_urls(games)]


@settings(max_examples=examples(300), suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_random_form_data_never_breaks_the_server_and_a_refusal_changes_nothing(games, data) -> None:
    name, url = data.draw(st.sampled_from(named_urls(games)), label="url")
    form = data.draw(FORMS, label="form")
    if name in VALID and data.draw(st.booleans(), label="spoil a valid form"):
        form = {**VALID[name], **dict(list(form.items())[:3])}
    htmx = data.draw(st.booleans(), label="htmx")
    before = snapshot(*STORED)

    client = Client(raise_request_exception=False)
    response = client.post(url, form, **(HTMX if htmx else {}))

    assert response.status_code < 500, (url, form, response.status_code)
    if response.status_code >= 400:
        assert snapshot(*STORED) == before, (url, form, response.status_code)
    assert_all_clean(client)


def assert_all_clean(client: Client) -> None:
    """Nothing stored, nor the client's session, holds text that cannot be stored or sent (PostgreSQL
    refuses NUL; UTF-8 has no lone surrogates): one such name made every later save a 500."""
    texts = [value for table in snapshot(*STORED) for row in table for value in _strings(row)]
    texts += list(_strings(dict(client.session)))
    assert all(is_clean_text(text) for text in texts), [text for text in texts if not is_clean_text(text)]


def _strings(value: Any) -> Any:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.items():
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


#: Pages that answer GET (and so HEAD), by URL name: the arguments they take.
GETS = ["home", "list", "new", "mu_new", "import", "players", "referee", "health"]
GAME_GETS = ["detail", "live", "share", "changes", "rulebook", "game_referee", "record", "csv", "print"]
QUERY_FIELDS = sorted({"house_rules", "preset", "players", "page", "q", "who", "partner", "opponent", "won",
                       "stat", "kind", "name", "since", "until", "state", "hand", "v", "stage", "question",
                       "player_0", "dealer", "target"})  # fmt: skip
QUERIES = st.dictionaries(st.one_of(st.sampled_from(QUERY_FIELDS), st.text(max_size=12)), GARBAGE, max_size=8)


@settings(max_examples=examples(200), suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_random_queries_never_break_a_page_and_head_answers_like_get(games, data) -> None:
    game = games[data.draw(st.sampled_from(["spades", "mu"]), label="game")]
    name = data.draw(st.sampled_from(GETS + GAME_GETS), label="page")
    if name in GAME_GETS:
        url = reverse(f"games:{name}", args=[data.draw(st.sampled_from([game.edit_key, game.view_key]))])
    else:
        url = reverse(f"games:{name}")
    query = data.draw(QUERIES, label="query")
    client = Client(raise_request_exception=False)
    before = snapshot(*STORED)

    got = client.get(url, query, **(HTMX if data.draw(st.booleans(), label="htmx") else {}))
    head = client.head(url, query)

    assert got.status_code < 500, (url, query, got.status_code)
    assert head.status_code < 500 and head.status_code != 405, (url, query, head.status_code)
    assert head.content == b""
    assert snapshot(*STORED) == before


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


NAMES = st.one_of(
    st.text(max_size=45),
    st.sampled_from(["\ud800", "a\x00b", "\x1b[31m", "\u202eAnn", "A\u200bnn", "x" * 41, "", " "]),
)
RECORDS = st.builds(
    lambda names, hands, dealer, rules: record(players=names, hands=hands, dealer=dealer, rules=rules),
    st.lists(NAMES, min_size=3, max_size=5),
    st.lists(st.sampled_from([{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}, {"misdeal": 1}, {}, []]), max_size=3),
    st.one_of(st.integers(-1, 5), st.floats(allow_nan=False), st.just("0")),
    st.sampled_from([{"preset": "standard"}, {"preset": "standard", "players": 3.0}, {"target": -1}, []]),
)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)
DOCUMENTS = st.one_of(
    RECORDS.map(json.dumps),
    st.lists(RECORDS, max_size=3).map(json.dumps),
    st.integers(1, 3000).map(_nested),
    st.integers(4300, 6000).map(lambda digits: '{"dealer": ' + "9" * digits + "}"),
    st.integers(195, 205).map(
        lambda count: json.dumps([record(hands=[{"bids": [3] * 4, "tricks": [4, 3, 3, 3]}])] * count)
    ),
    JSON.map(json.dumps),
    st.text(max_size=200),
)


@settings(max_examples=examples(150), suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_random_imports_never_break_the_server_and_a_refusal_changes_nothing(games, data) -> None:
    text = data.draw(DOCUMENTS, label="document")
    confirm = data.draw(st.booleans(), label="confirm")
    client = Client(raise_request_exception=False)
    before = snapshot(*STORED)

    if confirm:
        response = client.post(reverse("games:import"), {"records": text, "confirm": "1"})
    else:
        response = client.post(reverse("games:import"), {"file": io.BytesIO(text.encode("utf-8", "surrogatepass"))})

    assert response.status_code < 500, (text[:200], response.status_code)
    if response.status_code >= 400:
        assert snapshot(*STORED) == before, (text[:200], response.status_code)
    assert_all_clean(client)


@pytest.mark.django_db
def test_every_write_url_refuses_a_missing_csrf_token_and_changes_nothing(games) -> None:
    client = Client(enforce_csrf_checks=True)
    for url in urls(games):
        before = snapshot(*STORED)
        response = client.post(url, {"bid_0": "3", "number": "1"})
        assert response.status_code == 403, url
        assert snapshot(*STORED) == before, url


@pytest.mark.django_db
@pytest.mark.parametrize("method", ["put", "patch", "delete"])
def test_every_write_url_refuses_other_methods(games, method) -> None:
    client = Client()
    for url in urls(games):
        before = snapshot(*STORED)
        assert getattr(client, method)(url).status_code == 405, url
        assert snapshot(*STORED) == before, url


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["²", "9" * 5000, "-1", "x"])
def test_an_unreadable_hand_to_open_is_ignored(games, client, value) -> None:
    response = client.get(sheet_url(games["spades"]), {"hand": value})
    assert response.status_code == 200
