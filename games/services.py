"""Writes of the games app. Every change to a game goes through a function here.

Each write locks the Game row (select_for_update), refuses a stale expected index with 409,
checks the action with the engine on the current position and only then appends to the log and
refreshes the cached position and the clock, all in one transaction.

Clock policy (RULINGS.md, MSO): the clock runs for one seat at a time. Once the clocks are
started, only that seat's placements and swap are accepted; pressing ends its turn (not while a
bonus placement is owed) and starts the seat the engine names next. When a flag falls the
flagged player stops, the opponent's clock starts and the opponent plays on alone: each press
then ends the opponent's turn and restarts the same clock.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from games import positions
from games.clock import Clock, format_ms
from games.engine import Game as EngineGame
from games.engine import IllegalAction, RecordError, load_record
from games.errors import IllegalMove
from games.models import RECORD_KINDS, Game, GameAction, ValidationRun
from tournament import live_cache, standings_cache
from tournament.errors import Conflict, DomainError
from tournament.models import Board, Event, Round
from tournament.permissions import require_arbiter, require_director
from tournament.services import mark_round_playing, set_board_result

log = logging.getLogger(__name__)

User = AbstractBaseUser | AnonymousUser | None
Kind = GameAction.Kind

GAME_OVER_REASON = "game over (recorded at the board)"
REOPENED_REASON = "take-back reopened the game at the board"
MAX_CLOCK_MS = 10 * 3600 * 1000


# ---------------------------------------------------------------- games of a round


def _game_fields(board: Board) -> dict[str, Any]:
    event = board.round.event
    options = dict(event.ruleset_options or {})
    # The site runs a clock for every game, so a flag must be recordable under any ruleset.
    try:
        if not positions.ruleset_allows_flag(event.ruleset, options):
            options["flag_allowed"] = True
    except ValueError as exc:
        raise DomainError(f"The event's ruleset options are not valid: {exc}") from exc
    assert board.second is not None
    ms = event.clock_minutes * 60_000
    players = [board.first.player.name, board.second.player.name]
    empty = positions.new_engine(event.ruleset, options, players)
    return {
        "ruleset": event.ruleset,
        "options": options,
        "players": players,
        "clock_ms": ms,
        "remaining_ms": [ms, ms],
        # The empty board, cached, so pages listing many games read no log to show it.
        "position": positions.summarise(empty, 0),
        "position_length": 0,
    }


def create_games_for_round(round_: Round) -> list[Game]:
    """One Game per board with two players (idempotent); the tournament's publish step calls it."""
    boards = (
        Board.objects.filter(round=round_, second__isnull=False)
        .select_related("round__event", "first__player", "second__player")
        .order_by("number")
    )
    games = []
    with transaction.atomic():
        for board in boards:
            game, _ = Game.objects.get_or_create(board=board, defaults=_game_fields(board))
            games.append(game)
    return games


def game_for_board(board: Board) -> Game:
    """The board's game, created on first use; only boards of published rounds have one."""
    existing = Game.objects.filter(board=board).first()
    if existing is not None:
        return existing
    if board.is_bye:
        raise DomainError(f"Board {board.number} has a bye: no game is played there.")
    if not board.round.is_public:
        raise DomainError(
            f"Round {board.round.number} is not published yet: its games cannot be recorded."
        )
    board = Board.objects.select_related("round__event", "first__player", "second__player").get(
        pk=board.pk
    )
    try:
        with transaction.atomic():
            game, _ = Game.objects.get_or_create(board=board, defaults=_game_fields(board))
    except IntegrityError:  # another request created it first
        game = Game.objects.get(board=board)
    return game


# ---------------------------------------------------------------- helpers


def _now() -> datetime:
    return timezone.now()


def _name(game: Game, seat: int | None) -> str:
    if seat is None:
        return "nobody"
    if 0 <= seat < len(game.players):
        return game.players[seat]
    return f"seat {seat}"


def _require(game: Game, user: User) -> None:
    """Permission first: a stranger learns nothing from the checks that follow."""
    require_arbiter(user or AnonymousUser(), game.board.round.event)


