"""The referee's desk for each kind of game: its cards, its answers and its own questions.

The referee page is the same for every game (pick the cards of a trick or a hand, read
the answer and its source); what differs is here, one desk per kind, chosen by the
game's kind (or, on its own, by the table): Spades asks about bids and uses a preset's
house rules, Mü about the auction and the trumps.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from django.utils.translation import gettext

from scorekeeper.engine.mu.tables import COLOUR_NAMES, COLOURS
from scorekeeper.engine.spades.bidding import bids_offered_at_some_score
from scorekeeper.engine.spades.rules import PRESET_INFO, SpadesRules, spades_rules
from scorekeeper.games.forms import small_number
from scorekeeper.games.models import Game
from scorekeeper.mu.rows import mu_game, stored_deals
from scorekeeper.spades.forms import BID_VALUES, parse_bid
from scorekeeper.spades.presenters import bid_label

from . import answers

Picker = answers.Picker


class Desk(Protocol):
    """What a kind's desk answers, for one request (the house rules already chosen)."""

    setup_template: str
    deal_template: str
    question_template: str

    def picker(self) -> Picker:
        """The card buttons, by suit or colour."""

    def repeatable(self) -> bool:
        """Whether a card may be tapped twice (a deck with two of some cards)."""

    def answer(self, question: answers.Question) -> answers.Answer:
        """Who wins the trick, and what the hand may play."""

    def context(self, game: Game | None, data: Mapping[str, Any]) -> dict[str, Any]:
        """The desk's own part of the page."""


@dataclass(frozen=True)
class SpadesDesk:
    """Spades: the game's house rules, or a preset the table picks; trick number and
    broken spades; "is this bid allowed?"."""

    rules: SpadesRules

    #: The desk's parts of the page: the table's choice of rules, the deal so far, its own question.
    setup_template = "referee/_spades.html#setup"
    deal_template = "referee/_spades.html#deal"
    question_template = "referee/_spades.html#question"

    @classmethod
    def at(cls, game: Game | None, data: Mapping[str, Any]) -> SpadesDesk:
        """The desk with the game's house rules, or the preset asked for (standard if unknown)."""
        preset = data.get("preset") if data.get("preset") in PRESET_INFO else "standard"
        return cls(spades_rules(game.rules if game else {"preset": preset}))

    def picker(self) -> Picker:
        """The cards of the rules' deck by suit."""
        return answers.spades_picker(self.rules)

    def repeatable(self) -> bool:
        """Whether a card may be tapped twice: only with the double deck."""
        return self.rules.deck == "double"

    def answer(self, question: answers.Question) -> answers.Answer:
        """Who wins the trick, and what the hand may play."""
        return answers.spades_answer(self.rules, question)

    def context(self, game: Game | None, data: Mapping[str, Any]) -> dict[str, Any]:
        """The preset, trick number and bid question of the page."""
        rules = self.rules
        raw = data.get("bid", "")
        bid = parse_bid(raw) if raw in BID_VALUES else None
        typed = data.get("behind", "0")
        behind = small_number(typed.removeprefix("-")) or 0
        behind = -behind if typed.startswith("-") else behind
        return {
            "preset": rules.preset,
            "presets": answers.preset_choices(),
            "trick_numbers": list(range(1, rules.tricks + 1)),
            "bid_choices": referee_bid_choices(rules),
            "bid": raw,
            "behind": behind,
            "bid_verdict": None if bid is None else answers.bid_answer(rules, bid, behind=behind),
        }


def referee_bid_choices(rules: SpadesRules) -> list[tuple[str, str]]:
    """The bids the referee may be asked about, as (value, words): the ones the sheet offers under
    these house rules at some score, by the sheet's own check (``bids_offered_at_some_score``), so
    never a 0 where a 0 is nil, and "Nil", "Blind nil", "Double nil" only where played (issue 16)."""
    return [(str(bid), bid_label(bid)) for bid in bids_offered_at_some_score(rules)]


@dataclass(frozen=True)
class MuDesk:
    """Mü: the Chef's and the Vize's trumps; the auction, turn by turn."""

    setup_template = "referee/_mu.html#setup"
    deal_template = "referee/_mu.html#deal"
    question_template = "referee/_mu.html#question"

    @classmethod
    def at(cls, game: Game | None, data: Mapping[str, Any]) -> MuDesk:
        """The desk (Mü's referee needs no house rules)."""
        return cls()

    def picker(self) -> Picker:
        """The Mü cards by colour."""
        return answers.mu_picker()

    def repeatable(self) -> bool:
        """Mü has two of some cards (1 and 7 of each colour): a card may be tapped twice."""
        return True

    def answer(self, question: answers.Question) -> answers.Answer:
        """Who wins the trick under the trumps, and what the hand may play."""
        return answers.mu_answer(question)

    def context(self, game: Game | None, data: Mapping[str, Any]) -> dict[str, Any]:
        """The trumps and the auction question of the page."""
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
            "chef_trump": data.get("chef_trump", ""),
            "vize_trump": data.get("vize_trump", ""),
            "players": players,
            "turns": typed,
            "auction_lines": answers.auction_answer(players, dealer, typed, names) if typed.strip() else [],
            "first_to_lay": names[dealer],
        }


def _first_to_lay(game: Game) -> int:
    """The seat that lays first in the next deal of a Mü game: the dealer (no scoring needed)."""
    engine = mu_game(game, stored_deals(game))
    return engine.dealer_of(len(engine.deals))


#: The desk of each kind of game, by ``Game.kind``: made per request with its house rules.
DESKS: dict[str, Callable[[Game | None, Mapping[str, Any]], Desk]] = {
    "spades": SpadesDesk.at,
    "mu": MuDesk.at,
}
