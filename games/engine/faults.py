"""Raising ``IllegalAction`` with a message an arbiter can act on.

The checks in ``placing``, ``drawing`` and ``rules`` call these only once an action is found
illegal, so the messages may take their time (search the log, name the seats).
"""

from __future__ import annotations

from typing import Any, NoReturn

from .errors import IllegalAction
from .geometry import parse_cell
from .phases import to_move
from .position import Position
from .tiles import CODE_NAME, COLOURS, ORDERED, SUPPLY_BY_INDEX, TILE_KINDS, tile_name


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def fail(pos: Position, code: str, message: str) -> NoReturn:
    """Raise ``IllegalAction`` for the action about to be applied."""
    raise IllegalAction(code, pos.actions_applied, message)


def turn_problem(pos: Position, seat: int, what: str) -> NoReturn:
    """Raise NOT_YOUR_TURN for ``seat`` acting out of turn."""
    exp = to_move(pos)
    fail(
        pos,
        "NOT_YOUR_TURN",
        f"{pos.who(seat)} cannot {what} now: the next action is "
        f"{pos.who(exp) if exp is not None else 'nobody'}'s",
    )


def cell_index(pos: Position, name: Any, which: str) -> int:
    """The index of cell ``name`` (a value from a record); raises for anything else."""
    idx = pos.geo.index.get(name) if type(name) is str else None
    if idx is not None:
        return idx
    if type(name) is not str:
        fail(pos, "BAD_RECORD", f"the {which} cell must be a cell name such as H8, not {name!r}")
    try:
        parse_cell(name)
    except ValueError:
        fail(
            pos,
            "UNKNOWN_CELL",
            f"{name!r} is not a cell name (a row letter A-O and a number 1-15, e.g. H8)",
        )
    fail(
        pos,
        "OFF_BOARD",
        f"{name} is not on the board in use (radius {pos.radius}, {pos.geo.size} cells)",
    )


def occupied_message(pos: Position, idx: int) -> str:
    """What is on the occupied cell ``idx``: a start symbol, or which tile, ply and seat."""
    name = pos.geo.names[idx]
    ply = 0
    entry = None
    for e in pos.ply_log:
        ply += e[0] >= 0
        if idx in (e[2], e[3]):
            entry = e
            break
    if entry is None:
        return f"{name} is the {CODE_NAME[pos.board[idx]]} start symbol"
    seat, tile, _a, _b, ai = entry
    if seat < 0:
        return f"{name} is already taken by a {tile_name(tile)} tile (set up by hand)"
    return (
        f"{name} is already taken by a {tile_name(tile)} tile placed on ply {ply} "
        f"(action {ai}, {pos.who(seat)})"
    )


def not_tiles(pos: Position, what: str) -> NoReturn:
    fail(pos, "BAD_RECORD", f'the {what} must be a list of tiles such as ["RO", "GG"]')


def tiles_arg(pos: Position, tiles: Any, what: str) -> list[int]:
    """Kind indices of a list of tiles from a record; raises BAD_RECORD for anything else."""
    if type(tiles) is not list:
        not_tiles(pos, what)
    out = []
    for t in tiles:
        info = ORDERED.get(t) if type(t) is str else None
        if info is None:
            fail(
                pos,
                "BAD_RECORD",
                f"{t!r} in the {what} is not a tile (two colour letters from {COLOURS})",
            )
        out.append(info[2])
    return out


def exhausted(pos: Position, kind: int, n: int = 1) -> NoReturn:
    """Raise TILE_EXHAUSTED: the bag holds fewer than ``n`` tiles of ``kind``."""
    where = f"{pos.on_board[kind]} on the board, {sum(r[kind] for r in pos.rack)} on racks"
    if pos.swap_shown is not None and pos.swap_shown[kind]:
        where += f", {pos.swap_shown[kind]} set aside in the swap"
    fail(
        pos,
        "TILE_EXHAUSTED",
        f"the bag holds {pos.bag[kind]} {TILE_KINDS[kind]} "
        f"(of {SUPPLY_BY_INDEX[kind]}: {where}), "
        f"cannot draw {n}",
    )
