"""The game record (``docs/game-record.md``, version 1): parse, write, score.

A record holds only facts from the table; scores are computed from it. This
module turns the JSON document into engine values and back, and produces the
output of ``manage.py score``. Optional fields this project adds are documented
in ``docs/game-record.md`` ("Extensions"); unknown fields are an error, never ignored.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from .errors import RecordError, RuleError
from .mu.game import Eklat, MuDeal, MuGame, Played
from .mu.rules import mu_rules, mu_rules_record
from .mu.scoring import score_mu
from .names import clean_name
from .record_json import load_json
from .record_play import game_fouls, plays_checked
from .replay import parse_play
from .score_document import score_json, score_output
from .sheet import Sheet
from .source import RECORD_FORMAT
from .spades.game import Bemo, SpadesGame, SpadesHand
from .spades.rules import spades_rules, spades_rules_record
from .spades.scoring import score_spades, table_memory
from .text import Text, gettext_noop

FORMAT = "scorekeeper-game/1"
GAMES = ("spades", "mu")
TOP_LEVEL = ("format", "game", "players", "dealer", "rules", "hands")
SPADES_HAND = (
    "bids",
    "tricks",
    "blind",
    "ten_for_two_hundred",
    "no_trump",
    "bemo",
    "bag_cancel",
    "misdeal",
    "high_spade_run",
    "play",
    "revokes",
    "time_called",
)
SIDE_LISTS = ("blind", "ten_for_two_hundred", "no_trump")

#: A game of either kind a record holds (``"game": "spades"`` or ``"mu"``).
AnyGame = SpadesGame | MuGame


def _error(
    template: str, where: str | None = None, hand: int | None = None, *, unit: str = "hand", **params: object
) -> RecordError:
    """A :class:`RecordError` about input ``where`` (a record field name); ``unit`` "deal" for Mü."""
    return RecordError(Text(template, params), field=where, hand=hand, source=RECORD_FORMAT, unit=unit)


def parse_record(data: Any) -> AnyGame:
    """Turn a decoded game record into an engine game.

    Checks the shape only (fields, types, seat indexes); the rules of play are
    checked when the game is scored.

    Raises:
        RecordError: not an object, wrong ``format``, unknown ``game``, unknown
            or missing field, bad players, dealer, rules or hand shape.
    """
    if not isinstance(data, Mapping):
        raise _error(gettext_noop("A game record must be a JSON object."))
    unknown = sorted(set(data) - set(TOP_LEVEL))
    if unknown:
        raise _error(gettext_noop("Unknown field '%(field)s' in the game record."), unknown[0], field=unknown[0])
    if data.get("format") != FORMAT:
        raise _error(gettext_noop("'format' must be \"%(format)s\"."), "format", format=FORMAT)
    if data.get("game") not in GAMES:
        raise _error(gettext_noop('\'game\' must be "spades" or "mu".'), "game")
    if data["game"] == "mu":
        return _played_out(_parse_mu(data))
    rules = spades_rules(data.get("rules", {}))
    players, dealer, raw_hands = _table(
        data,
        (rules.seats,),
        Text(
            gettext_noop("'players' must list the %(count)d players' names in seating order."), {"count": rules.seats}
        ),
    )
    hands = tuple([parse_spades_hand(index, hand) for index, hand in enumerate(raw_hands)])
    return _played_out(SpadesGame(players=players, dealer=dealer, rules=rules, hands=hands))


def _played_out(game: AnyGame) -> AnyGame:
    """``game`` with its plays replayed (:func:`~.record_play.plays_checked`), if it records any."""
    rows = game.deals if isinstance(game, MuGame) else game.hands
    return plays_checked(game) if any(getattr(row, "play", None) is not None for row in rows) else game


def _table(
    data: Mapping[str, Any], counts: tuple[int, ...], players_error: Text
) -> tuple[tuple[str, ...], int, list[Any]]:
    """The players (names stripped), first dealer and raw hands of a record, checked for shape.

    Args:
        counts: the numbers of players the game allows; players_error: what to say otherwise.

    Raises:
        RecordError: bad players, dealer or hands list.
    """
    players = data.get("players")
    if (
        not isinstance(players, list)
        or len(players) not in counts
        or not all(isinstance(name, str) and clean_name(name) for name in players)
    ):
        raise RecordError(players_error, field="players", source=RECORD_FORMAT)
    dealer = data.get("dealer")
    if type(dealer) is not int or not 0 <= dealer < len(players):
        raise _error(gettext_noop("'dealer' must be a seat index from 0 to %(last)d."), "dealer", last=len(players) - 1)
    hands = data.get("hands")
    if not isinstance(hands, list):
        raise _error(gettext_noop("'hands' must be a list."), "hands")
    return tuple(clean_name(name) for name in players), dealer, hands


def parse_spades_hand(index: int, hand: Any) -> SpadesHand:
    """One hand of the record (shape only; the rules are checked when scoring)."""
    if type(hand) is dict and len(hand) == 2:  # most hands: only bids and tricks, both lists
        bids, tricks = hand.get("bids"), hand.get("tricks")
        if type(bids) is list and type(tricks) is list:
            return SpadesHand(tuple(bids), tuple(tricks))
    if not isinstance(hand, Mapping):
        raise _error(gettext_noop("A hand must be an object with 'bids' and 'tricks'."), hand=index)
    unknown = sorted(set(hand) - set(SPADES_HAND))
    if unknown:
        raise _error(gettext_noop("Unknown field '%(field)s' in a hand."), "hands", index, field=unknown[0])
    lists = {}
    for name in ("bids", "tricks", *SIDE_LISTS, "high_spade_run"):
        value = hand.get(name)
        if value is not None and not isinstance(value, list):
            raise _error(gettext_noop("'%(field)s' must be a list."), name, index, field=name)
        lists[name] = None if value is None else tuple(value)
    if lists["tricks"] is None and hand.get("misdeal") is None and hand.get("play") is None:
        raise _error(
            gettext_noop("'%(field)s' must be a list with one entry per seat."), "tricks", index, field="tricks"
        )
    if lists["bids"] is None and "bids" in hand and hand.get("misdeal") is None and index != 0:
        raise _error(gettext_noop("'%(field)s' must be a list with one entry per seat."), "bids", index, field="bids")
    bemo = hand.get("bemo", [])
    if not isinstance(bemo, list) or not all(
        isinstance(item, Mapping) and set(item) == {"side", "kind", "made"} for item in bemo
    ):
        raise _error(gettext_noop('\'bemo\' must be a list of {"side", "kind", "made"} objects.'), "bemo", index)
    for name in ("bag_cancel", "misdeal"):
        if hand.get(name) is not None and type(hand[name]) is not int:
            raise _error(gettext_noop("'%(field)s' must be a whole number."), name, index, field=name)
    revokes = hand.get("revokes", [])
    if not isinstance(revokes, list):
        raise _error(gettext_noop("'%(field)s' must be a list."), "revokes", index, field="revokes")
    if "revokes" in hand and hand.get("play") is not None:
        raise _error(
            gettext_noop("A hand with a play has no 'revokes': its revokes are the play's follow_suit fouls."),
            "revokes",
            index,
        )
    return SpadesHand(
        bids=lists["bids"],
        tricks=lists["tricks"],
        blind=lists["blind"] or (),
        ten_for_two_hundred=lists["ten_for_two_hundred"] or (),
        no_trump=lists["no_trump"] or (),
        bemo=tuple(Bemo(item["side"], item["kind"], item["made"]) for item in bemo),
        bag_cancel=hand.get("bag_cancel"),
        misdeal=hand.get("misdeal"),
        high_spade_run=lists["high_spade_run"],
        play=None if hand.get("play") is None else parse_play(hand["play"], hand=index),
        revokes=tuple(revokes),
        time_called=_time_called(hand, index, unit="hand"),
    )


def _time_called(row: Mapping[str, Any], index: int, *, unit: str) -> bool:
    """A hand's (deal's) ``time_called``: ``true``, or absent (``false`` is accepted as absent).

    Raises:
        RecordError: not a boolean.
    """
    value = row.get("time_called", False)
    if type(value) is not bool:
        raise _error(gettext_noop("'time_called' must be true or false."), "time_called", index, unit=unit)
    return value


MU_PLAYED = ("chef", "level", "vize", "chef_trump", "vize_trump", "partner", "points", "play")
MU_EKLAT = ("level", "tied", "last")
#: A deal's fields besides its facts: time was called in it (game-record.md, "Penalties and limits").
MU_LIMITS = ("time_called",)


def _parse_mu(data: Mapping[str, Any]) -> MuGame:
    """A Mü record (game-record.md, "A Mü deal"); the rules of play are checked when scoring."""
    rules = mu_rules(data.get("rules", {}))
    players, dealer, raw = _table(
        data, (3, 4, 5, 6), Text(gettext_noop("'players' must list 3 to 6 players' names in seating order."))
    )
    deals = tuple(parse_mu_deal(index, deal) for index, deal in enumerate(raw))
    return MuGame(players=players, dealer=dealer, rules=rules, deals=deals)


def parse_mu_deal(index: int, deal: Any) -> MuDeal:
    """One Mü deal of the record: played, or ``{"eklat": ...}`` (shape only)."""
    if not isinstance(deal, Mapping):
        raise _error(gettext_noop("A deal must be an object."), hand=index, unit="deal")
    time_called = _time_called(deal, index, unit="deal")
    if "eklat" in deal:
        if set(deal) - set(MU_LIMITS) != {"eklat"}:
            raise _error(gettext_noop("An Eklat deal has only the field 'eklat'."), "eklat", index, unit="deal")
        eklat = deal["eklat"]
        if eklat is None:
            return Eklat(time_called=time_called)
        if not isinstance(eklat, Mapping) or set(eklat) != set(MU_EKLAT) or not isinstance(eklat["tied"], list):
            raise _error(gettext_noop('\'eklat\' is null or {"level", "tied", "last"}.'), "eklat", index, unit="deal")
        return Eklat(level=eklat["level"], tied=tuple(eklat["tied"]), last=eklat["last"], time_called=time_called)
    unknown = sorted(set(deal) - set(MU_PLAYED) - set(MU_LIMITS))
    if unknown:
        raise _error(
            gettext_noop("Unknown field '%(field)s' in a deal."), "hands", index, field=unknown[0], unit="deal"
        )
    optional = ("play", "points") if "play" in deal else ("play",)  # a complete play gives the points
    missing = [name for name in MU_PLAYED if name not in deal and name not in optional]
    if missing:
        raise _error(gettext_noop("A played deal needs '%(field)s'."), missing[0], index, field=missing[0], unit="deal")
    if "points" in deal and not isinstance(deal["points"], list):
        raise _error(gettext_noop("'%(field)s' must be a list."), "points", index, field="points", unit="deal")
    return Played(
        chef=deal["chef"],
        level=deal["level"],
        vize=deal["vize"],
        chef_trump=deal["chef_trump"],
        vize_trump=deal["vize_trump"],
        partner=deal["partner"],
        points=tuple(deal["points"]) if "points" in deal else (),
        play=None if deal.get("play") is None else parse_play(deal["play"], hand=index, unit="deal"),
        time_called=time_called,
    )


def mu_deal_record(deal: MuDeal) -> dict[str, Any]:
    """One Mü deal as the record writes it."""
    called = {"time_called": True} if deal.time_called else {}
    if isinstance(deal, Eklat):
        if deal.level is None:
            return {"eklat": None, **called}
        return {"eklat": {"level": deal.level, "tied": list(deal.tied), "last": deal.last}, **called}
    return {
        "chef": deal.chef,
        "level": deal.level,
        "vize": deal.vize,
        "chef_trump": deal.chef_trump,
        "vize_trump": deal.vize_trump,
        "partner": deal.partner,
        "points": list(deal.points),
        **({"play": deal.play.record()} if deal.play is not None else {}),
        **called,
    }


def game_record(game: AnyGame) -> dict[str, Any]:
    """The game record of ``game`` (inverse of :func:`parse_record`)."""
    if isinstance(game, MuGame):
        return {
            "format": FORMAT,
            "game": "mu",
            "players": list(game.players),
            "dealer": game.dealer,
            "rules": mu_rules_record(game.rules),
            "hands": [mu_deal_record(deal) for deal in game.deals],
        }
    return {
        "format": FORMAT,
        "game": "spades",
        "players": list(game.players),
        "dealer": game.dealer,
        "rules": spades_rules_record(game.rules),
        "hands": [hand_record(hand) for hand in game.hands],
    }


def hand_record(hand: SpadesHand) -> dict[str, Any]:
    """One hand as it appears in the record's ``hands`` list (optional fields only when set)."""
    if hand.misdeal is not None:
        return {"misdeal": hand.misdeal}
    record: dict[str, Any] = {}
    if hand.bids is not None:
        record["bids"] = list(hand.bids)
    record["tricks"] = list(hand.tricks or ())
    for name in SIDE_LISTS:
        if getattr(hand, name):
            record[name] = list(getattr(hand, name))
    if hand.bemo:
        record["bemo"] = [{"side": b.side, "kind": b.kind, "made": b.made} for b in hand.bemo]
    if hand.bag_cancel is not None:
        record["bag_cancel"] = hand.bag_cancel
    if hand.high_spade_run is not None:
        record["high_spade_run"] = list(hand.high_spade_run)
    if hand.play is not None:
        record["play"] = hand.play.record()
    if hand.revokes:
        record["revokes"] = list(hand.revokes)
    if hand.time_called:
        record["time_called"] = True
    return record


