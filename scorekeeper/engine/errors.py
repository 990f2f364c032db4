"""Domain errors: every rule check raises one, with a message a player understands.

The same checks drive the forms (errors at the field), the command line (one
line on standard error) and, later, the referee ("why not").
"""

from __future__ import annotations

from .source import Source, written
from .text import Text, Translate, gettext_noop, identity


class RuleError(ValueError):
    """A game, hand or bid breaks a rule.

    Attributes:
        text: the message, without the hand number (shown at the field).
        hand: 0-based index of the offending hand, or ``None`` (game-wide).
        seat: seat index the error is about, or ``None``.
        field: which input is wrong: ``"bids"``, ``"tricks"``, ``"rules"``,
            ``"players"``, ``"dealer"`` or ``None`` for the hand as a whole.
        source: the rule's source (:data:`~.source.Source`), e.g. step 1 of spades.md's standard
            scoring ("spades.md: Standard scoring 1"); ``()`` for none.
        unit: what a game is made of, for the message prefix: ``"hand"`` (Spades) or ``"deal"`` (Mü).
    """

    def __init__(
        self,
        text: Text,
        *,
        hand: int | None = None,
        seat: int | None = None,
        field: str | None = None,
        source: Source = (),
        unit: str = "hand",
    ) -> None:
        self.text = text
        self.hand = hand
        self.seat = seat
        self.field = field
        self.source = source
        self.unit = unit
        super().__init__(self.render())

    def at_hand(self, hand: int) -> RuleError:
        """Return the same error tagged with ``hand`` (0-based)."""
        return type(self)(self.text, hand=hand, seat=self.seat, field=self.field, source=self.source, unit=self.unit)

    def render(self, translate: Translate = identity, *, cited: str | None = None) -> str:
        """The full message in the language of ``translate``, prefixed by the hand, with its
        source as written ("… (spades.md: bemo; 002 Bemo)"), or in the words ``cited`` (a
        player's: :func:`~.citations.spoken` says it "… (Pagat: Spades, Bemo)", as the app shows it)."""
        message = self.text.render(translate)
        if self.source:
            message = f"{message} ({written(self.source) if cited is None else cited})"
        if self.hand is None:
            return message
        template = (
            gettext_noop("Deal %(number)d: %(message)s")
            if self.unit == "deal"
            else gettext_noop("Hand %(number)d: %(message)s")
        )
        return Text(template, {"number": self.hand + 1, "message": message}).render(translate)


class RecordError(RuleError):
    """A game record is malformed (wrong JSON shape, unknown field or value)."""
