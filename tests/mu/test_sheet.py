"""Mü games in the web app and on the command line: import, export, the sheet, undo."""

from __future__ import annotations

import json
import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils.html import escape

from scorekeeper.engine.mu.rules import KEYS as MU_KEYS
from scorekeeper.games import services
from scorekeeper.games.kinds import game_rows
from scorekeeper.games.models import Game, Row
from scorekeeper.games.records import game_export
from scorekeeper.mu import services as mu_services
from scorekeeper.mu.presenters import mu_page

from ..games.factories import sheet_url, shown_row, undo_form

pytestmark = pytest.mark.django_db

PLAYERS = ["Anna", "Beate", "Conny", "Dagmar", "Emma"]
RECORD = {
    "format": "scorekeeper-game/1",
    "game": "mu",
    "players": PLAYERS,
    "dealer": 0,
    "rules": {"preset": "standard"},
    "hands": [
        {"eklat": {"level": 3, "tied": [0, 2, 3], "last": 3}},  # mu.md §4: Dagmar -30, Anna +15, Conny +15
        # mu.md §8.2: level 4 needs 33; Dagmar 20 + Anna 9 = 29 -> level 2, difference 2.
        {
            "chef": 3,
            "level": 4,
            "vize": 2,
            "chef_trump": "green",
            "vize_trump": 7,
            "partner": 0,
            "points": [9, 10, 14, 20, 7],
        },
        {"eklat": None},
    ],
}


def test_import_and_export_a_mu_record_round_trip():
    game = services.game_import(record=RECORD)
    assert game.kind == "mu" and Row.objects.filter(game=game).count() == 3
    assert game_export(game) == RECORD


def test_mu_sheet_totals_follow_the_rulebook_examples():
    game = services.game_import(record=RECORD)
    sheet = mu_page(game)
    # Eklat: +15, 0, +15, -30, 0. Lost game: card points 9, 10, 14, 20, 7 and -20 / +10 each opponent / 0 partner.
    assert sheet.sheet.totals == (15 + 9, 10 + 10, 15 + 14 + 10, -30 + 20 - 20, 7 + 10)
    assert sheet.rows[1].summary == "Dagmar at level 4, green over 7"
    assert sheet.rows[1].outcome == "lost"


