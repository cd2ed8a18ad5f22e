"""What the three challenges share: score boards, the area restriction, bonus turns, game end.

Rows are indexed by colour in the order of ``COLOURS`` (R G B O Y P), columns 0 to 10. Points are
added one at a time (CHALLENGES.md, "Common to all three"): a point that is lost stays lost even
if a later point of the same action lifts the last low peg.

``ChallengeGame`` is the base of the three games: it owns the rows, the bonus turns owed, the
result and the dispatch of an action to its handler after the checks every challenge shares
(game over, a well-formed action, whose turn it is, the phase).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from games.engine.errors import IllegalAction
from games.engine.score_track import winner as best_of
from games.engine.tiles import COLOUR_NAMES, COLOURS

CHALLENGES: tuple[str, ...] = ("card", "dice", "tile")
MODES: tuple[str, ...] = ("full", "table")
#: Every code an ``IllegalAction`` from a challenge may carry (CHALLENGES-RECORD.md).
CODES: tuple[str, ...] = (
    "BAD_RECORD",
    "GAME_OVER",
    "NOT_YOUR_TURN",
    "WRONG_PHASE",
    "CARD_NOT_IN_HAND",
    "SWAP_NOT_ALLOWED",
    "DRAW_MISMATCH",
    "BAD_ROLL",
    "TOO_MANY_ROLLS",
    "ROLL_REQUIRED",
    "DICE_MISMATCH",
    "WILD_NOT_ALLOWED",
    "NO_MATCH",
    "FREE_NOT_ALLOWED",
    "SCORE_NOT_ALLOWED",
)
#: The last column of a row (Card and Dice; the Tile Challenge stops at its target).
TOP = 10
#: Card and Dice: a player wins with all six pegs at this column or higher.
WIN_COLUMN = 7
COLOUR_INDEX: dict[str, int] = {c: i for i, c in enumerate(COLOURS)}
#: A handler checks and applies one kind of action: (action, seat or None).
Handler = Callable[[dict[str, Any], "int | None"], None]


def colour_name(c: int) -> str:
    return COLOUR_NAMES[COLOURS[c]]


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def point_lost(rows: Sequence[int], colour: int, top: int, restricted: bool) -> bool:
    """Whether one more point in ``colour`` is lost: past ``top``, or (with the scoring
    restriction) into columns 4-6 while a peg is in column 0, or into 7-10 while a peg is in 1-3."""
    to = rows[colour] + 1
    if to > top:
        return True
    if restricted:
        if 4 <= to <= 6 and min(rows) == 0:
            return True
        if to >= 7 and any(1 <= r <= 3 for r in rows):
            return True
    return False


@dataclass(frozen=True)
class Scored:
    """One scoring step of an action: the points it brings in ``colour`` (a letter) and those
    kept (the rest are lost past the top or to the area restriction); ``wild``: the dice faces a
    Dice Challenge step uses wild (empty for every other step)."""

    colour: str
    points: int
    kept: int
    wild: tuple[str, ...] = ()

    @property
    def lost(self) -> int:
        return self.points - self.kept


def add_points(
    row: list[int], used: set[int], colour: int, points: int, top: int, restricted: bool
) -> tuple[int, int]:
    """Add ``points`` to ``row[colour]`` one at a time (``row`` and ``used`` change in place);
    returns (points kept, bonus turns earned: a peg reaching ``top`` in a colour not in
    ``used``)."""
    kept = bonus = 0
    for _ in range(points):
        if point_lost(row, colour, top, restricted):
            continue
        row[colour] += 1
        kept += 1
        if row[colour] == top and colour not in used:
            used.add(colour)
            bonus += 1
    return kept, bonus


def preview_points(
    row: Sequence[int],
    used: Collection[int],
    steps: Sequence[tuple[int, int]],
    top: int,
    restricted: bool,
) -> tuple[tuple[Scored, ...], int]:
    """What ``steps`` ((colour, points) in the order scored) would do to ``row``, which is left
    as it is: each step as ``Scored``, and the bonus turns earned."""
    work, earned, bonus = list(row), set(used), 0
    out = []
    for colour, points in steps:
        kept, b = add_points(work, earned, colour, points, top, restricted)
        bonus += b
        out.append(Scored(COLOURS[colour], points, kept))
    return tuple(out), bonus


def lowest_colours(rows: Sequence[int]) -> list[int]:
    """The colours of the player's lowest rows (all tied-lowest)."""
    low = min(rows)
    return [c for c, r in enumerate(rows) if r == low]


def victory_points(rows: Sequence[int]) -> int:
    """Victory points of one challenge game: the player's lowest row."""
    return min(rows)


def result_winner(rows_by_seat: Sequence[Sequence[int]]) -> int | None:
    """The seat with the best result (lowest row, then second lowest...), ``None`` if shared."""
    return best_of(rows_by_seat)


