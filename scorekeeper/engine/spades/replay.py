"""Replaying a Spades hand from its play (issue 16): the house rules' deck, trick winner and
play rules as a :class:`~scorekeeper.engine.replay.Table` for the shared walk.

Sources: Pagat, Spades (002) "Play", "Variations in the play" (with ``lowest_club`` the holder of
the lowest club in play leads it), "Spades for Three Players" (the holder of the 2 of clubs leads
it), "Solo Spades"; ``docs/rules/spades.md`` keys ``first_lead``, ``spades_lead``,
``rake_em_and_shake_em``, ``deck``, ``players``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ..replay import Play, Refusal, Replay, Table, replay, verify_play_shape
from ..source import Source
from ..text import Text
from ..text import gettext_noop as _
from .cards import deck
from .play import PLAY, Situation, refusal, trick_winner
from .rules import KEYS, SpadesRules

FIRST_LEAD = KEYS["first_lead"].source


def spades_table(rules: SpadesRules, *, dealer: int | None, names: Sequence[str]) -> Table:
    """The replay's view of a Spades hand dealt by ``dealer`` under ``rules`` (``None``: the dealer
    is not known, so who should have led the first trick is known only from the 2♣)."""
    cards = deck(rules.deck)

    def copies(card: str) -> int:
        return cards.copies if card in _card_set(rules.deck) else 0

    def winner(trick: Sequence[str]) -> tuple[int, Text, Source]:
        verdict = trick_winner(rules, trick)
        assert verdict.index is not None
        return verdict.index, verdict.text, verdict.source

    broken_after = [False]  # [k]: a spade was played in the first k tricks (worked out once per trick)

    def refused(
        hand: Sequence[str], card: str, number: int, before: Sequence[str], earlier: Sequence[Sequence[str]]
    ) -> Refusal | None:
        while len(broken_after) <= len(earlier):
            trick = earlier[len(broken_after) - 1]
            broken_after.append(broken_after[-1] or any(cards.is_trump(other) for other in trick))
        verdict = refusal(rules, hand, card, Situation(number, broken_after[len(earlier)], tuple(before)))
        return None if verdict is None or not verdict.rule else Refusal(verdict.rule, verdict.text, verdict.source)

    def first_leader(shown: Sequence[Sequence[str]]) -> tuple[frozenset[int], Text, Source] | None:
        return _first_leader(rules, dealer, shown)

    return Table(
        seats=rules.seats,
        tricks=rules.tricks,
        copies=copies,
        winner=winner,
        refusal=refused,
        worth=lambda trick: 1,
        first_leader=first_leader,
        names=names,
        follows=lambda card, led: cards.suit(card) == cards.suit(led),
    )


@cache
def _card_set(name: str) -> frozenset[str]:
    return frozenset(deck(name).cards)


def _first_leader(
    rules: SpadesRules, dealer: int | None, shown: Sequence[Sequence[str]]
) -> tuple[frozenset[int], Text, Source] | None:
    """Who leads the first trick: the holder of the lowest club in the deck with ``first_lead:
    two_of_clubs`` (002 "Spades for Three Players"), of the lowest club in play with ``lowest_club``
    (002 "Variations in the play": "the holder of the 2 of clubs should lead"), each known once the
    play shows who played it; the dealer with ``dealer_any``, else the dealer's left (002 "Play")."""
    seats = len(shown)
    if rules.first_lead in ("two_of_clubs", "lowest_club"):
        cards = deck(rules.deck)
        clubs = sorted((card for card in cards.cards if card[-1] == "C" and not cards.is_trump(card)), key=cards.rank)
        whole = sum(len(played) for played in shown) == rules.tricks * rules.seats
        if rules.first_lead == "two_of_clubs":
            clubs = clubs[:2]  # the 3 of clubs when the whole play shows the 2 was out of play
        for lowest in clubs:  # lowest_club: up the clubs until one the whole play shows in a hand
            holders = frozenset(seat for seat in range(seats) if lowest in shown[seat])  # two with the double deck
            if holders:
                return holders, _club_leads(rules, lowest), FIRST_LEAD
            if not whole:
                return None  # not shown yet: its holder is not known
        return None
    if dealer is None:
        return None
    if rules.first_lead == "dealer_any":
        return frozenset({dealer}), Text(_("the dealer leads")), FIRST_LEAD
    return frozenset({(dealer + 1) % seats}), Text(_("the dealer's left leads")), PLAY


def _club_leads(rules: SpadesRules, lowest: str) -> Text:
    """Why the holder of ``lowest`` leads the first trick, in the words of ``first_lead``."""
    if rules.first_lead == "lowest_club":
        return Text(_("the holder of the lowest club in play (%(card)s) leads it"), {"card": lowest})
    return Text(_("the holder of the %(card)s leads it"), {"card": lowest})


def spades_replay(
    rules: SpadesRules,
    play: Play,
    *,
    dealer: int | None,
    names: Sequence[str],
    hand: int = 0,
    in_progress: bool = False,
) -> Replay:
    """Check ``play`` of hand ``hand`` (0-based), dealt by ``dealer`` (``None``: not known), and replay it.

    Raises:
        RecordError: a play that cannot have happened (see :func:`~..replay.verify_play_shape`).
    """
    table = spades_table(rules, dealer=dealer, names=names)
    verify_play_shape(play, table, hand=hand, in_progress=in_progress)
    return replay(play, table)
