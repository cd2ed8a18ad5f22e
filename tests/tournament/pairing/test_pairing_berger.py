"""Round robin by the Berger tables, checked against the published FIDE tables (C.05 Annex 1)."""

from __future__ import annotations

import pytest

from tournament.pairing.berger import berger_table, round_robin_schedule
from tournament.pairing.model import NoPairingError, PlayerState
from tournament.pairing.systems import pair_round

# The published tables, one round a line, pairs as "white-black" in the table's order.
PUBLISHED = {
    4: """
        1-4 2-3
        4-3 1-2
        2-4 3-1
    """,
    6: """
        1-6 2-5 3-4
        6-4 5-3 1-2
        2-6 3-1 4-5
        6-5 1-4 2-3
        3-6 4-2 5-1
    """,
    8: """
        1-8 2-7 3-6 4-5
        8-5 6-4 7-3 1-2
        2-8 3-1 4-7 5-6
        8-6 7-5 1-4 2-3
        3-8 4-2 5-1 6-7
        8-7 1-6 2-5 3-4
        4-8 5-3 6-2 7-1
    """,
    10: """
        1-10 2-9 3-8 4-7 5-6
        10-6 7-5 8-4 9-3 1-2
        2-10 3-1 4-9 5-8 6-7
        10-7 8-6 9-5 1-4 2-3
        3-10 4-2 5-1 6-9 7-8
        10-8 9-7 1-6 2-5 3-4
        4-10 5-3 6-2 7-1 8-9
        10-9 1-8 2-7 3-6 4-5
        5-10 6-4 7-3 8-2 9-1
    """,
}


def published(n: int) -> list[list[tuple[int, int]]]:
    rounds = []
    for line in PUBLISHED[n].strip().splitlines():
        pairs = []
        for item in line.split():
            a, b = item.split("-")
            pairs.append((int(a), int(b)))
        rounds.append(pairs)
    return rounds


@pytest.mark.parametrize("n", [4, 6, 8, 10])
def test_berger_table_matches_published_table(n: int) -> None:
    assert berger_table(n) == published(n)


@pytest.mark.parametrize("n", [4, 6, 8, 10])
def test_schedule_of_even_field_is_the_table(n: int) -> None:
    assert round_robin_schedule(n) == published(n)


@pytest.mark.parametrize("n", [3, 5, 7, 9])
def test_odd_field_uses_next_table_with_dummy_as_bye(n: int) -> None:
    expected = [
        [(b, 0) if a == n + 1 else (a, 0) if b == n + 1 else (a, b) for a, b in rnd]
        for rnd in published(n + 1)
    ]
    assert round_robin_schedule(n) == expected


@pytest.mark.parametrize("n", range(2, 21))
def test_schedule_is_all_play_all_with_balanced_turns(n: int) -> None:
    schedule = round_robin_schedule(n)
    met: set[frozenset[int]] = set()
    byes: dict[int, int] = {}
    firsts = dict.fromkeys(range(1, n + 1), 0)
    for rnd in schedule:
        seen = [x for pair in rnd for x in pair if x]
        assert sorted(seen) == list(range(1, n + 1))
        for a, b in rnd:
            if b == 0:
                byes[a] = byes.get(a, 0) + 1
                continue
            key = frozenset((a, b))
            assert key not in met
            met.add(key)
            firsts[a] += 1
    assert len(met) == n * (n - 1) // 2
    assert all(v == 1 for v in byes.values())
    assert len(byes) == (n if n % 2 else 0)
    assert all(abs(2 * f - (n - 1)) <= 1 for f in firsts.values())


def _players(n: int) -> list[PlayerState]:
    return [PlayerState(id=100 + r, rank=r) for r in range(1, n + 1)]


@pytest.mark.parametrize("n", [4, 6, 8, 10])
def test_pair_round_follows_the_table_by_starting_rank(n: int) -> None:
    players = _players(n)[::-1]  # input order must not matter
    for rnd, pairs in enumerate(published(n), start=1):
        rp = pair_round(players, rnd, n - 1)
        assert rp.system == "round-robin"
        got = {(p.first - 100, p.second - 100) for p in rp.pairings if p.second is not None}
        assert got == set(pairs)
        assert [p.board for p in rp.pairings] == list(range(1, len(rp.pairings) + 1))
        for p in rp.pairings:
            assert "round robin" in p.reason


def test_odd_field_bye_from_the_dummy() -> None:
    players = _players(5)
    rp = pair_round(players, 1, 5)
    assert rp.bye == 101  # table for 6: 1-6, so rank 1 has the bye in round 1
    assert rp.pairings[-1].second is None
    assert "odd field" in rp.pairings[-1].reason


def test_withdrawn_players_opponent_gets_a_bye_with_reason() -> None:
    players = _players(6)
    players[5] = PlayerState(id=106, rank=6, active=False)
    rp = pair_round(players, 1, 5)  # 1-6 2-5 3-4
    assert rp.bye == 101
    bye = rp.pairings[-1]
    assert "#6" in bye.reason and "withdrawn" in bye.reason
    assert {(p.first, p.second) for p in rp.games} == {(102, 105), (103, 104)}
    assert rp.absent == [106]


def test_requested_bye_in_round_robin() -> None:
    players = _players(4)
    players[1] = PlayerState(id=102, rank=2, wants_bye=True)
    rp = pair_round(players, 1, 3)  # 1-4 2-3
    assert rp.requested_byes == [102]
    assert rp.bye == 103
    assert "asked for a bye" in rp.pairings[-1].reason


def test_round_beyond_the_table_raises() -> None:
    with pytest.raises(NoPairingError):
        pair_round(_players(4), 4, 4)


def test_auto_is_round_robin_up_to_ten_and_swiss_above() -> None:
    assert pair_round(_players(10), 1, 9).system == "round-robin"
    assert pair_round(_players(11), 1, 9).system == "swiss"
    assert pair_round(_players(10), 1, 9, system="swiss").system == "swiss"
    assert pair_round(_players(12), 1, 9, system="round-robin").system == "round-robin"


def test_auto_pairs_swiss_when_the_games_so_far_left_the_berger_table() -> None:
    # Round 1 of the table for 6 is 1-6 2-5 3-4; these players met 1-2 3-4 5-6 instead, and
    # round 2 of the table (6-4 5-3 1-2) would repeat 1-2.
    met = {1: 2, 2: 1, 3: 4, 4: 3, 5: 6, 6: 5}
    players = [
        PlayerState(id=r, rank=r, score=float(r % 2), opponents=(met[r],), firsts=(r % 2 == 1,))
        for r in range(1, 7)
    ]
    rp = pair_round(players, 2, 5)
    assert rp.system == "swiss"
    assert not any(p.second in (met[p.first],) for p in rp.games)
    assert any("Berger table" in note for note in map(str, rp.notes))
    # A director who chose round robin explicitly keeps the table.
    assert pair_round(players, 2, 5, system="round-robin").system == "round-robin"


def test_boards_top_scores_first_in_round_robin() -> None:
    players = [PlayerState(id=r, rank=r, score=float(r % 3)) for r in range(1, 9)]
    rp = pair_round(players, 2, 7)
    score = {p.id: p.score for p in players}
    tops = [max(score[p.first], score[p.second or p.first]) for p in rp.pairings]
    assert tops == sorted(tops, reverse=True)
