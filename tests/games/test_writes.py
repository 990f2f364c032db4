"""The write pipeline (issue 24: ``scorekeeper.games.views.writes``): a form for the game as it was is
answered 409 with the fresh sheet before it is read against the game as it is now, for every write of
both kinds; a form that does not say what it was for is refused; a correction that changes nothing
records nothing; a correction racing an undo is a conflict, not a missing page."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.games import changes, services
from scorekeeper.games.kinds import game_rows
from scorekeeper.games.models import Change, Game, Row
from scorekeeper.mu import services as mu_services
from scorekeeper.spades import services as spades_services

from .factories import HTMX, game_with_hands, new_game, play, shown_row, snapshot, undo_form, url

pytestmark = pytest.mark.django_db

MU = ["Anna", "Beate", "Conny", "Dagmar"]
#: What a refused write must leave untouched.
STORED = (Game, Row, Change)


def mu_in_play() -> Game:
    """A Mü game whose first deal is being played: Anna is Chef (dealer Anna: Beate counts first)."""
    game = services.game_create(players=MU, dealer=0, rules={}, kind="mu")
    mu_services.deal_auction_save(game=game, laid=[2, 1, 0, 0], chef_trump="red", vize_trump=7, partner=2)
    return game


def test_mu_card_points_saved_by_another_phone_are_a_conflict_with_its_message() -> None:
    """The attacker's report: 422 and no message, because the form was read against the next deal's order."""
    game = mu_in_play()
    first, second = Client(), Client()
    points = {"points_1": "20", "points_2": "10", "points_3": "0", "number": "0"}
    assert first.post(url("mu_points", game), points, **HTMX).status_code == 200
    before = snapshot(*STORED)

    response = second.post(url("mu_points", game), {**points, "points_1": "25"}, **HTMX)

    assert response.status_code == 409
    assert "This deal was just changed from another phone" in response.content.decode()
    assert snapshot(*STORED) == before


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_spades_tricks_saved_by_another_phone_are_a_conflict_not_bad_input(headers) -> None:
    """Two phones on the same hand's tricks: the slower one hears why, and nothing of it is stored."""
    game = new_game()
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3])
    faster = {"tricks_0": "4", "tricks_1": "3", "tricks_2": "3", "tricks_3": "3", "number": "0"}
    assert Client().post(url("tricks", game), faster, **HTMX).status_code == 200
    before = snapshot(*STORED)
    slower = Client()

    response = slower.post(url("tricks", game), {**faster, "tricks_0": "3", "tricks_1": "4"}, **headers)

    assert response.status_code == (409 if headers else 302)
    page = response.content.decode() if headers else slower.get(response["Location"]).content.decode()
    assert "This hand was just changed from another phone" in page
    assert snapshot(*STORED) == before


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("bids", {f"bid_{seat}": "3" for seat in range(4)}),
        ("misdeal", {"seat": "0"}),
        ("tricks", {"tricks_0": "4", "tricks_1": "3", "tricks_2": "3"}),
    ],
)
@pytest.mark.parametrize(
    "number", [None, "abc", "-0", "1" * 10, ""], ids=["missing", "abc", "-0", "ten digits", "empty"]
)
def test_a_spades_write_whose_form_number_cannot_be_read_is_refused(name, data, number) -> None:
    game = game_with_hands(2)
    if name == "tricks":
        spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3])
    before = snapshot(*STORED)
    posted = data if number is None else {**data, "number": number}

    response = Client().post(url(name, game), posted, **HTMX)

    assert response.status_code == 409
    assert "Nothing was saved: this form does not say which hand it was for." in response.content.decode()
    assert snapshot(*STORED) == before


@pytest.mark.parametrize("name", ["mu_auction", "mu_points"])
def test_a_mu_write_whose_form_number_cannot_be_read_is_refused(name) -> None:
    game = mu_in_play() if name == "mu_points" else services.game_create(players=MU, dealer=0, rules={}, kind="mu")
    data = {"points_1": "20", "points_2": "10", "points_3": "0", "number": "abc"}
    if name == "mu_auction":
        data = {"laid_0": "2", "laid_1": "1", "laid_2": "0", "laid_3": "0", "chef_trump": '"red"', "number": "abc"}
    before = snapshot(*STORED)

    response = Client().post(url(name, game), data, **HTMX)

    assert response.status_code == 409
    assert "Nothing was saved: this form does not say which deal it was for." in response.content.decode()
    assert snapshot(*STORED) == before


@pytest.mark.parametrize(
    "form",
    [
        {"number": "abc"},
        {"number": "-0"},
        {"number": "12345678901"},
        {"number": "1"},  # the fingerprint missing
        {},
    ],
    ids=["abc", "-0", "eleven digits", "no fingerprint", "nothing"],
)
def test_undo_whose_form_cannot_be_read_deletes_nothing(form) -> None:
    """The attacker's report: ``POST /undo/ number=abc`` deleted the last hand."""
    game = game_with_hands(2)
    before = snapshot(*STORED)

    response = Client().post(url("undo", game), form)

    assert response.status_code == 302 and response["Location"].endswith("#entry")
    assert snapshot(*STORED) == before


