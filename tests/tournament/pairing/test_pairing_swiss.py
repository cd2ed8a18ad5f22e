"""Swiss pairing: hand-made cases and the reasons a director reads."""

from __future__ import annotations

import itertools
import random

import pytest

from tournament.pairing.model import NoPairingError, PlayerState, format_score
from tournament.pairing.state import apply_results
from tournament.pairing.systems import pair_round

from .pairing_helpers import breaks, have_met, random_outcomes, simulate


def field(n: int) -> list[PlayerState]:
    return [PlayerState(id=r, rank=r) for r in range(1, n + 1)]


def test_round_one_is_top_half_against_bottom_half() -> None:
    rp = pair_round(field(12), 1, 9)
    pairs = [tuple(sorted((p.first, p.second))) for p in rp.pairings]
    assert pairs == [(1, 7), (2, 8), (3, 9), (4, 10), (5, 11), (6, 12)]
    # Higher-ranked player moves first on odd boards, second on even boards.
    assert [p.first for p in rp.pairings] == [1, 8, 3, 10, 5, 12]
    assert all("top half v bottom half" in p.reason for p in rp.pairings)


def test_round_one_odd_field_bye_to_lowest_ranked() -> None:
    rp = pair_round(field(13), 1, 9)
    assert rp.bye == 13
    assert rp.pairings[-1].board == 7
    assert rp.pairings[-1].reason == "bye: #13, the lowest-ranked player without a bye"
    pairs = [tuple(sorted((p.first, p.second))) for p in rp.games]
    assert pairs == [(1, 7), (2, 8), (3, 9), (4, 10), (5, 11), (6, 12)]


def test_bye_skips_players_who_had_one() -> None:
    players = field(13)
    players[12] = PlayerState(id=13, rank=13, score=1.0, byes=1, firsts=(None,))
    players[11] = PlayerState(id=12, rank=12, score=0.0, firsts=(False,), opponents=(6,))
    players[5] = PlayerState(id=6, rank=6, score=1.0, firsts=(True,), opponents=(12,))
    rp = pair_round(players, 2, 9)
    assert rp.bye == 12  # lowest score, no bye yet
    players[11] = PlayerState(id=12, rank=12, score=0.0, byes=1, firsts=(None,))
    players[5] = PlayerState(id=6, rank=6, score=1.0)
    rp = pair_round(players, 3, 9)
    assert rp.bye not in (12, 13)


def test_withdrawn_and_requested_byes_are_not_paired() -> None:
    players = field(12)
    players[0] = PlayerState(id=1, rank=1, active=False)
    players[1] = PlayerState(id=2, rank=2, wants_bye=True)
    rp = pair_round(players, 1, 9)
    seated = {x for p in rp.pairings for x in (p.first, p.second) if x is not None}
    assert seated == set(range(3, 13))
    assert rp.absent == [1]
    assert rp.requested_byes == [2]
    assert rp.bye is None


def test_no_legal_pairing_raises_with_message() -> None:
    players = [
        PlayerState(id=i, rank=i, opponents=tuple(j for j in range(1, 5) if j != i))
        for i in range(1, 5)
    ]
    with pytest.raises(NoPairingError) as exc:
        pair_round(players, 4, 5, system="swiss")
    assert "already met every other player" in exc.value.message


def test_no_second_bye_even_if_it_means_no_pairing() -> None:
    players = [PlayerState(id=i, rank=i, byes=1) for i in range(1, 4)]
    with pytest.raises(NoPairingError) as exc:
        pair_round(players, 2, 3, system="swiss")
    assert "bye" in exc.value.message


def test_score_groups_and_floats() -> None:
    # Three on 1 point, three on 0: one must float down from the 1-point group.
    players = [
        PlayerState(id=1, rank=1, score=1.0, opponents=(4,), firsts=(True,)),
        PlayerState(id=2, rank=2, score=1.0, opponents=(5,), firsts=(False,)),
        PlayerState(id=3, rank=3, score=1.0, opponents=(6,), firsts=(True,)),
        PlayerState(id=4, rank=4, score=0.0, opponents=(1,), firsts=(False,)),
        PlayerState(id=5, rank=5, score=0.0, opponents=(2,), firsts=(True,)),
        PlayerState(id=6, rank=6, score=0.0, opponents=(3,), firsts=(False,)),
    ]
    rp = pair_round(players, 2, 5, system="swiss")
    score = {p.id: p.score for p in players}
    diffs = sorted(abs(score[p.first] - score[p.second]) for p in rp.games)
    assert diffs == [0.0, 0.0, 1.0]  # exactly one float
    floats = [p for p in rp.games if score[p.first] != score[p.second]]
    assert "floats down" in floats[0].reason
    assert rp.games[0].board == 1 and score[rp.games[0].first] == 1.0


