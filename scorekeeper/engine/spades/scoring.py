"""Scoring a Spades game: every hand, every side, every step explained.

Source: ``docs/rules/spades.md``, "Standard scoring, exactly" (steps 1-5) and
"Rule keys"; Pagat, Spades (002) "Scoring", "Variations in the scoring", "Special
actions / bids", New York City, Barmore, three-player sections; the German rule
sheet (004) "Wertung", "Sandbagging"; a Spades app's rules page (003) "Punktevergabe".
Each :class:`~scorekeeper.engine.sheet.Line` names the rule it applies (its house
rule key, or the scoring step) and its source.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..errors import RuleError
from ..sheet import HandScore, Line, Sheet
from ..text import Text
from ..text import gettext_noop as _
from .bidding import verify_hand
from .game import SpadesGame, SpadesHand, is_nil
from .rules import BLIND_NIL, DOUBLE_NIL, SpadesRules

CONTRACT = "spades.md: Standard scoring 1"
NIL_SOURCE = "spades.md: Standard scoring 2"
FAILED_NIL = "spades.md: Standard scoring 3"
SANDBAG = "spades.md: Standard scoring 4"
GAME = "spades.md: Standard scoring 5"
VARIATIONS = "002 Variations in the scoring"


@dataclass(slots=True)
class _Side:
    """What one side's hand produced (internal to :func:`score_spades`).

    ``helped``: tricks of a failed nil counted toward the partner's bid;
    ``boston``: bid 10 or more and took every trick (002 New York City rules).
    """

    side: int
    points: int = 0
    bags: int = 0
    set: bool = False
    helped: int = 0
    boston: bool = False
    wins_game: Line | None = None
    loses_game: Line | None = None
    opponents_bonus: int = 0
    lines: list[Line] = field(default_factory=list)

    def add(self, points: int, rule: str, source: str, template: str, **params: object) -> None:
        """Score ``points`` for this side, explained by ``template`` with ``params``."""
        self.points += points
        params["points"] = points  # ``params`` is this call's own dict
        self.lines.append(Line(self.side, points, rule, source, Text(template, params)))


def score_spades(game: SpadesGame) -> Sheet:
    """Score every hand of ``game`` and decide whether it is over.

    Returns:
        A :class:`Sheet` with one side per partnership (or per player without
        partners): per hand the points, running totals, bag counts and lines.

    Raises:
        RuleError: tagged with the 0-based ``hand``: a bid or trick count the
            house rules forbid at that moment, or a hand after the game ended.
    """
    rules = game.rules
    names = game.side_names()
    count = len(names)
    totals = [0] * count
    bags = [0] * count
    sets_in_a_row = [0] * count
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
            hand = verify_hand(game, raw, totals=totals, number=index)
        except RuleError as error:
            raise error.at_hand(index) from None
        if hand.misdeal is not None:
            dealer = game.players[game.dealer_of(index)]
            text = Text(
                _("Misdeal called by %(player)s: the hand is thrown in, no score; %(dealer)s deals again"),
                {"player": game.players[hand.misdeal], "dealer": dealer},
            )
            note = Line(None, 0, "misdeal", "spades.md: misdeal; 002 Misdeal", text)
            hands.append(HandScore((0,) * count, tuple(totals), tuple(bags), (note,)))
            continue
        results = [
            _score_side(rules, game, hand, side, seats, names[side], bags[side])
            for side, seats in enumerate(game.sides)
        ]
        for side, result in enumerate(results):
            for other, other_result in enumerate(results):
                if other_result.opponents_bonus and other != side:
                    result.add(
                        other_result.opponents_bonus,
                        "double_nil",
                        "spades.md: double_nil; 002 Double Nil",
                        _("%(side)s: both players of %(other)s took a trick in their double nil, %(points)+d"),
                        side=names[side],
                        other=names[other],
                    )
        lines: list[Line] = []
        for side, result in enumerate(results):
            totals[side] += result.points
            bags[side] = result.bags
            sets_in_a_row[side] = sets_in_a_row[side] + 1 if result.set else 0
            lines.extend(result.lines)
        winner, end, note = game_end(rules, totals, names, results=results, sets_in_a_row=sets_in_a_row)
        if note is not None:
            lines.append(note)
        hands.append(
            HandScore(
                tuple(r.points for r in results),
                tuple(totals),
                tuple(bags),
                tuple(lines),
                tuple(r.set for r in results),
            )
        )
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
    rules: SpadesRules, game: SpadesGame, hand: SpadesHand, side: int, seats: Sequence[int], name: str, carried: int
) -> _Side:
    """Score one side's hand: contract, nils, bonuses, then sandbagging."""
    result = _Side(side)
    assert hand.tricks is not None
    all_tricks = sum([hand.tricks[seat] for seat in seats])
    if hand.bids is None:  # the first hand bids itself (002)
        result.add(
            10 * all_tricks,
            "first_hand_bids_itself",
            "spades.md: first_hand_bids_itself; 002 The hand that bids itself",
            _("%(side)s: the first hand bids itself, 10 × %(tricks)d tricks = %(points)+d"),
            side=name,
            tricks=all_tricks,
        )
        return result
    if rules.bidding == "partnership":
        bid, taken, bidders = hand.bids[side], all_tricks, 1
        nil_seats: list[int] = []
    else:
        bid = taken = bidders = 0
        nil_seats = []
        for seat in seats:
            seat_bid = hand.bids[seat]
            if type(seat_bid) is str:  # after verify_hand, every word bid is a nil of some kind
                nil_seats.append(seat)
            else:
                bid += seat_bid
                taken += hand.tricks[seat]
                bidders += 1
    # Nils are scored first (a failed nil may help or set the partner) but explained after the contract.
    failed_nil = None
    nil_lines: list[Line] = []
    if nil_seats:
        failed_nil = _score_nils(rules, game, hand, seats, nil_seats, name, bidders, result)
        taken += result.helped
        nil_lines, result.lines = result.lines, []
    over = 0
    if bidders:
        over = _score_contract(rules, hand, side, name, bid, taken, all_tricks, failed_nil, result)  # type: ignore[arg-type]
    result.lines.extend(nil_lines)
    for bemo in hand.bemo:
        if bemo.side == side:
            value = 60 if bemo.kind == "little" else 90
            template = (
                (
                    _("%(side)s: little bemo (the first 6 tricks) made, %(points)+d")
                    if bemo.made
                    else _("%(side)s: little bemo (the first 6 tricks) failed, %(points)+d")
                )
                if bemo.kind == "little"
                else (
                    _("%(side)s: big bemo (the first 9 tricks) made, %(points)+d")
                    if bemo.made
                    else _("%(side)s: big bemo (the first 9 tricks) failed, %(points)+d")
                )
            )
            result.add(value if bemo.made else -value, "bemo", "spades.md: bemo; 002 Bemo", template, side=name)
    if rules.cutthroat_bonus and side in hand.blind and result.points:
        result.add(
            result.points,
            "cutthroat_bonus",
            "002 Spades for Three Players: Blind",
            _("%(side)s: blind doubles every point of the hand, %(points)+d"),
            side=name,
        )
    if hand.bag_cancel == side and over > 0 and not result.set:
        result.bags -= 1
        result.add(
            -rules.overtrick_value,
            "bag_cancel_card",
            "spades.md: bag_cancel_card; " + VARIATIONS,
            _("%(side)s: took the bag-cancelling card, one bag cancelled, %(points)+d"),
            side=name,
        )
    _sandbag(rules, side, name, carried, result)
    return result


