"""Scoring a Spades game: every hand, every side, every step explained.

Source: ``shared/rules/spades.md``, "Standard scoring, exactly" (steps 1-5), with
the house rule keys of "Rule keys"; seeds 002 "Scoring", 004 "Wertung",
"Sandbagging", 003 "Punktevergabe". Each :class:`~scorekeeper.engine.sheet.Line`
names the step it applies and its source.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import RuleError
from ..sheet import HandScore, Line, Sheet
from ..text import Text
from ..text import gettext_noop as _
from .bidding import verify_hand
from .game import SpadesGame, SpadesHand, is_nil
from .rules import BLIND_NIL, SpadesRules

CONTRACT = "spades.md: Standard scoring 1"
NIL_SOURCE = "spades.md: Standard scoring 2"
FAILED_NIL = "spades.md: Standard scoring 3"
SANDBAG = "spades.md: Standard scoring 4"
GAME = "spades.md: Standard scoring 5"


def score_spades(game: SpadesGame) -> Sheet:
    """Score every hand of ``game`` and decide whether it is over.

    Returns:
        A :class:`Sheet` with one side per partnership (``game.side_names()``):
        per hand the points, running totals, bag counts and explanation lines.

    Raises:
        RuleError: tagged with the 0-based ``hand``: a bid or trick count the
            house rules forbid at that moment, or a hand after the game ended.
    """
    rules = game.rules
    names = game.side_names()
    count = len(names)
    totals = [0] * count
    bags = [0] * count
    hands: list[HandScore] = []
    winner: int | None = None
    end: Line | None = None
    for index, raw in enumerate(game.hands):
        if end is not None:
            raise RuleError(
                Text(
                    _("The game was already over after hand %(number)d (%(side)s won); no hand can follow it."),
                    {"number": index, "side": names[winner]},  # type: ignore[index]
                ),
                hand=index,
                source=GAME,
            )
        try:
            hand = verify_hand(game, raw, totals=totals)
        except RuleError as error:
            raise error.at_hand(index) from None
        points = [0] * count
        lines: list[Line] = []
        for side, seats in enumerate(game.sides):
            points[side], bags[side] = _score_side(rules, game, hand, side, seats, names[side], bags[side], lines)
            totals[side] += points[side]
        winner, end, note = game_end(rules, totals, names)
        if note is not None:
            lines.append(note)
        hands.append(HandScore(tuple(points), tuple(totals), tuple(bags), tuple(lines)))
    return Sheet(
        sides=names,
        hands=tuple(hands),
        totals=tuple(totals),
        bags=tuple(bags),
        finished=end is not None,
        winner=winner,
        end=end,
    )


def _score_side(
    rules: SpadesRules,
    game: SpadesGame,
    hand: SpadesHand,
    side: int,
    seats: Sequence[int],
    name: str,
    carried: int,
    lines: list[Line],
) -> tuple[int, int]:
    """Score one side's hand, appending its lines; return (points, bags carried after)."""
    bid = taken = 0
    bidders = 0
    nil_lines: list[Line] = []
    points = new_bags = 0
    failed_nil = None
    for seat in seats:
        seat_bid, seat_tricks = hand.bids[seat], hand.tricks[seat]
        if not is_nil(seat_bid):
            bid += seat_bid  # type: ignore[operator]
            taken += seat_tricks
            bidders += 1
            continue
        # Step 2: each nil is scored on its own (004: both nil -> +200, -200 or 0).
        player = game.players[seat]
        blind = seat_bid == BLIND_NIL
        rule = "blind_nil" if blind else "nil"
        if seat_tricks == 0:
            value = rules.blind_nil_value if blind else rules.nil_value
            template = (
                _("%(side)s: blind nil by %(player)s made, %(points)+d")
                if blind
                else _("%(side)s: nil by %(player)s made, %(points)+d")
            )
            nil_lines.append(
                Line(side, value, rule, NIL_SOURCE, Text(template, {"side": name, "player": player, "points": value}))
            )
            points += value
            continue
        failed_nil = player
        value = -(rules.blind_nil_penalty if blind else rules.nil_value)
        template = (
            _("%(side)s: blind nil by %(player)s failed (tricks taken: %(tricks)d), %(points)+d")
            if blind
            else _("%(side)s: nil by %(player)s failed (tricks taken: %(tricks)d), %(points)+d")
        )
        params = {"side": name, "player": player, "tricks": seat_tricks, "points": value}
        nil_lines.append(Line(side, value, rule, NIL_SOURCE, Text(template, params)))
        points += value
        # Step 3: where a failed nil's tricks go (house rule failed_nil_tricks).
        params = {"side": name, "player": player, "count": seat_tricks}
        if rules.failed_nil_tricks == "help_partner" and bidders + _bidders_after(hand, seats, seat) > 0:
            taken += seat_tricks
            text = Text(
                _("%(side)s: tricks of the failed nil by %(player)s (%(count)d) count toward the partner's bid"), params
            )
            nil_lines.append(
                Line(side, 0, "failed_nil_tricks", "spades.md: failed_nil_tricks; 003 Punktevergabe", text)
            )
        elif rules.failed_nil_tricks == "neither":
            text = Text(_("%(side)s: tricks of the failed nil by %(player)s (%(count)d) count for nothing"), params)
            nil_lines.append(Line(side, 0, "failed_nil_tricks", "spades.md: failed_nil_tricks", text))
        else:
            value = seat_tricks * rules.overtrick_value
            new_bags += seat_tricks
            points += value
            text = Text(
                _(
                    "%(side)s: tricks of the failed nil by %(player)s (%(count)d) count as bags, "
                    "not toward the bid, %(points)+d"
                ),
                {**params, "points": value},
            )
            nil_lines.append(Line(side, value, "failed_nil_tricks", FAILED_NIL, text))

    # Step 1: the contract (partners' bids added; a nil counts 0 toward it).
    if bidders:
        params = {"side": name, "bid": bid, "tricks": taken}
        if failed_nil is not None and rules.failed_nil_sets_partner:
            value = -10 * bid
            text = Text(
                _("%(side)s: bid %(bid)d, took %(tricks)d, but the nil by %(player)s failed: set, %(points)+d"),
                {**params, "player": failed_nil, "points": value},
            )
            lines.append(Line(side, value, "failed_nil_sets_partner", "spades.md: failed_nil_sets_partner", text))
            points += value
        elif taken >= bid:
            value = 10 * bid
            text = Text(
                _("%(side)s: bid %(bid)d, took %(tricks)d: made, 10 × %(bid)d = %(points)+d"),
                {**params, "points": value},
            )
            lines.append(Line(side, value, "contract", CONTRACT, text))
            points += value
            over = taken - bid
            if over:
                value = over * rules.overtrick_value
                new_bags += over
                points += value
                text = Text(
                    _("%(side)s: %(count)d over the bid (bags), %(points)+d"),
                    {"side": name, "count": over, "points": value},
                )
                lines.append(Line(side, value, "overtrick_value", CONTRACT, text))
        elif rules.set_penalty == "shortfall":
            missing = bid - taken
            value = -10 * missing
            text = Text(
                _("%(side)s: bid %(bid)d, took %(tricks)d: set, -10 × %(missing)d missing = %(points)+d"),
                {**params, "missing": missing, "points": value},
            )
            lines.append(
                Line(side, value, "set_penalty", "spades.md: set_penalty; 002 Variations in the scoring", text)
            )
            points += value
        else:
            value = -10 * bid
            text = Text(
                _("%(side)s: bid %(bid)d, took %(tricks)d: set, -10 × %(bid)d = %(points)+d"),
                {**params, "points": value},
            )
            lines.append(Line(side, value, "contract", CONTRACT, text))
            points += value
    lines.extend(nil_lines)

    # Step 4: sandbagging, every time the bag count reaches the limit.
    bags = carried + new_bags
    if new_bags and rules.bag_penalty_applies and bags >= rules.bag_limit:
        times, bags = divmod(bags, rules.bag_limit)
        value = -rules.bag_penalty * times
        text = Text(
            _("%(side)s: bags reach %(reached)d, %(points)+d; %(left)d carried over"),
            {"side": name, "reached": carried + new_bags, "points": value, "left": bags},
        )
        lines.append(Line(side, value, "bag_limit", SANDBAG, text))
        points += value
    return points, bags