def test_repeated_float_is_avoided() -> None:
    # #3 floated down last round; #2 did not: #2 should float this time.
    players = [
        PlayerState(id=1, rank=1, score=2.0, opponents=(4, 5), firsts=(True, False)),
        PlayerState(id=2, rank=2, score=2.0, opponents=(5, 6), firsts=(False, True)),
        PlayerState(
            id=3, rank=3, score=2.0, opponents=(6, 4), firsts=(True, False), floats=(None, "down")
        ),
        PlayerState(
            id=4, rank=4, score=0.0, opponents=(1, 3), firsts=(False, True), floats=(None, "up")
        ),
        PlayerState(id=5, rank=5, score=0.0, opponents=(2, 1), firsts=(True, False)),
        PlayerState(id=6, rank=6, score=0.0, opponents=(3, 2), firsts=(False, True)),
    ]
    rp = pair_round(players, 3, 5, system="swiss")
    score = {p.id: p.score for p in players}
    floater = next(
        (p.first if score[p.first] > score[p.second] else p.second)
        for p in rp.games
        if score[p.first] != score[p.second]
    )
    assert floater != 3


def test_first_move_due_is_granted_and_explained() -> None:
    a = PlayerState(id=1, rank=1, score=2.0, opponents=(3, 4), firsts=(False, False))
    b = PlayerState(id=2, rank=2, score=2.0, opponents=(5, 6), firsts=(True, False))
    others = [
        PlayerState(id=i, rank=i, score=0.0, opponents=(), firsts=(True, False))
        for i in range(3, 7)
    ]
    rp = pair_round([a, b, *others], 3, 5, system="swiss")
    top = rp.pairings[0]
    assert {top.first, top.second} == {1, 2}
    assert top.first == 1
    assert "#1 moves first (had second twice in a row)" in top.reason
    assert top.reason.startswith("score group 2: #1 v #2")


def test_first_move_limits_beat_score_differences() -> None:
    # Two leaders both had first twice in a row: pairing them would break a limit, so each
    # meets someone from the group below instead.
    players = [
        PlayerState(id=1, rank=1, score=2.0, opponents=(5, 6), firsts=(True, True)),
        PlayerState(id=2, rank=2, score=2.0, opponents=(7, 8), firsts=(True, True)),
        *[PlayerState(id=i, rank=i, score=1.0, firsts=(False, True)) for i in range(3, 5)],
        *[PlayerState(id=i, rank=i, score=0.0, firsts=(False, False)) for i in range(5, 9)],
    ]
    players[4] = PlayerState(id=5, rank=5, score=0.0, opponents=(1,), firsts=(False, False))
    players[5] = PlayerState(id=6, rank=6, score=0.0, opponents=(1,), firsts=(False, False))
    players[6] = PlayerState(id=7, rank=7, score=0.0, opponents=(2,), firsts=(False, False))
    players[7] = PlayerState(id=8, rank=8, score=0.0, opponents=(2,), firsts=(False, False))
    rp = pair_round(players, 3, 5, system="swiss")
    by_id = {p.id: p for p in players}
    for p in rp.games:
        assert not breaks(by_id[p.first], True)
        assert not breaks(by_id[p.second], False)
    assert {1, 2} not in [{p.first, p.second} for p in rp.games]


def test_reasons_are_short_and_name_score_group_and_first_mover() -> None:
    _, rounds, err = simulate(13, 9, seed=4)
    assert err is None
    for rp in rounds:
        for p in rp.pairings:
            assert len(p.reason) <= 300
            if p.second is None:
                assert p.reason.startswith("bye: #")
            else:
                assert p.reason.startswith("score group")
                assert "moves first (" in p.reason


def test_boards_ordered_by_score_and_bye_last() -> None:
    def check(states: list[PlayerState], rp) -> None:
        score = {p.id: p.score for p in states}
        tops = [max(score[p.first], score[p.second]) for p in rp.games]
        assert tops == sorted(tops, reverse=True)
        assert [p.board for p in rp.pairings] == list(range(1, len(rp.pairings) + 1))
        assert all(p.second is not None for p in rp.pairings[:-1])

    _, _, err = simulate(15, 9, seed=11, check=check)
    assert err is None


