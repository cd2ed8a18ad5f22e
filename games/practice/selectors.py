"""Reads of the practice table: whose practice game it is (its owner alone sees it), what the
owner's page shows of it (the player's page's state, games.play.selectors.seat_view, without
clocks or arbiter) and the owner's list of practice games. Nothing here writes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from games.engine.game import Game as EngineGame
from games.engine.gamerecord import Record
from games.engine.phases import placement_seat
from games.engine.position import POST
from games.models import Game
from games.play.selectors import seat_view
from games.practice.models import PracticeGame
from games.recording import positions
from games.recording import selectors as recording
from games.recording.views import _seat_rows
from games.recording.writes import User, engine_at
from tournament.errors import DomainError

#: What each strength plays (games.engine.analysis.players): a random legal placement, the
#: greedy placement, the analysis engine at a small budget.
POLICIES = {
    PracticeGame.Strength.EASY: "random",
    PracticeGame.Strength.MEDIUM: "greedy",
    PracticeGame.Strength.STRONG: "engine",
}


class NoPracticeGame(DomainError):
    """No such practice game, or another user's: answered as a page not found."""

    status_code = 404


def practice_of(user: User, pk: int) -> PracticeGame:
    """The user's own practice game with its game; anyone else's is not found (404), whoever
    asks."""
    found = None
    if user is not None and user.is_authenticated:
        found = PracticeGame.objects.select_related("game").filter(pk=pk, user_id=user.pk).first()
    if found is None:
        raise NoPracticeGame(_("No such practice game."), code="not_found")
    return found


def result_words(practice: PracticeGame) -> str:
    """The finished game's result from the owner's side: "You won 1-0", ... ("" in play)."""
    code = practice.result
    if not code:
        return ""
    if code == "1/2-1/2":
        return _("A draw, %(result)s") % {"result": code}
    won = (code == "1-0") == (practice.human_seat == 0)
    if won:
        return _("You won %(result)s") % {"result": code}
    return _("The engine won %(result)s") % {"result": code}


def practice_record(practice: PracticeGame) -> Record:
    """The game's record for its owner to download: as any game's (a game in play without its
    draws, so the bag and the engine's rack stay unseen; the full record once it is over)."""
    game = practice.game
    rows = [r.payload for r in recording.record_rows(game)]
    extra = {"event": "Practice against the engine", "strength": practice.strength}
    return recording.shown_record(game, rows, extra)


def may_now(practice: PracticeGame, eng: EngineGame) -> dict[str, bool]:
    """What the owner may do now: place (the turn's placement or a bonus placement is due), swap
    (after the placements, when the rules allow it), end the turn (the placements done)."""
    seat = practice.human_seat
    mine = practice.game.status != Game.Status.FINISHED and not eng.over and eng.turn == seat
    return {
        "place": mine and placement_seat(eng) == seat,
        "swap": bool(mine and eng.may_swap(seat)),
        "end_turn": mine and eng.phase == POST,
    }


def doing_now(practice: PracticeGame, may: dict[str, bool], eng: EngineGame) -> str:
    """What the page says the owner is to do, in words."""
    if practice.game.status == Game.Status.FINISHED or eng.over:
        words = result_words(practice)
        if words:
            return _("The game is over: %(result)s.") % {"result": words}
        return _("The game is over.")
    if may["place"] and eng.bonus_owed and eng.plies:
        return _("Place a bonus tile: choose a tile of your rack, then two free hexes.")
    if may["place"]:
        return _("Your turn: choose a tile of your rack, then two free hexes, then Confirm.")
    if may["swap"]:
        return _("Swap your rack if you wish, then end your turn.")
    if may["end_turn"]:
        return _("End your turn: the engine replies at once.")
    return _("The engine is playing.")


def practice_state(practice: PracticeGame, now: datetime | None = None) -> dict[str, Any]:
    """What the owner's page shows, as JSON: the player's page's state (seat_view, the same
    keys) without its clocks, board, arbiter's messages and calls, with the practice game's
    strength."""
    game = practice.game
    position = recording.position(game)
    eng = engine_at(game)
    may = may_now(practice, eng)
    # The clocks never run at a practice table; the rows' tracks are what is read of them.
    seats = _seat_rows(game, position, recording.clock_state(game, now or timezone.now()))
    view = seat_view(
        game,
        eng,
        practice.human_seat,
        position,
        may=may,
        doing=doing_now(practice, may, eng),
        seats=seats,
        result=result_words(practice),
        clocks=False,
    )
    return {**view, "practice": {"id": practice.pk, "strength": practice.strength}}


@dataclass(frozen=True)
class PracticeRow:
    """One of the owner's practice games, as their list shows it."""

    practice: PracticeGame
    finished: bool
    #: the lowest colour of each side, the owner's first (the game's score)
    lowest: tuple[int, int]
    result: str
    placements: int


def practice_list(user: User, limit: int = 50) -> list[PracticeRow]:
    """The user's own practice games, latest first (one query)."""
    if user is None or not user.is_authenticated:
        return []
    games = PracticeGame.objects.filter(user_id=user.pk).select_related("game")[:limit]
    rows = []
    for practice in games:
        position = positions.shown(practice.game.position or {})
        lowest = position.get("lowest") or [0, 0]
        mine, theirs = practice.human_seat, practice.engine_seat
        rows.append(
            PracticeRow(
                practice=practice,
                finished=practice.game.status == Game.Status.FINISHED,
                lowest=(int(lowest[mine]), int(lowest[theirs])),
                result=result_words(practice),
                placements=int(position.get("plies") or 0),
            )
        )
    return rows
