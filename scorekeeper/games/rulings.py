"""The referee's rulings kept as data, said in the reader's language (issue 26).

The referee keeps a ruling with its game as :class:`RulingFacts`: card codes and the
engine's texts, untranslated (``Ruling.facts``; the winner's rule's source in
``Ruling.source``). A page says it in its reader's language with :func:`ruling_words`,
in the words the referee's page used. Rulings kept before have no facts: they show the
words they were kept with.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from scorekeeper.engine.citations import citation
from scorekeeper.engine.text import Text

from .cards import card_label, card_text

#: Why a card may not be played: (its code, why not, the rule's source or "").
Refused = tuple[str, Text, str]


@dataclass(frozen=True)
class RulingFacts:
    """A ruling as data: the trick and the hand asked about (card codes, in play order), the
    winning card and why, the hand's cards that may be played and why each other may not;
    ``source``, the winner's rule's (stored in ``Ruling.source``, not in the facts)."""

    trick: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    winner: str | None = None
    reason: Text | None = None
    allowed: tuple[str, ...] = ()
    refused: tuple[Refused, ...] = ()
    source: str = ""

    def as_json(self) -> dict[str, Any]:
        """The facts as ``Ruling.facts`` stores them (all but the source)."""
        return {
            "trick": list(self.trick),
            "hand": list(self.hand),
            "winner": self.winner,
            "reason": None if self.reason is None else text_json(self.reason),
            "allowed": list(self.allowed),
            "refused": [[card, text_json(why), source] for card, why, source in self.refused],
        }

    @classmethod
    def from_json(cls, facts: Mapping[str, Any], source: str = "") -> RulingFacts:
        """The facts :meth:`as_json` stored, with the ruling's ``source``."""
        reason = facts.get("reason")
        return cls(
            trick=tuple(facts.get("trick", ())),
            hand=tuple(facts.get("hand", ())),
            winner=facts.get("winner"),
            reason=None if reason is None else text_of(reason),
            allowed=tuple(facts.get("allowed", ())),
            refused=tuple((card, text_of(why), said) for card, why, said in facts.get("refused", ())),
            source=source,
        )


def text_json(text: Text) -> dict[str, Any]:
    """An engine text as JSON, untranslated: its template and its parameters (a text among them too)."""
    params = {name: text_json(value) if isinstance(value, Text) else value for name, value in text.params.items()}
    return {"template": text.template, "params": params}


def text_of(data: Mapping[str, Any]) -> Text:
    """The engine text :func:`text_json` wrote."""
    params = {name: text_of(value) if isinstance(value, Mapping) else value for name, value in data["params"].items()}
    return Text(data["template"], params)


def refusal_said(why: Text, source: str) -> str:
    """Why a card may not be played, in the reader's language, with its rule's source as a player says it."""
    said = card_text(why)
    return f"{said} ({citation(source, gettext).said})" if source else said


def ruling_words(facts: RulingFacts) -> tuple[str, str]:
    """The ruling's question and answer in the reader's language, as the referee's page said them:
    ("Trick: K♥ · Hand: A♠, 4♥", "May be played: 4♥ A♠: hearts were led …")."""
    label = card_label
    question, answer = [], []
    if facts.trick:
        question.append(gettext("Trick: %(cards)s") % {"cards": ", ".join(label(card) for card in facts.trick)})
    if facts.winner and facts.reason is not None:
        answer.append(card_text(facts.reason))
    if facts.hand:
        question.append(gettext("Hand: %(cards)s") % {"cards": ", ".join(label(card) for card in facts.hand)})
        allowed = ", ".join(label(card) for card in facts.allowed) or "–"
        answer.append(gettext("May be played: %(cards)s") % {"cards": allowed})
        answer.extend(f"{label(card)}: {refusal_said(why, source)}" for card, why, source in facts.refused)
    return " · ".join(question), " ".join(answer)
