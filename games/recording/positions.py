"""The bridge from a game's log to the engine: replay, the cached summary of a position, records.

No database access here: callers pass the record's actions (the log's effective place, swap and
flag entries, in order), so the same code serves live games, imports and replay validation.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from games.engine.errors import RecordError
from games.engine.game import Game
from games.engine.gamerecord import Record
from games.engine.rulesets import make_ruleset
from games.engine.score_track import ranking
from games.engine.tiles import COLOURS, SUPPLY_BY_INDEX, TILE_KINDS

#: The position summary's layout; bump it when the summary's keys change.
SUMMARY_VERSION = 1
#: The stored position's key for the engine's own state (``Game.state()``), kept beside the
#: summary so that a write plays the next action on it; never shown.
ENGINE = "engine"

RESULT_BY_WINNER = {0: "1-0", 1: "0-1", None: "1/2-1/2"}
#: A game of three or four sides is decided by its placings (tournament's Result.TABLE).
TABLE_RESULT = "table"


#: The engine's modes: ``board`` as arbiters record a venue's board (no draws, racks unknown);
#: ``full`` an online board's game, dealt by the site (every draw in the record).
BOARD_MODE, FULL_MODE = "board", "full"


def new_engine(
    ruleset: str, options: dict[str, Any], names: Sequence[str], mode: str = BOARD_MODE
) -> Game:
    """An empty game: board mode, as arbiters record it (no draws), or full mode (dealt)."""
    return Game.new(make_ruleset(ruleset, **options), len(names), mode, list(names))


def replay(
    ruleset: str,
    options: dict[str, Any],
    names: Sequence[str],
    actions: Sequence[dict[str, Any]],
    mode: str = BOARD_MODE,
) -> Game:
    """The position after `actions`; raises the engine's IllegalAction at the first bad one."""
    game = new_engine(ruleset, options, names, mode)
    for action in actions:
        game.apply(action)
    return game


def stored(game: Game, record_length: int) -> dict[str, Any]:
    """What a game's row keeps of its position: the summary pages show, and the engine's state
    that the next write plays on."""
    return {**summarise(game, record_length), ENGINE: game.state()}


def shown(position: dict[str, Any]) -> dict[str, Any]:
    """A stored position as pages and the API show it: the summary alone."""
    return {k: v for k, v in position.items() if k != ENGINE} if ENGINE in position else position


def played_on(
    ruleset: str, options: dict[str, Any], names: Sequence[str], position: dict[str, Any]
) -> Game | None:
    """The engine at a stored position, to play on from; None when the position keeps no
    state this engine reads (stored before it was kept, or by another layout)."""
    state = position.get(ENGINE)
    if not isinstance(state, dict):
        return None
    try:
        return Game.from_state(make_ruleset(ruleset, **options), state, list(names))
    except (KeyError, TypeError, ValueError):
        return None


def make_record(
    ruleset: str,
    options: dict[str, Any],
    names: Sequence[str],
    actions: Sequence[dict[str, Any]],
    extra: dict[str, Any] | None = None,
    mode: str = BOARD_MODE,
) -> Record:
    return Record(
        ruleset=ruleset,
        mode=mode,
        players=list(names),
        actions=[dict(a) for a in actions],
        options=dict(options),
        extra=dict(extra or {}),
    )


def is_table(game: Game) -> bool:
    """Three or four sides: the result is the placings, not a two-player code."""
    return len(game.scores) > 2


def result_code(game: Game) -> str:
    """The board's result when the engine says the game is over (seat 0 is the first-named)."""
    if is_table(game):
        return TABLE_RESULT
    return RESULT_BY_WINNER[game.winner]


def placings(game: Game) -> list[int]:
    """Each side's placing in the result order (1 best, ties share), RULINGS.md: the lowest
    colour first, then the next. A flagged player is placed by their levels like the rest."""
    return ranking(game.scores)


def table_levels(game: Game) -> list[list[int]]:
    """Each side's six colour levels, ascending (lowest first): what a table's result needs."""
    return [sorted(side) for side in game.scores]


