"""Game history and player statistics (issue 7) on a small hand-made set of games with known answers.

Game 1 (target 100): Ann & Cat against Bob & Dan. Ann 5 took 6, Bob nil took 0,
Cat 5 took 5, Dan 3 took 2: Ann & Cat 101 (won), Bob & Dan 70.
Game 2 (target 100): Ann & Eve against Dan & Bob. Hand 1: Ann nil took 1 (failed),
Eve 4/4, Dan and Bob 4/4: -59 (the failed nil's trick is a bag) : 80. Hand 2: everyone
bids 3; Ann 3, Dan 4, Eve 2, Bob 4: Ann & Eve set (-119), Dan & Bob 142: they win.
Game 3: Mü, Anna, Beate, Conny, Dagmar (tests/engine/test_stats.py).
"""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from django.contrib.auth.models import User
from django.db.models import Q
from django.templatetags.static import static
from django.test import Client
from django.urls import reverse

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.record import score_game
from scorekeeper.games import changes, services
from scorekeeper.games.chart import running_chart
from scorekeeper.games.forms import PlayerMergeForm
from scorekeeper.games.kinds import engine_of
from scorekeeper.games.models import Change, Game, Player, Seat
from scorekeeper.games.players import best_and_worst, opponents, partnerships, player_figures
from scorekeeper.games.records import game_export
from scorekeeper.mu import services as mu_services

from .factories import play, sheet_url

pytestmark = pytest.mark.django_db

TARGET = {"preset": "standard", "target": 100}


@pytest.fixture
def user() -> User:
    return User.objects.create_user("host", password="table-cards-77")


@pytest.fixture
def client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def games(user) -> dict[str, Game]:
    group = Player.objects.filter(owner=user)
    one = services.game_create(
        kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules=TARGET, owner=user, group=group
    )
    play(one, [5, "nil", 5, 3], [6, 0, 5, 2])
    two = services.game_create(
        kind="spades", players=["ann", "Dan", "Eve", "Bob"], dealer=0, rules=TARGET, owner=user, group=group
    )
    play(two, ["nil", 4, 4, 4], [1, 4, 4, 4])
    play(two, [3, 3, 3, 3], [3, 4, 2, 4])
    mu = services.game_create(
        players=["Anna", "Beate", "Conny", "Dagmar"], dealer=0, rules={}, kind="mu", owner=user, group=group
    )
    mu_services.deal_auction_save(game=mu, laid=[2, 1, 0, 0], chef_trump="red", vize_trump=7, partner=2)
    mu_services.deal_points_save(game=mu, points=[30, 20, 10, 0])
    mu_services.deal_auction_save(game=mu, laid=[0, 3, 0, 1], chef_trump="blue", vize_trump=3, partner=0)
    mu_services.deal_points_save(game=mu, points=[10, 15, 20, 15])
    mu_services.deal_auction_save(game=mu, laid=[2, 2, 0, 0], last=1)
    return {"one": one, "two": two, "mu": mu}


def player(name: str) -> Player:
    return Player.objects.get(name=name)


def test_names_typed_again_are_the_same_person_case_ignored(games) -> None:
    assert Player.objects.filter(name__iexact="ann").count() == 1
    assert Seat.objects.filter(player=player("Ann")).count() == 2
    assert Player.objects.count() == 5 + 4  # Ann, Bob, Cat, Dan, Eve; the Mü table


def test_the_read_model_follows_every_change(games) -> None:
    one = games["one"]
    assert Game.objects.get(pk=one.pk).finished
    changes.row_undo(game=one)
    assert not Game.objects.get(pk=one.pk).finished
    assert Seat.objects.get(game=one, player=player("Ann")).hands == 0
    changes.change_revert(game=one, change_id=Change.objects.filter(game=one, action="undo").get().pk)
    assert Seat.objects.get(game=one, player=player("Ann")).bags == 1


