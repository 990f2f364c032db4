"""How the referee writes cards (``games.cards``, and the card picker of ``referee.answers``): ranks as
players of the page's language write them, the German queen and jack "D" (Dame) and "B" (Bube), and
red suits red in either language."""

from __future__ import annotations

from django.utils.translation import override

from scorekeeper.engine.spades.rules import spades_rules
from scorekeeper.engine.text import Text
from scorekeeper.games.cards import card_label, card_text
from scorekeeper.games.templatetags.cards import suits
from scorekeeper.referee.answers import spades_picker


def test_cards_are_written_with_the_ranks_of_the_pages_language() -> None:
    with override("en"):
        assert [card_label(card) for card in ("AS", "KH", "QD", "JC", "10H")] == ["A♠", "K♥", "Q♦", "J♣", "10♥"]
        hearts = dict(spades_picker(spades_rules({"preset": "standard"})))["♥"]
        assert [label for _code, label in hearts[:4]] == ["A", "K", "Q", "J"]
    with override("de"):
        assert [card_label(card) for card in ("AS", "KH", "QD", "JC", "10H")] == ["A♠", "K♥", "D♦", "B♣", "10♥"]
        hearts = dict(spades_picker(spades_rules({"preset": "standard"})))["♥"]
        assert [code for code, _label in hearts[:4]] == ["AH", "KH", "QH", "JH"]  # the codes stay the engine's
        assert [label for _code, label in hearts[:4]] == ["A", "K", "D", "B"]


def test_a_german_queen_of_hearts_is_red() -> None:
    assert str(suits("D♥ und B♦ vor D♠")) == (
        '<span class="red-suit">D♥</span> und <span class="red-suit">B♦</span> vor D♠'
    )


def test_a_card_in_a_reason_within_a_reason_is_named_as_players_write_it() -> None:
    """The six-player deck's "Of two equal cards the second beats the first" wraps the winner's
    reason: its card was written as its code ("KH wins: …")."""
    inner = Text("%(card)s wins: it is the highest card of the suit led.", {"card": "KH"})
    outer = Text("%(reason)s Of two equal cards the second beats the first.", {"reason": inner})
    with override("en"):
        assert card_text(outer).startswith("K♥ wins:")
    with override("de"):
        assert card_text(Text("%(card)s", {"card": "QH"})) == "D♥"
