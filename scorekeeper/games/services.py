"""Writes: every change to a game goes through one of these functions.

Each is keyword-only, runs in one transaction, locks the game row, checks the
change with the engine *before* writing, and raises
:class:`~scorekeeper.engine.errors.RuleError` (nothing written) when a rule
forbids it. Names follow ``<thing>_<action>``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

from django.db import transaction
from django.db.models import QuerySet

from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.mu.auction import auction, verify_laid, verify_trump_laid, vize_of
from scorekeeper.engine.mu.game import MuGame, Played
from scorekeeper.engine.mu.rules import mu_rules_record
from scorekeeper.engine.mu.scoring import verify_deal
from scorekeeper.engine.record import (
    FORMAT,
    hand_record,
    mu_deal_record,
    parse_record,
    parse_spades_hand,
    score_game,
)
from scorekeeper.engine.spades.bidding import verify_bidding
from scorekeeper.engine.spades.game import Bid, normalise_bid
from scorekeeper.engine.spades.rules import spades_rules, spades_rules_record
from scorekeeper.engine.stats import PlayerLine, player_lines
from scorekeeper.engine.text import Text, gettext_noop

from .models import MAX_HANDS, NAME_LENGTH, Change, Deal, Game, Hand, HouseRules, Player, Seat, new_key


def _locked(game: Game) -> tuple[Game, list[Any]]:
    """Lock ``game`` for this transaction; return it fresh with its hands (or Mü deals) in order."""
    locked = Game.objects.select_for_update().get(pk=game.pk)
    return locked, locked.rounds()


class StaleHand(RuleError):
    """The form was for a hand that another phone has saved or undone meanwhile."""


def _check_number(number: int | None, expected: int | None) -> None:
    """Raise :class:`StaleHand` if the form's hand ``number`` is not ``expected`` (``None``: no such hand now)."""
    if number is not None and number != expected:
        raise StaleHand(Text(gettext_noop("This hand was just changed from another phone: here is the fresh sheet.")))


#: The figures a seat of the read model takes from the engine's ``PlayerLine``.
SEAT_FIGURES = tuple(field.name for field in dataclasses.fields(PlayerLine) if field.name not in ("seat", "side"))


def _rebuild_read_model(game: Game, rows: Sequence[Hand | Deal]) -> None:
    """Recompute the statistics' read model from the hands (``rows``, in order): the game's
    ``finished`` and ``hands_played`` (not saved) and each seat's figures (one query).

    The hands are the facts; this only keeps their sums where the statistics can
    add them up fast. Run inside the transaction of the write that changed the hands.
    """
    engine = game.to_engine(list(rows))
    sheet = score_game(engine)
    game.finished = sheet.finished
    game.hands_played = len(sheet.hands)
    seats = list(game.seats.all())
    by_seat = {line.seat: line for line in player_lines(engine, sheet)}
    for seat in seats:
        line = by_seat[seat.seat]
        seat.side = line.side
        for name in SEAT_FIGURES:
            setattr(seat, name, getattr(line, name))
    Seat.objects.bulk_update(seats, ["side", *SEAT_FIGURES])


def _seat_players(
    game: Game,
    group: Iterable[Player],
    owner: Any,
    *,
    rows: Sequence[Hand | Deal],
    seated: dict[int, Player] | None = None,
) -> None:
    """Seat a person for each of a new game's names: the one ``seated`` there (a rematch:
    the same people, whatever they are called now), else the player of ``group`` with
    that name (case ignored), else a new player of ``owner``'s group (one person per
    seat); then build the read model from the game's hands or deals ``rows``."""
    known = {}
    for player in group.all() if isinstance(group, QuerySet) else group:  # .all(): never a stale cache
        known.setdefault(player.name.casefold(), player)
    seats = []
    for seat, name in enumerate(game.players):
        player = (seated or {}).get(seat) or known.get(name.casefold())
        if player is None or any(taken.player_id == player.pk for taken in seats):
            player = Player.objects.create(owner=owner, name=name)
        seats.append(Seat(game=game, player=player, seat=seat, side=seat))
    Seat.objects.bulk_create(seats)
    _rebuild_read_model(game, rows)
    game.save(update_fields=["finished", "hands_played"])


