"""Replaying a hand on the phone (issue 16): the cards tapped trick by trick, what the engine
makes of them (``engine.replay``), and what the page shows: whose turn, the cards the rules
allow first and the rest a tap away, each trick's winner as a player with the reason, and
every foul the moment the play proves it. Reads only; "Use for the sheet" is a service.

A replay is carried by its form: the first leader and the cards in play order (no state on
the server until it is used for the sheet).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django.utils.translation import gettext

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.mu import play as mu_play
from scorekeeper.engine.mu.game import Played
from scorekeeper.engine.mu.replay import card_copies, mu_replay
from scorekeeper.engine.replay import Foul, Play, Replay, Trick
from scorekeeper.engine.spades import play as spades_play
from scorekeeper.engine.spades.cards import deck
from scorekeeper.engine.spades.replay import spades_replay
from scorekeeper.engine.spades.rules import PRESET_INFO, SpadesRules, spades_rules
from scorekeeper.engine.text import Text, gettext_noop
from scorekeeper.games.cards import card_label, card_text
from scorekeeper.games.models import Game
from scorekeeper.mu.rows import mu_game, stored_deals
from scorekeeper.spades.rows import spades_game, stored_hands

from . import answers


@dataclass(frozen=True)
class Setup:
    """What a replay knows before the first card: the players, the rules (Spades) or the deal
    (Mü: its Chef and trumps), who deals (``None`` at the referee on its own: not known, so a wrong first leader is
    proven only by the 2♣), and the hand or deal in play it can fill (``number``, 0-based; ``None``:
    none)."""

    names: tuple[str, ...]
    dealer: int | None
    rules: SpadesRules | None = None
    deal: Played | None = None
    number: int | None = None

    @property
    def first_leader(self) -> int:
        """Who leads the first trick unless the table says otherwise: Mü's Chef, else the dealer's left."""
        if self.deal is not None:
            return self.deal.chef
        dealer = self.dealer or 0
        if self.rules is not None and self.rules.first_lead == "dealer_any":
            return dealer
        return (dealer + 1) % len(self.names)


def standalone_setup(data: Mapping[str, Any]) -> Setup:
    """A Spades replay at the referee, under the preset asked for (standard if unknown)."""
    preset = data.get("preset") if data.get("preset") in PRESET_INFO else "standard"
    rules = spades_rules({"preset": preset})
    names = tuple(gettext("Player %(number)d") % {"number": seat + 1} for seat in range(rules.seats))
    return Setup(names, None, rules=rules)


def game_setup(game: Game) -> Setup:
    """The replay of a game's hand (deal) in play: its house rules, seats and dealer, and for Mü the
    deal's Chef and trumps. Without one in play, a Spades replay of the next hand that fills nothing.

    Raises:
        RuleError: a Mü game with no deal whose auction is done (the trumps are not known yet).
    """
    return _SETUPS[game.kind](game)


def _mu_setup(game: Game) -> Setup:
    deals = stored_deals(game)
    record = deals[-1].record if deals and not deals[-1].is_complete else None
    if record is None or "chef" not in record:
        raise RuleError(Text(gettext_noop("Enter the deal's auction first: the replay needs its trumps.")))
    deal = Played(record["chef"], record["level"], record["vize"], record["chef_trump"], record["vize_trump"],
                  record["partner"], ())  # fmt: skip
    dealer = mu_game(game, deals).dealer_of(len(deals) - 1)
    return Setup(tuple(game.players), dealer, deal=deal, number=len(deals) - 1)


def _spades_setup(game: Game) -> Setup:
    hands = stored_hands(game)
    engine = spades_game(game, hands)
    in_play = bool(hands) and not hands[-1].is_complete
    number = len(hands) - 1 if in_play else len(hands)
    return Setup(tuple(game.players), engine.dealer_of(number), rules=engine.rules, number=number if in_play else None)


#: How each kind of game sets up its replay, by ``Game.kind``.
_SETUPS = {"spades": _spades_setup, "mu": _mu_setup}


@dataclass(frozen=True)
class ReplayPage:
    """What the replay page shows after the cards tapped so far."""

    setup: Setup
    play: Play
    replay: Replay | None
    error: str
    turn: int | None
    allowed: tuple[tuple[str, str], ...]
    others: answers.Picker
    tricks: tuple[dict[str, Any], ...]
    fouls: tuple[tuple[Foul, str], ...]

    @property
    def complete(self) -> bool:
        """Every trick of the hand played."""
        return self.replay is not None and self.replay.complete

    @property
    def turn_name(self) -> str:
        """The name of the player whose card comes next ("" when the hand is complete)."""
        return "" if self.turn is None else self.setup.names[self.turn]

    @property
    def taken_by_name(self) -> tuple[tuple[str, int], ...]:
        """Each player with the tricks (Mü: card points) won so far."""
        taken = self.replay.taken if self.replay is not None else ()
        return tuple(zip(self.setup.names, taken, strict=False))

    @property
    def referee_query(self) -> str:
        """The referee's single-trick question as far as this replay goes: the trick number now and,
        in Spades, whether spades are broken (a query string for the referee's address)."""
        tricks = self.replay.tricks if self.replay is not None else ()
        done = [trick for trick in tricks if trick.winner is not None]
        query = {"trick_number": str(len(done) + 1)}  # the trick in progress, or the next
        if self.setup.rules is not None:
            query["preset"] = self.setup.rules.preset
            if _spades_broken(self.setup.rules, tricks):
                query["broken"] = "1"
        return urlencode(query)

    @property
    def leader(self) -> int:
        """Who led the first trick."""
        return self.play.leader

    @property
    def cards(self) -> tuple[str, ...]:
        """The cards tapped so far, in play order."""
        return tuple(card for trick in self.play.tricks for card in trick)


def replay_page(setup: Setup, cards: Sequence[str], leader: int) -> ReplayPage:
    """Replay ``cards`` (in play order, the first trick led by ``leader``) under ``setup``."""
    seats = len(setup.names)
    play = Play(leader, tuple(tuple(cards[i : i + seats]) for i in range(0, len(cards), seats)))
    try:
        if setup.deal is not None:
            replayed = mu_replay(setup.deal, play, names=setup.names, in_progress=True)
        else:
            assert setup.rules is not None
            replayed = spades_replay(setup.rules, play, dealer=setup.dealer, names=setup.names, in_progress=True)
    except RuleError as error:
        return ReplayPage(setup, play, None, error.text.render(gettext), None, (), [], (), ())
    turn = None if replayed.complete else _turn(replayed, leader, seats)
    allowed, others = _offers(setup, replayed, cards)
    tricks = tuple(_trick_shown(setup, trick) for trick in replayed.tricks)
    fouls = tuple((foul, _foul_said(foul)) for foul in replayed.fouls)
    return ReplayPage(setup, play, replayed, "", turn, allowed, others, tricks, fouls)


def _copies(setup: Setup, code: str) -> int:
    """How often the deck holds ``code``: the double deck's cards twice; Mü's 1s and 7s twice (§1)."""
    return deck(setup.rules.deck).copies if setup.rules is not None else card_copies(code)


def _spades_broken(rules: SpadesRules, tricks: Sequence[Trick]) -> bool:
    """Whether a spade has been played to a complete trick (the referee's "spades are broken")."""
    trumps = deck(rules.deck)
    return any(trumps.is_trump(card) for trick in tricks if trick.winner is not None for card in trick.cards)


def _turn(replayed: Replay, leader: int, seats: int) -> int:
    """Whose card comes next: in an open trick the next seat, else the last trick's winner."""
    last = replayed.tricks[-1] if replayed.tricks else None
    if last is None:
        return leader
    if last.winner is None:
        return (last.leader + len(last.cards)) % seats
    return last.winner


def _offers(setup: Setup, replayed: Replay, cards: Sequence[str]) -> tuple[tuple[tuple[str, str], ...], answers.Picker]:
    """The cards still unplayed: those the rules allow now first (judged as if any unplayed card could
    be in the hand: follow the suit led, no spade led before broken), then every unplayed card by suit."""
    picker = answers.spades_picker(setup.rules) if setup.rules is not None else answers.mu_picker()
    played = Counter(cards)
    unplayed: list[str] = []
    rows: answers.Picker = []
    for label, row in picker:
        left = []
        for code, text in row:
            if played[code] < _copies(setup, code):  # a card the deck holds twice stays until both are played
                left.append((code, text))
                unplayed.append(code)
        if left:
            rows.append((label, left))
    if replayed.complete or not unplayed:
        return (), rows
    last = replayed.tricks[-1] if replayed.tricks else None
    so_far = tuple(last.cards) if last is not None and last.winner is None else ()
    number = len(replayed.tricks) + (0 if so_far else 1)
    if setup.deal is not None:
        allowed = mu_play.legal_plays(unplayed, so_far, setup.deal.chef_trump, setup.deal.vize_trump)
    else:
        assert setup.rules is not None
        broken = _spades_broken(setup.rules, replayed.tricks)
        allowed = spades_play.legal_plays(setup.rules, unplayed, spades_play.Situation(number, broken, so_far))
    return tuple((code, card_label(code)) for code in dict.fromkeys(allowed)), rows


def _foul_said(foul: Foul) -> str:
    """A foul as the page says it: "Trick 2: Bob played 2♣ when K♥ was led, …" (its rule cited beside)."""
    said = card_text(foul.text)
    return Text(gettext_noop("Trick %(trick)d: %(foul)s"), {"trick": foul.trick, "foul": said}).render(gettext)


def _trick_shown(setup: Setup, trick: Any) -> dict[str, Any]:
    """A trick as the page lists it: number, each card with who played it, the winner and why."""
    seats = len(setup.names)
    return {
        "number": trick.number,
        "plays": [(setup.names[trick.seat_of(at, seats)], card_label(card)) for at, card in enumerate(trick.cards)],
        "winner": None if trick.winner is None else setup.names[trick.winner],
        "reason": "" if trick.reason is None else card_text(trick.reason),
        "source": trick.source,
    }


def card_codes(setup: Setup) -> set[str]:
    """Every card code a replay under ``setup`` may hold (its deck's)."""
    picker = answers.spades_picker(setup.rules) if setup.rules is not None else answers.mu_picker()
    return {code for _label, row in picker for code, _text in row}


def deal_trumps(game: Game) -> dict[str, str]:
    """The trumps of a Mü game's deal in play as the referee's form writes them (a colour as JSON,
    a digit, "" for none); nothing before its auction is done, nor in Spades (issue 16)."""
    return _TRUMPS.get(game.kind, lambda game: {})(game)


def _mu_trumps(game: Game) -> dict[str, str]:
    deals = stored_deals(game)
    record = deals[-1].record if deals and not deals[-1].is_complete else {}
    if "chef_trump" not in record:
        return {}
    return {name: "" if record[name] is None else json.dumps(record[name]) for name in ("chef_trump", "vize_trump")}


#: The kinds whose deals name trumps.
_TRUMPS = {"mu": _mu_trumps}