def _score_nils(
    rules: SpadesRules,
    game: SpadesGame,
    hand: SpadesHand,
    seats: Sequence[int],
    nil_seats: list[int],
    name: str,
    bidders: int,
    result: _Side,
) -> str | None:
    """Steps 2 and 3: nils, blind nils, double nil, and where a failed nil's tricks go.

    Returns the name of a player whose nil failed (or ``None``). Tricks that count
    toward the partner's bid are left in ``result.helped``.
    """
    assert hand.bids is not None and hand.tricks is not None
    failed_nil = None
    if nil_seats and all(hand.bids[seat] == DOUBLE_NIL for seat in nil_seats):
        takers = [seat for seat in nil_seats if hand.tricks[seat]]
        source = "spades.md: double_nil; 002 Double Nil"
        if not takers:
            result.add(500, "double_nil", source, _("%(side)s: double nil made, %(points)+d"), side=name)
            return None
        failed_nil = game.players[takers[0]]
        if rules.double_nil_penalty == "lose_game":
            text = Text(_("%(side)s: double nil failed, and with it the game"), {"side": name})
            result.loses_game = Line(result.side, 0, "double_nil_penalty", source, text)
            result.lines.append(result.loses_game)
        else:
            result.add(
                -rules.double_nil_penalty,
                "double_nil_penalty",
                source,
                _("%(side)s: double nil failed, %(points)+d"),
                side=name,
            )
        if len(takers) == len(nil_seats):
            result.opponents_bonus = 100
        taken = sum(hand.tricks[seat] for seat in nil_seats)
        if rules.failed_nil_tricks != "neither":
            result.bags += taken
            result.add(
                taken * rules.overtrick_value,
                "failed_nil_tricks",
                FAILED_NIL,
                _("%(side)s: tricks of the failed double nil (%(count)d) count as bags, %(points)+d"),
                side=name,
                count=taken,
            )
        return failed_nil
    for seat in nil_seats:
        player, seat_tricks = game.players[seat], hand.tricks[seat]
        blind = hand.bids[seat] == BLIND_NIL
        rule = "blind_nil" if blind else "nil"
        if seat_tricks == 0:
            value = rules.blind_nil_value if blind else rules.nil_value
            template = (
                _("%(side)s: blind nil by %(player)s made, %(points)+d")
                if blind
                else _("%(side)s: nil by %(player)s made, %(points)+d")
            )
            result.add(value, rule, NIL_SOURCE, template, side=name, player=player)
            continue
        failed_nil = player
        template = (
            _("%(side)s: blind nil by %(player)s failed (tricks taken: %(tricks)d), %(points)+d")
            if blind
            else _("%(side)s: nil by %(player)s failed (tricks taken: %(tricks)d), %(points)+d")
        )
        penalty = rules.blind_nil_penalty if blind else rules.nil_value
        result.add(-penalty, rule, NIL_SOURCE, template, side=name, player=player, tricks=seat_tricks)
        # Step 3: where a failed nil's tricks go (house rule failed_nil_tricks).
        params = {"side": name, "player": player, "count": seat_tricks}
        if rules.failed_nil_tricks == "help_partner" and bidders + _bidders_after(hand, seats, seat) > 0:
            result.helped += seat_tricks
            result.add(
                0,
                "failed_nil_tricks",
                "spades.md: failed_nil_tricks; 003 Punktevergabe",
                _("%(side)s: tricks of the failed nil by %(player)s (%(count)d) count toward the partner's bid"),
                **params,
            )
        elif rules.failed_nil_tricks == "neither":
            result.add(
                0,
                "failed_nil_tricks",
                "spades.md: failed_nil_tricks",
                _("%(side)s: tricks of the failed nil by %(player)s (%(count)d) count for nothing"),
                **params,
            )
        else:
            result.bags += seat_tricks
            result.add(
                seat_tricks * rules.overtrick_value,
                "failed_nil_tricks",
                FAILED_NIL,
                _(
                    "%(side)s: tricks of the failed nil by %(player)s (%(count)d) count as bags, "
                    "not toward the bid, %(points)+d"
                ),
                **params,
            )
    return failed_nil