def test_per_player_spades_figures(games) -> None:
    spades = player_figures(player("Ann"), Q())["spades"]
    assert (spades.games, spades.finished, spades.wins) == (2, 2, 1)
    assert spades.win_rate.percent == 50
    assert spades.average_score == -9  # (101 - 119) / 2
    assert spades.rate("bids_made", "number_bids").count == 1
    assert spades.rate("bids_set", "number_bids").count == 1
    assert spades.figures["number_bids"] == 2
    assert spades.per("bid_difference", "number_bids") == 0.5  # (+1 + 0) / 2
    assert spades.rate("nil_made", "nil_attempts") == type(spades.win_rate)(0, 1)
    assert spades.per("bags") == 0.33  # 1 bag in 3 hands
    assert spades.figures["bag_penalties"] == 0
    bob = player_figures(player("Bob"), Q())["spades"]
    assert bob.rate("nil_made", "nil_attempts").percent == 100
    assert (bob.wins, bob.finished) == (1, 2)


def test_per_player_mu_figures(games) -> None:
    anna = player_figures(player("Anna"), Q())["mu"]
    assert (anna.games, anna.finished, anna.wins, anna.hands) == (1, 0, 0, 3)
    assert anna.rate("chef_made", "chef_deals").percent == 100
    assert anna.per("chef_levels", "chef_deals") == 2
    assert anna.per("card_points") == 13.33  # 40 card points in 3 deals
    beate = player_figures(player("Beate"), Q())["mu"]
    assert (beate.figures["chef_deals"], beate.figures["chef_made"], beate.figures["eklats"]) == (1, 0, 1)
    assert beate.per("chef_levels", "chef_deals") == 3


def test_partnerships_best_and_worst(games) -> None:
    partners = partnerships(player("Ann"), Q())
    assert [(p.name, p.games, p.wins, p.losses) for p in partners] == [("Cat", 1, 1, 0), ("Eve", 1, 0, 1)]
    best, worst = best_and_worst(partners)
    assert (best.name, worst.name) == ("Cat", "Eve")
    bob = partnerships(player("Bob"), Q())
    assert [(p.name, p.games, p.wins) for p in bob] == [("Dan", 2, 1)]


def test_head_to_head(games) -> None:
    against = opponents(player("Ann"), Q())
    assert [(p.name, p.games, p.wins, p.losses) for p in against] == [("Bob", 2, 1, 1), ("Dan", 2, 1, 1)]
    assert opponents(player("Cat"), Q(), only=player("Bob"))[0].wins == 1
    assert opponents(player("Ann"), Q(), only=player("Eve")) == []


def test_statistics_count_only_the_games_the_request_can_open(games) -> None:
    stranger = Client()
    assert stranger.get(reverse("games:player", args=[player("Ann").pk])).status_code == 404
    stranger.get(sheet_url(games["one"]))  # now it holds one of Ann's games
    page = stranger.get(reverse("games:player", args=[player("Ann").pk])).content.decode()
    assert "1/1 (100 %)" in page  # one game, won; game 2 is not theirs to see


# --- pages -----------------------------------------------------------------------------------------------------------


def test_player_page_figures_link_to_the_games_behind_them(games, client) -> None:
    ann = player("Ann")
    page = client.get(reverse("games:player", args=[ann.pk])).content.decode()
    assert "1/2 (50 %)" in page  # wins
    assert "-9" in page
    assert "0/1 (0 %)" in page  # nil made
    assert "Best pairing: <bdi>Cat</bdi>" in page and "worst: <bdi>Eve</bdi>" in page
    link = f"/games/?who={ann.pk}&amp;kind=spades&amp;stat=nil_attempts"
    assert link in page
    listed = client.get(link.replace("&amp;", "&")).content.decode()
    assert "<bdi>ann</bdi> · <bdi>Dan</bdi> · <bdi>Eve</bdi> · <bdi>Bob</bdi>" in listed
    assert "<bdi>Ann</bdi> · <bdi>Bob</bdi> · <bdi>Cat</bdi> · <bdi>Dan</bdi>" not in listed


