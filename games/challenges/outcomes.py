"""What one action did, for the sentences of a page or a log ("Ada plays RB, red first: red +3,
blue +1"): ``apply_with_outcome`` applies an action like ``ChallengeGame.apply`` (every rule
checked, ``IllegalAction`` on a refusal, the game then unchanged) and returns an ``Outcome``,
structured data and no words: the words are the reader's, in their language, on the site's
side.

The points of a scoring action are worked out from the position before it, one point at a time
as ``ChallengeGame.score`` adds them (``preview_points``), so each step says what it brought and
what was lost past the top or to the area restriction.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.engine.tiles import COLOURS

from .board import COLOUR_INDEX, ChallengeGame, Scored, preview_points
from .card import PLAY, CardChallenge, card_kind
from .dice import SETUP, DiceChallenge
from .tile import TileChallenge


@dataclass(frozen=True)
class Outcome:
    """One action and what it did. ``seat`` is ``None`` for a Tile Challenge refill."""

    kind: str
    seat: int | None
    #: The scoring steps, in the order scored (Card: the first symbol, then the other).
    scored: tuple[Scored, ...] = ()
    #: Bonus turns earned; ``bonus_lost``: those lost at once (Card: the hand is empty).
    bonus: int = 0
    bonus_lost: int = 0
    over: bool = False
    winner: int | None = None
    #: Whose move it is after the action (``None`` once the game is over).
    to_move: int | None = None
    # ---- Card Challenge
    card: str = ""
    first: str = ""
    #: The cards dealt, turned up, drawn, or shown in a swap.
    cards: tuple[str, ...] = ()
    #: The face-up card a play sent to the discard pile.
    discarded: tuple[str, ...] = ()
    # ---- Dice Challenge
    faces: tuple[str, ...] = ()
    #: The turn's roll a roll is (1 to 3); 0 for the set-up roll.
    roll: int = 0
    # ---- Tile Challenge
    tile: str = ""
    #: A draw that ended the turn; ``again``: because its colour was drawn already this turn.
    ends: bool = False
    again: bool = False
    #: The tiles that went from in front of the player to the centre when the turn ended.
    returned: tuple[str, ...] = ()


def _letters(value: Any) -> tuple[str, ...]:
    return tuple(str(v) for v in value) if isinstance(value, list) else ()


def _cards(value: Any) -> tuple[str, ...]:
    return tuple(card_kind(v) or str(v) for v in value) if isinstance(value, list) else ()


def _scored(
    game: ChallengeGame, row: Sequence[int], used: set[int], steps: Sequence[tuple[int, int]]
) -> tuple[tuple[Scored, ...], int]:
    return preview_points(row, used, steps, game.top, game.restricted)


def apply_with_outcome(game: ChallengeGame, action: Any) -> Outcome:
    """Apply ``action`` to ``game`` (raises ``IllegalAction`` as ``apply`` does) and say what it
    did."""
    player = action.get("player") if isinstance(action, dict) else None
    seat = player if isinstance(player, int) and 0 <= player < game.n else None
    row = list(game.rows[seat]) if seat is not None else []
    used = set(game.bonus_used[seat]) if seat is not None else set()
    owed, before = game.owed, _before(game)
    game.apply(action)
    kind = action["type"]
    out: dict[str, Any] = {}
    scored: tuple[Scored, ...] = ()
    bonus = 0
    if isinstance(game, CardChallenge):
        out, steps = _card(game, action, before)
        if steps:
            scored, bonus = _scored(game, row, used, steps)
            owed_now = owed - (1 if before["plays"] else 0) + bonus
            if not game.over and game.phase != PLAY and owed_now > 0:
                out["bonus_lost"] = owed_now
    elif isinstance(game, DiceChallenge):
        out, steps, wild = _dice(game, action, before)
        if steps:
            scored, bonus = _scored(game, row, used, steps)
            scored = tuple(
                Scored(s.colour, s.points, s.kept, w) for s, w in zip(scored, wild, strict=True)
            )
    elif isinstance(game, TileChallenge):
        out, steps = _tile(action, before)
        if steps:
            scored, bonus = _scored(game, row, used, steps)
    return Outcome(
        kind=kind,
        seat=seat,
        scored=scored,
        bonus=bonus,
        over=game.over,
        winner=game.winner,
        to_move=game.to_move,
        **out,
    )


def _before(game: ChallengeGame) -> dict[str, Any]:
    """What an action's outcome is read against: the position before it."""
    if isinstance(game, CardChallenge):
        return {
            "faceup": [list(c) for c in game.faceup],
            "hands": [sorted(h.elements()) for h in game.hands],
            "plays": game.plays,
        }
    if isinstance(game, DiceChallenge):
        return {"faces": [None if f is None else list(f) for f in game.faces], "phase": game.phase}
    if isinstance(game, TileChallenge):
        return {"centre": list(game.centre), "front": list(game.front)}
    return {}


