"""The Tile Challenge (CHALLENGES.md, "Tile Challenge"; CHALLENGES-RECORD.md, "Tile Challenge").

126 tiles, 21 of each colour, face down in a pool. Target column: 7 with two or three players,
5 with four; rows stop there (no area restriction in this challenge). Every tile that comes out
of the pool is recorded (full and table mode are the same here). Counts per colour are kept for
the pool, the centre, the tiles in front of the player this turn and those out of the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NoReturn

from .board import ChallengeGame, colour_name, lowest_colours, plural

TILES_PER_COLOUR = 21
CENTRE = 3

REFILL, CHOOSE, DRAWN = "refill", "choose", "drawn"


def target_column(players: int) -> int:
    return 5 if players == 4 else 7


class TileChallenge(ChallengeGame):
    """A Tile Challenge game: ``apply`` one record action at a time."""

    challenge = "tile"
    restricted = False
    seatless = frozenset({"refill"})

    def __init__(self, players: Sequence[str], mode: str = "full") -> None:
        super().__init__(players, mode)
        self.top = self.goal = target_column(self.n)
        self.pool = [TILES_PER_COLOUR] * 6
        self.centre = [0] * 6
        #: The tiles in front of the player to move, drawn this turn (colour indices, in order).
        self.front: list[int] = []
        self.gone = [0] * 6
        self.phase = REFILL
        self.setup = True
        self.handlers = {
            "refill": self._refill,
            "draw": self._draw,
            "score": self._score,
            "free": self._free,
        }

    # ---------------------------------------------------------------- whose move

    def allowed(self) -> list[tuple[str, int | None]]:
        if self.phase == REFILL:
            return [("refill", None)]
        if self.phase == CHOOSE:
            return [("draw", self.turn), ("free", self.turn)]
        return [("draw", self.turn), ("score", self.turn)]

    def acting(self) -> int:
        return self.turn

    def refill_size(self) -> int:
        return min(CENTRE - sum(self.centre), sum(self.pool))

    def expected(self) -> str:
        who = self.who(self.turn)
        if self.phase == REFILL:
            n = plural(self.refill_size(), "tile")
            if self.setup:
                return f"the set-up turns up {n} in the centre"
            return f"{who}'s turn starts by refilling the centre ({n})"
        if self.phase == CHOOSE:
            return f"it is {who}'s turn to draw or take a free score"
        return f"{who} draws again or scores"

    def out_of_phase(self, kind: str, seat: int | None) -> NoReturn:
        if kind == "refill":
            self.fail("WRONG_PHASE", f"the centre needs no refill now: {self.expected()}")
        if self.phase == REFILL:
            self.fail("WRONG_PHASE", f"the centre is refilled first: {self.expected()}")
        assert seat is not None
        if seat != self.turn:
            self.not_your_turn(kind, seat)
        who = self.who(seat)
        if kind == "score":
            self.fail(
                "SCORE_NOT_ALLOWED",
                f"{who} may score only after a draw that did not end the turn",
            )
        self.fail(
            "FREE_NOT_ALLOWED",
            f"a free score replaces the turn's first draw: {who} has drawn already",
        )

    # ---------------------------------------------------------------- turns

    def free_possible(self, seat: int) -> bool:
        return any(self.centre[c] for c in lowest_colours(self.rows[seat]))

    def start_turn(self, seat: int) -> None:
        """A turn (bonus turns too) starts by filling the centre; with nothing left to do the
        supply has run out and the game ends (CHALLENGES.md, "Common to all three")."""
        self.turn = seat
        self.front = []
        if sum(self.centre) < CENTRE and sum(self.pool) > 0:
            self.phase = REFILL
        else:
            self.choose()

    def choose(self) -> None:
        if not sum(self.pool) and not self.free_possible(self.turn):
            self.end_by_result()
        else:
            self.phase = CHOOSE

    def end_turn(self) -> None:
        if self.owed:
            self.owed -= 1
            self.start_turn(self.turn)
        else:
            self.start_turn((self.turn + 1) % self.n)

    def where(self, c: int) -> str:
        held = self.front.count(c)
        return (
            f"of the {TILES_PER_COLOUR}, {self.centre[c]} in the centre, {held} in front of "
            f"{self.who(self.turn)} and {self.gone[c]} out of the game"
        )

    def tiles_arg(self, value: Any) -> list[int]:
        if type(value) is not list:
            self.fail("BAD_RECORD", '"tiles" must be a list of colour letters such as ["R", "G"]')
        return [self.colour_arg(t, "each tile") for t in value]

    # ---------------------------------------------------------------- actions

    def _refill(self, action: dict[str, Any], seat: int | None) -> None:
        tiles = self.tiles_arg(action.get("tiles"))
        want = self.refill_size()
        if len(tiles) != want:
            self.fail(
                "DRAW_MISMATCH",
                f"the refill brings the centre back to three: {plural(want, 'tile')} "
                f"(the centre holds {sum(self.centre)}, the pool {sum(self.pool)}), "
                f"not {len(tiles)}",
            )
        pool = list(self.pool)
        for c in tiles:
            if pool[c] <= 0:
                self.fail(
                    "DRAW_MISMATCH", f"the pool holds no more {colour_name(c)} ({self.where(c)})"
                )
            pool[c] -= 1
        self.pool = pool
        for c in tiles:
            self.centre[c] += 1
        self.setup = False
        self.choose()

    def _draw(self, action: dict[str, Any], seat: int | None) -> None:
        assert seat is not None
        c = self.colour_arg(action.get("tile"), '"tile"')
        if not sum(self.pool):
            self.fail("DRAW_MISMATCH", "the pool is empty: no tile can be drawn")
        if self.pool[c] <= 0:
            self.fail("DRAW_MISMATCH", f"the pool holds no more {colour_name(c)} ({self.where(c)})")
        self.pool[c] -= 1
        ends = c in self.front or not self.centre[c]
        self.front.append(c)
        if not ends:
            self.phase = DRAWN
            return
        for f in self.front:
            self.centre[f] += 1
        self.front = []
        self.end_turn()

    def _score(self, action: dict[str, Any], seat: int | None) -> None:
        assert seat is not None
        counts = [0] * 6
        for c in self.front:
            counts[c] += 1
        for c in set(self.front):
            counts[c] += self.centre[c]
            self.centre[c] = 0
        self.score_tiles(seat, counts)

    def _free(self, action: dict[str, Any], seat: int | None) -> None:
        assert seat is not None
        c = self.colour_arg(action.get("colour"), '"colour"')
        lows = lowest_colours(self.rows[seat])
        if c not in lows:
            names = ", ".join(colour_name(x) for x in lows)
            self.fail(
                "FREE_NOT_ALLOWED",
                f"a free score takes one of {self.who(seat)}'s lowest rows ({names}), "
                f"not {colour_name(c)}",
            )
        if not self.centre[c]:
            self.fail("NO_MATCH", f"no tile in the centre shows {colour_name(c)}")
        counts = [0] * 6
        counts[c], self.centre[c] = self.centre[c], 0
        self.score_tiles(seat, counts)

    def score_tiles(self, seat: int, counts: list[int]) -> None:
        """One point per tile in its colour; a point past the target is lost and its tile goes
        back into the pool, the other tiles leave the game."""
        for c, k in enumerate(counts):
            kept = self.score(seat, c, k)
            self.pool[c] += k - kept
            self.gone[c] += kept
        self.front = []
        if not self.won(seat):
            self.end_turn()
