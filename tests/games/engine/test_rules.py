"""Rules of play: placement rules, turns, swaps, draws, flags, game end, and every error code."""

import pytest

from games.engine.errors import CODES, IllegalAction
from games.engine.game import Game
from games.engine.geometry import DIRECTIONS, parse_cell
from games.engine.randomgame import random_game
from games.engine.replaying import replay
from games.engine.rulesets import make_ruleset

from .helpers import draw, expect_error, first_round, flag, place, swap

RACK_A = ("RO", "GG", "BB", "YY", "PP", "RR")
RACK_B = ("RO", "GB", "BY", "YP", "OO", "GG")


def full_mso() -> Game:
    g = Game.new("mso", mode="full", names=["Ada", "Alan"])
    g.apply(draw(0, *RACK_A))
    g.apply(draw(1, *RACK_B))
    return g


# ---------------------------------------------------------------- placement rules


def test_first_round_rule_standard() -> None:
    g = Game.new("standard", 3)
    err = expect_error(g, place(0, "RO", "H8", "H9"), "PLACEMENT_RULE")
    assert "start symbol" in err.message
    g.apply(place(0, "GY", "H4", "G4"))  # touches purple
    # seat 1 may not use the purple symbol too, even from another side
    expect_error(g, place(1, "GY", "I3", "I4"), "PLACEMENT_RULE")
    g.apply(place(1, "GY", "C9", "D8"))  # touches red
    expect_error(g, place(2, "RR", "H8", "H9"), "PLACEMENT_RULE")
    g.apply(place(2, "GY", "M9", "L9"))  # touches orange (M8)
    # after the first round a tile may go anywhere, touching nothing
    g.apply(place(0, "RO", "H8", "H9"))
    g.apply(place(1, "RO", "K5", "K6"))


def test_first_round_rule_override_in_mso() -> None:
    g = Game.new(make_ruleset("mso", placement_rule="first-round"))
    expect_error(g, place(0, "RO", "H8", "H9"), "PLACEMENT_RULE")
    g.apply(place(0, "GY", "H4", "G4"))
    expect_error(g, place(1, "GY", "I3", "I4"), "PLACEMENT_RULE")


def test_touch_rule_mso() -> None:
    g = Game.new("mso")
    err = expect_error(g, place(0, "RO", "H8", "H9"), "PLACEMENT_RULE")
    assert "touch" in err.message
    g.apply(place(0, "GY", "H4", "H5"))  # touches the purple symbol
    g.apply(place(1, "GY", "H6", "H7"))  # touches the tile on H5
    g.apply(place(0, "RO", "H8", "H9"))  # touches H7
    expect_error(g, place(1, "RO", "F10", "F11"), "PLACEMENT_RULE")


def test_cells_must_be_empty_and_adjacent() -> None:
    g = Game.new("mso", names=["Ada", "Alan"])
    g.apply(place(0, "RO", "C9", "D9"))
    err = expect_error(g, place(1, "GG", "D9", "E9"), "CELL_OCCUPIED")
    assert err.message.startswith("D9 is already taken by a red/orange tile placed on ply 1")
    assert "Ada" in err.message
    expect_error(g, place(1, "GG", "E9", "E9"), "NOT_ADJACENT")
    expect_error(g, place(1, "GG", "E9", "E11"), "NOT_ADJACENT")
    expect_error(g, place(1, "GG", "C8", "D8"), "CELL_OCCUPIED")  # the red start symbol


# ---------------------------------------------------------------- turns


def test_turn_order_board_mode() -> None:
    g = Game.new("mso")
    assert g.to_move == 0
    err = expect_error(g, place(1, "RO", "C9", "D9"), "NOT_YOUR_TURN")
    assert "seat 0" in err.message
    g.apply(place(0, "RO", "C9", "D9"))
    assert g.to_move == 1 and g.turn_seat == 0 and g.swap_seat == 0
    expect_error(g, place(0, "GG", "E9", "E10"), "NOT_YOUR_TURN")  # no bonus owed
    g.apply(place(1, "GG", "E9", "E10"))
    assert g.to_move == 0 and g.plies == 2 and g.actions_applied == 2