def test_undo_as_the_form_shows_it_still_deletes_the_last_hand() -> None:
    game = game_with_hands(2)
    assert Client().post(url("undo", game), undo_form(game), **HTMX).status_code == 200
    assert Row.objects.filter(game=game).count() == 1


@pytest.mark.parametrize("name", ["hand_edit", "mu_deal_edit"])
def test_a_correction_without_its_fingerprint_is_refused(name) -> None:
    if name == "hand_edit":
        game = game_with_hands(2)
        data = {"bid_0": "3", "bid_1": "3", "bid_2": "3", "bid_3": "3", "tricks_0": "4", "tricks_1": "3"}
        data |= {"tricks_2": "3", "tricks_3": "3"}
    else:
        game = mu_in_play()
        mu_services.deal_points_save(game=game, points=[30, 20, 10, 0])
        data = {"chef": "0", "level": "2", "vize": "1", "partner": "2", "chef_trump": '"red"', "vize_trump": "7"}
        data |= {"points_0": "40", "points_1": "10", "points_2": "10", "points_3": "0"}
    before = snapshot(*STORED)

    response = Client().post(url(name, game, 1), data, **HTMX)

    assert response.status_code == 409
    assert "Nothing was saved: this form does not say which" in response.content.decode()
    assert snapshot(*STORED) == before


@pytest.mark.parametrize("kind", ["spades", "mu"])
def test_a_correction_that_changes_nothing_records_nothing(kind) -> None:
    """The attacker's report: an unchanged correction was an "edit" with the same before and after, and a
    new version that every phone then fetched."""
    if kind == "spades":
        game = new_game()
        play(game, [3, 3, 3, 3], [4, 3, 3, 3])
        name = "hand_edit"
        data = {f"bid_{seat}": "3" for seat in range(4)} | {"tricks_0": "4", "tricks_1": "3", "tricks_2": "3"}
        data |= {"tricks_3": "3"}
    else:
        game = mu_in_play()
        mu_services.deal_points_save(game=game, points=[30, 20, 10, 0])
        name = "mu_deal_edit"
        data = {"chef": "0", "level": "2", "vize": "1", "partner": "2", "chef_trump": '"red"', "vize_trump": "7"}
        data |= {"points_0": "30", "points_1": "20", "points_2": "10", "points_3": "0"}
    before = snapshot(*STORED)

    response = Client().post(url(name, game, 1), data | shown_row(game, 1), **HTMX)

    assert response.status_code == 200
    assert snapshot(*STORED) == before  # no new version, no change in the history


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_a_correction_racing_an_undo_is_a_conflict_with_the_fresh_sheet(headers) -> None:
    """The attacker's report: 404 instead of 409."""
    game = game_with_hands(2)
    fingerprint = shown_row(game, 2)
    other = Client()
    assert other.post(url("undo", game), undo_form(game), **HTMX).status_code == 200
    data = {f"bid_{seat}": "3" for seat in range(4)} | {"tricks_0": "4", "tricks_1": "3", "tricks_2": "3"}
    data |= {"tricks_3": "3", **fingerprint}
    before = snapshot(*STORED)
    client = Client()

    response = client.post(url("hand_edit", game, 2), data, **headers)

    assert response.status_code == (409 if headers else 302)
    page = response.content.decode() if headers else client.get(response["Location"]).content.decode()
    assert "This hand was just changed from another phone" in page
    assert snapshot(*STORED) == before


def test_a_correction_racing_an_undo_inside_the_lock_is_a_conflict() -> None:
    """The service's own check, for an undo that lands between the form's check and the lock."""
    game = game_with_hands(2)
    fingerprint = shown_row(game, 2)["shown"]
    hand = Row.objects.get(game=game, number=1)
    bids, tricks = hand.record["bids"], hand.record["tricks"]
    changes.row_undo(game=game)
    with pytest.raises(spades_services.WriteConflict):
        spades_services.hand_update(
            game=game, number=1, bids=hand.record["bids"], tricks=hand.record["tricks"], shown=fingerprint
        )
    with pytest.raises(Row.DoesNotExist):  # said by no form: no such hand
        spades_services.hand_update(game=game, number=1, bids=bids, tricks=tricks)


