"""Links, owners and accounts (issue 6 "Sharing" and "Safety"): ``scorekeeper.games.access``.

The walk at the top takes every game address from the URL configuration, so a
new address must be sorted into reads or writes here before the suite passes.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import URLPattern, reverse

from scorekeeper.games import services
from scorekeeper.games.models import Change, Game, HouseRules, Player, Row, Ruling, Seat, new_key
from scorekeeper.mu import services as mu_services
from scorekeeper.spades import services as spades_services
from scorekeeper.urls import GAME_URLS as urlpatterns

from .factories import HTMX, PLAYERS, new_game, new_game_data, play, sheet_url, snapshot

pytestmark = pytest.mark.django_db

#: Game addresses that only read: a view link opens them.
READS = {
    *("detail", "live", "explain", "share", "changes", "rulebook"),
    *("what_if", "game_referee", "game_replay", "record", "csv", "print"),
}
#: Game addresses that write (or lead to a write): a view link is refused.
WRITES = {
    "bids", "bid_offers", "misdeal", "tricks", "tricks_rest", "undo", "hand_edit", "rematch", "links", "revert",
    "time_call", "mu_auction", "mu_preview", "mu_points", "mu_count", "mu_rest", "mu_deal_edit",
}  # fmt: skip
MU_ONLY = {"mu_auction", "mu_preview", "mu_points", "mu_count", "mu_rest", "mu_deal_edit"}
SPADES_ONLY = {"bids", "bid_offers", "misdeal", "tricks", "tricks_rest", "hand_edit", "what_if"}
#: Everything a game keeps, compared before and after a refused request.
STORED = (Game, Row, HouseRules, Ruling, Change, Player, Seat)


def game_patterns() -> dict[str, URLPattern]:
    return {pattern.name: pattern for pattern in urlpatterns if "<key:key>" in str(pattern.pattern)}


@pytest.fixture
def games() -> dict[str, Game]:
    spades = new_game()
    play(spades, [3, 3, 3, 3], [4, 3, 3, 3])
    spades_services.hand_bids_save(game=spades, bids=[2, "nil", 4, 5])
    mu = services.game_create(players=["Anna", "Beate", "Conny", "Dagmar"], dealer=0, rules={}, kind="mu")
    mu_services.deal_auction_save(game=mu, laid=[2, 1, 0, 0], chef_trump="red", vize_trump=7, partner=2)
    mu_services.deal_points_save(game=mu, points=[30, 20, 10, 0])
    return {"spades": spades, "mu": mu}


def address(name: str, game: Game, key: str) -> str:
    pattern = str(game_patterns()[name].pattern)
    extra = [game.changes.first().pk] if "change_id" in pattern else [1] if "<int:number>" in pattern else []
    return reverse(f"games:{name}", args=[key, *extra])


def kind_of(name: str) -> str:
    return "mu" if name in MU_ONLY else "spades"


def test_every_game_address_is_sorted_into_reads_or_writes() -> None:
    assert set(game_patterns()) == READS | WRITES
    assert not READS & WRITES


@pytest.mark.parametrize("name", sorted(WRITES))
def test_a_view_link_can_never_change_anything(games, name) -> None:
    game = games[kind_of(name)]
    client = Client()
    before = snapshot(*STORED)

    responses = [client.post(address(name, game, game.view_key), {"number": "1", "bid_0": "3"}, **headers)
                 for headers in ({}, HTMX)]  # fmt: skip
    if name == "hand_edit":
        responses.append(client.get(address(name, game, game.view_key)))

    assert [response.status_code for response in responses] == [403] * len(responses)
    assert snapshot(*STORED) == before
    assert "This link cannot change the game" in responses[0].content.decode()


@pytest.mark.parametrize("name", sorted(WRITES))
def test_a_foreign_or_made_up_link_opens_nothing(games, name) -> None:
    game = games[kind_of(name)]
    before = snapshot(*STORED)
    for key in (new_key(), game.edit_key[:-1] + ("A" if game.edit_key[-1] != "A" else "B")):
        response = Client().post(address(name, game, key), {"number": "1"})
        assert response.status_code == 404, key
    assert snapshot(*STORED) == before


@pytest.mark.parametrize("name", sorted(WRITES))
def test_a_write_without_csrf_token_is_refused(games, name) -> None:
    game = games[kind_of(name)]
    before = snapshot(*STORED)
    response = Client(enforce_csrf_checks=True).post(address(name, game, game.edit_key), {"number": "1"})
    assert response.status_code == 403
    assert snapshot(*STORED) == before


def test_a_page_older_than_a_sign_in_is_told_to_reload_in_words(games) -> None:
    """Issue 14: a kept sheet from before signing in posts a token that no longer holds."""
    response = Client(enforce_csrf_checks=True).post(reverse("games:bids", args=[games["spades"].edit_key]), {})
    assert response.status_code == 403
    assert "Nothing was saved: this page was opened before you signed in or out." in response.content.decode()


@pytest.mark.parametrize("name", sorted(READS))
def test_a_view_link_reads_every_page_and_changes_nothing(games, name) -> None:
    game = games["mu" if name not in SPADES_ONLY and name not in ("game_referee", "game_replay") else "spades"]
    before = snapshot(*STORED)
    response = Client().get(address(name, game, game.view_key))
    # A row's explanation without htmx sends the browser to the sheet with that row opened.
    assert response.status_code in ((302,) if name == "explain" else (200, 204))
    assert snapshot(*STORED) == before


@pytest.fixture
def every_state(games) -> list[Game]:
    """A game of each kind in each state a view link meets: no hands yet, a hand played and the next
    in play (Spades, ``games``); a deal played and none in play (Mü, ``games``), and a deal being played."""
    in_play = services.game_create(players=["Anna", "Beate", "Conny"], dealer=0, rules={}, kind="mu")
    mu_services.deal_auction_save(game=in_play, laid=[1, 0, 0], chef_trump="red", vize_trump=None, partner=None)
    return [new_game(), games["spades"], games["mu"], in_play]


def _paths(name: str, game: Game) -> list[str]:
    """Every address ``name`` of ``game`` through its view link: each number part as a row or
    change that exists, 0, and one that does not."""
    pattern = str(game_patterns()[name].pattern)
    if "change_id" in pattern:
        extras: list[list[int]] = [[change] for change in game.changes.values_list("pk", flat=True)] + [[999_999]]
    elif "<int:number>" in pattern:
        extras = [[0], [1], [2], [999]]
    else:
        extras = [[]]
    return [reverse(f"games:{name}", args=[game.view_key, *extra]) for extra in extras]


def test_a_view_link_never_reveals_the_edit_link(every_state) -> None:
    """Issue 24: every address of every game through its view link (taken from the URL
    configuration, so a new one is walked too), read and posted, plain and htmx, in every
    state, with rows that exist and not: the edit key is in no header and no body. Then the
    pages beyond the game that a viewer's browser reaches (its games, players, statistics)."""
    client = Client()
    leaks = []
    for game in every_state:
        for name in game_patterns():
            for path in _paths(name, game):
                for method, headers in (("get", {}), ("get", HTMX), ("post", {}), ("post", HTMX)):
                    response = getattr(client, method)(path, {"number": "0"} if method == "post" else {}, **headers)
                    seen = " ".join([response.content.decode(errors="replace"), *map(str, response.items())])
                    if game.edit_key in seen:
                        leaks.append(f"{method.upper()} {path} {headers and 'htmx' or 'plain'}: {response.status_code}")
    players = Player.objects.filter(seats__game__in=every_state).values_list("pk", flat=True)
    beyond = [reverse("games:home"), reverse("games:list"), reverse("games:players")]
    beyond += [reverse("games:player", args=[player]) for player in players]
    for path in beyond:
        response = client.get(path)
        assert response.status_code == 200, path
        if any(game.edit_key in response.content.decode() for game in every_state):
            leaks.append(f"GET {path}")
    assert leaks == []


