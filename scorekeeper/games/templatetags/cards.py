"""Playing cards as players read them (``{% load cards %}``): hearts and diamonds in red.

The referee and the replay write a card as its rank and suit ("10♥", "A♠", ``games.cards.card_label``)
and pick cards by suit; on paper, as on the cards, the red suits are red. ``suits`` marks each red card
in a text, ``red_card`` says whether a card code ("KH", "10D") is one.
"""

from __future__ import annotations

import re
from typing import Any

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

#: A card of a red suit as written, or the suit alone (a picker row's label): "10♥", "A♦", "♥".
_RED_CARD = re.compile(r"(?:10|[2-9AKQJDB])?[♥♦]")  # D, B: the German queen and jack


@register.filter
def suits(text: Any) -> SafeString:
    """``text`` (escaped, unless already safe: a line with ``<bdi>`` names) with every red card in a
    ``<span class="red-suit">``. The ranks and suits hold no markup, so none is cut in two."""
    return mark_safe(
        _RED_CARD.sub(lambda card: f'<span class="red-suit">{card.group(0)}</span>', conditional_escape(text))
    )


@register.filter
def red_card(code: Any) -> bool:
    """Whether ``code`` is a card of hearts or diamonds ("AH", "10D"; not a joker, "BJ", nor a Mü card)."""
    return isinstance(code, str) and " " not in code and code not in ("BJ", "LJ") and code[-1:] in ("H", "D")
