"""Single and double elimination (``docs/event-record.md``, "The next round": ``single_elimination``,
``double_elimination``; "Standings" (elimination formats)).

A bracket of matches fed by seeds, winners and losers; a round is every match whose two
entrants are known and not yet played. :func:`elimination_ranks` ranks by the round reached.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from .tables import Pairing, Result

_NOBODY = -1  # an empty slot: a missing seed, or the loser of a match nobody lost
_UNKNOWN = -2  # not decided yet


@dataclass(frozen=True, slots=True)
class _Slot:
    """Where a side of a match comes from: ``("seed", index)``, ``("winner", match)`` or ``("loser", match)``."""

    kind: str
    ref: int


@dataclass(frozen=True, slots=True)
class _Match:
    """A match of the bracket: its two sides; ``reset``: the grand final's second game, played
    only when the losers' bracket's team wins the first."""

    first: _Slot
    second: _Slot
    reset: bool = False


def _bracket_order(size: int) -> list[int]:
    """Seeds (0-based) in bracket order for a bracket of ``size`` (a power of two): adjacent slots
    meet in round 1, and seeds 1 and 2 can meet only in the final (8: 1 8 4 5 2 7 3 6)."""
    order = [0]
    while len(order) < size:
        double = 2 * len(order)
        order = [seed for top in order for seed in (top, double - 1 - top)]
    return order


def _bracket(seeds: int, double: bool) -> list[_Match]:
    """The matches of a bracket for ``seeds`` entrants, each after those it is fed by.

    Winners' bracket: round 1 the seeds in bracket order (a missing seed is an empty slot: the
    top seed it meets goes through), then the winners of adjacent matches. Losers' bracket
    (``double``), for ``2**k`` slots: its round 1 pairs the losers of adjacent winners' round 1
    matches; then for each winners' round ``r`` from 2, a round where the survivors meet that
    round's losers (in reverse order when ``r`` is even, against early rematches) and, but
    after the last, a round pairing adjacent survivors. The grand final: the winners' bracket's
    champion against the losers' bracket's, and its reset.
    """
    size = 1
    while size < seeds:
        size *= 2
    matches: list[_Match] = []

    def add_round(pairs: list[tuple[_Slot, _Slot]]) -> list[int]:
        start = len(matches)
        matches.extend(_Match(a, b) for a, b in pairs)
        return list(range(start, len(matches)))

    order = _bracket_order(size)
    if size == 1:
        return matches
    winners = [add_round([(_Slot("seed", order[i]), _Slot("seed", order[i + 1])) for i in range(0, size, 2)])]
    while len(winners[-1]) > 1:
        last = winners[-1]
        winners.append(
            add_round([(_Slot("winner", last[i]), _Slot("winner", last[i + 1])) for i in range(0, len(last), 2)])
        )
    if not double:
        return matches
    if len(winners) == 1:
        survivor = _Slot("loser", winners[0][0])
    else:
        first = winners[0]
        losers = add_round([(_Slot("loser", first[i]), _Slot("loser", first[i + 1])) for i in range(0, len(first), 2)])
        for number, dropping in enumerate(winners[1:], start=2):
            drop = dropping[::-1] if number % 2 == 0 else dropping
            losers = add_round([(_Slot("winner", m), _Slot("loser", d)) for m, d in zip(losers, drop, strict=True)])
            if len(losers) > 1:
                losers = add_round(
                    [(_Slot("winner", losers[i]), _Slot("winner", losers[i + 1])) for i in range(0, len(losers), 2)]
                )
        survivor = _Slot("winner", losers[0])
    champion = _Slot("winner", winners[-1][0])
    matches.append(_Match(champion, survivor))
    matches.append(_Match(champion, survivor, reset=True))
    return matches


@dataclass(frozen=True, slots=True)
class _Standing:
    """A bracket after some rounds: each match's sides and winner (entrant, ``_NOBODY`` or ``_UNKNOWN``),
    the matches ready to play, losses, the round (0-based) each team went out in, the champion."""

    sides: tuple[tuple[int, int], ...]
    won: tuple[int, ...]
    ready: tuple[int, ...]
    losses: Mapping[int, int]
    out: Mapping[int, int]
    champion: int | None


@dataclass(frozen=True, slots=True)
class _Board:
    """A bracket at the start of a round: each match's sides, winner and loser (an entrant,
    ``_NOBODY`` or ``_UNKNOWN`` while undecided), the matches ready to play and the byes to take
    (a match with one side empty and the other known)."""

    sides: list[tuple[int, int]]
    won: list[int]
    lost: list[int]
    ready: list[int]
    byes: list[int]


def _settle(matches: Sequence[_Match], seeds: int, winner_of: Mapping[int, int], passed: Collection[int]) -> _Board:
    """The bracket after the results ``winner_of`` (match -> winner) and the byes taken ``passed``.

    A bye takes its round (the team goes through at the round's end), so the rounds stay those of
    the bracket: with 5 of 8 seeds, round 1 is 4 v 5 while seeds 1, 2 and 3 have byes. A match
    whose two sides are empty, and the reset when the winners' bracket's team has won the grand
    final, are decided at once."""
    board = _Board([], [], [], [], [])

    def resolve(slot: _Slot) -> int:
        if slot.kind == "seed":
            return slot.ref if slot.ref < seeds else _NOBODY
        return (board.won if slot.kind == "winner" else board.lost)[slot.ref]

    for index, match in enumerate(matches):
        a, b = resolve(match.first), resolve(match.second)
        winner = loser = _UNKNOWN
        if match.reset and board.won[index - 1] == _UNKNOWN:
            a = b = _UNKNOWN  # the first game of the grand final is not decided yet
        elif match.reset and board.won[index - 1] == a:
            b = winner = a  # the winners' bracket's team won the first game: no reset
            loser = _NOBODY
        if winner != _UNKNOWN or a == _UNKNOWN or b == _UNKNOWN:
            pass
        elif a == _NOBODY and b == _NOBODY:
            winner = loser = _NOBODY
        elif a == _NOBODY or b == _NOBODY:
            if index in passed:
                winner, loser = (b, a) if a == _NOBODY else (a, b)
            else:
                board.byes.append(index)
        elif index in winner_of:
            winner = winner_of[index]
            loser = b if winner == a else a
        else:
            board.ready.append(index)
        board.sides.append((a, b))
        board.won.append(winner)
        board.lost.append(loser)
    return board


def _replay(
    seeds: int, played: Sequence[Sequence[Result]], byes_played: Sequence[Sequence[int]], double: bool
) -> _Standing:
    """The bracket after the played rounds.

    Each round's results must be matches ready in that round (the same two entrants, either
    seat order); a ready match not played goes on to the next round, but when one of its
    entrants has a bye in that round it wins it by walkover (the other did not come: withdrawn).

    Raises:
        ValueError: ``seeds`` is below 1; a result is not a match of the bracket then, or its
            winner is not one of its entrants; both entrants of a match have a bye; a team
            that is out has a bye; a round after the champion is decided.
    """
    if seeds < 1:
        raise ValueError("an elimination needs at least one entrant")
    matches = _bracket(seeds, double)
    limit = 2 if double else 1
    winner_of: dict[int, int] = {}
    passed: set[int] = set()
    losses: Counter[int] = Counter()
    out: dict[int, int] = {}
    for number, results in enumerate(played):
        board = _settle(matches, seeds, winner_of, passed)
        if matches and board.won[-1] >= 0:
            raise ValueError(f"round {number + 1}: played after the champion was decided")
        byes = set(byes_played[number]) if number < len(byes_played) else set()
        done = _decide(board, number, results, byes, winner_of)
        for entrant in sorted(byes):
            if entrant in out:
                raise ValueError(f"round {number + 1}: entrant {entrant} has a bye, yet is out")
        for index in sorted(done):
            a, b = board.sides[index]
            loser = b if winner_of[index] == a else a
            losses[loser] += 1
            if losses[loser] >= limit:
                out[loser] = number
        passed.update(board.byes)
    board = _settle(matches, seeds, winner_of, passed)
    if not matches:
        champion: int | None = 0
    else:
        champion = board.won[-1] if board.won[-1] >= 0 else None
    return _Standing(tuple(board.sides), tuple(board.won), tuple(board.ready), losses, out, champion)


def _decide(
    board: _Board, number: int, results: Sequence[Result], byes: set[int], winner_of: dict[int, int]
) -> set[int]:
    """The matches decided in round ``number`` (0-based) of ``board``: its results, then the
    walkovers (a ready match not played, one of whose entrants has a bye); each winner goes into
    ``winner_of``.

    Raises:
        ValueError: as :func:`_replay` (a result off the bracket, a winner not at the table, a match
            whose two entrants have a bye).
    """
    waiting = {frozenset(board.sides[index]): index for index in board.ready}
    done = set()
    for result in results:
        key = frozenset(result.entrants)
        if len(result.entrants) != 2 or key not in waiting:
            raise ValueError(
                f"round {number + 1}: entrants {', '.join(map(str, result.entrants))} do not meet in the bracket"
            )
        if result.winner not in key:
            raise ValueError(f"round {number + 1}: the winner {result.winner} is not at the table")
        index = waiting.pop(key)
        done.add(index)
        winner_of[index] = result.winner
    for key, index in waiting.items():
        if key <= byes:
            raise ValueError(
                f"round {number + 1}: entrants {', '.join(map(str, sorted(key)))} meet, yet both have a bye"
            )
        if key & byes:
            (winner,) = key & byes
            winner_of[index] = winner
            done.add(index)
    return done


def _elimination(
    seeds: int, played: Sequence[Sequence[Result]], byes_played: Sequence[Sequence[int]], double: bool
) -> Pairing | int:
    state = _replay(seeds, played, byes_played, double)
    if state.champion is not None:
        return state.champion
    tables = tuple(state.sides[index] for index in state.ready)
    seated = {entrant for table in tables for entrant in table}
    bye = tuple(entrant for entrant in range(seeds) if entrant not in state.out and entrant not in seated)
    return Pairing(tables, bye)


def single_elimination(
    seeds: int, played: Sequence[Sequence[Result]], byes_played: Sequence[Sequence[int]]
) -> Pairing | int:
    """The next round of a single elimination, or the champion's entrant index once the final is decided.

    Args:
        seeds: the number of entrants; entrant ``i`` is seed ``i + 1``.
        played: each played round's counted results.
        byes_played: each played round's byes; an entrant with a bye whose match was not played
            wins it by walkover (its opponent withdrew).

    The bracket is the next power of two, the seeds placed so that seeds 1 and 2 can meet only
    in the final (8: 1 v 8, 4 v 5, 2 v 7, 3 v 6; the standard bracket order); a missing seed is a
    bye for the top seed it would meet. Winners meet the winner of the adjacent match. A round:
    every match whose two entrants are known and not yet played, in bracket order (the table
    lists the upper slot first). ``bye``: every team in the event without a table this round.

    Raises:
        ValueError: ``seeds`` below 1, or a played round that is not the bracket's (a result
            whose two entrants do not meet then, a winner not at the table, a bye for a team out).

    Source: docs/event-record.md, "The next round": ``single_elimination``.
    """
    return _elimination(seeds, played, byes_played, False)


def double_elimination(
    seeds: int, played: Sequence[Sequence[Result]], byes_played: Sequence[Sequence[int]]
) -> Pairing | int:
    """The next round of a double elimination, or the champion's entrant index once decided.

    Args: as :func:`single_elimination`.

    The winners' bracket is the single elimination's. A team that loses there drops into the
    losers' bracket; a second loss puts it out. The losers' bracket (for ``2**k`` slots): its
    round 1 pairs the losers of adjacent winners' round 1 matches; then for each later winners'
    round a round where its survivors meet that round's losers (in reverse order every other
    time), followed, but after the last, by a round pairing adjacent survivors. The grand final:
    the winners' bracket's champion against the losers' bracket's; if the latter wins, both have
    lost once and a second final (the bracket reset) decides.

    A round is every match whose two entrants are known and not yet played: with 8 teams, round 1
    the winners' round 1; round 2 winners' round 2 and losers' round 1; round 3 the winners' final
    and losers' round 2; rounds 4 and 5 the losers' rounds 3 and 4 (its final); round 6 the grand
    final; round 7 the reset, if any. Tables go winners' bracket first, then losers', then the
    grand final; ``bye``: every team still in without a table this round (waiting for its next
    match, too).

    Raises:
        ValueError: as :func:`single_elimination`.

    Source: docs/event-record.md, "The next round": ``double_elimination``.
    """
    return _elimination(seeds, played, byes_played, True)


def elimination_ranks(
    seeds: int,
    played: Sequence[Sequence[Result]],
    *,
    double: bool,
    byes_played: Sequence[Sequence[int]] = (),
) -> dict[int, int]:
    """Every entrant's rank (by entrant index) in an elimination after ``played``.

    By the round reached: the teams still in first (the champion alone once decided; while it is
    not, the teams with fewer losses first), then the teams out, by the round they went out in
    (later first): the final's loser 2, then by the round each lost in. Equals share a rank and
    the next rank skips (1, 2, 3, 3, 5, ...). ``byes_played`` as in :func:`single_elimination`
    (walkovers).

    Raises:
        ValueError: as :func:`single_elimination`.

    Source: docs/event-record.md, "Standings" (elimination formats).
    """
    state = _replay(seeds, played, byes_played, double)
    keys = {
        entrant: (0, state.out[entrant]) if entrant in state.out else (1, -state.losses[entrant])
        for entrant in range(seeds)
    }
    return {entrant: 1 + sum(other > key for other in keys.values()) for entrant, key in keys.items()}


__all__ = ["double_elimination", "elimination_ranks", "single_elimination"]