def _check_shown(row: Hand | Deal | None, shown: str | None) -> None:
    """Raise :class:`StaleHand` if the row changed since the form showed it.

    ``shown`` is the :func:`~scorekeeper.games.models.fingerprint` of the record the
    form was opened with (``None``: not checked)."""
    if shown is not None and shown != (row.fingerprint() if row is not None else ""):
        raise StaleHand(Text(gettext_noop("This hand was just changed from another phone: here is the fresh sheet.")))


def _snapshot(row: Hand | Deal | None) -> dict[str, Any] | None:
    """The record of a hand or deal as the change history keeps it (``None``: no row)."""
    return None if row is None else row.snapshot()


def _touch(
    game: Game,
    rows: Sequence[Hand | Deal],
    *,
    action: str,
    number: int,
    before: dict[str, Any] | None,
    after: Hand | Deal | None,
    device: str,
    reverts: Change | None = None,
) -> Change:
    """Mark a write to the locked ``game``, whose hands or deals are now ``rows``: a new
    version for the phones polling it, the statistics rebuilt, and the change in its
    history (``before``: the row's record before; ``after``: the row now)."""
    game.version += 1
    _rebuild_read_model(game, rows)
    game.save(update_fields=["updated_at", "version", "finished", "hands_played"])
    return Change.objects.create(
        game=game,
        action=action,
        number=number,
        before=before,
        after=_snapshot(after),
        device=device[:100],
        reverts=reverts,
    )


@transaction.atomic
def game_create(
    *,
    players: Sequence[str],
    dealer: int,
    rules: dict[str, Any],
    kind: str = "spades",
    owner: Any = None,
    group: Iterable[Player] = (),
) -> Game:
    """Start a game.

    Args:
        players: names in clockwise seating order (Spades: as many as the rules
            seat, partners opposite; Mü: 3 to 6).
        dealer: seat index of the first dealer.
        rules: a game record's rules object (``{"preset": ..., key: value}``).
        kind: ``"spades"`` or ``"mu"``.
        owner: the signed-in user starting it, or ``None``.
        group: the players the names are matched to (by name, case ignored);
            a name none of them has becomes a new player.

    Raises:
        RecordError: a bad name list, dealer, preset, key or value.
    """
    engine = parse_record(
        {"format": FORMAT, "game": kind, "players": list(players), "dealer": dealer, "rules": rules, "hands": []}
    )
    record_rules = mu_rules_record(engine.rules) if isinstance(engine, MuGame) else spades_rules_record(engine.rules)
    game = Game.objects.create(
        kind=kind, players=list(engine.players), dealer=engine.dealer, rules=record_rules, owner=owner
    )
    _seat_players(game, group, owner, rows=[])
    return game


@transaction.atomic
def house_rules_save(*, name: str, rules: dict[str, Any], owner: Any, mine: QuerySet[HouseRules]) -> HouseRules:
    """Keep ``rules`` (a record's rules object) under ``name`` for whoever saves them.

    Args:
        owner: the signed-in user saving them, or ``None`` (the caller then lets the
            browser remember the set: ``access.house_rules_saved``).
        mine: the sets of the one saving (``access.house_rules_of``): one of them with
            that name is replaced; nobody else's set is ever touched.

    Raises:
        RecordError: the rules are not valid.
    """
    stored = spades_rules_record(spades_rules(rules))
    house_rules = mine.select_for_update().filter(name=name).first()
    if house_rules is None:
        return HouseRules.objects.create(owner=owner, name=name, rules=stored)
    house_rules.rules = stored
    house_rules.save(update_fields=["rules", "updated_at"])
    return house_rules


def verify_names(names: Sequence[str]) -> None:
    """Raise :class:`RuleError` (``field="players"``) if a name is longer than :data:`NAME_LENGTH`."""
    for name in names:
        if len(name) > NAME_LENGTH:
            raise RuleError(
                Text(gettext_noop("The name “%(name)s…” is longer than 40 characters."), {"name": name[:20]}),
                field="players",
            )


