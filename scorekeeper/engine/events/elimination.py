"""The elimination checks of an event record (``docs/event-record.md``, "A round": ``bye``; "The next
round"): in a single or double elimination nobody knocked out plays on, and every round played is
the one its bracket (:mod:`.pairing`) asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..text import gettext_noop
from .event import Event, Round, event_error
from .pairing import Pairing, Result, double_elimination, single_elimination


def verify_elimination(event: Event, played: tuple[Round, ...]) -> None:
    """In an elimination, nobody knocked out (one loss, two in a double elimination) plays on, and every
    round is the bracket's (:func:`_verify_bracket`)."""
    _verify_knocked_out(event, played)
    _verify_bracket(event, played)


def _verify_knocked_out(event: Event, played: tuple[Round, ...]) -> None:
    """No entrant knocked out in a round has a table or a bye in a later one."""
    most = 2 if event.pairing == "double_elimination" else 1
    lost: dict[int, list[int]] = {}  # entrant -> the rounds it lost in
    for number, round_ in enumerate(played):
        places: list[tuple[int | None, tuple[int, ...]]] = [(None, round_.bye)]
        places += [(table, seated.entrants) for table, seated in enumerate(round_.tables)]
        for place, entrants in places:
            for entrant in entrants:
                if len(lost.get(entrant, ())) >= most:
                    raise event_error(
                        gettext_noop("%(name)s was knocked out in round %(out)d."),
                        round=number,
                        table=place,
                        field="bye" if place is None else "entrants",
                        name=event.entrants[entrant].name,
                        out=lost[entrant][-1] + 1,
                    )
        for seated in round_.tables:
            if seated.result is not None and seated.result.winners:
                for entrant in seated.entrants:
                    if entrant not in seated.result.winners:
                        lost.setdefault(entrant, []).append(number)


def bracket(event: Event) -> Callable[[int, Sequence[Sequence[Result]], Sequence[Sequence[int]]], Pairing | int]:
    """The pairing function of an elimination event: single or double."""
    return double_elimination if event.pairing == "double_elimination" else single_elimination


def _verify_bracket(event: Event, played: tuple[Round, ...]) -> None:
    """Every round of an elimination is the bracket's: each table a match ready then (the two teams
    its results so far bring together), no two teams that meet both with a bye, no round after the
    champion is decided."""
    results = elimination_results(played)
    byes = [round_.bye for round_ in played]
    names = [entrant.name for entrant in event.entrants]
    for number, round_ in enumerate(played):
        try:
            asked = bracket(event)(len(names), results[:number], byes[:number])
        except ValueError as error:  # the rounds before were checked: not expected
            raise event_error(
                gettext_noop("The bracket cannot be followed: %(reason)s."), round=number, reason=error
            ) from None
        if isinstance(asked, int):
            raise event_error(
                gettext_noop("The event was over after round %(last)d (%(name)s won it): no round follows it."),
                round=number,
                last=number,
                name=names[asked],
            )
        ready = {frozenset(match) for match in asked.tables}
        for table, seated in enumerate(round_.tables):
            if frozenset(seated.entrants) not in ready:
                raise event_error(
                    gettext_noop("%(first)s and %(second)s do not meet in the bracket now; its matches: %(matches)s."),
                    round=number,
                    table=table,
                    field="entrants",
                    first=names[seated.entrants[0]],
                    second=names[seated.entrants[1]],
                    matches="; ".join(f"{names[a]} v {names[b]}" for a, b in asked.tables),
                )
        for match in asked.tables:
            if set(match) <= set(round_.bye):
                raise event_error(
                    gettext_noop("%(first)s and %(second)s meet in the bracket in this round, yet both have a bye."),
                    round=number,
                    field="bye",
                    first=names[match[0]],
                    second=names[match[1]],
                )


def elimination_results(played: Sequence[Round]) -> tuple[tuple[Result, ...], ...]:
    """Per round of ``played``, the results that count as the pairing takes them: the two teams of
    each table and the winner (a forfeit's: the other team)."""
    return tuple(
        tuple(
            Result(table.entrants, table.result.winners[0])
            for table in round_.tables
            if table.result is not None and table.result.winners
        )
        for round_ in played
    )
