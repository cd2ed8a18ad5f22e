"""Games at the board for the integration tests: a published round's board with its game."""

from __future__ import annotations

from typing import Any

from games.models import Game
from games.recording.setup import game_for_board
from tests.factories import BoardFactory, EntryFactory, EventFactory, RoundFactory, arbiter_of
from tournament.models.events import Board


def board_with_game(**event_fields: Any) -> tuple[Board, Game, Any]:
    """A board of a published round, its game, and an arbiter of the event."""
    event = EventFactory(**event_fields)
    round_ = RoundFactory(event=event)
    board = BoardFactory(
        round=round_,
        number=1,
        sides=[
            EntryFactory(event=event, player__name="Ada Byron"),
            EntryFactory(event=event, player__name="Alan Turing"),
        ],
    )
    game = game_for_board(board)
    return board, game, arbiter_of(event)


def fresh(game: Game) -> Game:
    return Game.objects.get(pk=game.pk)


def scripted_actions(seed: int = 0) -> list[dict[str, Any]]:
    """A complete legal board-mode MSO game with bonus placements and a swap (see games.demo)."""
    from games.demo import played_actions

    return played_actions(seed)


def has_bonus(actions: list[dict[str, Any]]) -> bool:
    """Two placements in a row by the same player: the second was a bonus placement."""
    return any(
        a["type"] == b["type"] == "place" and a["player"] == b["player"]
        for a, b in zip(actions, actions[1:], strict=False)
    )
