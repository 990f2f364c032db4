"""Ratings: who is playing well, over every finished game a group plays (``docs/ratings.md``).

The model is OpenSkill's Plackett-Luce with its default parameters (the ``openskill`` package,
``PlackettLuce()``: mu 25, sigma 25/3; Weng & Lin, "A Bayesian Approximation Method for Online
Ranking", JMLR 2011). One finished game is one match: its teams are the game's sides in side
order (a partnership's players one team; in cut-throat, solo, two-player Spades and Mü every
player a team of one), ranked by final total, the winner of a game ended outright first. Games
are rated in the order given; a player is a name compared as the app compares names.

Pure: game records' games and sheets in, frozen values out.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from .errors import RuleError
from .events.event import FORMAT as EVENT_FORMAT
from .events.record import parse_event
from .mu.game import MuGame
from .names import clean_name
from .record import AnyGame, parse_record, score_game
from .sheet import Sheet
from .text import Text, gettext_noop


@dataclass(frozen=True, slots=True)
class Match:
    """One finished game as a match: each team's players (names as written) in side order, and
    each team's rank (1 the best; equal totals share a rank)."""

    teams: tuple[tuple[str, ...], ...]
    ranks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Rating:
    """One player's rating after the matches rated: ``mu`` and ``sigma`` (OpenSkill's), the games
    rated. ``name``: as first written."""

    name: str
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """The rating the ladder ranks by: :func:`ordinal` of ``mu`` and ``sigma``."""
        return ordinal(self.mu, self.sigma)

    def output(self) -> dict[str, object]:
        """The player's line as ``manage.py ratings`` prints it (docs/ratings.md)."""
        return {"name": self.name, "mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal, "games": self.games}


def ordinal(mu: float, sigma: float) -> float:
    """``mu - 3 * sigma``: a skill the player is almost surely above, what the ladder ranks by
    (OpenSkill's ``ordinal()``, docs/ratings.md)."""
    return mu - 3 * sigma


#: A new player's ordinal: OpenSkill's defaults, mu 25 and sigma 25/3 (``mu - 3 * sigma`` = 0).
NEW_ORDINAL = PlackettLuce().rating().ordinal()


def name_key(name: str) -> str:
    """``name`` as the app compares names: cleaned as a stored name is, case ignored."""
    return clean_name(name, strict=False).casefold()


def match_ranks(totals: Sequence[int], winner: int | None) -> tuple[int, ...]:
    """Each side's rank from the final ``totals`` (higher better, equal totals share a rank, the
    next rank skipping: 1, 2, 2, 4); ``winner`` (a game ended outright) ranks first whatever its total."""
    order = sorted(range(len(totals)), key=lambda side: (side != winner, -totals[side]))
    ranks = [0] * len(totals)
    for place, side in enumerate(order):
        earlier = order[place - 1] if place else None
        same = earlier is not None and earlier != winner and side != winner and totals[earlier] == totals[side]
        ranks[side] = ranks[earlier] if same and earlier is not None else place + 1
    return tuple(ranks)


def match_of(game: AnyGame, sheet: Sheet) -> Match | None:
    """The match ``game`` (scored as ``sheet``) counts as, or ``None`` while it is not over."""
    if not sheet.finished:
        return None
    if isinstance(game, MuGame):
        seats: tuple[tuple[int, ...], ...] = tuple((seat,) for seat in range(len(game.players)))
    else:
        seats = game.sides
    teams = tuple(tuple(game.players[seat] for seat in side) for side in seats)
    return Match(teams, match_ranks(sheet.totals, sheet.winner))


def ladder(matches: Iterable[Match]) -> tuple[Rating, ...]:
    """Every player's rating after ``matches`` rated in order with OpenSkill's Plackett-Luce
    (default parameters), highest ordinal first (equals by name)."""
    model = PlackettLuce()
    ratings: dict[str, Any] = {}
    names: dict[str, str] = {}
    games: dict[str, int] = {}
    for match in matches:
        keys = [[name_key(name) for name in team] for team in match.teams]
        for team, team_keys in zip(match.teams, keys, strict=True):
            for name, key in zip(team, team_keys, strict=True):
                names.setdefault(key, name)
        teams = [[ratings.get(key) or model.rating(name=names[key]) for key in team] for team in keys]
        rated = model.rate(teams, ranks=list(match.ranks))
        for team_keys, rated_team in zip(keys, rated, strict=True):
            for key, rating in zip(team_keys, rated_team, strict=True):
                ratings[key] = rating
                games[key] = games.get(key, 0) + 1
    lines = [Rating(names[key], float(rating.mu), float(rating.sigma), games[key]) for key, rating in ratings.items()]
    return tuple(sorted(lines, key=lambda line: (-line.ordinal, name_key(line.name))))


def file_matches(data: Any) -> list[Match]:
    """The matches of one file's content, in order: a game record, a list of them, a backup
    (``{"games": [...]}``) or an event record (its tables' games, round by round, table by table).
    Games not over count no match.

    Raises:
        RuleError: a record is invalid (the game's number in the file named for a list).
    """
    if isinstance(data, dict) and data.get("format") == EVENT_FORMAT:
        event = parse_event(data)
        scored = [(table.game, table.sheet) for round_ in event.played for table in round_.tables]
        return [match for game, sheet in scored if game and sheet and (match := match_of(game, sheet))]
    records = data["games"] if isinstance(data, dict) and isinstance(data.get("games"), list) else data
    listed = isinstance(records, list)
    matches = []
    for number, record in enumerate(records if listed else [records], start=1):
        try:
            game = parse_record(record)
            match = match_of(game, score_game(game))
        except RuleError as error:
            if not listed:
                raise
            raise RuleError(
                Text(gettext_noop("Game %(number)d: %(error)s"), {"number": number, "error": str(error)})
            ) from None
        if match is not None:
            matches.append(match)
    return matches


def ladder_output(ratings: Iterable[Rating]) -> str:
    """What ``manage.py ratings FILE...`` prints of ``ratings`` (docs/ratings.md): a player a line."""
    lines = [json.dumps(rating.output(), ensure_ascii=False) for rating in ratings]
    return '{"players": [\n  ' + ",\n  ".join(lines) + "\n]}" if lines else '{"players": []}'


#: A four-player table's two partnerships, as seat numbers (0-based): the three ways to split four
#: players in two, the first player always in the first; the first split is the seating's own
#: (partners opposite: seats 1 and 3, 2 and 4).
Split = tuple[tuple[int, int], tuple[int, int]]
SPLITS: tuple[Split, ...] = (((0, 2), (1, 3)), ((0, 1), (2, 3)), ((0, 3), (1, 2)))


def fairest_split(ratings: Sequence[tuple[float, float] | None]) -> tuple[Split, tuple[float, float]]:
    """The split of four players (their ``(mu, sigma)`` in seat order, ``None`` for a player without
    a rating: OpenSkill's defaults) whose predicted win chances (OpenSkill's ``predict_win``) are
    closest to 50/50, and those chances (the first partnership's, the second's). Of splits as fair,
    the first of :data:`SPLITS` (the seating's own first)."""
    if len(ratings) != 4:
        raise ValueError("fairest_split needs four players")
    model = PlackettLuce()
    players = [model.rating() if rating is None else model.rating(*rating) for rating in ratings]
    chances = [model.predict_win([[players[seat] for seat in team] for team in split]) for split in SPLITS]
    fairest = min(range(len(SPLITS)), key=lambda index: round(abs(chances[index][0] - 0.5), 12))  # the first of equals
    first, second = chances[fairest]
    return SPLITS[fairest], (float(first), float(second))


def seat_order(split: Split) -> tuple[int, int, int, int]:
    """Who sits in each seat (their seat now) so that ``split``'s partners sit opposite: its first
    partnership in seats 1 and 3, the second in 2 and 4."""
    (first, partner), (second, other) = split
    return (first, second, partner, other)