def _score_contract(
    rules: SpadesRules,
    hand: SpadesHand,
    side: int,
    name: str,
    bid: int,
    taken: int,
    all_tricks: int,
    failed_nil: str | None,
    result: _Side,
) -> int:
    """Step 1 and its variants: moon, 10 for 200, blind, no trump, sets. Returns the bags taken."""
    blind, no_trump = side in hand.blind, side in hand.no_trump
    params = {"side": name, "bid": bid, "tricks": taken}
    result.boston = bid >= 10 and all_tricks == rules.tricks
    if bid == rules.tricks and (rules.moon or (blind and rules.blind_moon)):
        source = "spades.md: blind_moon; 002 Blind Moon" if blind else "spades.md: moon; 002 Moon or Boston"
        value = 400 if blind else (500 if rules.ten_for_two_hundred else 200)
        if all_tricks == rules.tricks:
            result.add(
                value,
                "blind_moon" if blind else "moon",
                source,
                _("%(side)s: moon, every trick bid and taken, %(points)+d"),
                **params,
            )
            if rules.moon_wins_game:
                text = Text(_("%(side)s made a moon: the game is won"), {"side": name})
                result.wins_game = Line(side, 0, "moon_wins_game", source, text)
        else:
            result.set = True
            result.add(
                -value,
                "blind_moon" if blind else "moon",
                source,
                _("%(side)s: moon bid but only %(tricks)d tricks taken, %(points)+d"),
                **params,
            )
        return 0
    ten = side in hand.ten_for_two_hundred or (
        rules.ten_for_two_hundred and rules.ten_bid_is_ten_for_two_hundred and bid == 10
    )
    over = max(taken - bid, 0)
    if ten:
        made = taken == 10 if rules.ten_for_two_hundred == "exact" else taken >= 10
        source = "spades.md: ten_for_two_hundred; 002 10 for 200"
    elif blind and rules.blind_made == "exact" and not rules.cutthroat_bonus:
        made = taken == bid
        source = "spades.md: blind_made; 000 Blinde 6"
    else:
        made = taken >= bid
        source = CONTRACT
    if made and failed_nil is not None and rules.failed_nil_sets_partner:
        result.set = True
        result.add(
            -10 * bid,
            "failed_nil_sets_partner",
            "spades.md: failed_nil_sets_partner",
            _("%(side)s: bid %(bid)d, took %(tricks)d, but the nil by %(player)s failed: set, %(points)+d"),
            player=failed_nil,
            **params,
        )
        return 0
    if made and not blind and not ten and rules.max_bags is not None and over > rules.max_bags:
        result.set = True
        result.add(
            -10 * bid,
            "max_bags",
            "spades.md: max_bags; 002 New York City rules",
            _("%(side)s: bid %(bid)d, took %(tricks)d: more than %(most)d bags is a set, %(points)+d"),
            most=rules.max_bags,
            **params,
        )
        return 0
    if made and rules.set_on_double_tricks and bid > 0 and taken >= 2 * bid:
        result.set = True
        result.add(
            -10 * bid,
            "set_on_double_tricks",
            "spades.md: set_on_double_tricks; " + VARIATIONS,
            _("%(side)s: bid %(bid)d, took %(tricks)d: twice the bid is a set, %(points)+d"),
            **params,
        )
        return 0
    cutthroat = rules.cutthroat_bonus
    gain = 3 if blind and no_trump else 2 if (blind and not cutthroat) or no_trump else 1
    loss = (
        3
        if blind and no_trump
        else 2
        if no_trump or (blind and rules.blind_failed == "double" and not cutthroat)
        else 1
    )
    kind = (
        _("blind no trump")
        if blind and no_trump
        else _("no trump")
        if no_trump
        else _("blind")
        if blind and not cutthroat
        else ""
    )
    if made:
        value = (200 if ten else 10 * bid) * gain
        if ten:
            result.add(
                value,
                "ten_for_two_hundred",
                source,
                _("%(side)s: 10 for 200, took %(tricks)d: made, %(points)+d"),
                **params,
            )
        elif kind:
            result.add(
                value,
                "no_trump_bids" if no_trump else "blind_bids",
                source,
                _("%(side)s: %(kind)s bid %(bid)d, took %(tricks)d: made, %(points)+d"),
                kind=Text(kind),
                **params,
            )
        else:
            result.add(
                value,
                "contract",
                source,
                _("%(side)s: bid %(bid)d, took %(tricks)d: made, 10 × %(bid)d = %(points)+d"),
                **params,
            )
        if over:
            result.bags += over
            rule = "overtrick_value" if rules.overtrick_value != 1 else "contract"
            result.add(
                over * rules.overtrick_value,
                rule,
                CONTRACT if rule == "contract" else "spades.md: overtrick_value",
                _("%(side)s: %(count)d over the bid (bags), %(points)+d"),
                side=name,
                count=over,
            )
        if cutthroat:
            _cutthroat_bonus(rules, hand, side, name, bid, taken, result)
        return over
    result.set = True
    if ten:
        result.add(
            -200 * loss,
            "ten_for_two_hundred",
            source,
            _("%(side)s: 10 for 200, took %(tricks)d: failed, %(points)+d"),
            **params,
        )
    elif rules.set_penalty == "shortfall" and not kind and taken < bid:
        missing = bid - taken
        result.add(
            -10 * missing,
            "set_penalty",
            "spades.md: set_penalty; " + VARIATIONS,
            _("%(side)s: bid %(bid)d, took %(tricks)d: set, -10 × %(missing)d missing = %(points)+d"),
            missing=missing,
            **params,
        )
    elif kind:
        result.add(
            -10 * bid * loss,
            "no_trump_bids" if no_trump else "blind_failed",
            "spades.md: no_trump_bids" if no_trump else "spades.md: blind_failed; 002 Blind 6",
            _("%(side)s: %(kind)s bid %(bid)d, took %(tricks)d: set, %(points)+d"),
            kind=Text(kind),
            **params,
        )
    else:
        result.add(
            -10 * bid,
            "contract",
            CONTRACT,
            _("%(side)s: bid %(bid)d, took %(tricks)d: set, -10 × %(bid)d = %(points)+d"),
            **params,
        )
    return 0


