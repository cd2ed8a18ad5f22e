"""Games of a published round: one per board with two players, set up when the round is
published (the tournament floor's ``round_published`` signal) or on first use."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from games import positions
from games.models import Game
from tournament.errors import DomainError
from tournament.models import Board, Round


def _game_fields(board: Board) -> dict[str, Any]:
    event = board.round.event
    options = dict(event.ruleset_options or {})
    # The site runs a clock for every game, so a flag must be recordable under any ruleset.
    try:
        if not positions.ruleset_allows_flag(event.ruleset, options):
            options["flag_allowed"] = True
    except ValueError as exc:
        raise DomainError(
            _("The event's ruleset options are not valid: %(exc)s") % {"exc": exc}
        ) from exc
    assert board.second is not None
    ms = event.clock_minutes * 60_000
    players = [board.first.player.name, board.second.player.name]
    empty = positions.new_engine(event.ruleset, options, players)
    return {
        "ruleset": event.ruleset,
        "options": options,
        "players": players,
        "clock_ms": ms,
        "remaining_ms": [ms] * len(players),
        # The empty board, cached, so pages listing many games read no log to show it.
        "position": positions.summarise(empty, 0),
        "position_length": 0,
    }


def create_games_for_round(round_: Round) -> list[Game]:
    """One Game per board with two players (idempotent)."""
    boards = (
        Board.objects.filter(round=round_, second__isnull=False)
        .select_related("round__event", "first__player", "second__player")
        .order_by("number")
    )
    games = []
    with transaction.atomic():
        for board in boards:
            game, _created = Game.objects.get_or_create(board=board, defaults=_game_fields(board))
            games.append(game)
    return games


def on_round_published(sender: object, round_: Round, **kwargs: object) -> None:
    """Receiver of ``tournament.signals.round_published`` (connected in games.apps)."""
    create_games_for_round(round_)


def game_for_board(board: Board) -> Game:
    """The board's game with its board, round and event, created on first use; only boards of
    published rounds have one."""
    existing = Game.objects.select_related("board__round__event").filter(board=board).first()
    if existing is not None:
        return existing
    if board.is_bye:
        raise DomainError(
            _("Board %(number)s has a bye: no game is played there.") % {"number": board.number}
        )
    if not board.round.is_public:
        raise DomainError(
            _("Round %(number)s is not published yet: its games cannot be recorded.")
            % {"number": board.round.number}
        )
    board = Board.objects.select_related("round__event", "first__player", "second__player").get(
        pk=board.pk
    )
    try:
        with transaction.atomic():
            game, _created = Game.objects.get_or_create(board=board, defaults=_game_fields(board))
    except IntegrityError:  # another request created it first
        game = Game.objects.get(board=board)
    return Game.objects.select_related("board__round__event").get(pk=game.pk)