def test_a_save_another_phone_beat_says_who_saved_first_what_and_offers_mine_instead() -> None:
    """Issue 25: the slower phone is told who saved that hand first and what, and one tap uses its own
    entry instead: the other phone's save undone and this one made, both in the history."""
    game = new_game()
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3])
    faster = Client()
    faster.post(reverse("games:device"), {"name": "Ben's phone"})
    mine = {"tricks_1": "3", "tricks_2": "4", "tricks_3": "3", "number": "0"}
    assert faster.post(url("tricks", game), {**mine, "tricks_1": "4", "tricks_2": "3"}, **HTMX).status_code == 200
    slower = Client()

    response = slower.post(url("tricks", game), mine, **HTMX)

    page = response.content.decode()
    assert response.status_code == 409
    said = re.sub(r"</?bdi>", "", page)
    assert (
        "Ben&#x27;s phone saved first: bids Ann 3 · Bob 3 · Cat 3 · Dan 3; took Ann 3 · Bob 4 · Cat 3 · Dan 3" in said
    )
    instead = re.search(r'name="instead_of" value="(\d+)"', page)
    assert instead, "no 'Use mine instead' offered"
    again = {name: value for name, value in re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', page)}
    assert {name: again[name] for name in mine} == mine

    response = slower.post(url("tricks", game), {**mine, "instead_of": instead.group(1)}, **HTMX)

    assert response.status_code == 200
    assert Row.objects.get(game=game, number=0).record.get("tricks") == [3, 3, 4, 3]  # Ann took the rest: 3
    assert list(Change.objects.filter(game=game).values_list("action", flat=True)[:2]) == ["tricks", "revert"]


def test_mine_instead_is_refused_once_the_other_save_changed_again() -> None:
    game = new_game()
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3])
    theirs = spades_services.hand_tricks_save(game=game, tricks=[3, 4, 3, 3], number=0)
    change = Change.objects.filter(game=game).first()
    spades_services.hand_update(
        game=game, number=0, bids=theirs.row.record["bids"], tricks=[4, 3, 3, 3]
    )  # corrected since
    before = snapshot(*STORED)
    mine = {"tricks_1": "3", "tricks_2": "4", "tricks_3": "3", "number": "0", "instead_of": str(change.pk)}

    response = Client().post(url("tricks", game), mine, **HTMX)

    assert response.status_code == 409
    assert snapshot(*STORED) == before


def _spades_bids_saved() -> Game:
    game = new_game()
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3])
    return game


def _spades_with_misdeals() -> Game:
    return new_game(rules={"preset": "standard", "misdeal": "no_spades"})


def _mu_new() -> Game:
    return services.game_create(players=MU, dealer=0, rules={}, kind="mu")


BIDS_THEIRS = {"bid_1": "4", "bid_2": "3", "bid_3": "4", "bid_0": "2"}
AUCTION = {"laid_0": "1", "laid_1": "1", "laid_2": "2", "vize_trump": "7", "partner": "0"}
#: Each entry save a slower phone can lose (issue 25.3): the game before, the address, what the faster
#: phone saved, what the slower had, and what the hand or deal holds once the slower phone's is used instead.
RACES = {
    "bids": (
        new_game,
        "bids",
        BIDS_THEIRS,
        {**BIDS_THEIRS, "bid_1": "5"},
        lambda row: row.record["bids"] == [2, 5, 3, 4],
    ),
    "misdeal": (
        _spades_with_misdeals,
        "misdeal",
        BIDS_THEIRS,
        {"seat": "2"},
        lambda row: row.record == {"misdeal": 2},
    ),
    "tricks": (
        _spades_bids_saved,
        "tricks",
        {"tricks_1": "4", "tricks_2": "3", "tricks_3": "3"},
        {"tricks_1": "3", "tricks_2": "3", "tricks_3": "3"},
        lambda row: row.record["tricks"] == [4, 3, 3, 3],
    ),
    "auction": (
        _mu_new,
        "mu_auction",
        {**AUCTION, "laid_3": "4", "chef_trump": '"green"'},
        {**AUCTION, "laid_3": "3", "chef_trump": '"red"'},
        lambda row: (row.record["level"], row.record["chef_trump"]) == (3, "red"),
    ),
    "points": (
        mu_in_play,
        "mu_points",
        {"points_1": "20", "points_2": "10", "points_3": "5"},
        {"points_1": "10", "points_2": "20", "points_3": "5"},
        lambda row: row.record["points"] == [25, 10, 20, 5],
    ),
}


@pytest.mark.parametrize("race", RACES, ids=list(RACES))
def test_every_entry_save_that_lost_a_race_is_told_and_offers_mine_instead(race) -> None:
    """Bids, a misdeal, tricks, a Mü auction and card points: the slower phone's 409 names what the
    faster phone saved first and offers its own entry, which one tap makes the hand's or deal's."""
    start, name, theirs, mine, made = RACES[race]
    game = start()
    number = "0"
    assert (
        Client()
        .post(url(name if name != "misdeal" else "bids", game), {**theirs, "number": number}, **HTMX)
        .status_code
        == 200
    )
    slower = Client()

    response = slower.post(url(name, game), {**mine, "number": number}, **HTMX)

    page = response.content.decode()
    assert response.status_code == 409
    assert "saved first:" in page
    instead = re.search(r'name="instead_of" value="(\d+)"', page)
    assert instead, "no 'Use mine instead' offered"
    response = slower.post(url(name, game), {**mine, "number": number, "instead_of": instead.group(1)}, **HTMX)
    assert response.status_code == 200
    row = game_rows(game)[0]
    assert made(row), row
