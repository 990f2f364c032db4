"""The play of the cards in Spades: who wins a trick, which cards may be played, revokes.

verify / can / do: :func:`refusal` says why a card may not be played (or ``None``);
:func:`legal_plays` offers the others; :func:`verify_play` raises for a revoke.
Sources: Pagat, Spades (002) "Play", "Variations in the play of the cards", Barmore,
New York City, "Solo Spades", "Spades for Six Players"; the German rule sheet (004)
"Gameplay", "Breaking Spaten"; ``docs/rules/spades.md`` keys ``deck``, ``spades_lead``, ``first_lead``,
``rake_em_and_shake_em``, ``players``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import RuleError
from ..source import PAGAT, RULE_PAGE, Cite, Source
from ..text import Text
from ..text import gettext_noop as _
from .cards import Deck, deck
from .rules import KEYS, SpadesRules, key_row

#: Pagat's "Play" and the German rule sheet's "Gameplay": following suit, the trick's winner, the first lead.
PLAY: Source = (Cite(PAGAT, "Play"), Cite(RULE_PAGE, "Gameplay"))
_SIX_PLAYERS: Source = (Cite(PAGAT, "Spades for Six Players"),)
_FIRST_LEAD = KEYS["first_lead"].source
_BREAKING = (key_row("spades_lead"), Cite(PAGAT, "Play"), Cite(RULE_PAGE, "Breaking Spaten"))
_NEW_YORK_LEAD = (key_row("spades_lead"), Cite(PAGAT, "New York City rules"))
_RAKE: Source = (key_row("rake_em_and_shake_em"),)
_SOLO = (key_row("players", "players (solo4)"), Cite(PAGAT, "Solo Spades"))

SUIT_NAMES = {"S": _("spades"), "H": _("hearts"), "D": _("diamonds"), "C": _("clubs")}


@dataclass(frozen=True, slots=True)
class Verdict:
    """The referee's answer with its reason: who wins a trick, or why a card may not be played.

    Attributes:
        index: the winning card's position in the trick (``None`` for a refusal).
        text: the reason in words.
        source: where the rule is written (``()`` when no rule is needed, e.g. a card not in the hand).
        rule: for a refusal, the play rule (``engine.replay.FOUL_RULES``: ``follow_suit``,
            ``spades_lead``, ``first_lead``, ``must_beat``); ``""`` otherwise.
    """

    index: int | None
    text: Text
    source: Source
    rule: str = ""


def _suit_name(suit: str) -> Text:
    """The suit ``"S"``, ``"H"``, ``"D"`` or ``"C"`` as players read it (translated)."""
    return Text(SUIT_NAMES[suit])


def trick_winner(rules: SpadesRules, plays: Sequence[str]) -> Verdict:
    """Who wins a trick of ``plays`` (card codes in play order) under the house rules' deck.

    The highest spade wins; with no spade, the highest card of the suit led. Of
    two equal cards (the six-player double deck) the second beats the first (002).
    """
    cards = deck(rules.deck)
    led = cards.suit(plays[0])
    trumps = [index for index, card in enumerate(plays) if cards.is_trump(card)]
    if trumps:
        best = max(trumps, key=lambda index: (cards.rank(plays[index]), index))
        text = Text(_("%(card)s wins: a spade was played, and it is the highest spade."), {"card": plays[best]})
    else:
        following = [index for index, card in enumerate(plays) if cards.suit(card) == led]
        best = max(following, key=lambda index: (cards.rank(plays[index]), index))
        text = Text(
            _("%(card)s wins: no spade was played, and it is the highest card of the suit led, %(suit)s."),
            {"card": plays[best], "suit": _suit_name(led)},
        )
    source = PLAY
    equal = [index for index, card in enumerate(plays) if card == plays[best] and index != best]
    if equal:
        text = Text(_("%(reason)s Of two equal cards the second beats the first."), {"reason": text})
        source = _SIX_PLAYERS
    return Verdict(best, text, source)


@dataclass(frozen=True, slots=True)
class Situation:
    """What is known of the deal when a card is played.

    Attributes:
        trick: the trick number, 1 for the first trick.
        spades_broken: whether a spade has been played to an earlier trick.
        trick_so_far: the cards already played to this trick, in order.
    """

    trick: int = 1
    spades_broken: bool = False
    trick_so_far: tuple[str, ...] = ()


def refusal(rules: SpadesRules, hand: Sequence[str], card: str, situation: Situation) -> Verdict | None:
    """Why ``card`` may not be played from ``hand`` now, or ``None`` if it may.

    Args:
        hand: the player's cards before this play (``card`` among them).
    """
    cards = deck(rules.deck)
    if card not in hand:
        return Verdict(None, Text(_("%(card)s is not in the hand."), {"card": card}), ())
    if not situation.trick_so_far:
        return _lead_refusal(rules, cards, hand, card, situation)
    return _follow_refusal(rules, cards, hand, card, situation)


def _lead_refusal(
    rules: SpadesRules, cards: Deck, hand: Sequence[str], card: str, situation: Situation
) -> Verdict | None:
    """Leading to a trick: the first lead (``first_lead``; 002 "Play", "Variations in the play"), and
    spades only once broken (``spades_lead``; 004 "Breaking Spaten") unless only spades are left."""
    only_spades = all(cards.is_trump(other) for other in hand)
    if situation.trick == 1:
        if rules.first_lead == "two_of_clubs":
            lowest = _lowest_club(cards, cards.cards)
            if lowest in hand and card != lowest:
                return Verdict(
                    None,
                    Text(_("The %(card)s leads the first trick."), {"card": lowest}),
                    _FIRST_LEAD,
                    "first_lead",
                )
        if rules.first_lead == "lowest_club":
            lowest = _lowest_club(cards, hand)
            if lowest is not None and card != lowest:
                return Verdict(
                    None,
                    Text(_("On the first trick everyone plays their lowest club: %(card)s."), {"card": lowest}),
                    _FIRST_LEAD,
                    "first_lead",
                )
        if rules.first_lead == "dealer_left_no_spade" and cards.is_trump(card) and not only_spades:
            return Verdict(None, Text(_("The first lead may not be a spade.")), PLAY, "first_lead")
    if cards.is_trump(card) and not situation.spades_broken and not only_spades:
        if rules.spades_lead == "broken":
            return Verdict(
                None,
                Text(_("Spades may not be led until they are broken (or only spades are left).")),
                _BREAKING,
                "spades_lead",
            )
        if rules.spades_lead == "after_three_tricks" and situation.trick <= 3:
            return Verdict(
                None,
                Text(_("Spades may not be led in the first three tricks unless they are broken.")),
                _NEW_YORK_LEAD,
                "spades_lead",
            )
    return None


def _follow_refusal(
    rules: SpadesRules, cards: Deck, hand: Sequence[str], card: str, situation: Situation
) -> Verdict | None:
    """Following to a trick: rake 'em and shake 'em, the lowest club on the first trick, follow suit, solo."""
    trick = situation.trick_so_far
    led = cards.suit(trick[0])
    if rules.rake_em_and_shake_em and trick[0] == "BJ" and any(cards.is_trump(other) for other in hand):
        return _rake_refusal(cards, hand, card)
    if situation.trick == 1 and rules.first_lead == "lowest_club":
        refused = _lowest_club_refusal(cards, hand, card)
        if refused is not None:
            return refused
    can_follow = any(cards.suit(other) == led for other in hand)
    if can_follow and cards.suit(card) != led:
        return Verdict(
            None,
            Text(_("%(suit)s were led and there is one in the hand: follow suit."), {"suit": _suit_name(led)}),
            PLAY,
            "follow_suit",
        )
    if rules.players == "solo4":
        return _solo_refusal(rules, cards, hand, card, trick)
    return None


def _rake_refusal(cards: Deck, hand: Sequence[str], card: str) -> Verdict | None:
    """The big joker was led: everyone with a spade plays their highest (``rake_em_and_shake_em``)."""
    highest = max((other for other in hand if cards.is_trump(other)), key=cards.rank)
    if cards.rank(card) != cards.rank(highest):
        return Verdict(
            None,
            Text(_("The big joker was led: everyone plays their highest spade, %(card)s."), {"card": highest}),
            _RAKE,
            "must_beat",
        )
    return None


def _lowest_club_refusal(cards: Deck, hand: Sequence[str], card: str) -> Verdict | None:
    """On the first trick everyone plays their lowest club; without clubs, no spade unless only spades
    are left (``first_lead: lowest_club``; 002 "Variations in the play")."""
    lowest = _lowest_club(cards, hand)
    if lowest is not None and card != lowest:
        return Verdict(
            None,
            Text(_("On the first trick everyone plays their lowest club: %(card)s."), {"card": lowest}),
            _FIRST_LEAD,
            "first_lead",
        )
    if lowest is None and cards.is_trump(card) and any(not cards.is_trump(other) for other in hand):
        return Verdict(
            None,
            Text(_("No club on the first trick: discard a diamond or a heart, not a spade.")),
            _FIRST_LEAD,
            "first_lead",
        )
    return None


def _solo_refusal(
    rules: SpadesRules, cards: Deck, hand: Sequence[str], card: str, trick: Sequence[str]
) -> Verdict | None:
    """Solo: the highest card so far must be beaten when a playable card can (``players: solo4``;
    002 "Solo Spades")."""
    best = trick_winner(rules, trick).index
    assert best is not None

    def beats(candidate: str) -> bool:
        return trick_winner(rules, (*trick, candidate)).index == len(trick)

    led = cards.suit(trick[0])
    can_follow = any(cards.suit(other) == led for other in hand)
    playable = [other for other in hand if not can_follow or cards.suit(other) == led]
    if any(beats(other) for other in playable) and not beats(card):
        return Verdict(
            None,
            Text(_("Solo: the highest card so far must be beaten when it can be.")),
            _SOLO,
            "must_beat",
        )
    return None


def _lowest_club(cards: Deck, hand: Sequence[str]) -> str | None:
    """The lowest club of ``hand`` that is not a trump, or ``None``."""
    clubs = [card for card in hand if not cards.is_trump(card) and card.endswith("C")]
    return min(clubs, key=cards.rank) if clubs else None


def legal_plays(rules: SpadesRules, hand: Sequence[str], situation: Situation) -> tuple[str, ...]:
    """The cards of ``hand`` that may be played now (see :func:`refusal` for why the others may not)."""
    return tuple(card for card in hand if refusal(rules, hand, card, situation) is None)


def verify_play(rules: SpadesRules, hand: Sequence[str], card: str, situation: Situation) -> None:
    """The revoke check: was playing ``card`` from ``hand`` legal?

    Raises:
        RuleError: ``field="play"`` with the reason and its source.
    """
    refused = refusal(rules, hand, card, situation)
    if refused is not None:
        raise RuleError(refused.text, field="play", source=refused.source)