def _lock(game_pk: int, user: User, expected_index: int | None) -> Game:
    """The game row, locked for this transaction, after the permission and index checks."""
    game = (
        Game.objects.select_for_update(of=("self",))
        .select_related("board__round__event")
        .get(pk=game_pk)
    )
    require_arbiter(user or AnonymousUser(), game.board.round.event)
    if expected_index is not None and expected_index != game.log_length:
        raise Conflict(
            f"The game has moved on: the next action is number {game.log_length}, "
            f"not {expected_index} (another entry was made first). Reload and try again.",
            code="stale_index",
            field="expected_index",
        )
    return game


def effective_rows(game: Game) -> list[GameAction]:
    """The record's actions still standing (not taken back), in order."""
    return list(
        game.actions.filter(kind__in=RECORD_KINDS, taken_back_by__isnull=True).order_by("index")
    )


def _engine(game: Game, rows: list[GameAction]) -> EngineGame:
    try:
        return positions.replay(game.ruleset, game.options, game.players, [r.payload for r in rows])
    except IllegalAction as exc:
        # Every stored action was checked on entry: only a changed engine or a hand-edited log
        # gets here, which is what replay validation reports.
        raise DomainError(
            f"The stored log no longer replays (action {exc.index}: {exc.message}); "
            "the director must check this game.",
            code="replay_failed",
        ) from exc


def _append(
    game: Game,
    kind: str,
    *,
    user: User,
    now: datetime,
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
            user=user if user is not None and user.is_authenticated else None,
            at=now,
            clock_ms=game.readings(now),
        )
    except IntegrityError as exc:  # SQLite has no row locks: the unique index decides
        raise Conflict(
            f"Action number {game.log_length} was stored by someone else first. Reload.",
            code="stale_index",
        ) from exc
    game.log_length += 1
    return row


def _keep_position(game: Game, row: GameAction) -> None:
    """A clock event leaves the position as it was: the cache stays valid if it was."""
    if game.position_length == row.index:
        game.position_length = game.log_length


def _store_position(game: Game, eng: EngineGame, record_length: int) -> None:
    game.position = positions.summarise(eng, record_length)
    game.position_length = game.log_length


def _save(game: Game) -> None:
    """Store the game row; spectators' live pages are refreshed once the write commits."""
    game.save()
    live_cache.live_changed(game.board.round.event_id)


def _finish(game: Game, eng: EngineGame, now: datetime, user: User) -> None:
    """The engine says the game is over: stop the clocks, send the result to the round."""
    game.set_clock(game.clock.stop(now))
    game.status = Game.Status.FINISHED
    game.finished_at = now
    game.validation = Game.Validation.PENDING
    game.validation_message = ""
    lowest = eng.lowest_levels()
    set_board_result(
        board=game.board,
        result=positions.result_code(eng),
        user=user if user is not None and user.is_authenticated else None,
        reason=GAME_OVER_REASON,
        first_lowest=lowest[0],
        second_lowest=lowest[1],
    )
    game_pk = game.pk

    def enqueue() -> None:
        from games.tasks import validate_game

        validate_game.delay(game_pk)

    transaction.on_commit(enqueue)


def _check_time(game: Game, now: datetime) -> None:
    seat = game.clock.expired_seat(now)
    if seat is not None:
        raise Conflict(
            f"{_name(game, seat)}'s time has run out: the flag is being recorded. Reload.",
            code="flag_fell",
        )


# ---------------------------------------------------------------- record actions

_ACTION_KEYS = {
    "place": ("type", "player", "tile", "cells"),
    "swap": ("type", "player", "rack"),
    "flag": ("type", "player"),
}


def _clean_action(action: Any) -> dict[str, Any]:
    if not isinstance(action, dict):
        raise DomainError(
            "An action must be an object such as "
            '{"type": "place", "player": 0, "tile": "RO", "cells": ["C9", "D9"]}.',
            field="action",
        )
    kind = action.get("type")
    if kind not in _ACTION_KEYS:
        raise DomainError(
            f"{kind!r} is not an action recorded at the board: place, swap or flag.",
            field="action",
        )
    cleaned = {k: action[k] for k in _ACTION_KEYS[kind] if k in action}
    if kind == "place" and isinstance(cleaned.get("tile"), str):
        cleaned["tile"] = cleaned["tile"].strip().upper()
    if kind == "place" and isinstance(cleaned.get("cells"), list):
        cleaned["cells"] = [
            c.strip().upper() if isinstance(c, str) else c for c in cleaned["cells"]
        ]
    if kind == "swap" and isinstance(cleaned.get("rack"), list):
        cleaned["rack"] = [t.strip().upper() if isinstance(t, str) else t for t in cleaned["rack"]]
    return cleaned


