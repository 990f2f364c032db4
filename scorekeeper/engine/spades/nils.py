"""Steps 2 and 3 of Spades scoring: nils, blind nils, double nil, and where a failed nil's tricks go.

:func:`decide_nil` and :func:`decide_double_nil` are pure: numbers in, a frozen
:class:`NilOutcome` out. :func:`score_nils` scores every nil of one side in a hand
and explains it, for :mod:`.scoring`.

Source: ``docs/rules/spades.md``, "Standard scoring, exactly" 2 and 3 and the keys
``nil_value``, ``blind_nil_value``, ``blind_nil_penalty``, ``failed_nil_tricks``,
``double_nil`` and ``double_nil_penalty``; Pagat, Spades (002) "Nil / Blind Nil",
"Double Nil"; 003 "Punktevergabe" (a failed nil's tricks help the partner).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from ..sheet import Line, make_line
from ..source import APP_RULES, Cite, Source
from ..text import Text
from ..text import gettext_noop as _
from .game import Bid, SpadesGame
from .rules import BLIND_NIL, DOUBLE_NIL, KEYS, SpadesRules, key_row
from .sources import FAILED_NIL, NIL_SOURCE

_DOUBLE_NIL = KEYS["double_nil"].source
_NIL_TRICKS: Source = (key_row("failed_nil_tricks"),)
_NIL_TRICKS_HELP = (key_row("failed_nil_tricks"), Cite(APP_RULES, "Punktevergabe"))


@dataclass(frozen=True, slots=True)
class NilOutcome:
    """What one nil (or a side's double nil) came to.

    Attributes:
        rule: ``"nil"``, ``"blind_nil"`` or ``"double_nil"``.
        made: no trick taken (for double nil: by neither partner).
        points: the nil's own points: its value if made, minus its penalty if
            failed (0 for a failed double nil that loses the game).
        tricks: tricks the nil bidder took (both partners' for double nil).
        tricks_go: where a failed nil's tricks go (step 3): ``"bags"``,
            ``"help_partner"`` (toward the partner's bid) or ``"neither"``; ``""`` if made.
        bag_points: what those tricks score as bags (``tricks`` x ``overtrick_value``, else 0).
        loses_game: a failed double nil that loses the game (``double_nil_penalty: lose_game``).
        opponents_bonus: what every other side scores (double nil failed by both partners: 100).
    """

    rule: str
    made: bool
    points: int
    tricks: int = 0
    tricks_go: str = ""
    bag_points: int = 0
    loses_game: bool = False
    opponents_bonus: int = 0

    @property
    def bags(self) -> int:
        """Tricks of a failed nil that count as bags."""
        return self.tricks if self.tricks_go == "bags" else 0

    @property
    def helped(self) -> int:
        """Tricks of a failed nil that count toward the partner's bid."""
        return self.tricks if self.tricks_go == "help_partner" else 0


@lru_cache(maxsize=1024)
def decide_nil(
    rules: SpadesRules, blind: bool, tricks: int, partner_bids_number: bool, revoked: bool = False
) -> NilOutcome:
    """Decide a nil or blind nil: +value with no trick, else -penalty, and where its tricks go.

    Args:
        blind: a blind nil (``blind_nil_value``, ``blind_nil_penalty``) rather than a nil (``nil_value``).
        tricks: tricks the bidder took.
        partner_bids_number: the side has a number bid the tricks could help
            (``failed_nil_tricks: help_partner``); without one they are bags.
        revoked: its bidder revoked, which fails the nil whatever they took (``revoke_penalty``).
    """
    rule = "blind_nil" if blind else "nil"
    if tricks == 0 and not revoked:
        return NilOutcome(rule, True, rules.blind_nil_value if blind else rules.nil_value)
    penalty = rules.blind_nil_penalty if blind else rules.nil_value
    go = rules.failed_nil_tricks
    if go == "help_partner" and not partner_bids_number:
        go = "bags"  # no partner's bid to help
    bag_points = tricks * rules.overtrick_value if go == "bags" else 0
    return NilOutcome(rule, False, -penalty, tricks, go, bag_points)


@lru_cache(maxsize=1024)
def decide_double_nil(rules: SpadesRules, *, tricks: tuple[int, ...], revoked: bool = False) -> NilOutcome:
    """Decide a double nil (both partners nil as one bid; 002 "Double Nil").

    +500 if neither partner takes a trick; else ``-double_nil_penalty`` (or the
    game is lost), the tricks are bags unless ``failed_nil_tricks`` is ``neither``,
    and if both partners took a trick every other side gets 100.

    Args:
        tricks: the tricks each partner took; revoked: a partner revoked, which fails it (``revoke_penalty``).
    """
    takers = [taken for taken in tricks if taken]
    if not takers and not revoked:
        return NilOutcome("double_nil", True, 500)
    penalty = rules.double_nil_penalty
    total = sum(tricks)
    go = "neither" if rules.failed_nil_tricks == "neither" else "bags"  # no partner's bid to help: both bid nil
    return NilOutcome(
        "double_nil",
        False,
        -penalty if isinstance(penalty, int) else 0,
        total,
        go,
        total * rules.overtrick_value if go == "bags" else 0,
        loses_game=penalty == "lose_game",
        opponents_bonus=100 if len(takers) == len(tricks) else 0,
    )


@dataclass(frozen=True, slots=True)
class Nils:
    """Every nil of one side in one hand, scored and explained.

    Attributes:
        lines: the explanation, in seat order.
        points: the game points of those lines.
        bags: tricks of failed nils that count as bags.
        helped: tricks of failed nils that count toward the partner's bid.
        failed: the player whose nil failed (the last one; for double nil, the
            first partner who took a trick), or ``None``.
        loses_game: the line of a double nil that loses the game, or ``None``.
        opponents_bonus: what every other side scores for this side's double nil.
    """

    lines: tuple[Line, ...]
    points: int
    bags: int
    helped: int
    failed: str | None
    loses_game: Line | None = None
    opponents_bonus: int = 0


def score_nils(
    game: SpadesGame,
    *,
    side: int,
    name: str,
    nils: Sequence[tuple[int, Bid, int]],
    partner_bids_number: bool,
    revoked: frozenset[int] = frozenset(),
) -> Nils:
    """Steps 2 and 3 for the nils of ``side`` in one hand.

    Args:
        side: the side's index; name: its display name.
        nils: ``(seat, bid, tricks taken)`` of each of the side's seats that bid a nil of any
            kind (at least one), in seat order.
        partner_bids_number: whether a player of the side bid a number (whose bid a failed nil may help).
        revoked: the seats whose nil a revoke fails whatever they took (``revoke_penalty``).
    """
    if nils[0][1] == DOUBLE_NIL and all(bid == DOUBLE_NIL for _seat, bid, _taken in nils):  # cheap check first
        by_revoke = any(seat in revoked for seat, _bid, _taken in nils)
        outcome = decide_double_nil(game.rules, tricks=tuple([taken for _seat, _bid, taken in nils]), revoked=by_revoke)
        lines = _double_nil_lines(outcome, side=side, name=name)
        failed = None
        if not outcome.made:
            failed = next(game.players[seat] for seat, _bid, taken in nils if taken or seat in revoked)
        loses_game = lines[0] if outcome.loses_game else None
        return Nils(lines, _points(lines), outcome.bags, 0, failed, loses_game, outcome.opponents_bonus)
    all_lines: list[Line] = []
    bags = helped = 0
    failed = None
    for seat, bid, taken in nils:
        player = game.players[seat]
        outcome = decide_nil(game.rules, bid == BLIND_NIL, taken, partner_bids_number, seat in revoked)  # cached
        all_lines += _nil_lines(outcome, side=side, name=name, player=player)
        bags += outcome.bags
        helped += outcome.helped
        if not outcome.made:
            failed = player  # the last nil that failed
    return Nils(tuple(all_lines), _points(all_lines), bags, helped, failed)


def _points(lines: Sequence[Line]) -> int:
    """The game points of ``lines``."""
    return sum([line.points for line in lines])


def _line(side: int, points: int, rule: str, source: Source, template: str, /, **params: object) -> Line:
    """A line scoring ``points`` for side ``side`` (an index); ``params`` fill ``template`` and name the side."""
    params["points"] = points  # ``params`` is this call's own dict
    return make_line(side, points, rule, source, template, params)


#: (rule, made) -> the template of a nil's line.
_NIL_TEMPLATES: Mapping[tuple[str, bool], str] = MappingProxyType(
    {
        ("nil", True): _("%(side)s: nil by %(player)s made, %(points)+d"),
        ("blind_nil", True): _("%(side)s: blind nil by %(player)s made, %(points)+d"),
        ("nil", False): _("%(side)s: nil by %(player)s failed (tricks taken: %(tricks)d), %(points)+d"),
        ("blind_nil", False): _("%(side)s: blind nil by %(player)s failed (tricks taken: %(tricks)d), %(points)+d"),
    }
)


@lru_cache(maxsize=1024)
def _nil_lines(outcome: NilOutcome, *, side: int, name: str, player: str) -> tuple[Line, ...]:
    """A nil's line (step 2) and, for a failed one, where its tricks go (step 3). Remembered: a
    player's nil comes out the same way again and again, with the partner's bid or another nil."""
    template = _NIL_TEMPLATES[outcome.rule, outcome.made]
    if outcome.made:
        return (_line(side, outcome.points, outcome.rule, NIL_SOURCE, template, side=name, player=player),)
    nil = _line(
        side, outcome.points, outcome.rule, NIL_SOURCE, template, side=name, player=player, tricks=outcome.tricks
    )
    if not outcome.tricks:  # failed by a revoke (revoke_penalty): no tricks to place
        return (nil,)
    params: dict[str, object] = {"side": name, "player": player, "count": outcome.tricks}
    if outcome.tricks_go == "help_partner":
        template = _("%(side)s: tricks of the failed nil by %(player)s (%(count)d) count toward the partner's bid")
        tricks = _line(side, 0, "failed_nil_tricks", _NIL_TRICKS_HELP, template, **params)
    elif outcome.tricks_go == "neither":
        template = _("%(side)s: tricks of the failed nil by %(player)s (%(count)d) count for nothing")
        tricks = _line(side, 0, "failed_nil_tricks", _NIL_TRICKS, template, **params)
    else:
        template = _(
            "%(side)s: tricks of the failed nil by %(player)s (%(count)d) count as bags, "
            "not toward the bid, %(points)+d"
        )
        tricks = _line(side, outcome.bag_points, "failed_nil_tricks", FAILED_NIL, template, **params)
    return nil, tricks


def _double_nil_lines(outcome: NilOutcome, *, side: int, name: str) -> tuple[Line, ...]:
    """A double nil's line: made, failed (or the game lost with it), then its tricks as bags."""
    if outcome.made:
        return (_line(side, 500, "double_nil", _DOUBLE_NIL, _("%(side)s: double nil made, %(points)+d"), side=name),)
    if outcome.loses_game:
        text = Text(_("%(side)s: double nil failed, and with it the game"), {"side": name})
        failed = Line(side, 0, "double_nil_penalty", _DOUBLE_NIL, text)
    else:
        template = _("%(side)s: double nil failed, %(points)+d")
        failed = _line(side, outcome.points, "double_nil_penalty", _DOUBLE_NIL, template, side=name)
    if outcome.tricks_go == "neither" or not outcome.tricks:  # none, or failed by a revoke with no trick
        return (failed,)
    template = _("%(side)s: tricks of the failed double nil (%(count)d) count as bags, %(points)+d")
    bags = _line(side, outcome.bag_points, "failed_nil_tricks", FAILED_NIL, template, side=name, count=outcome.tricks)
    return failed, bags