def score_game(game: AnyGame) -> Sheet:
    """Score any supported game (dispatches on its type).

    Scoring is a pure function of frozen values, so the last few sheets are kept: a write
    checks the game by scoring it and its answer shows that same game, scored once. A game
    holding an unhashable value (an invalid record's list) is scored, not kept.

    Raises:
        RuleError: as the game's scorer does, tagged with the hand (never kept).
    """
    try:
        hash(game)
    except TypeError:
        return _score(game)
    return _score_kept(game)


def _score(game: AnyGame) -> Sheet:
    if isinstance(game, MuGame):
        return score_mu(game)
    return score_spades(game)


_score_kept = functools.lru_cache(maxsize=16)(_score)


def scored_forget() -> None:
    """Forget the sheets :func:`score_game` kept and what Spades scoring remembers of each table
    (:func:`~.spades.scoring.table_memory`): tests counting scorings, and benchmarks timing a
    first scoring, start from nothing."""
    _score_kept.cache_clear()
    table_memory.cache_clear()


def score_record(data: Any) -> dict[str, Any]:
    """Parse and score a decoded record; return the ``manage.py score`` document.

    Raises:
        RuleError: the record is malformed or breaks a rule (message names the hand).
    """
    game = parse_record(data)
    # A record is scored once: keeping its sheet would only cost a hash of every hand.
    return score_output(_score(game), bags=not isinstance(game, MuGame), fouls=game_fouls(game))


def score_record_json(data: Any) -> str:
    """:func:`score_record` as JSON text (:func:`~.score_document.score_json`): what ``manage.py score`` prints.

    Raises:
        RuleError: as :func:`score_record`.
    """
    game = parse_record(data)
    return score_json(_score(game), bags=not isinstance(game, MuGame), fouls=game_fouls(game))


__all__ = [
    "RecordError",
    "RuleError",
    "game_record",
    "load_json",
    "parse_record",
    "score_game",
    "score_json",
    "score_output",
    "score_record",
    "score_record_json",
]
