"""Duplicate solitaire at the board: the round's tile sequence and what of it may be shown.

Every entrant of a round draws the same tiles in the same order, dealt from the round's seed
(``Round.seed``) by :func:`games.engine.deal.dealt_sequence`. A game's record stays a board-mode
record; the sequence decides which tile each placement must be: the n-th placement places the
n-th tile. Only the tiles placed and the one to place now are ever shown: the rest of the
sequence (and the seed) never leaves the server.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.engine.deal import dealt_sequence, same_kind
from games.models import Game
from tournament.errors import DomainError

RULESET = "solitaire"


def is_solitaire_game(game: Game) -> bool:
    return game.ruleset == RULESET


def _sequence(game: Game) -> list[str]:
    seed = game.event_board.round.seed
    if seed is None:  # only a round written by hand: the pairing always draws one
        raise DomainError(
            _(
                "Round %(number)s has no tile sequence (no seed): a director pairs it again "
                "to deal one."
            )
            % {"number": game.event_board.round.number},
            code="no_seed",
        )
    return dealt_sequence(seed)


def tile_to_place(game: Game, plies: int, over: bool) -> str | None:
    """The tile the entrant places now (the ``plies``-th of the sequence, counted from 0), or
    None once the game is over."""
    if over:
        return None
    sequence = _sequence(game)
    return sequence[plies] if plies < len(sequence) else None


def revealed(game: Game, position: dict[str, Any]) -> dict[str, Any]:
    """What the board page and the API show of the sequence: the tile to place now only."""
    if not is_solitaire_game(game):
        return {}
    plies = int(position.get("plies") or 0)
    return {"next_tile": tile_to_place(game, plies, bool(position.get("over")))}


def check_dealt(game: Game, plies: int, action: dict[str, Any]) -> None:
    """A placement in a solitaire game must place the tile dealt now (whatever its turn: the
    tile may be turned either way, ``OR`` for ``RO``)."""
    if not is_solitaire_game(game) or action.get("type") != "place":
        return
    expected = tile_to_place(game, plies, False)
    tile = action.get("tile")
    if expected is not None and not same_kind(tile if isinstance(tile, str) else "", expected):
        raise DomainError(
            _(
                "The tile dealt now is %(expected)s: place %(expected)s (either way round), "
                "not %(tile)s."
            )
            % {"expected": expected, "tile": tile},
            code="TILE_NOT_DEALT",
            field="tile",
        )


def sequence_problem(game: Game, actions: list[dict[str, Any]]) -> str:
    """Replay validation's part for solitaire: the n-th placement of the log must place the
    n-th tile of the round's sequence ("" when it does, or for any other game)."""
    if not is_solitaire_game(game):
        return ""
    placed = [a for a in actions if a.get("type") == "place"]
    sequence = _sequence(game)
    for n, action in enumerate(placed):
        tile = action.get("tile")
        if n >= len(sequence) or not same_kind(tile if isinstance(tile, str) else "", sequence[n]):
            return f"placement {n + 1} places {tile}, not the tile dealt then"
    return ""