def test_a_view_link_shows_the_sheet_without_entry_forms_or_edit_buttons(games) -> None:
    game = games["spades"]
    page = Client().get(reverse("games:detail", args=[game.view_key])).content.decode()
    assert "View only" in page
    assert "<bdi>Ann</bdi> <b>2</b>" in page  # the bids of the hand in play, for onlookers
    for write in ("bids", "tricks", "undo", "hand_edit", "misdeal"):
        assert f'"{address(write, game, game.view_key)}"' not in page
        assert f'"{address(write, game, game.edit_key)}"' not in page
    assert game.edit_key not in page


def test_the_referee_through_a_view_link_answers_but_keeps_no_ruling(games) -> None:
    game = games["spades"]
    data = {"trick": "AS,KS,QS", "add": "JS", "target": "trick"}
    page = Client().post(reverse("games:game_referee", args=[game.view_key]), data).content.decode()
    assert "wins" in page
    assert not Ruling.objects.exists()
    Client().post(reverse("games:game_referee", args=[game.edit_key]), data)
    assert Ruling.objects.count() == 1


# --- the owner and the links ---------------------------------------------------------------------------------------


def start_game(client: Client) -> Game:
    response = client.post(reverse("games:new"), new_game_data())
    assert response.status_code == 302
    return Game.objects.get(edit_key=re.search(r"/games/([\w-]{24})/", response["Location"]).group(1))