KIND_WORDS = {"place": "placement", "swap": "swap", "flag": "flag"}


def _placed_this_turn(game: Game, rows: list[GameAction], seat: int) -> bool:
    return any(
        r.kind == Kind.PLACE and r.payload.get("player") == seat and r.index > game.turn_index
        for r in rows
    )


def _check_clock_allows(game: Game, rows: list[GameAction], action: dict[str, Any]) -> None:
    """Once the clocks run, only the seat on the clock acts, and a swap comes before the press."""
    seat = action.get("player")
    kind = action["type"]
    if kind == "flag":
        if game.clock_seat is not None:
            raise DomainError(
                "The site's clock decides when a flag falls; record a flag by hand only in a "
                "game played without the site's clock.",
                code="clock_decides_flags",
            )
        return
    if game.clock_seat is None or not isinstance(seat, int):
        return
    if seat != game.clock_seat:
        raise DomainError(
            f"The clock is running for {_name(game, game.clock_seat)}: press the clock to end "
            f"that turn before recording {_name(game, seat)}'s {KIND_WORDS[kind]}.",
            code="not_on_clock",
        )
    if kind == "swap" and not _placed_this_turn(game, rows, seat):
        raise DomainError(
            f"{_name(game, seat)} has not placed a tile on this turn of the clock: a swap comes "
            "after the turn's placements and before the press.",
            code="SWAP_NOT_ALLOWED",
        )


def _apply_checked(eng: EngineGame, action: dict[str, Any], index: int) -> None:
    try:
        eng.apply(action)
    except IllegalAction as exc:
        raise IllegalMove(exc.message, code=exc.code, index=index, record_index=exc.index) from exc


def record_actions(
    *, game: Game, user: User, expected_index: int, actions: list[dict[str, Any]]
) -> list[GameAction]:
    """Append record actions (one, or a whole turn from the notation) checked by the engine."""
    _require(game, user)
    if not actions:
        raise DomainError("Nothing to record: give at least one action.", field="action")
    cleaned = [_clean_action(a) for a in actions]
    detect_flag(game.pk)
    with transaction.atomic():
        game = _lock(game.pk, user, expected_index)
        now = _now()
        _check_time(game, now)
        rows = effective_rows(game)
        eng = _engine(game, rows)
        stored: list[GameAction] = []
        for action in cleaned:
            _check_clock_allows(game, rows + stored, action)
            _apply_checked(eng, action, game.log_length)
            row = _append(game, action["type"], user=user, now=now, payload=action)
            stored.append(row)
            if action["type"] == "flag" and not eng.over:
                game.turn_index = row.index
        if game.status == Game.Status.PENDING:
            game.status = Game.Status.PLAYING
            mark_round_playing(game.board.round)
        _store_position(game, eng, len(rows) + len(stored))
        if eng.over:
            _finish(game, eng, now, user)
        _save(game)
    return stored


def record_action(
    *, game: Game, user: User, expected_index: int, action: dict[str, Any]
) -> GameAction:
    """Append one place, swap or flag action, checked by the engine first."""
    return record_actions(game=game, user=user, expected_index=expected_index, actions=[action])[0]


def record_notation(*, game: Game, user: User, expected_index: int, text: str) -> list[GameAction]:
    """Record one turn or action typed in the engine's text notation (e.g. ``RO C9 D9``)."""
    _require(game, user)
    game.refresh_from_db()
    # A swap belongs to the turn on the clock; a placement to the seat the engine expects (so
    # a placement typed before the press is refused with "press the clock first").
    eng = _engine(game, effective_rows(game))
    if text.lstrip().lower().startswith("swap"):
        seat = game.clock_seat if game.clock_seat is not None else eng.swap_seat
    else:
        seat = eng.to_move
    seat = seat if seat is not None else 0
    try:
        actions = positions.parse_actions(text, game.ruleset, game.options, game.players, seat)
    except RecordError as exc:
        where = (
            f" (column {exc.column})"
            if exc.line == 1 and exc.column
            else (f" (line {exc.line}, column {exc.column})" if exc.line else "")
        )
        raise DomainError(
            f"The notation cannot be read{where}: {exc.message}", code="BAD_RECORD", field="text"
        ) from exc
    return record_actions(game=game, user=user, expected_index=expected_index, actions=actions)


