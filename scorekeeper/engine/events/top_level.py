"""The top level of an event record (``docs/event-record.md``, "Top level"): each field but the
rounds ``played``, read and checked.

Every error is the record's as a whole (no round, no table): "'style' must be ...", "Entrant 3: ...".
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ..errors import RuleError
from ..names import clean_name
from ..spades.rules import SpadesRules
from ..text import gettext_noop
from .event import (
    DEFAULT_TABLE_SIZE,
    FORMAT,
    GAMES,
    MOST_ENTRANTS,
    MOST_ROUNDS,
    MU_SEATS,
    PAIRINGS,
    PLANNED,
    STYLES,
    TOP_LEVEL,
    AnyRules,
    Entrant,
    EventError,
    event_error,
)


def read_game(data: Any) -> str:
    """The record is an object of known fields, of this ``format``; its ``game``: ``"spades"`` or ``"mu"``."""
    if not isinstance(data, Mapping):
        raise event_error(gettext_noop("An event record must be a JSON object."))
    unknown = sorted(set(data) - set(TOP_LEVEL))
    if unknown:
        raise event_error(
            gettext_noop("Unknown field '%(unknown)s' in the event record."), field=unknown[0], unknown=unknown[0]
        )
    if data.get("format") != FORMAT:
        raise event_error(gettext_noop("'format' must be \"%(format)s\"."), field="format", format=FORMAT)
    game = data.get("game")
    if game not in GAMES:
        raise event_error(gettext_noop('\'game\' must be "spades" or "mu".'), field="game")
    return str(game)


def read_style(data: Mapping[str, Any], game: str, rules: AnyRules) -> tuple[str, str]:
    """The event's style and pairing, checked against each other and the game."""
    style = data.get("style")
    if style not in STYLES:
        raise event_error(gettext_noop('\'style\' must be "teams" or "individual".'), field="style")
    pairing = data.get("pairing")
    if style == "teams" and pairing not in PAIRINGS["teams"]:
        raise event_error(
            gettext_noop(
                'With style "teams", \'pairing\' must be "round_robin", "swiss", "single_elimination" or '
                '"double_elimination".'
            ),
            field="pairing",
        )
    if style == "individual" and pairing not in PAIRINGS["individual"]:
        raise event_error(gettext_noop('With style "individual", \'pairing\' must be "rotation".'), field="pairing")
    if style == "teams" and not (isinstance(rules, SpadesRules) and rules.players == 4):
        raise event_error(
            gettext_noop(
                'Style "teams" is for Spades partnerships: four players, two teams a table '
                "(house rule 'players': 4). Play other games \"individual\"."
            ),
            field="style",
        )
    return str(style), str(pairing)


def whole(value: Any, low: int, high: int) -> bool:
    """``value`` is a whole number (not a bool) from ``low`` to ``high``."""
    return type(value) is int and low <= value <= high


def indexes(raw: Any, count: int) -> bool:
    """``raw`` is a list of entrant indexes (from 0 to ``count`` - 1)."""
    return isinstance(raw, list) and all(whole(index, 0, count - 1) for index in raw)


def read_rounds(data: Mapping[str, Any], pairing: str) -> int | None:
    """``rounds``: required for the pairings in :data:`PLANNED`, absent for the others."""
    if pairing not in PLANNED:
        if "rounds" in data:
            raise event_error(
                gettext_noop(
                    '\'rounds\' is given only with pairing "swiss" or "rotation": with "%(pairing)s" '
                    "the format decides how many rounds there are."
                ),
                field="rounds",
                pairing=pairing,
            )
        return None
    rounds = data.get("rounds")
    if not whole(rounds, 1, MOST_ROUNDS):
        raise event_error(
            gettext_noop("With pairing \"%(pairing)s\", 'rounds' must be a whole number from 1 to %(most)d."),
            field="rounds",
            pairing=pairing,
            most=MOST_ROUNDS,
        )
    return rounds if isinstance(rounds, int) else None


def table_size_asked(game: str, style: str) -> bool:
    """Whether an event of ``game`` and ``style`` has a ``table_size`` (individual Mü only)."""
    return game == "mu" and style == "individual"


