"""An online board with its players' accounts, and a player's socket at its game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.models import Game
from games.recording.setup import game_for_board
from tests.factories import (
    BoardFactory,
    EntryFactory,
    EventFactory,
    PlayerFactory,
    RoundFactory,
    UserFactory,
    arbiter_of,
)
from tests.tournament.push.helpers import socket
from tournament.models.events import Board
from tournament.models.where import EventPlayed, Played


@dataclass
class OnlineBoard:
    board: Board
    game: Game
    ada: Any  # seat 0's account (moves first)
    alan: Any  # seat 1's
    arbiter: Any


def online_board(number: int = 1, **event_fields: Any) -> OnlineBoard:
    """A published online round's board of two, dealt, each seat's player with an account."""
    event = EventFactory(boards_played=EventPlayed.ONLINE, **event_fields)
    round_ = RoundFactory(event=event)
    return board_in(round_, number)


def board_in(round_: Any, number: int, played: str = Played.ONLINE) -> OnlineBoard:
    event = round_.event
    ada = UserFactory(username=f"ada{round_.pk}-{number}")
    alan = UserFactory(username=f"alan{round_.pk}-{number}")
    board = BoardFactory(
        round=round_,
        number=number,
        played=played,
        sides=[
            EntryFactory(event=event, player=PlayerFactory(name=f"Ada {number}", user=ada)),
            EntryFactory(event=event, player=PlayerFactory(name=f"Alan {number}", user=alan)),
        ],
    )
    return OnlineBoard(board, game_for_board(board), ada, alan, arbiter_of(event))


def play_socket(game: Game, user: Any = None) -> Any:
    return socket(f"/ws/play/{game.pk}/", user)
