"""The ratings' read model (issue 29.2): rebuilt with every write that finishes, corrects, imports or
undoes a game, it always equals rating the group's finished games from scratch in order
(``ratings_rebuild``, ``manage.py rebuild_ratings``) and the engine's ladder of those games."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection
from pytest import approx

from scorekeeper.engine.ratings import Match, ladder, match_of
from scorekeeper.engine.record import score_game
from scorekeeper.games import services
from scorekeeper.games.changes import row_undo
from scorekeeper.games.kinds import engine_of
from scorekeeper.games.models import Game, Player, RatingStep
from scorekeeper.games.ratings import ratings_rebuild
from scorekeeper.games.records import game_export

from .factories import play

pytestmark = pytest.mark.django_db

ONE_HAND = {"preset": "standard", "hand_limit": 1}
#: Side 0 bids 10 and makes it; the other way round.
SIDE_0_WINS = ([5, 2, 5, 1], [5, 2, 5, 1])
SIDE_1_WINS = ([1, 5, 2, 5], [1, 5, 2, 5])


def steps() -> dict[tuple[int, object], tuple[float, float]]:
    """Every rating step, rounded to 9 places (the same arithmetic in another order may differ in the last bits)."""
    return {(s.player_id, s.game_id): (round(s.mu, 9), round(s.sigma, 9)) for s in RatingStep.objects.all()}


def new_game(players, owner=None, rules=ONE_HAND) -> Game:
    group = Player.objects.filter(owner=owner)
    return services.game_create(kind="spades", players=players, dealer=0, rules=rules, owner=owner, group=group)


def assert_as_from_scratch(owner=None, same: dict[str, str] | None = None) -> None:
    """The read model equals a rebuild, and each player's last step the engine's ladder of the group's
    games (``same``: names the games wrote that are one person now, a merge: the name they go by)."""
    kept = steps()
    ratings_rebuild()
    assert steps() == kept
    games = Game.objects.filter(owner=owner, finished=True, kind="spades").order_by("created_at", "pk")
    matches = [match_of(engine, score_game(engine)) for engine in (engine_of(game) for game in games)]
    matches = [
        Match(tuple(tuple((same or {}).get(name, name) for name in team) for team in match.teams), match.ranks)
        for match in matches
        if match
    ]
    for rating in ladder(match for match in matches if match):
        player = Player.objects.get(owner=owner, name=rating.name)
        last = RatingStep.objects.filter(player=player, group=owner.pk if owner else 0).order_by("at", "game_id").last()
        assert (last.mu, last.sigma) == approx((rating.mu, rating.sigma))


def test_a_finished_game_rates_its_players_and_an_unfinished_one_does_not() -> None:
    game = new_game(["Ann", "Bob", "Cat", "Dan"], rules={"preset": "standard"})
    play(game, *SIDE_0_WINS)
    assert not RatingStep.objects.exists()
    finished = new_game(["Ann", "Bob", "Cat", "Dan"])
    play(finished, *SIDE_0_WINS)
    assert RatingStep.objects.filter(game=finished).count() == 4
    assert_as_from_scratch()


def test_correcting_an_old_game_re_rates_every_later_one() -> None:
    games = [new_game(["Ann", "Bob", "Cat", "Dan"]), new_game(["Ann", "Eve", "Cat", "Fay"]),
             new_game(["Gus", "Hal", "Ida", "Jon"]), new_game(["Bob", "Eve", "Dan", "Fay"])]  # fmt: skip
    for game in games:
        play(game, *SIDE_0_WINS)
    untouched = {key: value for key, value in steps().items() if key[1] == games[2].pk}
    row_undo(game=games[0])  # the first game: not over any more
    assert not RatingStep.objects.filter(game=games[0]).exists()
    assert_as_from_scratch()
    play(games[0], *SIDE_1_WINS)  # and now the other side won it
    assert_as_from_scratch()
    assert {key: value for key, value in steps().items() if key[1] == games[2].pk} == untouched  # not reached


def test_an_import_and_a_merge_keep_the_ratings_as_from_scratch() -> None:
    first = new_game(["Ann", "Bob", "Cat", "Dan"])
    play(first, *SIDE_0_WINS)
    record = game_export(first)
    record["players"] = ["ann2", "Bob", "Cat", "Dan"]
    services.game_import(record=record, group=Player.objects.filter(owner=None))
    assert_as_from_scratch()
    services.player_merge(player=Player.objects.get(name="ann2"), into=Player.objects.get(name="Ann"))
    assert_as_from_scratch(same={"ann2": "Ann"})
    assert RatingStep.objects.filter(player__name="Ann").count() == 2


def test_groups_and_kinds_are_rated_apart() -> None:
    host = User.objects.create_user("host", password="ratings-29-x")
    mine = new_game(["Ann", "Bob", "Cat", "Dan"], owner=host)
    theirs = new_game(["Ann", "Bob", "Cat", "Dan"])
    play(mine, *SIDE_0_WINS)
    play(theirs, *SIDE_1_WINS)
    assert_as_from_scratch(owner=host)
    assert_as_from_scratch()
    fresh = RatingStep.objects.get(game=theirs, player__name="Ann")
    alone = ladder([match_of(engine_of(theirs), score_game(engine_of(theirs)))])
    assert (fresh.mu, fresh.sigma) == approx(next((r.mu, r.sigma) for r in alone if r.name == "Ann"))


def test_a_save_that_finishes_the_newest_game_costs_a_fixed_number_of_queries(django_assert_max_num_queries) -> None:
    for _ in range(5):
        play(new_game(["Ann", "Bob", "Cat", "Dan"]), *SIDE_0_WINS)
    game = new_game(["Ann", "Bob", "Cat", "Dan"])
    from scorekeeper.games.ratings import ratings_rerate

    Game.objects.filter(pk=game.pk).update(finished=True)
    game.refresh_from_db()
    with django_assert_max_num_queries(6 if connection.vendor == "sqlite" else 7):  # PostgreSQL: and its lock
        ratings_rerate(games=[game])


def test_manage_py_rebuild_ratings_rebuilds_them_all() -> None:
    from .test_commands import run_command

    play(new_game(["Ann", "Bob", "Cat", "Dan"]), *SIDE_0_WINS)
    kept = steps()
    RatingStep.objects.all().delete()
    status, out, _err = run_command("rebuild_ratings")
    assert (status, out.strip()) == (0, "Rebuilt the ratings: 4 rating steps.")
    assert steps() == kept


def test_current_ratings_rank_by_ordinal_with_the_trend_over_ten_games() -> None:
    from scorekeeper.games.standings import TREND_GAMES, current_ratings, rating_history, ratings_by_name

    for number in range(TREND_GAMES + 2):
        play(new_game(["Ann", "Bob", "Cat", "Dan"]), *(SIDE_0_WINS if number % 3 else SIDE_1_WINS))
    lines = current_ratings(Player.objects.all(), "spades")
    assert [line.ordinal for line in lines] == sorted((line.ordinal for line in lines), reverse=True)
    ann = next(line for line in lines if line.name == "Ann")
    history = rating_history(Player.objects.get(name="Ann"), "spades")
    assert ann.games == len(history) == TREND_GAMES + 2
    (_at, mu, sigma), (_then, old_mu, old_sigma) = history[-1], history[-1 - TREND_GAMES]
    assert (ann.mu, ann.sigma) == (mu, sigma)
    assert ann.trend == approx((mu - 3 * sigma) - (old_mu - 3 * old_sigma))
    assert ratings_by_name(Player.objects.all(), ["ANN", "Zed"], "spades") == {"ann": (mu, sigma)}
    assert current_ratings(Player.objects.all(), "mu") == []


def test_signing_in_moves_a_browsers_games_and_their_ratings_to_the_account() -> None:
    """The games a browser started without an account become the account's on signing in: rated in
    the account's group from then on, and gone from the group without one, where Eve, seated by
    another browser too, is now rated without them: as a rebuild from scratch rates them all."""
    from django.test import Client
    from django.urls import reverse

    from scorekeeper.games.access import MADE

    User.objects.create_user("host", password="ratings-29-claim")
    browsers = [new_game(["Ann", "Bob", "Cat", "Dan"]), new_game(["Eve", "Bob", "Fay", "Dan"])]
    for game in browsers:
        play(game, *SIDE_0_WINS)
    stays = new_game(["Eve", "Gus", "Ivy", "Hal"])  # another browser's, with the same Eve: no account
    play(stays, *SIDE_0_WINS)
    client = Client()
    session = client.session
    session[MADE] = [str(game.pk) for game in browsers]
    session.save()

    signed_in = client.post(reverse("login"), {"username": "host", "password": "ratings-29-claim"})

    assert signed_in.status_code == 302
    assert set(Game.objects.filter(owner__username="host").values_list("pk", flat=True)) == {g.pk for g in browsers}
    kept = steps()
    ratings_rebuild()
    assert steps() == kept
    eve, ivy = (RatingStep.objects.get(game=stays, player__name=name) for name in ("Eve", "Ivy"))
    assert (eve.mu, eve.sigma) == approx((ivy.mu, ivy.sigma))  # both new to this group: rated alike


def test_a_guests_rematch_leaves_the_accounts_ladder_as_its_own_games_rate_it() -> None:
    """A rematch tapped on a guest's phone (no account) seats the host's players in the guest's game:
    rated in the guest's group, it never moves their ratings on the host's ladder or chart."""
    from scorekeeper.games.standings import current_ratings, rating_history

    host = User.objects.create_user("host", password="ratings-29-rematch")
    first = new_game(["Ann", "Bob", "Cat", "Dan"], owner=host)
    play(first, *SIDE_0_WINS)
    mine = {
        line.name: (line.mu, line.sigma, line.games)
        for line in current_ratings(Player.objects.filter(owner=host), "spades")
    }
    guests = services.game_rematch(game=first, owner=None)
    play(guests, *SIDE_1_WINS)
    assert RatingStep.objects.filter(game=guests, group=0).count() == 4
    after = {
        line.name: (line.mu, line.sigma, line.games)
        for line in current_ratings(Player.objects.filter(owner=host), "spades")
    }
    assert after == mine
    assert len(rating_history(Player.objects.get(owner=host, name="Ann"), "spades")) == 1
    assert_as_from_scratch(owner=host)


def test_the_trend_of_a_player_with_exactly_ten_games_is_from_a_new_players_rating() -> None:
    from scorekeeper.games.standings import TREND_GAMES, current_ratings

    for number in range(TREND_GAMES):
        play(new_game(["Ann", "Bob", "Cat", "Dan"]), *SIDE_0_WINS)
        trends = {line.name: line.trend for line in current_ratings(Player.objects.all(), "spades")}
        if number < TREND_GAMES - 1:
            assert set(trends.values()) == {None}  # fewer than ten games
    ann = next(line for line in current_ratings(Player.objects.all(), "spades") if line.name == "Ann")
    assert ann.trend == approx(ann.ordinal - 0)  # a new player's ordinal: 25 - 3 * 25/3


def test_a_correction_reads_only_the_games_its_players_reach() -> None:
    """Games started without an account are one group on the whole server: undoing an old game reads
    the later games of the players it reaches, not every table's."""
    from unittest import mock

    from scorekeeper.games import ratings

    old = new_game(["Ann", "Bob", "Cat", "Dan"])
    play(old, *SIDE_0_WINS)
    others = [new_game([f"{name}{table}" for name in ("Eve", "Fay", "Gus", "Hal")]) for table in range(6)]
    for game in others:
        play(game, *SIDE_0_WINS)
    later = new_game(["Ann", "Bob", "Ivy", "Jon"])
    play(later, *SIDE_0_WINS)
    read: set[object] = set()
    suffix_of = ratings._suffix

    def spied(games):
        suffix = suffix_of(games)
        read.update(game.pk for game in suffix)
        return suffix

    with mock.patch.object(ratings, "_suffix", spied):
        row_undo(game=old)
    assert later.pk in read
    assert len(read & {game.pk for game in others}) <= 2  # the next two, to see that games follow: no more
    assert_as_from_scratch()
    assert not RatingStep.objects.filter(game=old).exists()
