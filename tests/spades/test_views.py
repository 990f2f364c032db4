"""Views through Django's test client: full pages, htmx partials, errors at the field, query counts."""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.html import escape
from django.utils.timezone import localdate

from scorekeeper.engine.replay import Play
from scorekeeper.engine.spades.rules import KEYS as SPADES_KEYS
from scorekeeper.games.models import Change, Game, Row, new_key
from scorekeeper.games.records import game_export
from scorekeeper.spades import services as spades_services
from scorekeeper.spades.presenters import spades_page

from ..games.factories import (
    BIG_HAND,
    BLIND_NIL_HAND,
    HTMX,
    PLAYERS,
    SET_HAND,
    game_with_hands,
    new_game,
    new_game_data,
    play,
    sheet_url,
    shown_row,
    stored,
    undo_form,
    url,
)

pytestmark = pytest.mark.django_db


def html(response) -> str:
    return response.content.decode()


def bids_data(bids: list, number: int | None = None) -> dict[str, str]:
    data = {f"bid_{seat}": str(bid) for seat, bid in enumerate(bids)}
    if number is not None:
        data["number"] = str(number)
    return data


def tricks_data(tricks: dict[int, int], number: int | None = None) -> dict[str, str]:
    data = {f"tricks_{seat}": str(taken) for seat, taken in tricks.items()}
    if number is not None:
        data["number"] = str(number)
    return data


def is_update(response) -> bool:
    """An update (games/_update.html): the phone's sheet swaps in parts of it, never a whole page."""
    content = html(response)
    return 'id="live"' in content and 'hx-swap-oob="true"' in content and "<html" not in content


def is_entry(response) -> bool:
    """The entry form alone, with its errors (a refused post)."""
    content = html(response).lstrip()
    return content.startswith('<section id="entry"') and "hx-swap-oob" not in content and "<html" not in content


# --- home ----------------------------------------------------------------------------------------------------------


def test_home_lists_the_games_this_browser_opened(client):
    first = new_game(players=["Ann", "Bob", "Cat", "Dan"])
    play(first, *BIG_HAND)
    second = new_game(players=["Eve", "Fay", "Gus", "Hal"])
    new_game(players=["Not", "Opened", "Here", "Ever"])
    client.get(sheet_url(first))
    client.get(sheet_url(second))

    response = client.get(reverse("games:home"))

    assert response.status_code == 200
    content = html(response)
    assert "<bdi>Ann</bdi> · <bdi>Bob</bdi> · <bdi>Cat</bdi> · <bdi>Dan</bdi>" in content
    assert "<bdi>Eve</bdi> · <bdi>Fay</bdi> · <bdi>Gus</bdi> · <bdi>Hal</bdi>" in content
    assert f'href="{sheet_url(first)}#entry"' in content
    assert f'href="{sheet_url(second)}#entry"' in content
    assert "<bdi>Ann</bdi> &amp; <bdi>Cat</bdi> <b>100</b>" in content
    assert "<bdi>Bob</bdi> &amp; <bdi>Dan</bdi> <b>-40</b>" in content
    assert "1 hand played" in content
    assert "0 hands played" in content
    # Most recently changed first; a game this browser never opened is not listed.
    assert content.index("<bdi>Eve</bdi> · <bdi>Fay</bdi>") < content.index("<bdi>Ann</bdi> · <bdi>Bob</bdi>")
    assert "<bdi>Not</bdi> · <bdi>Opened</bdi>" not in content


def test_home_without_games(client):
    response = client.get(reverse("games:home"))

    assert response.status_code == 200
    assert "No games yet." in html(response)


# --- new game ------------------------------------------------------------------------------------------------------


def test_new_game_get_shows_the_form(client):
    response = client.get(reverse("games:new"))

    assert response.status_code == 200
    content = html(response)
    assert "<html" in content
    for seat in range(4):
        assert f'name="player_{seat}"' in content
    assert 'id="house-rules"' in content
    assert '<option value="standard" selected>' in content
    assert re.search(r'<input type="checkbox" name="blind_nil"[^>]* checked>', content)


def test_new_game_post_valid_redirects_to_the_sheet(client):
    response = client.post(reverse("games:new"), new_game_data(dealer=2))

    assert Game.objects.count() == 1
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == sheet_url(game)
    assert game.players == PLAYERS
    assert game.dealer == 2
    assert game.rules == {"preset": "standard"}


def test_new_game_post_keeps_changed_house_rules(client):
    response = client.post(reverse("games:new"), new_game_data("nil_helps_partner", target=300, nil_value=50))

    assert response.status_code == 302
    game = Game.objects.get()
    assert game.rules == {"preset": "nil_helps_partner", "target": 300, "nil_value": 50}


def test_the_largest_side_bid_reads_no_limit_until_one_is_set(client):
    """Issue 15: "Largest side bid: 18" read as a limit; 18 is none (the key's largest value)."""
    content = html(client.get(reverse("games:new")))
    assert re.search(r'<input type="number" name="max_team_bid" placeholder="no limit"[^>]*>', content)
    assert not re.search(r'name="max_team_bid"[^>]* value=', content)
    german = html(client.get(reverse("games:new"), HTTP_ACCEPT_LANGUAGE="de"))
    assert 'name="max_team_bid" placeholder="keine Grenze"' in german
    client.post(reverse("games:new"), new_game_data("new_york"))  # NYC: at most 10
    client.post(reverse("games:new"), new_game_data())  # left empty
    assert sorted(game.rules["preset"] for game in Game.objects.all()) == ["new_york", "standard"]
    assert all(set(game.rules) == {"preset"} for game in Game.objects.all())  # 10 for NYC, 18 left empty
    nyc = html(client.get(reverse("games:new"), {"preset": "new_york"}))
    assert re.search(r'name="max_team_bid"[^>]* value="10"', nyc)


