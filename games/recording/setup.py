"""Games of a published round: one per board with two to four seats, set up when the round is
published (the tournament floor's ``round_published`` signal) or by the first write to a board
published without one. Reads never create a game: a page of such a board shows
:func:`unstored_game`, the empty game its first write will store."""

from __future__ import annotations

import json
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Prefetch, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from games.challenge_tables import events as challenge_events
from games.models import Game, GameAction
from games.recording import dealing, positions, solitaire
from tournament.errors import DomainError
from tournament.models.events import Board, Round
from tournament.models.tables import Seat


class NoGameHere(DomainError):
    """The board has no game of its own to show or record (a bye, a challenge table, a round
    not published): answered as a missing page (404), nothing having been written."""

    status_code = 404

    def as_dict(self) -> dict[str, object]:
        return {"detail": self.message}  # as any page not found


def _boards() -> QuerySet[Board]:
    """Boards with their event and their seats' players in seat order (two queries)."""
    return Board.objects.select_related("round__event").prefetch_related(
        Prefetch(
            "seats",
            queryset=Seat.objects.select_related("entry__player", "entry__partner").order_by(
                "number"
            ),
        )
    )


def _players(board: Board) -> list[str]:
    """The players' names by seat (seat 0 moves first)."""
    # seat.player: a partnership team sits twice, its partner at the second of its seats.
    return [seat.player.name for seat in board.seats.all()]


Empties = dict[tuple[str, str, int], dict[str, Any]]


def _game_fields(board: Board, empties: Empties | None = None) -> dict[str, Any]:
    """A board's game as set up. ``empties``: the empty positions stored so far, by ruleset,
    options and number of seats (they do not depend on the names), to store again."""
    event = board.round.event
    players = _players(board)
    if not 2 <= len(players) <= 4 and not board.plays_alone:  # solitaire: alone
        raise DomainError(
            _("Board %(number)s has %(count)s player(s): a game needs two to four.")
            % {"number": board.number, "count": len(players)}
        )
    # A table of 3 or 4 plays the standard game when the event's ruleset is for two.
    ruleset, options = positions.ruleset_for_seats(
        event.ruleset, dict(event.ruleset_options or {}), len(players)
    )
    options = dict(options)
    # The site runs a clock for every game, so a flag must be recordable under any ruleset.
    try:
        if not positions.ruleset_allows_flag(ruleset, options):
            options["flag_allowed"] = True
    except ValueError as exc:
        raise DomainError(
            _("The event's ruleset options are not valid: %(exc)s") % {"exc": exc}
        ) from exc
    ms = event.clock_minutes * 60_000
    fields = {
        "ruleset": ruleset,
        "options": options,
        "players": players,
        "clock_ms": ms,
        "remaining_ms": [ms] * len(players),  # one clock per seat
    }
    if dealt(board):  # an online board: the site deals each seat's rack now
        # Duplicate boards: the round's seed, the same tiles at every online board of it.
        round_seed = board.round.seed if duplicate(board) else None
        seed = dealing.new_seed() if round_seed is None else round_seed
        eng = positions.new_engine(ruleset, options, players, positions.FULL_MODE)
        draws = dealing.deal(eng, seed, duplicate=None if round_seed is None else [])
        length = len(draws)
        return {
            **fields,
            "mode": Game.Mode.FULL,
            "seed": seed,
            "position": positions.stored(eng, length),
            "position_length": length,
            "log_length": length,  # the draws, stored by store_deals
        }
    shape = (ruleset, json.dumps(options, sort_keys=True), len(players))
    empty = None if empties is None else empties.get(shape)
    if empty is None:
        empty = positions.stored(positions.new_engine(ruleset, options, players), 0)
        if empties is not None:
            empties[shape] = empty
    return {
        **fields,
        # The empty board, stored, so pages listing many games read no log to show it and the
        # first write plays on it.
        "position": empty,
        "position_length": 0,
    }


def dealt(board: Board) -> bool:
    """The board's game is dealt by the site: an online board (stored when its round was
    published). A solitaire entrant plays the round's dealt sequence wherever they sit."""
    return board.online and board.round.event.ruleset != solitaire.RULESET


def duplicate(board: Board) -> bool:
    """The board is one of a round's duplicate boards: an online board dealt from the round's
    seed (drawn at publishing when the event has ``duplicate_boards``; a solitaire round's seed
    deals its own way, games/recording/solitaire.py)."""
    return dealt(board) and board.round.seed is not None


def dealt_duplicate(game: Game) -> bool:
    """The game is dealt as a duplicate board (``game.board`` with its round): its seed is the
    round's."""
    return (
        game.mode == Game.Mode.FULL
        and game.board is not None
        and game.board.round.seed is not None
        and game.seed == game.board.round.seed
    )


