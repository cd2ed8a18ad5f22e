"""Reads of a player's own page ("My games"): every event they are in, their board of the
current round with its game's clocks, and their history. Never writes. It reads the games and
the standings, so it lives on the top floor."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from games.analysis.selectors import SeatAccuracy, accuracy_by_board
from games.clocks.readings import format_ms
from games.models import Game
from games.recording.selectors import clock_state
from scoring.standings.build import PlayerGame, player_boards
from scoring.standings.sheet import Cell
from tournament.entries.models import EntryRequest
from tournament.entries.selectors import own_entry_requests
from tournament.models.decisions import Decision
from tournament.models.events import Board, Entry, Event, Player, Result, Round
from tournament.models.tables import SEATED
from tournament.rounds.selectors import current_public_round

#: what kind of game a board is for the player (``Company.kind``)
PAIR, TEAM, TABLE, SOLITAIRE, BYE = "pair", "team", "table", "solitaire", "bye"


@dataclass(frozen=True)
class Company:
    """Who the player meets at a board, read from its seats: a partner (a partnership team's
    other player), the opposing sides, and the kind of game."""

    kind: str  # PAIR, TEAM (two teams of two), TABLE (3-4 sides), SOLITAIRE, BYE
    partner: Player | None
    opponents: tuple[Entry, ...]  # the other sides in seat order (a team is one side)

    @property
    def opponent(self) -> Entry | None:
        """The one opposing side of a two-sided board (a player, or a team)."""
        return self.opponents[0] if self.kind in (PAIR, TEAM) else None


def company(board: Board, entry: Entry, player: Player | None = None) -> Company:
    """The entry's company at the board, seen by ``player`` (prefetch ``SEATED``). A solitaire
    entrant plays the round's sequence alone: a game, never a bye."""
    opponents = tuple(board.opponents_of(entry.pk))
    partner = None
    if entry.partner_id is not None:  # the team's other player
        seen_by_partner = player is not None and player.pk == entry.partner_id
        partner = entry.player if seen_by_partner else entry.partner
    solitaire = board.round.event.ruleset == Event.Ruleset.SOLITAIRE
    if not opponents:
        alone = solitaire and board.result in ("", Result.TABLE)
        return Company(SOLITAIRE if alone else BYE, partner, ())
    if len(opponents) > 1:
        return Company(TABLE, partner, opponents)
    return Company(TEAM if partner is not None else PAIR, partner, opponents)


@dataclass(frozen=True)
class ClockReading:
    name: str
    ms: int
    text: str  # m:ss
    running: bool


class _SeenFromTheSeat:
    """Who the player met at a board, read from its ``company`` (from the seats)."""

    company: Company

    @property
    def kind(self) -> str:
        return self.company.kind

    @property
    def opponent(self) -> Entry | None:
        """At a board of two sides (two players, or two teams): the other side."""
        return self.company.opponent

    @property
    def opponents(self) -> tuple[Entry, ...]:
        return self.company.opponents

    @property
    def partner(self) -> Player | None:
        return self.company.partner


@dataclass(frozen=True)
class ThisRound(_SeenFromTheSeat):
    """The player's board in the event's current (latest published) round."""

    round: Round
    board: Board
    company: Company
    first_seat: bool
    clocks: list[ClockReading]  # empty unless the game is being recorded
    recorded: bool  # the game has moves (or clock actions) recorded at the board
    seat: int = 0  # 0 moves first
    table_mates: tuple[str, ...] = ()  # at a table of 3 or 4: the others, in seat order

    @property
    def can_confirm(self) -> bool:
        """A paper game at any kind of table (a pair, a table of 3-4, a team, a solitaire
        entrant): nothing recorded at the board and no result yet. A Challenge table's result
        comes from its own log, never from words."""
        return (
            self.board.has_game
            and self.round.event.ruleset != Event.Ruleset.CHALLENGES
            and not self.recorded
            and not self.board.result
        )


