"""How the referee writes cards (``referee.answers``): ranks as players of the page's language write
them, the German queen and jack "D" (Dame) and "B" (Bube), and red suits red in either language."""

from __future__ import annotations

from django.utils.translation import override

from scorekeeper.engine.spades.rules import spades_rules
from scorekeeper.games.templatetags.cards import suits
from scorekeeper.referee.answers import card_label, spades_picker


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
