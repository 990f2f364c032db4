"""A tap costs the same at hand 3 and at hand 300: a save, a correction, an undo and the live
poll answer with only what changed since the version the phone shows (games/_update.html),
and a hand's explanation comes when its row is opened."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.games import changes

from ..games.factories import HTMX, SET_HAND, game_with_hands, new_game, play, sheet_url, shown_row, undo_form, url

pytestmark = pytest.mark.django_db


def shown(client, game) -> dict[str, str]:
    """What the phone's page tells every write: its version, row count and entry stage (the #live inputs)."""
    page = client.get(sheet_url(game)).content.decode()
    live = re.search(r'<div id="live".*?</div>', page, re.S).group(0)
    return dict(re.findall(r'name="(v|rows|stage)" value="([0-9a-z]+)"', live))


def rows_in(content: str) -> list[int]:
    return [int(number) for number in re.findall(r'<details class="hand" id="hand-([0-9]+)"', content)]


def save_hand(client, game, number: int) -> tuple[str, str]:
    """Bids then tricks of hand ``number`` (0-based) as one phone taps them; both answers."""
    bids = client.post(
        url("bids", game), {"number": number, **{f"bid_{s}": "3" for s in range(4)}, **shown(client, game)}, **HTMX
    )
    tricks = client.post(
        url("tricks", game),
        {"number": number, "tricks_0": "4", "tricks_1": "3", "tricks_2": "3", "tricks_3": "3", **shown(client, game)},
        **HTMX,
    )
    assert bids.status_code == tricks.status_code == 200
    return bids.content.decode(), tricks.content.decode()


@pytest.mark.parametrize("length", [3, 40])
def test_saving_a_hand_sends_only_the_new_row_totals_chart_and_next_form(client, length):
    game = game_with_hands(length)
    bids, tricks = save_hand(client, game, length)
    assert rows_in(bids) == []  # the bids change no row: the entry form asks for the tricks
    assert f"Hand {length + 1}: tricks taken" in bids
    assert rows_in(tricks) == [length + 1]
    assert '<div hx-swap-oob="beforeend:#rows">' in tricks  # appended after the rows the phone has
    for part in ('id="standings" hx-swap-oob="true"', 'id="chart"', 'id="actions" hx-swap-oob="true"'):
        assert part in tricks
    assert tricks.lstrip().startswith('<div id="live"') and f"Hand {length + 2}: bids" in tricks
    assert "this hand," not in tricks  # no explanation lines: they come when a row is opened


def test_the_answer_to_a_save_is_about_as_long_at_hand_40_as_at_hand_3(client):
    sizes = []
    for length in (3, 40):
        _bids, tricks = save_hand(client, game_with_hands(length), length)
        sizes.append(len(tricks))
    # Only the chart's line grows (a point per hand); a whole sheet would be three times longer.
    assert sizes[1] < 1.2 * sizes[0]


def test_a_correction_in_its_row_sends_the_rows_from_that_hand_on(client):
    game = game_with_hands(12)
    opened = client.get(url("hand_edit", game, 5), **HTMX).content.decode()
    assert opened.startswith('<div class="explain">') and 'hx-target="closest details"' in opened
    assert 'id="edit-tricks-0-4"' in opened  # apart from the entry form's ids on the same sheet
    fingerprint = re.search(r'name="shown" value="([^"]*)"', opened).group(1)
    data = {"bid_0": "3", "bid_1": "3", "bid_2": "3", "bid_3": "3", "tricks_0": "13", "tricks_1": "0"}
    data |= {"tricks_2": "0", "tricks_3": "0", "shown": fingerprint, **shown(client, game)}

    response = client.post(url("hand_edit", game, 5), {**data, **shown_row(game, 5)}, **HTMX)

    content = response.content.decode()
    assert response.status_code == 200 and "sheet-changed" in response["HX-Trigger"]
    assert rows_in(content) == list(range(5, 13))
    # Hand 5 is the swap's target, opened with its lines; the later rows are swapped out of band.
    assert re.search(r'<details class="hand" id="hand-5" open>', content)
    assert "this hand," in content
    assert re.search(r'id="hand-6"[^>]*hx-swap-oob="true"', content)


@pytest.mark.parametrize(
    ("stage", "sent"),
    [("shown", False), ("", True), ("13e", True)],
    ids=["stage-holds", "stage-unknown", "stage-moved"],
)
def test_a_correction_leaves_the_entry_form_being_typed_in_alone_while_its_stage_holds(client, stage, sent):
    game = game_with_hands(4)
    opened = client.get(url("hand_edit", game, 2), **HTMX).content.decode()
    fingerprint = re.search(r'name="shown" value="([^"]*)"', opened).group(1)
    page = shown(client, game)
    assert page["stage"].startswith("5e")  # hand 5, its bids asked (and what they offer)
    page["stage"] = page["stage"] if stage == "shown" else stage
    data = {**{f"bid_{s}": "3" for s in range(4)}, **{f"tricks_{s}": "3" for s in range(3)}, "tricks_3": "4"}

    response = client.post(url("hand_edit", game, 2), {**data, "shown": fingerprint, **page}, **HTMX)

    assert response.status_code == 200
    assert ('id="entry"' in response.content.decode()) is sent


def test_a_refused_correction_shows_its_errors_in_place(client):
    game = game_with_hands(3)
    response = client.post(url("hand_edit", game, 2), {"bid_0": "3", **shown_row(game, 2)}, **HTMX)
    assert response.status_code == 422
    assert response["HX-Retarget"] == "this" and response["HX-Reswap"] == "outerHTML"
    assert response.content.decode().lstrip().startswith("<form")