@dataclass(frozen=True)
class MyGame(_SeenFromTheSeat):
    """One of the player's boards in the history, with who they met there (from the seats)
    and the counted result (from the standings)."""

    game: PlayerGame
    company: Company
    seat: int | None  # the player's seat, 0 moves first
    accuracy: SeatAccuracy | None = None  # the engine's analysis of the game, from the seat

    @property
    def board(self) -> Board:
        return self.game.board

    @property
    def cell(self) -> Cell | None:
        return self.game.cell

    @property
    def moved_first(self) -> bool | None:
        """At a board of two sides: whether the player's side moved first (None elsewhere); a
        partnership team moves first from seats 0 and 2, as the crosstable says."""
        if self.kind not in (PAIR, TEAM) or self.seat is None:
            return None
        return self.seat % 2 == 0 if self.kind == TEAM else self.seat == 0

    @property
    def status(self) -> str:
        if not self.board.result and self.kind != BYE:
            return gettext("in play")
        return self.game.status


@dataclass(frozen=True)
class MyEvent:
    event: Event
    entry: Entry
    current: ThisRound | None
    history: list[MyGame]


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


def _own_seat(board: Board, entry: Entry, player: Player | None) -> int | None:
    """The player's seat at the board: a team's partner sits at the team's second seat."""
    own = [s for s in board.seats.all() if s.entry_id == entry.pk]
    if not own:
        return None
    return next(
        (s.number for s in own if player is None or s.player.pk == player.pk), own[0].number
    )


def this_round(
    event: Event, entry: Entry, now: datetime | None = None, player: Player | None = None
) -> ThisRound | None:
    """The entry's board in the current round, seen by ``player`` (a partnership team's
    partner sits at the team's second seat)."""
    round_ = current_public_round(event)
    if round_ is None:
        return None
    board = (
        Board.objects.filter(seats__entry=entry, round=round_)
        .select_related("round__event")
        .prefetch_related(*SEATED)
        .first()
    )
    if board is None:
        return None
    seats = list(board.seats.all())
    mine = _own_seat(board, entry, player) or 0
    met = company(board, entry, player)
    game = Game.objects.ingenious().filter(board=board).first()
    return ThisRound(
        round=round_,
        board=board,
        company=met,
        first_seat=mine == 0,
        clocks=_clocks(game, board, now or timezone.now()) if game else [],
        recorded=bool(game and game.log_length),
        seat=mine,
        table_mates=tuple(s.player.name for s in seats if s.entry_id != entry.pk)
        if met.kind == TABLE
        else (),
    )


def history(event: Event, entry: Entry, player: Player | None = None) -> list[MyGame]:
    """The entry's boards in the event's published rounds, each with its company (two more
    queries for the seats), its counted result and the seat's accuracy where the engine has
    analysed the game (one more)."""
    games = player_boards(event, entry)
    boards = (
        Board.objects.filter(pk__in=[g.board.pk for g in games])
        .select_related("round__event")
        .prefetch_related(*SEATED)
    )
    seated = {board.pk: board for board in boards}
    own = {
        game.board.pk: _own_seat(seated.get(game.board.pk, game.board), entry, player)
        for game in games
    }
    accuracy = accuracy_by_board(own.items())  # one query for every analysed game
    out = []
    for game in games:
        board = seated.get(game.board.pk, game.board)
        out.append(
            MyGame(
                game=game,
                company=company(board, entry, player),
                seat=own[game.board.pk],
                accuracy=accuracy.get(game.board.pk),
            )
        )
    return out


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
            history=history(entry.event, entry, player),
        )
        for entry in entries
    ]


def my_entry_requests(player: Player) -> list[EntryRequest]:
    """The player's online entry requests still waiting, and refused ones (with the reason)."""
    requests = own_entry_requests(player)
    return [r for r in requests if r.status != Decision.APPROVED][:20]
