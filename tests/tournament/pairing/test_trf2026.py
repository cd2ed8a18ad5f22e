"""TRF-2026 beside TRF-16: reading the new records, round trips, and the pairing states."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournament.pairing.trf_lines import player_line
from tournament.pairing.trf import (
    TrfEvent,
    TrfForbidden,
    TrfGame,
    TrfPlayer,
    read_trf,
    scoring_of,
    trf_to_states,
    write_trf,
)

SAMPLE_2026 = (
    "\n".join(
        [
            "012 MSO Ingenious open",
            "162  W 3.0    D 1.0    L 0.0    A 0.0    P 2.0",
            "250 00.0 01.0 001 002 0001 0002",
            "DAT 0001 EMAIL someone@example.org",
            "### round 3 not paired yet",
            "142 7",
            "152 B",
            "260 001 007    1    4",
            "260 003 003    2    3    5",
            "240 H 003    2",
            "240 Z 003    6",
            player_line(1, "Ann", "4.0", ["0002 w 1", "0003 b +"]),
            player_line(2, "Bob", "1.0", ["0001 b 0", "0005 w ="]),
            player_line(3, "Cy", "0.0", ["0004 w 0", "0001 w -"]),
            player_line(4, "Di", "3.0", ["0003 b 1", "0000 - U"]),
            player_line(5, "Ed", "2.0", ["0006 w =", "0002 b ="]),
            player_line(6, "Flo", "1.0", ["0005 b =", "0000 - H"]),
        ]
    )
    + "\n"
)


def test_reads_the_2026_records() -> None:
    event = read_trf(SAMPLE_2026)
    assert event.version == "2026"
    assert event.total_rounds == 7
    assert event.initial_colour == "b"
    assert event.requested_byes == {2: [(3, "H")], 6: [(3, "Z")]}
    assert event.forbidden == [TrfForbidden((1, 4), 1, 7), TrfForbidden((2, 3, 5), 3, 3)]
    assert [list(g) for g in event.forbidden] == [[1, 4], [2, 3, 5]]  # iterable as ranks
    # Lines the pairing does not use are kept, in order, as the format allows.
    assert [c for c, _ in event.records] == ["012", "162", "250", "DAT"]
    sc = scoring_of(event)
    assert (sc.win, sc.draw, sc.loss, sc.bye, sc.absent) == (3.0, 1.0, 0.0, 2.0, 0.0)


def test_2026_round_trip_is_exact() -> None:
    event = read_trf(SAMPLE_2026)
    assert write_trf(event, version="2026") == SAMPLE_2026
    assert read_trf(write_trf(event, version="2026")) == event


def test_2026_written_as_16_pairs_the_same() -> None:
    event = read_trf(SAMPLE_2026)
    text16 = write_trf(event, version="16")
    lines = text16.splitlines()
    assert "XXR 7" in lines and "XXC black1" in lines
    assert "BBW 3.0" in lines and "BBU 2.0" in lines and "BBF 0.0" in lines
    assert not any(line[:3] in ("142", "152", "162", "240") for line in lines)
    again = read_trf(text16)
    assert again.version == "2026"  # the 260 lines (rounds 1-7 and 3) have no TRF-16 spelling
    assert again.requested_byes == {}  # written into the round blocks instead
    assert again.players[1].game(3) == TrfGame(0, "-", "H")
    for rnd in (1, 2, 3):
        assert trf_to_states(again, rnd) == trf_to_states(event, rnd)


def test_states_honour_the_2026_records() -> None:
    states, rnd = trf_to_states(read_trf(SAMPLE_2026))
    assert rnd == 3
    by = {s.id: s for s in states}
    assert by[2].wants_bye and by[2].active  # 240 H
    assert not by[6].active  # 240 Z: absent
    assert by[1].forbidden == (4,) and by[4].forbidden == (1,)
    assert by[2].forbidden == (3, 5) and by[5].forbidden == (2, 3)
    assert by[1].forfeit_wins == 1 and by[3].forfeit_wins == 0
    assert by[1].opponents == (2,)  # a forfeit is not a game played
    assert by[1].score == 6.0  # 162: a win is 3 points, the forfeit win too
    assert by[4].score == 5.0 and by[4].byes == 1  # P: the pairing-allocated bye is 2 points
    later, _ = trf_to_states(read_trf(SAMPLE_2026), 4)
    assert {s.id: s.forbidden for s in later}[2] == ()  # the 260 line holds in round 3 only


def test_16_extensions_are_read_and_converted() -> None:
    text = "\n".join(
        [
            "XXR 5",
            "XXC white1",
            "BBW 2.0",
            "XXP 1 2",
            player_line(1, "Ann", "0.0", []),
            player_line(2, "Bob", "0.0", []),
            player_line(3, "Cy", "0.0", []),
        ]
    )
    event = read_trf(text)
    assert (event.version, event.total_rounds, event.initial_colour) == ("16", 5, "w")
    assert event.forbidden == [TrfForbidden((1, 2))]
    text26 = write_trf(event, version="2026").splitlines()
    assert text26[:4] == ["XXC white1", "162  W 2.0", "142 5", "152 W"]
    assert text26[4] == "260 001 005    1    2"
    assert read_trf(write_trf(event)) == event


def random_event(seed: int) -> TrfEvent:
    rng = random.Random(seed)
    n = rng.randint(2, 9)
    rounds = rng.randint(0, 4)
    players: list[tuple[int, list[TrfGame | None]]] = []
    for r in range(1, n + 1):
        games: list[TrfGame | None] = [None] * rounds
        players.append((r, games))
    for rnd in range(rounds):
        order = list(range(n))
        rng.shuffle(order)
        while len(order) >= 2 and rng.random() < 0.8:
            a, b = order.pop(), order.pop()
            ra, rb = rng.choice([("1", "0"), ("0", "1"), ("=", "="), ("+", "-")])
            players[a][1][rnd] = TrfGame(b + 1, "w", ra)
            players[b][1][rnd] = TrfGame(a + 1, "b", rb)
        for i in order:
            players[i][1][rnd] = rng.choice([None, TrfGame(0, "-", "U"), TrfGame(0, "-", "Z")])
    trf_players = []
    byes: dict[int, list[tuple[int, str]]] = {}
    for r, games in players:
        gs = list(games)
        while gs and gs[-1] is None:
            gs.pop()
        trf_players.append(TrfPlayer(start_rank=r, name=f"P{r}", games=tuple(gs)))
        future = [k for k in range(len(gs) + 1, rounds + 3) if rng.random() < 0.3]
        if future:
            byes[r] = [(k, rng.choice("HFZU")) for k in future]
    forbidden = []
    for _ in range(rng.randint(0, 2)):
        ranks = tuple(rng.sample(range(1, n + 1), rng.randint(2, min(n, 3))))
        first = rng.randint(1, 4)
        forbidden.append(TrfForbidden(ranks, first, first + rng.randint(0, 3)))
    return TrfEvent(
        players=trf_players,
        total_rounds=rng.choice([None, 5, 9]),
        records=[("012", "Random"), ("162", "W 1.0    D 0.5")][: rng.randint(0, 2)],
        comments=rng.sample(["a", "b"], rng.randint(0, 2)),
        initial_colour=rng.choice([None, "w", "b"]),
        requested_byes=byes,
        forbidden=forbidden,
        version="2026",
    )


@settings(max_examples=200, deadline=None, database=None)
@given(seed=st.integers(0, 10**9))
def test_random_events_round_trip_in_both_versions(seed: int) -> None:
    event = random_event(seed)
    text26 = write_trf(event, version="2026")
    back = read_trf(text26)
    assert write_trf(back, version="2026") == text26
    assert back.requested_byes == event.requested_byes
    assert back.forbidden == event.forbidden
    assert (back.initial_colour, back.total_rounds) == (event.initial_colour, event.total_rounds)
    back16 = read_trf(write_trf(event, version="16"))
    # TRF-16 spells the byes in the round blocks: the pairing sees the same players either way.
    for rnd in range(1, event.rounds_in_file + 3):
        assert trf_to_states(back16, rnd) == trf_to_states(back, rnd)
