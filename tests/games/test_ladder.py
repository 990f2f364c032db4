"""The rating ladder and a player's rating chart (issue 29): the ladder ranks the players a request can
see as ``standings.current_ratings`` does, filtered by kind and dates, in a fixed number of queries;
the player page draws the ordinal after each game."""

from __future__ import annotations

import datetime
import re
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from scorekeeper.games import services
from scorekeeper.games.models import Game, Player
from scorekeeper.games.rating_chart import ordinal_chart
from scorekeeper.games.standings import TREND_GAMES, Standing, current_ratings
from scorekeeper.games.views.ladder import ranked
from scorekeeper.mu import services as mu_services

from .factories import play

pytestmark = pytest.mark.django_db

ONE_HAND = {"preset": "standard", "hand_limit": 1}
#: Side 0 bids 10 and makes it; the other way round.
SIDE_0_WINS = ([5, 2, 5, 1], [5, 2, 5, 1])
SIDE_1_WINS = ([1, 5, 2, 5], [1, 5, 2, 5])
LADDER = reverse("games:ladder")


@pytest.fixture
def user() -> User:
    return User.objects.create_user("host", password="ladder-29-cards")


@pytest.fixture
def client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def rated(players: list[str], owner: User | None, wins=SIDE_0_WINS, at: datetime.datetime | None = None) -> Game:
    """A one-hand Spades game of ``players``, finished (so rated), started ``at`` (now by default)."""
    with mock.patch("django.utils.timezone.now", return_value=at or timezone.now()):
        game = services.game_create(
            kind="spades", players=players, dealer=0, rules=ONE_HAND, owner=owner,
            group=Player.objects.filter(owner=owner),
        )  # fmt: skip
        play(game, *wins)
    return game


def rated_mu(players: list[str], owner: User) -> Game:
    """A one-deal Mü game of ``players``, finished."""
    game = services.game_create(
        kind="mu", players=players, dealer=0, rules={"hand_limit": 1}, owner=owner,
        group=Player.objects.filter(owner=owner),
    )  # fmt: skip
    mu_services.deal_auction_save(game=game, laid=[2, 1, 0, 0], chef_trump="red", vize_trump=7, partner=2)
    mu_services.deal_points_save(game=game, points=[30, 20, 10, 0])
    assert Game.objects.get(pk=game.pk).finished
    return game


def listed(response) -> list[tuple[int, str, str, int]]:
    """The ladder's rows as shown: rank, name, rating, games."""
    return [(row.rank, row.standing.name, f"{row.standing.ordinal:.1f}", row.standing.games)
            for row in response.context["rows"]]  # fmt: skip


def test_the_ladder_ranks_the_players_as_their_current_ratings(client, user) -> None:
    rated(["Ann", "Bob", "Cat", "Dan"], user)
    rated(["Ann", "Eve", "Cat", "Fay"], user, wins=SIDE_1_WINS)
    rated(["Bob", "Eve", "Dan", "Fay"], user)
    response = client.get(LADDER)
    assert response.status_code == 200
    standings = current_ratings(Player.objects.filter(owner=user), "spades")
    assert [row.standing for row in response.context["rows"]] == standings
    assert [name for _rank, name, _rating, _games in listed(response)] == [line.name for line in standings]
    page = response.content.decode()
    for line in standings:
        assert f"<b>{line.ordinal:.1f}</b>" in page and f"{line.mu:.1f} ± {line.sigma:.1f}" in page
        assert reverse("games:player", args=[line.player_id]) in page
    ranks = [rank for rank, *_ in listed(response)]
    assert ranks[0] == 1 and ranks == sorted(ranks)
    assert ranks.count(ranks[1]) == 2  # partners with the same games share a rank: 1, 2, 2, ...
    assert page.count("–</span>") == len(standings)  # fewer than ten games: no trend


def test_ranks_are_shared_by_equal_ratings_and_skip_after_them() -> None:
    lines = [Standing(pk, name, mu, 1.0, 3, None) for pk, name, mu in [(1, "A", 9.0), (2, "B", 8.0),
             (3, "C", 8.0), (4, "D", 7.0)]]  # fmt: skip
    assert [row.rank for row in ranked(lines)] == [1, 2, 2, 4]


