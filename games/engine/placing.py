"""The ``place`` action: checking a placement, then laying the tile and scoring it.

The hot path of replay: it works on integer cell indices and the flat board list, and scores
before anything changes, so an illegal placement leaves the position as it was.
"""

from __future__ import annotations

from typing import Any

from .faults import cell_index, fail, occupied_message, turn_problem
from .phases import begin_turn_after, end_placement, next_seat
from .position import OVER, PLACE, POST, SETUP, SWAP_DRAW, Position
from .score_track import BOARD_TOP
from .tiles import CODE_NAME, COLOURS, ORDERED, SUPPLY_BY_INDEX, TILE_KINDS


def place(pos: Position, action: dict[str, Any], p: int) -> None:
    """Check ``p``'s ``place`` action, then apply it (``commit_place``)."""
    ph = pos.phase
    new_turn = False
    if ph == PLACE:
        if p != pos.turn:
            turn_problem(pos, p, "place")
    elif ph == OVER:
        fail(pos, "GAME_OVER", "the game is over: no more placements")
    elif ph == POST and not pos.full and p == next_seat(pos, pos.turn):
        new_turn = True
    elif ph == POST and p == pos.turn:
        fail(pos, "NOT_YOUR_TURN", f"{pos.who(p)} has no bonus placement to make")
    elif (ph == SETUP and p == pos.setup_next) or (ph == SWAP_DRAW and p == pos.turn):
        fail(pos, "DRAW_MISMATCH", f"{pos.who(p)} must draw tiles before placing")
    else:
        turn_problem(pos, p, "place")
    tile = action.get("tile")
    if type(tile) is not str or (info := ORDERED.get(tile)) is None:
        fail(pos, "BAD_RECORD", f'"tile" must be two colour letters from {COLOURS}, not {tile!r}')
    cells = action.get("cells")
    if type(cells) is not list or len(cells) != 2:
        fail(pos, "BAD_RECORD", '"cells" must be a list of two cell names')
    index = pos.index
    a = index.get(cells[0]) if type(cells[0]) is str else None
    if a is None:
        a = cell_index(pos, cells[0], "first")
    b = index.get(cells[1]) if type(cells[1]) is str else None
    if b is None:
        b = cell_index(pos, cells[1], "second")
    board = pos.board
    if board[a]:
        fail(pos, "CELL_OCCUPIED", occupied_message(pos, a))
    if board[b]:
        fail(pos, "CELL_OCCUPIED", occupied_message(pos, b))
    geo = pos.geo
    lines_a = geo.scoring_lines[a].get(b)
    if lines_a is None:
        if a == b:
            fail(pos, "NOT_ADJACENT", f"both halves of the tile on {cells[0]}")
        fail(pos, "NOT_ADJACENT", f"{cells[0]} and {cells[1]} are not adjacent")
    c1, c2, kind = info
    if pos.full:
        if not pos.rack[p][kind]:
            fail(
                pos,
                "TILE_NOT_IN_RACK",
                f"{pos.who(p)} has no {TILE_KINDS[kind]} tile on the rack",
            )
    elif pos.on_board[kind] >= SUPPLY_BY_INDEX[kind]:
        fail(
            pos,
            "TILE_EXHAUSTED",
            f"all {SUPPLY_BY_INDEX[kind]} {TILE_KINDS[kind]} tiles are already on the board",
        )
    if pos.first_rule:
        if not pos.seat_plies[p]:
            touched = pos.start_touched
            adj = geo.start_adjacent[a] + geo.start_adjacent[b]
            if not any(not touched[s] for s in adj):
                if not adj:
                    fail(
                        pos,
                        "PLACEMENT_RULE",
                        f"{pos.who(p)}'s first tile must touch a start symbol",
                    )
                fail(
                    pos,
                    "PLACEMENT_RULE",
                    f"{pos.who(p)}'s first tile must touch a start "
                    "symbol that no tile touches yet; the "
                    f"{CODE_NAME[adj[0]]} symbol is already touched",
                )
    elif not pos.live[a] and not pos.live[b]:
        fail(
            pos,
            "PLACEMENT_RULE",
            f"a tile on {cells[0]} {cells[1]} would touch neither a placed tile nor a start symbol",
        )
    # score (before the tile is on the board; its own cells are never counted)
    # (most runs end at the first cell, so that one is tested before looping)
    pa = 0
    for line in lines_a:
        if board[line[0]] == c1:
            n = 1
            end = len(line)
            while n < end and board[line[n]] == c1:
                n += 1
            pa += n
    pb = 0
    for line in geo.scoring_lines[b][a]:
        if board[line[0]] == c2:
            n = 1
            end = len(line)
            while n < end and board[line[n]] == c2:
                n += 1
            pb += n

    # ---- all checks passed
    if new_turn:
        begin_turn_after(pos, pos.turn)
    commit_place(pos, p, tile, c1, c2, kind, a, b, pa, pb)


def commit_place(
    pos: Position, p: int, tile: str, c1: int, c2: int, kind: int, a: int, b: int, pa: int, pb: int
) -> None:
    """Put a checked placement on the board and score ``pa``/``pb`` points (trusted)."""
    geo = pos.geo
    board = pos.board
    live = pos.live
    first_rule = pos.first_rule
    if pos.placed_turn:
        pos.owed -= 1
    pos.placed_turn += 1
    ep = pos.empty_pairs
    pairs = pos.pairs
    # (``live`` matters for empty cells only: the touch rule and placeable pairs)
    board[a] = c1
    if pairs is None:
        nbrs = geo.neighbours
        for x in nbrs[a]:
            if not board[x]:
                ep -= 1
                live[x] = True
        board[b] = c2
        for x in nbrs[b]:
            if not board[x]:
                ep -= 1
                live[x] = True
    else:
        # move generation is tracking the placeable pairs: drop the pairs a and b were in;
        # under the touch rule, add the pairs an empty cell gets when it first touches
        links = geo.links
        pop = pairs.pop
        touch = not first_rule
        for x, key in links[a]:
            if not board[x]:
                ep -= 1
                pop(key, None)
                if not live[x]:
                    live[x] = True
                    if touch:
                        for y, key2 in links[x]:
                            if not board[y]:
                                pairs[key2] = None
        board[b] = c2
        for x, key in links[b]:
            if not board[x]:
                ep -= 1
                pop(key, None)
                if not live[x]:
                    live[x] = True
                    if touch:
                        for y, key2 in links[x]:
                            if not board[y]:
                                pairs[key2] = None
    pos.empty_pairs = ep
    pos.plies += 1
    pos.ply_log.append((p, tile, a, b, pos.actions_applied))
    if first_rule:
        pos.seat_plies[p] += 1
        touched = pos.start_touched
        for s in geo.start_adjacent[a]:
            touched[s] = True
        for s in geo.start_adjacent[b]:
            touched[s] = True
    pos.on_board[kind] += 1
    if pos.full:
        pos.rack[p][kind] -= 1
        pos.rack_len[p] -= 1
    side = pos.side_of_seat[p]
    sc = pos._scores[side]
    track = pos.track
    marks = 0
    if pa:
        v = sc[c1 - 1]
        if v < track:
            top = BOARD_TOP if v < BOARD_TOP else track
            v += pa
            if v >= top:
                v = top
                marks += 1
            sc[c1 - 1] = v
    if pb:
        v = sc[c2 - 1]
        if v < track:
            top = BOARD_TOP if v < BOARD_TOP else track
            v += pb
            if v >= top:
                v = top
                marks += 1
            sc[c2 - 1] = v
    end_placement(pos, p, side, marks)