def test_turn_order_full_mode() -> None:
    g = Game.new("mso", mode="full")
    expect_error(g, draw(1, *RACK_B), "NOT_YOUR_TURN")
    expect_error(g, place(0, "RO", "C9", "D9"), "DRAW_MISMATCH")
    expect_error(g, draw(0, *RACK_A[:5]), "DRAW_MISMATCH")
    g.apply(draw(0, *RACK_A))
    g.apply(draw(1, *RACK_B))
    expect_error(g, draw(0, "OO"), "DRAW_MISMATCH")  # place first
    g.apply(place(0, "RO", "C9", "D9"))
    assert g.to_move == 0  # the refill draw is due
    expect_error(g, place(1, "RO", "E9", "E10"), "NOT_YOUR_TURN")
    expect_error(g, place(0, "GG", "E9", "E10"), "NOT_YOUR_TURN")
    expect_error(g, draw(0, "OO", "OY"), "DRAW_MISMATCH")
    expect_error(g, draw(1, "OO"), "NOT_YOUR_TURN")
    g.apply(draw(0, "OO"))
    assert g.to_move == 1


def test_tile_must_be_on_the_rack_full_mode() -> None:
    g = full_mso()
    err = expect_error(g, place(0, "OY", "C9", "D9"), "TILE_NOT_IN_RACK")
    assert "OY" in err.message
    g.apply(place(0, "OR", "C9", "D9"))  # OR is the RO kind
    assert "RO" not in g.racks[0]


def test_draws_only_from_the_bag() -> None:
    g = Game.new("mso", mode="full")
    g.apply(draw(0, "BB", "BB", "BB", "BB", "BB", "RO"))
    err = expect_error(g, draw(1, "BB", "GG", "GG", "GG", "GG", "GG"), "TILE_EXHAUSTED")
    assert "BB" in err.message
    g.apply(draw(1, "GG", "GG", "GG", "GG", "GG", "RO"))
    assert g.unseen()["BB"] == 0 and g.unseen()["RO"] == 4


def test_board_mode_supply() -> None:
    g = Game.new("mso")
    for cells in (["F7", "F8"], ["F9", "F10"], ["G6", "G7"], ["J6", "J7"], ["J9", "J10"]):
        g.put("BB", cells)
    err = expect_error(g, place(0, "BB", "C9", "D9"), "TILE_EXHAUSTED")
    assert "all 5 BB" in err.message
    assert g.unseen()["BB"] == 0


def test_bad_records() -> None:
    g = Game.new("mso")
    for action in (
        {"type": "pass", "player": 0},
        {"type": "place", "player": 2, "tile": "RO", "cells": ["C9", "D9"]},
        {"type": "place", "player": "0", "tile": "RO", "cells": ["C9", "D9"]},
        {"type": "place", "tile": "RO", "cells": ["C9", "D9"]},
        place(0, "RX", "C9", "D9"),
        place(0, "ro", "C9", "D9"),
        {"type": "place", "player": 0, "tile": "RO", "cells": ["C9"]},
        {"type": "place", "player": 0, "tile": "RO", "cells": "C9 D9"},
        draw(0, "RO"),  # no draws in board mode
        ["place"],
    ):
        expect_error(g, action, "BAD_RECORD")  # type: ignore[arg-type]
    expect_error(Game.new("standard"), flag(0), "BAD_RECORD")  # no clock in the standard game


# ---------------------------------------------------------------- swaps


def test_swap_eligibility_with_tied_lowest_colours() -> None:
    g = Game.new("mso")
    for c, v in zip("RGBOYP", (2, 2, 5, 5, 5, 5), strict=True):
        g.set_score(0, c, v)
    g.apply(place(0, "YY", "C9", "D9"))  # scores nothing
    assert g.scores[0] == [2, 2, 5, 5, 5, 5]
    # green is tied lowest with red: a green tile forbids the swap
    err = expect_error(g, swap(0, "BB", "YY", "OP", "GY", "BO"), "SWAP_NOT_ALLOWED")
    assert "red 2, green 2" in err.message
    expect_error(g, swap(0, "BB", "YY", "OP", "RY", "BO"), "SWAP_NOT_ALLOWED")
    assert g.may_swap(0, ["BB", "YY", "OP", "PY", "BO"])
    assert not g.may_swap(0, ["BB", "YY", "OP", "PY", "BG"])
    assert not g.may_swap(1, ["BB", "YY", "OP", "PY", "BO"])
    g.apply(swap(0, "BB", "YY", "OP", "PY", "BO"))
    assert g.to_move == 1 and g.swap_seat is None