def _card(
    game: CardChallenge, action: dict[str, Any], before: dict[str, Any]
) -> tuple[dict[str, Any], list[tuple[int, int]]]:
    kind, seat = action["type"], int(action["player"])
    if kind in ("deal", "faceup", "draw"):
        return {"cards": _cards(action.get("cards"))}, []
    if kind == "swap":
        shown = action.get("hand") if "hand" in action else before["hands"][seat]
        return {"cards": _cards(shown)}, []
    card = card_kind(action.get("card")) or ""
    first = str(action.get("first"))
    second = card[1] if first == card[0] else card[0]
    faceup: list[list[str]] = before["faceup"]

    def matching(letter: str) -> int:
        return sum(letter in c for cards in faceup for c in cards)

    steps = [(COLOUR_INDEX[x], matching(x)) for x in (first, second)]
    return {"card": card, "first": first, "discarded": (faceup[seat][0],)}, steps


def _dice(
    game: DiceChallenge, action: dict[str, Any], before: dict[str, Any]
) -> tuple[dict[str, Any], list[tuple[int, int]], list[tuple[str, ...]]]:
    seat = action["player"]
    if action["type"] == "roll":
        roll = 0 if before["phase"] == SETUP else game.rolls
        return {"faces": _letters(action.get("faces")), "roll": roll}, [], []
    shown: Counter[int] = Counter()
    for s, faces in enumerate(before["faces"]):
        if s != seat and faces is not None:
            shown.update(faces)
    steps: list[tuple[int, int]] = []
    wild: list[tuple[str, ...]] = []
    for step in action["steps"]:
        if "match" in step:
            colour = COLOUR_INDEX[step["match"]]
            steps.append((colour, shown[colour]))
            wild.append(())
        else:
            steps.append((COLOUR_INDEX[step["colour"]], len(step["wild"]) - 1))
            wild.append(tuple(step["wild"]))
    return {}, steps, wild


def _tile(
    action: dict[str, Any], before: dict[str, Any]
) -> tuple[dict[str, Any], list[tuple[int, int]]]:
    kind = action["type"]
    centre: list[int] = before["centre"]
    front: list[int] = before["front"]
    if kind == "refill":
        return {"cards": _letters(action.get("tiles"))}, []
    if kind == "draw":
        tile = str(action.get("tile"))
        c = COLOUR_INDEX[tile]
        again = c in front
        ends = again or not centre[c]
        returned = tuple(COLOURS[f] for f in [*front, c]) if ends else ()
        return {"tile": tile, "ends": ends, "again": again, "returned": returned}, []
    if kind == "free":
        c = COLOUR_INDEX[action["colour"]]
        return {"tile": action["colour"]}, [(c, centre[c])]
    counts = [0] * 6
    for f in front:
        counts[f] += 1
    for f in set(front):
        counts[f] += centre[f]
    return {}, [(c, k) for c, k in enumerate(counts) if k]