def test_the_trend_over_the_last_ten_games(client, user) -> None:
    for number in range(TREND_GAMES + 1):
        rated(["Ann", "Bob", "Cat", "Dan"], user, wins=SIDE_0_WINS if number % 4 else SIDE_1_WINS)
    response = client.get(LADDER)
    rows = response.context["rows"]
    assert all(row.trend == round(row.standing.trend, 1) for row in rows)
    page = response.content.decode()
    for row in rows:
        arrow = "▲</span> +" if row.trend > 0 else "▼</span> −"
        assert f"{arrow}{abs(row.trend):.1f}" in page


def test_the_kind_filter(client, user) -> None:
    rated(["Ann", "Bob", "Cat", "Dan"], user)
    rated_mu(["Uta", "Vic", "Wim", "Xen"], user)
    spades = {name for _r, name, *_ in listed(client.get(LADDER))}
    mu = {name for _r, name, *_ in listed(client.get(LADDER, {"kind": "mu"}))}
    assert (spades, mu) == ({"Ann", "Bob", "Cat", "Dan"}, {"Uta", "Vic", "Wim", "Xen"})
    assert listed(client.get(LADDER, {"kind": "chess"})) == listed(client.get(LADDER))  # unreadable: the default


def test_the_dates_filter_counts_only_the_games_between_them(client, user) -> None:
    march = timezone.make_aware(datetime.datetime(2024, 3, 10, 23, 30))
    june = timezone.make_aware(datetime.datetime(2024, 6, 10, 12, 0))
    rated(["Ann", "Bob", "Cat", "Dan"], user, at=march)
    rated(["Ann", "Bob", "Cat", "Dan"], user, at=june, wins=SIDE_1_WINS)
    players = Player.objects.filter(owner=user)

    def games(**query: str) -> set[int]:
        return {count for *_rest, count in listed(client.get(LADDER, query))}

    assert games() == {2}
    assert games(since="2024-06-01") == {1}
    assert games(until="2024-03-10") == {1}  # the "to" day counts, to its last minute
    assert games(since="2024-03-11", until="2024-06-09") == set()
    assert games(since="not a date") == {2}
    june_on = client.get(LADDER, {"since": "2024-06-01"}).context["rows"]
    since = timezone.make_aware(datetime.datetime(2024, 6, 1))
    assert [row.standing for row in june_on] == current_ratings(players, "spades", since=since)
    page = client.get(LADDER, {"since": "2024-03-11", "until": "2024-06-09"}).content.decode()
    assert "No ratings yet" in page
    assert f"since={timezone.localdate().year}-01-01" in page  # "This season"


def test_a_stranger_sees_no_players_of_another_group(client, user) -> None:
    rated(["Ann", "Bob", "Cat", "Dan"], user)
    other = User.objects.create_user("guest", password="ladder-29-other")
    rated(["Zoe", "Yan", "Xia", "Wes"], other)
    theirs = Client()
    theirs.force_login(other)
    assert {name for _r, name, *_ in listed(theirs.get(LADDER))} == {"Zoe", "Yan", "Xia", "Wes"}
    stranger = Client().get(LADDER)
    # "<bdi>Ann<": the name as the ladder writes it (a random CSRF token may hold the letters)
    assert stranger.context["rows"] == [] and "<bdi>Ann<" not in stranger.content.decode()
    assert "No ratings yet" in stranger.content.decode()


def test_the_ladder_costs_the_same_queries_for_4_and_32_players(client, user, django_assert_num_queries) -> None:
    rated(["P0", "P1", "P2", "P3"], user)
    with CaptureQueriesContext(connection) as few:
        assert len(client.get(LADDER).context["rows"]) == 4
    for table in range(1, 8):
        rated([f"P{table * 4 + seat}" for seat in range(4)], user)
    assert len(few.captured_queries) == 4  # the session, the user, the view link and current_ratings
    with django_assert_num_queries(len(few.captured_queries)):
        assert len(client.get(LADDER).context["rows"]) == 32


