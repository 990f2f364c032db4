"""The referee: questions about play answered from the engine, in the player's language.

Reads only (keeping a ruling is ``referee.services``). The engine decides (``scorekeeper.engine.spades.play``,
``scorekeeper.engine.mu.play``); this module turns the picked cards into its
arguments and its answers into text for the page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.utils.translation import gettext

from scorekeeper.engine.citations import spoken
from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.mu import play as mu_play
from scorekeeper.engine.mu.auction import auction_progress
from scorekeeper.engine.mu.sources import PLAY as MU_PLAY
from scorekeeper.engine.mu.tables import COLOUR_NAMES, COLOURS, points_in_deal, team_target
from scorekeeper.engine.source import written
from scorekeeper.engine.spades import play as spades_play
from scorekeeper.engine.spades.bidding import verify_bid, verify_side_bid
from scorekeeper.engine.spades.cards import JOKERS, RANKS, SUITS, deck
from scorekeeper.engine.spades.rules import PRESET_INFO, SpadesRules
from scorekeeper.engine.text import Text
from scorekeeper.games.cards import SUIT_SYMBOLS, card_text, rank_label
from scorekeeper.games.rulings import Refused, refusal_said

#: Card buttons by suit or colour: (row label, [(card code, button text), ...]).
Picker = list[tuple[str, list[tuple[str, str]]]]


def preset_choices() -> list[tuple[str, str]]:
    """The Spades presets the referee offers a table without a game, with their titles."""
    return [(name, gettext(title)) for name, (title, _source) in PRESET_INFO.items()]


#: What the table said of the deal so far, in its kind's terms (:class:`SpadesHandSoFar`, :class:`MuTrumps`).
Situation = TypeVar("Situation")


@dataclass(frozen=True)
class Question(Generic[Situation]):
    """What the table asks: the trick so far (in play order), a player's hand (``()``: none), and
    what it said of the deal so far, as its kind's desk reads it (``spades.referee``, ``mu.referee``)."""

    trick: tuple[str, ...]
    hand: tuple[str, ...]
    situation: Situation


@dataclass(frozen=True)
class SpadesHandSoFar:
    """Spades: the trick's number in the hand (1-based) and whether spades are broken."""

    trick_number: int = 2
    spades_broken: bool = False


@dataclass(frozen=True)
class MuTrumps:
    """Mü: the Chef's and the Vize's trumps, each a colour, a digit or ``None`` (``mu.md`` §5)."""

    chef_trump: Any = None
    vize_trump: Any = None


@dataclass(frozen=True)
class Answer:
    """The referee's answer as data: who wins the trick (the engine's reason, untranslated, and its
    rule's source), and which of the hand's cards may be played (and why not); said in the page's
    language by :attr:`winner_reason` and :attr:`refused`, as a ruling kept is (``games.rulings``)."""

    winner: str | None = None
    winner_text: Text | None = None
    winner_source: str = ""
    allowed: tuple[str, ...] = ()
    refusals: tuple[Refused, ...] = ()  # (card, why not, its rule's source)

    @property
    def winner_reason(self) -> str:
        """Why the winner wins, in the page's language ("A♥ wins: …"); "" without one."""
        return "" if self.winner_text is None else card_text(self.winner_text)

    @property
    def refused(self) -> tuple[tuple[str, str], ...]:
        """(card, why not) for each card of the hand that may not be played, in the page's language."""
        return tuple((card, refusal_said(why, source)) for card, why, source in self.refusals)


def spades_answer(rules: SpadesRules, question: Question[SpadesHandSoFar]) -> Answer:
    """Answer a Spades question under ``rules`` (deck, leads, rake 'em, solo)."""
    winner, reason, source = "", None, ""
    if len(question.trick) >= 2:
        ruling = spades_play.trick_winner(rules, question.trick)
        winner = "" if ruling.index is None else question.trick[ruling.index]
        reason, source = ruling.text, written(ruling.source)  # as a ruling keeps it
    allowed: list[str] = []
    refused: list[Refused] = []
    so_far = question.situation
    situation = spades_play.Situation(so_far.trick_number, so_far.spades_broken, question.trick)
    for card in question.hand:
        why = spades_play.refusal(rules, question.hand, card, situation)
        if why is None:
            allowed.append(card)
        else:
            refused.append((card, why.text, written(why.source)))
    return Answer(winner or None, reason, source, tuple(allowed), tuple(refused))