def test_link_keys_are_unguessable_and_distinct() -> None:
    games = [new_game() for _ in range(20)]
    keys = [key for game in games for key in (game.edit_key, game.view_key)]
    assert len(set(keys)) == len(keys)
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{24}", key) for key in keys)  # 24 × 6 = 144 random bits
    assert all(str(game.pk) not in sheet_url(game) for game in games)


def test_the_share_page_shows_both_links_as_addresses_and_qr_codes() -> None:
    client = Client()
    game = start_game(client)
    page = client.get(reverse("games:share", args=[game.edit_key]), HTTP_HOST="192.168.1.5:8000").content.decode()
    assert f"http://192.168.1.5:8000/games/{game.edit_key}/" in page
    assert f"http://192.168.1.5:8000/games/{game.view_key}/" in page
    assert len(re.findall(r'<svg [^>]*class="qr"', page)) == 2
    assert "New link (the old one stops working)" in page
    assert "only works on this computer" not in page


def test_the_share_page_warns_when_the_address_only_works_on_this_computer() -> None:
    client = Client()
    game = start_game(client)
    page = client.get(reverse("games:share", args=[game.edit_key]), HTTP_HOST="localhost:8000").content.decode()
    assert "only works on this computer" in page


def test_through_the_view_link_the_share_page_hands_out_only_the_view_link() -> None:
    game = new_game()
    page = Client().get(reverse("games:share", args=[game.view_key])).content.decode()
    assert game.view_key in page
    assert game.edit_key not in page
    assert len(re.findall(r'<svg [^>]*class="qr"', page)) == 1
    assert "New link" not in page


def test_the_owner_renews_the_edit_link_and_the_old_one_stops_working() -> None:
    owner, player = Client(), Client()
    game = start_game(owner)
    old = game.edit_key
    assert player.get(reverse("games:detail", args=[old])).status_code == 200

    response = owner.post(reverse("games:links", args=[old]), {"link": "edit", "action": "renew"})

    game.refresh_from_db()
    assert game.edit_key != old
    assert response["Location"] == reverse("games:share", args=[game.edit_key])
    assert player.get(reverse("games:detail", args=[old])).status_code == 404
    assert player.post(reverse("games:bids", args=[old]), {"bid_0": "3"}).status_code == 404
    # An open page finds out at its next poll, and reloads to the reason.
    poll = player.get(reverse("games:live", args=[old]) + "?v=0", **HTMX)
    assert poll["HX-Refresh"] == "true"
    # The owner keeps the game: it is on their list with the new link.
    assert reverse("games:detail", args=[game.edit_key]) in owner.get(reverse("games:home")).content.decode()
    assert old not in player.get(reverse("games:home")).content.decode()


def test_the_owner_turns_the_view_link_off_and_makes_a_new_one() -> None:
    owner = Client()
    game = start_game(owner)
    old = game.view_key

    owner.post(reverse("games:links", args=[game.edit_key]), {"link": "view", "action": "revoke"})
    game.refresh_from_db()
    assert game.view_key is None
    assert Client().get(reverse("games:detail", args=[old])).status_code == 404
    assert "The view link is off" in owner.get(reverse("games:share", args=[game.edit_key])).content.decode()

    owner.post(reverse("games:links", args=[game.edit_key]), {"link": "view", "action": "renew"})
    game.refresh_from_db()
    assert game.view_key not in (None, old)
    assert Client().get(reverse("games:detail", args=[game.view_key])).status_code == 200


def test_only_the_owner_changes_the_links_and_the_edit_link_cannot_be_turned_off() -> None:
    owner = Client()
    game = start_game(owner)
    keys = (game.edit_key, game.view_key)
    player = Client()
    player.get(sheet_url(game))  # joined through the edit link: may play, not manage

    assert (
        player.post(reverse("games:links", args=[game.edit_key]), {"link": "edit", "action": "renew"}).status_code
        == 403
    )
    assert "New link" not in player.get(reverse("games:share", args=[game.edit_key])).content.decode()
    assert (
        owner.post(reverse("games:links", args=[game.edit_key]), {"link": "edit", "action": "revoke"}).status_code
        == 400
    )
    assert (
        owner.post(reverse("games:links", args=[game.edit_key]), {"link": "other", "action": "renew"}).status_code
        == 400
    )
    game.refresh_from_db()
    assert (game.edit_key, game.view_key) == keys


