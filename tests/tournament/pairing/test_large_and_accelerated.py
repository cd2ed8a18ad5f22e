"""Large fields (weights that cannot overflow rustworkx's 128-bit integers) and Baku
acceleration (FIDE C.04.5.1). Speed is measured in bench/pairing.py, not here."""

from __future__ import annotations

import random

import pytest

from tournament.pairing import matching as matching_module
from tournament.pairing.accel import group_a_size, virtual_points
from tournament.pairing.model import Outcome, PlayerState, RoundPairing
from tournament.pairing.state import apply_results
from tournament.pairing.systems import pair_round


def play(states: list[PlayerState], rp: RoundPairing, seed: int) -> list[PlayerState]:
    rng = random.Random(seed)
    results: dict[int, Outcome] = {
        p.board: rng.choice(["first", "second", "draw"]) for p in rp.games
    }
    return apply_results(states, rp, results)


def check_round(states: list[PlayerState], rp: RoundPairing) -> None:
    by = {p.id: p for p in states}
    seated = [x for p in rp.pairings for x in (p.first, p.second) if x is not None]
    assert sorted(seated) == sorted(by)
    for p in rp.games:
        assert p.second not in by[p.first].opponents, "rematch"
    if rp.bye is not None:
        assert by[rp.bye].byes == 0


def test_two_thousand_players_pair_without_overflow() -> None:
    # At about 1,000 players the old weights overflowed 128 bits from round 2 on.
    states = [PlayerState(id=i, rank=i) for i in range(1, 2002)]
    for rnd in (1, 2, 3):
        rp = pair_round(states, rnd, 9, system="swiss")
        check_round(states, rp)
        assert len(rp.games) == 1000 and rp.bye is not None
        states = play(states, rp, rnd)


def test_weights_too_wide_are_coarsened_from_the_lowest_criterion(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    states = [PlayerState(id=i, rank=i) for i in range(1, 41)]
    for rnd in range(1, 5):
        states = play(states, pair_round(states, rnd, 7, system="swiss"), rnd)
    exact = pair_round(states, 5, 7, system="swiss")
    monkeypatch.setattr(matching_module, "WEIGHT_BITS", 40)
    coarse = pair_round(states, 5, 7, system="swiss")
    check_round(states, coarse)
    assert any("compared in coarser steps" in n for n in map(str, coarse.notes)), coarse.notes
    assert "halves" in next(n for n in map(str, coarse.notes) if "coarser" in n)
    by = {p.id: p for p in states}

    def diff(rp: RoundPairing) -> float:
        return sum(abs(by[p.first].score - by[p.second or 0].score) for p in rp.games)

    # The score differences rank above the coarsened criteria: they stay as good.
    assert diff(coarse) == diff(exact)


def test_baku_groups_and_virtual_points() -> None:
    assert group_a_size(161) == 82  # FIDE's example
    assert group_a_size(40) == 20 and group_a_size(41) == 22
    # Nine rounds: five accelerated, 1 virtual point before rounds 1-3, 1/2 before 4-5.
    assert [virtual_points(r, 9) for r in range(1, 10)] == [1, 1, 1, 0.5, 0.5, 0, 0, 0, 0]


def test_baku_round_one_pairs_group_a_apart_and_says_so() -> None:
    states = [PlayerState(id=i, rank=i) for i in range(1, 41)]
    rp = pair_round(states, 1, 9, system="swiss", acceleration="baku")
    for p in rp.games:
        assert (p.first <= 20) == ((p.second or 0) <= 20), "group A meets group B in round 1"
    assert str(rp.notes[0]).startswith("Baku acceleration (round 1 of 5 accelerated): group A")
    plain = pair_round(states, 1, 9, system="swiss")
    assert any((p.first <= 20) != ((p.second or 0) <= 20) for p in plain.games)
    later = pair_round(states, 6, 9, system="swiss", acceleration="baku")
    assert not any("Baku" in n for n in map(str, later.notes))


def test_unknown_acceleration_is_refused() -> None:
    states = [PlayerState(id=i, rank=i) for i in range(1, 13)]
    with pytest.raises(ValueError, match="unknown acceleration 'fast'"):
        pair_round(states, 1, 9, acceleration="fast")
