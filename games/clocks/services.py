"""The clocks: start, press, pause, resume and adjust, and the flags that fall.

The clock runs for one seat at a time. Pressing ends that seat's turn (not while a bonus
placement is owed) and starts the seat the engine names next, at a table of 3 or 4 as at a
board of two. When a flag falls the flagged player stops and the others play on (RULINGS.md):
the clock goes to the next seat whose flag stands, and the turns skip the flagged seats; the last
player left plays on alone, each press restarting the same clock. The game ends when the board
is full or every flag has fallen. A fallen flag is recorded by the next write to the game or by
the beat's sweep; pages only show it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils.translation import gettext as _

from games.clocks import lag
from games.clocks.readings import format_ms
from games.models import Game, GameAction
from games.recording.services import placed_this_turn
from games.recording.writes import (
    Kind,
    Target,
    User,
    append,
    deal,
    engine_at,
    keep_position,
    lock,
    log,
    mark_playing,
    now,
    record_fallen_flag,
    save,
    seat_name,
    store_position,
    write,
)
from tournament import effects
from tournament.errors import DomainError
from tournament.models.events import Board

MAX_CLOCK_MS = 10 * 3600 * 1000
CLOCK_OPERATIONS = ("start", "press", "pause", "resume", "adjust")


@dataclass
class Moment:
    """When a clock operation is charged (games.clocks.lag): at the moment the device says it
    was made (``client_at``, None: not said), credited to the seat ``seat_of`` names (None: no
    clock runs across it), worked out by the write under the game's lock."""

    client_at: datetime | None
    seat_of: Callable[[Game], int | None]
    charge: lag.Charge | None = None

    def __call__(self, game: Game, received: datetime) -> datetime:
        seat = self.seat_of(game) if self.client_at is not None else None
        if self.client_at is None or seat is None:
            return received
        self.charge = lag.charge(game, received, self.client_at, seat)
        return self.charge.at

    def payload(self, payload: dict[str, Any]) -> dict[str, Any]:
        """The log entry's payload, with what was credited when anything was charged."""
        return {**payload, lag.LAG: self.charge.record()} if self.charge else payload


def running_seat(game: Game) -> int | None:
    return game.clock_seat if game.clock_running else None


def start_clock(
    *,
    game: Target,
    user: User,
    expected_index: int,
    reason: str = "",
    client_at: datetime | None = None,
) -> GameAction:
    moment = Moment(client_at, _seat_to_start)

    def body(game: Game, at: datetime) -> GameAction:
        if game.status == Game.Status.FINISHED:
            raise DomainError(_("The game is over: its clocks cannot be started."))
        if game.clock_seat is not None:
            raise DomainError(_("The clocks have already been started."), code="clock_started")
        eng = engine_at(game)
        seat = eng.to_move
        assert seat is not None
        game.set_clock(game.clock.start(at, seat))
        payload = moment.payload({"seat": seat})
        row = append(game, Kind.START, user=user, at=at, payload=payload, reason=reason)
        game.turn_index = row.index
        mark_playing(game)
        store_position(game, eng)
        save(game)
        return row

    return write(game, user, expected_index, body, moment=moment, seated_may=True)


def _seat_to_start(game: Game) -> int | None:
    """The seat whose clock a start sets going (None: the clocks will not start)."""
    if game.clock_seat is not None or game.status == Game.Status.FINISHED:
        return None
    return engine_at(game).to_move


def press_clock(
    *, game: Target, user: User, expected_index: int, client_at: datetime | None = None
) -> GameAction:
    """End the running seat's turn and start the next seat's clock: at ``client_at``, the
    moment the press was made, as far as the seat's lag allowance reaches (else now)."""
    moment = Moment(client_at, running_seat)

    def body(game: Game, at: datetime) -> GameAction:
        seat = game.clock_seat
        if seat is None or game.status == Game.Status.FINISHED:
            raise DomainError(
                _("The clocks are not running: start them first."), code="clock_stopped"
            )
        if not game.clock_running:
            raise DomainError(
                _("The clocks are paused: resume them before pressing."), code="clock_paused"
            )
        eng = engine_at(game)
        if not placed_this_turn(game, seat):
            raise DomainError(
                _(
                    "%(value)s has not placed a tile this turn: the clock is pressed "
                    "after the turn's placements."
                )
                % {"value": seat_name(game, seat)},
                code="nothing_placed",
            )
        if eng.turn_seat == seat and eng.bonus_owed:
            raise DomainError(
                _(
                    "%(value)s owes %(bonus_owed)s bonus placement(s): the turn (and "
                    "the clock) goes on until they are made."
                )
                % {"value": seat_name(game, seat), "bonus_owed": eng.bonus_owed},
                code="bonus_owed",
            )
        if game.mode == Game.Mode.FULL:  # an online board's game: the press ends the turn
            dealt = deal(game, eng, at, turn_over=True)
            if dealt:
                store_position(game, eng)
        nxt = eng.to_move
        assert nxt is not None
        game.set_clock(game.clock.switch(at, nxt))
        payload = moment.payload({"seat": seat, "to": nxt})
        row = append(game, Kind.PRESS, user=user, at=at, payload=payload)
        game.turn_index = row.index
        keep_position(game, row)
        save(game)
        return row

    return write(game, user, expected_index, body, moment=moment, seated_may=True)


