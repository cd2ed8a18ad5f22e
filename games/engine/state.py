"""Game state and the rules: applying ``draw``, ``place``, ``swap`` and ``flag`` actions.

A ``Game`` is replayed one action (a dict of RECORD-FORMAT.md) at a time with ``apply``. Every
rule is checked before anything changes, so after an ``IllegalAction`` the state is exactly what
it was. The hot path works on integer cell indices and a flat list board.

Turn structure (RULINGS.md, RECORD-FORMAT.md): a turn is one placement, the bonus placements it
earns, then optionally a swap, then (full mode) the refill draw. In full mode the game starts with
each seat drawing its rack, in seat order.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .errors import IllegalAction
from .geometry import geometry, parse_cell
from .rulesets import Ruleset, make_ruleset
from .scoring import BOARD_TOP, lowest_colours, report, run_points, winner
from .tiles import (
    CODE_LETTER,
    CODE_NAME,
    COLOURS,
    KIND_CODES,
    ORDERED,
    SUPPLY_BY_INDEX,
    TILE_KINDS,
    full_bag,
    tile_name,
)

MODES = ("full", "board")

# phases
SETUP = 0  # full mode: the seats draw their first racks
PLACE = 1  # the turn's seat must place (first placement or a bonus placement)
POST = 2  # placements done: the seat may swap, then refills (full) / the next turn begins (board)
SWAP_DRAW = 3  # full mode: after a swap, the seat draws a new rack
OVER = 4

#: for each set of colours (a bit mask over R G B O Y P), the kinds showing any of them
KINDS_SHOWING: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        k for k, (c1, c2) in enumerate(KIND_CODES) if mask >> (c1 - 1) & 1 or mask >> (c2 - 1) & 1
    )
    for mask in range(64)
)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class Game:
    """The state of one game of Ingenious under a ``Ruleset``.

    Create with ``Game.new(ruleset, players, mode)``; feed actions with ``apply``.
    """

    __slots__ = (
        "ruleset",
        "mode",
        "full",
        "players",
        "names",
        "geo",
        "radius",
        "board",
        "live",
        "pairs",
        "index",
        "side_of_seat",
        "_scores",
        "track",
        "bonus_mode",
        "first_rule",
        "rack_size",
        "start_touched",
        "seat_plies",
        "empty_pairs",
        "on_board",
        "bag",
        "bag_total",
        "rack",
        "rack_len",
        "phase",
        "turn",
        "setup_next",
        "placed_turn",
        "owed",
        "swap_shown",
        "_flagged",
        "plies",
        "actions_applied",
        "ply_log",
        "instant_winner",
    )

    # ------------------------------------------------------------------ construction

    def __init__(
        self,
        ruleset: Ruleset,
        players: int,
        mode: str = "board",
        names: list[str] | None = None,
    ) -> None:
        if players not in ruleset.players:
            allowed = ", ".join(str(p) for p in ruleset.players)
            raise ValueError(f"ruleset {ruleset.name!r} is for {allowed} players, not {players}")
        if mode not in MODES:
            raise ValueError(f"mode must be 'full' or 'board', not {mode!r}")
        self.ruleset = ruleset
        self.mode = mode
        self.full = mode == "full"
        self.players = players
        self.names = list(names) if names is not None else None
        self.radius = ruleset.board_radius(players)
        geo = self.geo = geometry(self.radius)
        self.board = [0] * geo.size
        self.index = geo.index
        #: live[c]: cell c touches a placed tile or a start symbol (the MSO placement rule)
        self.live = [False] * geo.size
        for code, idx in geo.starts:
            self.board[idx] = code
            for x in geo.neighbours[idx]:
                self.live[x] = True
        #: the pairs (a, b), a < b, of adjacent empty cells where a tile may go (after the first
        #: round), in order; kept only once move generation asks for it
        #: (``movegen.placeable_pairs``), ``None`` until then
        self.pairs: dict[int, None] | None = None
        self.side_of_seat = tuple(ruleset.side_of(s) for s in range(players))
        self._scores = [[0] * 6 for _ in range(ruleset.sides(players))]
        self.track = ruleset.track
        self.bonus_mode = 0 if not ruleset.bonuses else 1 if ruleset.bonus_per == "colour" else 2
        self.first_rule = ruleset.placement_rule == "first-round"
        self.rack_size = ruleset.rack_size
        self.start_touched = [False] * 7
        self.seat_plies = [0] * players
        self.empty_pairs = geo.free_pairs
        self.on_board = [0] * len(TILE_KINDS)
        self.bag = full_bag()
        self.bag_total = sum(self.bag)
        self.rack = [[0] * len(TILE_KINDS) for _ in range(players)]
        self.rack_len = [0] * players
        self.phase = SETUP if self.full else PLACE
        self.turn = 0
        self.setup_next = 0
        self.placed_turn = 0
        self.owed = 0
        self.swap_shown: list[int] | None = None
        self._flagged: set[int] = set()
        self.plies = 0
        self.actions_applied = 0
        self.ply_log: list[tuple[int, str, int, int, int]] = []
        self.instant_winner: int | None = None

    @classmethod
    def new(
        cls,
        ruleset: Ruleset | str,
        players: int | None = None,
        mode: str = "board",
        names: list[str] | None = None,
    ) -> Game:
        """A new game. ``ruleset`` is a ``Ruleset`` or a name; ``players`` defaults to the
        ruleset's smallest player count (``len(names)`` if names are given)."""
        rs = make_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        if players is None:
            players = len(names) if names else rs.default_players
        return cls(rs, players, mode, names)

    def copy(self) -> Game:
        """An independent copy of the state."""
        g = Game.__new__(Game)
        for name in Game.__slots__:
            setattr(g, name, getattr(self, name))
        g.board = self.board[:]
        g.live = self.live[:]
        g.pairs = dict(self.pairs) if self.pairs is not None else None
        g._scores = [s[:] for s in self._scores]
        g.start_touched = self.start_touched[:]
        g.seat_plies = self.seat_plies[:]
        g.on_board = self.on_board[:]
        g.bag = self.bag[:]
        g.rack = [r[:] for r in self.rack]
        g.rack_len = self.rack_len[:]
        g.swap_shown = self.swap_shown[:] if self.swap_shown is not None else None
        g._flagged = set(self._flagged)
        g.ply_log = self.ply_log[:]
        g.names = self.names[:] if self.names is not None else None
        return g

    # ------------------------------------------------------------------ public view

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def scores(self) -> list[list[int]]:
        """Track values per side, colours in the order R G B O Y P."""
        return [s[:] for s in self._scores]

    @property
    def winner(self) -> int | None:
        """The winning side once the game is over; ``None`` for a draw or a game in progress."""
        if self.phase != OVER:
            return None
        if self.instant_winner is not None:
            return self.instant_winner
        return winner(self._scores)

    @property
    def to_move(self) -> int | None:
        """The seat expected to act next (``None`` when the game is over).

        In board mode after a turn's placements the next seat is named, although the seat that
        just placed may still swap (see ``swap_seat``).
        """
        ph = self.phase
        if ph == OVER:
            return None
        if ph == SETUP:
            return self.setup_next
        if ph == POST and not self.full:
            return self._next_seat(self.turn)
        return self.turn

    @property
    def turn_seat(self) -> int | None:
        """The seat whose turn is in progress (or whose placements just ended)."""
        if self.phase == SETUP or (self.phase == OVER and self.plies == 0):
            return None
        return self.turn

    @property
    def bonus_owed(self) -> int:
        """Bonus placements the turn's seat still has to make."""
        return self.owed if self.phase == PLACE else 0

    @property
    def swap_seat(self) -> int | None:
        """The seat that may swap now (timing only; eligibility depends on the rack)."""
        if self.phase == POST and self.ruleset.swap_allowed:
            return self.turn
        return None

    def may_swap(self, seat: int, rack: Iterable[str] | None = None) -> bool:
        """Whether ``seat`` may swap now: the timing, and eligibility of its rack (full mode: the
        rack held; board mode: ``rack`` if given, else only the timing is checked)."""
        if self.swap_seat != seat:
            return False
        sc = self._scores[self.side_of_seat[seat]]
        low = min(sc)
        if self.full:
            lowmask = 0
            for i, v in enumerate(sc):
                if v == low:
                    lowmask |= 1 << i
            return not any(map(self.rack[seat].__getitem__, KINDS_SHOWING[lowmask]))
        if rack is None:
            return True
        lows = set(lowest_colours(sc))
        return not any(ch in lows for k in rack for ch in k)

    @property
    def flagged(self) -> set[int]:
        return set(self._flagged)

    def side_of(self, seat: int) -> int:
        return self.side_of_seat[seat]

    @property
    def racks(self) -> list[list[str]] | None:
        """Full mode: each seat's rack as kind strings; board mode: ``None`` (unknown)."""
        if not self.full:
            return None
        return [
            [k for k, n in zip(TILE_KINDS, r, strict=True) for _ in range(n)] for r in self.rack
        ]

    def cells_in_use(self) -> list[str]:
        return list(self.geo.names)

    def cells(self) -> dict[str, dict[str, Any]]:
        """Occupied cells: name -> {"colour", "ply", "seat", "other"} (start symbols have
        ``ply`` 0, ``seat`` and ``other`` None, and ``"start": True``)."""
        out: dict[str, dict[str, Any]] = {}
        names = self.geo.names
        for code, idx in self.geo.starts:
            out[names[idx]] = {
                "colour": CODE_LETTER[code],
                "ply": 0,
                "seat": None,
                "other": None,
                "start": True,
            }
        n = 0
        for seat, tile, a, b, _i in self.ply_log:
            n += seat >= 0
            out[names[a]] = {
                "colour": tile[0],
                "ply": n if seat >= 0 else 0,
                "seat": seat if seat >= 0 else None,
                "other": names[b],
                "start": False,
            }
            out[names[b]] = {
                "colour": tile[1],
                "ply": n if seat >= 0 else 0,
                "seat": seat if seat >= 0 else None,
                "other": names[a],
                "start": False,
            }
        return out

    def unseen(self) -> dict[str, int]:
        """Tiles of each kind not yet seen: board mode, not on the board; full mode, still in
        the bag (neither on the board nor on a rack)."""
        if self.full:
            counts = self.bag[:]
            if self.swap_shown is not None:
                counts = [a + b for a, b in zip(counts, self.swap_shown, strict=True)]
            return dict(zip(TILE_KINDS, counts, strict=True))
        return {k: SUPPLY_BY_INDEX[i] - self.on_board[i] for i, k in enumerate(TILE_KINDS)}

    def lowest_levels(self) -> list[int]:
        return [min(s) for s in self._scores]

    def report(self) -> dict[str, object]:
        """MSO per-game report: {"lowest": per side, "difference": side 0 - side 1, ...}."""
        r = report(self._scores, self.over)
        r["winner"] = self.winner
        return r

    def result(self) -> dict[str, Any]:
        """The summary the command line prints for a legal record (without "file")."""
        return {
            "valid": True,
            "over": self.phase == OVER,
            "scores": self.scores,
            "to_move": self.to_move,
            "winner": self.winner,
            "plies": self.plies,
        }

    def preview(self, tile: str, cells: list[str]) -> dict[str, Any]:
        """What placing ``tile`` on ``cells`` would score for the seat to move, without applying
        it. Returns {"points": capped gain per colour, "raw": points counted per colour,
        "scores": the side's track after, "bonus": bonus placements earned}. Raises
        ``IllegalAction`` if the placement is illegal now."""
        seat = self.to_move
        if seat is None:
            self._fail("GAME_OVER", "the game is over")
        if self.full and self.phase != PLACE:
            self._fail("NOT_YOUR_TURN", "no placement is due now")
        g = self.copy()
        before = g._scores[g.side_of_seat[seat]][:]
        g.apply({"type": "place", "player": seat, "tile": tile, "cells": list(cells)})
        after = g._scores[g.side_of_seat[seat]][:]
        c1, c2, _k = ORDERED[tile]
        geo = self.geo
        a, b = geo.index[cells[0]], geo.index[cells[1]]
        p1 = run_points(self.board, geo.scoring_lines[a][b], c1)
        p2 = run_points(self.board, geo.scoring_lines[b][a], c2)
        l1, l2 = CODE_LETTER[c1], CODE_LETTER[c2]
        raw = {l1: p1 + p2} if c1 == c2 else {l1: p1, l2: p2}
        points = {ch: after[COLOURS.index(ch)] - before[COLOURS.index(ch)] for ch in raw}
        earned = self._marks_to_bonus(before, after, c1, c2)
        return {"points": points, "raw": raw, "scores": after, "bonus": earned}

    def _marks_to_bonus(self, before: list[int], after: list[int], c1: int, c2: int) -> int:
        if self.bonus_mode == 0:
            return 0
        marks = 0
        for c in {c1, c2}:
            v0, v1 = before[c - 1], after[c - 1]
            marks += (v0 < BOARD_TOP <= v1) + (v0 < self.track == v1 and self.track > BOARD_TOP)
        return min(marks, 1) if self.bonus_mode == 2 else marks

    def legal_placements(self, tiles: Iterable[str] | None = None) -> list[dict[str, Any]]:
        """Legal ``place`` actions for the seat to move (see ``movegen.legal_placements``)."""
        from .movegen import legal_placements

        return legal_placements(self, tiles)

    # ------------------------------------------------------------------ building positions

    def put(self, tile: str, cells: list[str]) -> None:
        """Lay a tile without any rule, scoring or change of turn (for building positions by
        hand: tests, puzzles, teaching). The cells must be empty and on the board."""
        info = ORDERED.get(tile)
        if info is None:
            raise ValueError(f"{tile!r} is not a tile")
        idx = [self.geo.index.get(c) for c in cells]
        if len(idx) != 2 or None in idx or idx[0] == idx[1]:
            raise ValueError(f"{cells!r} are not two cells of the board in use")
        a, b = idx[0], idx[1]
        assert a is not None and b is not None
        if self.board[a] or self.board[b]:
            raise ValueError(f"{cells!r}: not empty")
        nbrs = self.geo.neighbours
        for x, c in ((a, info[0]), (b, info[1])):
            for y in nbrs[x]:
                if not self.board[y]:
                    self.empty_pairs -= 1
            self.board[x] = c
            for y in nbrs[x]:
                self.live[y] = True
            for s in self.geo.start_adjacent[x]:
                self.start_touched[s] = True
        self.pairs = None
        self.on_board[info[2]] += 1
        self.ply_log.append((-1, tile, a, b, -1))
        if not self.empty_pairs and self.phase != OVER:
            self.phase = OVER

    def set_score(self, side: int, colour: str, value: int) -> None:
        """Set a side's track value for a colour (for building positions by hand)."""
        self._scores[side][COLOURS.index(colour)] = value

    # ------------------------------------------------------------------ helpers

    def who(self, seat: int) -> str:
        if self.names is not None and 0 <= seat < len(self.names):
            return f"{self.names[seat]} (seat {seat})"
        return f"seat {seat}"

    def _fail(self, code: str, message: str) -> Any:
        raise IllegalAction(code, self.actions_applied, message)

    def _next_seat(self, seat: int) -> int:
        n = self.players
        flagged = self._flagged
        if not flagged:
            return (seat + 1) % n
        for k in range(1, n + 1):
            s = (seat + k) % n
            if s not in flagged:
                return s
        return (seat + 1) % n

    def _begin_turn_after(self, seat: int) -> None:
        self.phase = PLACE
        self.turn = self._next_seat(seat)
        self.placed_turn = 0
        self.owed = 0

    def _cell_index(self, name: Any, which: str) -> int:
        idx = self.geo.index.get(name) if type(name) is str else None
        if idx is not None:
            return idx
        if type(name) is not str:
            self._fail(
                "BAD_RECORD", f"the {which} cell must be a cell name such as H8, not {name!r}"
            )
        try:
            parse_cell(name)
        except ValueError:
            self._fail(
                "UNKNOWN_CELL",
                f"{name!r} is not a cell name (a row letter A-O and a number 1-15, e.g. H8)",
            )
        return self._fail(
            "OFF_BOARD",
            f"{name} is not on the board in use (radius {self.radius}, {self.geo.size} cells)",
        )

    def _occupied_message(self, idx: int) -> str:
        name = self.geo.names[idx]
        ply = 0
        entry = None
        for e in self.ply_log:
            ply += e[0] >= 0
            if idx in (e[2], e[3]):
                entry = e
                break
        if entry is None:
            return f"{name} is the {CODE_NAME[self.board[idx]]} start symbol"
        seat, tile, _a, _b, ai = entry
        if seat < 0:
            return f"{name} is already taken by a {tile_name(tile)} tile (set up by hand)"
        return (
            f"{name} is already taken by a {tile_name(tile)} tile placed on ply {ply} "
            f"(action {ai}, {self.who(seat)})"
        )

    def _tiles_arg(self, tiles: Any, what: str) -> list[int]:
        if type(tiles) is not list:
            self._fail("BAD_RECORD", f'the {what} must be a list of tiles such as ["RO", "GG"]')
        out = []
        for t in tiles:
            info = ORDERED.get(t) if type(t) is str else None
            if info is None:
                self._fail(
                    "BAD_RECORD",
                    f"{t!r} in the {what} is not a tile (two colour letters from {COLOURS})",
                )
            out.append(info[2])
        return out

    def _turn_problem(self, seat: int, what: str) -> None:
        """Raise NOT_YOUR_TURN for ``seat`` acting out of turn."""
        exp = self.to_move
        self._fail(
            "NOT_YOUR_TURN",
            f"{self.who(seat)} cannot {what} now: the next action is "
            f"{self.who(exp) if exp is not None else 'nobody'}'s",
        )

    # ------------------------------------------------------------------ apply

    def apply(self, action: dict[str, Any]) -> None:
        """Apply one action (a dict of RECORD-FORMAT.md). Raises ``IllegalAction`` (with
        ``index`` = number of actions applied so far) and leaves the state unchanged."""
        if type(action) is not dict:
            self._fail("BAD_RECORD", "an action must be a JSON object")
        t = action.get("type")
        p = action.get("player")
        if type(p) is not int or not 0 <= p < self.players:
            self._fail(
                "BAD_RECORD", f'"player" must be a seat number 0 to {self.players - 1}, not {p!r}'
            )
        if t == "place":
            self._place(action, p)
        elif t == "draw":
            self._draw(action, p)
        elif t == "swap":
            self._swap(action, p)
        elif t == "flag":
            self._flag(p)
        else:
            self._fail("BAD_RECORD", f"unknown action type {t!r} (place, draw, swap or flag)")
        self.actions_applied += 1

    def _place(self, action: dict[str, Any], p: int) -> None:
        ph = self.phase
        new_turn = False
        if ph == PLACE:
            if p != self.turn:
                self._turn_problem(p, "place")
        elif ph == OVER:
            self._fail("GAME_OVER", "the game is over: no more placements")
        elif ph == POST and not self.full and p == self._next_seat(self.turn):
            new_turn = True
        elif ph == POST and p == self.turn:
            self._fail("NOT_YOUR_TURN", f"{self.who(p)} has no bonus placement to make")
        elif (ph == SETUP and p == self.setup_next) or (ph == SWAP_DRAW and p == self.turn):
            self._fail("DRAW_MISMATCH", f"{self.who(p)} must draw tiles before placing")
        else:
            self._turn_problem(p, "place")
        tile = action.get("tile")
        info = ORDERED.get(tile) if type(tile) is str else None
        if info is None:
            self._fail(
                "BAD_RECORD", f'"tile" must be two colour letters from {COLOURS}, not {tile!r}'
            )
        cells = action.get("cells")
        if type(cells) is not list or len(cells) != 2:
            self._fail("BAD_RECORD", '"cells" must be a list of two cell names')
        index = self.index
        a = index.get(cells[0]) if type(cells[0]) is str else None
        if a is None:
            a = self._cell_index(cells[0], "first")
        b = index.get(cells[1]) if type(cells[1]) is str else None
        if b is None:
            b = self._cell_index(cells[1], "second")
        board = self.board
        if board[a]:
            self._fail("CELL_OCCUPIED", self._occupied_message(a))
        if board[b]:
            self._fail("CELL_OCCUPIED", self._occupied_message(b))
        geo = self.geo
        lines_a = geo.scoring_lines[a].get(b)
        if lines_a is None:
            if a == b:
                self._fail("NOT_ADJACENT", f"both halves of the tile on {cells[0]}")
            self._fail("NOT_ADJACENT", f"{cells[0]} and {cells[1]} are not adjacent")
        c1, c2, kind = info
        full = self.full
        if full:
            if not self.rack[p][kind]:
                self._fail(
                    "TILE_NOT_IN_RACK", f"{self.who(p)} has no {TILE_KINDS[kind]} tile on the rack"
                )
        elif self.on_board[kind] >= SUPPLY_BY_INDEX[kind]:
            self._fail(
                "TILE_EXHAUSTED",
                f"all {SUPPLY_BY_INDEX[kind]} {TILE_KINDS[kind]} tiles are already on the board",
            )
        live = self.live
        first_rule = self.first_rule
        if first_rule:
            if not self.seat_plies[p]:
                touched = self.start_touched
                adj = geo.start_adjacent[a] + geo.start_adjacent[b]
                if not any(not touched[s] for s in adj):
                    if not adj:
                        self._fail(
                            "PLACEMENT_RULE",
                            f"{self.who(p)}'s first tile must touch a start symbol",
                        )
                    self._fail(
                        "PLACEMENT_RULE",
                        f"{self.who(p)}'s first tile must touch a start "
                        "symbol that no tile touches yet; the "
                        f"{CODE_NAME[adj[0]]} symbol is already touched",
                    )
        elif not live[a] and not live[b]:
            self._fail(
                "PLACEMENT_RULE",
                f"a tile on {cells[0]} {cells[1]} would touch neither a "
                "placed tile nor a start symbol",
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
            self._begin_turn_after(self.turn)
        self._commit_place(p, tile, c1, c2, kind, a, b, pa, pb)

    def _commit_place(
        self, p: int, tile: str, c1: int, c2: int, kind: int, a: int, b: int, pa: int, pb: int
    ) -> None:
        """Put a checked placement on the board and score ``pa``/``pb`` points (trusted)."""
        geo = self.geo
        board = self.board
        live = self.live
        full = self.full
        first_rule = self.first_rule
        if self.placed_turn:
            self.owed -= 1
        self.placed_turn += 1
        ep = self.empty_pairs
        pairs = self.pairs
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
        self.empty_pairs = ep
        self.plies += 1
        self.ply_log.append((p, tile, a, b, self.actions_applied))
        if first_rule:
            self.seat_plies[p] += 1
            touched = self.start_touched
            for s in geo.start_adjacent[a]:
                touched[s] = True
            for s in geo.start_adjacent[b]:
                touched[s] = True
        self.on_board[kind] += 1
        if full:
            self.rack[p][kind] -= 1
            self.rack_len[p] -= 1
        side = self.side_of_seat[p]
        sc = self._scores[side]
        track = self.track
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
        if marks:
            if min(sc) == track:
                self.instant_winner = side
                self.phase = OVER
                return
            bm = self.bonus_mode
            if bm == 1:
                self.owed += marks
            elif bm == 2:
                self.owed += 1
        if not ep:
            self.phase = OVER
            return
        if self.owed:
            left = self.rack_len[p] if full else self.rack_size - self.placed_turn
            if left > 0:
                self.phase = PLACE
                return
            self.owed = 0
        self.phase = POST

    def _draw(self, action: dict[str, Any], p: int) -> None:
        if not self.full:
            self._fail("BAD_RECORD", "a board-mode record has no draw actions")
        ph = self.phase
        if ph == OVER:
            self._fail("GAME_OVER", "the game is over: no more draws")
        if ph == SETUP:
            if p != self.setup_next:
                self._turn_problem(p, "draw")
            want = min(self.rack_size, self.bag_total)
            why = "a first rack"
        elif p != self.turn:
            self._turn_problem(p, "draw")
        elif ph == PLACE:
            if self.placed_turn:
                self._fail(
                    "DRAW_MISMATCH",
                    f"{self.who(p)} owes {_plural(self.owed, 'bonus placement')}"
                    ": the rack is not refilled until they are made",
                )
            self._fail("DRAW_MISMATCH", f"{self.who(p)} must place a tile before drawing")
        elif ph == SWAP_DRAW:
            want = min(self.rack_size, self.bag_total)
            why = "a new rack after the swap"
        else:
            want = self.rack_size - self.rack_len[p]
            if want > self.bag_total:
                want = self.bag_total
            why = "back up to a full rack"
        tiles = action.get("tiles")
        if type(tiles) is not list:
            self._tiles_arg(tiles, "draw")
        if len(tiles) != want:
            self._tiles_arg(tiles, "draw")
            self._fail(
                "DRAW_MISMATCH",
                f"{self.who(p)} draws {_plural(want, 'tile')} ({why}), not {len(tiles)}",
            )
        bag = self.bag
        rack = self.rack[p]
        if want == 1:
            info = ORDERED.get(tiles[0]) if type(tiles[0]) is str else None
            if info is None:
                self._tiles_arg(tiles, "draw")
            k = info[2]
            if not bag[k]:
                self._exhausted(k)
            bag[k] -= 1
            rack[k] += 1
        elif want:
            kinds = self._tiles_arg(tiles, "draw")
            need: dict[int, int] = {}
            for k in kinds:
                need[k] = need.get(k, 0) + 1
            for k, n in need.items():
                if bag[k] < n:
                    self._exhausted(k, n)
            for k in kinds:
                bag[k] -= 1
                rack[k] += 1
        self.bag_total -= want
        self.rack_len[p] += want
        self._after_draw(p, ph)

    def _commit_draw(self, p: int, kinds: list[int]) -> None:
        """Move checked tiles (kind indices) from the bag to ``p``'s rack (trusted)."""
        bag = self.bag
        rack = self.rack[p]
        for k in kinds:
            bag[k] -= 1
            rack[k] += 1
        self.bag_total -= len(kinds)
        self.rack_len[p] += len(kinds)
        if self.phase == POST and not self._flagged:  # the usual refill: next seat's turn
            self.phase = PLACE
            self.turn = (p + 1) % self.players
            self.placed_turn = 0
            self.owed = 0
            return
        self._after_draw(p, self.phase)

    def _after_draw(self, p: int, ph: int) -> None:
        bag = self.bag
        if ph == SETUP:
            nxt = self.setup_next + 1
            if nxt >= self.players:
                self.phase = PLACE
                self.turn = 0
                self.placed_turn = 0
                self.owed = 0
            self.setup_next = nxt
            return
        if ph == SWAP_DRAW:
            shown = self.swap_shown
            assert shown is not None
            for k, n in enumerate(shown):
                bag[k] += n
            self.bag_total += sum(shown)
            self.swap_shown = None
        self._begin_turn_after(p)

    def _exhausted(self, kind: int, n: int = 1) -> None:
        where = f"{self.on_board[kind]} on the board, {sum(r[kind] for r in self.rack)} on racks"
        if self.swap_shown is not None and self.swap_shown[kind]:
            where += f", {self.swap_shown[kind]} set aside in the swap"
        self._fail(
            "TILE_EXHAUSTED",
            f"the bag holds {self.bag[kind]} {TILE_KINDS[kind]} "
            f"(of {SUPPLY_BY_INDEX[kind]}: {where}), "
            f"cannot draw {n}",
        )

    def _swap(self, action: dict[str, Any], p: int) -> None:
        ph = self.phase
        if ph == OVER:
            self._fail("GAME_OVER", "the game is over: no swap")
        if not self.ruleset.swap_allowed:
            self._fail("SWAP_NOT_ALLOWED", f"the {self.ruleset.name} ruleset has no swaps")
        if ph == SETUP or p != self.turn:
            if ph == POST and p == self.to_move:
                # board mode: p is the next to place; the swap belonged to the turn just ended
                self._fail(
                    "NOT_YOUR_TURN",
                    f"{self.who(p)} cannot swap now: a swap ends a turn, after its "
                    f"placements, and the turn just ended is {self.who(self.turn)}'s",
                )
            self._turn_problem(p, "swap")
        if ph == PLACE:
            if self.placed_turn:
                self._fail(
                    "SWAP_NOT_ALLOWED", f"{self.who(p)} must first make the bonus placement(s) owed"
                )
            self._fail("SWAP_NOT_ALLOWED", "a swap comes after the turn's placement")
        if ph == SWAP_DRAW:
            self._fail("SWAP_NOT_ALLOWED", f"{self.who(p)} has already swapped this turn")
        kinds = self._tiles_arg(action.get("rack"), "rack shown")
        counts = [0] * len(TILE_KINDS)
        for k in kinds:
            counts[k] += 1
        if self.full:
            held = self.rack[p]
            for k in kinds:
                if counts[k] > held[k]:
                    self._fail(
                        "TILE_NOT_IN_RACK",
                        f"{self.who(p)} shows {TILE_KINDS[k]} but holds {held[k]} of them",
                    )
            if len(kinds) != self.rack_len[p]:
                self._fail(
                    "SWAP_NOT_ALLOWED",
                    f"a swap shows the whole rack: {self.who(p)} holds "
                    f"{_plural(self.rack_len[p], 'tile')}, "
                    f"not {len(kinds)}",
                )
        else:
            size = self.rack_size - self.placed_turn
            if len(kinds) != size:
                self._fail(
                    "SWAP_NOT_ALLOWED",
                    f"a swap shows the whole rack: after "
                    f"{_plural(self.placed_turn, 'placement')} "
                    f"{self.who(p)} holds {_plural(size, 'tile')}, "
                    f"not {len(kinds)}",
                )
            for k in kinds:
                if counts[k] + self.on_board[k] > SUPPLY_BY_INDEX[k]:
                    self._fail(
                        "TILE_EXHAUSTED",
                        f"the rack shown has {counts[k]} "
                        f"{TILE_KINDS[k]} but only "
                        f"{SUPPLY_BY_INDEX[k] - self.on_board[k]} "
                        "are not on the board",
                    )
        sc = self._scores[self.side_of_seat[p]]
        low = min(sc)
        for k in kinds:
            c1, c2 = KIND_CODES[k]
            if sc[c1 - 1] == low or sc[c2 - 1] == low:
                lows = ", ".join(f"{CODE_NAME[i + 1]} {v}" for i, v in enumerate(sc) if v == low)
                self._fail(
                    "SWAP_NOT_ALLOWED",
                    f"{self.who(p)} may not swap: {TILE_KINDS[k]} shows a lowest colour ({lows})",
                )
        self._commit_swap(p, counts)

    def _commit_swap(self, p: int, counts: list[int]) -> None:
        """Swap: ``counts`` per kind is the rack shown (trusted)."""
        if self.full:
            self.rack[p] = [0] * len(TILE_KINDS)
            self.rack_len[p] = 0
            self.swap_shown = counts
            self.phase = SWAP_DRAW
        else:
            self._begin_turn_after(p)

    def _flag(self, p: int) -> None:
        if self.phase == OVER:
            self._fail("GAME_OVER", "the game is over")
        if not self.ruleset.flag_allowed:
            self._fail(
                "BAD_RECORD",
                f"the {self.ruleset.name} ruleset has no flag actions "
                "(enable flag_allowed for a clock)",
            )
        if p in self._flagged:
            self._fail(
                "NOT_YOUR_TURN", f"{self.who(p)} has already flagged and makes no more moves"
            )
        if self.phase == SETUP:
            self._fail("NOT_YOUR_TURN", "no clock runs before the racks are drawn")
        self._flagged.add(p)
        if len(self._flagged) >= self.players:
            self.phase = OVER
            return
        if p == self.turn:
            if self.swap_shown is not None:
                # swapped but never drew: the shown tiles stay with the flagged player
                for k, n in enumerate(self.swap_shown):
                    self.rack[p][k] += n
                self.rack_len[p] = sum(self.rack[p])
                self.swap_shown = None
            self._begin_turn_after(p)
