"""The Dice Challenge (CHALLENGES.md, "Dice Challenge"; CHALLENGES-RECORD.md, "Dice Challenge").

Nine dice, each showing the six colours: two players roll 4 each, three 3, four 2. Every roll is
recorded (full and table mode are the same here). A seat's dice show its last roll, for the
others to match; with the optional starting rule a seat that has not rolled yet shows nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, NoReturn

from games.engine.tiles import COLOURS

from .board import ChallengeGame, plural

DICE_PER_SEAT: dict[int, int] = {2: 4, 3: 3, 4: 2}
#: Rolls a turn may have: the first and at most two re-rolls.
MAX_ROLLS = 3

SETUP, ROLL = "setup", "roll"


def letters(faces: Sequence[int]) -> str:
    return " ".join(COLOURS[f] for f in faces)


class DiceChallenge(ChallengeGame):
    """A Dice Challenge game: ``apply`` one record action at a time."""

    challenge = "dice"

    def __init__(self, players: Sequence[str], mode: str = "full", setup_roll: bool = True) -> None:
        super().__init__(players, mode)
        self.dice = DICE_PER_SEAT[self.n]
        self.setup_roll = setup_roll
        #: Each seat's dice as colour indices (its last roll), ``None`` before its first roll.
        self.faces: list[list[int] | None] = [None] * self.n
        #: Rolls made in the current turn (0 to 3).
        self.rolls = 0
        self.phase = SETUP if setup_roll else ROLL
        self.setup_next = 0
        #: Whether the current turn is a bonus turn (for messages).
        self.owed_turn = False
        self.handlers = {"roll": self._roll, "resolve": self._resolve}

    # ---------------------------------------------------------------- whose move

    def allowed(self) -> list[tuple[str, int | None]]:
        if self.phase == SETUP:
            return [("roll", self.setup_next)]
        if self.rolls == 0:
            return [("roll", self.turn)]
        if self.rolls < MAX_ROLLS:
            return [("roll", self.turn), ("resolve", self.turn)]
        return [("resolve", self.turn)]

    def acting(self) -> int:
        return self.setup_next if self.phase == SETUP else self.turn

    def expected(self) -> str:
        if self.phase == SETUP:
            return f"{self.who(self.setup_next)} makes the set-up roll next"
        who = self.who(self.turn)
        if self.rolls == 0:
            bonus = " (a bonus turn)" if self.owed_turn else ""
            return f"it is {who}'s turn to roll{bonus}"
        if self.rolls < MAX_ROLLS:
            return f"{who} re-rolls or resolves the roll"
        return f"{who} resolves the third roll"

    def out_of_phase(self, kind: str, seat: int | None) -> NoReturn:
        if self.phase == SETUP:
            self.fail("WRONG_PHASE", f"the set-up roll is not finished: {self.expected()}")
        assert seat is not None
        if seat != self.turn:
            self.not_your_turn(kind, seat)
        who = self.who(seat)
        if kind == "resolve":
            self.fail("ROLL_REQUIRED", f"{who} must roll before resolving")
        self.fail(
            "TOO_MANY_ROLLS", f"{who} has rolled three times this turn: the third roll stands"
        )

    # ---------------------------------------------------------------- actions

    def _roll(self, action: dict[str, Any], seat: int | None) -> None:
        assert seat is not None
        faces = action.get("faces")
        want = plural(self.dice, "face")
        if type(faces) is not list:
            self.fail("BAD_ROLL", f'"faces" must be a list of {want} (one per die), not {faces!r}')
        if len(faces) != self.dice:
            self.fail(
                "BAD_ROLL",
                f"{self.who(seat)} rolls {self.dice} dice: the roll must show {want}, "
                f"not {len(faces)}",
            )
        rolled = [self.colour_arg(f, "each face", "BAD_ROLL") for f in faces]
        self.faces[seat] = rolled
        if self.phase == SETUP:
            self.setup_next += 1
            if self.setup_next == self.n:
                self.phase, self.turn, self.rolls = ROLL, 0, 0
        else:
            self.rolls += 1

    def others(self, seat: int) -> Counter[int]:
        """The colours shown by the other seats' dice."""
        out: Counter[int] = Counter()
        for s, f in enumerate(self.faces):
            if s != seat and f is not None:
                out.update(f)
        return out

    def steps_arg(self, steps: Any) -> list[tuple[list[int], int]]:
        """The steps as (dice used, colour scored); a match uses one die of its own colour."""
        if type(steps) is not list:
            self.fail("BAD_RECORD", '"steps" must be a list of steps such as {"match": "R"}')
        out: list[tuple[list[int], int]] = []
        for i, step in enumerate(steps):
            what = f"step {i}"
            if type(step) is not dict or not (
                set(step) == {"match"} or set(step) == {"wild", "colour"}
            ):
                self.fail(
                    "BAD_RECORD",
                    f'{what} must be {{"match": colour}} or {{"wild": [faces], "colour": colour}}',
                )
            if "match" in step:
                c = self.colour_arg(step["match"], f'the "match" of {what}')
                out.append(([c], c))
                continue
            wild = step["wild"]
            if type(wild) is not list:
                self.fail("BAD_RECORD", f'the "wild" of {what} must be a list of faces')
            faces = [self.colour_arg(f, f'each face of the "wild" of {what}') for f in wild]
            if not 2 <= len(faces) <= 4 or len(set(faces)) != 1:
                self.fail(
                    "WILD_NOT_ALLOWED",
                    f"{what}: a wild score uses two to four equal faces, not {letters(faces)}",
                )
            colour = self.colour_arg(step["colour"], f'the "colour" of {what}')
            out.append((faces, colour))
        return out

    def _resolve(self, action: dict[str, Any], seat: int | None) -> None:
        assert seat is not None
        steps = self.steps_arg(action.get("steps"))
        roll = self.faces[seat]
        assert roll is not None
        used = [f for dice, _c in steps for f in dice]
        if sorted(used) != sorted(roll):
            self.fail(
                "DICE_MISMATCH",
                f"the steps use {letters(sorted(used)) or 'no dice'} but the roll shows "
                f"{letters(sorted(roll))}: every die is used exactly once",
            )
        shown = self.others(seat)
        for dice, colour in steps:
            points = shown[colour] if len(dice) == 1 else len(dice) - 1
            self.score(seat, colour, points)
        self.rolls = 0
        if self.won(seat):
            return
        if self.owed:
            self.owed -= 1
            self.owed_turn = True
        else:
            self.turn = (self.turn + 1) % self.n
            self.owed_turn = False