def store_deals(games: list[Game]) -> None:
    """The set-up draws of dealt games just stored, in their logs: dealt again from each game's
    seed, the same tiles (an existing log is left as it is: the unique index keeps it)."""
    at = timezone.now()
    rows: list[GameAction] = []
    for game in games:
        if game.mode != Game.Mode.FULL or game.status != Game.Status.PENDING:
            continue
        eng = positions.new_engine(game.ruleset, game.options, game.players, positions.FULL_MODE)
        record: list[dict[str, Any]] | None = [] if dealt_duplicate(game) else None
        for index, draw in enumerate(dealing.deal(eng, game.seed, duplicate=record)):
            rows.append(
                GameAction(
                    game=game,
                    index=index,
                    kind=GameAction.Kind.DRAW,
                    payload=draw,
                    reason="dealt by the site",
                    at=at,
                    clock_ms=list(game.remaining_ms),
                )
            )
    GameAction.objects.bulk_create(rows, ignore_conflicts=True)


def create_games_for_round(round_: Round) -> list[Game]:
    """One Game per board with two players or more (idempotent), stored in one statement; the
    round's games with their boards, in board order."""
    boards = _boards().filter(round=round_, seats__number=1).order_by("number")
    if round_.event.ruleset == solitaire.RULESET:  # every entrant's board of one plays
        boards = _boards().filter(round=round_, result="").order_by("number")
    playing = list(boards)
    made = set(Game.objects.filter(board__in=playing).values_list("board_id", flat=True))
    empties: Empties = {}  # one empty board per kind of game, stored for each
    Game.objects.bulk_create(
        [
            Game(board=board, **_game_fields(board, empties))
            for board in playing
            if board.pk not in made
        ],
        ignore_conflicts=True,  # made meanwhile: the board's one game stands
    )
    stored = Game.objects.select_related("board__round__event").filter(board__in=playing)
    games = list(stored.order_by("board__number"))
    store_deals([game for game in games if game.board_id not in made])
    return games


def on_round_published(sender: object, round_: Round, **kwargs: object) -> None:
    """Receiver of ``tournament.effects.round_published`` (connected in games.apps)."""
    if challenge_events.is_challenge_event(round_.event):  # challenge tables, not board games
        challenge_events.create_tables_for_round(round_)
        return
    create_games_for_round(round_)


def refuse_without_game(board: Board, existing: Game | None) -> None:
    """Why the board has no game of its own (NoGameHere), if it has none."""
    if existing is not None and existing.kind == Game.Kind.INGENIOUS:
        return
    if existing is not None or challenge_events.is_challenge_event(board.round.event):
        raise NoGameHere(
            _("Board %(number)s plays a challenge: it is recorded on its challenge page.")
            % {"number": board.number}
        )
    if board.is_bye and not board.plays_alone:
        raise NoGameHere(
            _("Board %(number)s has a bye: no game is played there.") % {"number": board.number}
        )
    if not board.round.is_public:
        raise NoGameHere(
            _("Round %(number)s is not published yet: its games cannot be recorded.")
            % {"number": board.round.number}
        )


def unstored_game(board: Board) -> Game:
    """The game a board of a published round will have, not stored (its first write stores
    it): what pages show of a board published without its game. ``board`` with its round,
    event and seats (SEATED); refused with NoGameHere as :func:`game_for_board`."""
    existing = Game.objects.filter(board=board).only("kind").first()
    refuse_without_game(board, existing)
    return Game(board=board, **_game_fields(board))


def create_game(board: Board) -> Game:
    """The board's game, stored by the first write to a board published without one: ``board``
    is locked by that write, with its round, event and seats (SEATED)."""
    refuse_without_game(board, None)
    try:
        with transaction.atomic():
            game = Game.objects.create(board=board, **_game_fields(board))
            store_deals([game])
    except IntegrityError:  # a game the write's lock could not see: created meanwhile
        game = Game.objects.select_for_update().get(board=board)
        refuse_without_game(board, game)
    game.board = board
    return game


def game_for_board(board: Board) -> Game:
    """The board's game with its board, round and event, created on first use (scripts, the
    demo and tests); only boards of published rounds have one."""
    existing = Game.objects.select_related("board__round__event").filter(board=board).first()
    if existing is not None and existing.kind == Game.Kind.INGENIOUS:
        return existing
    refuse_without_game(board, existing)
    board = _boards().get(pk=board.pk)
    try:
        with transaction.atomic():
            game, created = Game.objects.get_or_create(board=board, defaults=_game_fields(board))
            if created:
                store_deals([game])
    except IntegrityError:  # another request created it first
        game = Game.objects.get(board=board)
    return Game.objects.select_related("board__round__event").get(pk=game.pk)