def test_new_game_post_missing_name_is_422_with_the_error(client):
    data = new_game_data()
    data["player_1"] = ""

    response = client.post(reverse("games:new"), data)

    assert response.status_code == 422
    content = html(response)
    assert re.search(r'<p class="error" id="id_player_1-error">Enter a name.</p>', content)
    assert 'value="Ann"' in content  # what was typed is kept
    assert Game.objects.count() == 0


def test_new_game_post_bad_rule_value_is_422(client):
    response = client.post(reverse("games:new"), new_game_data(target=0))

    assert response.status_code == 422
    assert "Ensure this value is greater than or equal to 1." in html(response)
    assert Game.objects.count() == 0


def test_new_game_htmx_preset_returns_only_the_setup_partial(client):
    response = client.get(
        reverse("games:new"), {"preset": "nil_helps_partner", "player_0": "Zoe"}, HTTP_HX_TRIGGER_NAME="preset", **HTMX
    )

    assert response.status_code == 200
    content = html(response).strip()
    assert content.startswith('<div id="setup"')
    assert "<html" not in content
    assert 'value="Zoe"' in content  # names typed so far are kept
    # The preset's values: win on exceeding, blind nil off.
    assert '<option value="&quot;exceed&quot;" selected>' in content
    assert re.search(r'<input type="checkbox" name="blind_nil"[^>]*>', content)
    assert not re.search(r'<input type="checkbox" name="blind_nil"[^>]* checked>', content)


def test_new_game_apply_preset_without_javascript_keeps_the_names(client):
    response = client.post(
        reverse("games:new"), {"apply_preset": "1", "preset": "nil_helps_partner", "player_0": "Zoe", "dealer": "1"}
    )

    assert response.status_code == 200
    content = html(response)
    assert 'value="Zoe"' in content
    assert '<option value="&quot;exceed&quot;" selected>' in content
    assert Game.objects.count() == 0


def test_new_game_more_players_shows_more_name_fields_and_keeps_other_rules(client):
    data = new_game_data(target="300")
    data["players"] = "6"
    response = client.get(reverse("games:new"), data, HTTP_HX_TRIGGER_NAME="players", **HTMX)

    content = html(response)
    assert 'name="player_5"' in content
    assert "Partners sit opposite: 1 and 4, 2 and 5, 3 and 6." in content
    assert 'name="target" value="300"' in content


def test_new_game_form_has_the_tournament_group_each_key_with_its_help(client):
    """spades.md "Tournament rules": the group shows its four keys, each with its one-line help."""
    content = html(client.get(reverse("games:new")))
    group = content[content.index("<summary>Tournament</summary>") :]
    group = group[: group.index("</details>")]
    for name in ("revoke_penalty", "hand_limit", "time_limit", "sets_to_lose"):
        spec = SPADES_KEYS[name]
        assert f'name="{name}"' in group
        assert f'<div class="helptext" id="id_{name}_helptext">{escape(spec.help)}</div>' in group
    assert '<option value="&quot;none&quot;" selected>nothing (fouls are only listed)</option>' in group
    assert '<option value="&quot;three_tricks&quot;">3 tricks to the other side</option>' in group
    assert re.search(r'<input type="number" name="time_limit" value="0" min="0"', group)


def test_the_tournament_preset_is_offered_and_fills_in_its_keys(client):
    """Preset ``tournament`` (005): a revoke costs 3 tricks, set twice in a row or 3 times in all loses, 40 minutes."""
    assert '<option value="tournament">Tournament</option>' in html(client.get(reverse("games:new")))
    content = html(client.get(reverse("games:new"), {"preset": "tournament"}))
    assert '<option value="tournament" selected>Tournament</option>' in content
    assert '<option value="&quot;three_tricks&quot;" selected>' in content
    assert re.search(r'<input type="checkbox" name="set_twice_loses"[^>]* checked>', content)
    assert re.search(r'name="sets_to_lose" value="3"', content) and re.search(r'name="time_limit" value="40"', content)

    response = client.post(reverse("games:new"), new_game_data("tournament"))
    assert response.status_code == 302
    assert Game.objects.get().rules == {"preset": "tournament"}


@pytest.mark.parametrize("players", ["3", "6", '"solo4"'])
def test_three_tricks_without_two_sides_is_refused_at_its_field_keeping_everything(client, players):
    """spades.md "Tournament rules": ``three_tricks`` needs two sides (4 in partnerships, or 2); with 3 or 6
    players or solo the engine's reason shows at the revoke penalty, its group open, and nothing typed is lost."""
    data = new_game_data("tournament", players=players, target="300", player_4="Eve", player_5="Fay")

    response = client.post(reverse("games:new"), data)

    assert response.status_code == 422 and not Game.objects.exists()
    content = html(response)
    assert re.search(
        r'<ul class="errorlist" id="id_revoke_penalty_error"><li>House rule &#x27;revoke_penalty&#x27; cannot be '
        r"&quot;three_tricks&quot; at this table: the tricks go to the other side, so it needs two sides",
        content,
    )
    assert re.search(r'<select name="revoke_penalty" aria-invalid="true"', content)
    assert re.search(r'<details class="rule-group" open>\s*<summary>Tournament</summary>', content)
    assert content.count('class="errorlist') == 1  # only there: not at the players, not above the form
    # Everything as posted: the preset, the table, the names, the other rules.
    assert '<option value="tournament" selected>' in content
    assert f'<option value="{escape(players)}" selected>' in content
    assert 'value="Ann"' in content and 'name="target" value="300"' in content
    assert re.search(r'name="time_limit" value="40"', content)

    data["revoke_penalty"] = '"set"'  # any number of sides
    assert client.post(reverse("games:new"), data).status_code == 302
    assert Game.objects.get().rules["revoke_penalty"] == "set"


# --- the sheet -----------------------------------------------------------------------------------------------------


