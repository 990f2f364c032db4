"""Replaying a Mü deal from its play (issue 16): the deal's trumps, trick winner and the duty
to follow as a :class:`~scorekeeper.engine.replay.Table` for the shared walk (``mu.md`` §1, §7).

The Chef leads the first trick (§7); a trump led must be followed by a trump; a won trick
gives its winner the card points of its cards (§1: 1 and 9 -> 0, 6 and 7 -> 2, others 1).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import RecordError
from ..replay import Play, Refusal, Replay, Table, replay, verify_play_shape
from ..source import Source
from ..text import Text
from ..text import gettext_noop as _
from .game import Played
from .play import parse_card, refusal, suit, trick_winner
from .sources import CARDS, PLAY
from .tables import DIGITS, HAND_SIZE, card_points


def card_copies(card: str) -> int:
    """How often ``card`` is in the deck: 1 and 7 twice per colour, other digits once (§1)."""
    try:
        colour, digit = parse_card(card)
    except ValueError:
        return 0
    # Only as the record writes it ("green 3"): "green 03" is the same card, and must count as it.
    return DIGITS.count(digit) if card == f"{colour} {digit}" else 0


def mu_table(deal: Played, *, names: Sequence[str]) -> Table:
    """The replay's view of a played deal: its trumps and its Chef."""
    chef_trump, vize_trump = deal.chef_trump, deal.vize_trump

    def winner(trick: Sequence[str]) -> tuple[int, Text, Source]:
        index, reason = trick_winner(trick, chef_trump, vize_trump)
        return index, reason, PLAY

    def refused(
        hand: Sequence[str], card: str, number: int, before: Sequence[str], earlier: Sequence[Sequence[str]]
    ) -> Refusal | None:
        text = refusal(hand, card, before, chef_trump, vize_trump)
        return None if text is None else Refusal("follow_suit", text, PLAY)

    return Table(
        seats=len(names),
        tricks=HAND_SIZE[len(names)],
        copies=card_copies,
        winner=winner,
        refusal=refused,
        worth=lambda trick: sum(card_points(parse_card(card)[1]) for card in trick),
        first_leader=lambda shown: (frozenset({deal.chef}), Text(_("the Chef leads")), PLAY),
        names=names,
        follows=lambda card, led: suit(card, chef_trump, vize_trump) == suit(led, chef_trump, vize_trump),
    )


def mu_replay(deal: Played, play: Play, *, names: Sequence[str], number: int = 0, in_progress: bool = False) -> Replay:
    """Check ``play`` of deal ``number`` (0-based) and replay it; ``taken`` is card points.

    Raises:
        RecordError: a play that cannot have happened (see :func:`~..replay.verify_play_shape`).
    """
    table = mu_table(deal, names=names)
    verify_play_shape(play, table, hand=number, unit="deal", in_progress=in_progress)
    colours = {parse_card(card)[0] for trick in play.tricks for card in trick}
    if len(names) == 3 and len(colours) > 3:
        raise RecordError(
            Text(
                _("With 3 players two colours are out of the game, but the play shows %(count)d colours."),
                {"count": len(colours)},
            ),
            field="play",
            hand=number,
            source=CARDS,
            unit="deal",
        )
    return replay(play, table)