def test_undo_deletes_the_last_row_on_the_phone(client):
    game = game_with_hands(5)
    response = client.post(url("undo", game), {**undo_form(game), **shown(client, game)}, **HTMX)
    content = response.content.decode()
    assert response.status_code == 200
    assert '<details id="hand-5" hx-swap-oob="delete"></details>' in content and rows_in(content) == []


def test_the_live_poll_sends_what_changed_since_the_phones_version(client):
    game = game_with_hands(12)
    seen = shown(client, game)
    changes.row_undo(game=game)  # another phone: undo hand 12 ...
    play(game, *SET_HAND)  # ... and write it again (the same totals: the bids form offers the same)

    response = client.get(url("live", game), seen, **HTMX)

    content = response.content.decode()
    assert response.status_code == 200 and rows_in(content) == [12]
    assert 'id="entry"' not in content  # the form being filled in stays: its stage is not over
    after = shown(client, game)
    assert f"?v={after['v']}&amp;rows=12" in content
    assert client.get(url("live", game), after, **HTMX).status_code == 204


def test_a_row_is_explained_when_opened(client):
    game = game_with_hands(3)
    page = client.get(sheet_url(game)).content.decode()
    assert "this hand," not in page  # no hand's lines on the sheet itself
    assert 'href="?hand=2#hand-2"' in page  # without JavaScript: the sheet with that hand opened

    response = client.get(reverse("games:explain", args=[game.view_key, 2]), **HTMX)  # the view link reads it

    assert response.status_code == 200 and "this hand," in response.content.decode()
    assert client.get(url("explain", game, 4), **HTMX).status_code == 404
    assert client.get(url("explain", game, 2))["Location"].endswith("?hand=2#hand-2")
    assert "this hand," in client.get(sheet_url(game) + "?hand=2").content.decode()


@pytest.mark.parametrize("name", ["tricks", "poll"])
def test_an_update_makes_the_same_queries_at_hand_3_and_at_hand_40(client, name):
    counts = []
    for length in (3, 40):
        game = game_with_hands(length)
        client.post(url("bids", game), {"number": length, **{f"bid_{s}": "3" for s in range(4)}}, **HTMX)
        seen = shown(client, game)
        if name == "poll":
            changes.row_undo(game=game)  # another phone undoes the bids
        with CaptureQueriesContext(connection) as queries:
            if name == "tricks":
                data = {"number": length, "tricks_0": "4", "tricks_1": "3", "tricks_2": "3", "tricks_3": "3"}
                client.post(url("tricks", game), {**data, **seen}, **HTMX)
            else:
                client.get(url("live", game), seen, **HTMX)
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_saving_tricks_scores_the_game_once_answer_included(client, monkeypatch):
    """Issue 13: the write's check scores the game, and its answer shows that same sheet."""
    from scorekeeper.engine import record as engine_record

    game = game_with_hands(5)
    client.post(url("bids", game), {"number": 5, **{f"bid_{s}": "3" for s in range(4)}}, **HTMX)
    seen = shown(client, game)
    calls = []
    original = engine_record.score_spades
    monkeypatch.setattr(engine_record, "score_spades", lambda engine: calls.append(1) or original(engine))
    engine_record.scored_forget()
    data = {"number": 5, "tricks_0": "4", "tricks_1": "3", "tricks_2": "3", "tricks_3": "3", **seen}
    assert client.post(url("tricks", game), data, **HTMX).status_code == 200
    assert len(calls) == 1


def test_a_correction_that_changes_what_the_bids_form_offers_sends_it_afresh(client):
    """Blind bids only 100 behind: a correction of hand 1 puts Ann & Cat 125 behind, so the
    bids form for hand 2 offers them a blind bid now; the phone's form is replaced."""
    game = new_game(rules={"preset": "standard", "blind_bids": True, "blind_min_deficit": 100})
    play(game, [3, 3, 3, 3], [4, 3, 3, 3])
    opened = client.get(url("hand_edit", game, 1), **HTMX).content.decode()
    fingerprint = re.search(r'name="shown" value="([^"]*)"', opened).group(1)
    page = shown(client, game)
    assert 'name="blind_0"' not in client.get(sheet_url(game)).content.decode()
    data = {**{f"bid_{s}": "3" for s in range(4)}, "tricks_0": "1", "tricks_1": "5", "tricks_2": "1", "tricks_3": "6"}

    response = client.post(url("hand_edit", game, 1), {**data, "shown": fingerprint, **page}, **HTMX)

    content = response.content.decode()
    assert response.status_code == 200 and 'id="entry"' in content
    assert 'name="blind_0"' in content


@pytest.mark.parametrize("htmx", [True, False])
def test_the_save_that_wins_the_game_brings_its_winner_into_view(client, htmx):
    """Issue 15: htmx is told (``game-won`` after the swap settles) to show the winner; a plain
    form is sent to it (``#standings``). The saves before it are not."""
    game = new_game(rules={"preset": "standard", "target": 100})
    data = {"number": "0", "bid_0": "5", "bid_1": "1", "bid_2": "5", "bid_3": "1"}
    first = client.post(url("bids", game), data, **(HTMX if htmx else {}))
    tricks = {"number": "0", "tricks_0": "5", "tricks_1": "2", "tricks_2": "5", "tricks_3": "1"}  # 100: won
    won = client.post(url("tricks", game), tricks, **(HTMX if htmx else {}))
    if htmx:
        assert "HX-Trigger-After-Settle" not in first.headers
        assert "game-won" in won.headers["HX-Trigger-After-Settle"]
    else:
        assert first.url.endswith("#entry") and won.url.endswith("#standings")
