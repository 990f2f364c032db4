"""Step 1 of Spades scoring: a side's contract (its bid against its tricks), decided, then explained.

:func:`decide_contract` is pure: numbers in, a frozen :class:`ContractOutcome` out
(made or set, points, bags, the rule that applied). :func:`contract_lines` and
:func:`cutthroat_bonus_lines` turn an outcome into explanation lines.

Source: ``docs/rules/spades.md``, "Standard scoring, exactly" 1 and the keys
``moon``, ``blind_moon``, ``ten_for_two_hundred``, ``blind_made``, ``blind_failed``,
``no_trump_bids``, ``set_penalty``, ``max_bags``, ``set_on_double_tricks``,
``failed_nil_sets_partner``, ``overtrick_value`` and ``cutthroat_bonus``; Pagat,
Spades (002) "Scoring", "Special actions / bids", "Variations in the scoring",
"New York City rules", "Spades for Three Players"; 000 "Blinde 6".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from ..sheet import Line, make_line
from ..source import PAGAT, PAGAT_DE, Cite, Source
from ..text import Text
from ..text import gettext_noop as _
from .rules import KEYS, SpadesRules, key_row
from .sources import CONTRACT, VARIATIONS

# Where the rules of a contract are written: a key's own source where a line cites all of it.
_MOON = KEYS["moon"].source
_BLIND_MOON = KEYS["blind_moon"].source
_TEN_FOR_TWO_HUNDRED = KEYS["ten_for_two_hundred"].source
_BLIND_MADE = (key_row("blind_made"), Cite(PAGAT_DE, "Blinde 6"))
_NO_TRUMP_SHORTFALL = (key_row("no_trump_bids", "no_trump_bids, set_penalty"), Cite(PAGAT, "No Trump"))
_SHORTFALL = (key_row("set_penalty"), *VARIATIONS)
_NO_TRUMP: Source = (key_row("no_trump_bids"),)
_BLIND_FAILED = (key_row("blind_failed"), Cite(PAGAT, "Blind 6"))
_OVERTRICKS: Source = (key_row("overtrick_value"),)
_CUTTHROAT = (key_row("cutthroat_bonus", "cutthroat3"), Cite(PAGAT, "Variation - bonus scores"))


@dataclass(frozen=True, slots=True)
class ContractOutcome:
    """What a side's contract came to in one hand.

    Attributes:
        rule: the rule that decided it (the explanation line's rule key):
            ``"contract"`` (standard), ``"moon"``, ``"blind_moon"``,
            ``"ten_for_two_hundred"``, ``"blind_bids"`` (a blind bid made),
            ``"blind_failed"`` (one set), ``"no_trump_bids"``, ``"set_penalty"``
            (set, 10 per missing trick), or one of the rules that set a side
            that made its bid: ``"failed_nil_sets_partner"``, ``"max_bags"``,
            ``"set_on_double_tricks"``.
        source: where that rule is written (the line's source).
        made: whether the bid was made; ``False``: the side is set.
        points: game points for the bid itself (negative when set), without bags or bonuses.
        bid: tricks bid; taken: tricks counting toward the bid.
        bags: tricks over the bid, one bag each (0 when set, and for a moon).
        bag_points: what those bags score (``bags`` x ``overtrick_value``).
        kind: for a blind or no-trump bid scored as such, its kind as a msgid
            (``"blind"``, ``"no trump"``, ``"blind no trump"``); else ``""``.
        boston: the side bid 10 or more and took every trick (``boston_wins``; 002 "New York City rules").
        wins_game: a made moon that wins the game at once (``moon_wins_game``).
    """

    rule: str
    source: Source
    made: bool
    points: int
    bid: int
    taken: int
    bags: int = 0
    bag_points: int = 0
    kind: str = ""
    boston: bool = False
    wins_game: bool = False

    @property
    def moon(self) -> bool:
        """Whether the side bid every trick as a moon (or blind moon)."""
        return self.rule in ("moon", "blind_moon")


@lru_cache(maxsize=4096)
def decide_contract(
    rules: SpadesRules,
    bid: int,
    taken: int,
    took_all: bool,
    blind: bool = False,
    no_trump: bool = False,
    declared_ten: bool = False,
    nil_failed: bool = False,
) -> ContractOutcome:
    """Decide a side's contract: made or set, its points and bags, and the rule that applied.

    The first rule that applies decides: a moon (every trick bid); else whether
    the bid is made (10 for 200, an exact blind bid, or at least the tricks bid);
    a made bid can still be set (a partner's failed nil, too many bags, twice
    the bid); then the points of a made or a set bid, doubled or tripled for
    blind and no-trump bids.

    Args:
        rules: the house rules.
        bid: tricks the side bid (its players' numbers added, or its agreed bid).
        taken: tricks counting toward the bid: the number bidders' own, plus a
            failed nil's where they help the partner.
        took_all: whether the side took every trick of the hand (a moon and a Boston need them all).
        blind, no_trump: the side bid blind, or no trump.
        declared_ten: the side declared 10 for 200.
        nil_failed: a nil of the side failed (for ``failed_nil_sets_partner``).

    Returns:
        The outcome; nothing is changed and nothing raised (the bids were checked before).
        A pure function of frozen values, so remembered per rule set and facts: a game
        meets the same few contracts over and over.
    """
    boston = bid >= 10 and took_all
    if bid == rules.tricks and (rules.moon or (blind and rules.blind_moon)):
        return _moon(rules, bid=bid, taken=taken, took_all=took_all, blind=blind, boston=boston)
    ten = declared_ten or bool(rules.ten_for_two_hundred and rules.ten_bid_is_ten_for_two_hundred and bid == 10)
    made, source = _made(rules, bid=bid, taken=taken, blind=blind, ten=ten)
    gain, loss, kind = _multipliers(rules, blind=blind, no_trump=no_trump)
    if made:
        spoiler = _set_although_made(rules, bid=bid, taken=taken, blind=blind, ten=ten, nil_failed=nil_failed)
        if spoiler is not None:
            # A no-trump bid set so loses double (blind no trump triple) what a normal bid would (002 "No Trump").
            value = -10 * bid * (loss if no_trump else 1)
            return ContractOutcome(spoiler, _SPOILER_SOURCES[spoiler], False, value, bid, taken, boston=boston)
    if made:
        return _made_bid(
            rules, bid=bid, taken=taken, ten=ten, no_trump=no_trump, kind=kind, gain=gain, source=source, boston=boston
        )
    return _set(rules, bid=bid, taken=taken, ten=ten, no_trump=no_trump, kind=kind, loss=loss, boston=boston)


def _moon(rules: SpadesRules, *, bid: int, taken: int, took_all: bool, blind: bool, boston: bool) -> ContractOutcome:
    """A moon (``moon``: +-200, +-500 when playing 10 for 200) or blind moon (``blind_moon``: +-400):
    made only with every trick (002 "Moon or Boston", "Blind Moon"). It makes no bags."""
    source = _BLIND_MOON if blind else _MOON
    value = 400 if blind else (500 if rules.ten_for_two_hundred else 200)
    made = took_all
    return ContractOutcome(
        "blind_moon" if blind else "moon",
        source,
        made,
        value if made else -value,
        bid,
        taken,
        boston=boston,
        wins_game=made and rules.moon_wins_game,
    )


def _made(rules: SpadesRules, *, bid: int, taken: int, blind: bool, ten: bool) -> tuple[bool, Source]:
    """Whether the bid is made, and the rule's source: 10 for 200 (exactly 10, or at least 10),
    an exact blind bid (``blind_made``, 000 "Blinde 6"; not with the cut-throat bonuses), else at least the bid."""
    if ten:
        made = taken == 10 if rules.ten_for_two_hundred == "exact" else taken >= 10
        return made, _TEN_FOR_TWO_HUNDRED
    if blind and rules.blind_made == "exact" and not rules.cutthroat_bonus:
        return taken == bid, _BLIND_MADE
    return taken >= bid, CONTRACT


#: Where each rule that sets a side despite its made bid is written.
_SPOILER_SOURCES: Mapping[str, Source] = MappingProxyType(
    {
        "failed_nil_sets_partner": (key_row("failed_nil_sets_partner"),),
        "max_bags": KEYS["max_bags"].source,
        "set_on_double_tricks": KEYS["set_on_double_tricks"].source,
    }
)


def _set_although_made(
    rules: SpadesRules, *, bid: int, taken: int, blind: bool, ten: bool, nil_failed: bool
) -> str | None:
    """The rule that sets a side although it made its bid, or ``None``: a partner's failed nil
    (``failed_nil_sets_partner``), more bags than ``max_bags`` (not for blind or 10-for-200 bids),
    or at least twice the bid (``set_on_double_tricks``)."""
    if nil_failed and rules.failed_nil_sets_partner:
        return "failed_nil_sets_partner"
    if not blind and not ten and rules.max_bags is not None and max(taken - bid, 0) > rules.max_bags:
        return "max_bags"
    if rules.set_on_double_tricks and bid > 0 and taken >= 2 * bid:
        return "set_on_double_tricks"
    return None


def _multipliers(rules: SpadesRules, *, blind: bool, no_trump: bool) -> tuple[int, int, str]:
    """``(gain, loss, kind)``: what a made and a set bid are multiplied by, and the kind of bid.

    Blind doubles (002 "Blind 6"; a set blind bid loses double only with
    ``blind_failed: double``), no trump doubles, both triple (002 "No Trump").
    With the cut-throat bonuses, blind doubles the whole hand instead (see :mod:`.scoring`).
    """
    cutthroat = rules.cutthroat_bonus
    if blind and no_trump:
        return 3, 3, _("blind no trump")
    if no_trump:
        return 2, 2, _("no trump")
    if blind and not cutthroat:
        return 2, 2 if rules.blind_failed == "double" else 1, _("blind")
    return 1, 1, ""


def _made_bid(
    rules: SpadesRules,
    *,
    bid: int,
    taken: int,
    ten: bool,
    no_trump: bool,
    kind: str,
    gain: int,
    source: Source,
    boston: bool,
) -> ContractOutcome:
    """A made bid: 10 per trick bid (200 for 10 for 200) times ``gain``; each trick over it is a bag
    worth ``overtrick_value`` (step 1)."""
    over = max(taken - bid, 0)
    rule = "ten_for_two_hundred" if ten else ("no_trump_bids" if no_trump else "blind_bids") if kind else "contract"
    value = (200 if ten else 10 * bid) * gain
    return ContractOutcome(
        rule,
        source,
        True,
        value,
        bid,
        taken,
        bags=over,
        bag_points=over * rules.overtrick_value,
        kind="" if ten else kind,
        boston=boston,
    )


def _set(
    rules: SpadesRules, *, bid: int, taken: int, ten: bool, no_trump: bool, kind: str, loss: int, boston: bool
) -> ContractOutcome:
    """A set bid: -200 for 10 for 200, -10 per missing trick (``set_penalty: shortfall``; times ``loss``
    for a no-trump bid: double the normal penalty, 002 "No Trump"), -10 per trick bid times ``loss``
    for a blind or no-trump bid, else -10 per trick bid (step 1)."""
    if ten:
        return ContractOutcome(
            "ten_for_two_hundred", _TEN_FOR_TWO_HUNDRED, False, -200 * loss, bid, taken, boston=boston
        )
    if rules.set_penalty == "shortfall" and taken < bid and no_trump:
        value = -10 * (bid - taken) * loss
        return ContractOutcome("no_trump_bids", _NO_TRUMP_SHORTFALL, False, value, bid, taken, kind=kind, boston=boston)
    if rules.set_penalty == "shortfall" and not kind and taken < bid:
        return ContractOutcome("set_penalty", _SHORTFALL, False, -10 * (bid - taken), bid, taken, boston=boston)
    if kind:
        rule = "no_trump_bids" if no_trump else "blind_failed"
        source = _NO_TRUMP if no_trump else _BLIND_FAILED
        return ContractOutcome(rule, source, False, -10 * bid * loss, bid, taken, kind=kind, boston=boston)
    return ContractOutcome("contract", CONTRACT, False, -10 * bid, bid, taken, boston=boston)


# Explanations ----------------------------------------------------------------------------------------

_MOON_MADE = _("%(side)s: moon, every trick bid and taken, %(points)+d")
_MOON_SET = _("%(side)s: moon bid but only %(tricks)d tricks taken, %(points)+d")
_KIND_MADE = _("%(side)s: %(kind)s bid %(bid)d, took %(tricks)d: made, %(points)+d")
_KIND_SET = _("%(side)s: %(kind)s bid %(bid)d, took %(tricks)d: set, %(points)+d")

#: (rule, made) -> the template of the contract's line.
_TEMPLATES: Mapping[tuple[str, bool], str] = MappingProxyType(
    {
        ("moon", True): _MOON_MADE,
        ("blind_moon", True): _MOON_MADE,
        ("moon", False): _MOON_SET,
        ("blind_moon", False): _MOON_SET,
        ("failed_nil_sets_partner", False): _(
            "%(side)s: bid %(bid)d, took %(tricks)d, but the nil by %(player)s failed: set, %(points)+d"
        ),
        ("max_bags", False): _("%(side)s: bid %(bid)d, took %(tricks)d: more than %(most)d bags is a set, %(points)+d"),
        ("set_on_double_tricks", False): _(
            "%(side)s: bid %(bid)d, took %(tricks)d: twice the bid is a set, %(points)+d"
        ),
        ("ten_for_two_hundred", True): _("%(side)s: 10 for 200, took %(tricks)d: made, %(points)+d"),
        ("ten_for_two_hundred", False): _("%(side)s: 10 for 200, took %(tricks)d: failed, %(points)+d"),
        ("blind_bids", True): _KIND_MADE,
        ("no_trump_bids", True): _KIND_MADE,
        ("no_trump_bids", False): _KIND_SET,
        ("blind_failed", False): _KIND_SET,
        ("set_penalty", False): _(
            "%(side)s: bid %(bid)d, took %(tricks)d: set, -10 × %(missing)d missing = %(points)+d"
        ),
        ("contract", True): _("%(side)s: bid %(bid)d, took %(tricks)d: made, 10 × %(bid)d = %(points)+d"),
        ("contract", False): _("%(side)s: bid %(bid)d, took %(tricks)d: set, -10 × %(bid)d = %(points)+d"),
    }
)


def contract_lines(
    rules: SpadesRules, outcome: ContractOutcome, *, side: int, name: str, failed_nil: str | None
) -> tuple[Line, ...]:
    """The explanation of a contract: its line, then its bags' line if it made any.

    Args:
        side: the side's index; name: its display name (``"Ann & Cat"``).
        failed_nil: the player whose nil failed, named when that set the side.
    """
    params: dict[str, object] = {"side": name, "bid": outcome.bid, "tricks": outcome.taken}
    if outcome.rule == "failed_nil_sets_partner":
        params["player"] = failed_nil
    elif outcome.rule == "max_bags":
        params["most"] = rules.max_bags
    elif outcome.rule == "set_penalty":
        params["missing"] = outcome.bid - outcome.taken
    elif outcome.kind:
        params["kind"] = Text(outcome.kind)
    params["points"] = outcome.points
    line = make_line(side, outcome.points, outcome.rule, outcome.source, _TEMPLATES[outcome.rule, outcome.made], params)
    if not outcome.bags:
        return (line,)
    return line, _bags_line(rules.overtrick_value != 1, side, name, outcome.bags, outcome.bag_points)


@lru_cache(maxsize=1024)
def _bags_line(house_rule: bool, side: int, name: str, bags: int, points: int) -> Line:
    """The tricks over a made bid, as ``bags`` worth ``points``: ``overtrick_value`` each (step 1,
    or the house rule). Remembered: many contracts leave the same bags, and a line is immutable."""
    rule = "overtrick_value" if house_rule else "contract"
    return make_line(
        side,
        points,
        rule,
        _OVERTRICKS if house_rule else CONTRACT,
        _("%(side)s: %(count)d over the bid (bags), %(points)+d"),
        {"side": name, "count": bags, "points": points},
    )


def moon_win_line(outcome: ContractOutcome, *, side: int, name: str) -> Line | None:
    """The line that says a made moon wins the game (``moon_wins_game``), or ``None``."""
    if not outcome.wins_game:
        return None
    return Line(
        side, 0, "moon_wins_game", outcome.source, Text(_("%(side)s made a moon: the game is won"), {"side": name})
    )


def cutthroat_bonus_lines(
    rules: SpadesRules, outcome: ContractOutcome, *, side: int, name: str, run: int
) -> tuple[Line, ...]:
    """Szu Kay Wong's bonus scores for a made bet (002 "Spades for Three Players", "Variation - bonus scores").

    Exactly 2, 1 or 0 made: +20, +50, +100; a bet of 7 or more made: +10 per
    trick over six; made exactly: +10 per last trick in a row won with a high
    spade (``run``). Only with ``cutthroat_bonus``, for a bid made and scored as
    a bid (not a moon); otherwise no line.
    """
    if not (rules.cutthroat_bonus and outcome.made and not outcome.moon):
        return ()
    source = _CUTTHROAT
    bid, exact = outcome.bid, outcome.taken == outcome.bid
    lines = []
    if exact and bid in (0, 1, 2):
        value = {2: 20, 1: 50, 0: 100}[bid]
        template = _("%(side)s: exactly %(bid)d made, bonus %(points)+d")
        lines.append(
            Line(side, value, "cutthroat_bonus", source, Text(template, {"side": name, "bid": bid, "points": value}))
        )
    if bid >= 7:
        value = 10 * (bid - 6)
        template = _("%(side)s: a bet of %(bid)d made, 10 per trick over six, %(points)+d")
        lines.append(
            Line(side, value, "cutthroat_bonus", source, Text(template, {"side": name, "bid": bid, "points": value}))
        )
    if run and exact:
        value = 10 * run
        template = _("%(side)s: the last %(count)d tricks won with high spades, %(points)+d")
        lines.append(
            Line(side, value, "cutthroat_bonus", source, Text(template, {"side": name, "count": run, "points": value}))
        )
    return tuple(lines)