def test_player_page_counts_revokes(games, user, client) -> None:
    """Two more Spades games for Ann, at seat 1 (Eve & Cat against Ann & Bob), imported, neither
    finished. Game 3, ``revoke_penalty: none``: a recorded play in which Ann revokes (2C on KH,
    then 7H). Game 4, ``three_tricks``: the table declares Ann's and Bob's revokes in hand 1 and
    Ann's in hand 2. Ann: 1 + 2 = 3 revokes (none in games 1 and 2), Bob: 1, Cat: 0."""
    group = Player.objects.filter(owner=user)
    seated = {"format": "scorekeeper-game/1", "game": "spades", "players": ["Eve", "Ann", "Cat", "Bob"], "dealer": 0}
    cards = {"leader": 1, "tricks": [["2H", "3H", "4H", "AH"], ["KH", "2C", "5H", "6H"], ["3D", "7H", "4D", "5D"]]}
    proven = {**seated, "rules": {**TARGET, "revoke_penalty": "none"},
              "hands": [{"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3], "play": cards}]}  # fmt: skip
    declared = {**seated, "rules": {**TARGET, "revoke_penalty": "three_tricks"},
                "hands": [{"bids": [2, 2, 2, 2], "tricks": [4, 3, 3, 3], "revokes": [1, 3]},
                          {"bids": [2, 2, 2, 2], "tricks": [3, 4, 3, 3], "revokes": [1]}]}  # fmt: skip
    three = services.game_import(record=proven, owner=user, group=group)
    four = services.game_import(record=declared, owner=user, group=group)
    assert not Game.objects.filter(pk__in=[three.pk, four.pk], finished=True).exists()  # games 1 and 2 are
    figures = {name: player_figures(player(name), Q())["spades"].figures for name in ("Ann", "Bob", "Cat")}
    assert [figures[name]["revokes"] for name in ("Ann", "Bob", "Cat")] == [3, 1, 0]
    ann = player("Ann")
    page = client.get(reverse("games:player", args=[ann.pk])).content.decode()
    link = f"/games/?who={ann.pk}&amp;kind=spades&amp;stat=revokes"
    assert f'<dt>Revokes (suit not followed)</dt><dd><a href="{link}">3</a></dd>' in page
    listed = client.get(link.replace("&amp;", "&")).content.decode()
    assert "(revoked)" in listed and "2 games" in listed
    assert "<bdi>Eve</bdi> · <bdi>Ann</bdi> · <bdi>Cat</bdi> · <bdi>Bob</bdi>" in listed
    assert "<bdi>Ann</bdi> · <bdi>Bob</bdi> · <bdi>Cat</bdi> · <bdi>Dan</bdi>" not in listed
    changes.row_undo(game=four)  # the read model follows: hand 2's revoke is gone
    assert player_figures(ann, Q())["spades"].figures["revokes"] == 2


def test_games_list_filters(games, client) -> None:
    def listed(**query) -> str:
        return client.get(reverse("games:list"), query).content.decode()

    assert "3 games" in listed()
    assert "1 game<" in listed(kind="mu") or "1 game\n" in listed(kind="mu")
    assert "Anna" in listed(kind="mu") and "<bdi>Ann</bdi> · <bdi>Bob</bdi>" not in listed(kind="mu")
    assert "Eve" in listed(name="ev") and "Anna" not in listed(name="ev")
    open_games = listed(state="open")
    assert "Anna" in open_games and "Eve" not in open_games
    assert "Resume" in open_games
    ann, bob, cat = player("Ann").pk, player("Bob").pk, player("Cat").pk
    assert "Cat" in listed(who=ann, partner=cat) and "Eve" not in listed(who=ann, partner=cat)
    assert "2 games" in listed(who=ann, opponent=bob)
    won = listed(who=ann, won="1")
    assert "Cat" in won and "Eve" not in won
    lost = listed(who=ann, won="0")
    assert "Eve" in lost and "<bdi>Cat</bdi> ·" not in lost
    assert "0 games" in listed(since="2999-01-01")
    assert "3 games" in listed(until="2999-01-01", since="garbage")  # an unreadable filter is dropped


def test_games_list_shows_only_this_browsers_games(games) -> None:
    assert "0 games" in Client().get(reverse("games:list")).content.decode()


def test_games_list_queries_do_not_grow_with_games(user, client, django_assert_max_num_queries) -> None:
    for _ in range(3):
        services.game_create(
            kind="spades", players=["A", "B", "C", "D"], dealer=0, rules={"preset": "standard"}, owner=user
        )
    with django_assert_max_num_queries(9) as few:
        client.get(reverse("games:list"))
    for _ in range(30):
        services.game_create(
            kind="spades", players=["A", "B", "C", "D"], dealer=0, rules={"preset": "standard"}, owner=user
        )
    with django_assert_max_num_queries(len(few.captured_queries)):
        client.get(reverse("games:list"))


def test_player_page_queries_do_not_grow_with_games(games, user, client, django_assert_max_num_queries) -> None:
    url = reverse("games:player", args=[player("Ann").pk])
    with django_assert_max_num_queries(12) as few:
        client.get(url)
    for _ in range(10):
        game = services.game_create(kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules=TARGET,
                                    owner=user, group=Player.objects.filter(owner=user))  # fmt: skip
        play(game, [5, "nil", 5, 3], [6, 0, 5, 2])
    with django_assert_max_num_queries(len(few.captured_queries)):
        assert "11/12" in client.get(url).content.decode()


def test_head_to_head_page(games, client) -> None:
    page = client.get(reverse("games:versus", args=[player("Ann").pk, player("Bob").pk])).content.decode()
    assert "Against each other" in page
    assert "They have not played as partners." in page
    assert client.get(reverse("games:versus", args=[player("Ann").pk, player("Ann").pk])).status_code == 404


def test_players_list_finds_a_player(games, client) -> None:
    page = client.get(reverse("games:players"), {"q": "an"}).content.decode()
    assert "<bdi>Ann<" in page and "<bdi>Anna<" in page and "<bdi>Dan<" in page and "<bdi>Eve<" not in page


def test_same_named_players_are_told_apart_by_their_last_table(games, client, django_assert_max_num_queries) -> None:
    """Issue 15: another table's Cat (a game opened through its link) and ours are listed, and
    offered in the merge menu, with their last game's day and who else sat there."""
    other = services.game_create(kind="spades", players=["Cat", "Zoe", "Yan", "Xia"], dealer=0, rules=TARGET)
    play(other, [4, 4, 4, 1], [4, 4, 4, 1])
    client.get(reverse("games:detail", args=[other.view_key]))
    cats = Player.objects.filter(name="Cat").order_by("pk")
    assert cats.count() == 2

    with django_assert_max_num_queries(8):
        page = client.get(reverse("games:players"), {"q": "cat"}).content.decode()

    assert re.search(r"last game [\d/.]+, with Ann, Bob, Dan<", page)
    assert re.search(r"last game [\d/.]+, with Zoe, Yan, Xia<", page)
    eve = player("Eve")
    client.post(reverse("games:player_rename", args=[eve.pk]), {"name": "Cat"})  # now two Cats in our group
    merge_menu = client.get(reverse("games:player", args=[player("Bob").pk])).content.decode()
    for cat, others in ((cats[0], "Ann, Bob, Dan"), (eve, "Ann, Dan, Bob")):
        assert re.search(rf'<option value="{cat.pk}">Cat \(last game [\d/.]+, with {others}\)</option>', merge_menu)
    assert f'<option value="{player("Dan").pk}">Dan</option>' in merge_menu  # one Dan: nothing to tell apart
    german = client.get(reverse("games:players"), {"q": "cat"}, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert re.search(r"letztes Spiel \d\d\.\d\d\.\d{4}, mit Zoe, Yan, Xia<", german)


def test_rename_and_merge(games, client) -> None:
    ann, eve, cat = player("Ann"), player("Eve"), player("Cat")
    response = client.post(reverse("games:player_rename", args=[ann.pk]), {"name": "Annie"})
    assert response.status_code == 302
    assert Player.objects.get(pk=ann.pk).name == "Annie"
    assert client.post(reverse("games:player_rename", args=[ann.pk]), {"name": " "}).status_code == 422

    refused = client.post(reverse("games:player_merge", args=[ann.pk]), {"into": eve.pk})  # both in game 2
    assert refused.status_code == 422
    assert "played in the same game" in refused.content.decode()

    response = client.post(reverse("games:player_merge", args=[cat.pk]), {"into": eve.pk})
    assert response.status_code == 302
    assert not Player.objects.filter(pk=cat.pk).exists()
    assert Seat.objects.filter(player=eve).count() == 2
    assert [p.name for p in partnerships(Player.objects.get(pk=ann.pk), Q())] == ["Eve"]


def test_someone_elses_player_cannot_be_renamed(games) -> None:
    response = Client().post(reverse("games:player_rename", args=[player("Ann").pk]), {"name": "x"})
    assert response.status_code == 404
    assert player("Ann").name == "Ann"


# --- exports and import ----------------------------------------------------------------------------------------------


def test_csv_has_one_row_per_hand(games, client) -> None:
    response = client.get(reverse("games:csv", args=[games["two"].edit_key]))
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][:4] == ["Hand", "Dealer", "ann bid", "ann took"]
    assert rows[1][:4] == ["1", "ann", "Nil", "1"]
    assert rows[2][-6:] == ["-60", "-119", "1", "62", "142", "2"]
    assert len(rows) == 3
    mu = list(
        csv.reader(
            io.StringIO(client.get(reverse("games:csv", args=[games["mu"].edit_key])).content.decode("utf-8-sig"))
        )
    )
    assert mu[0][:6] == ["Deal", "Dealer", "Chef", "Level", "Vize", "Trumps"]
    assert mu[3][2] == "Eklat"


def test_printable_sheet(games, client) -> None:
    page = client.get(reverse("games:print", args=[games["one"].edit_key])).content.decode()
    assert '<table class="paper-sheet">' in page
    # The print script, by its hashed name (cached for a year: tests/test_static.py).
    script = static("js/print.js")
    assert re.fullmatch(r"/static/js/print\.[0-9a-f]{12}\.js", script)
    assert f'<script src="{script}" defer></script>' in page
    assert "Running totals" in page


def test_chart_of_running_totals() -> None:
    game = services.game_create(kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules=TARGET)
    assert running_chart(score_game(engine_of(game)), "hand") is None
    play(game, [4, 4, 4, 1], [4, 4, 4, 1])
    chart = running_chart(score_game(engine_of(game)), "hand")
    assert [series.name for series in chart.series] == ["Ann & Cat", "Bob & Dan"]
    assert [series.total for series in chart.series] == [80, 50]
    assert chart.series[0].points.count(",") == 2  # 0 before the first hand, then hand 1
    assert chart.summary == "Ann & Cat 80, Bob & Dan 50"
    assert [label for _y, label in chart.y_ticks][0] == 0


def test_mu_pages_say_deal_never_hand(client) -> None:
    """Issue 15: the chart's axis and the import preview call a Mü row a deal."""
    game = services.game_create(
        players=["Anna", "Beate", "Conny", "Dagmar", "Emma"], dealer=0, rules={"preset": "standard"}, kind="mu"
    )
    mu_services.deal_auction_save(game=game, laid=[1, 1, 2, 4, 0], vize_trump=7, chef_trump="green", partner=0)
    mu_services.deal_points_save(game=game, points=[9, 10, 14, 20, 7])
    page = client.get(sheet_url(game)).content.decode()
    assert re.search(r'<text class="axis"[^>]*>deal</text>', page)
    upload = io.BytesIO(json.dumps(game_export(game)).encode())
    upload.name = "mu.json"
    preview = client.post(reverse("games:import"), {"file": upload}).content.decode()
    assert "1 deal played" in preview and " hand" not in preview


def test_import_previews_then_stores_good_records_and_reports_the_rest(games, client) -> None:
    good = game_export(games["one"])
    broken = {**good, "hands": [{"bids": [5, 5, 5, 5], "tricks": [4, 3, 3, 2]}]}  # 12 tricks, not 13
    upload = io.BytesIO(json.dumps({"games": [good, broken, "nonsense"]}).encode())
    upload.name = "backup.json"
    before = Game.objects.count()

    preview = client.post(reverse("games:import"), {"file": upload})

    page = preview.content.decode()
    assert preview.status_code == 200
    assert "Preview: 3 records" in page
    assert "Record 2: rejected" in page and "Record 3: rejected" in page
    assert "Already stored" in page  # the client's own game: offered again only with "all"
    assert "Import 1 game, stored ones again too" in page
    assert Game.objects.count() == before
    records = preview.context["form"].initial["records"]
    response = client.post(reverse("games:import"), {"records": records, "confirm": "all"})
    assert response.status_code == 302
    assert Game.objects.count() == before + 1
    imported = Game.objects.order_by("-created_at").first()
    assert game_export(imported)["hands"] == good["hands"]
    assert Seat.objects.filter(game=imported, player=player("Ann")).exists()  # the same people


def test_import_recognises_a_game_already_stored_and_skips_it(games, client) -> None:
    """Issue 15: the same record (however the file spells it) is marked in the preview with a
    link to the stored game, and "Import" skips it, so the statistics do not count it twice;
    a record repeated in the file is imported once."""
    stored = game_export(games["two"])
    respelled = {key: stored[key] for key in reversed(stored)}  # the same record, its keys in another order
    fresh = {**stored, "hands": stored["hands"][:1]}  # the same table, one hand: another game
    upload = io.BytesIO(json.dumps([respelled, fresh, fresh], indent=1).encode())
    upload.name = "backup.json"
    before = Game.objects.count()

    preview = client.post(reverse("games:import"), {"file": upload})

    page = preview.content.decode()
    assert page.count("Already stored") == 1
    assert reverse("games:detail", args=[games["two"].edit_key]) in page
    assert "The same game as record 2" in page
    assert "Import 1 game<" in page and "Import all 3 games, stored ones again too" in page
    records = preview.context["form"].initial["records"]
    response = client.post(reverse("games:import"), {"records": records, "confirm": "new"}, follow=True)
    assert Game.objects.count() == before + 1
    assert "Imported 1 game; 2 already stored, 0 rejected." in response.content.decode()
    again = client.post(reverse("games:import"), {"records": records}).content.decode()
    assert again.count("Already stored") == 3 and "nothing new to import" in again
    german = client.post(reverse("games:import"), {"records": records}, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert german.count("Schon gespeichert") == 3 and "nichts Neues zu importieren" in german


def test_import_does_not_match_another_visitors_game(games) -> None:
    """A game only another account can open is never named (nor linked) in the preview."""
    upload = io.BytesIO(json.dumps(game_export(games["one"])).encode())
    upload.name = "one.json"
    page = Client().post(reverse("games:import"), {"file": upload}).content.decode()
    assert "Already stored" not in page and "Import 1 game<" in page


@pytest.mark.parametrize(
    "content",
    [b"not json", b"[]", b'{"format": "x"}', "\u00ff".encode("latin-1")],
    ids=["text", "empty", "bad", "binary"],
)
def test_a_file_with_nothing_good_is_refused_and_changes_nothing(client, content) -> None:
    upload = io.BytesIO(content)
    upload.name = "x.json"
    before = Game.objects.count()
    response = client.post(reverse("games:import"), {"file": upload})
    assert response.status_code == 422
    assert Game.objects.count() == before


def test_import_without_a_file_says_so(client) -> None:
    response = client.post(reverse("games:import"), {})
    assert response.status_code == 422
    assert "Choose a file of game records." in response.content.decode()


def test_the_chart_is_drawn_the_same_in_german(client) -> None:
    game = services.game_create(kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules=TARGET)
    play(game, [4, 4, 4, 1], [4, 4, 4, 1])
    page = client.get(sheet_url(game), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    svg = page[page.index("<svg viewBox") : page.index("</svg>")]
    assert 'lang="de"' in page
    assert not re.search(r'(?:x|y|x1|x2|y1|y2|cx|cy)="[^"]*,', svg), "a decimal comma in an SVG coordinate"
    assert ">40<" in svg and ">80<" in svg  # the tick labels


# --- found in review: each of these failed before its fix ---------------------------------------------------------


def test_a_view_link_never_renames_or_merges_anyone(games) -> None:
    viewer = Client()
    viewer.get(reverse("games:detail", args=[games["one"].view_key]))
    ann, cat = player("Ann"), player("Cat")
    assert viewer.get(reverse("games:player", args=[ann.pk])).status_code == 200  # may read
    assert viewer.post(reverse("games:player_rename", args=[ann.pk]), {"name": "x"}).status_code == 404
    assert viewer.post(reverse("games:player_merge", args=[ann.pk]), {"into": cat.pk}).status_code == 404
    assert player("Ann").name == "Ann" and Player.objects.filter(pk=cat.pk).exists()
    assert "Rename or merge" not in viewer.get(reverse("games:player", args=[ann.pk])).content.decode()


def test_the_games_list_never_names_a_player_it_cannot_show(games) -> None:
    page = Client().get(reverse("games:list"), {"who": player("Ann").pk}).content.decode()
    text = re.sub(r"<[^>]*>", " ", page)  # what the page shows: a random key or token may hold "Ann"
    assert "Games of" not in text and "Ann" not in text


def test_a_rematch_after_a_rename_keeps_the_same_people(games, client) -> None:
    bob = player("Bob")
    services.player_rename(player=bob, name="Robert")
    rematch = services.game_rematch(game=games["one"])
    assert Seat.objects.get(game=rematch, seat=1).player == bob


def test_no_hand_in_play_in_the_middle_of_the_game_through_the_history() -> None:
    game = services.game_create(
        kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={"preset": "standard"}
    )
    play(game, [3, 3, 3, 3], [4, 3, 3, 3])
    play(game, [3, 3, 3, 3], [4, 3, 3, 3])
    changes.row_undo(game=game)  # hand 2 deleted
    tricks_1 = Change.objects.filter(game=game, action="tricks", number=0).get()
    changes.change_revert(game=game, change_id=tricks_1.pk)  # hand 1 back in play: it is the last
    undo = Change.objects.get(game=game, action="undo")
    with pytest.raises(RuleError, match="would be in play with later hands after it"):
        changes.change_revert(game=game, change_id=undo.pk)  # hand 2 after a hand in play: refused
    assert Game.objects.get(pk=game.pk).rows.count() == 1


def test_a_name_longer_than_40_characters_is_rejected_in_the_preview(client) -> None:
    record = {"format": "scorekeeper-game/1", "game": "spades", "players": ["A" * 41, "Bob", "Cat", "Dan"],
              "dealer": 0, "rules": {"preset": "standard"}, "hands": []}  # fmt: skip
    upload = io.BytesIO(json.dumps(record).encode())
    upload.name = "x.json"
    response = client.post(reverse("games:import"), {"file": upload})
    assert response.status_code == 422
    assert "longer than 40 characters" in response.content.decode()


def test_csv_cells_never_start_a_formula(client, user) -> None:
    game = services.game_create(
        kind="spades", players=["=HYPERLINK(1)", "Bob", "Cat", "Dan"], dealer=0, rules=TARGET, owner=user
    )
    play(game, [4, 4, 4, 1], [4, 4, 4, 1])
    rows = list(
        csv.reader(io.StringIO(client.get(reverse("games:csv", args=[game.edit_key])).content.decode("utf-8-sig")))
    )
    assert rows[1][1] == "'=HYPERLINK(1)"
    assert rows[0][2] == "'=HYPERLINK(1) bid"


def test_the_merge_menu_writes_its_options_escaped_with_the_chosen_one_selected() -> None:
    form = PlayerMergeForm({"into": "2"}, players=[(1, "<b>Ann</b>"), (2, 'Bob "B"')])
    menu = str(form["into"])
    assert '<option value="1">&lt;b&gt;Ann&lt;/b&gt;</option>' in menu
    assert '<option value="2" selected>Bob &quot;B&quot;</option>' in menu
    assert menu.startswith('<select name="into" id="id_into" required><option value="">—</option>')
    refused = PlayerMergeForm({"into": "7"}, players=[(1, "Ann")])
    assert not refused.is_valid() and 'aria-invalid="true"' in str(refused["into"])
