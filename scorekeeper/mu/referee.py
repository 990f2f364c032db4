"""Mü at the referee (``scorekeeper.referee``): its desk (the Chef's and the Vize's trumps, the
auction turn by turn) and its replay of the deal in play (its Chef leading, its trumps, the card
points used for the sheet). Registered with the views (``kind_views.MU_VIEWS.referee``)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.mu import play as mu_play
from scorekeeper.engine.mu.game import Played
from scorekeeper.engine.mu.replay import card_copies, mu_replay
from scorekeeper.engine.mu.tables import COLOUR_NAMES, COLOURS
from scorekeeper.engine.replay import Play, Replay, Trick
from scorekeeper.engine.text import Text, gettext_noop
from scorekeeper.games.kinds import game_rows
from scorekeeper.games.models import Game, Row
from scorekeeper.referee import answers
from scorekeeper.referee.replays import Setup

from . import services
from .rows import deal_complete, mu_game

#: The parts of the referee's pages in Mü's words (the desk's and the replay's partials).
TEMPLATE = "referee/_mu.html"


def _in_play(deals: Sequence[Row]) -> dict[str, Any]:
    """The record of the deal in play (``{}``: none; its auction done once it names a ``"chef"``)."""
    return deals[-1].record if deals and not deal_complete(deals[-1].record) else {}


def deal_trumps(game: Game) -> dict[str, str]:
    """The trumps of the game's deal in play as the referee's form writes them (a colour as JSON,
    a digit, "" for none); nothing before its auction is done (issue 16)."""
    record = _in_play(game_rows(game))
    if "chef_trump" not in record:
        return {}
    return {name: "" if record[name] is None else json.dumps(record[name]) for name in ("chef_trump", "vize_trump")}


def _trump(value: str) -> Any:
    """A trump from the referee form: a colour (JSON string), a digit, or ``None``."""
    try:
        trump = json.loads(value) if value else None
    except ValueError:
        return None
    return trump if trump in COLOURS or (type(trump) is int and 0 <= trump <= 9) else None


@dataclass(frozen=True)
class MuDesk:
    """Mü: the Chef's and the Vize's trumps; the auction, turn by turn.

    Attributes:
        trumps: the trumps the form starts with (a game's deal in play: :func:`deal_trumps`), which
            the table's own choice replaces.
    """

    trumps: Mapping[str, str]

    setup_template = f"{TEMPLATE}#setup"
    deal_template = f"{TEMPLATE}#deal"
    question_template = f"{TEMPLATE}#question"

    @classmethod
    def at(cls, game: Game | None, data: Mapping[str, Any]) -> MuDesk:
        """The desk (Mü's referee needs no house rules), from a game with its deal in play's trumps."""
        return cls(deal_trumps(game) if game else {})

    def _said(self, data: Mapping[str, Any]) -> Mapping[str, Any]:
        """The form as the table filled it in, the deal's trumps unless the table changed them."""
        # items(): a QueryDict's last value of each field (unpacked as a dict it gives their lists).
        return data if "chef_trump" in data else {**self.trumps, **dict(data.items())}

    def picker(self) -> answers.Picker:
        """The Mü cards by colour."""
        return answers.mu_picker()

    def repeatable(self) -> bool:
        """Mü has two of some cards (1 and 7 of each colour): a card may be tapped twice."""
        return True

    def question(
        self, data: Mapping[str, Any], trick: Sequence[str], hand: Sequence[str]
    ) -> answers.Question[answers.MuTrumps]:
        """The cards picked under the Chef's and the Vize's trumps."""
        said = self._said(data)
        trumps = answers.MuTrumps(_trump(said.get("chef_trump", "")), _trump(said.get("vize_trump", "")))
        return answers.Question(tuple(trick), tuple(hand), trumps)

    def answer(self, question: answers.Question[answers.MuTrumps]) -> answers.Answer:
        """Who wins the trick under the trumps, and what the hand may play."""
        return answers.mu_answer(question)

    def context(self, game: Game | None, data: Mapping[str, Any]) -> dict[str, Any]:
        """The trumps and the auction question of the page."""
        said = self._said(data)
        players = len(game.players) if game else int(data["players"]) if data.get("players") in tuple("3456") else 5
        names = (
            list(game.players) if game else [gettext("Player %(number)d") % {"number": n + 1} for n in range(players)]
        )
        dealer = _first_to_lay(game) if game else 0
        typed = data.get("turns", "")
        return {
            "trumps": [("", gettext("no trump"))]
            + [(json.dumps(colour), gettext(COLOUR_NAMES[colour])) for colour in COLOURS]
            + [(str(digit), str(digit)) for digit in range(10)],
            "chef_trump": said.get("chef_trump", ""),
            "vize_trump": said.get("vize_trump", ""),
            "players": players,
            "turns": typed,
            "auction_lines": answers.auction_answer(players, dealer, typed, names) if typed.strip() else [],
            "first_to_lay": names[dealer],
        }


def _first_to_lay(game: Game) -> int:
    """The seat that lays first in the next deal of a Mü game: the dealer (no scoring needed)."""
    engine = mu_game(game, game_rows(game))
    return engine.dealer_of(len(engine.deals))


@dataclass(frozen=True)
class MuTable:
    """A Mü replay of ``deal`` (``referee.replays.ReplayTable``): its Chef leads, its trumps decide,
    the card points are used for the sheet (``mu.md`` §7)."""

    deal: Played

    #: The replay page's parts in Mü's words: a deal, its Chef and trumps, its card points.
    title_template = f"{TEMPLATE}#replay_title"
    hint_template = f"{TEMPLATE}#replay_hint"
    setup_template = f"{TEMPLATE}#replay_setup"
    done_template = f"{TEMPLATE}#replay_done"
    use_template = f"{TEMPLATE}#replay_use"

    def picker(self) -> answers.Picker:
        """The Mü cards by colour."""
        return answers.mu_picker()

    def copies(self, code: str) -> int:
        """How often the deck holds ``code``: the 1s and 7s twice (§1)."""
        return card_copies(code)

    def first_leader(self, dealer: int | None, seats: int) -> int:
        """The Chef leads the first trick (§7)."""
        return self.deal.chef

    def replay(self, play: Play, *, dealer: int | None, names: Sequence[str]) -> Replay:
        """``play`` replayed under the deal's trumps, in progress (``engine.mu.replay``)."""
        return mu_replay(self.deal, play, names=names, in_progress=True)

    def allowed(
        self, unplayed: Sequence[str], *, number: int, so_far: tuple[str, ...], tricks: Sequence[Trick]
    ) -> Sequence[str]:
        """The cards the trumps allow after ``so_far`` (follow the colour or trump led)."""
        return mu_play.legal_plays(unplayed, so_far, self.deal.chef_trump, self.deal.vize_trump)

    def referee_query(self, tricks: Sequence[Trick]) -> dict[str, str]:
        """Nothing besides the trick's number: the game's referee starts from the deal's own trumps."""
        return {}

    def use(self, *, game: Game, taken: Sequence[int], number: int | None, device: str, play: Play) -> None:
        """Save the card points each player took in the deal in play (``services.deal_points_save``)."""
        services.deal_points_save(game=game, points=list(taken), number=number, device=device, play=play)


def replay_setup(game: Game | None, data: Mapping[str, Any]) -> Setup:
    """The replay of a game's deal in play: its seats, dealer, Chef and trumps.

    Raises:
        RuleError: no deal whose auction is done (the trumps are not known yet), or no game: the
            referee on its own knows no deal's trumps.
    """
    deals = game_rows(game) if game else []
    record = _in_play(deals)
    if game is None or "chef" not in record:
        raise RuleError(Text(gettext_noop("Enter the deal's auction first: the replay needs its trumps.")))
    deal = Played(record["chef"], record["level"], record["vize"], record["chef_trump"], record["vize_trump"],
                  record["partner"], ())  # fmt: skip
    dealer = mu_game(game, deals).dealer_of(len(deals) - 1)
    return Setup(tuple(game.players), dealer, MuTable(deal), len(deals) - 1)
