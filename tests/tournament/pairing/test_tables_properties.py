"""Table pairing properties over random rounds (hypothesis), small ones checked by brute force."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament.pairing.tables import seat_tables
from tournament.pairing.tables_cost import Problem
from tournament.pairing.tables_model import TablePlayer, TableRound, table_sizes

ROUNDS = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)
BRUTE = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)


@st.composite
def rounds(draw: st.DrawFn, max_players: int = 24) -> tuple[list[TablePlayer], int]:
    """A field with random half-point scores, earlier meetings (some twice), first seats and a
    few absentees."""
    n = draw(st.integers(1, max_players))
    size = draw(st.sampled_from([3, 4]))
    ids = draw(st.lists(st.integers(1, 999), min_size=n, max_size=n, unique=True))
    pairs = [(a, b) for x, a in enumerate(ids) for b in ids[x + 1 :]]
    met_pairs = draw(st.lists(st.sampled_from(pairs), max_size=3 * n)) if pairs else []
    met: dict[int, list[int]] = {i: [] for i in ids}
    for a, b in met_pairs:
        met[a].append(b)
        met[b].append(a)
    players = [
        TablePlayer(
            id=pid,
            score=draw(st.integers(0, 12)) / 2,
            met=tuple(met[pid]),
            first_seats=draw(st.integers(0, 3)),
            absent=draw(st.booleans()) and draw(st.booleans()) and draw(st.booleans()),
            rank=k + 1,
        )
        for k, pid in enumerate(ids)
    ]
    return players, size


def check_round(players: Sequence[TablePlayer], size: int, tr: TableRound) -> None:
    """What every seating must keep, whatever the method."""
    present = [p for p in players if not p.absent]
    by_id = {p.id: p for p in players}
    seated = [i for t in tr.seatings for i in t] + ([tr.bye] if tr.bye is not None else [])
    assert sorted(seated) == sorted(p.id for p in present), "every present player, once"
    assert sorted(map(len, tr.seatings), reverse=True) == table_sizes(len(present), size)
    assert tr.bye == (present[0].id if len(present) == 1 else None)
    for t in tr.seatings:
        firsts = [by_id[i].first_seats for i in t]
        assert firsts == sorted(firsts), "fewest first seats sit first"
    tops = [max(by_id[i].score for i in t) for t in tr.seatings]
    assert tops == sorted(tops, reverse=True), "top tables first"


def partitions(items: list[int], sizes: list[int]) -> Iterator[list[list[int]]]:
    """Every way to split ``items`` into unordered tables of the given sizes."""
    if not items:
        yield []
        return
    head, rest = items[0], items[1:]
    for k in sorted(set(sizes)):
        left = list(sizes)
        left.remove(k)
        for mates in _combinations(rest, k - 1):
            others = [i for i in rest if i not in mates]
            for tail in partitions(others, left):
                yield [[head, *mates], *tail]


def _combinations(items: list[int], k: int) -> Iterator[list[int]]:
    if k == 0:
        yield []
        return
    for x in range(len(items) - k + 1):
        for tail in _combinations(items[x + 1 :], k - 1):
            yield [items[x], *tail]


def best_digits(problem: Problem) -> tuple[int, int, int]:
    return min(problem.digits(p) for p in partitions(list(range(problem.n)), problem.sizes))


@ROUNDS
@given(rounds())
def test_every_method_seats_everyone_once_at_the_rulings_sizes(
    case: tuple[list[TablePlayer], int],
) -> None:
    players, size = case
    for method in ("search", "greedy"):
        check_round(players, size, seat_tables(players, size, 2, 7, method=method))


@BRUTE
@given(rounds(max_players=10))
def test_no_repeat_while_avoidable_then_closest_scores_then_first_seats(
    case: tuple[list[TablePlayer], int],
) -> None:
    """The default seating is the best by the rulings' criteria in order, as brute force finds."""
    players, size = case
    tr = seat_tables(players, size, 3, 7)
    check_round(players, size, tr)
    present = [p for p in players if not p.absent]
    sizes = table_sizes(len(present), size)
    if not sizes:
        return
    problem = Problem(present, sizes)
    index = {pid: i for i, pid in enumerate(problem.ids)}
    chosen = [[index[i] for i in t] for t in tr.seatings]
    assert problem.digits(chosen) == best_digits(problem)
    assert tr.optimal


@BRUTE
@given(rounds(max_players=9))
def test_the_search_alone_avoids_repeats_when_brute_force_can(
    case: tuple[list[TablePlayer], int],
) -> None:
    players, size = case
    present = [p for p in players if not p.absent]
    sizes = table_sizes(len(present), size)
    if not sizes:
        return
    problem = Problem(present, sizes)
    fewest = min(problem.digits(p)[0] for p in partitions(list(range(problem.n)), sizes))
    tr = seat_tables(players, size, 3, 7, method="search")
    index = {pid: i for i, pid in enumerate(problem.ids)}
    chosen = [[index[i] for i in t] for t in tr.seatings]
    if fewest == 0:
        assert problem.digits(chosen)[0] == 0


@settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)
@given(rounds(max_players=30))
def test_the_default_and_cpsat_keep_the_rules_and_give_the_same_answer_twice(
    case: tuple[list[TablePlayer], int],
) -> None:
    players, size = case
    for method in ("auto", "cpsat"):
        tr = seat_tables(players, size, 2, 7, method=method)
        check_round(players, size, tr)
        assert seat_tables(players, size, 2, 7, method=method).seatings == tr.seatings