def record_verified(record: Any) -> tuple[Any, Any]:
    """The engine game of a decoded game record and its sheet, checked for import: the
    size first (at most :data:`~scorekeeper.games.models.MAX_HANDS` hands, before any
    work), then the shape, the names and every hand's rules.

    Raises:
        RuleError: too many hands, a malformed record, a name too long, a hand breaking a rule.
    """
    hands = record.get("hands") if isinstance(record, dict) else None
    if isinstance(hands, list) and len(hands) > MAX_HANDS:
        raise RuleError(
            Text(
                gettext_noop("A game holds at most %(most)d hands; this record has %(count)d."),
                {"most": MAX_HANDS, "count": len(hands)},
            ),
            field="hands",
        )
    engine = parse_record(record)
    verify_names(engine.players)
    return engine, score_game(engine)


@transaction.atomic
def game_import(*, record: Any, owner: Any = None, group: Iterable[Player] = ()) -> Game:
    """Store a game record (``shared/formats/game-record.md``) as a new game.

    Args:
        owner: the signed-in user importing it, or ``None``.
        group: the players its names are matched to (see :func:`game_create`).

    Raises:
        RuleError: the record is malformed or any hand breaks a rule.
    """
    engine, _sheet = record_verified(record)  # every hand must be legal before anything is stored
    mu = isinstance(engine, MuGame)
    game = Game.objects.create(
        kind=Game.Kind.MU if mu else Game.Kind.SPADES,
        players=list(engine.players),
        dealer=engine.dealer,
        rules=mu_rules_record(engine.rules) if mu else spades_rules_record(engine.rules),
        owner=owner,
    )
    if mu:
        rows: list[Any] = Deal.objects.bulk_create(
            Deal(game=game, number=number, record=mu_deal_record(deal)) for number, deal in enumerate(engine.deals)
        )
    else:
        rows = Hand.objects.bulk_create(
            _stored_hand(game, number, hand, engine.rules) for number, hand in enumerate(engine.hands)
        )
    _seat_players(game, group, owner, rows=rows)
    return game


def _stored_hand(game: Game, number: int, hand: Any, rules: Any) -> Hand:
    """A :class:`Hand` row for an engine hand: bids (normalised), tricks, the rest as declarations."""
    record = hand_record(hand)
    bids = record.pop("bids", None)
    tricks = record.pop("tricks", None)
    return Hand(
        game=game,
        number=number,
        bids=None if bids is None else [normalise_bid(rules, bid) for bid in bids],
        tricks=tricks,
        declarations=record,
    )


@transaction.atomic
def game_rematch(*, game: Game, owner: Any = None) -> Game:
    """A new game with the same players and house rules; the deal moves on to the left.

    ``owner``: the signed-in user asking for it, or ``None``.
    """
    game, hands = _locked(game)
    dealer = game.to_engine(hands).dealer_of(len(hands))
    new = Game.objects.create(kind=game.kind, players=game.players, dealer=dealer, rules=game.rules, owner=owner)
    same_people = {seat.seat: seat.player for seat in game.seats.select_related("player")}
    _seat_players(new, (), owner, rows=[], seated=same_people)
    return new


@transaction.atomic
def hand_bids_save(
    *,
    game: Game,
    bids: Sequence[Bid],
    declarations: dict[str, Any] | None = None,
    number: int | None = None,
    device: str = "",
) -> Hand:
    """Write the bids of the next hand (the hand is then in play).

    Args:
        bids: one bid per seat in seat order (int, ``"nil"``, ``"blind_nil"``,
            ``"double_nil"``), or one number per side with partnership bidding.
        declarations: the record's bid-time hand fields: ``blind``,
            ``ten_for_two_hundred``, ``no_trump`` (side lists) and ``bemo``
            (``{"side", "kind", "made": None}`` objects).
        number: the 0-based hand number the form was showing; when given and the
            game has moved on meanwhile (another phone), nothing is written.
        device: the phone's name, for the game's history.

    Raises:
        StaleHand: ``number`` is not the next hand any more.
        RuleError: the game is over, a hand is already in play, or a bid or
            declaration is not allowed now (``field``, ``seat`` set).
    """
    game, hands = _locked(game)
    _check_number(number, len(hands))
    engine, sheet = _next_hand_state(game, hands)
    declarations = declarations or {}
    candidate = parse_spades_hand(len(hands), {"bids": list(bids), "tricks": [], **declarations})
    checked = verify_bidding(engine, candidate, totals=sheet.totals, number=len(hands))
    hand = Hand.objects.create(game=game, number=len(hands), bids=list(checked.bids or ()), declarations=declarations)
    _touch(game, [*hands, hand], action=Change.Action.BIDS, number=hand.number, before=None, after=hand, device=device)
    return hand


