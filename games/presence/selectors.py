"""Reads of who is at the online boards (issue 30): who may open a player's socket, each seat's
connection, the arbiter's alerts and the game's log with its connections. Nothing here writes:
an alert is worked out when it is read, from the seats' connections, the clocks and the event's
options (tournament/models/where.py), so no task has to raise it and nothing is ever forfeited.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.models import User as Account
from django.utils import timezone
from django.utils.timesince import timesince
from django.utils.translation import gettext as _

from games.models import Game, GameAction
from games.presence.models import ConnectionEvent, SeatConnection
from tournament.models.events import Board, Round
from tournament.models.tables import SEATED
from tournament.models.where import Played

User = Account | AnonymousUser

#: A page pings its socket every 25 s (static/js/presence.js): a socket not heard from for this
#: long is taken as gone (its server died before it could log the disconnect).
STALE_AFTER = timedelta(seconds=90)

AlertKind = Literal["disconnected", "no_show", "long_think"]


@dataclass(frozen=True)
class PlayerSeat:
    """The seat a signed-in player holds at an online game: the one thing their socket is for."""

    game_pk: int
    board_pk: int
    seat: int
    user_pk: int


def player_seat(user: User | None, game_pk: int) -> PlayerSeat | None:
    """The seat ``user`` plays at game ``game_pk``, or None (their socket is refused): not signed
    in, no such game, not an online board's, its round not published, the game over or the board
    decided, or the user not seated there (an arbiter is not a player: the control room is
    theirs)."""
    if user is None or not user.is_authenticated:
        return None
    games = Game.objects.ingenious().select_related("board__round").order_by()
    game = games.prefetch_related(*(f"board__{name}" for name in SEATED)).filter(pk=game_pk)
    found = next(iter(game[:1]), None)
    if found is None or found.board is None:
        return None
    board = found.board
    if board.played != Played.ONLINE or not board.round.is_public:
        return None
    if found.status == Game.Status.FINISHED or board.closed:
        return None
    for seat in board.seats.all():
        if seat.player.user_id == user.pk:
            return PlayerSeat(found.pk, board.pk, int(seat.number), int(user.pk))
    return None


@dataclass(frozen=True)
class SeatPresence:
    """One seat's connection: ``connected`` now (a socket open and heard from lately), since
    when it has been so (None: never connected), when the page was last heard from, and when
    the seat first connected."""

    connected: bool
    since: datetime | None
    last_seen: datetime | None
    first_connected_at: datetime | None


NEVER = SeatPresence(connected=False, since=None, last_seen=None, first_connected_at=None)


def _presence(row: SeatConnection, now: datetime) -> SeatPresence:
    connected = row.connected and now - row.last_seen <= STALE_AFTER
    since = row.since if connected == row.connected else row.last_seen  # gone silent: since then
    return SeatPresence(connected, since, row.last_seen, row.first_connected_at)


def seat_presence(
    game_ids: Iterable[int], now: datetime | None = None
) -> dict[tuple[int, int], SeatPresence]:
    """Every seat of the games ``game_ids``, by (game id, seat): its connection (NEVER for a
    seat never connected). Two queries whatever the number of games."""
    now = now or timezone.now()
    ids = list(game_ids)
    seats = Game.objects.filter(pk__in=ids).values_list("pk", "players").order_by()
    found: dict[tuple[int, int], SeatPresence] = {
        (pk, seat): NEVER for pk, players in seats for seat in range(len(players or []))
    }
    for row in SeatConnection.objects.filter(game_id__in=ids):
        found[(row.game_id, row.seat)] = _presence(row, now)
    return found


@dataclass(frozen=True)
class Alert:
    """What the arbiter is told of an online board: a seat ``disconnected`` longer than the
    event allows, a ``no_show`` (the first-move window passed with the seat neither connected
    nor moved), or a ``long_think`` (the seat's turn longer than the event's threshold)."""

    game_pk: int
    board: int
    seat: int
    kind: AlertKind
    since: datetime
    text: str


def _moved_seats(game_ids: list[int]) -> set[tuple[int, int]]:
    """(game, seat) of every seat that has made a placement or a swap."""
    rows = GameAction.objects.filter(
        game_id__in=game_ids,
        kind__in=(GameAction.Kind.PLACE, GameAction.Kind.SWAP),
        taken_back_by__isnull=True,
    ).values_list("game_id", "payload")
    return {
        (pk, payload["player"])
        for pk, payload in rows
        if isinstance(payload, dict) and isinstance(payload.get("player"), int)
    }


def _turn_starts(games: list[Game]) -> dict[int, datetime]:
    """When the running seat's turn began: the log entry that gave it the clock."""
    wanted = [(g.pk, g.turn_index) for g in games if g.clock_running and g.clock_seat is not None]
    if not wanted:
        return {}
    rows = GameAction.objects.filter(game_id__in=[pk for pk, _i in wanted]).values_list(
        "game_id", "index", "at"
    )
    turn = dict(wanted)
    return {
        pk: at for pk, index, at in rows.filter(index__in=set(turn.values())) if turn[pk] == index
    }