def test_sheet_page_shows_hands_totals_and_the_bids_form(client):
    game = new_game(dealer=3)
    play(game, *BIG_HAND)

    response = client.get(sheet_url(game))

    assert response.status_code == 200
    content = html(response)
    assert "<html" in content
    assert '<div class="side-total" id="total-0">' in content
    for side, (name, total) in enumerate(
        [("<bdi>Ann</bdi> &amp; <bdi>Cat</bdi>", 100), ("<bdi>Bob</bdi> &amp; <bdi>Dan</bdi>", -40)]
    ):
        pattern = rf'id="total-{side}">\s*<span class="side-name">{name}</span>\s*<span class="total">{total}</span>'
        assert re.search(pattern, content)
    assert 'id="hand-1"' in content
    assert "Hand 2: bids" in content
    # Dan dealt hand 1, so Ann deals hand 2 and Bob bids first.
    assert "<bdi>Ann</bdi> deals, <bdi>Bob</bdi> bids first." in content
    assert f'action="{url("bids", game)}"' in content
    assert '<input type="hidden" name="number" value="1"' in content
    # Each hand's explanation (and its edit link) comes when its row is opened.
    assert f'hx-get="{url("explain", game, 1)}" hx-trigger="toggle once"' in content
    assert f'href="{url("hand_edit", game, 1)}"' not in content
    assert f'href="{url("hand_edit", game, 1)}"' in html(client.get(url("explain", game, 1), **HTMX))


def test_sheet_page_offers_blind_nil_only_when_allowed(client):
    game = new_game()
    play(game, *BIG_HAND)  # Bob & Dan are 140 behind

    content = html(client.get(sheet_url(game)))

    assert 'id="bid-1-blind_nil"' in content
    assert 'id="bid-3-blind_nil"' in content
    assert 'id="bid-0-blind_nil"' not in content
    assert 'id="bid-2-blind_nil"' not in content


def test_post_bids_then_tricks_as_plain_forms(client):
    game = new_game()

    response = client.post(url("bids", game), bids_data([4, "nil", 3, 2], number=0))

    assert response.status_code == 302
    assert response["Location"] == f"{sheet_url(game)}#entry"
    assert stored(game) == [([4, "nil", 3, 2], None)]

    page = html(client.get(sheet_url(game)))
    assert "Hand 1: tricks taken" in page
    assert f'action="{url("tricks", game)}"' in page

    response = client.post(url("tricks", game), tricks_data({0: 6, 1: 1, 2: 4, 3: 2}, number=0))

    assert response.status_code == 302
    assert response["Location"] == f"{sheet_url(game)}#entry"
    assert stored(game) == [([4, "nil", 3, 2], [6, 1, 4, 2])]
    assert spades_page(game).sheet.totals == (73, -79)


def test_post_bids_then_tricks_with_htmx(client):
    game = new_game()

    response = client.post(url("bids", game), bids_data([3, 3, 3, 3], number=0), **HTMX)

    assert response.status_code == 200
    assert is_update(response)
    assert "sheet-changed" in response["HX-Trigger"]
    assert "Hand 1: tricks taken" in html(response)
    assert stored(game) == [([3, 3, 3, 3], None)]

    response = client.post(url("tricks", game), tricks_data({0: 4, 1: 3, 2: 3, 3: 3}, number=0), **HTMX)

    assert response.status_code == 200
    assert is_update(response)
    assert "sheet-changed" in response["HX-Trigger"]
    content = html(response)
    assert "Hand 2: bids" in content
    assert 'id="hand-1"' in content
    assert stored(game) == [([3, 3, 3, 3], [4, 3, 3, 3])]


def test_htmx_sheet_get_returns_the_whole_page(client):
    game = new_game()

    response = client.get(sheet_url(game), **HTMX)

    assert response.status_code == 200
    assert "<html" in html(response) and 'id="entry"' in html(response)
    assert "HX-Trigger" not in response


def test_last_seat_tricks_may_be_omitted_and_are_the_rest_of_13(client):
    game = new_game(dealer=0)  # Ann deals: she bids last, her tricks are the rest
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3])

    response = client.post(url("tricks", game), tricks_data({1: 2, 2: 5, 3: 1}, number=0))

    assert response.status_code == 302
    assert stored(game) == [([3, 3, 3, 3], [5, 2, 5, 1])]


def test_tricks_form_shows_the_last_seat_as_the_rest(client):
    game = new_game(dealer=1)  # Bob deals
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3])

    content = html(client.get(sheet_url(game)))

    assert "<bdi>Bob</bdi> gets the rest of the 13 tricks." in content
    assert 'name="tricks_0"' in content
    assert 'name="tricks_1"' not in content


def test_illegal_bid_is_422_with_the_error_at_the_field(client):
    game = new_game()

    response = client.post(url("bids", game), bids_data([4, "blind_nil", 4, 3], number=0))

    assert response.status_code == 422
    content = html(response)
    match = re.search(r'<p class="error" id="bid-1-error">(.*?)</p>', content)
    assert match, content
    assert (
        "<bdi>Bob</bdi>: blind nil is allowed only when the bidder&#x27;s side is at least 100 points behind"
        " (now tied)." in match.group(1)
    )
    assert 'id="bid-0-error"' not in content
    assert stored(game) == []


def test_illegal_bid_with_htmx_is_422_partial(client):
    game = new_game()

    response = client.post(url("bids", game), bids_data(["blind_nil", 4, 4, 3], number=0), **HTMX)

    assert response.status_code == 422
    assert is_entry(response)
    assert "HX-Trigger" not in response
    assert 'id="bid-0-error"' in html(response)
    assert stored(game) == []


def test_bid_outside_the_buttons_is_422(client):
    game = new_game()

    response = client.post(url("bids", game), bids_data([4, 99, 4, 3], number=0))

    assert response.status_code == 422
    assert re.search(r'id="bid-1-error">Choose one of the bids offered.</p>', html(response))
    assert stored(game) == []


def test_bid_above_the_tricks_of_a_hand_is_422_at_the_field(client):
    game = new_game()

    response = client.post(url("bids", game), bids_data([4, 14, 4, 3], number=0))

    assert response.status_code == 422
    assert "<bdi>Bob</bdi>: a bid is a number of tricks from 0 to 13, or nil." in html(response)
    assert stored(game) == []


