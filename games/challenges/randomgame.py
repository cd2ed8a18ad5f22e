"""Random legal complete games of the challenges (for tests, benchmarks and the command line).

``random_game`` plays random choices through the real engine (every action applied and checked
as it is recorded) and returns the record; it is deterministic per seed. Random outcomes (the
deck, the dice, the pool) are drawn from what the engine says is left, so a full-mode record
always agrees with the supply. A table-mode record is the same game as the arbiter sees it.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games.engine.tiles import COLOURS

from .board import CHALLENGES, MODES, lowest_colours
from .card import HAND, PLAY, POST, CardChallenge
from .dice import DiceChallenge
from .record import ChallengeRecord
from .tile import CHOOSE, REFILL, TileChallenge

#: A safety net: no random game comes near this many actions.
MAX_ACTIONS = 100_000


def draw_one(rng: random.Random, counts: Counter[str]) -> str:
    """One item drawn at random from a multiset (deterministic order for a seed)."""
    items = sorted(counts.elements())
    return items[int(rng.random() * len(items))]


def deal_cards(game: CardChallenge, k: int, rng: random.Random) -> list[str]:
    """``k`` cards from the top of a shuffled deck, the discard pile shuffled in when it runs
    out (as ``CardChallenge.take`` reads it)."""
    deck, discard = Counter(game.deck), Counter(game.discard)
    out = []
    for _ in range(k):
        if deck.total() == 0:
            deck, discard = discard, Counter()
        c = draw_one(rng, +deck)
        deck[c] -= 1
        out.append(c)
        if deck.total() == 0:
            deck, discard = discard, Counter()
    return out


def _card_actions(
    game: CardChallenge, rng: random.Random, swap_chance: float
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The full-mode and table-mode actions of one random Card Challenge game."""
    full: list[dict[str, Any]] = []
    table: list[dict[str, Any]] = []

    def act(a: dict[str, Any], seen: dict[str, Any] | None) -> None:
        game.apply(a)
        full.append(a)
        if seen is not None:
            table.append(seen)

    for p in range(game.n):
        act({"type": "deal", "player": p, "cards": deal_cards(game, HAND, rng)}, None)
    for p in range(game.n):
        a = {"type": "faceup", "player": p, "cards": deal_cards(game, game.faceup_count, rng)}
        act(a, dict(a))
    while not game.over and len(full) < MAX_ACTIONS:
        p = game.turn
        if game.phase == PLAY:
            card = draw_one(rng, game.hands[p])
            a = {"type": "play", "player": p, "card": card, "first": rng.choice(card)}
            act(a, dict(a))
            continue
        if game.phase == POST and game.swap_allowed(p) and rng.random() < swap_chance:
            hand = sorted(game.hands[p].elements())
            act({"type": "swap", "player": p}, {"type": "swap", "player": p, "hand": hand})
        cards = deal_cards(game, HAND - game.hand_size[p], rng)
        act({"type": "draw", "player": p, "cards": cards}, None)
    return full, table


def dice_steps(game: DiceChallenge, faces: list[int], rng: random.Random) -> list[dict[str, Any]]:
    """Random steps using every die once: equal faces sometimes wild, the rest matched."""
    steps: list[dict[str, Any]] = []
    lows = lowest_colours(game.rows[game.turn])
    for colour, count in sorted(Counter(faces).items()):
        left = count
        while left >= 2 and rng.random() < 0.5:
            size = rng.randint(2, left)
            wild_colour = COLOURS[rng.choice(lows) if rng.random() < 0.7 else rng.randrange(6)]
            steps.append({"wild": [COLOURS[colour]] * size, "colour": wild_colour})
            left -= size
        steps.extend({"match": COLOURS[colour]} for _ in range(left))
    rng.shuffle(steps)
    return steps


def _dice_actions(game: DiceChallenge, rng: random.Random, reroll: float) -> list[dict[str, Any]]:
    actions: list[dict[str, Any]] = []

    def act(a: dict[str, Any]) -> None:
        game.apply(a)
        actions.append(a)

    def roll(p: int) -> list[int]:
        faces = [rng.randrange(6) for _ in range(game.dice)]
        act({"type": "roll", "player": p, "faces": [COLOURS[f] for f in faces]})
        return faces

    if game.setup_roll:
        for p in range(game.n):
            roll(p)
    while not game.over and len(actions) < MAX_ACTIONS:
        p = game.turn
        faces = roll(p)
        while game.rolls < 3 and rng.random() < reroll:
            faces = roll(p)
        act({"type": "resolve", "player": p, "steps": dice_steps(game, faces, rng)})
    return actions


def _tile_actions(
    game: TileChallenge, rng: random.Random, free_chance: float, draw_again: float
) -> list[dict[str, Any]]:
    actions: list[dict[str, Any]] = []

    def act(a: dict[str, Any]) -> None:
        game.apply(a)
        actions.append(a)

    def pool() -> Counter[str]:
        return Counter({COLOURS[c]: k for c, k in enumerate(game.pool) if k})

    while not game.over and len(actions) < MAX_ACTIONS:
        p = game.turn
        if game.phase == REFILL:
            left = pool()
            tiles = []
            for _ in range(game.refill_size()):
                t = draw_one(rng, left)
                left[t] -= 1
                left = +left
                tiles.append(t)
            act({"type": "refill", "tiles": tiles})
            continue
        empty = not sum(game.pool)
        if game.phase == CHOOSE and game.free_possible(p) and (empty or rng.random() < free_chance):
            lows = [c for c in lowest_colours(game.rows[p]) if game.centre[c]]
            act({"type": "free", "player": p, "colour": COLOURS[rng.choice(lows)]})
        elif game.phase == CHOOSE or (not empty and rng.random() < draw_again):
            act({"type": "draw", "player": p, "tile": draw_one(rng, pool())})
        else:
            act({"type": "score", "player": p})
    return actions


def random_game(
    challenge: str = "card",
    players: int = 2,
    seed: int = 0,
    mode: str = "full",
    *,
    setup_roll: bool = True,
    swap_chance: float = 0.5,
    reroll_chance: float = 0.3,
    free_chance: float = 0.5,
    draw_again: float = 0.5,
) -> ChallengeRecord:
    """A random, legal, complete game as a ``ChallengeRecord``."""
    if challenge not in CHALLENGES:
        raise ValueError(f"challenge must be card, dice or tile, not {challenge!r}")
    if not 2 <= players <= 4:
        raise ValueError(f"a challenge is for 2 to 4 players, not {players}")
    if mode not in MODES:
        raise ValueError(f"mode must be 'full' or 'table', not {mode!r}")
    rng = random.Random(seed)
    names = [f"Player {i + 1}" for i in range(players)]
    options: dict[str, Any] = {}
    if challenge == "card":
        full, table = _card_actions(CardChallenge(names), rng, swap_chance)
        actions = full if mode == "full" else table
    elif challenge == "dice":
        if not setup_roll:
            options["setup_roll"] = False
        dice = DiceChallenge(names, "full", setup_roll)
        actions = _dice_actions(dice, rng, reroll_chance)
    else:
        actions = _tile_actions(TileChallenge(names), rng, free_chance, draw_again)
    return ChallengeRecord(challenge, mode, names, actions, options)