@transaction.atomic
def hand_misdeal(*, game: Game, seat: int, number: int | None = None, device: str = "") -> Hand:
    """Record that ``seat`` called a misdeal: the hand is thrown in, the same dealer deals again.

    Raises:
        StaleHand: ``number`` is not the next hand any more.
        RuleError: misdeals are not played, or a hand is in play or the game is over.
    """
    game, hands = _locked(game)
    _check_number(number, len(hands))
    engine, _sheet = _next_hand_state(game, hands)
    candidate = Hand(game=game, number=len(hands), bids=None, tricks=None, declarations={"misdeal": seat})
    _verify(game, [*hands, candidate])
    candidate.save()
    rows = [*hands, candidate]
    _touch(
        game, rows, action=Change.Action.MISDEAL, number=candidate.number, before=None, after=candidate, device=device
    )
    return candidate


def verify_room(rows: Sequence[Any], *, unit: str = "hand") -> None:
    """Raise :class:`RuleError` if a game of ``rows`` (hands, deals or record entries) has no
    room for another: a game holds at most :data:`~scorekeeper.games.models.MAX_HANDS`."""
    if len(rows) >= MAX_HANDS:
        template = (
            gettext_noop("This game has reached %(most)d deals, the most a game can hold: start a new one.")
            if unit == "deal"
            else gettext_noop("This game has reached %(most)d hands, the most a game can hold: start a new one.")
        )
        raise RuleError(Text(template, {"most": MAX_HANDS}))


def _next_hand_state(game: Game, hands: list[Hand]) -> tuple[Any, Any]:
    """The engine game and its sheet, checked that a new hand may start now."""
    verify_room(hands)
    if hands and not hands[-1].is_complete:
        raise RuleError(
            Text(gettext_noop("The bids of this hand are already written: enter the tricks, or undo the bids.")),
            field="bids",
        )
    engine = game.to_engine(hands)
    sheet = score_game(engine)
    if sheet.finished:
        raise RuleError(Text(gettext_noop("The game is over: no more hands.")), source="spades.md: Standard scoring 5")
    return engine, sheet


@transaction.atomic
def hand_tricks_save(
    *,
    game: Game,
    tricks: Sequence[int],
    results: dict[str, Any] | None = None,
    number: int | None = None,
    device: str = "",
) -> Hand:
    """Write the tricks taken in the hand in play; the hand is then scored.

    The first hand of a game that bids itself has no bids: its tricks start and
    finish it at once.

    Args:
        tricks: tricks taken per seat, in seat order.
        results: what else happened in play: ``bemo`` outcomes (``{side: made}``),
            ``bag_cancel`` (the side that took the card), ``high_spade_run`` (per side).
        number: the 0-based number of the hand in play the form was showing.

    Raises:
        StaleHand: ``number`` is not the hand in play any more.
        RuleError: no hand is in play, or the tricks or results are wrong.
    """
    game, hands = _locked(game)
    in_play = bool(hands) and not hands[-1].is_complete
    bids_itself = not in_play and game.to_engine(hands).bids_itself(len(hands))
    _check_number(number, len(hands) - 1 if in_play else (len(hands) if bids_itself else None))
    if bids_itself:
        hands.append(Hand(game=game, number=len(hands), bids=None, declarations={}))
    elif not in_play:
        raise RuleError(Text(gettext_noop("No hand is in play: enter the bids first.")), field="tricks")
    current = hands[-1]
    before = None if bids_itself else _snapshot(current)
    current.tricks = list(tricks)
    current.declarations = _with_results(current.declarations, results or {})
    _verify(game, hands)
    current.save()
    _touch(game, hands, action=Change.Action.TRICKS, number=current.number, before=before, after=current, device=device)
    return current


def _with_results(declarations: dict[str, Any], results: dict[str, Any]) -> dict[str, Any]:
    """The hand's record fields once played: bemo outcomes filled in, play facts added."""
    merged = dict(declarations)
    if merged.get("bemo"):
        outcomes = results.get("bemo", {})
        merged["bemo"] = [{**bemo, "made": outcomes.get(bemo["side"])} for bemo in merged["bemo"]]
    for name in ("bag_cancel", "high_spade_run"):
        if results.get(name) is not None:
            merged[name] = results[name]
    return merged