def mu_answer(question: Question[MuTrumps]) -> Answer:
    """Answer a Mü question under the Chef's and Vize's trumps (``mu.md`` §7)."""
    winner, reason = "", None
    chef_trump, vize_trump = question.situation.chef_trump, question.situation.vize_trump
    if len(question.trick) >= 2:
        index, reason = mu_play.trick_winner(question.trick, chef_trump, vize_trump)
        winner = question.trick[index]
    allowed: list[str] = []
    refused: list[Refused] = []
    for card in question.hand:
        why = mu_play.refusal(question.hand, card, question.trick, chef_trump, vize_trump)
        if why is None:
            allowed.append(card)
        else:
            refused.append((card, why, written(MU_PLAY)))
    return Answer(winner or None, reason, written(MU_PLAY) if winner else "", tuple(allowed), tuple(refused))


def spades_picker(rules: SpadesRules) -> Picker:
    """Card buttons for the deck of ``rules``: rows (label, [(code, label)]), jokers first if the deck has them."""
    cards = deck(rules.deck)
    rows = []
    if any(joker in cards.cards for joker in JOKERS):
        rows.append((gettext("Jokers"), [("BJ", gettext("Big joker")), ("LJ", gettext("Little joker"))]))
    for suit in SUITS:
        buttons = [(rank + suit, rank_label(rank)) for rank in reversed(RANKS) if rank + suit in cards.cards]
        rows.append((SUIT_SYMBOLS[suit], buttons))
    return rows


def mu_picker() -> Picker:
    """Card buttons for Mü: a row per colour, digits 9 down to 0 (1 and 7 exist twice)."""
    return [
        (gettext(COLOUR_NAMES[colour]), [(f"{colour} {digit}", str(digit)) for digit in range(9, -1, -1)])
        for colour in COLOURS
    ]


def bid_answer(rules: SpadesRules, bid: object, *, behind: int, player: str = "") -> tuple[bool, str]:
    """Is this bid allowed now? The same check as the score sheet's (``verify_bid``; with partnership
    bidding a side's agreed bid, ``verify_side_bid``).

    Args:
        behind: how many points the bidder's side is behind the best other side.
    """
    try:
        if rules.bidding == "partnership":
            verify_side_bid(rules, bid, side=0, name=player or gettext("This side"))
        else:
            verify_bid(rules, bid, seat=0, side=0, totals=(0, behind), player=player or gettext("This player"))
    except RuleError as error:
        return False, spoken(error, gettext)
    return True, gettext("Allowed under these house rules.")


def auction_answer(players: int, dealer: int, typed: str, names: list[str]) -> list[str]:
    """Where a Mü auction stands after the turns typed as "1 0 2 ..." (cards laid per turn from the
    dealer; 0 passes): whose turn, how many cards they may lay, or, once over, Chef / Eklat / Vize (§3-§6)."""
    words = typed.replace(",", " ").split()
    if not all(word.isdecimal() and len(word) <= 2 for word in words):
        return [gettext("Type the cards laid at each turn as numbers, 0 for a pass, e.g. “1 0 2”.")]
    try:
        progress = auction_progress(players, dealer, [int(word) for word in words])
    except RuleError as error:
        return [spoken(error, gettext)]
    laid = ", ".join(f"{names[seat]} {cards}" for seat, cards in enumerate(progress.laid))
    lines = [gettext("Cards laid: %(laid)s.") % {"laid": laid}]
    if not progress.ended:
        lines.append(
            gettext("%(player)s's turn: may lay up to %(most)d cards, or pass.")
            % {"player": names[progress.next_seat], "most": progress.may_lay}
        )
        return lines
    outcome = progress.outcome()
    if outcome.all_passed:
        lines.append(gettext("Everyone passed: Eklat, no points."))
    elif outcome.eklat:
        last = progress.laid_last()
        assert last is not None  # an Eklat: someone laid a card
        lines.append(
            gettext("Eklat on %(level)d cards: %(player)s laid last (-10 per card, the others tied +5 per card).")
            % {"level": outcome.level, "player": names[last]}
        )
    else:
        assert outcome.chef is not None  # neither all passed nor an Eklat
        target = team_target(players, outcome.level)
        lines.append(
            gettext("%(player)s is Chef at level %(level)d: the team needs %(target)d of %(total)d.")
            % {
                "player": names[outcome.chef],
                "level": outcome.level,
                "target": target,
                "total": points_in_deal(players),
            }
        )
        candidates = outcome.vize_candidates
        if len(candidates) == 1:
            lines.append(gettext("Vize: %(vize)s") % {"vize": names[candidates[0]]})
        elif candidates:
            lines.append(
                gettext("Tied for Vize: %(players)s; the highest digit laid decides, then the next.")
                % {"players": ", ".join(names[seat] for seat in candidates)}
            )
        else:
            lines.append(gettext("No Vize."))
    return lines
