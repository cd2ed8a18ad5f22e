"""What every write to a game shares: one permission check, one locked read of the game and of
its board, the engine at the stored position, the log.

Each write runs as :func:`write`, one change (``tournament.effects.changing``: its after-commit
effects registered once): the permission is checked once, before anything is locked (from a
board by :func:`recorder_at`, or on a game the caller read); the game row and then its board's
row are locked and read once each (:func:`lock`; the first write to a board published without its
game stores it); the closed board and the expected index are checked; a flag that has fallen is
recorded first (and then the write is refused, so the arbiter sees the flag); only then does the
write play its action on the position stored with the game (:func:`engine_at`) and append to the
log. The log is replayed from the empty board by replay validation alone (games.validation).
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.models import User as Account  # settings.AUTH_USER_MODEL
from django.db import IntegrityError
from django.utils import timezone
from django.utils.translation import gettext as _

from games.clocks import lag
from games.engine.errors import IllegalAction
from games.engine.game import Game as EngineGame
from games.errors import no_longer_replays
from games.models import RECORD_KINDS, Game, GameAction
from games.recording import dealing, positions, setup
from tournament import effects
from tournament.errors import Conflict, DomainError, NotAllowed
from tournament.models.events import Board, Event, Round
from tournament.models.tables import SEATED
from tournament.permissions import is_arbiter, not_arbiter, require_arbiter
from tournament.results.services import Source, enter_result, entered_by, lock_round
from tournament.rounds.services import mark_round_playing

log = logging.getLogger("games.recording")

User = Account | AnonymousUser | None
Kind = GameAction.Kind
T = TypeVar("T")


def now() -> datetime:
    return timezone.now()


def acting(user: User) -> Account | None:
    return user if user is not None and user.is_authenticated else None


def seat_name(game: Game, seat: int | None) -> str:
    if seat is None:
        return "nobody"
    if 0 <= seat < len(game.players):
        name: str = game.players[seat]
        return name
    return f"seat {seat}"


@dataclass(frozen=True)
class Recorder:
    """Who writes at a board, their right to record there checked once (:func:`recorder_at`,
    :func:`recorder_of`): where a write starts from. ``allowed``: an arbiter or director of
    ``event``; else the write is refused (NotAllowed) before anything is locked."""

    user: User
    board_pk: int
    event: Event
    allowed: bool = True
    #: The board's round, with ``event``, as read for the permission: the write takes it rather
    #: than read it again (:func:`lock`). None: the write reads it with the game.
    round: Round | None = None
    #: A player seated at an online board (:func:`player_at`): writes for this seat alone, and
    #: only what a player does at their own turn (a placement, a swap, the clock's start and
    #: press: ``write(..., seated_may=True)``). None: an arbiter or director, for every seat.
    seat: int | None = None


#: What a write is made on: a game the caller read (the write checks its recorder), or a
#: Recorder (checked when it was made). Either way the game is read again under its lock.
Target = Game | Recorder


def recorder_at(user: User, board_pk: int) -> Recorder | None:
    """Who writes at the board, with their right to record there (an arbiter or director of
    its event) checked once, before anything is locked or a request's body is read (the round
    and event read for it, whole: the write takes them). None when the user sees no such board:
    none, or in a round not published (which only arbiters see)."""
    # Unordered and sliced, not first(): the rounds' default order joins and sorts, and first()
    # would sort by id, for the one row wanted.
    rounds = Round.objects.select_related("event").filter(boards__pk=board_pk).order_by()
    round_ = next(iter(rounds[:1]), None)
    if round_ is None:
        return None
    allowed = is_arbiter(user or AnonymousUser(), round_.event)
    if not allowed and not round_.is_public:
        return None
    return Recorder(user, board_pk, round_.event, allowed, round_)


def seat_of(user: User, board: Board) -> int | None:
    """The seat ``user`` sits in at ``board`` (its seats read with it: ``SEATED``), or None. A
    partnership team sits twice: each partner at their own seat (``Seat.player``)."""
    if user is None or not user.is_authenticated:
        return None
    for seat in board.seats.all():
        if seat.player.user_id == user.pk:
            return int(seat.number)
    return None


def player_at(user: User, board_pk: int) -> Recorder | None:
    """A player's right to write at the board, checked once before anything is locked: the
    user sits at this online board of a published round. None when they do not sit there (or
    see no such board); an arbiter's board at the venue is refused (NotAllowed). The Recorder is
    limited to the player's seat (:func:`refuse_other_seat`, under the lock)."""
    if user is None or not user.is_authenticated:
        return None
    boards = Board.objects.select_related("round__event").prefetch_related(*SEATED)
    board = next(iter(boards.filter(pk=board_pk).order_by()[:1]), None)
    if board is None or not board.round.is_public:
        return None
    seat = seat_of(user, board)
    if seat is None:
        return None
    if not board.online:
        raise NotAllowed(
            _(
                "Board %(number)s is played at the venue: its arbiters record the moves, "
                "not the players' screens."
            )
            % {"number": board.number},
            code="not_online",
        )
    return Recorder(user, board.pk, board.round.event, True, board.round, seat=seat)