def _cutthroat_bonus(
    rules: SpadesRules, hand: SpadesHand, side: int, name: str, bid: int, taken: int, result: _Side
) -> None:
    """Szu Kay Wong's bonus scores for a made bet (002 "Spades for Three Players", "Variation - bonus scores")."""
    source = "spades.md: cutthroat3; 002 Variation - bonus scores"
    if taken == bid and bid in (0, 1, 2):
        value = {2: 20, 1: 50, 0: 100}[bid]
        result.add(
            value, "cutthroat_bonus", source, _("%(side)s: exactly %(bid)d made, bonus %(points)+d"), side=name, bid=bid
        )
    if bid >= 7:
        result.add(
            10 * (bid - 6),
            "cutthroat_bonus",
            source,
            _("%(side)s: a bet of %(bid)d made, 10 per trick over six, %(points)+d"),
            side=name,
            bid=bid,
        )
    run = hand.high_spade_run[side] if hand.high_spade_run else 0
    if run and taken == bid:
        result.add(
            10 * run,
            "cutthroat_bonus",
            source,
            _("%(side)s: the last %(count)d tricks won with high spades, %(points)+d"),
            side=name,
            count=run,
        )


def _sandbag(rules: SpadesRules, side: int, name: str, carried: int, result: _Side) -> None:
    """Step 4: every time the bag count reaches the limit, the penalty; the rest carries over."""
    new_bags = result.bags
    bags = carried + new_bags
    if new_bags > 0 and rules.bag_penalty_applies and bags >= rules.bag_limit:
        times, bags = divmod(bags, rules.bag_limit)
        result.add(
            -rules.bag_penalty * times,
            "bag_limit",
            SANDBAG,
            _("%(side)s: bags reach %(reached)d, %(points)+d; %(left)d carried over"),
            side=name,
            reached=carried + new_bags,
            left=bags,
        )
    result.bags = max(bags, 0)