def test_the_player_page_draws_the_rating_after_each_game(client, user) -> None:
    name = '<b>Zoë & "Al"</b>'
    for number in range(3):
        rated([name, "Bob", "Cat", "Dan"], user, wins=SIDE_1_WINS if number == 1 else SIDE_0_WINS)
    player = Player.objects.get(owner=user, name=name)
    page = client.get(reverse("games:player", args=[player.pk])).content.decode()
    chart = re.search(r'<figure class="chart rating-chart">.*?</figure>', page, re.S).group()
    assert chart.count('<circle class="series-dot') == 3 and 'role="img"' in chart
    assert "&lt;b&gt;Zoë &amp; &quot;Al&quot;&lt;/b&gt;" in chart and name not in page
    line = next(line for line in current_ratings(Player.objects.filter(pk=player.pk), "spades"))
    assert re.search(rf"Rating after each of 3 games: from -?\d+\.\d to {line.ordinal:.1f}</desc>", chart)
    assert ladder_linked(chart)


def ladder_linked(chart: str) -> bool:
    return f'href="{LADDER}?kind=spades"' in chart


def test_no_chart_without_ratings_and_one_per_kind(client, user) -> None:
    game = services.game_create(
        kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={"preset": "standard"}, owner=user,
        group=Player.objects.filter(owner=user),
    )  # fmt: skip
    play(game, *SIDE_0_WINS)  # not over: not rated
    ann = Player.objects.get(owner=user, name="Ann")
    assert "rating-chart" not in client.get(reverse("games:player", args=[ann.pk])).content.decode()
    rated(["Ann", "Bob", "Cat", "Dan"], user)
    rated_mu(["Ann", "Vic", "Wim", "Xen"], user)
    page = client.get(reverse("games:player", args=[ann.pk])).content.decode()
    assert page.count('class="chart rating-chart"') == 2
    assert "Rating after 1 game:" in page


def test_the_chart_keeps_every_point_inside_and_0_on_the_axis() -> None:
    chart = ordinal_chart("spades", "Spades", [-2.5, 0.4, 7.3, 12.0])
    assert chart is not None and chart.games == 4 and len(chart.points.split()) == 4
    assert all(chart.left <= x <= chart.right and chart.top <= y <= chart.bottom for x, y in chart.dots)
    assert [label for _y, label in chart.y_ticks] == [-5, 0, 5, 10, 15]
    assert ordinal_chart("spades", "Spades", []) is None
    one = ordinal_chart("spades", "Spades", [3.0])
    assert one is not None and one.dots == ((one.left, one.dots[0][1]),)


def test_the_ladder_and_the_chart_in_german(client, user) -> None:
    rated(["Ann", "Bob", "Cat", "Dan"], user)
    client.cookies["django_language"] = "de"
    response = client.get(LADDER, {"kind": "mu"})
    assert response.status_code == 200 and '<html lang="de">' in response.content.decode()
    page = client.get(LADDER).content.decode()
    assert "Spieler" in page
    ann = Player.objects.get(owner=user, name="Ann")
    player_page = client.get(reverse("games:player", args=[ann.pk])).content.decode()
    assert 'class="chart rating-chart"' in player_page
    assert re.search(r'points="[\d ,]+"', player_page)  # coordinates never localised


def test_a_view_link_shows_a_players_rating_only_after_the_games_it_reaches(client, user) -> None:
    """The player's page counts only the games the request reaches, the chart too: through one
    game's view link, one dot, not the account's other games."""
    games = [rated(["Ann", "Bob", "Cat", "Dan"], user) for _ in range(3)]
    stranger = Client()
    stranger.get(reverse("games:detail", args=[games[1].view_key]))
    ann = Player.objects.get(owner=user, name="Ann")
    page = stranger.get(reverse("games:player", args=[ann.pk])).content.decode()
    assert page.count('<circle class="series-dot') == 1
    assert client.get(reverse("games:player", args=[ann.pk])).content.decode().count('<circle class="series-dot') == 3


def test_a_long_history_is_drawn_as_a_line_without_a_dot_per_game() -> None:
    from scorekeeper.games.rating_chart import DOTTED_UP_TO

    assert ordinal_chart("spades", "Spades", [1.0] * DOTTED_UP_TO).dotted
    long = ordinal_chart("spades", "Spades", [float(n % 7) for n in range(DOTTED_UP_TO + 1)])
    assert not long.dotted and long.games == DOTTED_UP_TO + 1 and len(long.points.split()) == DOTTED_UP_TO + 1
