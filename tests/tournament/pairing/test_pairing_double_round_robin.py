"""The double all-play-all: the Berger table twice, who moves first reversed in the second
cycle, the first cycle's last two rounds swapped (FIDE C.05 Annex 1) so nobody moves first, or
second, three games running."""

from __future__ import annotations

import pytest

from tournament.pairing.berger import double_round_robin_schedule, round_robin_schedule
from tournament.pairing.model import SYSTEMS, NoPairingError, PlayerState
from tournament.pairing.systems import pair_round, resolve_system


def _players(n: int) -> list[PlayerState]:
    return [PlayerState(id=100 + r, rank=r) for r in range(1, n + 1)]


def _first_moves(schedule: list[list[tuple[int, int]]], n: int) -> dict[int, list[bool | None]]:
    """Each rank's games in order: True moved first, False second, None a bye."""
    seq: dict[int, list[bool | None]] = {r: [] for r in range(1, n + 1)}
    for rnd in schedule:
        for a, b in rnd:
            seq[a].append(True if b else None)
            if b:
                seq[b].append(False)
    return seq


def _longest_run(moves: list[bool | None]) -> int:
    longest, run, last = 0, 0, None
    for move in moves:
        if move is None:  # a bye: no game, no run
            run, last = 0, None
            continue
        run = run + 1 if move == last else 1
        last = move
        longest = max(longest, run)
    return longest


def test_six_players_play_the_published_table_twice() -> None:
    table = round_robin_schedule(6)
    double = double_round_robin_schedule(6)
    assert len(double) == 10
    # Cycle 1: the table with rounds 4 and 5 swapped; cycle 2: the table, colours reversed.
    assert double[:5] == [table[0], table[1], table[2], table[4], table[3]]
    assert double[5] == [(6, 1), (5, 2), (4, 3)]  # round 1 was 1-6 2-5 3-4
    assert double[5:] == [[(b, a) for a, b in rnd] for rnd in table]


@pytest.mark.parametrize("n", range(2, 15))
def test_every_pair_meets_twice_once_moving_first_each(n: int) -> None:
    games: dict[tuple[int, int], int] = {}
    byes: dict[int, int] = {}
    for rnd in double_round_robin_schedule(n):
        seen = [x for pair in rnd for x in pair if x]
        assert sorted(seen) == list(range(1, n + 1))  # everyone once a round
        for a, b in rnd:
            if b == 0:
                byes[a] = byes.get(a, 0) + 1
            else:
                games[(a, b)] = games.get((a, b), 0) + 1
    assert len(games) == n * (n - 1)  # each ordered pair once: a first once, b first once
    assert set(games.values()) == {1}
    assert all(count == 2 for count in byes.values())
    assert len(byes) == (n if n % 2 else 0)


@pytest.mark.parametrize("n", range(3, 15))
def test_nobody_moves_first_or_second_three_games_running(n: int) -> None:
    for rank, moves in _first_moves(double_round_robin_schedule(n), n).items():
        assert _longest_run(moves) <= 2, (n, rank, moves)


def test_the_plain_table_twice_would_give_three_running() -> None:
    """Why the first cycle's last rounds are swapped: without it rank 1 of 6 moves second in
    rounds 5, 6 and 7."""
    table = round_robin_schedule(6)
    plain = table + [[(b, a) for a, b in rnd] for rnd in table]
    assert max(_longest_run(m) for m in _first_moves(plain, 6).values()) == 3


def test_pair_round_plays_the_double_schedule_by_starting_rank() -> None:
    players = _players(4)[::-1]  # input order must not matter
    schedule = double_round_robin_schedule(4)
    for number, pairs in enumerate(schedule, start=1):
        rp = pair_round(players, number, 6, system="double-round-robin")
        assert rp.system == "double-round-robin"
        got = {(p.first - 100, p.second - 100) for p in rp.pairings if p.second is not None}
        assert got == set(pairs)
        cycle = 1 if number <= 3 else 2
        assert all(f"cycle {cycle}" in p.reason for p in rp.pairings)
    with pytest.raises(NoPairingError, match="double round robin of 4 players has 6 rounds"):
        pair_round(players, 7, 7, system="double-round-robin")


def test_an_odd_field_has_two_byes_each_and_withdrawals_give_byes() -> None:
    players = _players(5)
    players[4] = PlayerState(id=105, rank=5, active=False)
    rp = pair_round(players, 6, 10, system="double-round-robin")  # cycle 2, round 1: 6-1 5-2 4-3
    assert {(p.first, p.second) for p in rp.games} == {(104, 103)}
    reasons = " ".join(p.reason for p in rp.pairings if p.second is None)
    assert "odd field" in reasons and "withdrawn" in reasons
    assert rp.absent == [105]


def test_auto_never_chooses_the_double_all_play_all() -> None:
    assert "double-round-robin" in SYSTEMS
    assert resolve_system("auto", 6) == "round-robin"
    assert resolve_system("double-round-robin", 30) == "double-round-robin"
