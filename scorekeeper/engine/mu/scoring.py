"""Scoring a Mü game: individual and team points per deal, explained (``mu.md`` §4, §8, §9).

Each deal is checked (:mod:`.deals`), then scored: an Eklat (§4), or a played
deal's card points (§8.1) and the Chef team's result (§8.2: the bonus if made,
the difference if lost); then the game may end (§9). Source: ``docs/rules/mu.md``
(the Mü & mehr rulebook, 001).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache, partial
from operator import add
from types import MappingProxyType
from typing import NamedTuple

from ..errors import RuleError
from ..limits import LimitRules, limit_end, limit_state, verify_time_called
from ..sheet import HandScore, Line, Sheet, make_line
from ..source import Source
from ..text import Text
from ..text import gettext_noop as _
from .deals import verify_deal
from .game import Eklat, MuGame, Played
from .rules import KEYS, MuRules
from .sources import BONUS, EKLAT, GAME, INDIVIDUAL, LOST, TEAM
from .tables import bonus, reached_level, team_target, trump_kind

__all__ = ["game_end", "score_mu", "verify_deal"]


#: The bonus table's rows (:func:`~.tables.trump_kind`) as players read them (msgids).
TRUMP_KINDS: Mapping[str, str] = MappingProxyType(
    {
        "colour": _("a colour"),
        "digit_1_7": _("1 or 7"),
        "digit": _("another digit"),
        "none": _("no trump"),
    }
)


def score_mu(game: MuGame) -> Sheet:
    """Score every deal of ``game`` and decide whether it is over (``mu.md`` §8, §9).

    Returns:
        A :class:`Sheet` with one side per player; ``bags`` are zeros.

    Raises:
        RuleError: tagged with the 0-based deal: an invalid deal, or a deal after the game ended.
    """
    names = game.players
    lines = _lines(names)
    totals = zeros = (0,) * len(names)
    limits = limit_rules(game.rules)
    called: int | None = None  # the deal time was called in
    reached = False
    hands: list[HandScore] = []
    winner: int | None = None
    end: Line | None = None
    for index, deal in enumerate(game.deals):
        if end is not None:
            assert winner is not None  # a game that ended has a winner
            raise _after_the_end(index, names[winner])
        if deal.time_called:
            verify_time_called(limits, index=index, called_before=called, reached=reached)
            called = index
        try:
            verify_deal(game, deal)
        except RuleError as error:
            raise error.at_hand(index) from None
        points, deal_lines = (
            _score_eklat(game, deal, lines) if isinstance(deal, Eklat) else _score_played(game, deal, lines)
        )
        totals = tuple(map(add, totals, points))
        winner, end, note = game_end(game.rules, totals, names)
        reached = reached or index + 1 == limits.hand_limit or called is not None  # an Eklat is a deal
        if end is None and reached:  # the limit: the highest total wins, tied: one more deal
            winner, end, note = limit_end(limits, totals, names, by_time=called is not None)
        if note is not None:
            deal_lines.append(note)
        hands.append(HandScore(tuple(points), totals, zeros, tuple(deal_lines)))
    finished = end is not None
    limit = limit_state(limits, played=len(hands), time_called=called, reached=reached)
    return Sheet(
        sides=names,
        hands=tuple(hands),
        totals=totals,
        bags=zeros,
        finished=finished,
        winner=winner,
        end=end,
        limit=limit,
    )


def limit_rules(rules: MuRules) -> LimitRules:
    """The deal and time limits of ``rules`` (mu.md "Match limits")."""
    return LimitRules(
        rules.hand_limit, rules.time_limit, KEYS["hand_limit"].source, KEYS["time_limit"].source, unit="deal"
    )


def _after_the_end(index: int, winner: str) -> RuleError:
    """Deal ``index`` follows the deal that ended the game (§9)."""
    text = Text(
        _("The game was already over after deal %(number)d (%(player)s won); no deal can follow it."),
        {"number": index, "player": winner},
    )
    return RuleError(text, hand=index, source=GAME, unit="deal")


def _line(side: int | None, points: int, rule: str, source: Source, template: str, /, **params: object) -> Line:
    """A line scoring ``points`` for ``side``; ``params`` fill ``template`` (with ``points``)."""
    params["points"] = points
    return make_line(side, points, rule, source, template, params)


class _Lines(NamedTuple):
    """The lines a Mü game explains over and over, each built once per scoring run (:func:`_lines`).

    Attributes:
        individual: ``(seat, card points)`` -> its line (§8.1).
        eklat: ``(seat, level, laid last)`` -> a tied player's line (§4).
        bonus: ``(seat, bonus, level, trump kind)`` -> the line of a made game's bonus (§8 table).
        lost: ``(chef, partner, difference)`` -> every player's line of a lost game (§8.2).
    """

    individual: Callable[[int, int], Line]
    eklat: Callable[[int, int, bool], Line]
    bonus: Callable[[int, int, int, str], Line]
    lost: Callable[[int, int | None, int], tuple[Line, ...]]


def _lines(names: Sequence[str]) -> _Lines:
    """The recurring lines of one scoring run for the players ``names`` (kept for the run only:
    they hold the names). A game meets the same few card points, bonuses and differences again
    and again; each line is built once and shared (lines are immutable)."""
    return _Lines(
        cache(partial(_individual_line, names)),
        cache(partial(_eklat_line, names)),
        cache(partial(_bonus_line, names)),
        cache(partial(_lost_lines, names)),
    )


def _individual_line(names: Sequence[str], seat: int, points: int) -> Line:
    """§8.1: the card points a player took."""
    template = _("%(player)s: card points taken, %(points)+d")
    return _line(seat, points, "individual", INDIVIDUAL, template, player=names[seat])


def _score_eklat(game: MuGame, deal: Eklat, lines: _Lines) -> tuple[list[int], list[Line]]:
    """§4: +5 per card to each tied player, -10 per card to the one who laid last; all passed: nothing."""
    points = [0] * len(game.players)
    if deal.level is None:
        return points, [Line(None, 0, "eklat", EKLAT, Text(_("Eklat: everyone passed in the first round, no points")))]
    deal_lines = []
    for seat in deal.tied:
        line = lines.eklat(seat, deal.level, seat == deal.last)
        points[seat] = line.points
        deal_lines.append(line)
    return points, deal_lines


def _eklat_line(names: Sequence[str], seat: int, level: int, last: bool) -> Line:
    """§4: a player tied on ``level`` cards: +5 per card, -10 per card for the one who laid ``last``."""
    if last:
        template = _("%(player)s: Eklat, laid last on %(level)d cards: -10 × %(level)d = %(points)+d")
        return _line(seat, -10 * level, "eklat", EKLAT, template, player=names[seat], level=level)
    template = _("%(player)s: Eklat, tied on %(level)d cards: 5 × %(level)d = %(points)+d")
    return _line(seat, 5 * level, "eklat", EKLAT, template, player=names[seat], level=level)


class TeamOutcome(NamedTuple):
    """The Chef team's result in a played deal (§6, §8.2).

    Immutable; a named tuple rather than a frozen dataclass, as :class:`~scorekeeper.engine.sheet.HandScore`
    is: scoring decides one per played deal, and a tuple is several times faster to build (``make bench``).

    Attributes:
        seats: the Chef, then the partner (none with 3 players).
        points: the card points the team took.
        target: the card points it needed at the Chef's level (§6 table).
        made: whether it reached the target.
        bonus: what the Chef and the partner each score for a made game (§8 bonus table; 0 if lost).
        reached: for a lost game, the highest level the points reach (0: not even level 1; §8.2).
        difference: for a lost game, the Chef's level minus the level reached.
    """

    seats: tuple[int, ...]
    points: int
    target: int
    made: bool
    bonus: int = 0
    reached: int = 0
    difference: int = 0


def decide_team(game: MuGame, deal: Played) -> TeamOutcome:
    """Whether the Chef team of a checked played deal reached its target, and what it scores (§6, §8)."""
    count, chef, partner, points = len(game.players), deal.chef, deal.partner, deal.points
    seats, team_points = (
        ((chef,), points[chef]) if partner is None else ((chef, partner), points[chef] + points[partner])
    )
    target = team_target(count, deal.level)
    if team_points >= target:
        value = bonus(deal.chef_trump, deal.level, game.rules.bonus_above_seven)
        return TeamOutcome(seats, team_points, target, True, value)
    reached = reached_level(count, team_points)
    return TeamOutcome(seats, team_points, target, False, 0, reached, deal.level - reached)


def _score_played(game: MuGame, deal: Played, lines: _Lines) -> tuple[list[int], list[Line]]:
    """§8: individual card points, then the team: bonus if made, the difference if lost."""
    names = game.players
    team = decide_team(game, deal)
    individual = lines.individual
    deal_lines = [individual(seat, points) for seat, points in enumerate(deal.points)]
    deal_lines.append(_team_line(deal, team, " & ".join([names[seat] for seat in team.seats])))
    if team.made:
        kind = trump_kind(deal.chef_trump)
        scored: Sequence[Line] = [lines.bonus(seat, team.bonus, deal.level, kind) for seat in team.seats]
    else:
        scored = lines.lost(deal.chef, deal.partner, team.difference)
    points = list(deal.points)
    for line in scored:
        assert line.side is not None  # every team line scores for one player
        points[line.side] += line.points
    return points, [*deal_lines, *scored]


def _team_line(deal: Played, team: TeamOutcome, team_name: str) -> Line:
    """The Chef team's card points against its target: made, or lost with the level reached (§8.2)."""
    params: dict[str, object] = {
        "team": team_name,
        "team_points": team.points,
        "target": team.target,
        "level": deal.level,
    }
    if team.made:
        template = _("Chef team %(team)s: %(team_points)d card points, needed %(target)d at level %(level)d: made")
        return make_line(None, 0, "team_target", TEAM, template, params)
    template = _(
        "Chef team %(team)s: %(team_points)d card points, needed %(target)d at level %(level)d: lost; "
        "reached level %(reached)d, difference %(difference)d"
    )
    params["reached"], params["difference"] = team.reached, team.difference
    return make_line(None, 0, "lost_game", LOST, template, params)