# ---------------------------------------------------------------- the clock


def start_clock(*, game: Game, user: User, expected_index: int, reason: str = "") -> GameAction:
    with transaction.atomic():
        game = _lock(game.pk, user, expected_index)
        if game.status == Game.Status.FINISHED:
            raise DomainError("The game is over: its clocks cannot be started.")
        if game.clock_seat is not None:
            raise DomainError("The clocks have already been started.", code="clock_started")
        rows = effective_rows(game)
        eng = _engine(game, rows)
        seat = eng.to_move
        assert seat is not None
        now = _now()
        game.set_clock(game.clock.start(now, seat))
        row = _append(game, Kind.START, user=user, now=now, payload={"seat": seat}, reason=reason)
        game.turn_index = row.index
        game.status = Game.Status.PLAYING
        mark_round_playing(game.board.round)
        _store_position(game, eng, len(rows))
        _save(game)
    return row


def press_clock(*, game: Game, user: User, expected_index: int) -> GameAction:
    """End the running seat's turn and start the next seat's clock."""
    detect_flag(game.pk)
    with transaction.atomic():
        game = _lock(game.pk, user, expected_index)
        now = _now()
        _check_time(game, now)
        seat = game.clock_seat
        if seat is None or game.status == Game.Status.FINISHED:
            raise DomainError("The clocks are not running: start them first.", code="clock_stopped")
        if not game.clock_running:
            raise DomainError(
                "The clocks are paused: resume them before pressing.", code="clock_paused"
            )
        rows = effective_rows(game)
        eng = _engine(game, rows)
        if not _placed_this_turn(game, rows, seat):
            raise DomainError(
                f"{_name(game, seat)} has not placed a tile this turn: the clock is pressed "
                "after the turn's placements.",
                code="nothing_placed",
            )
        if eng.turn_seat == seat and eng.bonus_owed:
            raise DomainError(
                f"{_name(game, seat)} owes {eng.bonus_owed} bonus placement(s): the turn (and the "
                "clock) goes on until they are made.",
                code="bonus_owed",
            )
        nxt = eng.to_move
        assert nxt is not None
        game.set_clock(game.clock.switch(now, nxt))
        row = _append(game, Kind.PRESS, user=user, now=now, payload={"seat": seat, "to": nxt})
        game.turn_index = row.index
        _keep_position(game, row)
        _save(game)
    return row


def pause_clock(*, game: Game, user: User, expected_index: int, reason: str = "") -> GameAction:
    detect_flag(game.pk)
    return _hold_or_go(game, user, expected_index, reason, pause=True)


def resume_clock(*, game: Game, user: User, expected_index: int, reason: str = "") -> GameAction:
    return _hold_or_go(game, user, expected_index, reason, pause=False)


def _hold_or_go(
    game: Game, user: User, expected_index: int, reason: str, *, pause: bool
) -> GameAction:
    """Pause (the running seat's time is settled) or resume (its turn goes on from now)."""
    with transaction.atomic():
        game = _lock(game.pk, user, expected_index)
        if game.clock_seat is None or game.status == Game.Status.FINISHED:
            raise DomainError("The clocks have not been started.", code="clock_stopped")
        if game.clock_running != pause:
            state = "paused" if pause else "running"
            raise DomainError(f"The clocks are already {state}.", code=f"clock_{state}")
        now = _now()
        game.set_clock(game.clock.pause(now) if pause else game.clock.resume(now))
        kind = Kind.PAUSE if pause else Kind.RESUME
        row = _append(
            game, kind, user=user, now=now, payload={"seat": game.clock_seat}, reason=reason
        )
        _keep_position(game, row)
        _save(game)
    return row


