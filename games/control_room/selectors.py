"""Reads of the arbiter's control room: every online board of a round on one screen (each seat's
name, clock, move count and connection; the board's status), the alerts, the calls and the
messages. Nothing here writes.

A seat's connection and the presence alerts (a disconnection past its threshold, a no-show, a
long think) are games.presence's, read in one place each: :func:`_presence` and :func:`_alerts`."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext as _

from games.clocks.readings import format_ms
from games.control_room.models import ArbiterCall, BoardMessage
from games.engine.errors import IllegalAction
from games.models import Game, GameAction
from games.presence.selectors import alerts as presence_alerts
from games.presence.selectors import seat_presence
from games.recording import positions
from games.recording.selectors import clock_state, position, record_rows
from tournament.models.events import Board, Round
from tournament.models.tables import SEATED
from tournament.models.where import Played
from tournament.names import display_name

#: A seat's connection before games.presence says it (and for a seat it knows nothing of).
UNKNOWN = "unknown"


@dataclass(frozen=True)
class SeatConnection:
    """A seat's connection as the control room shows it: ``state`` is "connected",
    "disconnected" or "unknown"; ``since`` when it became so (None: not known)."""

    state: str = UNKNOWN
    since: datetime | None = None


@dataclass(frozen=True)
class ControlAlert:
    """One alert of the control room: a player's call (``call`` its id, answerable here), or
    one of games.presence's (a disconnection past its threshold, a no-show, a long think)."""

    kind: str  # "call", "disconnected", "no_show", "long_think"
    game: int
    board_number: int
    seat: int | None
    name: str
    text: str
    at: datetime | None = None
    call: int | None = None


@dataclass
class SeatCard:
    seat: int
    name: str
    clock_ms: int
    clock_text: str
    running: bool
    on_clock: bool
    to_move: bool
    flagged: bool
    moves: int
    connection: SeatConnection


@dataclass
class BoardCard:
    """One online board of the round as the control room shows it."""

    game: Game
    board: Board
    seats: list[SeatCard]
    status: str
    status_text: str
    clock: dict[str, Any]
    log_length: int
    plies: int
    alerts: list[ControlAlert] = field(default_factory=list)

    @property
    def clock_json(self) -> str:
        return json.dumps(self.clock)

    @property
    def pair(self) -> bool:
        """Two sides: the control room decides its result; a table's is entered on its page."""
        return len(self.board.side_ids) == 2

    @property
    def finished(self) -> bool:
        return self.status in ("finished", "decided")


# ---------------------------------------------------------------- presence (games.presence)


def _presence(game_ids: Iterable[int]) -> dict[tuple[int, int], SeatConnection]:
    """Each seat's connection by (game id, seat), as games.presence keeps it: connected, or
    disconnected since it was last heard from (a seat never connected: disconnected, no time)."""
    return {
        key: SeatConnection(
            "connected" if p.connected else "disconnected",
            p.since if p.connected else p.last_seen,
        )
        for key, p in seat_presence(list(game_ids)).items()
    }


def _alerts(round_: Round, names: dict[int, list[str]]) -> list[ControlAlert]:
    """games.presence's alerts of the round: a seat disconnected past the event's threshold, a
    no-show after the first-move window, a long think."""
    return [
        ControlAlert(
            kind=a.kind,
            game=a.game_pk,
            board_number=a.board,
            seat=a.seat,
            name=_seat_name(names.get(a.game_pk, []), a.seat),
            text=a.text,
            at=a.since,
        )
        for a in presence_alerts(round_)
    ]


# ---------------------------------------------------------------- the round's online boards


def online_games(round_: Round) -> list[Game]:
    """The round's online boards' games, by board number, with their boards' seats."""
    games = (
        Game.objects.ingenious()
        .filter(board__round=round_, board__played=Played.ONLINE)
        .select_related("board__round__event")
        .prefetch_related(*(f"board__{path}" for path in SEATED))
        .order_by("board__number")
    )
    return list(games)


def online_game(round_: Round, game_pk: object) -> Game | None:
    """One online board's game of the round (None: no such game there)."""
    if not isinstance(game_pk, int):
        return None
    return next((g for g in online_games_by_pk(round_, [game_pk])), None)


def online_games_by_pk(round_: Round, pks: list[int]) -> list[Game]:
    games = (
        Game.objects.ingenious()
        .filter(board__round=round_, board__played=Played.ONLINE, pk__in=pks)
        .select_related("board__round__event")
        .prefetch_related(*(f"board__{path}" for path in SEATED))
    )
    return list(games)


def moves_by_seat(games: list[Game]) -> dict[tuple[int, int], int]:
    """Placements standing (not taken back) per (game id, seat), in one query."""
    rows = (
        GameAction.objects.filter(
            game__in=games, kind=GameAction.Kind.PLACE, taken_back_by__isnull=True
        )
        .values("game_id", "payload__player")
        .annotate(n=Count("id"))
        .order_by()
    )
    out: dict[tuple[int, int], int] = {}
    for row in rows:
        seat = row["payload__player"]
        if isinstance(seat, int):
            out[(row["game_id"], seat)] = row["n"]
    return out


def status_of(game: Game, clock: dict[str, Any]) -> tuple[str, str]:
    """The board's status in one word and in the arbiter's words."""
    board = game.event_board
    if game.status == Game.Status.FINISHED:
        return "finished", _("Finished: %(result)s") % {"result": board.result_text or "—"}
    if board.closed:
        return "decided", _("Decided by a director: %(result)s") % {
            "result": board.result_text or "—"
        }
    if clock["flag_fallen"] is not None:
        return "flag", _("Time has run out (flag to be recorded)")
    if not clock["started"]:
        return "pending", _("Clocks not started")
    if not clock["running"]:
        return "paused", _("Paused")
    return "playing", _("In play")