def refuse_other_seat(game: Game, seat: int) -> None:
    """Under the lock: a seated player acts only while their game is in play and it is their
    seat's turn (the seat on the clock once the clocks run, else the seat the engine expects)."""
    if game.status == Game.Status.FINISHED:
        raise Conflict(_("The game is over: nothing more is played here."), code="game_over")
    acting_now = game.clock_seat if game.clock_seat is not None else engine_at(game).to_move
    if acting_now != seat:
        raise NotAllowed(
            _("It is %(who)s's turn, not yours: wait for your turn.")
            % {"who": seat_name(game, acting_now)},
            code="not_your_turn",
        )


def require_recorder(game: Game, user: User) -> None:
    """Permission first: a stranger learns nothing from the checks that follow."""
    assert game.board is not None  # an Ingenious game is played at its board
    require_arbiter(user or AnonymousUser(), game.board.round.event)


def recorder_of(target: Target, user: User) -> Recorder:
    """The recorder of a write on ``target``, refused (NotAllowed) unless allowed: a Recorder
    was checked when it was made; on a game the caller read, the permission is checked now
    (once: the write takes the Recorder)."""
    if isinstance(target, Recorder):
        if not target.allowed:
            raise not_arbiter(target.event)
        return target
    require_recorder(target, user)
    board = target.board
    assert board is not None  # a game at the board (only Challenges are played without one)
    return Recorder(user, board.pk, board.round.event, round=board.round)


def lock(target: Recorder | int) -> Game:
    """The game (at the Recorder's board, or by id) and its board locked for this transaction in
    one statement: each row read once, so a result entered while this waited is seen (see
    refuse_closed). The board's round and event are the Recorder's (read for the permission;
    neither row is locked by a write, and a result reads them afresh under their locks:
    tournament.results.services.lock_round), else read with the game. The seats are read by the
    move that ends the game (:func:`finish`), the only write that needs them. A board published
    without its game gets it now; one that has no game to record is refused with
    setup.NoGameHere."""
    missing = setup.NoGameHere(_("No such board, or its round is not published yet."))
    # The game's board joined inside (a game without a board is no game to record here), which
    # is what lets PostgreSQL lock the board's row with the game's; the game's row comes first,
    # the order of every write that locks both, so none deadlock. One row (a board has one
    # game): unordered, and not first(), which would sort it by id.
    games = (
        Game.objects.select_for_update(of=("self", "board"))
        .filter(board__round__isnull=False)
        .order_by()
    )
    round_ = target.round if isinstance(target, Recorder) else None
    games = games.select_related("board" if round_ is not None else "board__round__event")
    if isinstance(target, Recorder):
        game = next(iter(games.filter(board_id=target.board_pk)[:1]), None)
        if game is None:  # a board published without its game: its first write stores it
            return _first_game(target.board_pk, missing)
    else:
        game = next(iter(games.filter(pk=target)[:1]), None)
        if game is None:
            raise missing
    assert game.board is not None  # joined inside
    if round_ is not None and game.board.round_id == round_.pk:
        game.board.round = round_  # as the permission read it (a board keeps its round)
    setup.refuse_without_game(game.board, game)
    return game


def _first_game(board_pk: int, missing: setup.NoGameHere) -> Game:
    """The board locked (it has no game to lock yet) and its game stored."""
    boards = Board.objects.select_for_update(of=("self",)).select_related("round__event")
    board = boards.prefetch_related(*SEATED).filter(pk=board_pk).first()
    if board is None:  # deleted while this waited
        raise missing
    return setup.create_game(board)


def refuse_closed(game: Game, would: str = "") -> None:
    """A decided board takes no clock start, move or import until a director reopens it.
    ``would`` says what the refused write would have made of the game, e.g. "the move would
    end the game 1-0", so that both results are named."""
    board = game.board
    assert board is not None  # an Ingenious game is played at its board
    if board.closed and game.status != Game.Status.FINISHED:
        also = f"; {would}" if would else ""
        raise Conflict(
            _(
                "Board %(number)s of round %(number2)s is decided (%(result)s, "
                "entered by %(value)s)%(also)s: nothing more is recorded there "
                "until a director reopens the board with a reason."
            )
            % {
                "number": board.number,
                "number2": board.round.number,
                "result": board.result,
                "value": entered_by(board),
                "also": also,
            },
            code="board_closed",
        )