@transaction.atomic
def hand_update(
    *,
    game: Game,
    number: int,
    bids: Sequence[Bid] | None,
    tricks: Sequence[int],
    declarations: dict[str, Any] | None = None,
    shown: str | None = None,
    device: str = "",
) -> Hand:
    """Correct a played hand (0-based ``number``); every later hand is checked again.

    Args:
        bids, tricks: as in the record (``bids`` ``None`` for a hand that bids itself).
        declarations: the hand's optional record fields; ``None`` keeps the stored ones.
        shown: the fingerprint of the hand the form was opened with: if another
            phone changed the hand since, nothing is written.
        device: the phone's name, for the game's history.

    Raises:
        Hand.DoesNotExist: no played hand with that number.
        StaleHand: the hand changed since the form was opened.
        RuleError: the corrected hand, or a later hand because of it, breaks a rule.
    """
    game, hands = _locked(game)
    if not 0 <= number < len(hands) or not hands[number].is_complete or hands[number].tricks is None:
        raise Hand.DoesNotExist
    hand = hands[number]
    _check_shown(hand, shown)
    before = _snapshot(hand)
    rules = spades_rules(game.rules)
    hand.bids = None if bids is None else [normalise_bid(rules, bid) for bid in bids]
    hand.tricks = list(tricks)
    if declarations is not None:
        hand.declarations = declarations
    _verify(game, hands)
    hand.save(update_fields=["bids", "tricks", "declarations"])
    _touch(game, hands, action=Change.Action.EDIT, number=hand.number, before=before, after=hand, device=device)
    return hand


#: Why a change to the order of hands (Spades) or deals (Mü) is refused.
_ROW_TEXTS = {
    "spades": {
        "changed": gettext_noop("Hand %(number)s has changed again since: undo the later change first."),
        "later": gettext_noop("Hands after hand %(number)s are in the way: undo them first."),
        "earlier": gettext_noop("Hand %(number)s can only come back after the hands before it."),
        "in_play": gettext_noop("Hand %(number)s would be in play with later hands after it: undo those first."),
    },
    "mu": {
        "changed": gettext_noop("Deal %(number)s has changed again since: undo the later change first."),
        "later": gettext_noop("Deals after deal %(number)s are in the way: undo them first."),
        "earlier": gettext_noop("Deal %(number)s can only come back after the deals before it."),
        "in_play": gettext_noop("Deal %(number)s would be in play with later deals after it: undo those first."),
    },
}


def _check_only_last_in_play(rows: Sequence[Hand | Deal], kind: str) -> None:
    """Raise :class:`RuleError` if a hand or deal other than the last is still in play
    (the engine skips rows in play, so one in the middle would shift every later number)."""
    for row in rows[:-1]:
        if not row.is_complete:
            raise RuleError(Text(_ROW_TEXTS[kind]["in_play"], {"number": row.number + 1}))


def _verify(game: Game, hands: list[Hand]) -> None:
    """Check ``hands`` (changed in memory, not yet saved) as the whole game.

    Scores every played hand and checks the bids of a hand still in play at the
    new scores, so a correction can never leave a later hand illegal.

    Raises:
        RuleError: tagged with the 0-based hand that breaks a rule.
    """
    _check_only_last_in_play(hands, "spades")
    engine = game.to_engine(hands)
    sheet = score_game(engine)
    if hands and not hands[-1].is_complete:
        if sheet.finished:
            raise RuleError(
                Text(gettext_noop("With this change the game is over before the hand in play.")),
                hand=len(hands) - 1,
                source="spades.md: Standard scoring 5",
            )
        in_play = hands[-1]
        candidate = parse_spades_hand(in_play.number, {"bids": in_play.bids, "tricks": [], **in_play.declarations})
        try:
            verify_bidding(engine, candidate, totals=sheet.totals, number=in_play.number)
        except RuleError as error:
            raise error.at_hand(len(hands) - 1) from None


