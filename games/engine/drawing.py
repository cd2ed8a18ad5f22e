"""The rack actions: ``draw`` (full mode: tiles from the bag) and ``swap`` (show the rack, set it
aside, draw a new one).

Each action is checked first, then applied by a ``commit_*`` function, which random playouts
also call directly with moves they know to be legal.
"""

from __future__ import annotations

from typing import Any

from .faults import exhausted, fail, not_tiles, plural, tiles_arg, turn_problem
from .phases import after_draw, begin_turn_after, to_move
from .position import OVER, PLACE, POST, SETUP, SWAP_DRAW, Position
from .tiles import CODE_NAME, KIND_CODES, ORDERED, SUPPLY_BY_INDEX, TILE_KINDS


def draw(pos: Position, action: dict[str, Any], p: int) -> None:
    """Check ``p``'s ``draw`` action, then apply it."""
    if not pos.full:
        fail(pos, "BAD_RECORD", "a board-mode record has no draw actions")
    ph = pos.phase
    if ph == OVER:
        fail(pos, "GAME_OVER", "the game is over: no more draws")
    if ph == SETUP:
        if p != pos.setup_next:
            turn_problem(pos, p, "draw")
        want = min(pos.rack_size, pos.bag_total)
        why = "a first rack"
    elif p != pos.turn:
        turn_problem(pos, p, "draw")
    elif ph == PLACE:
        if pos.placed_turn:
            fail(
                pos,
                "DRAW_MISMATCH",
                f"{pos.who(p)} owes {plural(pos.owed, 'bonus placement')}"
                ": the rack is not refilled until they are made",
            )
        fail(pos, "DRAW_MISMATCH", f"{pos.who(p)} must place a tile before drawing")
    elif ph == SWAP_DRAW:
        want = min(pos.rack_size, pos.bag_total)
        why = "a new rack after the swap"
    else:
        want = pos.rack_size - pos.rack_len[p]
        if want > pos.bag_total:
            want = pos.bag_total
        why = "back up to a full rack"
    tiles = action.get("tiles")
    if type(tiles) is not list:
        not_tiles(pos, "draw")
    if len(tiles) != want:
        tiles_arg(pos, tiles, "draw")
        fail(
            pos,
            "DRAW_MISMATCH",
            f"{pos.who(p)} draws {plural(want, 'tile')} ({why}), not {len(tiles)}",
        )
    bag = pos.bag
    rack = pos.rack[p]
    if want == 1:
        info = ORDERED.get(tiles[0]) if type(tiles[0]) is str else None
        k = info[2] if info is not None else tiles_arg(pos, tiles, "draw")[0]  # (that raises)
        if not bag[k]:
            exhausted(pos, k)
        bag[k] -= 1
        rack[k] += 1
    elif want:
        kinds = tiles_arg(pos, tiles, "draw")
        need: dict[int, int] = {}
        for k in kinds:
            need[k] = need.get(k, 0) + 1
        for k, n in need.items():
            if bag[k] < n:
                exhausted(pos, k, n)
        for k in kinds:
            bag[k] -= 1
            rack[k] += 1
    pos.bag_total -= want
    pos.rack_len[p] += want
    if ph == SWAP_DRAW:
        _return_shown(pos)
    after_draw(pos, p, ph)


def commit_draw(pos: Position, p: int, kinds: list[int]) -> None:
    """Move checked tiles (kind indices) from the bag to ``p``'s rack (trusted)."""
    bag = pos.bag
    rack = pos.rack[p]
    for k in kinds:
        bag[k] -= 1
        rack[k] += 1
    pos.bag_total -= len(kinds)
    pos.rack_len[p] += len(kinds)
    ph = pos.phase
    if ph == SWAP_DRAW:
        _return_shown(pos)
    after_draw(pos, p, ph)


def _return_shown(pos: Position) -> None:
    """After the new rack is drawn, the tiles set aside in a swap go back into the bag."""
    shown = pos.swap_shown
    assert shown is not None
    bag = pos.bag
    for k, n in enumerate(shown):
        bag[k] += n
    pos.bag_total += sum(shown)
    pos.swap_shown = None