def test_missing_bid_is_422(client):
    game = new_game()
    data = bids_data([4, 4, 4, 4], number=0)
    del data["bid_2"]

    response = client.post(url("bids", game), data)

    assert response.status_code == 422
    assert re.search(r'id="bid-2-error">Choose a bid.</p>', html(response))
    assert stored(game) == []


@pytest.mark.parametrize(
    ("tricks", "message"),
    [
        ({0: 4, 1: 3, 2: 3, 3: 4}, "The tricks add up to 14, but a hand has 13 tricks."),
        ({1: 5, 2: 5, 3: 5}, "These tricks add up to 15: more than the 13 tricks of a hand."),
    ],
    ids=["all-four-seats", "rest-left-empty"],
)
def test_tricks_over_13_is_422_with_the_error(client, tricks, message):
    game = new_game()
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3])

    response = client.post(url("tricks", game), tricks_data(tricks, number=0))

    assert response.status_code == 422
    content = html(response)
    assert '<div class="errors" role="alert">' in content
    assert message in content
    assert stored(game) == [([3, 3, 3, 3], None)]


def test_stale_bids_redirect_with_a_warning(client):
    game = new_game()
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3], number=0)  # another phone

    response = client.post(url("bids", game), bids_data([4, 4, 4, 4], number=0), follow=True)

    assert response.redirect_chain == [(f"{sheet_url(game)}#entry", 302)]
    assert "This hand was just changed from another phone" in html(response)
    assert stored(game) == [([3, 3, 3, 3], None)]


def test_stale_bids_with_htmx_is_409_with_the_fresh_sheet(client):
    game = new_game()
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3], number=0)

    response = client.post(url("bids", game), bids_data([4, 4, 4, 4], number=0), **HTMX)

    assert response.status_code == 409
    assert is_update(response)
    assert "sheet-changed" in response["HX-Trigger"]
    assert "This hand was just changed from another phone" in html(response)
    assert stored(game) == [([3, 3, 3, 3], None)]


def test_tricks_posted_twice_with_htmx_is_409(client):
    game = new_game()
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3], number=0)
    spades_services.hand_tricks_save(game=game, tricks=[4, 3, 3, 3], number=0)  # the first phone

    response = client.post(url("tricks", game), tricks_data({0: 3, 1: 4, 2: 3, 3: 3}, number=0), **HTMX)

    assert response.status_code == 409
    assert "This hand was just changed from another phone" in html(response)
    assert stored(game) == [([3, 3, 3, 3], [4, 3, 3, 3])]


def test_bids_after_the_game_is_over_show_the_error(client):
    game = new_game(rules={"preset": "standard", "target": 100})
    play(game, *BIG_HAND)

    response = client.post(url("bids", game), bids_data([3, 3, 3, 3], number=1))

    assert response.status_code == 422
    assert "The game is over: no more hands." in html(response)
    assert len(stored(game)) == 1


# --- undo ----------------------------------------------------------------------------------------------------------


def test_undo_removes_the_bids_in_play_then_the_last_hand(client):
    game = new_game()
    play(game, *BIG_HAND)
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3])
    assert "Undo bids" in html(client.get(sheet_url(game)))

    response = client.post(url("undo", game), undo_form(game))

    assert response.status_code == 302
    assert response["Location"] == f"{sheet_url(game)}#entry"
    assert stored(game) == [(BIG_HAND[0], BIG_HAND[1])]
    assert "Undo last hand" in html(client.get(sheet_url(game)))

    response = client.post(url("undo", game), undo_form(game), **HTMX)

    assert response.status_code == 200
    assert is_update(response)
    assert "sheet-changed" in response["HX-Trigger"]
    assert "No hands yet." in html(response)
    assert stored(game) == []


def test_undo_with_no_hands_changes_nothing(client):
    game = new_game()

    response = client.post(url("undo", game), undo_form(game))

    assert response.status_code == 302
    assert stored(game) == []


# --- edit a hand ---------------------------------------------------------------------------------------------------


def test_edit_page_shows_the_hand(client):
    game = new_game()
    play(game, [4, "nil", 3, 2], [6, 1, 4, 2])

    response = client.get(url("hand_edit", game, 1))

    assert response.status_code == 200
    content = html(response)
    assert "Edit hand 1" in content
    assert re.search(r'id="bid-0-4" value="4" checked', content)
    assert re.search(r'id="bid-1-nil" value="nil" checked', content)
    assert re.search(r'id="tricks-0-6" value="6" checked', content)
    assert re.search(r'id="tricks-3-2" value="2" checked', content)


def test_edit_post_valid_rescores_and_redirects(client):
    game = new_game()
    play(game, *BIG_HAND)
    play(game, *SET_HAND)
    data = {**bids_data([5, 2, 5, 2]), **tricks_data({0: 4, 1: 2, 2: 4, 3: 3})}

    response = client.post(url("hand_edit", game, 1), {**data, **shown_row(game, 1)})

    assert response.status_code == 302
    location = urlsplit(response["Location"])
    assert (location.path, location.fragment) == (sheet_url(game), "hand-1")
    assert stored(game)[0] == ([5, 2, 5, 2], [4, 2, 4, 3])
    assert spades_page(game).sheet.totals == (-180, -39)


def test_edit_post_tricks_not_13_is_422(client):
    game = new_game()
    play(game, *BIG_HAND)
    data = {**bids_data([5, 2, 5, 2]), **tricks_data({0: 5, 1: 5, 2: 5, 3: 5})}

    response = client.post(url("hand_edit", game, 1), {**data, **shown_row(game, 1)})

    assert response.status_code == 422
    assert "The tricks add up to 20, but a hand has 13 tricks." in html(response)
    assert stored(game) == [(BIG_HAND[0], BIG_HAND[1])]


def test_edit_post_missing_field_is_422(client):
    game = new_game()
    play(game, *BIG_HAND)
    data = {**bids_data([5, 2, 5, 2]), **tricks_data({0: 5, 1: 1, 2: 5})}

    response = client.post(url("hand_edit", game, 1), {**data, **shown_row(game, 1)})

    assert response.status_code == 422
    assert re.search(r'id="tricks-3-error">How many tricks\?</p>', html(response))
    assert stored(game) == [(BIG_HAND[0], BIG_HAND[1])]


