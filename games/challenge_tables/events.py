"""Challenge games of an event of challenges (issue 13, item 5): a ``Game`` of the kind
``challenge`` per board of a published round (its players are the board's seats), and the
result of a finished challenge game sent to its board.

A board's result is each seat's lowest row and second lowest (``Seat.lowest``/``next_lowest``)
and its placing by the result order of CHALLENGES.md (lowest row, then second lowest...), with
``Board.result`` "table" for every board of the event, two seats or more. It goes through the
tournament floor's one result service (``results.enter_result``: ResultCorrection
and log), provisional until the record checks (``games.challenges.record.check_record``), which is
done at once: the log is replayed by the engine anyway. ``send_result`` is the one place a
Challenge's result enters the result service, inside the write that ends the game (its board
locked with the game, games/challenge_tables/services.py). A take-back that reopens a finished
game withdraws the result it sent; a director's result stands as entered (CHALLENGES-RECORD.md;
RULINGS.md on tables).
"""

from __future__ import annotations

import random

from django.db import transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from games.challenge_tables.selectors import TableReading, record_of
from games.challenges.board import ChallengeGame
from games.challenges.record import check_record
from games.engine.score_track import ranking
from games.models import Game
from tournament import effects
from tournament.acting import User
from tournament.errors import DomainError
from tournament.models.events import Board, Event, Result, Round
from tournament.models.tables import SEATED
from tournament.results.services import (
    Source,
    TableOutcome,
    confirmed_by_game,
    enter_result,
    lock_round,
    record_replay_check,
    withdraw_game_result,
)
from tournament.rounds import challenges as challenge_rounds

TAKEN_BACK_REASON = "the finished challenge game was reopened by a take-back"


def is_challenge_event(event: Event) -> bool:
    return event.ruleset == Event.Ruleset.CHALLENGES


def _boards(round_: Round) -> QuerySet[Board]:
    return Board.objects.filter(round=round_).prefetch_related(*SEATED).order_by("number")


@transaction.atomic
def create_tables_for_round(round_: Round) -> list[Game]:
    """One challenge table per board of two to four seats (idempotent): the board's game, its
    players the board's seats; the round's challenge from the event's sequence when none was
    set."""
    event = round_.event
    if not round_.challenge:
        round_.challenge = challenge_rounds.challenge_for(event, round_.number)
        Round.objects.filter(pk=round_.pk).update(challenge=round_.challenge)
    options = {}
    if round_.challenge == "dice" and not challenge_rounds.setup_roll(event):
        options["setup_roll"] = False
    tables = []
    rng = random.SystemRandom()
    for board in _boards(round_):
        if not 2 <= len(board.seats.all()) <= 4:
            continue  # a bye or an absence: no game
        table, _created = Game.objects.get_or_create(
            board=board,
            defaults={
                "kind": Game.Kind.CHALLENGE,
                "status": Game.Status.PLAYING,
                "challenge": round_.challenge,
                "mode": challenge_rounds.table_mode(event),
                "options": options,
                "seed": rng.randrange(2**62),
            },
        )
        tables.append(table)
    return tables


def outcome_of(game: ChallengeGame) -> TableOutcome:
    """Per seat: (placing by the result order, lowest row, second lowest)."""
    places = ranking(game.rows)
    return [(p, min(r), sorted(r)[1]) for p, r in zip(places, game.rows, strict=True)]


def refuse_decided(table: Game) -> None:
    """A board a director decided is closed to recording until a director reopens it (its row
    as the write locked it)."""
    board = table.board
    if board is None:
        return
    if board.result and not board.recording_open and board.result_check == Board.Check.NONE:
        raise DomainError(
            _(
                "Board %(number)s has a result entered by a director: a director reopens "
                "the board before its game is recorded further."
            )
            % {"number": board.number},
            code="board_decided",
        )


def after_write(table: Game, reading: TableReading, user: User | None) -> None:
    """After an action or a take-back at an event's table, in the write's change (the table's
    board locked with it): a finished game sends its result to the board; a reopened one
    withdraws the result it sent; else the live pages show the new position."""
    board = table.board
    if board is None:
        return
    if table.status == Game.Status.FINISHED:
        table.board = send_result(table, reading, board)
    elif board.result and board.result_check != Board.Check.NONE:
        table.board = withdraw_game_result(
            board=lock_round(board), user=user, reason=TAKEN_BACK_REASON, locked=True
        )
    else:
        effects.live_changed(board.round.event_id, board=board.pk)


def send_result(table: Game, reading: TableReading, board: Board) -> Board:
    """The finished game's result goes to the board (locked by the write with the game; its
    round locked now, as every result's is), audited, and its record is checked."""
    outcome = list(outcome_of(reading.game))
    if confirmed_by_game(board):  # a director's result stands as entered; the game closes it
        return board
    standing = [(s.placing, s.lowest, s.next_lowest) for s in board.seats.order_by("number")]
    if board.result != Result.TABLE or standing != outcome:
        board = enter_result(
            board=lock_round(board),
            user=None,
            result=Result.TABLE,
            levels=[[lowest, next_] for _placing, lowest, next_ in outcome],
            placings=[placing for placing, _lowest, _next in outcome],
            source=Source.GAME,
            supersedes_game=True,
            locked=True,
        )
    verdict = check_record(record_of(table, reading))
    passed = bool(verdict.get("valid")) and bool(verdict.get("over"))
    message = "" if passed else str(verdict.get("error", {}).get("message") or "not finished")
    return record_replay_check(board=board, passed=passed, message=message, locked=True)
