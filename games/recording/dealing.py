"""An online board's game is dealt by the site (full mode, RECORD-FORMAT.md): every tile that
leaves the bag is a ``draw`` in the game's log, so the record is complete and every rule is
checked. The bag is the server's: a draw takes its tiles from what the bag holds then, chosen by
a ``random.Random`` seeded with the game's seed and the draw's index in the record (the record
actions before it), so no one can know a tile before it is drawn (the seed is never shown), the
same record deals the same tiles, and a turn taken back and played again draws what it drew.

The engine decides when a draw is due: each seat's first rack (set-up), a new rack after a swap,
and the refill that ends a turn. The refill waits while the seat may still swap: it is dealt
when the turn ends (the next action of another seat, or the clock's press).

Duplicate boards (the event's ``duplicate_boards``): every online board of a round is dealt from
the round's seed (``Round.seed``, stored as each game's seed) in one fixed order, the front of
the bag first (:func:`games.engine.deal.duplicate_bag`), so the boards draw the same tiles in the
same order; the record stays a full-mode record of explicit draws, replayed and checked as any."""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import Any

from games.engine.deal import SEED_BITS, duplicate_bag
from games.engine.game import Game as EngineGame
from games.engine.position import POST, SETUP, SWAP_DRAW
from games.engine.tiles import TILE_KINDS


def new_seed() -> int:
    """A fresh seed for one game: from the operating system's randomness, never guessable."""
    return secrets.randbits(SEED_BITS)


def drawn(bag: list[int], want: int, seed: int, index: int) -> list[str]:
    """``want`` tiles (kinds) from a bag of ``bag[k]`` tiles of each kind, as the game's seed
    draws them at record index ``index``."""
    tiles = [kind for kind, n in zip(TILE_KINDS, bag, strict=True) for _ in range(n)]
    return random.Random(f"online:{seed}:{index}").sample(tiles, min(want, len(tiles)))


def due(
    eng: EngineGame,
    seed: int,
    *,
    turn_over: bool,
    duplicate: Sequence[dict[str, Any]] | None = None,
) -> dict[str, Any] | None:
    """The draw the site deals now, if one is due: a first rack, a new rack after a swap, or
    (``turn_over``: the turn has ended) the refill; None otherwise. ``duplicate``: a duplicate
    board's record so far (its actions), whose tiles come from the front of the round's bag."""
    if not eng.full:
        return None
    phase = eng.phase
    if phase == SETUP:
        seat, want = eng.setup_next, eng.rack_size
    elif phase == SWAP_DRAW:
        seat, want = eng.turn, eng.rack_size
    elif phase == POST and turn_over:
        seat, want = eng.turn, eng.rack_size - eng.rack_len[eng.turn]
    else:
        return None
    want = min(want, eng.bag_total)
    if duplicate is None:
        tiles = drawn(eng.bag, want, seed, eng.actions_applied)
    else:
        tiles = duplicate_bag(seed, duplicate)[:want]
    return {"type": "draw", "player": seat, "tiles": tiles}


def deal(
    eng: EngineGame,
    seed: int,
    *,
    turn_over: bool = False,
    duplicate: Sequence[dict[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """Every draw due now, applied to ``eng`` in order (the set-up deals each seat's rack in
    turn; a refill is followed by nothing: the next seat places). ``duplicate``: as for
    :func:`due` (the record before these draws)."""
    draws: list[dict[str, Any]] = []
    record = None if duplicate is None else list(duplicate)
    while (action := due(eng, seed, turn_over=turn_over, duplicate=record)) is not None:
        eng.apply(action)
        draws.append(action)
        if record is not None:
            record.append(action)
        turn_over = False  # one refill ends one turn
    return draws