def test_edit_that_makes_a_later_hand_illegal_is_422(client):
    game = new_game()
    play(game, *BIG_HAND)
    play(game, *BLIND_NIL_HAND)
    before = stored(game)
    data = {**bids_data([5, 2, 5, 2]), **tricks_data({0: 4, 1: 2, 2: 4, 3: 3})}

    response = client.post(url("hand_edit", game, 1), {**data, **shown_row(game, 1)})

    assert response.status_code == 422
    assert (
        "Hand 2: <bdi>Bob</bdi>: blind nil is allowed only when the bidder&#x27;s side is at least 100 points behind"
        in html(response)
    )
    assert stored(game) == before


@pytest.mark.parametrize("number", [0, 2, 3])
def test_edit_of_a_hand_not_played_is_404(client, number):
    game = new_game()
    play(game, *BIG_HAND)
    spades_services.hand_bids_save(game=game, bids=[3, 3, 3, 3])  # hand 2 is in play

    assert client.get(url("hand_edit", game, number)).status_code == 404


# --- rematch and record --------------------------------------------------------------------------------------------


def test_rematch_starts_a_new_game(client):
    game = new_game(dealer=1, rules={"preset": "standard", "target": 100})
    play(game, *BIG_HAND)

    response = client.post(url("rematch", game))

    assert response.status_code == 302
    new = Game.objects.exclude(pk=game.pk).get()
    assert response["Location"] == sheet_url(new)
    assert (new.players, new.dealer, new.rules) == (PLAYERS, 2, {"preset": "standard", "target": 100})


def test_record_download(client):
    game = new_game(rules={"preset": "german_table"})
    play(game, *BIG_HAND)
    play(game, [4, "blind_nil", 4, 3], [4, 0, 5, 4])

    response = client.get(url("record", game))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    date = localdate(game.created_at).isoformat()  # the day the pages show
    assert response["Content-Disposition"] == f'attachment; filename="spades-{date}-ann-bob-cat-dan.json"'
    assert json.loads(response.content) == game_export(game)
    assert json.loads(response.content)["hands"][1] == {"bids": [4, "blind_nil", 4, 3], "tricks": [4, 0, 5, 4]}


def test_won_game_shows_the_winner_and_rematch_and_no_bid_form(client):
    game = new_game(rules={"preset": "standard", "target": 100})
    play(game, *BIG_HAND)

    response = client.get(sheet_url(game))

    assert response.status_code == 200
    content = html(response)
    assert "<bdi>Ann</bdi> &amp; <bdi>Cat</bdi> win the game!" in content
    assert '<div class="side-total won" id="total-0">' in content
    assert f'action="{url("rematch", game)}"' in content
    assert ">Rematch</button>" in content
    assert f'action="{url("bids", game)}"' not in content
    assert f'action="{url("tricks", game)}"' not in content
    assert "Save bids" not in content


# --- errors --------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "name", "extra"),
    [
        ("get", "detail", ()),
        ("post", "bids", ()),
        ("post", "tricks", ()),
        ("post", "undo", ()),
        ("post", "rematch", ()),
        ("get", "record", ()),
        ("get", "hand_edit", (1,)),
    ],
)
def test_unknown_game_is_404(client, method, name, extra):
    missing = new_key()

    response = getattr(client, method)(reverse(f"games:{name}", args=[missing, *extra]))

    assert response.status_code == 404
    assert "There is no such game or hand." in html(response)
    assert Game.objects.count() == 0


def test_malformed_game_key_is_404(client):
    assert client.get("/games/not-a-uuid/").status_code == 404


@pytest.mark.parametrize(
    ("method", "name"),
    [
        ("get", "bids"),
        ("get", "tricks"),
        ("get", "undo"),
        ("get", "rematch"),
        ("post", "detail"),
        ("post", "record"),
        ("delete", "detail"),
    ],
)
def test_wrong_method_is_405(client, method, name):
    game = new_game()
    play(game, *BIG_HAND)

    response = getattr(client, method)(url(name, game))

    assert response.status_code == 405
    assert stored(game) == [(BIG_HAND[0], BIG_HAND[1])]
    assert Game.objects.count() == 1


def test_wrong_method_on_home_and_new_is_405(client):
    assert client.post(reverse("games:home")).status_code == 405
    assert client.put(reverse("games:new")).status_code == 405


# --- escaping ------------------------------------------------------------------------------------------------------


def test_player_names_are_escaped(client):
    evil = "<script>alert(1)</script>"
    game = new_game(players=[evil, "Bob", 'Cat"><b>x', "Dan"])
    play(game, [4, "nil", 3, 2], [6, 1, 4, 2])

    pages = [
        client.get(sheet_url(game)),
        client.get(reverse("games:home")),
        client.get(sheet_url(game), **HTMX),
        client.get(url("hand_edit", game, 1)),
    ]

    for response in pages:
        content = html(response)
        assert response.status_code == 200
        assert "<script>alert(1)</script>" not in content
        assert 'Cat"><b>x' not in content
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in content


# --- query counts --------------------------------------------------------------------------------------------------


def count_queries(callback) -> int:
    """SQL statements ``callback`` runs, savepoints left out."""
    with CaptureQueriesContext(connection) as context:
        callback()
    return sum(1 for query in context.captured_queries if "SAVEPOINT" not in query["sql"])


def test_sheet_page_query_count_does_not_grow_with_hands(client):
    short, long = game_with_hands(2), game_with_hands(20)
    assert len(spades_page(long).rows) == 20

    client.get(sheet_url(short))
    client.get(sheet_url(long))  # this browser now remembers both links: no session writes below

    counts = [count_queries(lambda game=game: client.get(sheet_url(game))) for game in (short, long)]

    assert counts[0] == counts[1] == 4  # the game, the session, its hands, its rulings


