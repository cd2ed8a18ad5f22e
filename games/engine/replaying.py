"""Replaying a record's actions in one loop: the command line's ``check`` hot path.

``apply_all`` gives exactly what applying each action with ``rules.apply`` gives (the same
position, the same ``IllegalAction``), faster: the usual actions (a placement by the seat whose
turn it is, a first rack or a refill) are checked and applied here, with the position's counters
held in local variables. Anything else (a swap, a flag, a board-mode placement that begins a
turn, and every action that breaks a rule) goes to ``rules.apply``, which checks it in full and
raises the arbiter's message. So this loop only ever takes an action the rules accept, and never
changes anything before every check has passed.
"""

from __future__ import annotations

from typing import Any

from .position import OVER, PLACE, POST, SETUP, Position
from .rules import apply
from .scoring import BOARD_TOP
from .tiles import ORDERED, SUPPLY_BY_INDEX


def apply_all(pos: Position, actions: list[Any]) -> None:
    """Apply ``actions`` in order, as ``rules.apply`` would one by one."""
    if pos.pairs is not None or pos._flagged or pos.swap_shown is not None:
        # move generation's pair tracking, flagged seats, a swap pending: the general path
        for action in actions:
            apply(pos, action)
        return
    # the position's lists (shared: changed in place) and rules (fixed for the game)
    geo = pos.geo
    index = geo.index
    scoring_lines = geo.scoring_lines
    neighbours = geo.neighbours
    start_adjacent = geo.start_adjacent
    board = pos.board
    live = pos.live
    rack = pos.rack
    rack_len = pos.rack_len
    bag = pos.bag
    on_board = pos.on_board
    seat_plies = pos.seat_plies
    start_touched = pos.start_touched
    ply_log = pos.ply_log
    all_scores = pos._scores
    side_of_seat = pos.side_of_seat
    players = pos.players
    full = pos.full
    first_rule = pos.first_rule
    track = pos.track
    bonus_mode = pos.bonus_mode
    rack_size = pos.rack_size
    flagged = pos._flagged  # (a set changed in place by ``rules.flag``)
    # the counters, written back before the general path sees the position
    phase = pos.phase
    turn = pos.turn
    setup_next = pos.setup_next
    placed_turn = pos.placed_turn
    owed = pos.owed
    plies = pos.plies
    applied = pos.actions_applied
    empty_pairs = pos.empty_pairs
    bag_total = pos.bag_total

    for action in actions:
        if type(action) is dict:
            t = action.get("type")
            p = action.get("player")
            if type(p) is int and 0 <= p < players:
                if t == "place" and phase == PLACE and p == turn:
                    tile = action.get("tile")
                    cells = action.get("cells")
                    info = ORDERED.get(tile) if type(tile) is str else None
                    if info is not None and type(cells) is list and len(cells) == 2:
                        n0, n1 = cells
                        a = index.get(n0) if type(n0) is str else None
                        b = index.get(n1) if type(n1) is str else None
                        if a is not None and b is not None and not board[a] and not board[b]:
                            lines_a = scoring_lines[a].get(b)
                            c1, c2, kind = info
                            if (
                                lines_a is not None
                                and (
                                    rack[p][kind]
                                    if full
                                    else on_board[kind] < SUPPLY_BY_INDEX[kind]
                                )
                                and (
                                    (
                                        seat_plies[p]
                                        or not all(
                                            start_touched[s]
                                            for s in start_adjacent[a] + start_adjacent[b]
                                        )
                                    )
                                    if first_rule
                                    else (live[a] or live[b])
                                )
                            ):
                                # legal: score (before the tile is down), then lay it
                                pa = 0
                                for line in lines_a:
                                    if board[line[0]] == c1:
                                        n = 1
                                        end = len(line)
                                        while n < end and board[line[n]] == c1:
                                            n += 1
                                        pa += n
                                pb = 0
                                for line in scoring_lines[b][a]:
                                    if board[line[0]] == c2:
                                        n = 1
                                        end = len(line)
                                        while n < end and board[line[n]] == c2:
                                            n += 1
                                        pb += n
                                if placed_turn:
                                    owed -= 1
                                placed_turn += 1
                                board[a] = c1
                                for x in neighbours[a]:
                                    if not board[x]:
                                        empty_pairs -= 1
                                        live[x] = True
                                board[b] = c2
                                for x in neighbours[b]:
                                    if not board[x]:
                                        empty_pairs -= 1
                                        live[x] = True
                                plies += 1
                                ply_log.append((p, tile, a, b, applied))
                                if first_rule:
                                    seat_plies[p] += 1
                                    for s in start_adjacent[a]:
                                        start_touched[s] = True
                                    for s in start_adjacent[b]:
                                        start_touched[s] = True
                                on_board[kind] += 1
                                if full:
                                    rack[p][kind] -= 1
                                    rack_len[p] -= 1
                                side = side_of_seat[p]
                                sc = all_scores[side]
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
                                # the phase after the placement (``phases.end_placement``)
                                applied += 1
                                if marks:
                                    if min(sc) == track:
                                        pos.instant_winner = side
                                        phase = OVER
                                        continue
                                    if bonus_mode == 1:
                                        owed += marks
                                    elif bonus_mode == 2:
                                        owed += 1
                                if not empty_pairs:
                                    phase = OVER
                                elif owed:
                                    left = rack_len[p] if full else rack_size - placed_turn
                                    if left > 0:
                                        phase = PLACE
                                    else:
                                        owed = 0
                                        phase = POST
                                else:
                                    phase = POST
                                continue
                elif t == "draw" and full:
                    if phase == POST and p == turn and not flagged:
                        want = rack_size - rack_len[p]
                    elif phase == SETUP and p == setup_next:
                        want = rack_size
                    else:
                        want = -1
                    if want > bag_total:
                        want = bag_total
                    tiles = action.get("tiles")
                    if want >= 0 and type(tiles) is list and len(tiles) == want:
                        kinds = []
                        for tl in tiles:
                            info = ORDERED.get(tl) if type(tl) is str else None
                            if info is None:
                                break
                            kinds.append(info[2])
                        else:
                            if want == 1:
                                enough = bag[kinds[0]] > 0
                            else:
                                enough = all(bag[k] >= kinds.count(k) for k in kinds)
                            if enough:
                                held = rack[p]
                                for k in kinds:
                                    bag[k] -= 1
                                    held[k] += 1
                                bag_total -= want
                                rack_len[p] += want
                                applied += 1
                                # the phase after the draw (``phases.after_draw``)
                                if phase == SETUP:
                                    setup_next += 1
                                    if setup_next >= players:
                                        phase = PLACE
                                        turn = 0
                                        placed_turn = 0
                                        owed = 0
                                else:
                                    phase = PLACE
                                    turn = (p + 1) % players
                                    placed_turn = 0
                                    owed = 0
                                continue
        # anything else: the rules in full, on the position as it stands
        pos.phase = phase
        pos.turn = turn
        pos.setup_next = setup_next
        pos.placed_turn = placed_turn
        pos.owed = owed
        pos.plies = plies
        pos.actions_applied = applied
        pos.empty_pairs = empty_pairs
        pos.bag_total = bag_total
        apply(pos, action)
        phase = pos.phase
        turn = pos.turn
        setup_next = pos.setup_next
        placed_turn = pos.placed_turn
        owed = pos.owed
        plies = pos.plies
        applied = pos.actions_applied
        empty_pairs = pos.empty_pairs
        bag_total = pos.bag_total
    pos.phase = phase
    pos.turn = turn
    pos.setup_next = setup_next
    pos.placed_turn = placed_turn
    pos.owed = owed
    pos.plies = plies
    pos.actions_applied = applied
    pos.empty_pairs = empty_pairs
    pos.bag_total = bag_total