class ChallengeGame:
    """The state every challenge shares, and the checks every action goes through.

    Subclasses set ``challenge``, ``restricted``, ``top`` (the column that earns a bonus and
    caps a row) and ``goal`` (the column all six rows must reach to win), fill ``handlers`` and
    implement ``allowed`` (the (type, seat) pairs legal now), ``acting`` (whose move it is) and
    ``out_of_phase`` (the error for an action type that is not due now).
    """

    challenge = ""
    restricted = True
    top = TOP
    goal = WIN_COLUMN
    #: Action types that name no seat.
    seatless: frozenset[str] = frozenset()

    def __init__(self, players: Sequence[str], mode: str = "full") -> None:
        if not 2 <= len(players) <= 4:
            raise ValueError(f"a challenge is for 2 to 4 players, not {len(players)}")
        if mode not in MODES:
            raise ValueError(f"mode must be 'full' or 'table', not {mode!r}")
        self.names = list(players)
        self.n = len(players)
        self.mode = mode
        self.full = mode == "full"
        self.rows: list[list[int]] = [[0] * 6 for _ in range(self.n)]
        #: Per seat, the colours whose bonus turn has been earned (once per colour per game).
        self.bonus_used: list[set[int]] = [set() for _ in range(self.n)]
        #: Bonus turns the seat to move is still owed.
        self.owed = 0
        self.turn = 0
        self.over = False
        self.winner: int | None = None
        self.actions_applied = 0
        self.handlers: dict[str, Handler] = {}

    # ---------------------------------------------------------------- to override

    def allowed(self) -> list[tuple[str, int | None]]:
        raise NotImplementedError

    def acting(self) -> int:
        raise NotImplementedError

    def out_of_phase(self, kind: str, seat: int | None) -> NoReturn:
        raise NotImplementedError

    def precheck(self, kind: str, action: dict[str, Any]) -> None:
        """Refuse an action the record's mode does not have (before whose turn it is)."""

    def expected(self) -> str:
        """What the next action is, in words (for messages)."""
        raise NotImplementedError

    # ---------------------------------------------------------------- messages

    def who(self, seat: int) -> str:
        return f"{self.names[seat]} (seat {seat})"

    def fail(self, code: str, message: str) -> NoReturn:
        raise IllegalAction(code, self.actions_applied, message)

    def colour_arg(self, value: Any, what: str, code: str = "BAD_RECORD") -> int:
        """The colour index of a colour letter from a record; raises for anything else."""
        c = COLOUR_INDEX.get(value) if type(value) is str else None
        if c is None:
            self.fail(code, f"{what} must be a colour letter ({' '.join(COLOURS)}), not {value!r}")
        return c

    # ---------------------------------------------------------------- scoring

    def score(self, seat: int, colour: int, points: int) -> int:
        """Add ``points`` to a row one at a time; returns the points kept. A peg reaching the top
        column earns a bonus turn, once per colour."""
        kept, bonus = add_points(
            self.rows[seat], self.bonus_used[seat], colour, points, self.top, self.restricted
        )
        self.owed += bonus
        return kept

    def preview(
        self, seat: int, steps: Sequence[tuple[int, int]]
    ) -> tuple[tuple[Scored, ...], int]:
        """What scoring ``steps`` ((colour, points), in order) would bring ``seat`` now, the game
        left as it is: each step as ``Scored``, and the bonus turns earned."""
        return preview_points(
            self.rows[seat], self.bonus_used[seat], steps, self.top, self.restricted
        )

    def won(self, seat: int) -> bool:
        """Whether the seat has all six rows at the goal (ends the game, that seat wins)."""
        if min(self.rows[seat]) >= self.goal:
            self.over = True
            self.winner = seat
            return True
        return False

    def end_by_result(self) -> None:
        """The supply ran out: the game ends and is decided like the board game."""
        self.over = True
        self.winner = result_winner(self.rows)

    # ---------------------------------------------------------------- applying

    @property
    def to_move(self) -> int | None:
        return None if self.over else self.acting()

    def apply(self, action: Any) -> None:
        """Check ``action`` against every rule and apply it; raises ``IllegalAction``."""
        if self.over:
            self.fail("GAME_OVER", f"the game is over: {self.over_words()}")
        if type(action) is not dict:
            self.fail("BAD_RECORD", "an action must be a JSON object")
        kind = action.get("type")
        handler = self.handlers.get(kind) if type(kind) is str else None
        if handler is None or type(kind) is not str:
            known = ", ".join(self.handlers)
            self.fail(
                "BAD_RECORD", f'"type" must be one of {known} in the {self.challenge} challenge'
            )
        self.precheck(kind, action)
        seat: int | None = None
        if kind not in self.seatless:
            p = action.get("player")
            if type(p) is not int or not 0 <= p < self.n:
                self.fail(
                    "BAD_RECORD", f'"player" must be a seat number 0 to {self.n - 1}, not {p!r}'
                )
            seat = p
        allowed = self.allowed()
        if (kind, seat) not in allowed:
            owners = [s for t, s in allowed if t == kind]
            if owners and seat is not None and owners[0] is not None:
                self.fail(
                    "NOT_YOUR_TURN",
                    f"{self.who(seat)} cannot {kind} now: it is {self.who(owners[0])}'s turn "
                    f"to {kind}",
                )
            self.out_of_phase(kind, seat)
        handler(action, seat)
        self.actions_applied += 1

    def not_your_turn(self, kind: str, seat: int) -> NoReturn:
        self.fail(
            "NOT_YOUR_TURN",
            f"{self.who(seat)} cannot {kind} now: {self.expected()}",
        )

    def over_words(self) -> str:
        if self.winner is None:
            return "it ended in a draw"
        return f"{self.who(self.winner)} won"

    def result(self) -> dict[str, Any]:
        """The command line's verdict on a legal record (without ``"file"``)."""
        return {
            "valid": True,
            "over": self.over,
            "rows": [list(r) for r in self.rows],
            "winner": self.winner,
            "to_move": self.to_move,
        }
