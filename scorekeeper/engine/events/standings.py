"""The standings of an event (``docs/event-record.md``, "Standings").

Per entrant, over the results that count (a game over, a forfeit; a bye at once): games played,
byes, wins (its side's games won, each bye, each opponent's forfeit), losses, points for (its
side's final totals), points against (the best other side's final total at the table) and the
differential. Byes and forfeits add no points.

Ranks: by wins, then differential, then points for (``rank_by: "wins"``) or by points for, then
wins, then differential (``"points"``); entrants equal on all three share a rank, the next rank
skipping (1, 2, 2, 4), and are listed in entrant order. Elimination events rank by the round
reached (:func:`~.pairing.elimination_ranks`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .elimination import elimination_results
from .event import Event, Round
from .pairing import elimination_ranks


@dataclass(frozen=True, slots=True)
class Standing:
    """One entrant's line of the standings (what ``manage.py event`` prints of it)."""

    entrant: int
    name: str
    rank: int
    played: int
    wins: int
    losses: int
    byes: int
    points_for: int
    points_against: int

    @property
    def differential(self) -> int:
        """``points_for - points_against`` (event-record.md "Standings")."""
        return self.points_for - self.points_against

    def output(self) -> dict[str, object]:
        """The line as event-record.md's ``standings`` writes it."""
        return {
            "entrant": self.entrant,
            "name": self.name,
            "rank": self.rank,
            "played": self.played,
            "wins": self.wins,
            "losses": self.losses,
            "byes": self.byes,
            "points_for": self.points_for,
            "points_against": self.points_against,
            "differential": self.differential,
        }


@dataclass(frozen=True, slots=True)
class Tally:
    """What counts of one entrant's results, before ranking."""

    played: int = 0
    wins: int = 0
    losses: int = 0
    byes: int = 0
    points_for: int = 0
    points_against: int = 0

    @property
    def differential(self) -> int:
        """``points_for - points_against`` (event-record.md "Standings")."""
        return self.points_for - self.points_against


def tallies(event: Event, played: Sequence[Round] | None = None) -> tuple[Tally, ...]:
    """Every entrant's tally (by entrant index) over the results of ``played`` (default: the event's
    rounds) that count. A game that ended without a winner (none of the engine's does) is neither
    a win nor a loss."""
    counts = [[0] * 6 for _ in event.entrants]  # played, wins, losses, byes, for, against
    for round_ in event.played if played is None else played:
        for entrant in round_.bye:
            counts[entrant][1] += 1
            counts[entrant][3] += 1
        for table in round_.tables:
            result = table.result
            if result is None:
                continue
            for at, entrant in enumerate(table.entrants):
                count = counts[entrant]
                count[0] += 1
                if entrant in result.winners:
                    count[1] += 1
                elif result.winners:
                    count[2] += 1
                count[4] += result.points_for[at]
                count[5] += result.points_against[at]
    return tuple(Tally(*count) for count in counts)


def ranking_key(event: Event, tally: Tally) -> tuple[int, int, int]:
    """What ranks a tally, higher first: (wins, differential, points for) or, ranked by points,
    (points for, wins, differential)."""
    if event.rank_by == "points":
        return (tally.points_for, tally.wins, tally.differential)
    return (tally.wins, tally.differential, tally.points_for)


def ranks(event: Event, played: Sequence[Round] | None = None) -> tuple[int, ...]:
    """Every entrant's rank (by entrant index) after ``played`` (default: the event's rounds)."""
    rounds = event.played if played is None else played
    if event.elimination:
        reached = elimination_ranks(
            len(event.entrants),
            elimination_results(rounds),
            double=event.pairing == "double_elimination",
            byes_played=[round_.bye for round_ in rounds],
        )
        last = max(reached.values(), default=0) + 1  # an entrant the bracket does not rank: after every other
        return tuple(reached.get(entrant, last) for entrant in range(len(event.entrants)))
    keys = [ranking_key(event, tally) for tally in tallies(event, rounds)]
    return tuple(1 + sum(other > key for other in keys) for key in keys)


def standings(event: Event) -> tuple[Standing, ...]:
    """The standings: every entrant, in rank order (equals in entrant order)."""
    tally, rank = tallies(event), ranks(event)
    lines = [
        Standing(
            entrant=index,
            name=entrant.name,
            rank=rank[index],
            played=tally[index].played,
            wins=tally[index].wins,
            losses=tally[index].losses,
            byes=tally[index].byes,
            points_for=tally[index].points_for,
            points_against=tally[index].points_against,
        )
        for index, entrant in enumerate(event.entrants)
    ]
    return tuple(sorted(lines, key=lambda line: (line.rank, line.entrant)))


__all__ = ["Standing", "Tally", "ranking_key", "ranks", "standings", "tallies"]