def test_the_home_page_lists_only_this_browsers_games_with_the_link_it_holds() -> None:
    mine, joined, watched, foreign = new_game(), new_game(), new_game(), new_game(players=["Xen", "Yul", "Zed", "Quo"])
    client = Client()
    session = client.session
    session["games_made"] = [str(mine.pk)]
    session.save()
    client.get(sheet_url(joined))
    client.get(reverse("games:detail", args=[watched.view_key]))

    page = client.get(reverse("games:home")).content.decode()

    assert reverse("games:detail", args=[mine.edit_key]) in page
    assert reverse("games:detail", args=[joined.edit_key]) in page
    assert reverse("games:detail", args=[watched.view_key]) in page
    assert watched.edit_key not in page
    assert "Xen" not in page and foreign.edit_key not in page


# --- accounts ------------------------------------------------------------------------------------------------------


def test_signing_up_makes_the_games_this_browser_started_the_accounts() -> None:
    browser = Client()
    game = start_game(browser)
    assert game.owner is None

    response = browser.post(
        reverse("signup"), {"username": "ann", "password1": "table-cards-77", "password2": "table-cards-77"}
    )

    assert response.status_code == 302
    game.refresh_from_db()
    assert game.owner == User.objects.get(username="ann")


def test_a_signed_in_users_games_are_theirs_on_every_device() -> None:
    user = User.objects.create_user("bob", password="table-cards-77")
    phone, laptop = Client(), Client()
    phone.force_login(user)
    game = start_game(phone)
    assert game.owner == user

    laptop.post(reverse("login"), {"username": "bob", "password": "table-cards-77"})
    page = laptop.get(reverse("games:home")).content.decode()
    assert reverse("games:detail", args=[game.edit_key]) in page
    # …and the owner's rights go with the account.
    response = laptop.post(reverse("games:links", args=[game.edit_key]), {"link": "view", "action": "revoke"})
    assert response.status_code == 302


def test_signing_in_brings_the_browsers_players_into_the_account() -> None:
    browser = Client()
    game = start_game(browser)
    User.objects.create_user("gus", password="table-cards-77")
    browser.post(reverse("login"), {"username": "gus", "password": "table-cards-77"})
    assert {seat.player.owner.username for seat in game.seats.select_related("player__owner")} == {"gus"}
    # …so on another device the account's next game finds the same people.
    laptop = Client()
    laptop.post(reverse("login"), {"username": "gus", "password": "table-cards-77"})
    again = start_game(laptop)
    assert [s.player_id for s in again.seats.all()] == [s.player_id for s in game.seats.all()]


def test_signing_in_claims_the_browsers_games_but_not_someone_elses() -> None:
    User.objects.create_user("cat", password="table-cards-77")
    other = User.objects.create_user("dan", password="table-cards-77")
    browser = Client()
    mine = start_game(browser)
    theirs = services.game_create(kind="spades", players=PLAYERS, dealer=0, rules={"preset": "standard"}, owner=other)
    session = browser.session
    session["games_made"] = [*session["games_made"], str(theirs.pk)]  # a forged claim
    session.save()

    browser.post(reverse("login"), {"username": "cat", "password": "table-cards-77"})

    mine.refresh_from_db()
    theirs.refresh_from_db()
    assert mine.owner.username == "cat"
    assert theirs.owner == other


def test_a_wrong_password_is_refused_at_the_form() -> None:
    User.objects.create_user("eve", password="table-cards-77")
    response = Client().post(reverse("login"), {"username": "eve", "password": "nope"})
    assert response.status_code == 200
    assert "Please enter a correct username and password" in response.content.decode()


def test_the_footer_offers_sign_in_or_sign_out() -> None:
    client = Client()
    assert "Sign in" in client.get(reverse("games:home")).content.decode()
    client.force_login(User.objects.create_user("fay", password="table-cards-77"))
    page = client.get(reverse("games:home")).content.decode()
    assert "Signed in as <bdi>fay</bdi>" in page
    assert client.post(reverse("logout")).status_code == 302
    assert "Sign in" in client.get(reverse("games:home")).content.decode()