def _for_how_long(since: datetime, now: datetime) -> str:
    """How long, as an arbiter reads it: "45 s", "4 minutes", "1 hour, 3 minutes"."""
    seconds = int((now - since).total_seconds())
    if seconds < 60:
        return _("%(seconds)s s") % {"seconds": seconds}
    return timesince(since, now)


def alerts(round_: Round, now: datetime | None = None) -> list[Alert]:
    """The alerts of the round's online boards whose games go on (not over, board not decided),
    in board and seat order. Worked out at ``now`` from the event's options:
    ``online_disconnect_alert_seconds``, ``online_first_move_seconds`` (counted from the round's
    publication), ``online_long_think_seconds``."""
    now = now or timezone.now()
    event = round_.event
    boards = (
        Board.objects.filter(round=round_, played=Played.ONLINE, game__isnull=False)
        .select_related("game")
        .prefetch_related(*SEATED)
        .order_by("number")
    )
    playing = [b for b in boards if b.game.status != Game.Status.FINISHED and not b.closed]
    games = [b.game for b in playing]
    ids = [g.pk for g in games]
    presence = seat_presence(ids, now)
    moved = _moved_seats(ids)
    turn_began = _turn_starts(games)
    clocks_started = _clocks_started(ids)
    away_for = timedelta(seconds=event.online_disconnect_alert_seconds)
    window = event.online_first_move_seconds
    deadline = (
        round_.published_at + timedelta(seconds=window)
        if window and round_.published_at is not None
        else None
    )
    think = event.online_long_think_seconds
    found: list[Alert] = []
    for board in playing:
        game: Game = board.game
        names = {int(seat.number): seat.player.name for seat in board.seats.all()}
        started = game.clock_started
        for seat in range(len(game.players)):
            here = presence.get((game.pk, seat), NEVER)
            name = names.get(seat) or f"seat {seat}"
            words = {"name": name, "seat": seat, "board": board.number}
            never_there = here.first_connected_at is None and (game.pk, seat) not in moved
            if deadline is not None and now >= deadline and never_there:
                found.append(
                    Alert(
                        game.pk,
                        board.number,
                        seat,
                        "no_show",
                        deadline,
                        _(
                            "Board %(board)s: %(name)s (seat %(seat)s) has neither connected "
                            "nor moved within the first-move window: a no-show."
                        )
                        % words,
                    )
                )
                continue
            if not here.connected and started:
                since = here.since or clocks_started.get(game.pk) or now
                if now - since >= away_for:
                    found.append(
                        Alert(
                            game.pk,
                            board.number,
                            seat,
                            "disconnected",
                            since,
                            _(
                                "Board %(board)s: %(name)s (seat %(seat)s) has been "
                                "disconnected for %(how_long)s; their clock runs on."
                            )
                            % {**words, "how_long": _for_how_long(since, now)},
                        )
                    )
            began = turn_began.get(game.pk)
            # A seat whose time has run out is not thinking: its flag has fallen.
            out_of_time = game.clock.expired_seat(now) == seat
            thinking = think and began is not None and game.clock_seat == seat and not out_of_time
            if thinking and began is not None and now - began >= timedelta(seconds=think or 0):
                found.append(
                    Alert(
                        game.pk,
                        board.number,
                        seat,
                        "long_think",
                        began,
                        _(
                            "Board %(board)s: %(name)s (seat %(seat)s) has been thinking "
                            "for %(how_long)s."
                        )
                        % {**words, "how_long": _for_how_long(began, now)},
                    )
                )
    return found


def _clocks_started(game_ids: list[int]) -> dict[int, datetime]:
    """When each game's clocks were started (a seat never connected is away since then)."""
    rows = GameAction.objects.filter(game_id__in=game_ids, kind=GameAction.Kind.START)
    return dict(rows.order_by("-index").values_list("game_id", "at"))


def connection_log(game_pk: int) -> list[ConnectionEvent]:
    """The game's connection log, oldest first."""
    return list(ConnectionEvent.objects.filter(game_id=game_pk).order_by("at", "id"))


@dataclass(frozen=True)
class LogLine:
    """One line of the game's log as the arbiter reads it: an action of the record or the clock
    (``action``), or a connection (``connection``)."""

    at: datetime
    seat: int | None
    kind: str
    action: GameAction | None = None
    connection: ConnectionEvent | None = None


def game_log(game_pk: int) -> list[LogLine]:
    """The game's log with its connections, by time: the actions (GameAction, whose own order
    is their index) and the connection events merged."""
    lines = [
        LogLine(row.at, _action_seat(row), str(row.kind), action=row)
        for row in GameAction.objects.filter(game_id=game_pk).order_by("index")
    ]
    lines += [
        LogLine(row.at, row.seat, str(row.kind), connection=row) for row in connection_log(game_pk)
    ]
    # Stable: two actions of one moment keep their index order; a connection of the same
    # moment as an action comes first (the first connection is what starts the clock).
    return sorted(lines, key=lambda line: (line.at, line.action is not None))


def _action_seat(row: GameAction) -> int | None:
    payload = row.payload if isinstance(row.payload, dict) else {}
    seat = payload.get("player", payload.get("seat"))
    return seat if isinstance(seat, int) else None
