"""Writes of focus changes: the seated player's page, while the game is played, says it was
hidden or shown again.

Not a write of the game (games/recording/writes.py): the record, the clocks and the position
are untouched, so no lock is taken; a focus change is appended to its own log, stamped with the
server's time when it arrives."""

from __future__ import annotations

from datetime import datetime

from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import gettext as _

from games.focus.models import FocusChange
from games.models import Game
from tournament.acting import User
from tournament.errors import Conflict, DomainError, NotAllowed
from tournament.models.tables import Seat


def _game(game_pk: int) -> Game:
    seats = Seat.objects.select_related("entry__player", "entry__partner").order_by("number")
    game = (
        Game.objects.select_related("board")
        .prefetch_related(Prefetch("board__seats", queryset=seats))
        .filter(pk=game_pk, kind=Game.Kind.INGENIOUS, board__isnull=False)
        .first()
    )
    if game is None:
        raise DomainError(_("No such game."), code="no_game")
    return game


def seat_of(game: Game, user: User) -> int | None:
    """The seat ``user`` plays at in ``game`` (a team's partner: the higher seat), or None."""
    assert game.board is not None
    for seat in game.board.seats.all():
        if user.is_authenticated and seat.player.user_id == user.pk:
            return int(seat.number)
    return None


def note_focus(
    game_pk: int, user: User, hidden: bool, client_at: datetime | None = None
) -> FocusChange:
    """Append that ``user``'s page of the online game ``game_pk`` was hidden (``hidden``) or
    shown again: only the seated player's own page, while the game is played."""
    if not user.is_authenticated:
        raise NotAllowed(_("Log in to play."), code="not_logged_in")
    game = _game(game_pk)
    board = game.board
    assert board is not None
    seat = seat_of(game, user)
    if seat is None:
        raise NotAllowed(_("Only the players of this game send its focus."), code="not_seated")
    if game.mode != Game.Mode.FULL or not board.online:
        raise DomainError(
            _("Board %(number)s is played at the venue: no focus is kept.")
            % {"number": board.number},
            code="not_online",
        )
    if game.status == Game.Status.FINISHED or board.closed:
        raise Conflict(_("The game is over: no focus is kept."), code="game_over")
    return FocusChange.objects.create(
        game=game, seat=seat, user=user, hidden=hidden, at=timezone.now(), client_at=client_at
    )
