"""Take-backs: the last record actions are marked as taken back, never deleted."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils.translation import gettext as _

from games.clocks.readings import Clock
from games.models import Game, GameAction
from games.recording.writes import (
    Kind,
    Target,
    User,
    acting,
    append,
    effective_rows,
    recorder_of,
    replayed,
    save,
    store_position,
    write,
)
from tournament.errors import Conflict, DomainError
from tournament.models.events import Board
from tournament.results.services import entered_by, lock_round, withdraw_game_result

REOPENED_REASON = "take-back reopened the game at the board"


def take_back(
    *, game: Target, user: User, expected_index: int, count: int = 1, reason: str
) -> GameAction:
    """Take back the last `count` record actions; they stay in the log, marked. Taking back the
    end of a finished game withdraws the result it sent to the board; a result a director
    entered stands, and its board takes no take-back until a director reopens it. The kept
    actions are replayed: the one write whose position is not the stored one played on."""
    recorder = recorder_of(game, user)  # before the reason is read
    if not reason.strip():
        raise DomainError(_("Say why the actions are being taken back."), field="reason")
    if not isinstance(count, int) or count < 1:
        raise DomainError(_("Take back at least one action."), field="count")

    def body(game: Game, at: datetime) -> GameAction:
        board = game.event_board
        if board.closed and board.result_check == Board.Check.NONE:
            raise Conflict(
                _(
                    "Board %(number)s of round %(number2)s is decided (%(result)s, "
                    "entered by %(value)s): a director reopens the board with a reason "
                    "before anything is taken back."
                )
                % {
                    "number": board.number,
                    "number2": board.round.number,
                    "result": board.result,
                    "value": entered_by(board),
                },
                code="board_closed",
            )
        rows = effective_rows(game)
        if count > len(rows):
            raise DomainError(
                _("Only %(rows)s action(s) are recorded: cannot take back %(count)s.")
                % {"rows": len(rows), "count": count},
                field="count",
            )
        kept, undone = rows[: len(rows) - count], rows[len(rows) - count :]
        eng = replayed(game, kept)
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
            game.set_clock(Clock(tuple(game.clock.readings(at)), seat if clocked else None))
            payload["reopened"] = True
        elif game.clock_seat is not None and seat != game.clock_seat:
            game.set_clock(game.clock.moved_to(at, seat))
            payload["clock_to"] = seat
        row = append(game, Kind.TAKEBACK, user=user, at=at, payload=payload, reason=reason.strip())
        GameAction.objects.filter(pk__in=[r.pk for r in undone]).update(taken_back_by=row)
        if "clock_to" in payload or was_finished:
            game.turn_index = row.index
        store_position(game, eng)
        if was_finished:
            game.board = withdraw_game_result(
                board=lock_round(board), user=acting(user), reason=REOPENED_REASON, locked=True
            )
        save(game)
        return row

    return write(recorder, user, expected_index, body, closed_ok=True)