def swap(pos: Position, action: dict[str, Any], p: int) -> None:
    """Check ``p``'s ``swap`` action (timing, the rack shown, no lowest colour on it), then
    apply it."""
    ph = pos.phase
    if ph == OVER:
        fail(pos, "GAME_OVER", "the game is over: no swap")
    if not pos.ruleset.swap_allowed:
        fail(pos, "SWAP_NOT_ALLOWED", f"the {pos.ruleset.name} ruleset has no swaps")
    if ph == SETUP or p != pos.turn:
        if ph == POST and p == to_move(pos):
            # board mode: p is the next to place; the swap belonged to the turn just ended
            fail(
                pos,
                "NOT_YOUR_TURN",
                f"{pos.who(p)} cannot swap now: a swap ends a turn, after its "
                f"placements, and the turn just ended is {pos.who(pos.turn)}'s",
            )
        turn_problem(pos, p, "swap")
    if ph == PLACE:
        if pos.placed_turn:
            fail(
                pos,
                "SWAP_NOT_ALLOWED",
                f"{pos.who(p)} must first make the bonus placement(s) owed",
            )
        fail(pos, "SWAP_NOT_ALLOWED", "a swap comes after the turn's placement")
    if ph == SWAP_DRAW:
        fail(pos, "SWAP_NOT_ALLOWED", f"{pos.who(p)} has already swapped this turn")
    kinds = tiles_arg(pos, action.get("rack"), "rack shown")
    counts = [0] * len(TILE_KINDS)
    for k in kinds:
        counts[k] += 1
    if pos.full:
        held = pos.rack[p]
        for k in kinds:
            if counts[k] > held[k]:
                fail(
                    pos,
                    "TILE_NOT_IN_RACK",
                    f"{pos.who(p)} shows {TILE_KINDS[k]} but holds {held[k]} of them",
                )
        if len(kinds) != pos.rack_len[p]:
            fail(
                pos,
                "SWAP_NOT_ALLOWED",
                f"a swap shows the whole rack: {pos.who(p)} holds "
                f"{plural(pos.rack_len[p], 'tile')}, "
                f"not {len(kinds)}",
            )
    else:
        size = pos.rack_size - pos.placed_turn
        if len(kinds) != size:
            fail(
                pos,
                "SWAP_NOT_ALLOWED",
                f"a swap shows the whole rack: after "
                f"{plural(pos.placed_turn, 'placement')} "
                f"{pos.who(p)} holds {plural(size, 'tile')}, "
                f"not {len(kinds)}",
            )
        for k in kinds:
            if counts[k] + pos.on_board[k] > SUPPLY_BY_INDEX[k]:
                fail(
                    pos,
                    "TILE_EXHAUSTED",
                    f"the rack shown has {counts[k]} "
                    f"{TILE_KINDS[k]} but only "
                    f"{SUPPLY_BY_INDEX[k] - pos.on_board[k]} "
                    "are not on the board",
                )
    sc = pos._scores[pos.side_of_seat[p]]
    low = min(sc)
    for k in kinds:
        c1, c2 = KIND_CODES[k]
        if sc[c1 - 1] == low or sc[c2 - 1] == low:
            lows = ", ".join(f"{CODE_NAME[i + 1]} {v}" for i, v in enumerate(sc) if v == low)
            fail(
                pos,
                "SWAP_NOT_ALLOWED",
                f"{pos.who(p)} may not swap: {TILE_KINDS[k]} shows a lowest colour ({lows})",
            )
    commit_swap(pos, p, counts)


def commit_swap(pos: Position, p: int, counts: list[int]) -> None:
    """Swap: ``counts`` per kind is the rack shown (trusted). Full mode: the rack is set aside
    until the new one is drawn; board mode: the next turn begins."""
    if pos.full:
        pos.rack[p] = [0] * len(TILE_KINDS)
        pos.rack_len[p] = 0
        pos.swap_shown = counts
        pos.phase = SWAP_DRAW
    else:
        begin_turn_after(pos, p)