def adjust_clock(
    *, game: Game, user: User, expected_index: int, seat: int, remaining_ms: int, reason: str
) -> GameAction:
    """Set a seat's remaining time (an arbiter's decision, logged with the reason)."""
    _require(game, user)
    if not reason.strip():
        raise DomainError("Say why the clock is being adjusted.", field="reason")
    detect_flag(game.pk)
    with transaction.atomic():
        game = _lock(game.pk, user, expected_index)
        if game.status == Game.Status.FINISHED:
            raise DomainError("The game is over: its clocks can no longer be adjusted.")
        if not isinstance(seat, int) or not 0 <= seat < len(game.players):
            raise DomainError(f"Seat must be 0 or 1, not {seat!r}.", field="seat")
        if not isinstance(remaining_ms, int) or not 0 <= remaining_ms <= MAX_CLOCK_MS:
            raise DomainError(
                "The time left must be between 0:00 and 10 hours.", field="remaining_ms"
            )
        now = _now()
        before = game.readings(now)[seat]
        game.set_clock(game.clock.set_remaining(now, seat, remaining_ms))
        row = _append(
            game,
            Kind.ADJUST,
            user=user,
            now=now,
            payload={"seat": seat, "from_ms": before, "to_ms": remaining_ms},
            reason=reason.strip(),
        )
        _keep_position(game, row)
        _save(game)
    log.info(
        "clock of %s adjusted %s -> %s: %s",
        _name(game, seat),
        format_ms(before),
        format_ms(remaining_ms),
        reason,
    )
    return row


CLOCK_OPERATIONS = ("start", "press", "pause", "resume", "adjust")


def clock_operation(
    *,
    game: Game,
    user: User,
    expected_index: int,
    operation: str,
    seat: int | None = None,
    remaining_ms: int | None = None,
    reason: str = "",
) -> GameAction:
    """One entry point for the clock's buttons (the API and the board page use it)."""
    if operation == "start":
        return start_clock(game=game, user=user, expected_index=expected_index, reason=reason)
    if operation == "press":
        return press_clock(game=game, user=user, expected_index=expected_index)
    if operation == "pause":
        return pause_clock(game=game, user=user, expected_index=expected_index, reason=reason)
    if operation == "resume":
        return resume_clock(game=game, user=user, expected_index=expected_index, reason=reason)
    if operation == "adjust":
        if seat is None or remaining_ms is None:
            raise DomainError("An adjustment needs the seat and the time left.", field="seat")
        return adjust_clock(
            game=game,
            user=user,
            expected_index=expected_index,
            seat=seat,
            remaining_ms=remaining_ms,
            reason=reason,
        )
    raise DomainError(
        f"{operation!r} is not a clock operation ({', '.join(CLOCK_OPERATIONS)}).",
        field="operation",
    )


# ---------------------------------------------------------------- flags


def detect_flag(game_pk: int, now: datetime | None = None) -> GameAction | None:
    """Store the flag of a running seat whose time is out (once: under the row lock)."""
    now = now or _now()
    peek = (
        Game.objects.filter(pk=game_pk)
        .only("remaining_ms", "clock_seat", "clock_running", "clock_since", "clock_ms", "players")
        .first()
    )
    if peek is None or peek.clock.expired_seat(now) is None:
        return None
    with transaction.atomic():
        game = (
            Game.objects.select_for_update(of=("self",))
            .select_related("board__round__event")
            .get(pk=game_pk)
        )
        seat = game.clock.expired_seat(now)
        if seat is None:
            return None
        rows = effective_rows(game)
        action = {"type": "flag", "player": seat}
        try:
            eng = _engine(game, rows)
            eng.apply(action)
        except (DomainError, IllegalAction) as exc:
            # Nothing the engine can record (a log that no longer replays, a seat already
            # flagged): hold the clocks, in the log, so the arbiter decides.
            log.warning("flag of seat %s not recordable in game %s: %s", seat, game_pk, exc)
            game.set_clock(game.clock.pause(now))
            row = _append(
                game,
                Kind.PAUSE,
                user=None,
                now=now,
                payload={"seat": seat},
                reason="time ran out but no flag can be recorded: the arbiter decides",
            )
            _keep_position(game, row)
            _save(game)
            return None
        row = _append(game, Kind.FLAG, user=None, now=now, payload=action, reason="time ran out")
        _store_position(game, eng, len(rows) + 1)
        if eng.over:
            _finish(game, eng, now, None)
        else:
            nxt = eng.to_move
            assert nxt is not None
            game.set_clock(game.clock.switch(now, nxt))
            game.turn_index = row.index
        _save(game)
    log.info("flag fell for %s in game %s", _name(game, seat), game_pk)
    return row


