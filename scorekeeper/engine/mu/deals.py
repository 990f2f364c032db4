"""Mü deals: checking one against the rules (an Eklat, or a played deal's Chef, Vize, partner,
trumps and points), and the deal an auction decides (:func:`auction_deal`), so the rules of
who is Chef and Vize stay in the engine.

Source: ``docs/rules/mu.md`` (the Mü & mehr rulebook, 001) §1 "Cards", §4 "Chef,
Eklat, Vize", §5 "Trumps", §6 "Chef team and team target"; ``docs/game-record.md``
("A Mü deal") for the shape of a deal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import RuleError
from ..source import RECORD_FORMAT, Source
from ..text import Text, gettext_noop
from ..text import gettext_noop as _
from .auction import auction, verify_laid, verify_trump_laid, vize_of
from .game import Eklat, MuGame, Played, Trump
from .sources import CARDS, CHEF, EKLAT, LEVEL, PARTNER, TRUMPS
from .tables import COLOURS, HAND_SIZE, points_in_deal


def deal_error(
    template: str, source: Source, *, where: str | None = None, seat: int | None = None, **params: object
) -> RuleError:
    """A :class:`RuleError` about input ``where`` (a record field), in Mü's terms (deals, not hands)."""
    return RuleError(Text(template, params), field=where, seat=seat, source=source, unit="deal")


def verify_deal(game: MuGame, deal: object, *, played: bool = True) -> None:
    """Check one deal against the rules (not yet tagged with its number).

    With ``played=False`` (the auction is written, the cards not yet played) the
    card points are not checked (they are ``None``).

    Raises:
        RuleError: a seat out of range, a level beyond the hand size, the Vize
            as partner, no trump named by the Vize, points not adding up, ...;
            the first problem in the order seats, level, Vize, partner, trumps, points.
    """
    count = len(game.players)
    if isinstance(deal, Eklat):
        _verify_eklat(deal, count)
        return
    assert isinstance(deal, Played)
    _verify_seats(deal, count)
    _verify_level(deal, count)
    _verify_vize(deal, count)
    _verify_partner(deal, count)
    _verify_trump(deal.chef_trump, "chef_trump", may_be_none=True)
    if deal.vize is None:
        if deal.vize_trump is not None:
            raise deal_error(_("Without a Vize there is no Vize trump."), TRUMPS, where="vize_trump")
    else:
        _verify_trump(deal.vize_trump, "vize_trump", may_be_none=False)
    if played or deal.points is not None:
        _verify_points(deal.points, count)


def _verify_eklat(deal: Eklat, count: int) -> None:
    """§4: everyone passed (no level, nobody tied), or two or more different players tied on a level
    from 1 to the hand size, one of whom laid last."""
    if deal.level is None:
        if deal.tied or deal.last is not None:
            raise deal_error(_("An Eklat where everyone passed has no tied players."), EKLAT, where="eklat")
        return
    if type(deal.level) is not int or not 1 <= deal.level <= HAND_SIZE[count]:
        raise deal_error(
            _("An Eklat's level is from 1 to %(most)d cards."), EKLAT, where="eklat", most=HAND_SIZE[count]
        )
    tied = deal.tied
    seats = range(count)
    if len(tied) < 2 or any(type(s) is not int or s not in seats for s in tied) or len(set(tied)) != len(tied):
        raise deal_error(_("An Eklat needs two or more different tied players."), EKLAT, where="eklat")
    if deal.last not in tied:
        raise deal_error(_("The player who laid last must be one of the tied players."), EKLAT, where="eklat")


def _verify_seats(deal: Played, count: int) -> None:
    """Chef, Vize and partner are seats at the table (``docs/game-record.md``); every deal has a Chef (§4)."""
    for name, value in (("chef", deal.chef), ("vize", deal.vize), ("partner", deal.partner)):
        if value is not None and (type(value) is not int or not 0 <= value < count):
            raise deal_error(
                _("'%(field)s' must be a seat from 0 to %(last)d."),
                RECORD_FORMAT,
                where=name,
                field=name,
                last=count - 1,
            )
    if deal.chef is None:
        raise deal_error(_("Every played deal has a Chef."), CHEF, where="chef")


def _verify_level(deal: Played, count: int) -> None:
    """The Chef laid from 1 card to the hand size (§1, §6: the team target's columns)."""
    most = HAND_SIZE[count]
    if type(deal.level) is not int or not 1 <= deal.level <= most:
        raise deal_error(
            _("The Chef's level is from 1 to %(most)d cards with %(count)d players."),
            LEVEL,
            where="level",
            most=most,
            count=count,
        )


def _verify_vize(deal: Played, count: int) -> None:
    """§4: no Vize with 3 players, nor at level 1, and the Chef is never the Vize."""
    if count == 3 and deal.vize is not None:
        raise deal_error(_("With 3 players there is no Vize."), CHEF, where="vize")
    if deal.level == 1 and deal.vize is not None:
        # Anyone else with a card would tie the Chef (an Eklat): the Chef laid alone, so no Vize.
        raise deal_error(
            _("At level 1 the Chef is the only one who laid a card: there is no Vize."), CHEF, where="vize"
        )
    if deal.vize is not None and deal.vize == deal.chef:
        raise deal_error(_("The Chef cannot also be the Vize."), CHEF, where="vize")


def _verify_partner(deal: Played, count: int) -> None:
    """§6: with 3 players the Chef plays alone; with more, the Chef picks a partner who is
    neither the Chef nor the Vize."""
    if count == 3:
        if deal.partner is not None:
            raise deal_error(_("With 3 players the Chef plays alone: no partner."), PARTNER, where="partner")
        return
    if deal.partner is None:
        raise deal_error(_("With more than 3 players the Chef picks a partner."), PARTNER, where="partner")
    if deal.partner == deal.chef:
        raise deal_error(_("The Chef cannot be their own partner."), PARTNER, where="partner")
    if deal.partner == deal.vize:
        raise deal_error(_("The Chef may never pick the Vize as partner."), PARTNER, where="partner")


def _verify_trump(trump: object, name: str, *, may_be_none: bool) -> None:
    """§5: a trump is a colour or a digit 0-9; only the Chef may choose no trump (``None``)."""
    if trump is None:
        if not may_be_none:
            raise deal_error(_("Only the Chef may choose no trump."), TRUMPS, where=name)
        return
    if isinstance(trump, str) and trump in COLOURS:
        return
    if type(trump) is int and 0 <= trump <= 9:
        return
    raise deal_error(
        _("A trump is a colour (red, blue, green, yellow, black) or a digit from 0 to 9."), TRUMPS, where=name
    )


def _verify_points(points: object, count: int) -> None:
    """The card points each player took: whole numbers, one per player, adding up to the deal's (§1)."""
    if not isinstance(points, tuple) or len(points) != count or not all([type(p) is int and p >= 0 for p in points]):
        raise deal_error(
            _("Enter the card points of each of the %(count)d players."), RECORD_FORMAT, where="points", count=count
        )
    total, expected = sum(points), points_in_deal(count)
    if total != expected:
        raise deal_error(
            _("The card points add up to %(total)d, but a deal has %(expected)d."),
            CARDS,
            where="points",
            total=total,
            expected=expected,
        )


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
                Text(gettext_noop("Eklat: who of the tied players laid a card last?")), field="last", source=CHEF
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
