"""An online board whose two seats are players with accounts: the player's page's games."""

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
from tournament.models.events import Board
from tournament.models.where import EventPlayed, Played


@dataclass
class OnlineBoard:
    board: Board
    game: Game
    players: list[Any]  # the seats' accounts, in seat order
    arbiter: Any


def online_board(
    names: tuple[str, ...] = ("ada", "alan"), *, played: str = Played.ONLINE, **event_fields: Any
) -> OnlineBoard:
    """A published round's board of an online event, its game dealt, each seat's player signed
    up (username = the name given, password "correct-horse-battery")."""
    event = EventFactory(boards_played=EventPlayed.ONLINE, **event_fields)
    round_ = RoundFactory(event=event)
    accounts = [UserFactory(username=name) for name in names]
    entries = [
        EntryFactory(event=event, player=PlayerFactory(name=name.title(), user=account))
        for name, account in zip(names, accounts, strict=True)
    ]
    board = BoardFactory(round=round_, number=1, played=played, sides=entries)
    return OnlineBoard(board, game_for_board(board), accounts, arbiter_of(event))