def pause_clock(
    *,
    game: Target,
    user: User,
    expected_index: int,
    reason: str = "",
    client_at: datetime | None = None,
) -> GameAction:
    moment = Moment(client_at, running_seat)
    return _hold_or_go(game, user, expected_index, reason, moment, pause=True)


def resume_clock(
    *,
    game: Target,
    user: User,
    expected_index: int,
    reason: str = "",
    client_at: datetime | None = None,
) -> GameAction:
    moment = Moment(client_at, lambda game: None if game.clock_running else game.clock_seat)
    return _hold_or_go(game, user, expected_index, reason, moment, pause=False)


def _hold_or_go(
    game: Target, user: User, expected_index: int, reason: str, moment: Moment, *, pause: bool
) -> GameAction:
    """Pause (the running seat's time is settled) or resume (its turn goes on from then)."""

    def body(game: Game, at: datetime) -> GameAction:
        if game.clock_seat is None or game.status == Game.Status.FINISHED:
            raise DomainError(_("The clocks have not been started."), code="clock_stopped")
        if game.clock_running != pause:
            state = "paused" if pause else "running"
            raise DomainError(
                _("The clocks are already %(state)s.") % {"state": state}, code=f"clock_{state}"
            )
        game.set_clock(game.clock.pause(at) if pause else game.clock.resume(at))
        kind = Kind.PAUSE if pause else Kind.RESUME
        payload = moment.payload({"seat": game.clock_seat})
        row = append(game, kind, user=user, at=at, payload=payload, reason=reason)
        keep_position(game, row)
        save(game)
        return row

    # A decided board's clock may still be paused (it is held when the result is entered).
    return write(game, user, expected_index, body, closed_ok=pause, moment=moment)


