"""Scoring a Mü game: individual and team points per deal, explained (``mu.md`` §4, §8, §9).

Each deal is checked (:mod:`.deals`), then scored: an Eklat (§4), or a played
deal's card points (§8.1) and the Chef team's result (§8.2: the bonus if made,
the difference if lost); then the game may end (§9). Source: ``docs/rules/mu.md``
(the Mü & mehr rulebook, 001).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from ..errors import RuleError
from ..sheet import HandScore, Line, Sheet
from ..text import Text
from ..text import gettext_noop as _
from .deals import EKLAT, verify_deal
from .game import Eklat, MuGame, Played
from .rules import MuRules
from .tables import bonus, reached_level, team_target, trump_kind

__all__ = ["game_end", "score_mu", "verify_deal"]

INDIVIDUAL = "mu.md §8.1"
TEAM = "mu.md §8.2"
BONUS = "mu.md §8 bonus table"
LOST = "mu.md §8.2 lost game"
GAME = "mu.md §9"

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
    totals = [0] * len(names)
    zeros = (0,) * len(names)
    hands: list[HandScore] = []
    winner: int | None = None
    end: Line | None = None
    for index, deal in enumerate(game.deals):
        if end is not None:
            assert winner is not None  # a game that ended has a winner
            raise _after_the_end(index, names[winner])
        try:
            verify_deal(game, deal)
        except RuleError as error:
            raise error.at_hand(index) from None
        points, lines = _score_eklat(game, deal) if isinstance(deal, Eklat) else _score_played(game, deal)
        totals = [total + scored for total, scored in zip(totals, points, strict=True)]
        winner, end, note = game_end(game.rules, totals, names)
        if note is not None:
            lines.append(note)
        hands.append(HandScore(tuple(points), tuple(totals), zeros, tuple(lines)))
    finished = end is not None
    return Sheet(
        sides=names, hands=tuple(hands), totals=tuple(totals), bags=zeros, finished=finished, winner=winner, end=end
    )


def _after_the_end(index: int, winner: str) -> RuleError:
    """Deal ``index`` follows the deal that ended the game (§9)."""
    text = Text(
        _("The game was already over after deal %(number)d (%(player)s won); no deal can follow it."),
        {"number": index, "player": winner},
    )
    return RuleError(text, hand=index, source=GAME, unit="deal")


def _line(side: int | None, points: int, rule: str, source: str, template: str, /, **params: object) -> Line:
    """A line scoring ``points`` for ``side``; ``params`` fill ``template`` (with ``points``)."""
    params["points"] = points
    return Line(side, points, rule, source, Text(template, params))


def _score_eklat(game: MuGame, deal: Eklat) -> tuple[list[int], list[Line]]:
    """§4: +5 per card to each tied player, -10 per card to the one who laid last; all passed: nothing."""
    points = [0] * len(game.players)
    if deal.level is None:
        return points, [Line(None, 0, "eklat", EKLAT, Text(_("Eklat: everyone passed in the first round, no points")))]
    lines = []
    for seat in deal.tied:
        name = game.players[seat]
        if seat == deal.last:
            points[seat] = -10 * deal.level
            template = _("%(player)s: Eklat, laid last on %(level)d cards: -10 × %(level)d = %(points)+d")
        else:
            points[seat] = 5 * deal.level
            template = _("%(player)s: Eklat, tied on %(level)d cards: 5 × %(level)d = %(points)+d")
        lines.append(_line(seat, points[seat], "eklat", EKLAT, template, player=name, level=deal.level))
    return points, lines


@dataclass(frozen=True, slots=True)
class TeamOutcome:
    """The Chef team's result in a played deal (§6, §8.2).

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
    count = len(game.players)
    seats = (deal.chef,) if deal.partner is None else (deal.chef, deal.partner)
    team_points = sum(deal.points[seat] for seat in seats)
    target = team_target(count, deal.level)
    if team_points >= target:
        value = bonus(deal.chef_trump, deal.level, above_seven=game.rules.bonus_above_seven)
        return TeamOutcome(seats, team_points, target, True, bonus=value)
    reached = reached_level(count, team_points)
    return TeamOutcome(seats, team_points, target, False, reached=reached, difference=deal.level - reached)


def _score_played(game: MuGame, deal: Played) -> tuple[list[int], list[Line]]:
    """§8: individual card points, then the team: bonus if made, the difference if lost."""
    names = game.players
    team = decide_team(game, deal)
    lines = [
        _line(
            seat,
            deal.points[seat],
            "individual",
            INDIVIDUAL,
            _("%(player)s: card points taken, %(points)+d"),
            player=name,
        )
        for seat, name in enumerate(names)
    ]
    lines.append(_team_line(deal, team, " & ".join(names[seat] for seat in team.seats)))
    scored = _bonus_lines(game, deal, team) if team.made else _lost_lines(game, deal, team)
    points = list(deal.points)
    for line in scored:
        assert line.side is not None  # every team line scores for one player
        points[line.side] += line.points
    return points, [*lines, *scored]


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
        return Line(None, 0, "team_target", TEAM, Text(template, params))
    template = _(
        "Chef team %(team)s: %(team_points)d card points, needed %(target)d at level %(level)d: lost; "
        "reached level %(reached)d, difference %(difference)d"
    )
    params.update(reached=team.reached, difference=team.difference)
    return Line(None, 0, "lost_game", LOST, Text(template, params))


def _bonus_lines(game: MuGame, deal: Played, team: TeamOutcome) -> list[Line]:
    """A made game: the Chef and the partner each get the bonus for the level and the Chef trump (§8 table)."""
    kind = Text(TRUMP_KINDS[trump_kind(deal.chef_trump)])
    template = _("%(player)s: bonus for level %(level)d with %(kind)s as Chef trump, %(points)+d")
    return [
        _line(seat, team.bonus, "bonus", BONUS, template, player=game.players[seat], level=deal.level, kind=kind)
        for seat in team.seats
    ]


def _lost_lines(game: MuGame, deal: Played, team: TeamOutcome) -> list[Line]:
    """A lost game (§8.2): the Chef -10 per level of difference, the partner nothing, each opponent +5 per level."""
    lines = []
    difference = team.difference
    for seat, name in enumerate(game.players):
        if seat == deal.chef:
            value = -10 * difference
            template = _("%(player)s (Chef): -10 × %(difference)d = %(points)+d")
        elif seat == deal.partner:
            value = 0
            template = _("%(player)s (partner): no plus, no minus")
        else:
            value = 5 * difference
            template = _("%(player)s (opponent): 5 × %(difference)d = %(points)+d")
        lines.append(_line(seat, value, "lost_game", LOST, template, player=name, difference=difference))
    return lines


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
