"""Swiss for tables of 3 and 4: table sizes, the criteria in the rulings' order, reasons, errors."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tournament.pairing.tables import seat_tables
from tournament.pairing.tables_cost import Problem
from tournament.pairing.tables_cpsat import cpsat_seating
from tournament.pairing.tables_model import TableError, TablePlayer, table_sizes
from tournament.pairing.tables_search import fill, search_seating

ROOT = Path(__file__).resolve().parents[3]


def field(n: int, **kw: object) -> list[TablePlayer]:
    return [TablePlayer(id=i, rank=i, **kw) for i in range(1, n + 1)]  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("players", "size", "sizes"),
    [
        (0, 4, []),
        (1, 4, []),
        (2, 4, [2]),
        (3, 4, [3]),
        (4, 4, [4]),
        (5, 4, [3, 2]),
        (6, 4, [3, 3]),
        (7, 4, [4, 3]),
        (8, 4, [4, 4]),
        (9, 4, [3, 3, 3]),
        (10, 4, [4, 3, 3]),
        (13, 4, [4, 3, 3, 3]),
        (400, 4, [4] * 100),
        (1, 3, []),
        (2, 3, [2]),
        (4, 3, [2, 2]),
        (5, 3, [3, 2]),
        (7, 3, [3, 2, 2]),
        (9, 3, [3, 3, 3]),
        (10, 3, [3, 3, 2, 2]),
        (11, 3, [3, 3, 3, 2]),
    ],
)
def test_table_sizes_follow_the_rulings(players: int, size: int, sizes: list[int]) -> None:
    assert table_sizes(players, size) == sizes


@pytest.mark.parametrize("size", [3, 4])
def test_table_sizes_mix_only_the_next_size_down_and_use_fewest_tables(size: int) -> None:
    for n in range(2, 200):
        sizes = table_sizes(n, size)
        assert sum(sizes) == n
        # Fewest tables: one table fewer cannot hold the field at this size.
        assert (len(sizes) - 1) * size < n
        if n >= 3 * size - 3 or n % size == 0:
            assert set(sizes) <= {size, size - 1}, (n, sizes)
        assert min(sizes) >= 2


def test_table_sizes_refuse_a_size_the_rulings_do_not_have() -> None:
    with pytest.raises(TableError) as err:
        table_sizes(10, 5)
    assert err.value.field == "size"


def test_ten_players_at_tables_of_four_sit_four_three_three() -> None:
    tr = seat_tables(field(10), 4, 1, 3)
    assert sorted(map(len, tr.seatings), reverse=True) == [4, 3, 3]
    assert sorted(i for t in tr.seatings for i in t) == list(range(1, 11))
    assert [t.number for t in tr.tables] == [1, 2, 3]


def test_absent_players_are_left_out_and_said() -> None:
    players = field(9)
    players[4] = TablePlayer(5, rank=5, absent=True)
    tr = seat_tables(players, 4, 2, 5)
    assert 5 not in [i for t in tr.seatings for i in t]
    assert sorted(map(len, tr.seatings), reverse=True) == [4, 4]
    assert tr.absent == [5]
    assert any("absent" in n and "5" in n for n in map(str, tr.notes))


def test_a_single_player_present_gets_the_bye_and_no_table() -> None:
    tr = seat_tables([TablePlayer(3, absent=True), TablePlayer(8)], 3, 1, 1)
    assert tr.tables == [] and tr.bye == 8
    assert any("bye" in n for n in map(str, tr.notes))


def test_scores_at_a_table_are_as_close_as_possible() -> None:
    scores = [3, 0, 3, 0, 3, 0, 3, 0]
    players = [TablePlayer(i + 1, s, rank=i + 1) for i, s in enumerate(scores)]
    for method in ("auto", "cpsat", "search"):
        tr = seat_tables(players, 4, 4, 7, method=method)
        assert [sorted(t) for t in tr.seatings] == [[1, 3, 5, 7], [2, 4, 6, 8]], method


def test_a_repeat_is_avoided_when_a_seating_avoids_it() -> None:
    # 1 met 2 and 3 met 4; in plain score order (the baseline) they would share a table again.
    mates = {1: (2,), 2: (1,), 3: (4,), 4: (3,)}
    players = [TablePlayer(i, 8 - i, mates.get(i, ()), rank=i) for i in range(1, 9)]
    baseline = seat_tables(players, 4, 2, 5, method="greedy")
    assert sorted(baseline.seatings[0]) == [1, 2, 3, 4]
    assert "2 repeated" in str(baseline.notes[-1])
    for method in ("auto", "cpsat", "search"):
        tr = seat_tables(players, 4, 2, 5, method=method)
        for t in tr.seatings:
            assert not {1, 2} <= set(t) and not {3, 4} <= set(t), method
        assert all("no earlier table-mates" in t.reason for t in tr.tables)
        assert "0 repeated" in str(tr.notes[-1])


@pytest.mark.parametrize(
    ("mates", "n", "size"),
    [
        # Two tables: the way out takes two players of one table to the other together.
        ({1: (2, 3, 4), 2: (1,), 3: (1,), 4: (1,)}, 5, 3),
        # ... or three (1 and 7 must join 3 at the table of three).
        ({1: (2,), 2: (1,), 3: (4, 5, 6), 4: (3,), 5: (3,), 6: (3,)}, 7, 4),
    ],
)
def test_the_search_alone_frees_a_repeat_that_swaps_cannot(
    mates: dict[int, tuple[int, ...]], n: int, size: int
) -> None:
    players = [TablePlayer(i, 0.0, mates.get(i, ()), rank=i) for i in range(1, n + 1)]
    tr = seat_tables(players, size, 3, 7, method="search")
    for t in tr.seatings:
        assert not any(j in t for i in t for j in mates.get(i, ())), tr.seatings
    assert "0 repeated" in str(tr.notes[-1])


def test_an_unavoidable_repeat_is_seated_and_the_reason_says_so() -> None:
    players = [
        TablePlayer(i, 1.0, tuple(j for j in (1, 2, 3) if j != i), rank=i) for i in (1, 2, 3)
    ]
    tr = seat_tables(players, 3, 2, 3)
    assert [sorted(t) for t in tr.seatings] == [[1, 2, 3]]
    assert tr.optimal
    assert "met before: 1 and 2 (1x before)" in tr.tables[0].reason
    assert "no seating has fewer repeats" in tr.tables[0].reason


def test_the_fewest_first_seats_moves_first_and_ties_go_by_rank() -> None:
    players = [
        TablePlayer(10, 1.0, first_seats=2, rank=1),
        TablePlayer(11, 1.0, first_seats=0, rank=3),
        TablePlayer(12, 1.0, first_seats=1, rank=2),
        TablePlayer(13, 1.0, first_seats=0, rank=4),
    ]
    tr = seat_tables(players, 4, 3, 5)
    assert tr.seatings == [(11, 13, 12, 10)]
    assert "11 sits first (0 first seats before)" in tr.tables[0].reason


def test_players_due_a_first_seat_are_spread_over_the_tables() -> None:
    # Equal scores, nobody met: the two players who never sat first go to different tables.
    players = [
        TablePlayer(i, 1.0, first_seats=0 if i in (1, 2) else 1, rank=i) for i in range(1, 9)
    ]
    tr = seat_tables(players, 4, 2, 3)
    assert sorted(t[0] for t in tr.seatings) == [1, 2]


def test_top_tables_come_first() -> None:
    players = [TablePlayer(i, float(i % 4), rank=i) for i in range(1, 13)]
    tr = seat_tables(players, 3, 2, 4)
    tops = [max(players[i - 1].score for i in t) for t in tr.seatings]
    assert tops == sorted(tops, reverse=True)


def test_same_input_same_tables() -> None:
    players = [
        TablePlayer(
            i, float((i * 7) % 5), tuple(((i + d) % 40) + 1 for d in (1, 2, 3)), i % 3, rank=i
        )
        for i in range(1, 41)
    ]
    first = seat_tables(players, 4, 2, 7)
    again = seat_tables(list(reversed(players)), 4, 2, 7)
    assert first.seatings == again.seatings
    assert [t.reason for t in first.tables] == [t.reason for t in again.tables]


def test_met_lists_that_disagree_count_the_larger() -> None:
    players = [TablePlayer(1, met=(2, 2)), TablePlayer(2, met=(1,)), TablePlayer(3)]
    problem = Problem(players, [3])
    assert problem.met[0][1] == 2 and problem.met[1][0] == 2


def test_cpsat_never_returns_worse_than_its_hint() -> None:
    players = [
        TablePlayer(i, float(i // 3), tuple(j for j in range(1, 13) if (i + j) % 5 == 0), rank=i)
        for i in range(1, 13)
    ]
    problem = Problem(players, table_sizes(12, 4))
    hint = search_seating(problem)
    answer = cpsat_seating(problem, hint=hint)
    assert answer is not None and answer.complete
    assert problem.digits(answer.slots) <= problem.digits(hint)
    # Without time to search, the hint itself comes back.
    quick = cpsat_seating(problem, hint=fill(problem), deterministic_time=1e-9)
    assert quick is not None
    assert problem.digits(quick.slots) <= problem.digits(fill(problem))


@pytest.mark.parametrize(
    ("players", "kwargs", "field_name"),
    [
        (field(8), {"size": 5}, "size"),
        (field(8), {"size": 4, "round_number": 0}, "round"),
        (field(8), {"size": 4, "round_number": 4, "total_rounds": 3}, "rounds"),
        ([TablePlayer(1), TablePlayer(1)], {"size": 4}, "players[1].id"),
        ([TablePlayer(1, score=float("nan"))], {"size": 4}, "players[0].score"),
        ([TablePlayer(1, first_seats=-1)], {"size": 4}, "players[0].first_seats"),
        (field(8), {"size": 4, "method": "magic"}, "method"),
    ],
)
def test_bad_input_is_refused_naming_the_field(
    players: list[TablePlayer], kwargs: dict[str, object], field_name: str
) -> None:
    args = {"round_number": 1, "total_rounds": 3, **kwargs}
    with pytest.raises(TableError) as err:
        seat_tables(players, **args)  # type: ignore[arg-type]
    assert err.value.field == field_name
    assert str(err.value).startswith(field_name + ": ")


def test_a_large_round_seats_everyone_once_without_repeats() -> None:
    n = 400
    players = [
        TablePlayer(
            i,
            float((i * 37) % 9) / 2,
            tuple(((i + d * 101) % n) + 1 for d in (1, 2, 3)),
            i % 2,
            rank=i,
        )
        for i in range(1, n + 1)
    ]
    tr = seat_tables(players, 4, 2, 7)
    seated = [i for t in tr.seatings for i in t]
    assert sorted(seated) == list(range(1, n + 1))
    assert "0 repeated" in str(tr.notes[-1])


def test_the_package_and_its_table_modules_start_without_ortools() -> None:
    code = (
        "import sys\n"
        "import tournament.pairing, tournament.pairing.tables, tournament.pairing.tables_cli\n"
        "from tournament.pairing.tables import seat_tables\n"
        "from tournament.pairing.tables_model import TablePlayer\n"
        "seat_tables([TablePlayer(i) for i in range(9)], 4, 1, 1, method='search')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('ortools', 'django')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_reasons_write_scores_of_tables_of_three_and_four_as_fractions() -> None:
    players = [TablePlayer(1, 5 / 3), TablePlayer(2, 1.5), TablePlayer(3, 1 / 3)]
    tr = seat_tables(players, 3, 3, 5)
    assert tr.tables[0].reason.startswith("scores 1 2/3 to 1/3; no earlier table-mates")
    assert "score spread 1 1/3 over the tables" in str(tr.notes[-1])