def write(
    target: Target,
    user: User,
    expected_index: int | None,
    body: Callable[[Game, datetime], T],
    *,
    closed_ok: bool = False,
    would: Callable[[Game], str] | None = None,
    moment: Callable[[Game, datetime], datetime] | None = None,
    seated_may: bool = False,
) -> T:
    """Run ``body(game, at)`` on the locked game after the shared checks, as one change.

    ``at`` is now, or for a clock operation ``moment(game, now)``: when it is charged
    (games.clocks.lag). A flag that fell before then is stored first and the write is refused
    (409), with the flag committed: the arbiter sees it before anything else is recorded. On a
    closed board, ``would(game)`` says what the refused write would have made of the game.
    ``seated_may``: a seated player (a Recorder with a seat) may make this write, for their own
    seat at their own turn (checked under the lock); any other write is the arbiters'."""
    recorder = recorder_of(target, user)  # before the lock: a stranger waits for nothing
    if recorder.seat is not None and not seated_may:
        raise not_arbiter(recorder.event)
    fell: GameAction | None = None
    with effects.changing():
        game = lock(recorder)
        at = now()
        if moment is not None:
            at = moment(game, at)
        assert game.board is not None  # an Ingenious game is played at its board
        if not closed_ok and game.board.closed:
            refuse_closed(game, would(game) if would else "")
        # A clock operation is charged at its moment; any other write leaves the seat on the
        # clock the grace its press may still be credited.
        fell = record_fallen_flag(game, at, grace=moment is None)
        if fell is None:
            if recorder.seat is not None:
                refuse_other_seat(game, recorder.seat)
            if expected_index is not None and expected_index != game.log_length:
                raise Conflict(
                    _(
                        "The game has moved on: the next action is number %(log_length)s, "
                        "not %(expected_index)s (another entry was made first). Reload and "
                        "try again."
                    )
                    % {"log_length": game.log_length, "expected_index": expected_index},
                    code="stale_index",
                    field="expected_index",
                )
            return body(game, at)
    seat = fell.payload.get("player", fell.payload.get("seat"))
    who = seat_name(game, seat if isinstance(seat, int) else None)
    if fell.kind == Kind.PAUSE:
        raise Conflict(
            _(
                "%(who)s's time has run out but no flag can be recorded: the "
                "clocks are held for the arbiter to decide. Reload."
            )
            % {"who": who},
            code="flag_fell",
        )
    raise Conflict(
        _("%(who)s's time has run out: the flag is recorded. Reload.") % {"who": who},
        code="flag_fell",
    )


def effective_rows(game: Game) -> list[GameAction]:
    """The record's actions still standing (not taken back), in order."""
    return list(
        game.actions.filter(kind__in=RECORD_KINDS, taken_back_by__isnull=True).order_by("index")
    )


def engine_at(game: Game) -> EngineGame:
    """The engine at the position stored with the game, for a write to play its actions on:
    the log is not replayed (a position stored without the engine's state, by an earlier
    release, is replayed this once)."""
    if game.position_length == game.log_length:
        eng = positions.played_on(game.ruleset, game.options, game.players, game.position or {})
        if eng is not None:
            return eng
    return replayed(game, effective_rows(game))


def replayed(game: Game, rows: list[GameAction]) -> EngineGame:
    try:
        return positions.replay(
            game.ruleset, game.options, game.players, [r.payload for r in rows], game.engine_mode
        )
    except IllegalAction as exc:
        raise no_longer_replays(exc) from exc


def append(
    game: Game,
    kind: str,
    *,
    user: User,
    at: datetime,
    payload: dict[str, Any] | None = None,
    reason: str = "",
) -> GameAction:
    try:
        row = GameAction.objects.create(
            game=game,
            index=game.log_length,
            kind=kind,
            payload=payload or {},
            reason=reason[:300],
            user=acting(user),
            at=at,
            clock_ms=game.readings(at),
        )
    except IntegrityError as exc:  # SQLite has no row locks: the unique index decides
        raise Conflict(
            _("Action number %(log_length)s was stored by someone else first. Reload.")
            % {"log_length": game.log_length},
            code="stale_index",
        ) from exc
    game.log_length += 1
    return row


def deal(game: Game, eng: EngineGame, at: datetime, *, turn_over: bool) -> list[GameAction]:
    """The draws due now in an online board's game (games/recording/dealing.py), played on
    ``eng`` and appended to the log. A duplicate board's draws come from the front of the
    round's bag, as its record so far leaves it (games.engine.deal.duplicate_bag)."""
    record = None
    if eng.full and setup.dealt_duplicate(game):
        record = [row.payload for row in effective_rows(game)]
    return [
        append(game, Kind.DRAW, user=None, at=at, payload=draw, reason="dealt by the site")
        for draw in dealing.deal(eng, game.seed, turn_over=turn_over, duplicate=record)
    ]


def keep_position(game: Game, row: GameAction) -> None:
    """A clock event leaves the position as it was: the cache stays valid if it was."""
    if game.position_length == row.index:
        game.position_length = game.log_length