def test_sheet_page_num_queries(client, django_assert_num_queries):
    game = game_with_hands(20)
    client.get(sheet_url(game))

    # The game, the session, the hands and the rulings; a read opens no transaction (issue 11).
    with django_assert_num_queries(4):
        response = client.get(sheet_url(game))
    assert response.status_code == 200


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_saving_bids_and_tricks_query_count_does_not_grow_with_hands(client, headers):
    counts = []
    for game in (game_with_hands(2), game_with_hands(20)):
        number = Row.objects.filter(game=game).count()
        bids = count_queries(
            lambda game=game, number=number: client.post(
                url("bids", game), bids_data([3, 3, 3, 3], number=number), **headers
            )
        )
        tricks = count_queries(
            lambda game=game, number=number: client.post(
                url("tricks", game), tricks_data({0: 4, 1: 3, 2: 3, 3: 3}, number=number), **headers
            )
        )
        assert stored(game)[-1] == ([3, 3, 3, 3], [4, 3, 3, 3])
        counts.append((bids, tricks))

    assert counts[0] == counts[1]
    # Each save: the game and its hands read to check that the form is for the hand as it is now (issue 24),
    # the locked game, its hands, the session (the phone's name), the hand, the seats' figures (read and
    # written), the version and the history entry (tricks: the hands read for the form first); htmx then
    # answers from the game and hands the write left (their rulings read), with no query more.
    assert counts[0] == ((11, 12) if headers else (10, 11))


def test_tricks_stage_shows_each_sides_contract(client):
    game = new_game()
    spades_services.hand_bids_save(game=game, bids=[4, "nil", 3, 2])
    content = html(client.get(sheet_url(game)))
    assert "<bdi>Ann</bdi> &amp; <bdi>Cat</bdi> need 7 tricks" in content
    assert "<bdi>Bob</bdi> &amp; <bdi>Dan</bdi> need 2 tricks; <bdi>Bob</bdi> none (nil)" in content


# --- live updates (issue 6 "Live") ---------------------------------------------


def live(client, game: Game, version: str, **headers):
    return client.get(url("live", game) + f"?v={version}", **headers)


def test_live_poll_unchanged_is_204_after_one_query(client, django_assert_num_queries):
    game = game_with_hands(20)
    page = html(client.get(sheet_url(game)))
    version = re.search(r'id="live"[^>]*\?v=([0-9]+)&amp;rows=20&amp;stage=21e[0-9a-f]{6}"', page).group(1)
    assert version == str(Game.objects.get(pk=game.pk).version) == "40"  # 20 hands: bids, then tricks

    with django_assert_num_queries(1):
        response = live(client, game, version, **HTMX)
    assert response.status_code == 204
    assert response.content == b""


def test_live_poll_after_a_change_answers_with_the_fresh_sheet(client):
    game = game_with_hands(2)
    before = Game.objects.get(pk=game.pk).version
    play(game, [3, 3, 3, 3], [4, 3, 3, 3])

    response = live(client, game, before, **HTMX)
    assert response.status_code == 200
    assert is_update(response)
    content = html(response)
    assert 'id="hand-3"' in content and 'id="scoreboard"' in content
    after = Game.objects.get(pk=game.pk).version
    assert after != before
    assert f"?v={after}" in content
    assert live(client, game, after, **HTMX).status_code == 204


def test_live_poll_sees_undo_and_edit(client):
    game = game_with_hands(2)
    for change in (
        lambda: client.post(url("undo", game), undo_form(game), **HTMX),
        lambda: play(game, [3, 3, 3, 3], [4, 3, 3, 3]),
    ):
        before = Game.objects.get(pk=game.pk).version
        change()
        assert live(client, game, before, **HTMX).status_code == 200


def test_own_save_shows_the_new_version_so_it_does_not_come_back_as_a_change(client):
    game = new_game()
    response = client.post(url("bids", game), bids_data([3, 3, 3, 3], number=0), **HTMX)
    assert response.status_code == 200
    assert f"?v={Game.objects.get(pk=game.pk).version}" in html(response)


def test_live_poll_unknown_game_is_404_and_post_is_refused(client):
    assert client.get(reverse("games:live", args=[new_key()]) + "?v=1").status_code == 404
    game = new_game()
    assert client.post(url("live", game)).status_code == 405