def test_swap_shown_rack_must_be_plausible_board_mode() -> None:
    g = Game.new("mso")
    g.set_score(0, "B", 1)
    g.set_score(0, "Y", 1)
    g.set_score(0, "O", 1)
    g.set_score(0, "P", 1)  # lowest: red and green
    g.apply(place(0, "YY", "C9", "D9"))
    expect_error(g, swap(0, "BB", "YY", "OP", "PY"), "SWAP_NOT_ALLOWED")  # 5 tiles are left
    expect_error(g, swap(0, "BB", "YY", "OP", "PY", "BO", "BO"), "SWAP_NOT_ALLOWED")
    for cells in (["F7", "F8"], ["F9", "F10"], ["G6", "G7"], ["J6", "J7"]):
        g.put("BB", cells)
    # four BB on the board, one left: a rack cannot show two
    expect_error(g, swap(0, "BB", "BB", "YP", "PY", "YY"), "TILE_EXHAUSTED")
    g.apply(swap(0, "BB", "YP", "PY", "YY", "OB"))


def test_swap_timing() -> None:
    g = Game.new("mso")
    expect_error(g, swap(0, *RACK_B), "SWAP_NOT_ALLOWED")  # place first
    g.apply(place(0, "YY", "C9", "D9"))
    err = expect_error(g, swap(1, "BB", "YY", "OP", "PY", "BO"), "NOT_YOUR_TURN")
    # seat 1 is the next to place, but the swap belongs to seat 0's turn
    assert "turn just ended is seat 0's" in err.message
    g.apply(place(1, "YY", "H4", "H5"))
    err = expect_error(g, swap(0, "BB", "YY", "OP", "PY", "BO"), "NOT_YOUR_TURN")  # too late
    assert "turn just ended is seat 1's" in err.message
    sol = Game.new("solitaire")
    sol.apply(place(0, "GY", "C9", "D8"))
    expect_error(sol, swap(0), "SWAP_NOT_ALLOWED")


def test_swap_full_mode() -> None:
    g = full_mso()  # seat 0 holds RO GG BB YY PP RR; all colours are at 0
    g.apply(place(0, "RO", "C9", "D9"))
    expect_error(g, swap(0, "GG", "BB", "YY", "PP", "RR"), "SWAP_NOT_ALLOWED")  # all lowest
    for c in "RGBOYP":
        g.set_score(0, c, 5)
    g.set_score(0, "O", 1)
    expect_error(g, swap(0, "GG", "BB", "YY", "PP"), "SWAP_NOT_ALLOWED")  # the whole rack
    expect_error(g, swap(0, "GG", "BB", "YY", "PP", "OO"), "TILE_NOT_IN_RACK")
    g.apply(swap(0, "GG", "BB", "YY", "PP", "RR"))
    assert g.racks[0] == []
    expect_error(g, swap(0), "SWAP_NOT_ALLOWED")  # once
    expect_error(g, draw(0, "OO"), "DRAW_MISMATCH")  # a new rack of six
    # the shown tiles are set aside: they cannot come back in this draw
    before = g.unseen()["PP"]
    expect_error(g, draw(0, "RR", "RR", "RR", "RR", "RR", "OO"), "TILE_EXHAUSTED")
    g.apply(draw(0, "OO", "OO", "OY", "OY", "OP", "OG"))
    assert g.unseen()["PP"] == before and g.to_move == 1
    assert sorted(g.racks[0]) == ["GO", "OO", "OO", "OP", "OY", "OY"]


# ---------------------------------------------------------------- flags and game end


def test_flag_fall() -> None:
    g = Game.new("mso")
    g.apply(place(0, "YY", "C9", "D9"))
    g.apply(flag(1))
    assert g.flagged == {1} and g.to_move == 0 and not g.over
    expect_error(g, place(1, "GG", "E9", "E10"), "NOT_YOUR_TURN")
    expect_error(g, flag(1), "NOT_YOUR_TURN")
    g.apply(place(0, "GG", "E9", "E10"))
    assert g.to_move == 0
    g.apply(place(0, "BB", "E11", "F11"))
    g.set_score(0, "R", 1)  # 0-0-0-0-0-1 beats 0-0-0-0-0-0
    g.apply(flag(0))
    assert g.over and g.to_move is None
    assert g.winner == 0
    expect_error(g, place(0, "RR", "K8", "K9"), "GAME_OVER")


