"""Reads of a player's own page ("My games"): every event they are in, their board of the
current round with its game's clocks, and their history. Never writes. It reads the games and
the standings, so it lives on the top floor."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Q
from django.utils import timezone

from games.clock import format_ms
from games.models import Game
from games.selectors import clock_state
from scoring.standings import PlayerGame, player_boards
from tournament import selectors as tournament_selectors
from tournament.models import Board, Decision, Entry, EntryRequest, Event, Player, Round


@dataclass(frozen=True)
class ClockReading:
    name: str
    ms: int
    text: str  # m:ss
    running: bool


@dataclass(frozen=True)
class ThisRound:
    """The player's board in the event's current (latest published) round."""

    round: Round
    board: Board
    opponent: Entry | None  # at a table of two
    first_seat: bool
    clocks: list[ClockReading]  # empty unless the game is being recorded
    recorded: bool  # the game has moves (or clock actions) recorded at the board
    seat: int = 0  # 0 moves first
    table_mates: tuple[str, ...] = ()  # at a table of 3 or 4: the others, in seat order

    @property
    def can_confirm(self) -> bool:
        """A paper game of two: nothing recorded at the board and no result yet."""
        return self.opponent is not None and not self.recorded and not self.board.result


@dataclass(frozen=True)
class MyEvent:
    event: Event
    entry: Entry
    current: ThisRound | None
    history: list[PlayerGame]


def _clocks(game: Game, board: Board, now: datetime) -> list[ClockReading]:
    if board.result or not game.clock_started or game.status == Game.Status.FINISHED:
        return []
    state = clock_state(game, now)
    names = [seat.player.name for seat in board.seats.all()]
    readings = state["readings_ms"]
    return [
        ClockReading(
            name=names[seat] if seat < len(names) else "",
            ms=ms,
            text=format_ms(ms),
            running=bool(state["running"]) and state["seat"] == seat,
        )
        for seat, ms in enumerate(readings)
    ]


def this_round(
    event: Event, entry: Entry, now: datetime | None = None, player: Player | None = None
) -> ThisRound | None:
    """The entry's board in the current round, seen by ``player`` (a partnership team's
    partner sits at the team's second seat)."""
    round_ = tournament_selectors.current_public_round(event)
    if round_ is None:
        return None
    board = (
        Board.objects.filter(seats__entry=entry, round=round_)
        .select_related("first__player", "second__player", "round")
        .prefetch_related("seats__entry__player", "seats__entry__partner")
        .first()
    )
    if board is None:
        return None
    seats = list(board.seats.all())
    own = [s for s in seats if s.entry_id == entry.pk]
    mine = next(
        (s.number for s in own if player is None or s.player.pk == player.pk), own[0].number
    )
    table = board.is_table
    game = Game.objects.ingenious().filter(board=board).first()
    return ThisRound(
        round=round_,
        board=board,
        opponent=None if table else board.second if entry.pk == board.first_id else board.first,
        first_seat=mine == 0,
        clocks=_clocks(game, board, now or timezone.now()) if game else [],
        recorded=bool(game and game.log_length),
        seat=mine,
        table_mates=tuple(s.player.name for s in seats if s.entry_id != entry.pk) if table else (),
    )


def _order(entry: Entry) -> tuple[bool, int, int]:
    """Events of a festival first, then the newest."""
    event = entry.event
    day = event.start_date.toordinal() if event.start_date else 0
    return (event.festival_id is None, -day, -event.pk)


def my_events(player: Player, now: datetime | None = None) -> list[MyEvent]:
    """Every event the player is entered in (festival events first), with this round's board
    and the history of their boards in the published rounds."""
    entries = sorted(
        # A partnership team's partner plays the team's games too.
        Entry.objects.filter(Q(player=player) | Q(partner=player)).select_related(
            "event__festival", "player", "partner"
        ),
        key=_order,
    )
    return [
        MyEvent(
            event=entry.event,
            entry=entry,
            current=this_round(entry.event, entry, now, player),
            history=player_boards(entry.event, entry),
        )
        for entry in entries
    ]


def my_entry_requests(player: Player) -> list[EntryRequest]:
    """The player's online entry requests still waiting, and refused ones (with the reason)."""
    requests = tournament_selectors.own_entry_requests(player)
    return [r for r in requests if r.status != Decision.APPROVED][:20]