def sweep_flags(now: datetime | None = None) -> int:
    """The beat task's body: record every flag that has fallen. Returns how many."""
    now = now or _now()
    running = Game.objects.filter(clock_running=True, clock_seat__isnull=False).only(
        "remaining_ms", "clock_seat", "clock_running", "clock_since", "clock_ms", "players"
    )
    expired = [g.pk for g in running if g.clock.expired_seat(now) is not None]
    flags = 0
    for pk in expired:
        try:
            flags += detect_flag(pk, now) is not None
        except Exception:  # one broken game must not stop the sweep of the others
            log.exception("flag sweep failed for game %s", pk)
    return flags


# ---------------------------------------------------------------- corrections


def take_back(
    *, game: Game, user: User, expected_index: int, count: int = 1, reason: str
) -> GameAction:
    """Take back the last `count` record actions; they stay in the log, marked."""
    _require(game, user)
    if not reason.strip():
        raise DomainError("Say why the actions are being taken back.", field="reason")
    if not isinstance(count, int) or count < 1:
        raise DomainError("Take back at least one action.", field="count")
    with transaction.atomic():
        game = _lock(game.pk, user, expected_index)
        rows = effective_rows(game)
        if count > len(rows):
            raise DomainError(
                f"Only {len(rows)} action(s) are recorded: cannot take back {count}.",
                field="count",
            )
        kept, undone = rows[: len(rows) - count], rows[len(rows) - count :]
        eng = _engine(game, kept)
        now = _now()
        seat = eng.to_move
        payload: dict[str, Any] = {"indices": [r.index for r in undone]}
        was_finished = game.status == Game.Status.FINISHED
        if was_finished:
            # The result no longer stands: reopen with the clocks held for the arbiter.
            game.status = Game.Status.PLAYING
            game.finished_at = None
            game.validation = Game.Validation.UNCHECKED
            game.validation_message = ""
            clocked = game.actions.filter(kind=Kind.START).exists()
            game.set_clock(Clock(tuple(game.clock.readings(now)), seat if clocked else None))
            payload["reopened"] = True
        elif game.clock_seat is not None and seat != game.clock_seat:
            game.set_clock(game.clock.moved_to(now, seat))
            payload["clock_to"] = seat
        row = _append(
            game, Kind.TAKEBACK, user=user, now=now, payload=payload, reason=reason.strip()
        )
        GameAction.objects.filter(pk__in=[r.pk for r in undone]).update(taken_back_by=row)
        if "clock_to" in payload or was_finished:
            game.turn_index = row.index
        _store_position(game, eng, len(kept))
        if was_finished:
            set_board_result(
                board=game.board,
                result="",
                user=user if user and user.is_authenticated else None,
                reason=REOPENED_REASON,
            )
        _save(game)
    return row


# ---------------------------------------------------------------- import


def import_record(
    *,
    game: Game,
    user: User,
    source: str | bytes | dict[str, Any],
    expected_index: int | None = None,
) -> list[GameAction]:
    """Store a game recorded on paper (JSON or text form), checked like moves at the board."""
    _require(game, user)
    try:
        if isinstance(source, dict):
            from games.engine import Record

            record = Record.from_json(source)
        else:
            record = load_record(source)
    except RecordError as exc:
        where = f" (line {exc.line}, column {exc.column})" if exc.line else ""
        raise DomainError(
            f"The record cannot be read{where}: {exc.message}", code="BAD_RECORD", field="record"
        ) from exc
    if record.ruleset != game.ruleset:
        raise DomainError(
            f"The record is for the {record.ruleset} ruleset; this event plays {game.ruleset}.",
            field="record",
        )
    if len(record.players) != len(game.players):
        raise DomainError(
            f"The record has {len(record.players)} players, not {len(game.players)}.",
            field="record",
        )
    try:
        record.new_game()  # the record's own header (e.g. a full-mode game with its draws)
        from games.engine import replay as replay_record

        replay_record(record)
    except IllegalAction as exc:
        raise IllegalMove(
            f"action {exc.index} of the record: {exc.message}",
            code=exc.code,
            index=exc.index,
            record_index=exc.index,
        ) from exc
    actions = positions.board_mode_actions(record)
    if not actions:
        raise DomainError("The record has no moves to import.", field="record")
    with transaction.atomic():
        game = _lock(game.pk, user, expected_index)
        rows = effective_rows(game)
        if rows:
            raise DomainError(
                f"This game already has {len(rows)} action(s) recorded: take them back before "
                "importing a record.",
                code="not_empty",
            )
        if game.clock_seat is not None:
            raise DomainError(
                "The site's clocks are running for this game: it is being recorded "
                "at the board, not from paper.",
                code="clock_started",
            )
        eng = positions.new_engine(game.ruleset, game.options, game.players)
        now = _now()
        stored = []
        for n, action in enumerate(actions):
            try:
                eng.apply(action)
            except IllegalAction as exc:
                raise IllegalMove(
                    f"action {n} (without draws): {exc.message}",
                    code=exc.code,
                    index=game.log_length,
                    record_index=n,
                ) from exc
            stored.append(
                _append(
                    game,
                    action["type"],
                    user=user,
                    now=now,
                    payload=action,
                    reason="imported from a paper record",
                )
            )
        game.status = Game.Status.PLAYING
        mark_round_playing(game.board.round)
        _store_position(game, eng, len(stored))
        if eng.over:
            _finish(game, eng, now, user)
        _save(game)
    return stored