def test_flag_ends_turn_with_bonus_owed() -> None:
    g = full_mso()
    g.set_score(0, "R", 17)
    g.put("RR", ["H6", "H7"])
    g.apply(place(0, "RO", "H8", "H9"))
    assert g.bonus_owed == 1
    g.apply(flag(0))
    assert g.to_move == 1 and g.bonus_owed == 0
    g.apply(place(1, "GG", "I8", "I9"))
    g.apply(draw(1, "RR"))
    assert g.to_move == 1


def test_game_ends_when_no_two_adjacent_empty_cells_remain() -> None:
    record = random_game("mso", "board", seed=5)
    g = replay(record)
    assert g.over and g.to_move is None
    occupied = set(g.cells())
    for name in g.cells_in_use():
        if name in occupied:
            continue
        q, r = parse_cell(name)
        for dq, dr in DIRECTIONS:
            from games.engine.geometry import cell_name

            try:
                other = cell_name(q + dq, r + dr)
            except ValueError:
                continue
            assert other not in g.cells_in_use() or other in occupied
    assert g.legal_placements() == []
    expect_error(g, place(g.turn_seat or 0, "RO", "H8", "H9"), "GAME_OVER")
    expect_error(g, flag(0), "GAME_OVER")


def test_every_error_code_is_covered() -> None:
    # (each code is exercised above; this guards the list itself)
    assert set(CODES) == {
        "BAD_RECORD", "UNKNOWN_CELL", "OFF_BOARD", "CELL_OCCUPIED", "NOT_ADJACENT",
        "PLACEMENT_RULE", "TILE_NOT_IN_RACK", "TILE_EXHAUSTED", "NOT_YOUR_TURN",
        "SWAP_NOT_ALLOWED", "DRAW_MISMATCH", "GAME_OVER",
    }  # fmt: skip
    err = IllegalAction("GAME_OVER", 3, "the game is over")
    assert (err.code, err.index, err.message) == ("GAME_OVER", 3, "the game is over")
    assert err.as_dict() == {"index": 3, "code": "GAME_OVER", "message": "the game is over"}


# ---------------------------------------------------------------- move generation and views


def test_legal_placements() -> None:
    g = Game.new("mso")
    moves = g.legal_placements(["RO", "GG"])
    assert moves and all(m["player"] == 0 for m in moves)
    assert {m["tile"] for m in moves} == {"RO", "OR", "GG"}
    for m in moves:
        g.copy().apply(m)
    # each touches a start symbol: the only thing on the board
    assert len({tuple(sorted(m["cells"])) for m in moves}) == len(moves) // 3
    full = full_mso()
    assert {m["tile"] for m in full.legal_placements()} == {
        "RO", "OR", "GG", "BB", "YY", "PP", "RR",
    }  # fmt: skip
    part = Game.new("partnership")
    first_round(part)
    both = part.legal_placements(["RR"])
    assert len(both) == 2 * len({tuple(sorted(m["cells"])) for m in both})


def test_views() -> None:
    g = full_mso()
    g.apply(place(0, "RO", "C9", "D9"))
    cells = g.cells()
    assert cells["C9"] == {"colour": "R", "ply": 1, "seat": 0, "other": "D9", "start": False}
    assert cells["C8"]["start"] and cells["C8"]["colour"] == "R"
    assert g.racks is not None and len(g.racks[0]) == 5
    assert Game.new("mso").racks is None
    c = g.copy()
    c.apply(draw(0, "OO"))
    assert g.to_move == 0 and c.to_move == 1
    assert g.unseen()["OO"] == 4 and c.unseen()["OO"] == 3


@pytest.mark.parametrize("ruleset", ["standard", "mso", "partnership", "solitaire"])
def test_new_accepts_names(ruleset: str) -> None:
    g = Game.new(ruleset)
    assert g.to_move == 0 and not g.over and g.winner is None
