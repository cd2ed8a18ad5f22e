"""The state of one game as data: board, tracks, bag and racks, turn and phase.

``Position`` holds flat lists indexed by cell and by kind (the hot paths read them directly) and
the views that only read them. The rules that change a position are functions taking it:
``phases`` (whose turn, what comes next), ``placing``, ``drawing`` and ``rules``; ``game.Game``
is the façade that puts them together.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Self

from .geometry import geometry
from .rulesets import Ruleset
from .score_track import report, winner
from .tiles import CODE_LETTER, COLOURS, ORDERED, SUPPLY_BY_INDEX, TILE_KINDS, full_bag

MODES = ("full", "board")
#: The layout of ``Position.state()``; a state of another version is not read back.
STATE_VERSION = 1

# Phases (the transitions are in ``phases``); plain ints, compared in the hot paths.
SETUP = 0  # full mode: the seats draw their first racks
PLACE = 1  # the turn's seat must place (first placement or a bonus placement)
POST = 2  # placements done: the seat may swap, then refills (full) / the next turn begins (board)
SWAP_DRAW = 3  # full mode: after a swap, the seat draws a new rack
OVER = 4

#: a ``ply_log`` entry: (seat or -1 if set up by hand, tile, cell a, cell b, action index)
PlyEntry = tuple[int, str, int, int, int]


@cache
def _empty_board(radius: int) -> tuple[list[int], list[bool]]:
    """The board (start symbols only) and ``live`` of a new game, copied by each ``Position``."""
    geo = geometry(radius)
    board = [0] * geo.size
    live = [False] * geo.size
    for code, idx in geo.starts:
        board[idx] = code
        for x in geo.neighbours[idx]:
            live[x] = True
    return board, live


class Position:
    """The state of one game of Ingenious under a ``Ruleset`` (data and read-only views)."""

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
        board, live = _empty_board(self.radius)
        self.board = board[:]
        self.index = geo.index
        #: live[c]: cell c touches a placed tile or a start symbol (the MSO placement rule)
        self.live = live[:]
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
        self.ply_log: list[PlyEntry] = []
        self.instant_winner: int | None = None

    def copy(self) -> Self:
        """An independent copy of the state."""
        cls = type(self)
        g = cls.__new__(cls)
        for name in Position.__slots__:
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

    # ------------------------------------------------------------------ stored state

    def state(self) -> dict[str, Any]:
        """What playing changes, as JSON data, so that a stored position is played on with
        ``from_state`` instead of replaying its record (the ruleset, seats, mode and names are
        the caller's to keep). Move generation's cache is left out: it is built again."""
        return {
            "version": STATE_VERSION,
            "players": self.players,
            "mode": self.mode,
            "board": self.board[:],
            "live": [int(x) for x in self.live],
            "scores": [s[:] for s in self._scores],
            "start_touched": [int(x) for x in self.start_touched],
            "seat_plies": self.seat_plies[:],
            "empty_pairs": self.empty_pairs,
            "on_board": self.on_board[:],
            "bag": self.bag[:],
            "bag_total": self.bag_total,
            "rack": [r[:] for r in self.rack],
            "rack_len": self.rack_len[:],
            "phase": self.phase,
            "turn": self.turn,
            "setup_next": self.setup_next,
            "placed_turn": self.placed_turn,
            "owed": self.owed,
            "swap_shown": self.swap_shown[:] if self.swap_shown is not None else None,
            "flagged": sorted(self._flagged),
            "plies": self.plies,
            "actions_applied": self.actions_applied,
            "ply_log": [list(entry) for entry in self.ply_log],
            "instant_winner": self.instant_winner,
        }

    @classmethod
    def from_state(
        cls, ruleset: Ruleset, state: dict[str, Any], names: list[str] | None = None
    ) -> Self:
        """The position ``state()`` gave, under the same ``ruleset``. Raises ``ValueError`` for
        a state of another layout or board."""
        if state.get("version") != STATE_VERSION:
            raise ValueError(f"a position state of version {state.get('version')!r}")
        pos = cls(ruleset, int(state["players"]), str(state["mode"]), names)
        if len(state["board"]) != len(pos.board) or len(state["live"]) != len(pos.live):
            raise ValueError("the state is of another board")
        pos.board = [int(x) for x in state["board"]]
        pos.live = [bool(x) for x in state["live"]]
        pos._scores = [[int(x) for x in side] for side in state["scores"]]
        pos.start_touched = [bool(x) for x in state["start_touched"]]
        pos.seat_plies = [int(x) for x in state["seat_plies"]]
        pos.empty_pairs = int(state["empty_pairs"])
        pos.on_board = [int(x) for x in state["on_board"]]
        pos.bag = [int(x) for x in state["bag"]]
        pos.bag_total = int(state["bag_total"])
        pos.rack = [[int(x) for x in rack] for rack in state["rack"]]
        pos.rack_len = [int(x) for x in state["rack_len"]]
        for name in ("phase", "turn", "setup_next", "placed_turn", "owed", "plies"):
            setattr(pos, name, int(state[name]))
        shown = state["swap_shown"]
        pos.swap_shown = [int(x) for x in shown] if shown is not None else None
        pos._flagged = {int(x) for x in state["flagged"]}
        pos.actions_applied = int(state["actions_applied"])
        pos.ply_log = [
            (int(s), str(t), int(a), int(b), int(i)) for s, t, a, b, i in state["ply_log"]
        ]
        winner = state["instant_winner"]
        pos.instant_winner = int(winner) if winner is not None else None
        return pos

    # ------------------------------------------------------------------ views

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

    def who(self, seat: int) -> str:
        if self.names is not None and 0 <= seat < len(self.names):
            return f"{self.names[seat]} (seat {seat})"
        return f"seat {seat}"

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
