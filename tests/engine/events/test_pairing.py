"""The next round, as each pairing asks it (docs/event-record.md, "The next round (what pairing
asks)"): round robin, Swiss, single and double elimination, rotation. Hand-worked examples
first, then properties against brute force.

Entrants are indexes in seed order: entrant 0 is seed 1.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from math import ceil

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.events.pairing import (
    Pairing,
    Result,
    double_elimination,
    elimination_ranks,
    mu_table_sizes,
    rotation,
    round_robin,
    single_elimination,
    swiss,
)
from tests.profiles import examples

# Helpers -----------------------------------------------------------------------------------------


def pair(a: int, b: int) -> frozenset[int]:
    return frozenset((a, b))


def play_round_robin(teams: int) -> list[Pairing]:
    """Every round of a round robin of ``teams`` with no one leaving or joining."""
    met: set[frozenset[int]] = set()
    byes: Counter[int] = Counter()
    rounds = []
    while (next_round := round_robin(range(teams), met, byes)) is not None:
        rounds.append(next_round)
        met.update(frozenset(table) for table in next_round.tables)
        byes.update(next_round.bye)
        assert len(rounds) <= teams
    return rounds


def perfect_matchings(items: Sequence[int]) -> list[list[tuple[int, int]]]:
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    return [
        [(first, other), *matching]
        for index, other in enumerate(rest)
        for matching in perfect_matchings(rest[:index] + rest[index + 1 :])
    ]


def rounds_bound(edges: set[frozenset[int]]) -> int:
    """A lower bound on the rounds that play every pair of ``edges`` (a team once a round): the
    most pairs of one team, and the pairs over the tables a round holds."""
    if not edges:
        return 0
    degree = Counter(team for edge in edges for team in edge)
    return max(max(degree.values()), ceil(len(edges) / (len(degree) // 2)))


def fewest_rounds(edges: set[frozenset[int]]) -> int:
    """The fewest rounds that play every pair of ``edges`` (a team once a round): the chromatic
    index, by backtracking from :func:`rounds_bound` (small graphs only)."""
    if not edges:
        return 0
    ordered = sorted(tuple(sorted(edge)) for edge in edges)
    colours: dict[int, set[int]] = {team: set() for edge in ordered for team in edge}

    def fits(index: int, rounds: int, used: int) -> bool:
        if index == len(ordered):
            return True
        a, b = ordered[index]
        for colour in range(min(used + 1, rounds)):
            if colour not in colours[a] and colour not in colours[b]:
                colours[a].add(colour)
                colours[b].add(colour)
                if fits(index + 1, rounds, max(used, colour + 1)):
                    return True
                colours[a].discard(colour)
                colours[b].discard(colour)
        return False

    rounds = rounds_bound(edges)
    while not fits(0, rounds, 0):
        rounds += 1
    return rounds


def play_bracket(seeds: int, double: bool, winners: Sequence[bool]) -> tuple[int, list[list[Result]], list[Pairing]]:
    """Play an elimination to its champion; ``winners`` says, table after table, whether the
    first-listed entrant wins (cycled)."""
    asked = double_elimination if double else single_elimination
    played: list[list[Result]] = []
    byes: list[tuple[int, ...]] = []
    rounds: list[Pairing] = []
    count = 0
    while not isinstance(next_round := asked(seeds, played, byes), int):
        rounds.append(next_round)
        results = []
        for a, b in next_round.tables:
            first_wins = winners[count % len(winners)] if winners else True
            results.append(Result((a, b), a if first_wins else b))
            count += 1
        played.append(results)
        byes.append(next_round.bye)
        assert len(played) <= 4 * seeds + 4
    return next_round, played, rounds


def play_favourites(seeds: int, double: bool) -> tuple[int, list[list[Result]], list[Pairing]]:
    """An elimination where the better seed always wins."""
    asked = double_elimination if double else single_elimination
    played: list[list[Result]] = []
    rounds: list[Pairing] = []
    while not isinstance(next_round := asked(seeds, played, []), int):
        rounds.append(next_round)
        played.append([Result(table, min(table)) for table in next_round.tables])
    return next_round, played, rounds


# Round robin (hand-worked) -----------------------------------------------------------------------


def test_round_robin_of_4_in_3_rounds_by_the_circle_method() -> None:
    rounds = play_round_robin(4)
    # The circle method, seed 1 fixed: 1v4 2v3, then 1v3 4v2, then 1v2 3v4.
    assert rounds == [
        Pairing(((0, 3), (1, 2))),
        Pairing(((0, 2), (1, 3))),
        Pairing(((0, 1), (2, 3))),
    ]


def test_round_robin_of_5_in_5_rounds_with_one_bye_each() -> None:
    rounds = play_round_robin(5)
    assert len(rounds) == 5
    assert [r.bye for r in rounds] == [(4,), (3,), (2,), (1,), (0,)]  # the last seed first
    assert rounds[0] == Pairing(((0, 3), (1, 2)), (4,))
    assert all(len(r.tables) == 2 for r in rounds)
    met = [frozenset(table) for r in rounds for table in r.tables]
    assert sorted(met, key=sorted) == sorted((pair(a, b) for a, b in combinations(range(5), 2)), key=sorted)


def test_round_robin_is_over_when_every_pair_of_active_teams_has_met() -> None:
    assert round_robin([0, 1, 2], {pair(0, 1), pair(0, 2), pair(1, 2)}, {}) is None
    assert round_robin([0, 2], {pair(0, 2), pair(0, 1)}, {}) is None  # team 1 withdrew
    assert round_robin([0], set(), {}) is None
    assert round_robin([], set(), {}) is None


def test_round_robin_after_a_withdrawal_keeps_to_the_circle() -> None:
    # Six teams play two circle rounds; team 5 (seed 6) withdraws. The five left have 3 rounds
    # to play (each has 3 unmet opponents and 6 pairs are left, two tables a round): the circle's
    # rounds 3 to 5 without team 5, one bye a round.
    rounds = play_round_robin(6)
    met = {frozenset(table) for r in rounds[:2] for table in r.tables}
    active, byes = [0, 1, 2, 3, 4], Counter[int]()
    played = []
    while (next_round := round_robin(active, met, byes)) is not None:
        played.append(next_round)
        met.update(frozenset(table) for table in next_round.tables)
        byes.update(next_round.bye)
    assert len(played) == 3
    assert all(len(r.bye) == 1 for r in played)
    assert [r.tables for r in played] == [tuple(t for t in r.tables if 5 not in t) for r in rounds[2:]]


def test_round_robin_late_entrant_meets_everyone_in_as_few_rounds_as_it_can() -> None:
    # Four teams play one round (1v4, 2v3); a fifth joins. 8 pairs are left among 5 teams: at
    # most 2 tables a round, and the new team has 4 opponents: 4 rounds, each with one bye.
    met = {pair(0, 3), pair(1, 2)}
    active, byes = [0, 1, 2, 3, 4], Counter[int]()
    played = []
    while (next_round := round_robin(active, met, byes)) is not None:
        played.append(next_round)
        assert not met & {frozenset(table) for table in next_round.tables}
        met.update(frozenset(table) for table in next_round.tables)
        byes.update(next_round.bye)
    assert len(played) == 4
    assert all(len(r.tables) == 2 and len(r.bye) == 1 for r in played)
    assert 4 not in byes  # the new team plays every round
    assert max(byes.values()) == 1


# Swiss (hand-worked) ------------------------------------------------------------------------------


def test_swiss_round_1_of_6_pairs_top_half_with_bottom_half() -> None:
    assert swiss(range(6), {}, set(), set(), first=True) == Pairing(((0, 3), (1, 4), (2, 5)))


def test_swiss_round_1_of_5_gives_the_bye_to_the_last_seed() -> None:
    assert swiss(range(5), {}, set(), set(), first=True) == Pairing(((0, 2), (1, 3)), (4,))


def test_swiss_pairs_equal_wins_by_rank_order() -> None:
    # Round 2 of 4: 1 beat 3, 2 beat 4. Winners meet, losers meet.
    met = {pair(0, 2), pair(1, 3)}
    assert swiss([0, 1, 2, 3], {0: 1, 1: 1}, met, set(), first=False) == Pairing(((0, 1), (2, 3)))


def test_swiss_avoids_a_rematch_at_the_cost_of_a_win_difference() -> None:
    # Round 3 of 4 after 1v3 2v4, then 1v2 3v4 (1 and 3 won): 1 (2 wins), 2 (1), 3 (1), 4 (0).
    # Without rematches only 1v4 and 2v3 are left: win differences 2 + 0.
    met = {pair(0, 2), pair(1, 3), pair(0, 1), pair(2, 3)}
    wins = {0: 2, 1: 1, 2: 1, 3: 0}
    assert swiss([0, 1, 2, 3], wins, met, set(), first=False) == Pairing(((0, 3), (1, 2)))


def test_swiss_bye_to_the_lowest_ranked_team_without_one() -> None:
    wins = {0: 2, 1: 1, 2: 1, 3: 1, 4: 0}
    assert swiss([0, 1, 2, 3, 4], wins, set(), {4}, first=False).bye == (3,)
    assert swiss([0, 1, 2, 3, 4], wins, set(), {0, 1, 2, 3, 4}, first=False).bye == (4,)  # all had one


# Elimination (hand-worked) ------------------------------------------------------------------------


def test_single_elimination_8_seeds_bracket() -> None:
    # 1 v 8, 4 v 5, 2 v 7, 3 v 6.
    assert single_elimination(8, [], []) == Pairing(((0, 7), (3, 4), (1, 6), (2, 5)))


def test_single_elimination_6_seeds_byes_for_1_and_2() -> None:
    first = single_elimination(6, [], [])
    assert first == Pairing(((3, 4), (2, 5)), (0, 1))
    # 5 beats 4 and 3 beats 6: 1 meets 5, 2 meets 3.
    second = single_elimination(6, [[Result((3, 4), 4), Result((2, 5), 2)]], [(0, 1)])
    assert second == Pairing(((0, 4), (1, 2)))
    third = single_elimination(6, [[Result((3, 4), 4), Result((2, 5), 2)], [Result((0, 4), 0), Result((1, 2), 2)]], [])
    assert third == Pairing(((0, 2),))
    rounds = [[Result((3, 4), 4), Result((2, 5), 2)], [Result((0, 4), 0), Result((1, 2), 2)], [Result((0, 2), 2)]]
    assert single_elimination(6, rounds, []) == 2
    # Seed 3 champion, seed 1 second, seeds 2 and 5 out in the semi-finals, 4 and 6 in round 1.
    assert elimination_ranks(6, rounds, double=False) == {2: 1, 0: 2, 1: 3, 4: 3, 3: 5, 5: 5}


def test_single_elimination_5_seeds_byes_take_round_1() -> None:
    assert single_elimination(5, [], []) == Pairing(((3, 4),), (0, 1, 2))
    assert single_elimination(5, [[Result((3, 4), 3)]], [(0, 1, 2)]) == Pairing(((0, 3), (1, 2)))


def test_single_elimination_ranks_share_by_round_reached() -> None:
    champion, played, _ = play_favourites(8, double=False)
    assert champion == 0
    assert elimination_ranks(8, played, double=False) == {0: 1, 1: 2, 2: 3, 3: 3, 4: 5, 5: 5, 6: 5, 7: 5}
    # While it is not decided, the teams still in share the top.
    assert elimination_ranks(8, played[:1], double=False) == {0: 1, 1: 1, 2: 1, 3: 1, 4: 5, 5: 5, 6: 5, 7: 5}


def test_single_elimination_refuses_a_table_off_the_bracket() -> None:
    with pytest.raises(ValueError, match="round 1: entrants 0, 1 do not meet"):
        single_elimination(4, [[Result((0, 1), 0)]], [])
    with pytest.raises(ValueError, match="round 1: the winner 2"):
        single_elimination(4, [[Result((0, 3), 2)]], [])
    with pytest.raises(ValueError, match="at least one entrant"):
        single_elimination(0, [], [])
    assert single_elimination(1, [], []) == 0


def test_single_elimination_walkover_by_a_bye() -> None:
    # Seed 4 withdrew before round 1: seed 1 has a bye in its place and goes through.
    second = single_elimination(4, [[Result((1, 2), 1)]], [(0,)])
    assert second == Pairing(((0, 1),))
    assert elimination_ranks(4, [[Result((1, 2), 1)]], double=False, byes_played=[(0,)])[3] == 3


def test_double_elimination_rounds_of_8() -> None:
    champion, played, rounds = play_favourites(8, double=True)
    assert champion == 0
    tables = [r.tables for r in rounds]
    assert tables == [
        ((0, 7), (3, 4), (1, 6), (2, 5)),  # winners' round 1
        ((0, 3), (1, 2), (7, 4), (6, 5)),  # winners' round 2, losers' round 1
        ((0, 1), (4, 2), (5, 3)),  # winners' final; losers' round 2 (round 2's losers crossed)
        ((2, 3),),  # losers' round 3
        ((2, 1),),  # losers' final: against the winners' final's loser
        ((0, 1),),  # grand final: the winners' bracket's team wins, no reset
    ]
    assert rounds[3].bye == (0, 1)  # waiting
    assert elimination_ranks(8, played, double=True) == {0: 1, 1: 2, 2: 3, 3: 4, 4: 5, 5: 5, 6: 7, 7: 7}


def test_double_elimination_bracket_reset() -> None:
    # Four teams; seed 2 (entrant 1) loses the winners' final to seed 1, comes back through the
    # losers' bracket, and beats seed 1 in the grand final: a second final decides.
    played = [
        [Result((0, 3), 0), Result((1, 2), 1)],
        [Result((0, 1), 0), Result((3, 2), 2)],
        [Result((2, 1), 1)],
        [Result((0, 1), 1)],
    ]
    assert double_elimination(4, played, []) == Pairing(((0, 1),))
    assert elimination_ranks(4, played, double=True) == {0: 1, 1: 1, 2: 3, 3: 4}  # one loss each
    assert double_elimination(4, [*played, [Result((0, 1), 1)]], []) == 1
    assert elimination_ranks(4, [*played, [Result((0, 1), 1)]], double=True) == {1: 1, 0: 2, 2: 3, 3: 4}
    # The winners' bracket's team winning the grand final ends it at once.
    assert double_elimination(4, [*played[:3], [Result((0, 1), 0)]], []) == 0


def test_double_elimination_of_2_is_a_final_and_its_reset() -> None:
    assert double_elimination(2, [], []) == Pairing(((0, 1),))
    assert double_elimination(2, [[Result((0, 1), 1)]], []) == Pairing(((1, 0),))
    assert double_elimination(2, [[Result((0, 1), 1)], [Result((1, 0), 0)]], []) == Pairing(((1, 0),))
    assert double_elimination(2, [[Result((0, 1), 1)], [Result((1, 0), 0)], [Result((1, 0), 0)]], []) == 0


def test_double_elimination_6_seeds_byes() -> None:
    assert double_elimination(6, [], []) == Pairing(((3, 4), (2, 5)), (0, 1))
    # Round 2: the winners' round 2; the round 1 losers wait (their losers' round 1 is a bye).
    assert double_elimination(6, [[Result((3, 4), 3), Result((2, 5), 2)]], [(0, 1)]) == Pairing(
        ((0, 3), (1, 2)), (4, 5)
    )


def test_double_elimination_refuses_a_round_after_the_champion() -> None:
    # Two teams: the winners' final, then the grand final (its winners' team wins: over).
    with pytest.raises(ValueError, match="round 3: played after the champion"):
        double_elimination(2, [[Result((0, 1), 0)], [Result((0, 1), 0)], [Result((0, 1), 0)]], [])


# Rotation (hand-worked) --------------------------------------------------------------------------


def test_mu_table_sizes() -> None:
    assert mu_table_sizes(9, 3) == [3, 3, 3]
    assert mu_table_sizes(9, 4) == [5, 4]  # 4.5 is nearer 4 than 3
    assert mu_table_sizes(7, 4) == [4, 3]
    assert mu_table_sizes(13, 4) == [5, 4, 4]  # 4.33 against 3.25
    assert mu_table_sizes(12, 5) == [4, 4, 4]  # 6 and 4 as near 5: the smaller tables
    assert mu_table_sizes(6, 6) == [6]
    assert mu_table_sizes(2, 4) == []
    with pytest.raises(ValueError, match="3 to 6"):
        mu_table_sizes(9, 7)


def test_rotation_spades_sits_out_those_who_sat_out_least() -> None:
    first = rotation(range(9), [], {}, kind="spades")
    assert first.bye == (8,)
    assert sorted(p for table in first.tables for p in table) == list(range(8))
    # Everyone sits out once before anyone twice.
    history: list[list[tuple[int, ...]]] = []
    sat: Counter[int] = Counter()
    for _ in range(9):
        next_round = rotation(range(9), history, sat, kind="spades")
        history.append(list(next_round.tables))
        sat.update(next_round.bye)
    assert sat == Counter(range(9))


def test_rotation_spades_round_1_partners_opposite() -> None:
    # Nothing played yet: players 1 and 2 partner (seats 0 and 2) against 3 and 4, 5 and 6 against 7 and 8.
    assert rotation(range(8), [], {}, kind="spades") == Pairing(((0, 2, 1, 3), (4, 6, 5, 7)))
    # Round 2 seats no one with the same partner, and each table takes two of each table of round 1.
    second = rotation(range(8), [[(0, 2, 1, 3), (4, 6, 5, 7)]], {}, kind="spades")
    assert not {pair(0, 1), pair(2, 3), pair(4, 5), pair(6, 7)} & {
        partners for table in second.tables for partners in partners_of(table)
    }
    assert all(len(set(table) & {0, 1, 2, 3}) == 2 for table in second.tables)


def test_rotation_spades_three_and_two_seat_presets() -> None:
    three = rotation(range(7), [], {}, kind="spades", seats=3)
    assert [len(table) for table in three.tables] == [3, 3] and three.bye == (6,)
    two = rotation(range(5), [], {}, kind="spades", seats=2)
    assert [len(table) for table in two.tables] == [2, 2] and two.bye == (4,)


def test_rotation_mu_no_one_sits_out_but_below_3() -> None:
    assert rotation(range(7), [], {}, kind="mu").bye == ()
    assert [len(table) for table in rotation(range(7), [], {}, kind="mu").tables] == [4, 3]
    assert rotation([3, 5], [], {}, kind="mu") == Pairing((), (3, 5))


def test_rotation_refuses_unknown_kind_and_sizes() -> None:
    with pytest.raises(ValueError, match="no rotation"):
        rotation(range(8), [], {}, kind="skat")
    with pytest.raises(ValueError, match="2, 3 or 4"):
        rotation(range(8), [], {}, kind="spades", seats=5)
    with pytest.raises(ValueError, match="3 to 6"):
        rotation(range(8), [], {}, kind="mu", table_size=2)


# Properties -------------------------------------------------------------------------------------


@st.composite
def round_robin_events(draw: st.DrawFn) -> tuple[int, int | None, int, int | None]:
    """Teams, and maybe a withdrawal (round, which) and a late entrant (round)."""
    teams = draw(st.integers(2, 8))
    withdraw_at = draw(st.none() | st.integers(0, teams))
    late_at = draw(st.none() | st.integers(0, teams))
    return teams, withdraw_at, draw(st.integers(0, 100)), late_at


@settings(max_examples=examples(150))
@given(round_robin_events())
def test_round_robin_meets_every_pair_once_in_as_few_rounds_as_the_history_allows(
    event: tuple[int, int | None, int, int | None],
) -> None:
    teams, withdraw_at, which, late_at = event
    active = list(range(teams))
    met: set[frozenset[int]] = set()
    byes: Counter[int] = Counter()
    played = 0
    since, left = 0, {pair(a, b) for a, b in combinations(active, 2)}
    while True:
        changed = False
        if played == withdraw_at and len(active) > 2:
            active.remove(active[which % len(active)])
            changed = True
        if played == late_at:
            active.append(teams)
            changed = True
        if changed:
            since = 0
            left = {pair(a, b) for a, b in combinations(active, 2)} - met
        next_round = round_robin(active, met, byes)
        if next_round is None:
            break
        played += 1
        since += 1
        seated = [team for table in next_round.tables for team in table]
        assert len(seated) == len(set(seated))
        assert sorted([*seated, *next_round.bye]) == sorted(active)
        for table in next_round.tables:
            assert frozenset(table) not in met
            met.add(frozenset(table))
        byes.update(next_round.bye)
        assert played <= 3 * teams + 3
    assert {pair(a, b) for a, b in combinations(active, 2)} <= met
    # as few rounds as the history allows: the bound, or (rarely above it) the exact fewest
    assert since == rounds_bound(left) or since == fewest_rounds(left)
    if withdraw_at is None and late_at is None:
        assert played == (teams if teams % 2 else teams - 1)
        assert all(byes[team] == teams % 2 for team in range(teams))


@st.composite
def swiss_states(draw: st.DrawFn) -> tuple[list[int], dict[int, int], set[frozenset[int]], set[int]]:
    teams = draw(st.integers(2, 9))
    wins = {team: draw(st.integers(0, 4)) for team in range(teams)}
    pairs = [pair(a, b) for a, b in combinations(range(teams), 2)]
    met = draw(st.sets(st.sampled_from(pairs)))
    had_bye = draw(st.sets(st.integers(0, teams - 1)))
    ranked = sorted(range(teams), key=lambda team: -wins[team])
    return ranked, wins, met, had_bye


@settings(max_examples=examples(300))
@given(swiss_states())
def test_swiss_no_rematch_while_one_can_be_avoided_then_least_win_difference(
    state: tuple[list[int], dict[int, int], set[frozenset[int]], set[int]],
) -> None:
    ranked, wins, met, had_bye = state
    pairing = swiss(ranked, wins, met, had_bye, first=False)
    rest = list(ranked)
    if len(ranked) % 2:
        without = [team for team in ranked if team not in had_bye]
        assert pairing.bye == ((without or ranked)[-1],)
        rest.remove(pairing.bye[0])
    else:
        assert pairing.bye == ()
    seated = sorted(team for table in pairing.tables for team in table)
    assert seated == sorted(rest)

    def cost(tables: Sequence[tuple[int, int]]) -> tuple[int, int]:
        return (
            sum(frozenset(table) in met for table in tables),
            sum(abs(wins[a] - wins[b]) for a, b in tables),
        )

    assert cost(pairing.tables) == min(cost(matching) for matching in perfect_matchings(rest))
    position = {team: index for index, team in enumerate(ranked)}
    assert all(position[a] < position[b] for a, b in pairing.tables)


@settings(max_examples=examples(100))
@given(st.integers(2, 40))
def test_swiss_round_1_top_half_against_bottom_half(teams: int) -> None:
    pairing = swiss(range(teams), {}, set(), set(), first=True)
    half = teams // 2
    assert pairing == Pairing(tuple((i, i + half) for i in range(half)), (teams - 1,) if teams % 2 else ())


@settings(max_examples=examples(200))
@given(st.integers(2, 64), st.lists(st.booleans(), max_size=64))
def test_single_elimination_bracket_by_the_seeding_rule(seeds: int, winners: list[bool]) -> None:
    size = 1 << (seeds - 1).bit_length()
    first = single_elimination(seeds, [], [])
    assert isinstance(first, Pairing)
    # Round 1: seed s meets seed size + 1 - s; the missing seeds are byes for the top seeds.
    assert all(a + b == size - 1 and a < b for a, b in first.tables)
    assert first.bye == tuple(range(size - seeds))
    champion, played, rounds = play_bracket(seeds, False, winners)
    assert len(played) == size.bit_length() - 1
    assert sum(len(r) for r in played) == seeds - 1
    for number, round_ in enumerate(played):
        if {0, 1} in [set(result.entrants) for result in round_]:
            assert number == len(played) - 1  # seeds 1 and 2 meet only in the final
    losers = Counter(result.winner ^ result.entrants[0] ^ result.entrants[1] for r in played for result in r)
    assert champion not in losers and len(losers) == seeds - 1 and set(losers.values()) == {1}
    # With the better seed always winning, the top 2**k seeds reach the round of 2**k.
    best, played_best, rounds_best = play_favourites(seeds, double=False)
    assert best == 0
    assert rounds_best[-1].tables == ((0, 1),)
    if seeds >= 4:
        assert rounds_best[-2].tables == ((0, 3), (1, 2))


@settings(max_examples=examples(200))
@given(st.integers(2, 32), st.lists(st.booleans(), max_size=80))
def test_double_elimination_out_after_two_losses_and_the_bracket_reset(seeds: int, winners: list[bool]) -> None:
    champion, played, rounds = play_bracket(seeds, True, winners)
    for r in rounds:
        seated = [team for table in r.tables for team in table]
        assert len(seated) == len(set(seated))
    results = [result for r in played for result in r]
    losses = Counter(result.winner ^ result.entrants[0] ^ result.entrants[1] for result in results)
    assert all(losses[team] == 2 for team in range(seeds) if team != champion)
    assert losses[champion] in (0, 1)
    # The grand final: the winners' bracket's team (no loss yet) against the losers' bracket's.
    # If the latter wins, both have one loss and a second final between the same two decides
    # (the round before the grand final, the losers' final, never has the same two).
    last = played[-1]
    assert len(last) == 1 and last[0].winner == champion
    reset = len(results) - 2 * (seeds - 1)
    assert reset in (0, 1)
    first_final = played[-1 - reset][0]
    assert len(played[-1 - reset]) == 1 and set(first_final.entrants) == set(last[0].entrants)
    before = Counter(
        result.winner ^ result.entrants[0] ^ result.entrants[1] for r in played[: -1 - reset] for result in r
    )
    (winners_team,) = [team for team in first_final.entrants if before[team] == 0]
    assert reset == (first_final.winner != winners_team)
    runner_up = set(last[0].entrants) - {champion}
    ranks = elimination_ranks(seeds, played, double=True)
    assert ranks[champion] == 1 and ranks[runner_up.pop()] == 2


@st.composite
def labelled_players(draw: st.DrawFn, count: int) -> list[int]:
    return draw(st.lists(st.integers(0, 500), min_size=count, max_size=count, unique=True))


def partners_of(table: tuple[int, ...]) -> list[frozenset[int]]:
    return [pair(table[0], table[2]), pair(table[1], table[3])]


@settings(max_examples=examples(60))
@given(st.sampled_from([(8, 3), (12, 5)]).flatmap(lambda case: st.tuples(st.just(case[1]), labelled_players(case[0]))))
def test_rotation_never_repeats_partners_8_over_3_and_12_over_5(case: tuple[int, list[int]]) -> None:
    rounds, players = case
    history: list[list[tuple[int, ...]]] = []
    seen: set[frozenset[int]] = set()
    for _ in range(rounds):
        next_round = rotation(players, history, {}, kind="spades")
        assert next_round.bye == ()
        assert sorted(p for table in next_round.tables for p in table) == sorted(players)
        for table in next_round.tables:
            assert len(table) == 4
            for partners in partners_of(table):
                assert partners not in seen
                seen.add(partners)
        history.append(list(next_round.tables))


def least_partner_repeats(players: Sequence[int], partnered: Counter[frozenset[int]]) -> int:
    """The least sum of squared earlier partnerships a perfect matching of ``players`` can make (exact)."""
    graph = nx.Graph()
    top = max(partnered.values(), default=0) ** 2 + 1
    for a, b in combinations(players, 2):
        graph.add_edge(a, b, weight=top - partnered[pair(a, b)] ** 2)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return sum(partnered[pair(a, b)] ** 2 for a, b in matching)


@settings(max_examples=examples(100))
@given(
    st.sampled_from([(8, 2), (8, 5), (12, 4), (12, 8)]).flatmap(
        lambda case: st.tuples(
            st.just(case[0]), st.lists(st.permutations(range(case[0])), min_size=case[1], max_size=case[1])
        )
    )
)
def test_rotation_repeats_partners_only_when_it_must_and_then_least(case: tuple[int, list[list[int]]]) -> None:
    # Any earlier rounds (seatings at random): this round repeats no partner when a seating
    # without one exists, and otherwise repeats as little as can be.
    count, seatings = case
    history = [[tuple(seating[i : i + 4]) for i in range(0, count, 4)] for seating in seatings]
    partnered = Counter(partners for round_ in history for table in round_ for partners in partners_of(table))
    next_round = rotation(range(count), history, {}, kind="spades")
    repeats = sum(partnered[partners] ** 2 for table in next_round.tables for partners in partners_of(table))
    assert repeats == least_partner_repeats(range(count), partnered)


@settings(max_examples=examples(60))
@given(labelled_players(9))
def test_rotation_mu_9_players_in_threes_over_3_rounds_never_together_twice(players: list[int]) -> None:
    history: list[list[tuple[int, ...]]] = []
    together: set[frozenset[int]] = set()
    for _ in range(3):
        next_round = rotation(players, history, {}, kind="mu", table_size=3)
        assert [len(table) for table in next_round.tables] == [3, 3, 3] and next_round.bye == ()
        for table in next_round.tables:
            for a, b in combinations(table, 2):
                assert pair(a, b) not in together
                together.add(pair(a, b))
        history.append(list(next_round.tables))


@settings(max_examples=examples(100))
@given(st.permutations(range(9)), st.lists(st.permutations(range(3)), min_size=3, max_size=3))
def test_rotation_mu_third_round_after_any_two_without_a_pair_twice(
    seating: list[int], crossing: list[list[int]]
) -> None:
    # Any first round, and any second round taking one player of each first-round table to each
    # table (every such second round seats no pair twice): the third seats no pair a third time.
    first = [tuple(seating[i : i + 3]) for i in range(0, 9, 3)]
    second = [tuple(first[row][crossing[row][table]] for row in range(3)) for table in range(3)]
    together = {pair(a, b) for table in (*first, *second) for a, b in combinations(table, 2)}
    assert len(together) == 18
    third = rotation(range(9), [first, second], {}, kind="mu", table_size=3)
    assert not together & {pair(a, b) for table in third.tables for a, b in combinations(table, 2)}


@settings(max_examples=examples(100))
@given(st.integers(3, 60), st.integers(3, 6))
def test_rotation_mu_tables_as_the_count_allows(players: int, preferred: int) -> None:
    sizes = [len(table) for table in rotation(range(players), [], {}, kind="mu", table_size=preferred).tables]
    assert sum(sizes) == players
    assert all(3 <= size <= 6 for size in sizes) and max(sizes) - min(sizes) <= 1
    for other in range(ceil(players / 6), players // 3 + 1):
        # no other number of tables brings the average nearer the preferred size
        assert abs(players - preferred * len(sizes)) * other <= abs(players - preferred * other) * len(sizes)