def test_signing_out_has_the_browser_forget_the_kept_pages_and_asks_first_when_saves_wait() -> None:
    """Issue 14: the sheets the service worker kept show "Signed in as …" and the account's games."""
    client = Client()
    client.force_login(User.objects.create_user("gus", password="table-cards-77"))
    page = client.get(reverse("games:home")).content.decode()
    assert 'data-sign-out="A save on this phone has not been sent yet' in page
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert response.headers["Clear-Site-Data"] == '"cache", "storage"'
    assert client.get(reverse("logout")).status_code == 405  # signing out is a form's post, never a link


# --- signing in is throttled per account and per client (issue 11; django-axes) -------------------------------------


def sign_in(username: str, password: str, address: str = "127.0.0.1") -> int:
    return Client(REMOTE_ADDR=address).post(reverse("login"), {"username": username, "password": password}).status_code


def test_ten_wrong_passwords_lock_the_account_even_for_the_right_one() -> None:
    User.objects.create_user("gil", password="table-cards-77")
    # From ten addresses; the tenth wrong one is answered with the lock-out.
    assert [sign_in("gil", f"guess-{n}", f"198.51.100.{n}") for n in range(10)] == [200] * 9 + [429]
    locked = Client(REMOTE_ADDR="203.0.113.1")
    response = locked.post(reverse("login"), {"username": "gil", "password": "table-cards-77"})
    assert response.status_code == 429
    assert "Signing in is paused" in response.content.decode()
    assert "_auth_user_id" not in locked.session


def test_ten_wrong_passwords_from_one_client_lock_that_client() -> None:
    User.objects.create_user("hal", password="table-cards-77")
    assert [sign_in(f"someone-{n}", "guess", "198.51.100.20") for n in range(10)] == [200] * 9 + [429]
    assert sign_in("hal", "table-cards-77", "198.51.100.20") == 429
    assert sign_in("hal", "table-cards-77", "198.51.100.21") == 302  # another client may


def test_a_right_password_resets_the_count() -> None:
    User.objects.create_user("ida", password="table-cards-77")
    for _ in range(2):
        assert [sign_in("ida", "guess") for _ in range(9)] == [200] * 9
        assert sign_in("ida", "table-cards-77") == 302


# --- no account names on a game's pages (issue 11) --------------------------------------------------------------


def test_the_history_names_phones_never_accounts() -> None:
    user = User.objects.create_user("userx", password="table-cards-77")
    phone = Client(HTTP_USER_AGENT="python-requests/2.32")
    phone.force_login(user)
    game = start_game(phone)
    phone.post(reverse("games:bids", args=[game.edit_key]), {"number": "0", **{f"bid_{s}": "3" for s in range(4)}})

    assert Change.objects.get().device and "userx" not in Change.objects.get().device
    for key in (game.view_key, game.edit_key):
        page = Client().get(reverse("games:changes", args=[key])).content.decode()
        assert "userx" not in page


def test_a_phone_name_that_cannot_be_kept_changes_nothing() -> None:
    client = Client()
    game = start_game(client)
    response = client.post(reverse("games:device"), {"name": "Ann\x00's phone"})
    assert response.status_code == 422
    assert "control characters" in response.content.decode()
    response = client.post(
        reverse("games:bids", args=[game.edit_key]), {"number": "0", **{f"bid_{s}": "3" for s in range(4)}}
    )
    assert response.status_code in (200, 302)
    client.post(reverse("games:device"), {"name": "  Ann\u200b’s   phone "})
    client.post(reverse("games:undo", args=[game.edit_key]), {"number": "0", "shown": Row.objects.get().fingerprint()})
    assert Change.objects.first().device == "Ann’s phone"


@pytest.mark.parametrize("name", sorted(READS))
def test_head_answers_like_get_without_a_body(games, name) -> None:
    game = games["mu" if name not in SPADES_ONLY and name != "game_referee" else "spades"]
    client = Client()
    get = client.get(address(name, game, game.view_key))
    head = client.head(address(name, game, game.view_key))
    assert head.status_code == get.status_code
    assert head.content == b""


@pytest.mark.parametrize("page", ["home", "list", "new", "mu_new", "import", "players", "referee"])
def test_head_on_the_other_pages(page) -> None:
    assert Client().head(reverse(f"games:{page}")).status_code == 200
    assert Client().head(reverse("login")).status_code == 200
    assert Client().head(reverse("signup")).status_code == 200