@transaction.atomic
def hand_undo(
    *, game: Game, number: int | None = None, shown: str | None = None, device: str = ""
) -> Hand | Deal | None:
    """Delete the last hand (its bids, if it is still in play) or Mü deal; return it, or ``None``.

    Args:
        number, shown: the 0-based number and fingerprint of the last hand as the
            undo button showed it: if another phone changed the game since, nothing
            is deleted (so a late tap never deletes a hand it did not mean).
        device: the phone's name, for the game's history.

    Raises:
        StaleHand: the last hand is not the one shown any more.
    """
    game, hands = _locked(game)
    last = hands[-1] if hands else None
    _check_number(number, last.number if last else None)
    _check_shown(last, shown)
    if last is None:
        return None
    before = _snapshot(last)
    last.delete()
    _touch(game, hands[:-1], action=Change.Action.UNDO, number=last.number, before=before, after=None, device=device)
    return last


@transaction.atomic
def deal_auction_save(
    *,
    game: Game,
    laid: Sequence[int],
    last: int | None = None,
    vize_digits: dict[int, tuple[int, ...]] | None = None,
    vize_trump: Any = None,
    chef_trump: Any = None,
    partner: int | None = None,
    laid_cards: dict[int, tuple[tuple[str, int], ...]] | None = None,
    number: int | None = None,
    device: str = "",
) -> Deal:
    """Write what a Mü auction decided (``mu.md`` §3-§6).

    An Eklat (or everyone passing) ends the deal at once. Otherwise the deal is
    in play until :func:`deal_points_save`: the Chef, level, Vize, trumps and partner.

    Args:
        laid: cards each player laid (seat order).
        last: with an Eklat, the tied player who laid last.
        vize_digits: with players tied for Vize, the digits each laid (the tie-break).
        vize_trump, chef_trump: colour name, digit or ``None`` (the Chef only).
        partner: the Chef's partner (more than 3 players).
        laid_cards: optionally, the cards players laid ((colour, digit index) pairs):
            the Chef's and Vize's trumps must then be among theirs (§5).
        number: the 0-based deal the form was shown for (a version check).
        device: the phone's name, for the game's history.

    Raises:
        StaleHand: another phone changed the game meanwhile.
        RuleError: at the field: laid cards, who laid last, digits, trumps, partner.
    """
    game, deals = _locked(game)
    _check_number(number, len(deals))
    verify_room(deals, unit="deal")
    if deals and not deals[-1].is_complete:
        raise RuleError(Text(gettext_noop("This deal is being played: enter the card points, or undo the auction.")))
    engine = game.to_engine(deals)
    if score_game(engine).finished:
        raise RuleError(Text(gettext_noop("The game is over: no more deals.")), source="mu.md §9")
    count = len(engine.players)
    verify_laid(count, laid)
    result = auction(laid)
    if result.all_passed:
        record: dict[str, Any] = {"eklat": None}
    elif result.eklat:
        if last not in result.tied:
            raise RuleError(
                Text(gettext_noop("Eklat: who of the tied players laid a card last?")), field="last", source="mu.md §4"
            )
        record = {"eklat": {"level": result.level, "tied": list(result.tied), "last": last}}
    else:
        vize = vize_of(result, vize_digits or {})
        record = {
            "chef": result.chef,
            "level": result.level,
            "vize": vize,
            "chef_trump": chef_trump,
            "vize_trump": vize_trump if vize is not None else None,
            "partner": partner if count > 3 else None,
        }
        deal = Played(**{**record, "points": None})
        verify_deal(engine, deal, played=False)
        cards = laid_cards or {}
        names = engine.players
        if vize is not None:
            verify_trump_laid(vize_trump, cards.get(vize, ()), names[vize])
        verify_trump_laid(chef_trump, cards.get(result.chef, ()), names[result.chef])
    stored = Deal.objects.create(game=game, number=len(deals), record=record)
    rows = [*deals, stored]
    _touch(game, rows, action=Change.Action.AUCTION, number=stored.number, before=None, after=stored, device=device)
    return stored


@transaction.atomic
def deal_points_save(*, game: Game, points: Sequence[int], number: int | None = None, device: str = "") -> Deal:
    """Write the card points each player took in the deal being played; it is then scored.

    Raises:
        StaleHand: another phone changed the game meanwhile.
        RuleError: no deal is being played, or the points are wrong (``field="points"``).
    """
    game, deals = _locked(game)
    in_play = bool(deals) and not deals[-1].is_complete
    _check_number(number, len(deals) - 1 if in_play else None)
    if not in_play:
        raise RuleError(Text(gettext_noop("No deal is being played: enter the auction first.")), field="points")
    current = deals[-1]
    before = _snapshot(current)
    current.record = {**current.record, "points": list(points)}
    try:
        score_game(game.to_engine(deals))
    except RuleError as error:
        raise RuleError(error.text, field=error.field, seat=error.seat, source=error.source) from None
    current.save(update_fields=["record"])
    _touch(game, deals, action=Change.Action.POINTS, number=current.number, before=before, after=current, device=device)
    return current