def test_health_answers_without_the_database(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = client.get(reverse("games:health"))
    assert response.status_code == 200
    assert response.content == b"ok"


def test_live_poll_refreshes_the_form_only_when_its_stage_is_over(client):
    game = new_game()
    play(game, [3, 3, 3, 3], [4, 3, 3, 3])  # hand 1 done
    version = Game.objects.get(pk=game.pk).version
    stage = re.search(r"stage=(2e[0-9a-f]{6})", html(client.get(sheet_url(game)))).group(1)
    spades_services.hand_update(game=game, number=0, bids=[2, 3, 3, 3], tricks=[4, 3, 3, 3])  # hand 1 corrected

    same_stage = html(live(client, game, f"{version}&stage={stage}", **HTMX))
    assert 'id="hand-1"' in same_stage and 'id="entry"' not in same_stage  # a half-entered form stays

    over = html(live(client, game, f"{version}&stage=1p", **HTMX))
    assert '<section id="entry" class="entry" aria-live="polite" hx-swap-oob="true">' in over
    assert "Hand 2: bids" in over


# --- revokes (issue 27.3) ------------------------------------------------------------------------------------------

#: House rules with a revoke penalty: a revoke costs the revoking side 3 tricks (spades.md "Tournament rules").
REVOKE_RULES = {"preset": "standard", "revoke_penalty": "three_tricks"}
#: Dealt by Ann, Bob leads: Bob shows out of hearts in trick 2 (2C on KH), yet plays 7H in trick 3 (tests/engine).
REVOKE_PLAY = Play(1, (("2H", "3H", "4H", "AH"), ("KH", "2C", "5H", "6H"), ("3D", "7H", "4D", "5D")))


def revokes_data(revokes: dict[int, int]) -> dict[str, str]:
    return {f"revokes_{seat}": str(times) for seat, times in revokes.items()}


def tricks_with_revokes(revokes: dict[int, int]) -> dict[str, str]:
    """Hand 1's tricks as posted (Ann 4, Bob 3, Cat 3, Dan the rest) with how often each seat revoked."""
    return {**tricks_data({1: 3, 2: 3, 3: 3}, number=0), **revokes_data(revokes)}


def hand_in_play(rules: dict | None = None) -> Game:
    game = new_game(rules=rules or REVOKE_RULES)
    spades_services.hand_bids_save(game=game, bids=[4, 3, 3, 3])
    return game


def edit_data(game: Game, revokes: dict[int, int], tricks: dict[int, int] | None = None) -> dict[str, str]:
    """A correction of hand 1 (bids 4, 3, 3, 3) as posted, with the revokes given."""
    taken = tricks or {0: 4, 1: 3, 2: 3, 3: 3}
    return {**bids_data([4, 3, 3, 3]), **tricks_data(taken), **revokes_data(revokes), **shown_row(game, 1)}


def record_of(game: Game, number: int = 1) -> dict:
    return Row.objects.get(game=game, number=number - 1).record


def test_the_tricks_form_asks_who_revoked_once_per_player_folded_away(client):
    content = html(client.get(sheet_url(hand_in_play())))

    assert '<details class="revokes">' in content  # folded: one line until opened
    for seat, name in enumerate(PLAYERS):
        assert f"<legend><bdi>{name}</bdi> revoked</legend>" in content
        assert re.search(f'name="revokes_{seat}" id="revokes-{seat}-0" value="0" data-none checked>', content)
        for times in (1, 2, 3):
            assert f'<label for="revokes-{seat}-{times}">{times}×</label>' in content
    assert 'id="revokes-1-4"' not in content


def test_a_revoke_entered_with_the_tricks_is_stored_scored_and_shown_on_its_row(client):
    game = hand_in_play()

    response = client.post(url("tricks", game), tricks_with_revokes({1: 1}), **HTMX)

    assert response.status_code == 200 and is_update(response)
    assert record_of(game) == {"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3], "revokes": [1]}
    assert '<span class="revoke-mark">Revoke: <bdi>Bob</bdi></span>' in html(response)
    assert spades_page(game).sheet.totals == (73, -60)  # 3 tricks from Bob & Dan to Ann & Cat
    explained = html(client.get(url("explain", game, 1), **HTMX))
    assert "<bdi>Bob</bdi> revoked: <bdi>Bob</bdi> &amp; <bdi>Dan</bdi> give 3 tricks to <bdi>Ann</bdi>" in explained
    assert "Fouls in the recorded play" not in explained  # declared at the table: no play to list
    history = html(client.get(url("changes", game)))
    assert (
        "took <bdi>Ann</bdi> 4 · <bdi>Bob</bdi> 3 · <bdi>Cat</bdi> 3 · <bdi>Dan</bdi> 3; revoke <bdi>Bob</bdi>"
        in history
    )


def test_a_player_who_revoked_twice_is_recorded_twice(client):
    game = hand_in_play()

    response = client.post(url("tricks", game), tricks_with_revokes({0: 0, 1: 2, 3: 1}))

    assert response.status_code == 302
    assert record_of(game)["revokes"] == [1, 1, 3]
    sheet = html(client.get(sheet_url(game)))
    assert '<span class="revoke-mark">Revokes: <bdi>Bob</bdi>&nbsp;×2, <bdi>Dan</bdi></span>' in sheet
    assert "revokes <bdi>Bob</bdi> ×2, <bdi>Dan</bdi>" in html(client.get(url("changes", game)))


def test_no_revoke_stores_no_revokes_field(client):
    game = hand_in_play()

    assert client.post(url("tricks", game), tricks_with_revokes({0: 0, 1: 0})).status_code == 302

    assert record_of(game) == {"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]}
    assert "revoke-mark" not in html(client.get(sheet_url(game)))


def test_a_bad_revoke_count_is_refused_at_its_field_and_nothing_tapped_is_lost(client):
    game = hand_in_play()

    response = client.post(url("tricks", game), tricks_with_revokes({1: 1, 3: "lots"}), **HTMX)

    assert response.status_code == 422 and is_entry(response)
    content = html(response)
    assert '<details class="revokes" open>' in content
    assert re.search(r'<fieldset class="revoke invalid" aria-describedby="revokes-3-error">', content)
    assert '<p class="error" id="revokes-3-error">Choose one of the numbers.</p>' in content
    assert re.search(r'id="revokes-1-1" value="1" checked>', content)  # the other taps, as posted
    assert re.search(r'id="tricks-2-3" value="3" checked', content)
    assert stored(game) == [([4, 3, 3, 3], None)]


def test_without_a_revoke_penalty_no_revoke_is_asked_and_a_forged_one_changes_nothing(client):
    game = hand_in_play({"preset": "standard"})
    assert "revokes_" not in html(client.get(sheet_url(game)))

    response = client.post(url("tricks", game), tricks_with_revokes({1: 1}), **HTMX)

    assert response.status_code == 422
    assert "This game&#x27;s house rules have no revoke penalty: a revoke is not recorded." in html(response)
    assert stored(game) == [([4, 3, 3, 3], None)]

    assert client.post(url("tricks", game), tricks_with_revokes({1: 0})).status_code == 302  # 0: no revoke
    assert record_of(game) == {"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]}
    assert "revokes_" not in html(client.get(url("hand_edit", game, 1)))
    response = client.post(url("hand_edit", game, 1), edit_data(game, {2: 1}))
    assert response.status_code == 422
    assert "This game&#x27;s house rules have no revoke penalty: a revoke is not recorded." in html(response)
    assert record_of(game) == {"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]}


def test_correcting_a_hand_adds_a_revoke_then_removes_it_each_said_in_the_history(client):
    game = hand_in_play()
    spades_services.hand_tricks_save(game=game, tricks=[4, 3, 3, 3])
    assert re.search(r'id="revokes-2-0" value="0" data-none checked>', html(client.get(url("hand_edit", game, 1))))

    response = client.post(url("hand_edit", game, 1), edit_data(game, {2: 1}), **HTMX)

    assert response.status_code == 200
    assert record_of(game)["revokes"] == [2]
    assert '<span class="revoke-mark">Revoke: <bdi>Cat</bdi></span>' in html(response)
    form = html(client.get(url("hand_edit", game, 1)))
    assert '<details class="revokes" open>' in form and re.search(r'id="revokes-2-1" value="1" checked>', form)
    assert "<li>Revokes: – → <bdi>Cat</bdi></li>" in html(client.get(url("changes", game)))

    assert client.post(url("hand_edit", game, 1), edit_data(game, {2: 2, 0: 1})).status_code == 302
    assert record_of(game)["revokes"] == [2, 0, 2]  # the revoke recorded first stays first; new ones after

    assert client.post(url("hand_edit", game, 1), edit_data(game, {2: 0})).status_code == 302
    assert record_of(game) == {"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]}
    assert "revoke-mark" not in html(client.get(sheet_url(game)))
    assert "<li>Revokes: <bdi>Cat</bdi> ×2, <bdi>Ann</bdi> → –</li>" in html(client.get(url("changes", game)))


def test_a_correction_keeps_the_order_the_revokes_were_recorded_in_spades_md_tournament_rules(client):
    """Revokes apply one after the other, in the order listed: under three_tricks the order can change the
    score, so a correction that asks only how many times each player revoked keeps the stored order."""
    game = hand_in_play()
    spades_services.hand_tricks_save(game=game, tricks=[4, 3, 3, 3], results={"revokes": [3, 0]})
    before = Change.objects.filter(game=game).count()

    assert client.post(url("hand_edit", game, 1), edit_data(game, {0: 1, 3: 1})).status_code == 302

    assert record_of(game)["revokes"] == [3, 0]
    assert Change.objects.filter(game=game).count() == before  # nothing changed, nothing written


def test_correcting_the_tricks_of_a_played_hand_keeps_the_revokes_its_play_proved(client):
    """Other tricks drop the recorded play (it no longer describes the hand), not the revoke it proved: Bob's
    revoke is kept, now declared, and still costs Bob & Dan 3 tricks."""
    game = hand_in_play()
    spades_services.hand_tricks_save(game=game, tricks=[4, 3, 3, 3], play=REVOKE_PLAY)
    data = edit_data(game, {}, tricks={0: 5, 1: 2, 2: 3, 3: 3})

    assert client.post(url("hand_edit", game, 1), data).status_code == 302

    assert record_of(game) == {"bids": [4, 3, 3, 3], "tricks": [5, 2, 3, 3], "revokes": [1]}
    assert '<span class="revoke-mark">Revoke: <bdi>Bob</bdi></span>' in html(client.get(sheet_url(game)))


def test_undo_takes_a_revoke_back_with_its_change(client):
    game = hand_in_play()
    client.post(url("tricks", game), tricks_with_revokes({1: 1}))
    client.post(url("hand_edit", game, 1), edit_data(game, {1: 1, 3: 1}))
    assert record_of(game)["revokes"] == [1, 3]
    edit = Change.objects.get(game=game, action=Change.Action.EDIT)

    response = client.post(url("revert", game, edit.pk), **HTMX)  # the history's "Undo" of the correction

    assert response.status_code == 200
    assert record_of(game) == {"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3], "revokes": [1]}
    assert '<span class="revoke-mark">Revoke: <bdi>Bob</bdi></span>' in html(client.get(sheet_url(game)))
    assert "<li>Revokes: <bdi>Bob</bdi>, <bdi>Dan</bdi> → <bdi>Bob</bdi></li>" in html(client.get(url("changes", game)))

    assert client.post(url("undo", game), undo_form(game)).status_code == 302  # "Undo last hand"
    assert stored(game) == []
    assert "revoke-mark" not in html(client.get(sheet_url(game)))


def test_a_hand_with_a_recorded_play_takes_its_revokes_from_the_play_and_lists_its_fouls(client):
    game = hand_in_play()
    spades_services.hand_tricks_save(game=game, tricks=[4, 3, 3, 3], play=REVOKE_PLAY)  # "use for the sheet"
    assert "revokes" not in record_of(game) and "play" in record_of(game)

    assert '<span class="revoke-mark">Revoke: <bdi>Bob</bdi></span>' in html(client.get(sheet_url(game)))
    explained = html(client.get(url("explain", game, 1), **HTMX))
    assert "<bdi>Bob</bdi> revoked: <bdi>Bob</bdi> &amp; <bdi>Dan</bdi> give 3 tricks" in explained
    assert "<h3>Fouls in the recorded play</h3>" in explained
    assert (
        '<li>Trick 2: <bdi>Bob</bdi> played 2♣ when <span class="red-suit">K♥</span> was led, yet played'
        ' <span class="red-suit">7♥</span> in trick 3: a revoke. <'
    ) in explained

    form = html(client.get(url("hand_edit", game, 1)))
    assert "revokes_" not in form
    assert "Revokes come from the recorded play." in form
    before = record_of(game)
    response = client.post(url("hand_edit", game, 1), edit_data(game, {3: 1}))
    assert response.status_code == 422
    assert "This hand&#x27;s revokes come from its recorded play: they are not entered." in html(response)
    assert record_of(game) == before


def test_without_a_revoke_penalty_a_plays_fouls_are_listed_but_no_revoke_is_marked(client):
    game = hand_in_play({"preset": "standard"})
    spades_services.hand_tricks_save(game=game, tricks=[4, 3, 3, 3], play=REVOKE_PLAY)

    assert "revoke-mark" not in html(client.get(sheet_url(game)))
    explained = html(client.get(url("explain", game, 1), **HTMX))
    assert "<h3>Fouls in the recorded play</h3>" in explained and "a revoke." in explained
    assert "Revokes come from the recorded play." not in html(client.get(url("hand_edit", game, 1)))
