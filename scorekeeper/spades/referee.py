"""Spades at the referee (``scorekeeper.referee``): its desk (the house rules, the trick number and
broken spades, "is this bid allowed?") and its replay (the rules' deck, the dealer's left leading,
the tricks used for the sheet). Registered with the views (``kind_views.SPADES_VIEWS.referee``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from scorekeeper.engine.replay import Play, Replay, Trick
from scorekeeper.engine.spades import play as spades_play
from scorekeeper.engine.spades.bidding import bids_offered_at_some_score
from scorekeeper.engine.spades.cards import deck
from scorekeeper.engine.spades.replay import spades_replay
from scorekeeper.engine.spades.rules import PRESET_INFO, SpadesRules, spades_rules
from scorekeeper.games.forms import small_number
from scorekeeper.games.kinds import game_rows
from scorekeeper.games.models import Game
from scorekeeper.referee import answers
from scorekeeper.referee.replays import Setup

from . import services
from .forms import BID_VALUES, parse_bid
from .presenters import bid_label
from .rows import hand_complete, spades_game

#: The parts of the referee's pages in Spades' words (the desk's and the replay's partials).
TEMPLATE = "referee/_spades.html"


def _preset_asked(data: Mapping[str, Any]) -> SpadesRules:
    """The house rules of the preset the table picked at the referee on its own (standard if unknown)."""
    preset = data.get("preset") if data.get("preset") in PRESET_INFO else "standard"
    return spades_rules({"preset": preset})


@dataclass(frozen=True)
class SpadesDesk:
    """Spades: the game's house rules, or a preset the table picks; trick number and
    broken spades; "is this bid allowed?"."""

    rules: SpadesRules

    #: The desk's parts of the page: the table's choice of rules, the deal so far, its own question.
    setup_template = f"{TEMPLATE}#setup"
    deal_template = f"{TEMPLATE}#deal"
    question_template = f"{TEMPLATE}#question"

    @classmethod
    def at(cls, game: Game | None, data: Mapping[str, Any]) -> SpadesDesk:
        """The desk with the game's house rules, or the preset asked for (standard if unknown)."""
        return cls(spades_rules(game.rules) if game else _preset_asked(data))

    def picker(self) -> answers.Picker:
        """The cards of the rules' deck by suit."""
        return answers.spades_picker(self.rules)

    def repeatable(self) -> bool:
        """Whether a card may be tapped twice: only with the double deck."""
        return self.rules.deck == "double"

    def question(
        self, data: Mapping[str, Any], trick: Sequence[str], hand: Sequence[str]
    ) -> answers.Question[answers.SpadesHandSoFar]:
        """The cards picked, the trick's number (1 to 18; 2 unless said) and whether spades are broken."""
        number = small_number(data.get("trick_number", ""), digits=2) or 2
        so_far = answers.SpadesHandSoFar(max(1, min(number, 18)), bool(data.get("broken")))
        return answers.Question(tuple(trick), tuple(hand), so_far)

    def answer(self, question: answers.Question[answers.SpadesHandSoFar]) -> answers.Answer:
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
class SpadesTable:
    """A Spades replay under ``rules`` (``referee.replays.ReplayTable``): the rules' deck, the
    dealer's left leading (the dealer with "dealer leads any"; the holder of the lowest club with
    "2 of clubs" and "lowest club"), follow suit and no spade led before broken, the tricks used
    for the sheet."""

    rules: SpadesRules

    #: The replay page's parts in Spades' words: a hand, its house rules, its tricks.
    title_template = f"{TEMPLATE}#replay_title"
    hint_template = f"{TEMPLATE}#replay_hint"
    setup_template = f"{TEMPLATE}#replay_setup"
    done_template = f"{TEMPLATE}#replay_done"
    use_template = f"{TEMPLATE}#replay_use"

    @property
    def presets(self) -> list[tuple[str, str]]:
        """The presets a table without a game may replay under, with their titles."""
        return answers.preset_choices()

    def picker(self) -> answers.Picker:
        """The cards of the rules' deck by suit."""
        return answers.spades_picker(self.rules)

    def copies(self, code: str) -> int:
        """How often the deck holds ``code``: the double deck's cards twice, else once."""
        return deck(self.rules.deck).copies

    def first_leader(self, dealer: int | None, seats: int) -> int:
        """The dealer's left, or the dealer under "dealer leads any" (seat 0 when the dealer is not known).
        Under "2 of clubs" and "lowest club" the holder of the lowest club (in play) leads, not known before
        the cards are tapped: the dealer's left is only a first choice, and the replay flags a wrong
        leader once the play shows that club (``engine.spades.replay``)."""
        dealer = dealer or 0
        return dealer if self.rules.first_lead == "dealer_any" else (dealer + 1) % seats

    def replay(self, play: Play, *, dealer: int | None, names: Sequence[str]) -> Replay:
        """``play`` replayed under the rules, in progress (``engine.spades.replay``)."""
        return spades_replay(self.rules, play, dealer=dealer, names=names, in_progress=True)

    def allowed(
        self, unplayed: Sequence[str], *, number: int, so_far: tuple[str, ...], tricks: Sequence[Trick]
    ) -> Sequence[str]:
        """The cards the rules allow in trick ``number`` (follow suit, no spade led before broken)."""
        situation = spades_play.Situation(number, self._broken(tricks), so_far)
        return spades_play.legal_plays(self.rules, unplayed, situation)

    def referee_query(self, tricks: Sequence[Trick]) -> dict[str, str]:
        """The preset and, once a spade is played to a complete trick, broken spades."""
        return {"preset": self.rules.preset, **({"broken": "1"} if self._broken(tricks) else {})}

    def _broken(self, tricks: Sequence[Trick]) -> bool:
        """Whether a spade has been played to a complete trick (the referee's "spades are broken")."""
        trumps = deck(self.rules.deck)
        return any(trumps.is_trump(card) for trick in tricks if trick.winner is not None for card in trick.cards)

    def use(self, *, game: Game, taken: Sequence[int], number: int | None, device: str, play: Play) -> None:
        """Save the tricks each seat took in the hand in play (``services.hand_tricks_save``)."""
        services.hand_tricks_save(game=game, tricks=list(taken), number=number, device=device, play=play)


def replay_setup(game: Game | None, data: Mapping[str, Any]) -> Setup:
    """The replay of a game's hand in play: its house rules, seats and dealer; without one in play,
    of the next hand, which fills nothing. At the referee on its own (``game`` ``None``): under the
    preset asked for (standard if unknown), the dealer not known."""
    if game is None:
        rules = _preset_asked(data)
        names = tuple(gettext("Player %(number)d") % {"number": seat + 1} for seat in range(rules.seats))
        return Setup(names, None, SpadesTable(rules))
    hands = game_rows(game)
    engine = spades_game(game, hands)
    in_play = bool(hands) and not hand_complete(hands[-1].record)
    number = len(hands) - 1 if in_play else len(hands)
    return Setup(tuple(game.players), engine.dealer_of(number), SpadesTable(engine.rules), number if in_play else None)
