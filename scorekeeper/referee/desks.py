"""The referee's desk: what a kind of game answers at the referee, its cards and its own questions.

The referee page is the same for every game (pick the cards of a trick or a hand, read
the answer and its source); what differs is a desk, one per kind, which the kind's own
package makes (``spades.referee``, ``mu.referee``) and registers with its views
(``games.views.kinds.RefereeParts``): Spades asks about bids and uses a preset's house
rules, Mü about the auction and the trumps.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from . import answers

if TYPE_CHECKING:
    from scorekeeper.games.models import Game

Picker = answers.Picker


class Desk(Protocol):
    """What a kind's desk answers, for one request (the house rules already chosen).

    Attributes:
        setup_template: the table's choice of rules on the referee on its own (a template partial).
        deal_template: what the table says of the deal so far (a partial).
        question_template: the kind's own question (Spades: a bid; Mü: the auction; a partial).
    """

    setup_template: str
    deal_template: str
    question_template: str

    def picker(self) -> Picker:
        """The card buttons, by suit or colour."""

    def repeatable(self) -> bool:
        """Whether a card may be tapped twice (a deck with two of some cards)."""

    def question(self, data: Mapping[str, Any], trick: Sequence[str], hand: Sequence[str]) -> answers.Question[Any]:
        """The question the page asks: the cards picked and what the table said of the deal so far
        (``data``: the request's form), in the kind's terms."""

    def answer(self, question: answers.Question[Any]) -> answers.Answer:
        """Who wins the trick, and what the hand may play."""

    def context(self, game: Game | None, data: Mapping[str, Any]) -> dict[str, Any]:
        """The desk's own part of the page."""