def _bonus_line(names: Sequence[str], seat: int, value: int, level: int, kind: str) -> Line:
    """A made game: the Chef and the partner each get the bonus ``value`` for the level and the
    Chef trump's ``kind`` (:func:`~.tables.trump_kind`) (§8 table)."""
    template = _("%(player)s: bonus for level %(level)d with %(kind)s as Chef trump, %(points)+d")
    return _line(seat, value, "bonus", BONUS, template, player=names[seat], level=level, kind=Text(TRUMP_KINDS[kind]))


def _lost_lines(names: Sequence[str], chef: int, partner: int | None, difference: int) -> tuple[Line, ...]:
    """A lost game (§8.2): the Chef -10 per level of difference, the partner nothing, each opponent +5 per level."""
    lines = []
    for seat, name in enumerate(names):
        if seat == chef:
            value = -10 * difference
            template = _("%(player)s (Chef): -10 × %(difference)d = %(points)+d")
        elif seat == partner:
            value = 0
            template = _("%(player)s (partner): no plus, no minus")
        else:
            value = 5 * difference
            template = _("%(player)s (opponent): 5 × %(difference)d = %(points)+d")
        lines.append(_line(seat, value, "lost_game", LOST, template, player=name, difference=difference))
    return tuple(lines)


def game_end(
    rules: MuRules, totals: Sequence[int], names: Sequence[str]
) -> tuple[int | None, Line | None, Line | None]:
    """§9: once a player has gone over the agreed total, the highest total wins; a tie plays another deal.

    Returns ``(winner, end line, note)`` as :func:`scorekeeper.engine.spades.game_end.game_end` does.
    """
    if max(totals) <= rules.target:
        return None, None, None
    best = max(totals)
    leaders = [seat for seat, total in enumerate(totals) if total == best]
    if len(leaders) > 1:
        text = Text(
            _("%(players)s are tied at %(score)d: play another deal"),
            {"players": " / ".join(names[seat] for seat in leaders), "score": best},
        )
        return None, None, Line(None, 0, "game", GAME, text)
    winner = leaders[0]
    end = Line(
        winner,
        0,
        "game",
        GAME,
        Text(_("%(player)s wins the game with %(score)d"), {"player": names[winner], "score": best}),
    )
    return winner, end, end