def test_mu_sheet_page_and_undo(client):
    game = services.game_import(record=RECORD)
    page = client.get(sheet_url(game)).content.decode()
    assert "Eklat at level 3" in page and "<bdi>Dagmar</bdi> at level 4, green over 7" in page
    assert "<bdi>Conny</bdi> (opponent): 5 × 2 = +10" not in page  # explained when the deal is opened
    opened = client.get(sheet_url(game) + "?hand=2").content.decode()
    assert "<bdi>Conny</bdi> (opponent): 5 × 2 = +10" in opened
    response = client.post(reverse("games:undo", args=[game.edit_key]), undo_form(game), HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and Row.objects.filter(game=game).count() == 2


@pytest.mark.parametrize("name", ["bids", "bid_offers", "misdeal", "tricks", "tricks_rest"])
def test_spades_entry_points_refuse_a_mu_game(client, name):
    game = services.game_import(record=RECORD)
    assert client.post(reverse(f"games:{name}", args=[game.edit_key])).status_code == 404
    assert Row.objects.filter(game=game).count() == 3


@pytest.mark.parametrize("bonus_above_seven", ["flat", "rising"])
def test_a_mu_game_has_a_house_rules_page_each_rule_citing_the_rulebook(client, bonus_above_seven):
    """Issue 25: a Mü game's house rules were shown nowhere (``/games/<key>/rules/`` was 404): the
    sheet's bar now links its page, as Spades' does, every rule in force a sentence with its source."""
    rules = {"preset": "standard", "target": 300, "bonus_above_seven": bonus_above_seven}
    game = services.game_create(players=PLAYERS, dealer=0, rules=rules, kind="mu")
    address = reverse("games:rulebook", args=[game.edit_key])
    assert f'<a class="bar-link" href="{address}">House rules</a>' in client.get(sheet_url(game)).content.decode()

    page = client.get(address).content.decode()

    rising = bonus_above_seven == "rising"
    assert re.search(
        r'<li id="rule-target"><span>The game is played until a player has more than 300 points; then '
        r'the highest total wins.</span> <small class="source"><a class="cite" href="/reference/mu/#'
        r'[^"]*" title="mu.md §9; game-record.md \(Mü keys: target\)">\(Mü rulebook §9; ',
        page,
    )
    bonus = "keeps rising above level 7, by 10 a level, up to 100" if rising else "rises up to level 7: every level"
    assert re.search(
        rf'<li id="rule-bonus_above_seven"><span>A made game&#x27;s bonus {bonus}.*?</span> <small '
        r'class="source"><a class="cite" [^>]*>\(Mü rulebook §8\)</a>',
        page,
    )
    german = client.get(reverse("games:rulebook", args=[game.view_key]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "<h1>Hausregeln</h1>" in german and "mehr als 300 Punkte hat" in german and "(Mü-Regelheft §8)" in german
    assert ("auch über Höhe 7 weiter" if rising else "steigt nur bis Höhe 7") in german
    assert game.edit_key not in german  # through the view link


def test_mu_game_on_the_home_page_and_as_a_download(client):
    game = services.game_import(record=RECORD)
    client.get(sheet_url(game))
    home = client.get("/").content.decode()
    assert "<bdi>Anna</bdi> · <bdi>Beate</bdi> · <bdi>Conny</bdi> · <bdi>Dagmar</bdi> · <bdi>Emma</bdi>" in home
    assert "Mü ·" in home and "3 deals played" in home
    response = client.get(reverse("games:record", args=[game.edit_key]))
    assert 'filename="mu-' in response["Content-Disposition"]
    assert json.loads(response.content) == RECORD


def test_import_game_command_stores_a_mu_game(tmp_path):
    path = tmp_path / "mu.json"
    path.write_text(json.dumps(RECORD))
    call_command("import_game", str(path), stdout=StringIO())
    assert Game.objects.get().kind == "mu"


def test_mu_rematch_keeps_the_game_and_moves_the_deal_on(client):
    game = services.game_import(record=RECORD)
    new = services.game_rematch(game=game)
    assert new.kind == "mu" and new.dealer == 3  # three deals dealt by 0, 1, 2


# --- Entering deals ---------------------------------------------------------------------------------------------


def new_mu(players=PLAYERS, **rules):
    return services.game_create(players=players, dealer=0, rules={"preset": "standard", **rules}, kind="mu")


def laid(*cards):
    return {f"laid_{seat}": str(n) for seat, n in enumerate(cards)}


def test_new_mu_game_page_creates_a_game(client):
    response = client.post(
        reverse("games:mu_new"),
        {
            "player_0": "Anna",
            "player_1": "Beate",
            "player_2": "Conny",
            "player_3": "",
            "dealer": "1",
            "target": "150",
            "bonus_above_seven": "flat",
        },
    )
    game = Game.objects.get()
    assert response.status_code == 302 and game.kind == "mu" and game.players == ["Anna", "Beate", "Conny"]
    assert game.dealer == 1 and game.rules == {"preset": "standard", "target": 150}


def test_new_mu_game_needs_three_names_without_gaps(client):
    response = client.post(
        reverse("games:mu_new"),
        {
            "player_0": "Anna",
            "player_1": "",
            "player_2": "Conny",
            "dealer": "0",
            "target": "200",
            "bonus_above_seven": "flat",
        },
    )
    assert response.status_code == 422 and not Game.objects.exists()


def test_new_mu_game_offers_the_match_limits_in_the_tournament_group(client):
    """mu.md "Match limits": the Mü form shows ``hand_limit`` (deals, an Eklat is a deal) and ``time_limit``
    under "Tournament", each with its key's help; both 0 (none) unless set, and kept in the game's rules."""
    page = client.get(reverse("games:mu_new")).content.decode()
    group = page[page.index("<summary>Tournament</summary>") :]
    group = group[: group.index("</details>")]
    for name in ("hand_limit", "time_limit"):
        assert re.search(rf'<input type="number" name="{name}" value="0" min="0"', group)
        assert f'<div class="helptext" id="id_{name}_helptext">{escape(MU_KEYS[name].help)}</div>' in group
    assert "Deal limit" in group and "Time limit (minutes)" in group
    german = client.get(reverse("games:mu_new"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "<summary>Turnier</summary>" in german

    names = {"player_0": "Anna", "player_1": "Beate", "player_2": "Conny", "dealer": "0", "target": "200"}
    response = client.post(
        reverse("games:mu_new"), {**names, "bonus_above_seven": "flat", "hand_limit": "12", "time_limit": "60"}
    )
    assert response.status_code == 302
    assert Game.objects.get().rules == {"preset": "standard", "hand_limit": 12, "time_limit": 60}


def test_a_bad_mu_match_limit_is_refused_at_its_field_keeping_the_rest(client):
    data = {"player_0": "Anna", "player_1": "Beate", "player_2": "Conny", "dealer": "0", "target": "250"}
    response = client.post(reverse("games:mu_new"), {**data, "bonus_above_seven": "rising", "time_limit": "-5"})
    assert response.status_code == 422 and not Game.objects.exists()
    page = response.content.decode()
    assert re.search(r'<ul class="errorlist" id="id_time_limit_error"><li>Ensure this value is greater than', page)
    assert re.search(r'<details class="rule-group" open>\s*<summary>Tournament</summary>', page)
    assert 'value="Conny"' in page and 'name="target" value="250"' in page and 'name="time_limit" value="-5"' in page


def test_preview_names_the_chef_and_asks_for_the_tied_vize_digits(client):
    game = new_mu()
    # mu.md §4 Beispiel 1: Dagmar laid 4 (Chef); Anna and Conny 2 each: tied for Vize.
    response = client.post(
        reverse("games:mu_preview", args=[game.edit_key]), laid(2, 1, 2, 4, 0), HTTP_HX_REQUEST="true"
    )
    page = response.content.decode()
    assert "<bdi>Dagmar</bdi> is Chef at level 4: the team needs 33 of 60." in page
    assert 'name="digits_0"' in page and 'name="digits_2"' in page
    # Conny's second-highest digit is higher: she is Vize; Anna may be partner, Conny may not.
    data = {**laid(2, 1, 2, 4, 0), "digits_0": "9 5", "digits_2": "9 8"}
    page = client.post(reverse("games:mu_preview", args=[game.edit_key]), data, HTTP_HX_REQUEST="true").content.decode()
    assert "Vize: <bdi>Conny</bdi>" in page
    assert 'id="partner-0"' in page and 'id="partner-2"' not in page and 'id="partner-3"' not in page


def test_an_eklat_asks_who_laid_last_and_ends_the_deal(client):
    game = new_mu()
    page = client.post(reverse("games:mu_preview", args=[game.edit_key]), laid(3, 1, 3, 3, 0)).content.decode()
    assert "Eklat on 3 cards: who laid a card last?" in page
    response = client.post(
        reverse("games:mu_auction", args=[game.edit_key]), {**laid(3, 1, 3, 3, 0), "last": "3", "number": "0"}
    )
    assert response.status_code == 302
    assert game_export(game)["hands"] == [{"eklat": {"level": 3, "tied": [0, 2, 3], "last": 3}}]
    assert mu_page(game).sheet.totals == (15, 0, 15, -30, 0)  # mu.md §4 example


def test_auction_then_points_scores_the_deal(client):
    game = new_mu()
    # Dagmar laid 4 (Chef), Conny 2 (Vize); Anna, with 1, may be partner.
    data = {**laid(1, 1, 2, 4, 0), "vize_trump": "7", "chef_trump": '"green"', "partner": "0", "number": "0"}
    response = client.post(reverse("games:mu_auction", args=[game.edit_key]), data, HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert response.status_code == 200
    assert "<bdi>Dagmar</bdi> is Chef at level 4" in page
    assert "green over 7" in page and "<bdi>Dagmar</bdi> &amp; <bdi>Anna</bdi> need 33 of 60" in page
    # Anna deals first: Beate, Conny, Dagmar, Emma are entered, Anna (the dealer) gets the rest: 60 - 51 = 9.
    points = {"points_1": "10", "points_2": "14", "points_3": "20", "points_4": "7", "number": "0"}
    assert client.post(reverse("games:mu_points", args=[game.edit_key]), points).status_code == 302
    assert game_export(game)["hands"][0]["points"] == [9, 10, 14, 20, 7]
    assert mu_page(game).sheet.totals == (9, 20, 24, 0, 17)  # mu.md §8.2 example: difference 2


def test_the_vize_may_not_be_partner_and_nothing_is_saved(client):
    game = new_mu()
    data = {**laid(2, 1, 1, 4, 0), "vize_trump": "7", "chef_trump": '"green"', "partner": "0", "number": "0"}
    data["partner"] = "0"
    data.update(laid(1, 2, 1, 4, 0))  # now Beate (2 cards) is Vize; Anna may still be partner
    assert client.post(reverse("games:mu_auction", args=[game.edit_key]), {**data, "partner": "1"}).status_code == 422
    assert not Row.objects.filter(game=game).exists()


def test_a_missing_partner_is_said_once_at_the_partner_buttons(client):
    """Issue 15: the refusal showed twice, at the top of the form."""
    game = new_mu()
    data = {**laid(1, 1, 2, 4, 0), "vize_trump": "7", "chef_trump": '"green"', "number": "0"}  # no partner
    response = client.post(reverse("games:mu_auction", args=[game.edit_key]), data)
    assert response.status_code == 422
    page = response.content.decode()
    assert page.count("With more than 3 players the Chef picks a partner.") == 1
    partner = re.search(r"<legend>Partner \(never the Vize\)</legend>.*?</fieldset>", page, re.S).group(0)
    assert "With more than 3 players the Chef picks a partner. (Mü rulebook §6)" in partner
    assert not Row.objects.filter(game=game).exists()


def test_points_not_adding_up_are_refused(client):
    game = new_mu()
    client.post(
        reverse("games:mu_auction", args=[game.edit_key]),
        {**laid(1, 1, 2, 4, 0), "vize_trump": "7", "chef_trump": "none", "partner": "0", "number": "0"},
    )
    points = {"points_1": "40", "points_2": "14", "points_3": "20", "points_4": "7", "number": "0"}
    response = client.post(reverse("games:mu_points", args=[game.edit_key]), points)
    assert response.status_code == 422
    assert "more than the 60 of a deal" in response.content.decode()
    assert "points" not in Row.objects.get(game=game).record


def test_card_counter_adds_the_triangles_of_the_tapped_cards(client):
    game = new_mu()
    client.post(
        reverse("games:mu_auction", args=[game.edit_key]),
        {**laid(1, 1, 2, 4, 0), "vize_trump": "7", "chef_trump": '"green"', "partner": "0", "number": "0"},
    )
    # A colour's cards by index: 0, 1, 1, 2, 3, 4, 5, 6, 7, 7, 8, 9.
    # Beate took red 6 (index 7: 2), red 7 (index 8: 2), red 1 (index 1: 0), blue 0 (1), blue 9 (index 11: 0): 5.
    data = {"cards_1": ["red:7", "red:8", "red:1", "blue:0", "blue:11"], "points_2": "14", "number": "0"}
    response = client.post(reverse("games:mu_count", args=[game.edit_key]), data, HTTP_HX_REQUEST="true")
    page = response.content.decode()
    # Only Beate's points, out of band, and no card counted twice: the counters and Conny's
    # typed 14 are left as they are on the phone.
    rest = reverse("games:mu_rest", args=[game.edit_key])
    assert page == (
        '<div id="double-counted" role="alert"></div>'
        '<input type="number" inputmode="numeric" min="0" max="60" name="points_1" id="id_points_1" value="5"'
        f' hx-post="{rest}" hx-trigger="input changed delay:250ms, change" hx-target="#points-rest" hx-swap="outerHTML"'
        ' hx-include="closest form" hx-sync="closest form:abort" hx-swap-oob="true">'
        # The rest line with Beate's counted 5 (Dagmar's and Emma's points still to come).
        '<p id="points-rest" class="rest" aria-live="polite" hx-swap-oob="true">'
        "<bdi>Anna</bdi> gets the rest of the 60 points.</p>"
    )  # a preview shows values, not "required" errors


def test_a_card_counted_for_two_players_is_flagged(client):
    game = new_mu()
    client.post(
        reverse("games:mu_auction", args=[game.edit_key]),
        {**laid(1, 1, 2, 4, 0), "vize_trump": "7", "chef_trump": '"green"', "partner": "0", "number": "0"},
    )
    data = {"cards_1": ["red:8"], "cards_2": ["red:8"], "number": "0"}
    page = client.post(reverse("games:mu_count", args=[game.edit_key]), data).content.decode()
    assert "Counted for two players: red 7 (<bdi>Beate</bdi>, <bdi>Conny</bdi>)" in page


def test_laid_cards_narrow_the_trumps_mu_5_beispiel_5(client):
    """mu.md §5 / rulebook Beispiel 5: after laying green 8, blue 1, green 7 ... Dagmar may choose
    green, blue, 1, 7 or 8 (here: green 8, blue 1, green 7, blue 7)."""
    game = new_mu()
    dagmar = ["green:10", "blue:1", "green:8", "blue:9"]  # indexes: 10 -> 8, 1 -> 1, 8 -> 7, 9 -> 7
    data = {**laid(1, 1, 2, 4, 0), "laidcards_3": dagmar}
    page = client.post(reverse("games:mu_preview", args=[game.edit_key]), data, HTTP_HX_REQUEST="true").content.decode()
    # Every trump stays on the form, in its place; those she did not lay are hidden (unless chosen before).
    chef_part = page[page.index("<bdi>Dagmar</bdi>'s trump (Chef)") :]
    assert all(f'id="chef-trump-{trump}"' in chef_part for trump in ("red", "blue", "green", "d1", "d5", "d8"))
    style = re.search(r'<style id="auction-offers">(.*?)</style>', page)
    assert style is not None
    hidden = re.findall(r"#([a-z0-9-]+):not\(:checked\),#\1:not\(:checked\)\+label", style.group(1))
    assert set(hidden) == {"chef-trump-red", "chef-trump-yellow", "chef-trump-black"} | {
        f"chef-trump-d{digit}" for digit in (0, 2, 3, 4, 5, 6, 9)
    }
    assert style.group(1).endswith("{visibility:hidden}")
    assert 'id="chef-trump-none"' in chef_part  # the Chef may always play without trumps


def test_a_tap_that_changes_no_question_leaves_the_form_on_the_phone_as_it_is(client):
    game = new_mu()
    preview = reverse("games:mu_preview", args=[game.edit_key])
    first = client.post(preview, laid(1, 1, 2, 4, 0), HTTP_HX_REQUEST="true").content.decode()
    shape = re.search(r'name="auction_shape" value="([0-9a-f]+)"', first)
    assert shape is not None and '<div id="auction" class="turns stack" hx-swap-oob="true">' in first
    # Dagmar's laid cards, a trump and a partner chosen: the same questions, so only the trumps to hide come.
    data = {**laid(1, 1, 2, 4, 0), "laidcards_3": ["green:10"], "chef_trump": '"green"', "partner": "0"}
    again = client.post(preview, {**data, "auction_shape": shape.group(1)}, HTTP_HX_REQUEST="true").content.decode()
    assert again.startswith('<style id="auction-offers">#chef-trump-red:not(:checked),')
    assert 'id="auction"' not in again and "<input" not in again
    # Anna and Conny now tie for Vize: new questions, sent out of band.
    tied = {**data, **laid(2, 1, 2, 4, 0), "auction_shape": shape.group(1)}
    third = client.post(preview, tied, HTTP_HX_REQUEST="true").content.decode()
    assert '<div id="auction" class="turns stack" hx-swap-oob="true">' in third and 'name="digits_0"' in third


def test_a_trump_not_among_the_laid_cards_is_refused(client):
    game = new_mu()
    data = {
        **laid(1, 1, 2, 4, 0),
        "laidcards_3": ["green:10"],
        "vize_trump": "7",
        "chef_trump": '"red"',
        "partner": "0",
        "number": "0",
    }
    response = client.post(reverse("games:mu_auction", args=[game.edit_key]), data)
    assert response.status_code == 422
    assert "<bdi>Dagmar</bdi> may only name a colour or digit among the cards they laid." in response.content.decode()
    assert not Row.objects.filter(game=game).exists()


def test_a_deal_shows_individual_and_team_points_per_player(client):
    game = services.game_import(record=RECORD)
    split = mu_page(game).row(2, explained=True).split
    # Lost game (mu.md §8.2): Dagmar took 20 card points, team -20; Conny 14 and +10.
    assert ("Dagmar", 20, -20, 0, -30) in split and ("Conny", 14, 10, 24, 39) in split
    assert '<th scope="col">individual</th>' in client.get(sheet_url(game) + "?hand=2").content.decode()


def test_edit_an_earlier_deal_rescores_the_game(client):
    game = services.game_import(record=RECORD)
    url = reverse("games:mu_deal_edit", args=[game.edit_key, 2])
    page = client.get(url).content.decode()
    assert 'name="chef"' in page and 'name="points_3" id="id_points_3" value="20"' in page
    # Correct it: Anna took 13, not 9, and Conny 10: the team has 33 and makes level 4 with a colour: +40 each.
    data = {
        "chef": "3",
        "level": "4",
        "vize": "2",
        "partner": "0",
        "chef_trump": '"green"',
        "vize_trump": "7",
        "points_0": "13",
        "points_1": "10",
        "points_2": "10",
        "points_3": "20",
        "points_4": "7",
    }
    response = client.post(url, data | shown_row(game, 2))
    assert response.status_code == 302 and response["Location"].endswith("?hand=2#hand-2")
    assert game_export(game)["hands"][1]["points"] == [13, 10, 10, 20, 7]
    assert mu_page(game).sheet.totals == (15 + 13 + 40, 10, 15 + 10, -30 + 20 + 40, 7)


def test_a_deal_corrected_in_its_row_sends_the_rows_from_it_on(client):
    game = services.game_import(record=RECORD)
    page = client.get(sheet_url(game)).content.decode()
    seen = dict(re.findall(r'name="(v|rows)" value="([0-9]+)"', page))
    url = reverse("games:mu_deal_edit", args=[game.edit_key, 2])
    opened = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert 'id="edit-points_3"' in opened and 'hx-target="closest details"' in opened
    data = {"chef": "3", "level": "4", "vize": "2", "partner": "0", "chef_trump": '"green"', "vize_trump": "7"}
    data |= {f"points_{seat}": str(points) for seat, points in enumerate([9, 10, 14, 20, 7])}
    data |= {"shown": re.search(r'name="shown" value="([^"]*)"', opened).group(1), **seen}

    response = client.post(url, data, HTTP_HX_REQUEST="true")

    content = response.content.decode()
    assert response.status_code == 200
    assert re.findall(r'<details class="hand" id="hand-([0-9]+)"', content) == ["2", "3"]  # not deal 1
    assert '<details class="hand" id="hand-2" open>' in content and '<th scope="col">individual</th>' in content


def test_undo_deletes_the_last_deal_on_the_phone(client):
    game = services.game_import(record=RECORD)
    page = client.get(sheet_url(game)).content.decode()
    seen = dict(re.findall(r'name="(v|rows)" value="([0-9]+)"', page))
    response = client.post(reverse("games:undo", args=[game.edit_key]), seen | undo_form(game), HTTP_HX_REQUEST="true")
    content = response.content.decode()
    assert '<details id="hand-3" hx-swap-oob="delete"></details>' in content
    assert 'class="hand" id="hand-' not in content  # deals 1 and 2 stay as the phone shows them


def test_an_edit_that_breaks_a_rule_changes_nothing(client):
    game = services.game_import(record=RECORD)
    url = reverse("games:mu_deal_edit", args=[game.edit_key, 2])
    data = {
        "chef": "3",
        "level": "4",
        "vize": "2",
        "partner": "2",
        "chef_trump": '"green"',
        "vize_trump": "7",
        "points_0": "9",
        "points_1": "10",
        "points_2": "14",
        "points_3": "20",
        "points_4": "7",
    }
    response = client.post(url, data | shown_row(game, 2))
    assert response.status_code == 422
    assert "The Chef may never pick the Vize as partner." in response.content.decode()
    assert game_export(game) == RECORD


def test_edit_an_eklat_and_no_edit_for_everyone_passed(client):
    game = services.game_import(record=RECORD)
    url = reverse("games:mu_deal_edit", args=[game.edit_key, 1])
    response = client.post(url, {"level": "3", "tied": ["0", "2", "3"], "last": "0", **shown_row(game, 1)})
    assert response.status_code == 302
    assert game_export(game)["hands"][0] == {"eklat": {"level": 3, "tied": [0, 2, 3], "last": 0}}
    assert client.get(reverse("games:mu_deal_edit", args=[game.edit_key, 3])).status_code == 404


def test_each_mu_write_scores_the_game_once(monkeypatch):
    """Issue 13: a write scores the game once (its check's sheet is the statistics' too)."""
    from scorekeeper.engine import record as engine_record

    calls = []
    original = engine_record.score_mu
    monkeypatch.setattr(engine_record, "score_mu", lambda game: calls.append(1) or original(game))
    game = services.game_create(players=["Anna", "Beate", "Conny", "Dagmar", "Eva"], dealer=0, rules={}, kind="mu")
    writes = [
        lambda: mu_services.deal_auction_save(
            game=game, laid=[2, 0, 3, 0, 0], chef_trump="red", vize_trump=7, partner=1
        ),
        lambda: mu_services.deal_points_save(game=game, points=[20, 10, 20, 5, 5]),
        lambda: mu_services.deal_update(
            game=game, number=0, record={**game_rows(game)[0].record, "points": [10, 20, 20, 5, 5]}
        ),
    ]
    for write in writes:
        calls.clear()
        engine_record.scored_forget()  # nothing scored before: each write scores the game once
        write()
        assert len(calls) == 1


def test_an_eklat_scores_the_game_once(monkeypatch):
    """Issue 13: an Eklat ends its deal at once; its write scores the game with it, once."""
    from scorekeeper.engine import record as engine_record

    calls = []
    original = engine_record.score_mu
    monkeypatch.setattr(engine_record, "score_mu", lambda game: calls.append(1) or original(game))
    game = services.game_create(players=["Anna", "Beate", "Conny", "Dagmar", "Eva"], dealer=0, rules={}, kind="mu")
    calls.clear()
    engine_record.scored_forget()
    mu_services.deal_auction_save(game=game, laid=[3, 0, 3, 0, 0], last=2)
    assert [deal.record.get("eklat") for deal in game_rows(game)] == [{"level": 3, "tied": [0, 2], "last": 2}]
    assert len(calls) == 1