def result_words(game: Game) -> str:
    """The result as the arbiter reads it: "1-0", or "with placings 1, 2, 2, 4" at a table."""
    if is_table(game):
        return "with placings " + ", ".join(str(p) for p in placings(game))
    return result_code(game)


def ruleset_for_seats(
    ruleset: str, options: dict[str, Any], seats: int
) -> tuple[str, dict[str, Any]]:
    """The ruleset a game of ``seats`` players is recorded under: the event's when it allows that
    many, else the standard game (RULINGS.md: tables play the standard game)."""
    try:
        allowed = make_ruleset(ruleset, **options).players
    except ValueError:
        allowed = ()
    if seats in allowed:
        return ruleset, options
    return "standard", {}


def summarise(game: Game, record_length: int) -> dict[str, Any]:
    """What pages and the API show of a position; stored as the game's cached position."""
    report = game.report()
    return {
        "version": SUMMARY_VERSION,
        "over": game.over,
        "winner": game.winner,
        # Tables only (the key stays out of two-player summaries, which pages list by the 100).
        **({"placings": placings(game) if game.over else None} if is_table(game) else {}),
        "scores": game.scores,
        "lowest": report["lowest"],
        "difference": report["difference"],
        "to_move": game.to_move,
        "turn_seat": game.turn_seat,
        "bonus_owed": game.bonus_owed,
        "swap_seat": game.swap_seat,
        "flagged": sorted(game.flagged),
        "plies": game.plies,
        "record_length": record_length,
        "radius": game.radius,
        "cells": game.cells(),
        "unseen": unseen(game),
    }


def unseen(game: Game) -> dict[str, int]:
    """The tiles not on the board, by kind, in either mode. A full game's bag is never shown:
    with two seats, the bag and one's own rack would tell the other rack."""
    on_board = game.on_board
    return {k: SUPPLY_BY_INDEX[i] - on_board[i] for i, k in enumerate(TILE_KINDS)}


def board_mode_actions(record: Record) -> list[dict[str, Any]]:
    """A record's actions as seen at the board: a full record without its draws."""
    return [dict(a) for a in record.actions if a.get("type") != "draw"]


def colour_points(points: dict[str, int]) -> list[int]:
    """A preview's points per colour letter as a list in the order R G B O Y P."""
    return [int(points.get(c, 0)) for c in COLOURS]


def track_length(ruleset: str, options: dict[str, Any]) -> int:
    """The top of the score track: 18, or 36 on the double track (partnership, solitaire)."""
    try:
        return int(make_ruleset(ruleset, **options).track)
    except ValueError:
        return 18


def ruleset_allows_flag(ruleset: str, options: dict[str, Any]) -> bool:
    return bool(make_ruleset(ruleset, **options).flag_allowed)


_TURN_NUMBER = re.compile(r"\s*\d+\.\s*")


def parse_actions(
    text: str, ruleset: str, options: dict[str, Any], names: Sequence[str], seat: int
) -> list[dict[str, Any]]:
    """One turn (or action) typed in the engine's text form, e.g. ``RO C9 D9 +GG H12 G12``.

    The seat is `seat` unless the text names one with ``@N``. Raises RecordError with the line
    and column counted in `text` itself.
    """
    body = _TURN_NUMBER.sub("", text.strip(), count=1) if _TURN_NUMBER.match(text) else text
    body = body.strip()
    if not body:
        raise RecordError("type a placement such as RO C9 D9, a swap(...) or flag", 1, 1)
    header = [f"[Ruleset {json.dumps(ruleset)}]", '[Mode "board"]']
    header += [f"[Player{i} {json.dumps(n, ensure_ascii=False)}]" for i, n in enumerate(names)]
    if options:
        header.append(f"[Options {json.dumps(options)}]")
    prefix = "\n".join(header) + "\n\n1. " + ("" if body.startswith("@") else f"@{seat}") + "\n"
    offset = prefix.count("\n")
    try:
        record = Record.from_text(prefix + body)
    except RecordError as exc:
        line = max(1, exc.line - offset) if exc.line else 0
        raise RecordError(exc.message, line, exc.column if exc.line > offset else 1) from None
    return [dict(a) for a in record.actions]