def seat_refusal(game: Game, seat: object) -> str:
    """Why ``seat`` is not a seat of the game's board (its seats are counted from 0, one per
    player: two to four, one for a solitaire entrant); empty when it is one."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(game.players):
        return ""
    seats = [f"{n} ({name})" for n, name in enumerate(game.players)]
    listed = (
        seats[0]
        if len(seats) == 1
        else _("%(seats)s and %(last)s")
        % {
            "seats": ", ".join(seats[:-1]),
            "last": seats[-1],
        }
    )
    assert game.board is not None  # an Ingenious game is played at its board
    return _("Board %(number)s has no seat %(seat)s: its seats are %(seats)s.") % {
        "number": game.board.number,
        "seat": seat,
        "seats": listed,
    }


def adjust_clock(
    *,
    game: Target,
    user: User,
    expected_index: int,
    seat: int,
    remaining_ms: int,
    reason: str,
    confirm_long: bool = False,
    client_at: datetime | None = None,
) -> GameAction:
    """Set a seat's remaining time (an arbiter's decision, logged with the reason).

    More than the game's starting time is refused unless ``confirm_long``: giving time back
    after a faulty clock never needs more, so a bigger figure is most often a slip of the
    finger (45:00 for 4:50) that would hand one player the game."""
    if not reason.strip():
        raise DomainError(_("Say why the clock is being adjusted."), field="reason")
    before: list[int] = []
    moment = Moment(client_at, running_seat)

    def body(game: Game, at: datetime) -> GameAction:
        if game.status == Game.Status.FINISHED:
            raise DomainError(_("The game is over: its clocks can no longer be adjusted."))
        refusal = seat_refusal(game, seat)
        if refusal:
            raise DomainError(refusal, field="seat")
        if not isinstance(remaining_ms, int) or not 0 <= remaining_ms <= MAX_CLOCK_MS:
            raise DomainError(
                _("The time left must be between 0:00 and 10 hours."), field="remaining_ms"
            )
        if remaining_ms > game.clock_ms and not confirm_long:
            raise DomainError(
                _(
                    "%(value)s is more than the %(value2)s each player started with: "
                    "confirm the long adjustment to set it."
                )
                % {"value": format_ms(remaining_ms), "value2": format_ms(game.clock_ms)},
                field="remaining_ms",
            )
        before.append(game.readings(at)[seat])
        game.set_clock(game.clock.set_remaining(at, seat, remaining_ms))
        row = append(
            game,
            Kind.ADJUST,
            user=user,
            at=at,
            payload=moment.payload({"seat": seat, "from_ms": before[0], "to_ms": remaining_ms}),
            reason=reason.strip(),
        )
        keep_position(game, row)
        save(game)
        return row

    row = write(game, user, expected_index, body, moment=moment)
    log.info(
        "clock of %s adjusted %s -> %s: %s",
        seat_name(row.game, seat),
        format_ms(before[0]),
        format_ms(remaining_ms),
        reason,
    )
    return row


def clock_operation(
    *,
    game: Target,
    user: User,
    expected_index: int,
    operation: str,
    seat: int | None = None,
    remaining_ms: int | None = None,
    reason: str = "",
    confirm_long: bool = False,
    client_at: datetime | None = None,
) -> GameAction:
    """One entry point for the clock's buttons (the API and the board page use it).
    ``client_at``: the moment the operation was made on the device, in the server's time."""
    common: dict[str, Any] = {
        "game": game,
        "user": user,
        "expected_index": expected_index,
        "client_at": client_at,
    }
    if operation == "start":
        return start_clock(reason=reason, **common)
    if operation == "press":
        return press_clock(**common)
    if operation == "pause":
        return pause_clock(reason=reason, **common)
    if operation == "resume":
        return resume_clock(reason=reason, **common)
    if operation == "adjust":
        if seat is None or remaining_ms is None:
            raise DomainError(_("An adjustment needs the seat and the time left."), field="seat")
        return adjust_clock(
            seat=seat,
            remaining_ms=remaining_ms,
            reason=reason,
            confirm_long=confirm_long,
            **common,
        )
    raise DomainError(
        _("%(operation)s is not a clock operation (%(value)s).")
        % {"operation": repr(operation), "value": ", ".join(CLOCK_OPERATIONS)},
        field="operation",
    )


# ---------------------------------------------------------------- flags


def detect_flag(game_pk: int, at: datetime | None = None) -> GameAction | None:
    """Store the flag of a running seat whose time is out (once: under the row lock)."""
    at = at or now()
    with effects.changing():
        game = lock(game_pk)
        row = record_fallen_flag(game, at, grace=True)
    return row if row is not None and row.kind == Kind.FLAG else None


def sweep_flags(at: datetime | None = None) -> int:
    """The beat task's body: record every flag that has fallen. Returns how many."""
    at = at or now()
    running = Game.objects.filter(clock_running=True, clock_seat__isnull=False).only(
        "remaining_ms", "clock_seat", "clock_running", "clock_since", "clock_ms", "players"
    )
    expired = [g.pk for g in running if g.clock.expired_seat(at) is not None]
    flags = 0
    for pk in expired:
        try:
            flags += detect_flag(pk, at) is not None
        except Exception:  # one broken game must not stop the sweep of the others
            log.exception("flag sweep failed for game %s", pk)
    return flags


def on_board_deciding(sender: object, board: Board, **kwargs: object) -> None:
    """Receiver of ``tournament.effects.board_deciding``: lock the board's game before the
    director's result locks the board, as the game's own writes do (a final move locks the game,
    then the board): a result and a move at once wait for each other instead of deadlocking."""
    # order_by(): Game's default ordering would join the board, round and event to sort one row.
    game = Game.objects.select_for_update().filter(board_id=board.pk).order_by()
    list(game.values_list("pk", flat=True))


def on_board_decided(sender: object, board: Board, **kwargs: object) -> None:
    """Receiver of ``tournament.effects.board_decided``: a director entered the board's result,
    so a clock still running there is held, in the log."""
    # One unsorted row, and nothing joined: most results are entered with no clock running, and
    # the board (its round and event read) is the one the result holds locked.
    running = Game.objects.select_for_update().filter(board=board, clock_running=True).order_by()
    game = next(iter(running[:1]), None)
    if game is None or game.status == Game.Status.FINISHED:
        return
    game.board = board
    at = now()
    game.set_clock(game.clock.pause(at))
    row = append(
        game,
        Kind.PAUSE,
        user=None,
        at=at,
        payload={"seat": game.clock_seat},
        reason=f"result {board.result} entered by "
        + ("the event's rule" if kwargs.get("by_rule") else "a director"),
    )
    keep_position(game, row)
    save(game)