@pytest.mark.parametrize("seed", range(3))
def test_input_order_does_not_matter(seed: int) -> None:
    states, rounds, _ = simulate(13, 5, seed=seed)
    rng = random.Random(seed)
    shuffled = states[:]
    rng.shuffle(shuffled)
    assert pair_round(states, 6, 9) == pair_round(shuffled, 6, 9)


def test_large_field_uses_a_window_and_stays_legal() -> None:
    rng = random.Random(2)
    states = [PlayerState(id=r, rank=r) for r in range(1, 201)]
    for rnd in range(1, 5):
        rp = pair_round(states, rnd, 9)
        by_id = {p.id: p for p in states}
        seated = [x for p in rp.pairings for x in (p.first, p.second) if x is not None]
        assert sorted(seated) == sorted(by_id)
        for p in rp.games:
            assert not have_met(by_id[p.first], by_id[p.second])
            assert abs(by_id[p.first].score - by_id[p.second].score) <= 1.0
        states = apply_results(states, rp, random_outcomes(rp, rng))


def test_format_score() -> None:
    assert [format_score(x) for x in (0, 0.5, 3, 2.5)] == ["0", "½", "3", "2½"]


def test_unknown_system_is_rejected() -> None:
    with pytest.raises(ValueError):
        pair_round(field(4), 1, 3, system="dutch")


@pytest.mark.parametrize(
    "players",
    [
        [PlayerState(id=1, rank=1), PlayerState(id=1, rank=2)],
        [PlayerState(id=1, rank=1), PlayerState(id=2, rank=1)],
        [PlayerState(id=1, rank=1, floats=("sideways",))],
    ],
)
def test_inconsistent_input_is_rejected(players: list[PlayerState]) -> None:
    with pytest.raises(ValueError):
        pair_round(players, 1, 3)


def test_empty_and_tiny_fields() -> None:
    assert pair_round([], 1, 7, system="swiss").pairings == []
    rp = pair_round([PlayerState(id=1, rank=1)], 1, 7, system="swiss")
    assert rp.bye == 1
    rp = pair_round(field(2), 1, 7, system="swiss")
    assert len(rp.games) == 1


def test_every_pairing_of_a_tiny_field_matches_brute_force_order() -> None:
    # With 4 players on equal scores and no history, S1 v S2 gives 1-3 and 2-4.
    rp = pair_round(field(4), 1, 3, system="swiss")
    assert sorted(tuple(sorted((p.first, p.second))) for p in rp.games) == [(1, 3), (2, 4)]
    assert list(itertools.chain.from_iterable((p.first, p.second) for p in rp.games)) == [
        1,
        3,
        4,
        2,
    ]


def seat(a: PlayerState, b: PlayerState, board: int = 1) -> tuple[int, str]:
    from tournament.pairing.firstmove import choose_first

    first, _, why = choose_first(a, b, a_ranks_higher=a.rank < b.rank, board=board)
    return first.id, str(why)


def test_first_move_reasons_name_whose_due_decided() -> None:
    twice_first = PlayerState(id=1, rank=1, firsts=(True, True))
    fresh = PlayerState(id=2, rank=2)
    assert seat(twice_first, fresh) == (2, "#1 had first twice in a row")
    twice_second = PlayerState(id=3, rank=3, firsts=(False, None, False))
    assert seat(fresh, twice_second) == (3, "had second twice in a row")
    balance = PlayerState(id=4, rank=4, firsts=(True, False, True))  # due second, balance
    alternate = PlayerState(id=5, rank=5, firsts=(False, True))  # due second, alternation
    assert seat(balance, alternate) == (5, "#4 more firsts (2) than seconds (1), the stronger due")
    both_ok = PlayerState(id=6, rank=6, firsts=(True,))
    other = PlayerState(id=7, rank=7, firsts=(False,))
    assert seat(both_ok, other) == (7, "more seconds (1) than firsts (0)")


def test_first_move_equal_dues_alternate_from_last_difference() -> None:
    a = PlayerState(id=1, rank=1, firsts=(True, False, True, False))
    b = PlayerState(id=2, rank=2, firsts=(False, True, True, False))
    # Both level and moved second last: they last differed in round 2, where #2 moved first.
    assert seat(a, b) == (1, "alternating from round 2")
    c = PlayerState(id=3, rank=3, firsts=(True, False))
    d = PlayerState(id=4, rank=4, firsts=(True, False))
    assert seat(c, d) == (3, "moved second last game; equal dues, higher-placed")
    assert seat(PlayerState(id=5, rank=5), PlayerState(id=6, rank=6), board=2)[0] == 6
