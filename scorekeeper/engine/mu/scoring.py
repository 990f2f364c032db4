"""Scoring a Mü game: individual and team points per deal, explained (``mu.md`` §4, §8, §9)."""

from __future__ import annotations

from ..errors import RuleError
from ..sheet import HandScore, Line, Sheet
from ..text import Text
from ..text import gettext_noop as _
from .game import Eklat, MuGame, Played
from .rules import MuRules
from .tables import COLOURS, HAND_SIZE, bonus, points_in_deal, reached_level, team_target, trump_kind

INDIVIDUAL = "mu.md §8.1"
TEAM = "mu.md §8.2"
BONUS = "mu.md §8 bonus table"
LOST = "mu.md §8.2 lost game"
EKLAT = "mu.md §4 Eklat"
GAME = "mu.md §9"

TRUMP_KINDS = {
    "colour": _("a colour"),
    "digit_1_7": _("1 or 7"),
    "digit": _("another digit"),
    "none": _("no trump"),
}


def _error(
    template: str, source: str, *, where: str | None = None, seat: int | None = None, **params: object
) -> RuleError:
    """A :class:`RuleError` about input ``where`` (a record field), in Mü's terms (deals, not hands)."""
    return RuleError(Text(template, params), field=where, seat=seat, source=source, unit="deal")


def verify_deal(game: MuGame, deal: object, *, played: bool = True) -> None:
    """Check one deal against the rules (not yet tagged with its number).

    With ``played=False`` (the auction is written, the cards not yet played) the
    card points are not checked (they are ``None``).

    Raises:
        RuleError: a seat out of range, a level beyond the hand size, the Vize
            as partner, no trump named by the Vize, points not adding up, ...
    """
    count = len(game.players)
    seats = range(count)
    if isinstance(deal, Eklat):
        if deal.level is None:
            if deal.tied or deal.last is not None:
                raise _error(_("An Eklat where everyone passed has no tied players."), EKLAT, where="eklat")
            return
        if type(deal.level) is not int or not 1 <= deal.level <= HAND_SIZE[count]:
            raise _error(
                _("An Eklat's level is from 1 to %(most)d cards."), EKLAT, where="eklat", most=HAND_SIZE[count]
            )
        tied = deal.tied
        if len(tied) < 2 or any(type(s) is not int or s not in seats for s in tied) or len(set(tied)) != len(tied):
            raise _error(_("An Eklat needs two or more different tied players."), EKLAT, where="eklat")
        if deal.last not in tied:
            raise _error(_("The player who laid last must be one of the tied players."), EKLAT, where="eklat")
        return
    assert isinstance(deal, Played)
    for name in ("chef", "vize", "partner"):
        value = getattr(deal, name)
        if value is not None and (type(value) is not int or value not in seats):
            raise _error(
                _("'%(field)s' must be a seat from 0 to %(last)d."),
                "game-record.md",
                where=name,
                field=name,
                last=count - 1,
            )
    if deal.chef is None:
        raise _error(_("Every played deal has a Chef."), "mu.md §4", where="chef")
    most = HAND_SIZE[count]
    if type(deal.level) is not int or not 1 <= deal.level <= most:
        raise _error(
            _("The Chef's level is from 1 to %(most)d cards with %(count)d players."),
            "mu.md §1, §6",
            where="level",
            most=most,
            count=count,
        )
    if count == 3 and deal.vize is not None:
        raise _error(_("With 3 players there is no Vize."), "mu.md §4", where="vize")
    if deal.level == 1 and deal.vize is not None:
        # Anyone else with a card would tie the Chef (an Eklat): the Chef laid alone, so no Vize.
        raise _error(
            _("At level 1 the Chef is the only one who laid a card: there is no Vize."), "mu.md §4", where="vize"
        )
    if deal.vize is not None and deal.vize == deal.chef:
        raise _error(_("The Chef cannot also be the Vize."), "mu.md §4", where="vize")
    if count == 3:
        if deal.partner is not None:
            raise _error(_("With 3 players the Chef plays alone: no partner."), "mu.md §6", where="partner")
    else:
        if deal.partner is None:
            raise _error(_("With more than 3 players the Chef picks a partner."), "mu.md §6", where="partner")
        if deal.partner == deal.chef:
            raise _error(_("The Chef cannot be their own partner."), "mu.md §6", where="partner")
        if deal.partner == deal.vize:
            raise _error(_("The Chef may never pick the Vize as partner."), "mu.md §6", where="partner")
    _verify_trump(deal.chef_trump, "chef_trump", may_be_none=True)
    if deal.vize is None:
        if deal.vize_trump is not None:
            raise _error(_("Without a Vize there is no Vize trump."), "mu.md §5", where="vize_trump")
    else:
        _verify_trump(deal.vize_trump, "vize_trump", may_be_none=False)
    points = deal.points
    if not played and points is None:
        return
    if not isinstance(points, tuple) or len(points) != count or any(type(p) is not int or p < 0 for p in points):
        raise _error(
            _("Enter the card points of each of the %(count)d players."), "game-record.md", where="points", count=count
        )
    total, expected = sum(points), points_in_deal(count)
    if total != expected:
        raise _error(
            _("The card points add up to %(total)d, but a deal has %(expected)d."),
            "mu.md §1",
            where="points",
            total=total,
            expected=expected,
        )


