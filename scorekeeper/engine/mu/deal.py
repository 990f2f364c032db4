"""What an auction decides: the deal it starts, checked (Mü & mehr rulebook §3-§6).

The app enters an auction as the cards each player laid (and, as the case may be,
who laid last, the Vize tie-break digits, the trumps and the partner); this builds
the deal's record from them, so the rules of who is Chef and Vize stay in the engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import RuleError
from ..text import Text, gettext_noop
from .auction import auction, verify_laid, verify_trump_laid, vize_of
from .game import MuGame, Played, Trump
from .scoring import verify_deal


def auction_deal(
    game: MuGame,
    *,
    laid: Sequence[int],
    last: int | None = None,
    vize_digits: Mapping[int, Sequence[int]] | None = None,
    chef_trump: Trump = None,
    vize_trump: Trump = None,
    partner: int | None = None,
    laid_cards: Mapping[int, Sequence[tuple[str, int]]] | None = None,
) -> dict[str, Any]:
    """The record of the deal an auction decided (game record, "A Mü deal"), without points.

    Everyone passing is ``{"eklat": None}``; a tie for the most cards an Eklat with the
    ``last`` of the tied players (§4). Otherwise the Chef and level follow from ``laid``,
    the Vize from ``laid`` and, for a tie, ``vize_digits`` (§4); the deal is then in play
    until its card points are written.

    Args:
        laid: cards each player laid, by seat.
        laid_cards: optionally the cards laid, ``(colour, digit index)`` per seat: the
            trumps must then be among the Chef's and the Vize's own (§5).

    Raises:
        RuleError: at the field: ``laid``, ``last``, the Vize digits, a trump, the partner.
    """
    count = len(game.players)
    verify_laid(count, laid)
    result = auction(laid)
    if result.all_passed:
        return {"eklat": None}
    if result.eklat:
        if last not in result.tied:
            raise RuleError(
                Text(gettext_noop("Eklat: who of the tied players laid a card last?")), field="last", source="mu.md §4"
            )
        return {"eklat": {"level": result.level, "tied": list(result.tied), "last": last}}
    chef = result.chef
    assert chef is not None  # neither all passed nor an Eklat: one player laid the most
    vize = vize_of(result, vize_digits or {})
    record: dict[str, Any] = {
        "chef": chef,
        "level": result.level,
        "vize": vize,
        "chef_trump": chef_trump,
        "vize_trump": vize_trump if vize is not None else None,
        "partner": partner if count > 3 else None,
    }
    verify_deal(game, Played(**record, points=None), played=False)  # type: ignore[arg-type]  # in play: no points yet
    cards = laid_cards or {}
    if vize is not None:
        verify_trump_laid(vize_trump, cards.get(vize, ()), game.players[vize])
    verify_trump_laid(chef_trump, cards.get(chef, ()), game.players[chef])
    return record
