"""Hand and time limits, shared by Spades and Mü: when the limit is reached, and who wins at it.

Source: ``docs/rules/spades.md`` "Tournament rules" (keys ``hand_limit``, ``time_limit``; hand
field ``time_called``) and ``docs/rules/mu.md`` "Match limits"; the published rules of Spades
tournaments and leagues (005): "to 500 or a time limit, whichever comes first; the hand in
progress is played out; tied: one more hand".

The game still ends the usual way (target, ``lose_at``, an outright win or loss) if that comes
first. At the limit (the last hand counted by ``hand_limit``, or the hand marked ``time_called``)
the side with the highest total wins; if the best sides are tied, one more hand is played, and
again, until a hand ends with one side ahead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import RuleError
from .sheet import Limit, Line
from .source import Source
from .text import Text, gettext_noop


@dataclass(frozen=True, slots=True)
class LimitRules:
    """The two limit keys of a game's house rules and where they are written.

    Attributes:
        hand_limit: hands (deals) the game is limited to, 0 none; time_limit: minutes, 0 none.
        hand_source, time_source: the keys' sources; unit: "hand" (Spades) or "deal" (Mü).
    """

    hand_limit: int
    time_limit: int
    hand_source: Source
    time_source: Source
    unit: str = "hand"

    @property
    def active(self) -> bool:
        """Whether the game has either limit."""
        return bool(self.hand_limit or self.time_limit)


def verify_time_called(
    rules: LimitRules, *, index: int, called_before: int | None, misdeal: bool = False, reached: bool = False
) -> None:
    """A hand (deal) ``index`` marked ``time_called`` may be so marked.

    Raises:
        RuleError: tagged with the hand: the time limit is 0, a hand before was marked already,
            the hand limit was reached before (``reached``: the extra hands after a tie are not
            marked), or the hand is a misdeal (a thrown-in hand is no hand: the hand dealt again is
            the one in play).
    """
    if not rules.time_limit:
        text = Text(gettext_noop("Time cannot be called here ('time_called'): the house rules have no time limit."))
        raise RuleError(text, hand=index, source=rules.time_source, unit=rules.unit, field="time_called")
    if called_before is not None:
        template = gettext_noop("Time was already called in hand %(before)d; it is called once ('time_called').")
        if rules.unit == "deal":
            template = gettext_noop("Time was already called in deal %(before)d; it is called once ('time_called').")
        text = Text(template, {"before": called_before + 1})
        raise RuleError(text, hand=index, source=rules.time_source, unit=rules.unit, field="time_called")
    if reached:
        text = Text(
            gettext_noop("The limit was reached before: the extra hands after a tie are not marked 'time_called'.")
        )
        raise RuleError(text, hand=index, source=rules.time_source, unit=rules.unit, field="time_called")
    if misdeal:
        text = Text(
            gettext_noop("A thrown-in hand is not played, so time cannot be called in it: mark the hand dealt again.")
        )
        raise RuleError(text, hand=index, source=rules.time_source, unit=rules.unit, field="time_called")


#: (unit, by time, tied) -> the template of the line at the limit. Spades names sides ("Ann & Cat
#: win"), Mü players ("Ann wins"), as each game's own end lines do.
_AT_LIMIT = {
    ("hand", True, True): gettext_noop("Time was called and %(sides)s are tied at %(score)d: one more hand"),
    ("hand", False, True): gettext_noop(
        "The hand limit (%(limit)d) is reached and %(sides)s are tied at %(score)d: one more hand"
    ),
    ("hand", True, False): gettext_noop("Time was called: %(sides)s win the game with %(score)d"),
    ("hand", False, False): gettext_noop(
        "The hand limit (%(limit)d) is reached: %(sides)s win the game with %(score)d"
    ),
    ("deal", True, True): gettext_noop("Time was called and %(sides)s are tied at %(score)d: one more deal"),
    ("deal", False, True): gettext_noop(
        "The deal limit (%(limit)d) is reached and %(sides)s are tied at %(score)d: one more deal"
    ),
    ("deal", True, False): gettext_noop("Time was called: %(sides)s wins the game with %(score)d"),
    ("deal", False, False): gettext_noop(
        "The deal limit (%(limit)d) is reached: %(sides)s wins the game with %(score)d"
    ),
}


def limit_end(
    rules: LimitRules, totals: Sequence[int], names: Sequence[str], *, by_time: bool
) -> tuple[int | None, Line | None, Line]:
    """Who wins at the limit: the highest total; tied at the top, one more hand (deal).

    Args:
        totals: each side's total after the hand; names: each side's display name.
        by_time: the limit is the time called (``time_limit``), else the hand count (``hand_limit``).

    Returns:
        ``(winner, end, note)``: the winning side and the line saying why (both ``None`` when tied),
        and the note for the hand's lines (the end itself, or "tied: one more hand").
    """
    source = rules.time_source if by_time else rules.hand_source
    rule = "time_limit" if by_time else "hand_limit"
    best = max(totals)
    leaders = [side for side, total in enumerate(totals) if total == best]
    tied = len(leaders) > 1
    params = {"sides": " / ".join(names[side] for side in leaders), "score": best, "limit": rules.hand_limit}
    text = Text(_AT_LIMIT[rules.unit, by_time, tied], params)
    if tied:
        return None, None, Line(None, 0, rule, source, text)
    end = Line(leaders[0], 0, rule, source, text)
    return leaders[0], end, end


def limit_state(rules: LimitRules, *, played: int, time_called: int | None, reached: bool) -> Limit | None:
    """The sheet's :class:`~.sheet.Limit` after the hands scored (``None`` without a limit)."""
    if not rules.active:
        return None
    return Limit(hand_limit=rules.hand_limit, played=played, time_called=time_called, reached=reached)