@transaction.atomic
def deal_update(*, game: Game, number: int, record: dict[str, Any], shown: str | None = None, device: str = "") -> Deal:
    """Correct a finished Mü deal (0-based ``number``) with a new deal record; every later deal is scored again.

    Args:
        shown: the fingerprint of the deal the form was opened with (see :func:`hand_update`).
        device: the phone's name, for the game's history.

    Raises:
        Deal.DoesNotExist: no finished deal with that number.
        StaleHand: the deal changed since the form was opened.
        RuleError: the corrected deal, or a later one because of it, breaks a rule.
    """
    game, deals = _locked(game)
    if not 0 <= number < len(deals) or not deals[number].is_complete:
        raise Deal.DoesNotExist
    deal = deals[number]
    _check_shown(deal, shown)
    before = _snapshot(deal)
    deal.record = record
    _verify_deals(game, deals)
    deal.save(update_fields=["record"])
    _touch(game, deals, action=Change.Action.EDIT, number=deal.number, before=before, after=deal, device=device)
    return deal


def _verify_deals(game: Game, deals: list[Deal]) -> None:
    """Check Mü ``deals`` (changed in memory, not yet saved) as the whole game, like :func:`_verify`.

    Raises:
        RuleError: a deal's record is malformed or breaks a rule.
    """
    _check_only_last_in_play(deals, "mu")
    engine = game.to_engine(deals)  # parses the changed records: shape errors surface here
    sheet = score_game(engine)
    if deals and not deals[-1].is_complete:
        if sheet.finished:
            raise RuleError(Text(gettext_noop("With this change the game is over before the deal being played.")))
        in_play = deals[-1].record
        verify_deal(engine, Played(**{**in_play, "points": None}), played=False)


def verify_revert(*, kind: str, rows: Sequence[Hand | Deal], change: Change) -> None:
    """Check that ``change`` can be undone with the game's hands or deals now ``rows`` (in order).

    The hand must still be as the change left it; a hand can only appear or go
    at the end of the game, and only the last hand may be left in play. (The
    whole game is scored again when the change is undone: see :func:`change_revert`.)

    Raises:
        RuleError: with the reason, for the player.
    """
    texts = _ROW_TEXTS[kind]
    number = change.number
    current = rows[number] if number < len(rows) else None
    if _snapshot(current) != change.after:
        raise RuleError(Text(texts["changed"], {"number": number + 1}))
    if change.before is None and number != len(rows) - 1:
        raise RuleError(Text(texts["later"], {"number": number + 1}))
    if change.before is not None and current is None and number != len(rows):
        raise RuleError(Text(texts["earlier"], {"number": number + 1}))
    in_play = change.before is not None and not _restored(kind, change.before).is_complete
    if in_play and number < len(rows) - (current is not None):
        raise RuleError(Text(texts["later"], {"number": number + 1}))  # only the last may be in play


def can_revert(*, kind: str, rows: Sequence[Hand | Deal], change: Change) -> bool:
    """Whether :func:`verify_revert` lets ``change`` be undone now (offers its button)."""
    try:
        verify_revert(kind=kind, rows=rows, change=change)
    except RuleError:
        return False
    return True


def _restored(kind: str, record: dict[str, Any]) -> Hand | Deal:
    """An unsaved hand or deal holding ``record``."""
    row = Deal() if kind == "mu" else Hand()
    row.restore(record)
    return row


