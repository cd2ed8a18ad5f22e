"""The writes of the players' sockets (games/presence/sockets.py): the connection log and each
seat's connection now, and the clock an online game starts with.

When an online game's clock starts: when the first of its players connects. Nothing else starts
it (an arbiter records a venue's game, and starts its clock there; an online board has no arbiter
at the table), and the round's publication is too early: a director publishes the pairings, the
players are told and open their pages. From the first connection on the game is under way, as a
venue's round is once the arbiter starts the clocks: a player who is not there yet loses time
from their own clock (the seat to move first is the engine's), the first-move window
(``online_first_move_seconds``, counted from the publication) reports whoever has neither
connected nor moved as a no-show, and the arbiter decides (games.presence.selectors.alerts).
The clock is started through the one write path (games.clocks.services.start_clock), logged as
any start is, by the site (no user) with its reason.

A disconnection changes nothing in the clocks: a disconnected player's clock runs on, and a flag
falls on the server as at the venue (games.clocks.services.sweep_flags).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User as Account
from django.db import transaction
from django.utils import timezone

from games.clocks.services import start_clock
from games.models import Game
from games.presence.models import ConnectionEvent, SeatConnection
from games.presence.selectors import PlayerSeat
from games.recording.writes import Recorder
from tournament.errors import DomainError
from tournament.logs import log_write
from tournament.models.events import Board

log = logging.getLogger("games.presence")

Kind = ConnectionEvent.Kind
#: The reason logged with the clock start the site makes (games/presence/services.py).
FIRST_CONNECTION = "online game: started when its first player connected"


@dataclass(frozen=True)
class Opened:
    """What a connection did: the socket it took the seat over from (None: the seat was free),
    and whether it started the game's clock."""

    replaced: str | None
    started_clock: bool


def _user(seat: PlayerSeat) -> Account | None:
    return Account.objects.filter(pk=seat.user_pk).first()


def _note(
    seat: PlayerSeat, kind: str, user: Account | None, at: datetime, channel: str, **extra: Any
) -> None:
    """One line of the append-only connection log."""
    ConnectionEvent.objects.create(
        game_id=seat.game_pk, seat=seat.seat, kind=kind, user=user, at=at, channel=channel, **extra
    )


def connected(
    seat: PlayerSeat, channel: str, at: datetime | None = None, *, start: bool = True
) -> Opened:
    """A player's socket opened on their seat: logged (a takeover when another socket of theirs
    held the seat, that socket to be closed by the caller), the seat connected, and (``start``)
    the game's clock started if this is its first connection (a socket starts it once it hears
    its board: :func:`start_on_connection`)."""
    at = at or timezone.now()
    user = _user(seat)
    with transaction.atomic():
        row = _locked(seat, at)
        replaced = row.channel if row.connected and row.channel and row.channel != channel else None
        if replaced is not None:
            _note(seat, Kind.TAKEOVER, user, at, channel, replaced=replaced)
        else:
            _note(seat, Kind.CONNECT, user, at, channel)
            row.since = at
        row.channel, row.connected, row.last_seen = channel, True, at
        row.save()
    log_write(
        "presence.takeover" if replaced else "presence.connect",
        user=user,
        game=seat.game_pk,
        seat=seat.seat,
        channel=channel,
        replaced=replaced,
    )
    return Opened(replaced, start and start_on_connection(seat))


def disconnected(
    seat: PlayerSeat, channel: str, code: int | None, at: datetime | None = None
) -> None:
    """A player's socket closed: logged; the seat is disconnected unless another socket of
    theirs has taken it over meanwhile. The clocks are left as they are."""
    at = at or timezone.now()
    user = _user(seat)
    with transaction.atomic():
        row = _locked(seat, at)
        _note(seat, Kind.DISCONNECT, user, at, channel, code=code)
        if row.channel == channel and row.connected:
            row.connected, row.since, row.last_seen = False, at, at
            row.save(update_fields=["connected", "since", "last_seen"])
    log_write(
        "presence.disconnect",
        user=user,
        game=seat.game_pk,
        seat=seat.seat,
        channel=channel,
        code=code,
    )


def seen(seat: PlayerSeat, channel: str, at: datetime | None = None) -> None:
    """The page of the socket holding the seat was heard from (its ping): it is still there."""
    at = at or timezone.now()
    SeatConnection.objects.filter(
        game_id=seat.game_pk, seat=seat.seat, channel=channel, connected=True
    ).update(last_seen=at)


def _locked(seat: PlayerSeat, at: datetime) -> SeatConnection:
    """The seat's connection row, locked (made on its first connection)."""
    SeatConnection.objects.get_or_create(
        game_id=seat.game_pk,
        seat=seat.seat,
        defaults={"since": at, "last_seen": at, "first_connected_at": at},
    )
    return SeatConnection.objects.select_for_update().get(game_id=seat.game_pk, seat=seat.seat)


def start_on_connection(seat: PlayerSeat) -> bool:
    """Start the game's clock if it has not been (the first connection to an online game), by
    the one write path, as the site. False when there was nothing to start."""
    game = Game.objects.filter(pk=seat.game_pk).only("status", "clock_seat", "log_length").first()
    if game is None or game.clock_started:
        return False
    board = Board.objects.select_related("round__event").get(pk=seat.board_pk)
    site = Recorder(
        user=None, board_pk=board.pk, event=board.round.event, allowed=True, round=board.round
    )
    try:
        start_clock(game=site, user=None, expected_index=game.log_length, reason=FIRST_CONNECTION)
    except DomainError as exc:  # started meanwhile (another seat's connection), or decided
        log.info("game %s: clock not started on connection: %s", seat.game_pk, exc)
        return False
    return True
