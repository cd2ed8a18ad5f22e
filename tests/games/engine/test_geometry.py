"""Board geometry and cell names (RULINGS: Board)."""

import pytest

from games.engine.game import Game
from games.engine.geometry import (
    DIRECTIONS,
    START_CELLS,
    board_cells,
    cell_name,
    distance,
    geometry,
    parse_cell,
)

from .helpers import expect_error, place


@pytest.mark.parametrize(("radius", "count"), [(5, 91), (6, 127), (7, 169)])
def test_cell_counts(radius: int, count: int) -> None:
    cells = board_cells(radius)
    assert len(cells) == count == len(set(cells))
    assert all(distance(*parse_cell(c)) <= radius for c in cells)


def test_names() -> None:
    assert cell_name(0, 0) == "H8"
    assert cell_name(0, -7) == "A8"
    assert cell_name(-7, 7) == "O1"
    assert cell_name(7, -7) == "A15"
    assert parse_cell("H8") == (0, 0)
    assert parse_cell("C13") == (5, -5)
    for name in board_cells(7):
        assert cell_name(*parse_cell(name)) == name
    for bad in ("", "H", "H0", "H16", "P8", "h8", "H08", "8H", "H 8", "HH8"):
        with pytest.raises(ValueError):
            parse_cell(bad)


def test_start_cells() -> None:
    assert START_CELLS == {
        "R": "C8",
        "G": "C13",
        "B": "H13",
        "O": "M8",
        "Y": "M3",
        "P": "H3",
    }
    for name in START_CELLS.values():
        assert distance(*parse_cell(name)) == 5
        for radius in (5, 6, 7):
            assert name in board_cells(radius)


def test_board_sizes_by_player_count() -> None:
    assert Game.new("solitaire").radius == 5
    assert Game.new("mso").radius == 5
    assert Game.new("standard", 2).radius == 5
    assert Game.new("standard", 3).radius == 6
    assert Game.new("standard", 4).radius == 7
    assert Game.new("partnership").radius == 7
    assert len(Game.new("standard", 3).cells_in_use()) == 127


def test_neighbours_and_lines() -> None:
    for radius in (5, 6, 7):
        geo = geometry(radius)
        assert geometry(radius) is geo  # computed once
        for i, (q, r) in enumerate(geo.coords):
            expected = {
                geo.index[cell_name(q + dq, r + dr)]
                for dq, dr in DIRECTIONS
                if distance(q + dq, r + dr) <= radius
            }
            assert set(geo.neighbours[i]) == expected
            for j in geo.neighbours[i]:
                assert i in geo.neighbours[j]
                lines = geo.scoring_lines[i][j]
                assert len([ln for ln in geo.lines[i] if ln]) - 1 == len(lines)
                assert all(ln[0] != j for ln in lines)
    centre = geometry(5).index["H8"]
    assert [len(ln) for ln in geometry(5).lines[centre]] == [5] * 6


def test_start_cells_are_occupied_by_their_colour() -> None:
    g = Game.new("mso")
    cells = g.cells()
    assert {n: c["colour"] for n, c in cells.items()} == {v: k for k, v in START_CELLS.items()}
    err = expect_error(g, place(0, "PP", "H3", "H4"), "CELL_OCCUPIED")
    assert "purple start symbol" in err.message


def test_unknown_cell_and_off_board() -> None:
    g = Game.new("mso")
    expect_error(g, place(0, "RO", "Z9", "C9"), "UNKNOWN_CELL")
    expect_error(g, place(0, "RO", "C9", "h8"), "UNKNOWN_CELL")
    expect_error(g, place(0, "RO", "C9", "H16"), "UNKNOWN_CELL")
    # names of the full board, outside the radius-5 board in use
    expect_error(g, place(0, "RO", "A8", "B8"), "OFF_BOARD")
    expect_error(g, place(0, "RO", "C9", "B9"), "OFF_BOARD")
    expect_error(g, place(0, "RO", "A1", "A2"), "OFF_BOARD")
    g4 = Game.new("standard", 4)
    g4.apply(place(0, "RO", "B8", "B9"))  # on the radius-7 board B8 exists (touches red)