def board_cards(round_: Round, now: datetime | None = None) -> list[BoardCard]:
    """Every online board of the round, in board order, with its seats and alerts."""
    now = now or timezone.now()
    games = online_games(round_)
    moves = moves_by_seat(games)
    presence = _presence([g.pk for g in games])
    cards = []
    for game in games:
        clock = clock_state(game, now)
        pos = position(game)
        flagged = set(pos.get("flagged") or [])
        readings = clock["readings_ms"]
        status, words = status_of(game, clock)
        seats = [
            SeatCard(
                seat=seat,
                name=name,
                clock_ms=readings[seat],
                clock_text=format_ms(readings[seat]),
                running=clock["running"] and clock["seat"] == seat,
                on_clock=clock["seat"] == seat,
                to_move=pos.get("to_move") == seat,
                flagged=seat in flagged,
                moves=moves.get((game.pk, seat), 0),
                connection=presence.get((game.pk, seat), SeatConnection()),
            )
            for seat, name in enumerate(game.players)
        ]
        cards.append(
            BoardCard(
                game=game,
                board=game.event_board,
                seats=seats,
                status=status,
                status_text=words,
                clock=clock,
                log_length=game.log_length,
                plies=int(pos.get("plies", 0)),
            )
        )
    alerts = round_alerts(round_, cards)
    by_game = {card.game.pk: card for card in cards}
    for alert in alerts:
        if alert.game in by_game:
            by_game[alert.game].alerts.append(alert)
    return cards


def round_alerts(round_: Round, cards: list[BoardCard] | None = None) -> list[ControlAlert]:
    """The round's alerts, oldest first: its players' open calls and games.presence's."""
    cards = cards if cards is not None else board_cards(round_)
    names = {card.game.pk: card.game.players for card in cards}
    numbers = {card.game.pk: card.board.number for card in cards}
    calls = ArbiterCall.objects.filter(game__in=list(names), answered_at__isnull=True)
    alerts = [
        ControlAlert(
            kind="call",
            game=call.game_id,
            board_number=numbers[call.game_id],
            seat=call.seat,
            name=_seat_name(names[call.game_id], call.seat),
            text=call.text,
            at=call.at,
            call=call.pk,
        )
        for call in calls.order_by("at", "pk")
    ]
    alerts += _alerts(round_, names)
    return sorted(alerts, key=lambda a: (a.at is None, a.at or timezone.now(), a.board_number))


def _seat_name(players: list[str], seat: int) -> str:
    return players[seat] if 0 <= seat < len(players) else f"seat {seat}"


def open_call(game: Game, call_pk: object) -> ArbiterCall | None:
    """The game's call ``call_pk`` (None: not this game's)."""
    if not isinstance(call_pk, int):
        return None
    return ArbiterCall.objects.filter(game=game, pk=call_pk).first()


# ---------------------------------------------------------------- the players' side


def seat_of(board: Board, user: object) -> int | None:
    """The seat ``user`` sits at on ``board`` (prefetch SEATED); None: not seated there."""
    user_id = getattr(user, "pk", None)
    if user_id is None or not getattr(user, "is_authenticated", False):
        return None
    for seat in board.seats.all():
        if seat.player.user_id == user_id:
            return int(seat.number)
    return None


def board_messages(game: Game) -> list[dict[str, Any]]:
    """The arbiter's messages to the board's players, oldest first: for their game page (and
    for nobody else's: the play page shows them to the board's seats)."""
    rows = BoardMessage.objects.filter(game=game).select_related("user__player").order_by("at")
    return [
        {"text": m.text, "at": m.at.isoformat(), "by": display_name(m.user) or _("the arbiter")}
        for m in rows
    ]


def calls_of(game: Game, seat: int | None = None) -> list[dict[str, Any]]:
    """The game's calls of the arbiter (of one seat's, when given), oldest first, with their
    answers: what a caller's page shows of its own calls."""
    rows = ArbiterCall.objects.filter(game=game).select_related("answered_by__player")
    if seat is not None:
        rows = rows.filter(seat=seat)
    return [
        {
            "id": c.pk,
            "seat": c.seat,
            "text": c.text,
            "at": c.at.isoformat(),
            "paused": c.paused,
            "answered_at": c.answered_at.isoformat() if c.answered_at else None,
            "answer": c.answer,
            "answered_by": display_name(c.answered_by) or None,
        }
        for c in rows.order_by("at", "pk")
    ]


# ---------------------------------------------------------------- the racks (the arbiter only)


def current_racks(game: Game) -> list[list[str]] | None:
    """Every seat's rack now, from the engine's position (a game the site deals, full mode);
    None for a game whose racks the site does not know (a venue's board). Shown only to the
    arbiter who asked, through the logged inspection (services.inspect_racks)."""
    if game.mode != Game.Mode.FULL:
        return None
    if game.position_length == game.log_length:
        eng = positions.played_on(game.ruleset, game.options, game.players, game.position or {})
        if eng is not None:
            return eng.racks
    rows = record_rows(game)
    try:
        eng = positions.replay(
            game.ruleset, game.options, game.players, [r.payload for r in rows], game.engine_mode
        )
    except IllegalAction:
        return None
    return eng.racks