def read_table_size(data: Mapping[str, Any], game: str, style: str) -> int | None:
    """``table_size``: individual Mü only, 3 to 6 (default 4)."""
    if not table_size_asked(game, style):
        if "table_size" in data:
            raise event_error(
                gettext_noop(
                    "'table_size' is only for individual Mü events: Spades tables have the preset's seat count."
                ),
                field="table_size",
            )
        return None
    size = data.get("table_size", DEFAULT_TABLE_SIZE)
    if not whole(size, MU_SEATS[0], MU_SEATS[-1]):
        raise event_error(gettext_noop("'table_size' must be a whole number from 3 to 6."), field="table_size")
    return int(size)


def read_entrants(raw: Any, style: str, rules: AnyRules) -> tuple[Entrant, ...]:
    """``entrants``: teams ``{"name", "players": [a, b]}``, individual ``{"name"}``; names unique."""
    fewest = 2 if style == "teams" else rules.seats if isinstance(rules, SpadesRules) else MU_SEATS[0]
    if not isinstance(raw, list) or not fewest <= len(raw) <= MOST_ENTRANTS:
        raise event_error(
            gettext_noop("'entrants' must be a list of %(fewest)d to %(most)d entrants, in seed order."),
            field="entrants",
            fewest=fewest,
            most=MOST_ENTRANTS,
        )
    entrants: list[Entrant] = []
    taken: dict[tuple[str, str], int] = {}  # ("entrant" or "player", name) -> the entrant it names
    for index, item in enumerate(raw):
        number = index + 1
        if style == "teams":
            if not isinstance(item, Mapping) or set(item) != {"name", "players"}:
                raise event_error(
                    gettext_noop(
                        'Entrant %(number)d must be a team: {"name", "players"}, its name and its two players.'
                    ),
                    field="entrants",
                    number=number,
                )
            players = item["players"]
            if not isinstance(players, list) or len(players) != 2:
                raise event_error(
                    gettext_noop("Entrant %(number)d: a team is two players: 'players' must list their two names."),
                    field="entrants",
                    number=number,
                )
            entrant = Entrant(_name(item["name"], number), tuple(_name(player, number) for player in players))
            names = [("entrant", entrant.name), *(("player", player) for player in entrant.players)]
        elif not isinstance(item, Mapping) or set(item) != {"name"}:
            raise event_error(
                gettext_noop('Entrant %(number)d must be a player: {"name"}.'), field="entrants", number=number
            )
        else:
            name = _name(item["name"], number)
            entrant, names = Entrant(name, (name,)), [("entrant", name)]
        for name_of in names:
            if name_of in taken:
                raise event_error(
                    gettext_noop("Entrant %(number)d: the name %(name)s is taken already (entrant %(other)d)."),
                    field="entrants",
                    number=number,
                    name=json.dumps(name_of[1], ensure_ascii=False),
                    other=taken[name_of] + 1,
                )
            taken[name_of] = index
        entrants.append(entrant)
    return tuple(entrants)


def _name(raw: Any, number: int) -> str:
    """An entrant's (or a team's player's) name, cleaned as a game record's names are."""
    try:
        name = clean_name(raw, field="entrants") if isinstance(raw, str) else ""
    except RuleError as error:
        raise EventError.placed(error, round=None) from None
    if not name:
        raise event_error(
            gettext_noop("Entrant %(number)d: every name must be a non-empty text."), field="entrants", number=number
        )
    return name


def read_withdrawn(raw: Any, count: int) -> tuple[int, ...]:
    """``withdrawn``: entrant indexes, each once (given in order or not: kept in seed order)."""
    if not indexes(raw, count) or len(set(raw)) != len(raw):
        raise event_error(
            gettext_noop("'withdrawn' must list entrant indexes from 0 to %(last)d, each once."),
            field="withdrawn",
            last=count - 1,
        )
    return tuple(sorted(raw))


def read_played(data: Mapping[str, Any], rounds: int | None) -> list[Any]:
    """``played``: a list, of no more than the ``rounds`` planned (its rounds are read by :mod:`.rounds`)."""
    played = data.get("played", [])
    if not isinstance(played, list):
        raise event_error(gettext_noop("'played' must be a list of rounds."), field="played")
    if rounds is not None and len(played) > rounds:
        raise event_error(
            gettext_noop("'rounds' is %(count)d: the event has no round %(number)d."),
            round=rounds,
            field="played",
            count=rounds,
            number=rounds + 1,
        )
    return played
