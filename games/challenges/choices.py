"""What the seat to act may do now, option by option, with what each would score: the controls
of a recording page offer exactly these (``choices``). Every option is legal by the rules the
game applies; a page that offers only these never shows a control the engine would refuse
(except a table-mode swap, whose shown hand the arbiter reads off the table: its kinds are
narrowed to those a legal one may hold).

- Card: the cards the seat may play (full mode: its hand; table mode: every kind of which a copy
  may still be in a hand) with each symbol first, the set-up's face-up cards, the swap.
- Dice: a roll or a re-roll, and the steps that may score the roll (a die matched, or equal faces
  used wild for a colour), with the points of each.
- Tile: the refill, the colours a draw may bring (and whether it would end the turn), the score
  and the free scores.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from games.engine.tiles import COLOURS

from .board import ChallengeGame, Scored, lowest_colours
from .card import CARD_KINDS, FACEUP, HAND, CardChallenge
from .dice import MAX_ROLLS, SETUP, DiceChallenge
from .tile import CHOOSE, DRAWN, TileChallenge
from .tile import REFILL as TILE_REFILL


@dataclass(frozen=True)
class CardPlay:
    """A card the seat may play, with the symbol scored first, and what it would score."""

    card: str
    first: str
    scored: tuple[Scored, ...]
    bonus: int


@dataclass(frozen=True)
class CardChoices:
    """The Card Challenge now. ``seat`` acts (deals, turns up, plays or draws); in table mode,
    after a turn without a draw, ``swap_seat`` (the seat that has just played) may swap instead
    of ``seat`` playing."""

    seat: int
    #: The action due: deal, faceup, play, post (after the turn: swap, then draw) or refill.
    phase: str
    #: Set-up: cards each seat turns up; table mode: the kinds that may be turned up.
    faceup_count: int
    faceup_kinds: tuple[str, ...]
    plays: tuple[CardPlay, ...]
    #: Whether the turn's player may swap now, and who that is.
    may_swap: bool
    swap_seat: int | None
    #: Table mode: the kinds a shown hand may hold (none of the lowest rows' colours) with the
    #: copies that may be in it, and the hand's size.
    swap_kinds: tuple[tuple[str, int], ...]
    swap_size: int
    #: Full mode: the cards the draw brings.
    draw_count: int


@dataclass(frozen=True)
class DiceStep:
    """A step that may score the roll: ``faces`` (one die matched, or two to four equal faces
    used wild) scoring ``points`` in ``colour``, before the area restriction."""

    faces: tuple[str, ...]
    colour: str
    points: int

    @property
    def wild(self) -> bool:
        return len(self.faces) > 1


@dataclass(frozen=True)
class DiceChoices:
    seat: int
    dice: int
    setup: bool
    may_roll: bool
    #: The roll a roll would be (1 to 3; 0 at set-up).
    next_roll: int
    may_resolve: bool
    #: The faces to score (the seat's last roll), in colour order.
    roll: tuple[str, ...]
    steps: tuple[DiceStep, ...]
    #: Every die matched, in colour order: what that would score.
    all_matched: tuple[Scored, ...]
    bonus_if_matched: int


@dataclass(frozen=True)
class TileDraw:
    """A colour a draw may bring (the pool still holds ``left``), and whether it ends the turn."""

    colour: str
    left: int
    ends: bool


@dataclass(frozen=True)
class TileFree:
    colour: str
    scored: tuple[Scored, ...]
    bonus: int


@dataclass(frozen=True)
class TileChoices:
    seat: int
    #: Tiles the refill brings (0: no refill due); the pool's colours (those left).
    refill: int
    pool: tuple[tuple[str, int], ...]
    draws: tuple[TileDraw, ...]
    may_score: bool
    score: tuple[Scored, ...]
    score_bonus: int
    frees: tuple[TileFree, ...]


Choices = CardChoices | DiceChoices | TileChoices


def choices(game: ChallengeGame) -> Choices | None:
    """What the seat to act may do now; ``None`` once the game is over."""
    if game.over:
        return None
    if isinstance(game, CardChallenge):
        return card_choices(game)
    if isinstance(game, DiceChallenge):
        return dice_choices(game)
    if isinstance(game, TileChallenge):
        return tile_choices(game)
    raise TypeError(f"no choices for {type(game).__name__}")


# ---------------------------------------------------------------- Card


def playable_kinds(game: CardChallenge, seat: int) -> tuple[str, ...]:
    """The kinds ``seat`` may play: full mode, those in its hand; table mode, those of which a
    copy may be in a hand (not all four face up or in the discard pile)."""
    if game.full:
        return tuple(k for k in CARD_KINDS if game.hands[seat][k])
    return tuple(k for k in CARD_KINDS if game.possible(k) > 0)


def card_plays(game: CardChallenge, seat: int) -> tuple[CardPlay, ...]:
    """Each card ``seat`` may play, each symbol first, and what it would score now."""
    out = []
    for card in playable_kinds(game, seat):
        for first in card:
            second = card[1] if first == card[0] else card[0]
            steps = [(COLOURS.index(x), game.matching(x)) for x in (first, second)]
            scored, bonus = game.preview(seat, steps)
            out.append(CardPlay(card, first, scored, bonus))
    return tuple(out)


def card_choices(game: CardChallenge) -> CardChoices:
    seat = game.acting()
    phase = game.phase
    allowed = game.allowed()
    swapper = next((s for t, s in allowed if t == "swap"), None)
    may_swap = swapper is not None and (not game.full or game.swap_allowed(swapper))
    swap_kinds: tuple[tuple[str, int], ...] = ()
    if swapper is not None and not game.full:
        lows = {COLOURS[c] for c in lowest_colours(game.rows[swapper])}
        swap_kinds = tuple(
            (k, min(game.possible(k), game.hand_size[swapper]))
            for k in CARD_KINDS
            if not set(k) & lows and game.possible(k) > 0
        )
        # a hand of the shown size must be possible from those kinds
        size = game.hand_size[swapper]
        may_swap = size > 0 and sum(n for _k, n in swap_kinds) >= size
    plays = card_plays(game, seat) if ("play", seat) in allowed else ()
    faceup_kinds: tuple[str, ...] = ()
    if phase == FACEUP and not game.full:
        faceup_kinds = tuple(k for k in CARD_KINDS if game.possible(k) > 0)
    draws = ("draw", seat) in allowed
    return CardChoices(
        seat=seat,
        phase=phase,
        faceup_count=game.faceup_count,
        faceup_kinds=faceup_kinds,
        plays=plays,
        may_swap=may_swap,
        swap_seat=swapper if may_swap else None,
        swap_kinds=swap_kinds if may_swap else (),
        swap_size=game.hand_size[swapper] if swapper is not None else 0,
        draw_count=HAND - game.hand_size[seat] if draws else 0,
    )


# ---------------------------------------------------------------- Dice


def dice_steps(game: DiceChallenge, seat: int, roll: list[int]) -> tuple[DiceStep, ...]:
    """The steps that may score ``roll``: each colour rolled matched (one point per die of that
    colour among the other seats), and two to four equal faces wild for any colour (a pair 1,
    three 2, four 3)."""
    shown = game.others(seat)
    counts = Counter(roll)
    out = [DiceStep((COLOURS[c],), COLOURS[c], shown[c]) for c in sorted(counts)]
    for c in sorted(counts):
        for size in range(2, min(counts[c], 4) + 1):
            out.extend(DiceStep((COLOURS[c],) * size, target, size - 1) for target in COLOURS)
    return tuple(out)


def dice_choices(game: DiceChallenge) -> DiceChoices:
    seat = game.acting()
    allowed = game.allowed()
    setup = game.phase == SETUP
    may_resolve = ("resolve", seat) in allowed
    roll = sorted(game.faces[seat] or []) if may_resolve else []
    matched: tuple[Scored, ...] = ()
    bonus = 0
    if may_resolve:
        shown = game.others(seat)
        matched, bonus = game.preview(seat, [(c, shown[c]) for c in roll])
    return DiceChoices(
        seat=seat,
        dice=game.dice,
        setup=setup,
        may_roll=("roll", seat) in allowed,
        next_roll=0 if setup else min(game.rolls + 1, MAX_ROLLS),
        may_resolve=may_resolve,
        roll=tuple(COLOURS[c] for c in roll),
        steps=dice_steps(game, seat, roll) if may_resolve else (),
        all_matched=matched,
        bonus_if_matched=bonus,
    )


# ---------------------------------------------------------------- Tile


def tile_choices(game: TileChallenge) -> TileChoices:
    seat = game.turn
    pool = tuple((COLOURS[c], k) for c, k in enumerate(game.pool) if k)
    draws: tuple[TileDraw, ...] = ()
    if game.phase in (CHOOSE, DRAWN) and any(game.pool):
        # a draw ends the turn when its colour was drawn already or is not in the centre
        draws = tuple(
            TileDraw(COLOURS[c], k, c in game.front or not game.centre[c])
            for c, k in enumerate(game.pool)
            if k
        )
    score: tuple[Scored, ...] = ()
    score_bonus = 0
    if game.phase == DRAWN:
        counts = [0] * 6
        for f in game.front:
            counts[f] += 1
        for f in set(game.front):
            counts[f] += game.centre[f]
        score, score_bonus = game.preview(seat, [(c, k) for c, k in enumerate(counts) if k])
    frees = []
    if game.phase == CHOOSE:
        for c in lowest_colours(game.rows[seat]):
            if game.centre[c]:
                scored, bonus = game.preview(seat, [(c, game.centre[c])])
                frees.append(TileFree(COLOURS[c], scored, bonus))
    return TileChoices(
        seat=seat,
        refill=max(game.refill_size(), 0) if game.phase == TILE_REFILL else 0,
        pool=pool,
        draws=draws,
        may_score=game.phase == DRAWN,
        score=score,
        score_bonus=score_bonus,
        frees=tuple(frees),
    )
