"""Management commands: ``score`` and ``import_game`` (docs/game-record.md), ``game_links``,
``rebuild_stats``, and ``lan_address`` (the address ``make run`` prints, and its QR code)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
import segno
from django.core.management import call_command

from scorekeeper.engine.record import game_record, parse_record, score_record
from scorekeeper.games import services
from scorekeeper.games.management.commands import lan_address
from scorekeeper.games.models import MAX_ROWS, SEAT_FIGURES, Game, Row, Seat
from scorekeeper.games.records import game_export
from scorekeeper.mu import services as mu_services
from scorekeeper.spades.presenters import spades_page

from .factories import record, sheet_url

ROOT = Path(__file__).resolve().parents[2]
PYTHON = ROOT / ".venv" / "bin" / "python"

SPEC_HAND = {"bids": [4, "nil", 3, 2], "tricks": [6, 1, 4, 2]}
VALID = record(
    hands=[
        SPEC_HAND,
        {"bids": [5, 2, 5, 2], "tricks": [5, 1, 5, 2]},
        {"bids": [3, "blind_nil", 4, 3], "tricks": [4, 0, 5, 4]},
    ],
    rules={"preset": "standard", "target": 300},
)

INVALID = {
    "bad-json": ('{"format": "scorekeeper-game/1", "hands": [', "not valid JSON"),
    "unknown-field": (json.dumps(record(colour="red")), "Unknown field 'colour'"),
    "unknown-hand-field": (
        json.dumps(record(hands=[{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3], "moon": True}])),
        "Hand 1: Unknown field 'moon' in a hand.",
    ),
    "tricks-not-13": (
        json.dumps(record(hands=[SPEC_HAND, {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 4]}])),
        "Hand 2: The tricks add up to 14, but a hand has 13 tricks.",
    ),
    "blind-nil-not-behind": (
        json.dumps(record(hands=[{"bids": [3, "blind_nil", 3, 3], "tricks": [4, 0, 5, 4]}])),
        "Hand 1: Bob: blind nil is allowed only when the bidder's side is at least 100 points behind (now tied).",
    ),
    "hand-after-game-won": (
        json.dumps(
            record(
                hands=[{"bids": [5, 2, 5, 2], "tricks": [5, 1, 5, 2]}, SPEC_HAND],
                rules={"preset": "standard", "target": 100},
            )
        ),
        "Hand 2: The game was already over after hand 1 (Ann & Cat won); no hand can follow it.",
    ),
    "unknown-preset": (json.dumps(record(rules={"preset": "bogus"})), 'Unknown preset "bogus"'),
    # Issue 27 (game-record.md "Penalties and limits"): revokes and time called where the rules have none.
    "revokes-without-a-penalty": (
        json.dumps(record(hands=[{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3], "revokes": [1]}])),
        "Hand 1: Revokes are recorded only with a revoke penalty (house rule 'revoke_penalty').",
    ),
    "time-called-without-a-limit": (
        json.dumps(record(hands=[{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3], "time_called": True}])),
        "Hand 1: Time cannot be called here ('time_called'): the house rules have no time limit.",
    ),
    "three-tricks-with-three-sides": (
        json.dumps(record(rules={"preset": "six_player", "revoke_penalty": "three_tricks"})),
        "needs two sides",
    ),
    "not-an-object": ("[1, 2, 3]", "A game record must be a JSON object."),
    # Issue 11: what crashed the commands before (a traceback instead of one line).
    "deep-nesting": ("[" * 1500 + "]" * 1500, "The JSON is nested too deeply to be a game record."),
    "huge-integer": (json.dumps(record())[:-1] + ', "x": ' + "9" * 5000 + "}", "a number too long"),
    "lone-surrogate": (json.dumps(record(players=["\ud800", "Bob", "Cat", "Dan"])), "text that is not valid"),
    "nul-in-a-name": (json.dumps(record(players=["A\x00nn", "Bob", "Cat", "Dan"])), "text that is not valid"),
    "control-in-a-name": (json.dumps(record(players=["A\x07nn", "Bob", "Cat", "Dan"])), "control characters"),
}


def write(tmp_path: Path, text: str, name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def run_command(*args: str) -> tuple[int, str, str]:
    """Run a command in-process; return (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command(*args, stdout=out, stderr=err)
    except SystemExit as exit_:
        return exit_.code, out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


def assert_one_error_line(stderr: str, path: Path, message: str) -> None:
    assert stderr.endswith("\n")
    assert stderr.count("\n") == 1
    assert "Traceback" not in stderr
    assert stderr.startswith(f"{path}: ")
    assert message in stderr


# --- score ---------------------------------------------------------------------------------------------------------


def test_score_prints_the_spec_json(tmp_path):
    path = write(tmp_path, json.dumps(VALID))

    status, stdout, stderr = run_command("score", str(path))

    assert (status, stderr) == (0, "")
    output = json.loads(stdout)
    assert output == score_record(VALID)
    assert output["sides"] == ["Ann & Cat", "Bob & Dan"]
    assert [hand["points"] for hand in output["hands"]] == [[73, -79], [100, -40], [72, 231]]
    assert [hand["totals"] for hand in output["hands"]] == [[73, -79], [173, -119], [245, 112]]
    assert [hand["bags"] for hand in output["hands"]] == [[3, 1], [3, 1], [5, 2]]
    assert all(hand["lines"] and all(isinstance(line, str) for line in hand["lines"]) for hand in output["hands"])
    assert (output["totals"], output["bags"], output["finished"], output["winner"]) == ([245, 112], [5, 2], False, None)
    assert set(output) == {"sides", "hands", "totals", "bags", "finished", "winner"}


def test_score_finished_game(tmp_path):
    data = record(hands=[{"bids": [5, 2, 5, 2], "tricks": [5, 1, 5, 2]}], rules={"preset": "standard", "target": 100})
    path = write(tmp_path, json.dumps(data))

    status, stdout, _ = run_command("score", str(path))

    assert status == 0
    output = json.loads(stdout)
    assert output == score_record(data)
    assert (output["finished"], output["winner"], output["totals"]) == (True, 0, [100, -40])


def test_score_lists_each_played_hands_fouls_and_refuses_an_impossible_play_issue_16(tmp_path):
    """``manage.py score`` on records with plays: ``fouls`` only on the hands that record a play (a
    revoke proven by a later trick); a card played twice exits 2 naming the hand and the trick."""
    from ..engine.test_replay import REVOKE

    data = record(hands=[{"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3], "play": REVOKE}, VALID["hands"][0]])
    status, stdout, _ = run_command("score", str(write(tmp_path, json.dumps(data))))
    output = json.loads(stdout)
    assert status == 0 and output == score_record(data)
    assert [foul["rule"] for foul in output["hands"][0]["fouls"]] == ["follow_suit"]
    assert "fouls" not in output["hands"][1]
    twice = {"leader": 1, "tricks": [["2H", "3H", "4H", "5H"], ["2H", "6H", "7H", "8H"]]}
    bad = record(hands=[{"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3], "play": twice}])
    path = write(tmp_path, json.dumps(bad))
    status, stdout, stderr = run_command("score", str(path))
    assert (status, stdout) == (2, "")
    assert_one_error_line(stderr, path, "Hand 1: Trick 2: 2H was already played.")


def test_score_reads_standard_input(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(VALID)))

    status, stdout, _ = run_command("score", "-")

    assert status == 0
    assert json.loads(stdout) == score_record(VALID)


@pytest.mark.parametrize(("text", "message"), INVALID.values(), ids=INVALID.keys())
def test_score_invalid_record_exits_2_with_one_line(tmp_path, text, message):
    path = write(tmp_path, text)

    status, stdout, stderr = run_command("score", str(path))

    assert status == 2
    assert stdout == ""
    assert_one_error_line(stderr, path, message)


def test_score_missing_file_exits_2(tmp_path):
    path = tmp_path / "missing.json"

    status, stdout, stderr = run_command("score", str(path))

    assert (status, stdout) == (2, "")
    assert_one_error_line(stderr, path, "cannot read the file")


def test_score_non_utf8_file_exits_2(tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes(json.dumps(record(players=["Jörg", "Bob", "Cat", "Dan"]), ensure_ascii=False).encode("latin-1"))

    status, _, stderr = run_command("score", str(path))

    assert status == 2
    assert_one_error_line(stderr, path, "cannot read the file")


@pytest.mark.parametrize("preset", [[], {}], ids=["list", "object"])
def test_score_unhashable_preset_exits_2(tmp_path, preset):
    path = write(tmp_path, json.dumps(record(rules={"preset": preset})))

    status, stdout, stderr = run_command("score", str(path))

    assert (status, stdout) == (2, "")
    assert_one_error_line(stderr, path, "Unknown preset")


def run_manage(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(PYTHON), "manage.py", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_score_subprocess_valid_record(tmp_path):
    path = write(tmp_path, json.dumps(VALID))

    result = run_manage("score", str(path))

    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert json.loads(result.stdout) == score_record(VALID)


def test_score_subprocess_invalid_record_exits_2_with_one_line(tmp_path):
    text, message = INVALID["tricks-not-13"]
    path = write(tmp_path, text)

    result = run_manage("score", str(path))

    assert result.returncode == 2
    assert result.stdout == ""
    assert_one_error_line(result.stderr, path, message)


@pytest.mark.parametrize("name", ["deep-nesting", "huge-integer", "lone-surrogate"])
def test_score_subprocess_never_prints_a_traceback(tmp_path, name):
    text, message = INVALID[name]
    path = write(tmp_path, text)

    result = run_manage("score", str(path))

    assert (result.returncode, result.stdout) == (2, "")
    assert_one_error_line(result.stderr, path, message)


# --- import_game ---------------------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_import_game_stores_the_record(tmp_path):
    data = {
        **VALID,
        "players": [" Ann ", "Bob", "Cat", "Dan "],
        "dealer": 3,
        # target 300 differs from the preset, nil True does not: the export keeps only target.
        "rules": {"preset": "standard", "target": 300, "nil": True},
    }
    path = write(tmp_path, json.dumps(data))

    status, stdout, stderr = run_command("import_game", str(path))

    assert (status, stderr) == (0, "")
    game = Game.objects.get()
    assert stdout == f"Imported 3 hands as {sheet_url(game)}\n"
    normalised = game_record(parse_record(data))
    assert normalised["players"] == ["Ann", "Bob", "Cat", "Dan"]
    assert normalised["rules"] == {"preset": "standard", "target": 300}
    assert game_export(game) == normalised
    assert game.dealer == 3
    assert Row.objects.filter(game=game).count() == 3
    assert spades_page(game).sheet.totals == (245, 112)


@pytest.mark.django_db
def test_import_game_of_an_export_round_trips(tmp_path):
    path = write(tmp_path, json.dumps(VALID))

    run_command("import_game", str(path))
    run_command("import_game", str(path))

    games = list(Game.objects.all())
    assert len(games) == 2
    assert games[0].pk != games[1].pk
    assert game_export(games[0]) == game_export(games[1]) == VALID


@pytest.mark.django_db
@pytest.mark.parametrize(
    "name",
    [
        "bad-json", "unknown-field", "tricks-not-13", "blind-nil-not-behind", "hand-after-game-won",
        "deep-nesting", "huge-integer", "lone-surrogate", "nul-in-a-name", "control-in-a-name",
    ],
)  # fmt: skip
def test_import_game_invalid_file_exits_2_and_stores_nothing(tmp_path, name):
    text, message = INVALID[name]
    path = write(tmp_path, text)

    status, stdout, stderr = run_command("import_game", str(path))

    assert (status, stdout) == (2, "")
    assert_one_error_line(stderr, path, message)
    assert Game.objects.count() == 0
    assert Row.objects.count() == 0


@pytest.mark.django_db
def test_game_links_prints_every_games_links() -> None:
    game = services.game_create(
        kind="spades", players=["Ann", "Bob", "Cat", "Dan"], dealer=0, rules={"preset": "standard"}
    )
    out = io.StringIO()
    call_command("game_links", "--base", "http://192.168.1.5:8000/", stdout=out)
    assert f"edit http://192.168.1.5:8000/games/{game.edit_key}/" in out.getvalue()
    assert f"view http://192.168.1.5:8000/games/{game.view_key}/" in out.getvalue()


@pytest.mark.django_db
def test_import_game_refuses_more_hands_than_a_game_holds(tmp_path):
    hands = [{"bids": [4, 4, 4, 4], "tricks": [4, 3, 3, 3]}] * (MAX_ROWS + 1)  # set both sides, never ends
    path = write(tmp_path, json.dumps(record(hands=hands, rules={"preset": "standard", "target": 100000})))

    status, stdout, stderr = run_command("import_game", str(path))

    assert (status, stdout) == (2, "")
    assert_one_error_line(stderr, path, f"A game holds at most {MAX_ROWS} hands; this record has {MAX_ROWS + 1}.")
    assert Game.objects.count() == 0


def read_model(game: Game) -> tuple:
    """What ``rebuild_stats`` rebuilds of ``game``: its finished, hands played and record digest,
    and each seat's person (by name) and figures."""
    stored = Game.objects.get(pk=game.pk)
    seats = Seat.objects.filter(game=game).order_by("seat").values_list("seat", "side", "player__name", *SEAT_FIGURES)
    return stored.finished, stored.rows_played, stored.record_digest, list(seats)


@pytest.mark.django_db
def test_rebuild_stats_computes_every_games_figures_and_digest_again() -> None:
    """``manage.py rebuild_stats`` (it crashed on the first game, issue 24): the read model of
    every game, Spades hands and Mü deals, computed again from its rows, and a game stored
    without seats gets its players (matched by name)."""
    spades = services.game_import(record=VALID)
    mu = services.game_create(players=["Anna", "Beate", "Conny", "Dagmar", "Emma"], dealer=0, rules={}, kind="mu")
    mu_services.deal_auction_save(game=mu, laid=[1, 1, 2, 4, 0], vize_trump=7, chef_trump="green", partner=0)
    mu_services.deal_points_save(game=mu, points=[9, 10, 14, 20, 7])
    won = services.game_import(record=record(hands=[{"bids": [5, 2, 5, 2], "tricks": [5, 1, 5, 2]}],
                                             rules={"preset": "standard", "target": 100}))  # fmt: skip
    games = (spades, mu, won)
    built = [read_model(game) for game in games]
    assert built[2][0] and all(figures[3] for figures in built)  # finished; seats with figures
    Seat.objects.filter(game=won).delete()
    Seat.objects.update(**{name: 0 for name in SEAT_FIGURES if name != "won"}, won=False)
    Game.objects.update(finished=False, rows_played=0, record_digest="")
    out = io.StringIO()

    call_command("rebuild_stats", stdout=out)

    assert out.getvalue() == "Rebuilt the statistics of 3 games.\n"
    assert [read_model(game) for game in games] == built


#: segno's compact terminal drawing: each character is two modules, top and bottom (1: dark).
HALF_BLOCKS = {" ": (1, 1), "\u2580": (0, 1), "\u2584": (1, 0), "\u2588": (0, 0)}


def drawn_codes(output: str) -> list[list[list[int]]]:
    """The QR codes drawn in ``output``, each as its rows of modules (1: dark) read back from its run of
    half-block lines, quiet zone included. segno draws an odd number of rows with a blank (dark)
    half line under the last: that one is dropped."""
    codes: list[list[list[int]]] = []
    drawing = False
    for line in output.splitlines():
        if not (line and set(line) <= set(HALF_BLOCKS)):
            drawing = False
            continue
        if not drawing:
            codes.append([])
            drawing = True
        pairs = [HALF_BLOCKS[character] for character in line]
        codes[-1] += [[top for top, _ in pairs], [bottom for _, bottom in pairs]]
    for code in codes:
        if len(code) == len(code[0]) + 1 and code[-1] == [1] * len(code[0]):
            code.pop()
    return codes


def qr_modules(address: str) -> list[list[int]]:
    """The modules of ``address``'s QR code with its quiet zone, as segno makes it."""
    return [[int(bool(bit)) for bit in row] for row in segno.make(address, error="m", micro=False).matrix_iter()]


def lan_address_output(monkeypatch, addresses: list[str], stdout=None) -> str:
    monkeypatch.setattr(lan_address, "lan_addresses", lambda: addresses)
    out = stdout or io.StringIO()
    call_command("lan_address", "--port", "8123", stdout=out)
    return out.getvalue() if isinstance(out, io.StringIO) else ""


def test_lan_address_prints_the_address_and_its_qr_code(monkeypatch) -> None:
    output = lan_address_output(monkeypatch, ["192.168.1.23"])
    address = "http://192.168.1.23:8123/"
    assert f"    {address}\n" in output
    assert "http://localhost:8123/" in output
    assert {"\u2580", "\u2584", "\u2588"} <= set(output)
    assert drawn_codes(output) == [qr_modules(address)]


def test_lan_address_draws_a_code_for_each_network(monkeypatch) -> None:
    addresses = ["http://10.0.0.7:8123/", "http://192.168.1.23:8123/"]
    output = lan_address_output(monkeypatch, ["10.0.0.7", "192.168.1.23"])
    for address in addresses:
        assert f"scan this code with the phone's camera ({address})" in output
    assert drawn_codes(output) == [qr_modules(address) for address in addresses]


def test_lan_address_draws_no_code_without_a_network(monkeypatch) -> None:
    """127.0.0.1 is what it prints when it finds no network: no other phone can open it."""
    output = lan_address_output(monkeypatch, ["127.0.0.1"])
    assert "http://127.0.0.1:8123/" in output
    assert not set(output) & set(HALF_BLOCKS) - {" "}


def test_lan_address_draws_no_code_on_a_terminal_without_the_blocks(monkeypatch) -> None:
    ascii_terminal = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    lan_address_output(monkeypatch, ["192.168.1.23"], stdout=ascii_terminal)
    ascii_terminal.flush()
    written = ascii_terminal.buffer.getvalue().decode("ascii")
    assert "http://192.168.1.23:8123/" in written
    assert "scan this code" not in written