def _bidders_after(hand: SpadesHand, seats: Sequence[int], seat: int) -> int:
    """How many of ``seats`` after ``seat`` bid a number (the partner a failed nil can help)."""
    assert hand.bids is not None
    return sum(1 for other in seats[seats.index(seat) + 1 :] if not is_nil(hand.bids[other]))


def game_end(
    rules: SpadesRules,
    totals: Sequence[int],
    names: Sequence[str],
    *,
    results: Sequence[_Side] = (),
    sets_in_a_row: Sequence[int] = (),
) -> tuple[int | None, Line | None, Line | None]:
    """Decide whether the game is over at ``totals`` (``spades.md``, Standard scoring 5, and the keys
    ``moon_wins_game``, ``boston_wins``, ``set_twice_loses``, ``double_nil_penalty``, ``lose_at``).

    A hand that wins or loses the game outright decides first (if several sides
    win outright, or every side loses, the higher score wins). Then the sides that
    reached the target compete: the highest wins, a tie at the top plays another
    hand. Otherwise, with ``lose_at``, a side at or below it loses.

    Returns:
        ``(winner, end, note)``: the winning side or ``None``; the line saying
        why the game ended or ``None``; a note for the hand's lines (the end,
        or "tie: play another hand") or ``None``.
    """
    count = len(totals)
    outright = [side for side, result in enumerate(results) if result.wins_game]
    losers = {side for side, result in enumerate(results) if result.loses_game}
    reason: Line | None = None
    if rules.set_twice_loses:
        for side in range(count):
            if sets_in_a_row and sets_in_a_row[side] >= rules.consecutive_sets_to_lose:
                losers.add(side)
                text = Text(
                    _("%(side)s set %(count)d times in a row: the game is lost"),
                    {"side": names[side], "count": sets_in_a_row[side]},
                )
                reason = Line(side, 0, "set_twice_loses", "spades.md: set_twice_loses; 002 New York City rules", text)
    if rules.boston_wins:
        for side, result in enumerate(results):
            if result.boston:
                outright.append(side)
                text = Text(
                    _("%(side)s bid 10 or more and took every trick (Boston): the game is won"), {"side": names[side]}
                )
                result.wins_game = result.wins_game or Line(side, 0, "boston_wins", "spades.md: boston_wins", text)
    if outright:
        contenders, source = outright, "spades.md: Standard scoring 5"
        reason = results[outright[0]].wins_game or reason
    elif losers:
        contenders = [side for side in range(count) if side not in losers] or list(range(count))
        source = "spades.md: set_twice_loses, double_nil"
        reason = reason or next(results[side].loses_game for side in losers if results[side].loses_game)
    else:
        if rules.win_on == "reach":
            contenders = [side for side in range(count) if totals[side] >= rules.target]
        else:
            contenders = [side for side in range(count) if totals[side] > rules.target]
        source = GAME if rules.win_on == "reach" else "spades.md: win_on; 003 Punktevergabe"
        if not contenders and rules.lose_at is not None:
            fallen = [side for side in range(count) if totals[side] <= rules.lose_at]
            if fallen:
                contenders = [side for side in range(count) if side not in fallen] or list(range(count))
                source = "spades.md: lose_at; " + VARIATIONS
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
    if reason is not None and reason.side != winner:
        # Say why first (the loser's line), then who wins.
        end = Line(
            winner,
            0,
            reason.rule,
            reason.source,
            Text(_("%(reason)s; %(winner)s"), {"reason": reason.text, "winner": text}),
        )
    return winner, end, end
