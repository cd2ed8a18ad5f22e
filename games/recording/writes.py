"""What every write to a game shares: one locked read of the game row, the log, the engine.

Each write runs as :func:`write`: the game row is locked (select_for_update) and read once with
its board, round and event; the permission, the closed board and the expected index are checked;
a flag that has fallen is recorded first (and then the write is refused, so the arbiter sees the
flag); only then does the write check its action with the engine and append to the log.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any, TypeVar

from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.models import User as Account  # settings.AUTH_USER_MODEL
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engine.errors import IllegalAction
from games.engine.game import Game as EngineGame
from games.errors import engine_message
from games.models import RECORD_KINDS, Game, GameAction
from games.recording import positions
from tournament import effects
from tournament.errors import Conflict, DomainError
from tournament.models.events import Board
from tournament.permissions import require_arbiter
from tournament.results.services import Source, enter_result, entered_by
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


def require_recorder(game: Game, user: User) -> None:
    """Permission first: a stranger learns nothing from the checks that follow."""
    assert game.board is not None  # an Ingenious game is played at its board
    require_arbiter(user or AnonymousUser(), game.board.round.event)


def lock(game_pk: int) -> Game:
    """The game row with its board, round and event; the game and board rows locked for this
    transaction (so a result a director entered while this waited is seen: see refuse_closed)."""
    # A Challenge away from events has no board, so the board is an outer join, which
    # PostgreSQL will not lock in the same statement: the game row first, then its board's.
    board_id = Game.objects.select_for_update(of=("self",)).values_list("board_id", flat=True)
    board_pk = board_id.get(pk=game_pk)
    if board_pk is not None:
        list(Board.objects.select_for_update().filter(pk=board_pk).values_list("pk", flat=True))
    return Game.objects.select_related("board__round__event").get(pk=game_pk)


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
    game: Game,
    user: User,
    expected_index: int | None,
    body: Callable[[Game, datetime], T],
    *,
    closed_ok: bool = False,
    would: Callable[[Game], str] | None = None,
) -> T:
    """Run ``body(game, now)`` on the locked game after the shared checks, in one transaction.

    A flag that fell before this write is stored first and the write is refused (409), with
    the flag committed: the arbiter sees it before anything else is recorded. On a closed
    board, ``would(game)`` says what the refused write would have made of the game."""
    require_recorder(game, user)  # before the lock: a stranger waits for nothing
    fell: GameAction | None = None
    with transaction.atomic():
        game = lock(game.pk)
        at = now()
        assert game.board is not None  # an Ingenious game is played at its board
        if not closed_ok and game.board.closed:
            refuse_closed(game, would(game) if would else "")
        fell = record_fallen_flag(game, at)
        if fell is None:
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


def replayed(game: Game, rows: list[GameAction]) -> EngineGame:
    try:
        return positions.replay(game.ruleset, game.options, game.players, [r.payload for r in rows])
    except IllegalAction as exc:
        # Every stored action was checked on entry: only a changed engine or a hand-edited log
        # gets here, which is what replay validation reports.
        raise DomainError(
            _(
                "The stored log no longer replays (action %(index)s: %(message)s); "
                "the director must check this game."
            )
            % {"index": exc.index, "message": engine_message(exc.code, exc.message)},
            code="replay_failed",
        ) from exc


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


def keep_position(game: Game, row: GameAction) -> None:
    """A clock event leaves the position as it was: the cache stays valid if it was."""
    if game.position_length == row.index:
        game.position_length = game.log_length


def store_position(game: Game, eng: EngineGame, record_length: int) -> None:
    game.position = positions.summarise(eng, record_length)
    game.position_length = game.log_length


def save(game: Game) -> None:
    """Store the game row; spectators' live pages are refreshed once the write commits."""
    game.save()
    assert game.board is not None  # an Ingenious game is played at its board
    effects.live_changed(game.board.round.event_id)


def finish(game: Game, eng: EngineGame, at: datetime, user: User) -> None:
    """The engine says the game is over: stop the clocks, send the result to the board (where it
    is provisional until the replay check passes) and queue that check."""
    # Every side's six levels (lowest first; a team's on its 0-36 track): a pair's code, a
    # table's placings, a solitaire entrant's placing among the round's entrants.
    table = positions.is_table(eng)
    assert game.board is not None  # an Ingenious game is played at its board
    game.board = enter_result(
        board=game.board,
        user=acting(user),
        result=positions.result_code(eng) if game.ruleset != "solitaire" else "table",
        levels=positions.table_levels(eng),
        placings=positions.placings(eng) if table else None,
        source=Source.GAME,
    )
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


def record_fallen_flag(game: Game, at: datetime) -> GameAction | None:
    """On the locked game: store the flag of a running seat whose time is out (once)."""
    seat = game.clock.expired_seat(at)
    assert game.board is not None  # an Ingenious game is played at its board
    if seat is None or game.board.closed and game.status != Game.Status.FINISHED:
        return None
    rows = effective_rows(game)
    action = {"type": "flag", "player": seat}
    try:
        eng = replayed(game, rows)
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
    store_position(game, eng, len(rows) + 1)
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