def _bidders_after(hand: SpadesHand, seats: Sequence[int], seat: int) -> int:
    """How many of ``seats`` after ``seat`` bid a number (the partner a failed nil can help)."""
    return sum(1 for other in seats[seats.index(seat) + 1 :] if not is_nil(hand.bids[other]))


def game_end(
    rules: SpadesRules, totals: Sequence[int], names: Sequence[str]
) -> tuple[int | None, Line | None, Line | None]:
    """Decide whether the game is over at ``totals`` (``spades.md``, Standard scoring 5).

    The sides that reached the target (``win_on``: reach = at least, exceed =
    more than) compete: the highest wins, a tie at the top plays another hand.
    Otherwise, with ``lose_at``, a side at or below it loses and the best of the
    others wins.

    Returns:
        ``(winner, end, note)``: the winning side or ``None``; the line saying
        why the game ended (also the note) or ``None``; a note for the hand's
        lines (the end, or "tie: play another hand") or ``None``.
    """
    count = len(totals)
    if rules.win_on == "reach":
        contenders = [side for side in range(count) if totals[side] >= rules.target]
    else:
        contenders = [side for side in range(count) if totals[side] > rules.target]
    source = GAME if rules.win_on == "reach" else "spades.md: win_on; 003 Punktevergabe"
    if not contenders and rules.lose_at is not None:
        losers = [side for side in range(count) if totals[side] <= rules.lose_at]
        if losers:
            contenders = [side for side in range(count) if side not in losers] or list(range(count))
            source = "spades.md: lose_at; 002 Variations in the scoring"
    if not contenders:
        return None, None, None
    best = max(totals[side] for side in contenders)
    leaders = [side for side in contenders if totals[side] == best]
    if len(leaders) > 1:
        text = Text(
            _("%(sides)s are tied at %(score)d: play another hand"),
            {"sides": " / ".join(names[side] for side in leaders), "score": best},
        )
        return None, None, Line(None, 0, "game", GAME, text)
    winner = leaders[0]
    text = Text(_("%(side)s win the game with %(score)d"), {"side": names[winner], "score": best})
    end = Line(winner, 0, "game", source, text)
    return winner, end, end
