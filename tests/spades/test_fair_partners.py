"""The "Fair partners" button on the new Spades game form: the fairest split of four names by their Spades
ratings (OpenSkill's predicted win chance closest to 50/50), seated with one tap, with and without
htmx; names compared as the app compares them, and only the ratings of players this request may see."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from openskill.models import PlackettLuce

from scorekeeper.games import services
from scorekeeper.games.models import Game, Player
from scorekeeper.games.standings import ratings_by_name

from ..games.factories import HTMX, new_game_data, play

pytestmark = pytest.mark.django_db

ONE_HAND = {"preset": "standard", "hand_limit": 1}
SIDE_0_WINS = ([5, 2, 5, 1], [5, 2, 5, 1])  # side 0 bids 10 and makes it: one hand, over


def rated_games(players: list[str], owner: User | None, count: int = 3) -> None:
    """``count`` finished one-hand games of ``owner``'s group, the first and third name winning each."""
    for _ in range(count):
        group = Player.objects.filter(owner=owner)
        game = services.game_create(kind="spades", players=players, dealer=0, rules=ONE_HAND, owner=owner, group=group)
        play(game, *SIDE_0_WINS)


@pytest.fixture
def user(client) -> User:
    """A signed-in account whose Ann and Bob beat Cat and Dan three times."""
    user = User.objects.create_user("host", password="x")
    rated_games(["Ann", "Cat", "Bob", "Dan"], owner=user)
    client.force_login(user)
    return user


def names(*players: str, **changes: object) -> dict[str, str]:
    data = new_game_data(**changes)
    data.update({f"player_{seat}": name for seat, name in enumerate(players)})
    return data


def text(response) -> str:
    return response.content.decode()


def asked(client, data: dict[str, str]):
    """The "Fair partners" button pressed with htmx (its region alone comes back)."""
    return client.get(reverse("games:new"), data, HTTP_HX_TRIGGER_NAME="fair_partners", **HTMX)


def test_the_button_suggests_splitting_the_strong_players_with_their_chance(client, user) -> None:
    # Seated as typed, Ann & Bob (strong) partner against Cat & Dan: the fairest splits them up.
    response = asked(client, names("ann", "CAT", "Bob", "Dan"))
    content = text(response).strip()
    assert response.status_code == 200
    assert content.startswith('<div id="fair-partners"') and "<html" not in content
    rated = ratings_by_name(Player.objects.filter(owner=user), ["Ann", "Bob", "Cat", "Dan"], "spades")
    model = PlackettLuce()
    ann, bob, cat, dan = (model.rating(*rated[name]) for name in ("ann", "bob", "cat", "dan"))
    percent = round(model.predict_win([[ann, cat], [bob, dan]])[0] * 100)
    assert f"ann &amp; CAT v Bob &amp; Dan: {percent}\u00a0% – {100 - percent}\u00a0%" in content
    assert re.search(r'hx-vals=\'\{"fair_order": "0,2,1,3"\}\'', content)
    # No <noscript> twin: swapped in by htmx it would be a live submit button, the form's default (Enter).
    assert "<noscript>" not in content
    assert Game.objects.filter(owner=user).count() == 3  # nothing started


def test_without_javascript_the_button_posts_and_the_whole_form_comes_back(client, user) -> None:
    response = client.post(reverse("games:new"), {**names("Ann", "Cat", "Bob", "Dan"), "fair_partners": "1"})
    content = text(response)
    assert response.status_code == 200 and "<html" in content
    assert "Ann &amp; Cat v Bob &amp; Dan: 50\u00a0% – 50\u00a0%" in content  # Ann and Bob alike, Cat and Dan alike
    assert '<noscript><button type="submit" name="fair_order" value="0,2,1,3" class="button">' in content
    assert Game.objects.filter(owner=user).count() == 3


