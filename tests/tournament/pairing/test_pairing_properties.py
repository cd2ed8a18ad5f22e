"""Pairing properties over many random events (hypothesis), checked by brute force."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import tournament.pairing.swiss as swiss_module
from tournament.pairing.model import NoPairingError, PlayerState, RoundPairing
from tournament.pairing.state import apply_results
from tournament.pairing.systems import pair_round

from .pairing_helpers import (
    breaks,
    continuation_exists,
    have_met,
    lowest_first,
    min_cost_matching,
    pair_breaks,
    pairable,
    perfect_matchings,
    random_outcomes,
    seat_cost,
    simulate,
)

EVENTS = settings(
    max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)


def lookahead_used(rp: RoundPairing) -> bool:
    return any("look-ahead" in n for n in map(str, rp.notes))


def check_round(states: list[PlayerState], rp: RoundPairing) -> None:
    """The rules every round must keep."""
    by_id = {p.id: p for p in states}
    playing = [p for p in states if p.active and not p.wants_bye]
    seated = [x for p in rp.pairings for x in (p.first, p.second) if x is not None]
    assert sorted(seated) == sorted(p.id for p in playing), "everyone to pair, once"
    assert [p.board for p in rp.pairings] == list(range(1, len(rp.pairings) + 1))
    for p in rp.games:
        assert not have_met(by_id[p.first], by_id[p.second]), "rematch"
    byes = [p for p in rp.pairings if p.second is None]
    assert len(byes) == len(playing) % 2
    if not byes:
        return
    bye = by_id[byes[0].first]
    assert bye.byes == 0, "second bye"
    # The bye goes to the lowest-ranked player without one whose absence leaves the rest
    # pairable; only the look-ahead may pick someone higher (and the reason says so).
    expected = next(
        p
        for p in lowest_first([q for q in playing if q.byes == 0])
        if pairable([q for q in playing if q.id != p.id])
    )
    if bye.id != expected.id:
        assert lookahead_used(rp) and "look-ahead" in byes[0].reason


def check_first_moves(states: list[PlayerState], rp: RoundPairing) -> None:
    """First-move limits hold whenever some pairing with the same bye keeps them."""
    by_id = {p.id: p for p in states}
    got = 0
    for p in rp.games:
        got += int(breaks(by_id[p.first], True)) + int(breaks(by_id[p.second], False))
        # The seating inside each pair is the best possible for that pair.
        assert int(breaks(by_id[p.first], True)) + int(breaks(by_id[p.second], False)) == (
            pair_breaks(by_id[p.first], by_id[p.second])
        )
    if got == 0 or lookahead_used(rp):
        return
    rest = [p for p in states if p.active and not p.wants_bye and p.id != rp.bye]
    best = min_cost_matching(rest, lambda a, b: (pair_breaks(a, b),))
    assert best is not None and got == best[0]


def check_all(states: list[PlayerState], rp: RoundPairing) -> None:
    check_round(states, rp)
    check_first_moves(states, rp)


@EVENTS
@given(n=st.integers(8, 14), rounds=st.integers(7, 9), seed=st.integers(0, 10**6))
def test_events_never_stall_when_a_continuation_exists(n: int, rounds: int, seed: int) -> None:
    """Full events with random results: every round pairs while the event can be completed;
    swiss is forced for the small fields (auto would play a round robin there)."""
    system = "swiss" if n <= 10 else "auto"
    _, played, err = simulate(n, rounds, seed, system, check=check_all)
    nodes = n + n % 2  # an odd field pairs with a bye node
    # K_nodes splits into nodes - 1 perfect matchings, so all rounds fit iff rounds < nodes.
    if rounds <= nodes - 1:
        assert err is None, f"stalled in round {len(played) + 1}: {err}"
        assert len(played) == rounds
    else:
        assert len(played) == nodes - 1
        assert err is not None


def test_small_swiss_without_lookahead_would_stall(monkeypatch) -> None:
    """The look-ahead is what keeps small Swiss events going (known engines stall here)."""
    cases = [(n, r, s) for s in range(60) for n, r in [(8 + s % 3, 7)]]
    stalls_with = sum(simulate(n, r, s)[2] is not None for n, r, s in cases)
    monkeypatch.setattr(swiss_module, "LOOKAHEAD_NODE_LIMIT", 0)
    stalls_without = sum(simulate(n, r, s)[2] is not None for n, r, s in cases)
    assert stalls_with == 0
    assert stalls_without > 0


def random_history(n: int, past: int, rng: random.Random) -> list[PlayerState]:
    """States after ``past`` rounds of random legal pairings with random turns and results."""
    states = [PlayerState(id=r, rank=r) for r in range(1, n + 1)]
    for _ in range(past):
        for _attempt in range(50):
            order = states[:]
            rng.shuffle(order)
            bye = None
            if len(order) % 2:
                eligible = [p for p in order if p.byes == 0]
                if not eligible:
                    return states
                bye = eligible[0]
                order.remove(bye)
            pairs = []
            ok = True
            while order:
                a = order.pop()
                partners = [b for b in order if not have_met(a, b)]
                if not partners:
                    ok = False
                    break
                b = rng.choice(partners)
                order.remove(b)
                pairs.append((a, b) if rng.random() < 0.5 else (b, a))
            if ok:
                break
        else:
            return states
        from tournament.pairing.model import Pairing

        pairings = [Pairing(board=i + 1, first=a.id, second=b.id) for i, (a, b) in enumerate(pairs)]
        if bye is not None:
            pairings.append(Pairing(board=len(pairs) + 1, first=bye.id, second=None))
        rp = RoundPairing(round_number=0, system="test", pairings=pairings)
        states = apply_results(states, rp, random_outcomes(rp, rng, draws=0.2))
    return states


@settings(max_examples=300, deadline=None, database=None)
@given(n=st.integers(3, 12), past=st.integers(0, 6), seed=st.integers(0, 10**6))
@example(n=10, past=5, seed=943738)  # #9: two firsts in a row, one second more overall
def test_single_round_is_lexicographically_best(n: int, past: int, seed: int) -> None:
    """Without look-ahead (last round), the pairing is the brute-force optimum: bye to the
    lowest-ranked eligible player, then fewest first-move limit breaks, then the smallest sum of
    score differences, then fewest players not given the turn they are due."""
    rng = random.Random(seed)
    states = random_history(n, past, rng)
    rnd = len(states[0].firsts) + 1
    try:
        rp = pair_round(states, rnd, rnd, system="swiss")
    except NoPairingError:
        eligible = [p for p in states if p.byes == 0] if n % 2 else [None]
        assert not any(pairable([q for q in states if p is None or q.id != p.id]) for p in eligible)
        return
    check_round(states, rp)
    by_id = {p.id: p for p in states}
    rest = [p for p in states if p.id != rp.bye]

    def cost(pairs) -> tuple[int, int, int]:
        return (
            sum(pair_breaks(a, b) for a, b in pairs),
            sum(round(2 * abs(a.score - b.score)) for a, b in pairs),
            sum(seat_cost(a, b)[1] for a, b in pairs),
        )

    ours = cost([(by_id[p.first], by_id[p.second]) for p in rp.games])
    assert ours == min_cost_matching(rest, lambda a, b: cost([(a, b)]))


@settings(max_examples=150, deadline=None, database=None)
@given(n=st.integers(11, 16), rounds=st.integers(7, 9), seed=st.integers(0, 10**6))
def test_withdrawals_and_requested_byes_keep_the_rules(n: int, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    states = [PlayerState(id=r, rank=r) for r in range(1, n + 1)]
    from dataclasses import replace

    for rnd in range(1, rounds + 1):
        states = [
            replace(
                p,
                active=p.active and rng.random() > 0.04,
                wants_bye=p.active and rng.random() < 0.06,
            )
            for p in states
        ]
        try:
            rp = pair_round(states, rnd, rounds, system="swiss")
        except NoPairingError:
            playing = [p for p in states if p.active and not p.wants_bye]
            candidates = [p for p in playing if p.byes == 0] if len(playing) % 2 else [None]
            assert not any(
                pairable([q for q in playing if p is None or q.id != p.id]) for p in candidates
            )
            return
        check_round(states, rp)
        states = apply_results(states, rp, random_outcomes(rp, rng))


def graph_state(n: int, met: set[frozenset[int]], had_bye: set[int]) -> list[PlayerState]:
    ids = range(1, n + 1)
    return [
        PlayerState(
            id=i,
            rank=i,
            opponents=tuple(j for j in ids if frozenset((i, j)) in met),
            byes=int(i in had_bye),
        )
        for i in ids
    ]


@settings(max_examples=400, deadline=None, database=None)
@given(
    n=st.integers(3, 9),
    left=st.integers(1, 5),
    density=st.floats(0.0, 0.6),
    seed=st.integers(0, 10**6),
)
def test_round_keeps_the_event_completable(n: int, left: int, density: float, seed: int) -> None:
    """On arbitrary histories: whenever the remaining ``left`` rounds can all be paired, the
    round chosen leaves the other ``left - 1`` pairable; the bye only moves up from the
    lowest-ranked eligible player when a bye to them could not be completed."""
    rng = random.Random(seed)
    ids = list(range(1, n + 1))
    met = {frozenset((a, b)) for a in ids for b in ids if a < b and rng.random() < density}
    had = {i for i in ids if rng.random() < 0.25}
    states = graph_state(n, met, had)
    total = 9
    rnd = total - left + 1
    bye_ok = set(ids) - had
    possible = continuation_exists(ids, met, bye_ok, left)
    try:
        rp = pair_round(states, rnd, total, system="swiss")
    except NoPairingError:
        assert not continuation_exists(ids, met, bye_ok, 1)
        return
    check_round(states, rp)
    after = met | {frozenset((p.first, p.second)) for p in rp.games}
    if possible:
        assert continuation_exists(ids, after, bye_ok - {rp.bye}, left - 1)
    if rp.bye is not None:
        lowest = next(
            p
            for p in lowest_first([q for q in states if q.byes == 0])
            if pairable([q for q in states if q.id != p.id])
        )
        if lowest.id != rp.bye:
            rest = [q for q in states if q.id != lowest.id]
            for m in perfect_matchings(rest):
                with_m = met | {frozenset((a.id, b.id)) for a, b in m}
                assert not continuation_exists(ids, with_m, bye_ok - {lowest.id}, left - 1)


def test_lookahead_moves_the_bye_up_and_says_why() -> None:
    # Five players, three rounds to go: a bye to #5 (lowest) now cannot be completed.
    met = {frozenset(e) for e in [(1, 2), (1, 5), (2, 4), (3, 4)]}
    states = graph_state(5, met, {3})
    rp = pair_round(states, 3, 5, system="swiss")
    assert rp.bye == 4
    assert "a bye to lower-ranked #5 would leave later rounds unpairable" in rp.pairings[-1].reason
    assert "(#3" not in rp.pairings[-1].reason  # #3 ranks above #4
    assert any("look-ahead" in n for n in map(str, rp.notes))
    ids = [1, 2, 3, 4, 5]
    after = met | {frozenset((p.first, p.second)) for p in rp.games}
    assert continuation_exists(ids, after, {1, 2, 5}, 2)


def test_deterministic_across_hash_seeds() -> None:
    import os
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "from tests.tournament.pairing.pairing_helpers import simulate\n"
        "_, rounds, err = simulate(13, 9, 5)\n"
        "print([(p.board, p.first, p.second, p.reason) for rp in rounds for p in rp.pairings])\n"
    )
    root = Path(__file__).resolve().parents[3]
    outs = set()
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run(
            [sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True
        )
        assert out.returncode == 0, out.stderr
        outs.add(out.stdout)
    assert len(outs) == 1


@settings(max_examples=60, deadline=None, database=None)
@given(n=st.integers(3, 18), seed=st.integers(0, 10**6))
def test_swiss_can_run_a_complete_all_play_all(n: int, seed: int) -> None:
    """The hardest case for a Swiss: as many rounds as an all-play-all. It never stalls."""
    nodes = n + n % 2
    _, played, err = simulate(n, nodes - 1, seed, "swiss", check=check_round)
    assert err is None, f"stalled in round {len(played) + 1}: {err}"