# ---------------------------------------------------------------- replay validation


def validate_game(game_pk: int) -> bool:
    """Replay the whole log from scratch; a failure holds the board's result out of standings."""
    with transaction.atomic():
        # Locked, so an entry made meanwhile is checked by the next validation, not half-seen.
        game = (
            Game.objects.select_for_update(of=("self",))
            .select_related("board__round")
            .filter(pk=game_pk)
            .first()
        )
        if game is None:  # deleted since the task was queued
            return False
        rows = effective_rows(game)
        problem = _replay_problem(game, rows)
        Game.objects.filter(pk=game_pk).update(
            validation=Game.Validation.INVALID if problem else Game.Validation.VALID,
            validation_message=problem,
            validated_at=_now(),
        )
        board = game.board
        held = bool(problem) and bool(rows)
        if board.result_held != held:
            Board.objects.filter(pk=board.pk).update(result_held=held)
            standings_cache.results_changed(board.round.event_id)
    if problem:
        log.warning("replay validation failed for game %s: %s", game_pk, problem)
    return not problem


def _replay_problem(game: Game, rows: list[GameAction]) -> str:
    """What is wrong with the stored log, replayed by the engine from the empty board ("": ok)."""
    try:
        eng = positions.replay(game.ruleset, game.options, game.players, [r.payload for r in rows])
    except (IllegalAction, ValueError) as exc:
        where = getattr(exc, "index", None)
        row = rows[where] if isinstance(where, int) and where < len(rows) else None
        at = f"log action {row.index}" if row else "the record"
        return f"{at}: {getattr(exc, 'message', str(exc))}"
    finished = game.status == Game.Status.FINISHED
    if finished and not eng.over:
        return "the game is marked finished but its replay is not over"
    if not finished and eng.over:
        return "the replay is over but the game is still marked as in play"
    cached = game.position if game.position_length == game.log_length else None
    if cached and cached.get("scores") != eng.scores:
        return f"the replay scores {eng.scores} differ from the stored {cached.get('scores')}"
    return ""


def start_recheck(*, event: Event, user: User) -> ValidationRun:
    """A director's re-check of every game of the event with moves, run by a worker."""
    require_director(user or AnonymousUser(), event)
    with transaction.atomic():
        games = Game.objects.filter(board__round__event=event, log_length__gt=0)
        run = ValidationRun.objects.create(
            event=event,
            user=user if user is not None and user.is_authenticated else None,
            total=games.count(),
        )
        games.update(validation=Game.Validation.PENDING)
        run_pk = run.pk

        def enqueue() -> None:
            from games.tasks import recheck_event

            recheck_event.delay(run_pk)

        transaction.on_commit(enqueue)
    return run


def run_recheck(run_pk: int) -> ValidationRun:
    """The worker's side of a re-check: validate each game, counting progress as it goes."""
    from django.db.models import F

    run = ValidationRun.objects.get(pk=run_pk)
    game_pks = list(
        Game.objects.filter(board__round__event_id=run.event_id, log_length__gt=0)
        .order_by("board__round__number", "board__number")
        .values_list("pk", flat=True)
    )
    ValidationRun.objects.filter(pk=run_pk).update(total=len(game_pks))
    for pk in game_pks:
        ok = validate_game(pk)
        ValidationRun.objects.filter(pk=run_pk).update(
            done=F("done") + 1, failed=F("failed") + (0 if ok else 1)
        )
    ValidationRun.objects.filter(pk=run_pk).update(finished_at=_now())
    run.refresh_from_db()
    return run