@pytest.mark.parametrize("htmx", [True, False])
def test_applying_it_reseats_the_partners_opposite_and_keeps_the_rest(client, user, htmx) -> None:
    data = {**names("Ann", "Cat", "Bob", "Dan", target="300", dealer="1"), "fair_order": "0,2,1,3"}
    if htmx:
        response = client.get(reverse("games:new"), data, HTTP_HX_TRIGGER_NAME="fair_order", **HTMX)
        assert text(response).strip().startswith('<div id="setup"')
        assert "<noscript>" not in text(response)
    else:
        response = client.post(reverse("games:new"), data)
    content = text(response)
    seats = re.findall(r'name="player_\d" id="id_player_\d" value="([^"]*)"', content)
    assert seats == ["Ann", "Bob", "Cat", "Dan"]
    assert re.search(r'name="dealer" value="2" checked', content)  # Cat deals first, in her new seat
    assert 'name="target" value="300"' in content
    assert "Seated as they are, the partners are the fairest already." in content
    assert 'name="fair_order"' not in content


def test_a_forged_order_changes_nothing(client, user) -> None:
    response = client.post(reverse("games:new"), {**names("Ann", "Cat", "Bob", "Dan"), "fair_order": "3,2,1,0"})
    seats = re.findall(r'name="player_\d" id="id_player_\d" value="([^"]*)"', text(response))
    assert seats == ["Ann", "Cat", "Bob", "Dan"]


def test_with_fewer_names_or_another_table_it_says_what_is_needed(client) -> None:
    fewer = asked(client, names("Ann", "Bob", "Cat", ""))
    assert "Type four different names to find fair partners." in text(fewer)
    twice = asked(client, names("Ann", "Bob", "ann", "Dan"))
    assert "Type four different names to find fair partners." in text(twice)
    for players in ("6", '"solo4"', "3"):
        data = names("Ann", "Bob", "Cat", "Dan", players=players)
        other = asked(client, data)
        assert "Fair partners are for four players in two partnerships." in text(other)
        assert 'name="fair_order"' not in text(other)


def test_another_groups_players_count_as_new_players(client, user) -> None:
    """Eve and Fay win every game of a group this client cannot see: here they are new players, so
    the seating typed (Eve & Fay v Gus & Hal) is as fair as any."""
    rated_games(["Eve", "Gus", "Fay", "Hal"], owner=None)
    response = asked(client, names("Eve", "Gus", "Fay", "Hal"))
    content = text(response)
    assert "Eve &amp; Fay v Gus &amp; Hal: 50\u00a0% – 50\u00a0%" in content
    assert "Seated as they are, the partners are the fairest already." in content
    assert 'name="fair_order"' not in content


def test_of_two_players_of_one_name_the_one_a_new_game_seats_counts(client, user) -> None:
    """A game opened through its view link shows its Ann, but a new game of this account seats the
    account's Ann: her rating counts, as the game will be played by her."""
    others = services.game_create(kind="spades", players=["Ann", "Eve", "Fay", "Gus"], dealer=0, rules=ONE_HAND)
    play(others, [1, 5, 2, 5], [1, 5, 2, 5])  # that Ann loses
    client.get(reverse("games:detail", args=[others.view_key]))  # seen through the view link
    mine, theirs = Player.objects.get(owner=user, name="Ann"), Player.objects.get(owner=None, name="Ann")
    both = Player.objects.filter(pk__in=[mine.pk, theirs.pk])
    assert ratings_by_name(both, ["ann"], "spades") == ratings_by_name(both.filter(pk=mine.pk), ["Ann"], "spades")
    assert ratings_by_name(both, ["ann"], "spades") != ratings_by_name(both.filter(pk=theirs.pk), ["Ann"], "spades")
    content = text(asked(client, names("Ann", "Bob", "Cat", "Dan")))
    assert re.search(r"Ann &amp; (Cat|Dan) v Bob &amp; (Cat|Dan)", content)  # her strength splits Ann and Bob
