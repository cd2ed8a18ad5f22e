"""Who is at an online board (issue 30): the players' sockets (games/presence/sockets.py).

Each socket's life is logged, append-only, in ``ConnectionEvent`` rows: connect, disconnect and
takeover (a second connection of the same player to the same game replaces the first), each with
its seat, account, moment and socket (channel). They are kept apart from the game's action log
(``GameAction``) on purpose: that log is the record (replayed from the empty board, exported as
RECORD-FORMAT.md) and its indexes are what every write checks (``expected_index``) and what the
site's deals are drawn by (games/recording/dealing.py). A phone that reconnects every few seconds
must not make a player's move stale, take the game's row lock, or shift a draw. The two logs are
read together by time: :func:`games.presence.selectors.game_log`.

``SeatConnection`` is the seat's state now (one row per game and seat, kept by the services
with the log, under its row lock): which socket holds the seat, since when, last seen when.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import Game


class ConnectionEvent(models.Model):
    """One entry of a game's connection log. Never changed or deleted (save refuses)."""

    class Kind(models.TextChoices):
        CONNECT = "connect", _("Connected")
        DISCONNECT = "disconnect", _("Disconnected")
        TAKEOVER = "takeover", _("Connected again elsewhere (took over)")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="connection_events")
    seat = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField()
    #: the socket (its channel layer name) the event is about
    channel = models.CharField(max_length=200)
    #: a takeover: the socket it replaced
    replaced = models.CharField(max_length=200, blank=True)
    #: a disconnect: the websocket's close code (4409: taken over; 1000/1001: closed by the page)
    code = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["game", "at", "id"]
        indexes = [models.Index(fields=["game", "seat", "at"], name="presence_game_seat_at")]

    def __str__(self) -> str:
        return f"{self.game_id} seat {self.seat} {self.kind} at {self.at:%H:%M:%S}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise ValueError("The connection log is append-only: an entry is never changed.")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise ValueError("The connection log is append-only: an entry is never deleted.")


class SeatConnection(models.Model):
    """A seat's connection now: the socket holding it (the latest to connect), whether it is
    open, since when it has been so, and when the page was last heard from."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seat_connections")
    seat = models.PositiveSmallIntegerField()
    channel = models.CharField(max_length=200, blank=True)
    connected = models.BooleanField(default=False)
    #: when the seat became connected (connected) or disconnected (not)
    since = models.DateTimeField()
    last_seen = models.DateTimeField()
    first_connected_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="unique_seat_connection")
        ]

    def __str__(self) -> str:
        state = "connected" if self.connected else "disconnected"
        return f"{self.game_id} seat {self.seat} {state} since {self.since:%H:%M:%S}"
