"""A round of an online event with two online boards (and a venue board of a hybrid event
elsewhere), the people who may and may not act in its control room."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.test import Client
from django.urls import reverse

from games.clocks.services import start_clock
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
    director_of,
)
from tests.games.factories import fresh
from tournament.models.events import Board, Event, Round
from tournament.models.where import EventPlayed, Played


@dataclass
class Room:
    event: Event
    round: Round
    boards: list[Board]
    games: list[Game]
    arbiter: Any
    director: Any
    other_director: Any
    players: list[Any]  # the accounts seated at board 1 (seat 0, seat 1), then board 2's

    @property
    def url(self) -> str:
        return reverse("control-room", args=[self.event.slug, self.round.number])

    @property
    def live_url(self) -> str:
        return reverse("control-room-live", args=[self.event.slug, self.round.number])

    @property
    def act_url(self) -> str:
        return reverse("control-act", args=[self.event.slug, self.round.number])

    def client(self, user: Any) -> Client:
        client = Client()
        if user is not None:
            client.force_login(user)
        return client

    def game(self, n: int = 0) -> Game:
        return fresh(self.games[n])


def build_room(*, started: bool = True, tag: str = "", **event_fields: Any) -> Room:
    """``tag``: a second room's people have names of their own."""
    fields = {"name": f"Online Open {tag}".strip(), "boards_played": EventPlayed.ONLINE}
    event = EventFactory(**{**fields, **event_fields})
    round_ = RoundFactory(event=event)
    names = ["Ada Byron", "Alan Turing", "Grace Hopper", "Edsger Dijkstra"]
    players = [UserFactory(username=f"{tag}{name.split()[0].lower()}") for name in names]
    entries = [
        EntryFactory(event=event, player=PlayerFactory(name=name, user=user))
        for name, user in zip(names, players, strict=True)
    ]
    boards = [
        BoardFactory(
            round=round_, number=n + 1, played=Played.ONLINE, sides=entries[2 * n : 2 * n + 2]
        )
        for n in range(2)
    ]
    games = [game_for_board(board) for board in boards]
    arbiter = arbiter_of(event, f"{tag}arb")
    if started:
        for game in games:
            start_clock(game=game, user=arbiter, expected_index=game.log_length)
    other = EventFactory(name=f"Another Open {tag}".strip())
    return Room(
        event=event,
        round=round_,
        boards=boards,
        games=[fresh(g) for g in games],
        arbiter=arbiter,
        director=director_of(event, f"{tag}td"),
        other_director=director_of(other, f"{tag}other-td"),
        players=players,
    )