def _verify_trump(trump: object, name: str, *, may_be_none: bool) -> None:
    if trump is None:
        if not may_be_none:
            raise _error(_("Only the Chef may choose no trump."), "mu.md §5", where=name)
        return
    if isinstance(trump, str) and trump in COLOURS:
        return
    if type(trump) is int and 0 <= trump <= 9:
        return
    raise _error(
        _("A trump is a colour (red, blue, green, yellow, black) or a digit from 0 to 9."), "mu.md §5", where=name
    )


def score_mu(game: MuGame) -> Sheet:
    """Score every deal of ``game`` and decide whether it is over (``mu.md`` §8, §9).

    Returns:
        A :class:`Sheet` with one side per player; ``bags`` are zeros.

    Raises:
        RuleError: tagged with the 0-based deal: an invalid deal, or a deal after the game ended.
    """
    names = game.players
    count = len(names)
    totals = [0] * count
    zeros = (0,) * count
    hands: list[HandScore] = []
    winner: int | None = None
    end: Line | None = None
    for index, deal in enumerate(game.deals):
        if end is not None:
            raise RuleError(
                Text(
                    _("The game was already over after deal %(number)d (%(player)s won); no deal can follow it."),
                    {"number": index, "player": names[winner]},
                ),  # type: ignore[index]
                hand=index,
                source=GAME,
                unit="deal",
            )
        try:
            verify_deal(game, deal)
        except RuleError as error:
            raise error.at_hand(index) from None
        points, lines = _score_eklat(game, deal) if isinstance(deal, Eklat) else _score_played(game, deal)
        for seat in range(count):
            totals[seat] += points[seat]
        winner, end, note = game_end(game.rules, totals, names)
        if note is not None:
            lines.append(note)
        hands.append(HandScore(tuple(points), tuple(totals), zeros, tuple(lines)))
    return Sheet(
        sides=names,
        hands=tuple(hands),
        totals=tuple(totals),
        bags=zeros,
        finished=end is not None,
        winner=winner,
        end=end,
    )


def _line(side: int | None, points: int, rule: str, source: str, template: str, **params: object) -> Line:
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
            lines.append(
                _line(
                    seat,
                    points[seat],
                    "eklat",
                    EKLAT,
                    _("%(player)s: Eklat, laid last on %(level)d cards: -10 × %(level)d = %(points)+d"),
                    player=name,
                    level=deal.level,
                )
            )
        else:
            points[seat] = 5 * deal.level
            lines.append(
                _line(
                    seat,
                    points[seat],
                    "eklat",
                    EKLAT,
                    _("%(player)s: Eklat, tied on %(level)d cards: 5 × %(level)d = %(points)+d"),
                    player=name,
                    level=deal.level,
                )
            )
    return points, lines


def _score_played(game: MuGame, deal: Played) -> tuple[list[int], list[Line]]:
    """§8: individual card points, then the team: bonus if made, the difference if lost."""
    count, names = len(game.players), game.players
    points = list(deal.points)
    lines = [
        _line(
            seat,
            deal.points[seat],
            "individual",
            INDIVIDUAL,
            _("%(player)s: card points taken, %(points)+d"),
            player=names[seat],
        )
        for seat in range(count)
    ]
    team = [deal.chef] if deal.partner is None else [deal.chef, deal.partner]
    team_points = sum(deal.points[seat] for seat in team)
    target = team_target(count, deal.level)
    team_name = " & ".join(names[seat] for seat in team)
    if team_points >= target:
        lines.append(
            Line(
                None,
                0,
                "team_target",
                TEAM,
                Text(
                    _("Chef team %(team)s: %(team_points)d card points, needed %(target)d at level %(level)d: made"),
                    {"team": team_name, "team_points": team_points, "target": target, "level": deal.level},
                ),
            )
        )
        value = bonus(deal.chef_trump, deal.level, above_seven=game.rules.bonus_above_seven)
        kind = Text(TRUMP_KINDS[trump_kind(deal.chef_trump)])
        for seat in team:
            points[seat] += value
            lines.append(
                _line(
                    seat,
                    value,
                    "bonus",
                    BONUS,
                    _("%(player)s: bonus for level %(level)d with %(kind)s as Chef trump, %(points)+d"),
                    player=names[seat],
                    level=deal.level,
                    kind=kind,
                )
            )
        return points, lines
    reached = reached_level(count, team_points)
    difference = deal.level - reached
    lines.append(
        Line(
            None,
            0,
            "lost_game",
            LOST,
            Text(
                _(
                    "Chef team %(team)s: %(team_points)d card points, needed %(target)d at level %(level)d: lost; "
                    "reached level %(reached)d, difference %(difference)d"
                ),
                {
                    "team": team_name,
                    "team_points": team_points,
                    "target": target,
                    "level": deal.level,
                    "reached": reached,
                    "difference": difference,
                },
            ),
        )
    )
    for seat in range(count):
        if seat == deal.chef:
            value = -10 * difference
            template = _("%(player)s (Chef): -10 × %(difference)d = %(points)+d")
        elif seat == deal.partner:
            value = 0
            template = _("%(player)s (partner): no plus, no minus")
        else:
            value = 5 * difference
            template = _("%(player)s (opponent): 5 × %(difference)d = %(points)+d")
        points[seat] += value
        lines.append(_line(seat, value, "lost_game", LOST, template, player=names[seat], difference=difference))
    return points, lines


def game_end(rules: MuRules, totals: list[int], names: tuple[str, ...]) -> tuple[int | None, Line | None, Line | None]:
    """§9: once a player has gone over the agreed total, the highest total wins; a tie plays another deal.

    Returns ``(winner, end line, note)`` as :func:`scorekeeper.engine.spades.scoring.game_end` does.
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
