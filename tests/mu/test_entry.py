"""The Mü card points as they are typed (issue 25): the dealer's rest of the deal's points shows
at once, and points that add up to more than a deal has are said at the form, not only at Save.

Anna deals; the card points are asked from her left (Beate, Conny, ...) and she gets the rest of
the deal's points: 60, or 36 with 3 players (docs/rules/mu.md §1).
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils.translation import override

from scorekeeper.games import services
from scorekeeper.mu import services as mu_services

from ..games.factories import HTMX

pytestmark = pytest.mark.django_db


def in_play(players: list[str]):
    """A Mü game whose first deal is being played (its auction saved), Anna dealing."""
    game = services.game_create(players=players, dealer=0, rules={"preset": "standard"}, kind="mu")
    laid = [0, 1, 2, 4, 0][: len(players)] if len(players) > 3 else [0, 1, 2]
    partner = 0 if len(players) > 3 else None
    mu_services.deal_auction_save(game=game, laid=laid, chef_trump="green", vize_trump=7, partner=partner)
    return game


def rest_line(client, game, **points: str) -> str:
    response = client.post(reverse("games:mu_rest", args=[game.edit_key]), {**points, "number": "0"}, **HTMX)
    assert response.status_code == 200
    return response.content.decode()


def test_the_dealers_rest_shows_once_every_other_player_has_points(client):
    game = in_play(["Anna", "Beate", "Conny", "Dagmar", "Emma"])
    # Three of four typed: the rest is not known yet.
    assert rest_line(client, game, points_1="9", points_2="14", points_3="20", points_4="") == (
        '<p id="points-rest" class="rest" aria-live="polite"><bdi>Anna</bdi> gets the rest of the 60 points.</p>'
    )
    # All four: Anna took 60 - (9 + 14 + 20 + 7) = 10.
    assert rest_line(client, game, points_1="9", points_2="14", points_3="20", points_4="7") == (
        '<p id="points-rest" class="rest" aria-live="polite"><bdi>Anna</bdi> took the rest:'
        ' <b data-testid="rest">10</b></p>'
    )


def test_points_adding_up_to_more_than_the_deal_has_are_said_at_once(client):
    game = in_play(["Anna", "Beate", "Conny"])  # 3 players: 36 card points in a deal
    # Beate 30 and Conny 20 typed: 50, more than the 36 of a deal, said before Save (and before all are typed).
    line = rest_line(client, game, points_1="30", points_2="20")
    assert '<span class="error" role="alert">These card points add up to 50: more than the 36 of a deal.</span>' in line
    assert "took the rest" not in line
    assert "more than the 36" in rest_line(client, game, points_1="40", points_2="")  # one field is enough
    assert 'took the rest: <b data-testid="rest">0</b>' in rest_line(client, game, points_1="30", points_2="6")


@override("de")
def test_the_rest_line_is_in_german_too(client):
    game = in_play(["Anna", "Beate", "Conny"])
    client.cookies["django_language"] = "de"
    line = rest_line(client, game, points_1="10", points_2="6")
    assert '<bdi>Anna</bdi> hat den Rest: <b data-testid="rest">20</b>' in line
    line = rest_line(client, game, points_1="30", points_2="20")
    assert "Diese Stichpunkte ergeben zusammen 50: mehr als die 36 einer Runde." in line


def test_the_card_counter_sends_the_rest_with_the_points_it_counted(client):
    game = in_play(["Anna", "Beate", "Conny"])
    # Beate's cards counted: red 6, red 7 (2 each; mu.md §1); Conny typed 30: 4 + 30, Anna the rest, 2.
    data = {"cards_1": ["red:7", "red:8"], "points_1": "", "points_2": "30", "number": "0"}
    page = client.post(reverse("games:mu_count", args=[game.edit_key]), data, **HTMX).content.decode()
    assert 'name="points_1" id="id_points_1" value="4"' in page
    assert (
        '<p id="points-rest" class="rest" aria-live="polite" hx-swap-oob="true"><bdi>Anna</bdi> took the rest:' in page
    )
    assert '<b data-testid="rest">2</b>' in page


def test_the_sheet_and_a_refused_save_show_the_rest_line(client):
    game = in_play(["Anna", "Beate", "Conny"])
    page = client.get(reverse("games:detail", args=[game.edit_key])).content.decode()
    assert (
        '<p id="points-rest" class="rest" aria-live="polite"><bdi>Anna</bdi> gets the rest of the 36 points.</p>'
        in page
    )
    # Without JavaScript: the save is refused, and the form says why where the rest line stands.
    response = client.post(
        reverse("games:mu_points", args=[game.edit_key]), {"points_1": "30", "points_2": "20", "number": "0"}
    )
    assert response.status_code == 422
    assert '<span class="error" role="alert">These card points add up to 50' in response.content.decode()


def test_a_view_link_gets_no_rest_line(client):
    game = in_play(["Anna", "Beate", "Conny"])
    response = client.post(reverse("games:mu_rest", args=[game.view_key]), {"points_1": "3"}, **HTMX)
    assert response.status_code == 403