@transaction.atomic
def change_revert(*, game: Game, change_id: int, device: str = "") -> Change:
    """Undo one change from the game's history: its hand or deal goes back to how it was before.

    Any change may be undone, not only the last, as long as its hand is still as
    that change left it; a new or deleted hand can only come and go at the end of
    the game. The whole game is checked again, and the undoing is itself a change
    (so it can be undone in turn).

    Returns:
        The new ``REVERT`` change.

    Raises:
        Change.DoesNotExist: the game has no such change.
        RuleError: the hand changed again since (undo the later change first),
            later hands follow it, or the game would break a rule.
    """
    game, rows = _locked(game)
    change = game.changes.get(pk=change_id)
    verify_revert(kind=game.kind, rows=rows, change=change)
    number = change.number
    current = rows[number] if number < len(rows) else None
    if change.before is None:
        rows.pop()
    elif current is None:
        current = Deal(game=game, number=number) if game.is_mu else Hand(game=game, number=number)
        rows.append(current)
    if change.before is not None:
        current.restore(change.before)
    if game.is_mu:
        _verify_deals(game, rows)
    else:
        _verify(game, rows)
    if change.before is None:
        current.delete()
        current = None
    else:
        current.save()
    return _touch(
        game,
        rows,
        action=Change.Action.REVERT,
        number=number,
        before=change.after,
        after=current,
        device=device,
        reverts=change,
    )


@transaction.atomic
def game_link_renew(*, game: Game, link: str) -> Game:
    """Give the game a new ``"edit"`` or ``"view"`` link; the old one stops working at once.

    Phones that opened the old link lose the game (their next poll reloads to
    "this link does not open a game"); the owner keeps it.
    """
    game = Game.objects.select_for_update().get(pk=game.pk)
    field = {"edit": "edit_key", "view": "view_key"}[link]
    setattr(game, field, new_key())
    game.version += 1  # open pages poll again and find out
    game.save(update_fields=[field, "version", "updated_at"])
    return game


@transaction.atomic
def game_view_link_revoke(*, game: Game) -> Game:
    """Turn the view link off: it opens nothing until renewed. (The edit link can only be renewed.)"""
    game = Game.objects.select_for_update().get(pk=game.pk)
    game.view_key = None
    game.version += 1
    game.save(update_fields=["view_key", "version", "updated_at"])
    return game


def game_stats_rebuild() -> int:
    """Rebuild every game's read model from its hands, seating players where a game has none
    (names matched within the owner's group). One transaction per game; returns how many games."""
    count = 0
    for game_id in Game.objects.order_by("created_at").values_list("pk", flat=True):
        with transaction.atomic():
            game, rows = _locked(Game(pk=game_id))
            if game.seats.exists():
                _rebuild_read_model(game, rows)
                game.save(update_fields=["finished", "hands_played"])
            else:
                _seat_players(game, Player.objects.filter(owner=game.owner), game.owner, rows=rows)
        count += 1
    return count


@transaction.atomic
def player_rename(*, player: Player, name: str) -> Player:
    """Give a player a new name in the statistics (games keep the names as typed at the table).

    Raises:
        RuleError: ``field="name"``: empty, or longer than 40 characters.
    """
    name = name.strip()
    if not name or len(name) > NAME_LENGTH:
        raise RuleError(Text(gettext_noop("A name has 1 to 40 characters.")), field="name")
    player.name = name
    player.save(update_fields=["name"])
    return player


@transaction.atomic
def player_merge(*, player: Player, into: Player) -> Player:
    """Make ``player`` and ``into`` one person: ``player``'s games become ``into``'s, and ``player`` goes.

    Raises:
        RuleError: ``field="into"``: the same player, or both played in one game (two people).
    """
    if player.pk == into.pk:
        raise RuleError(Text(gettext_noop("Choose another player to merge with.")), field="into")
    shared = Seat.objects.filter(player=player, game__seats__player=into).exists()
    if shared:
        raise RuleError(
            Text(gettext_noop("%(one)s and %(other)s played in the same game: they are two people."),
                 {"one": player.name, "other": into.name}),
            field="into",
        )  # fmt: skip
    Seat.objects.filter(player=player).update(player=into)
    player.delete()
    return into


@transaction.atomic
def games_import(*, records: Sequence[Any], owner: Any = None, group: Iterable[Player] = ()) -> list[Game]:
    """Store several game records as new games, all or none (one transaction).

    Args:
        records: game records already checked by a preview (each is checked again).
        owner, group: as for :func:`game_import`; players met in one record are
            matched in the next ones too.

    Raises:
        RuleError: a record is malformed or breaks a rule (nothing is stored).
    """
    known = list(group)
    games = []
    for record in records:
        game = game_import(record=record, owner=owner, group=known)
        known.extend(seat.player for seat in game.seats.select_related("player"))
        games.append(game)
    return games