# The games whose position a write has stored anew (:func:`store_position`): :func:`save` writes
# their position too. A clock event leaves it as it was, and the engine's state in it is the
# largest thing the row holds.
_NEW_POSITIONS: weakref.WeakSet[Game] = weakref.WeakSet()

# What a write to a game changes besides its position: its clock, log, turn, status and check.
_WRITTEN = (
    "remaining_ms",
    "clock_seat",
    "clock_running",
    "clock_since",
    "turn_index",
    "log_length",
    "position_length",
    "status",
    "finished_at",
    "validation",
    "validation_message",
)


def store_position(game: Game, eng: EngineGame) -> None:
    """The position the write left, stored with the game (its summary and the engine's state);
    the engine counts the record's actions it was played with."""
    game.position = positions.stored(eng, eng.actions_applied)
    game.position_length = game.log_length
    _NEW_POSITIONS.add(game)


def save_row(game: Game) -> None:
    """Store what the write changed of the game row (its position only when it stored a new
    one)."""
    stored = game in _NEW_POSITIONS
    game.save(update_fields=[*_WRITTEN, "position"] if stored else _WRITTEN)
    _NEW_POSITIONS.discard(game)


def save(game: Game) -> None:
    """Store what the write changed of the game row (:func:`save_row`); spectators' live pages
    are refreshed once the write commits."""
    save_row(game)
    assert game.board is not None  # an Ingenious game is played at its board
    event = game.board.round.event  # read with the game (lock)
    effects.live_changed(event.pk, event.slug, board=game.board.pk)


def finish(game: Game, eng: EngineGame, at: datetime, user: User) -> None:
    """The engine says the game is over: stop the clocks, send the result to the board (where it
    is provisional until the replay check passes) and queue that check."""
    # Every side's six levels (lowest first; a team's on its 0-36 track): a pair's code, a
    # table's placings, a solitaire entrant's placing among the round's entrants.
    table = positions.is_table(eng)
    assert game.board is not None  # an Ingenious game is played at its board
    game.board = enter_result(
        # The board is locked by the write; a result, its round too (its seats read with it).
        board=lock_round(game.board),
        user=acting(user),
        result=positions.result_code(eng) if game.ruleset != "solitaire" else "table",
        levels=positions.table_levels(eng),
        placings=positions.placings(eng) if table else None,
        source=Source.GAME,
        locked=True,
    )
    mark_finished(game, at)


def mark_finished(game: Game, at: datetime) -> None:
    """The game row over at ``at``: its clocks stopped and its replay check queued (which, once
    passed, queues its analysis)."""
    game.set_clock(game.clock.stop(at))
    game.status = Game.Status.FINISHED
    game.finished_at = at
    game.validation = Game.Validation.PENDING
    game.validation_message = ""
    effects.enqueue("games.tasks.validate_game", game.pk)


def mark_playing(game: Game) -> None:
    if game.status == Game.Status.PENDING:
        game.status = Game.Status.PLAYING
        assert game.board is not None  # an Ingenious game is played at its board
        mark_round_playing(game.board.round)


def record_fallen_flag(game: Game, at: datetime, *, grace: bool = False) -> GameAction | None:
    """On the locked game: store the flag of a running seat whose time is out (once); with
    ``grace``, once it has been out for longer than the seat's flag grace (games.clocks.lag)."""
    seat = game.clock.expired_seat(at)
    assert game.board is not None  # an Ingenious game is played at its board
    if seat is None or game.board.closed and game.status != Game.Status.FINISHED:
        return None
    if grace and game.clock.expired_seat(at - lag.flag_grace(game, seat)) is None:
        return None
    action = {"type": "flag", "player": seat}
    try:
        eng = engine_at(game)
        eng.apply(action)
    except (DomainError, IllegalAction) as exc:
        # Nothing the engine can record (a log that no longer replays, a seat already
        # flagged): hold the clocks, in the log, so the arbiter decides.
        log.warning("flag of seat %s not recordable in game %s: %s", seat, game.pk, exc)
        game.set_clock(game.clock.pause(at))
        row = append(
            game,
            Kind.PAUSE,
            user=None,
            at=at,
            payload={"seat": seat},
            reason="time ran out but no flag can be recorded: the arbiter decides",
        )
        keep_position(game, row)
        save(game)
        return row
    row = append(game, Kind.FLAG, user=None, at=at, payload=action, reason="time ran out")
    store_position(game, eng)
    if eng.over:
        finish(game, eng, at, None)
    else:
        nxt = eng.to_move
        assert nxt is not None
        game.set_clock(game.clock.switch(at, nxt))
        game.turn_index = row.index
    save(game)
    log.info("flag fell for %s in game %s", seat_name(game, seat), game.pk)
    return row
