"""The practice table's writes: a user starts a game against the engine, and plays it.

One write path, :func:`act`, for the owner's placement, swap and end of turn: the permission
once (the owner's own game, else not found), the game's row locked once (``select_for_update``),
then, under that lock, the game in play, the owner's turn and the log's expected length; the
action is played on the stored position by the rules engine and appended to the game's log, as
every write of an Ingenious game does (games/recording/writes.py: ``engine_at``, ``append``,
``deal``, ``store_position``; no board, event or clock is read or written). When the owner's turn
ends, the engine's seat plays its whole turn in the same write: its placements and bonus
placements, its swap when its policy swaps, its refill; each an action of the log, so the viewer
and the replay check read them as any.

A finished game is marked so (``mark_finished``): its replay check is queued, and once it
passes, the engine's analysis (games.validation, games.analysis: neither needs a board).
"""

from __future__ import annotations

import random
import uuid
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from games.engine.analysis.players import Player, make_player
from games.engine.analysis.search import Budget
from games.engine.errors import IllegalAction
from games.engine.game import Game as EngineGame
from games.engine.phases import placement_seat
from games.engine.position import PLACE, POST
from games.errors import IllegalMove
from games.models import Game, GameAction
from games.play.services import read_action
from games.practice.models import PracticeGame
from games.practice.selectors import POLICIES, practice_of
from games.recording import dealing, positions
from games.recording.services import clean_action
from games.recording.writes import (
    User,
    acting,
    append,
    deal,
    engine_at,
    mark_finished,
    now,
    save_row,
    seat_name,
    store_position,
)
from tournament import effects
from tournament.errors import Conflict, DomainError, NotAllowed
from tournament.names import display_name

#: The Strong engine's work per decision: a small fixed budget (docs/analysis.md), so that its
#: whole turn is played within the request that ends the owner's turn.
STRONG_BUDGET = Budget(candidates=4, worlds=12)
RULESET = "mso"
ENGINE_REASON = "played by the engine"


def opponent(strength: str) -> Player:
    """The engine's player at ``strength`` (games.engine.analysis.players)."""
    return make_player(POLICIES[PracticeGame.Strength(strength)], STRONG_BUDGET)


def start(*, user: User, strength: str, human_first: bool, token: uuid.UUID) -> PracticeGame:
    """A new practice game of the user against the engine at ``strength``: two seats, MSO, dealt
    by the site from a seed of its own. ``token``: the start form's; the same form sent again
    (a double click) gets the game it started, not a second one. When the engine moves first,
    its first turn is played now."""
    if user is None or not user.is_authenticated:
        raise NotAllowed(_("Sign in to practise against the engine."), code="not_signed_in")
    if strength not in PracticeGame.Strength.values:
        raise DomainError(
            _("Choose the engine's strength: easy, medium or strong, not %(value)s.")
            % {"value": repr(strength)},
            field="strength",
        )
    existing = PracticeGame.objects.filter(user_id=user.pk, start_token=token).first()
    if existing is not None:
        return existing
    label = PracticeGame.Strength(strength).label
    names = [display_name(user), _("Engine (%(strength)s)") % {"strength": label}]
    human_seat = 0 if human_first else 1
    if not human_first:
        names.reverse()
    eng = positions.new_engine(RULESET, {}, names, positions.FULL_MODE)
    with effects.changing():
        try:
            with transaction.atomic():  # the form sent twice at once: one game stands
                game = Game.objects.create(
                    kind=Game.Kind.INGENIOUS,
                    ruleset=RULESET,
                    players=names,
                    mode=Game.Mode.FULL,
                    seed=dealing.new_seed(),
                    created_by=acting(user),
                    status=Game.Status.PLAYING,
                    position=positions.stored(eng, 0),
                    position_length=0,
                )
                practice = PracticeGame.objects.create(
                    game=game,
                    user=user,
                    strength=strength,
                    human_seat=human_seat,
                    start_token=token,
                )
        except IntegrityError:
            return PracticeGame.objects.get(user_id=user.pk, start_token=token)
        at = now()
        deal(game, eng, at, turn_over=False)  # each seat's first rack
        _engine_turn(practice, game, eng, at)
        _stored(practice, game, eng, at)
    return practice


def act(*, user: User, pk: int, data: Any) -> PracticeGame:
    """The owner's placement, swap or end of turn ({"type": "place", "tile": "RO", "cells":
    ["C9", "D9"], "expected_index": 12}, as the player's page sends it), then, once their turn
    has ended, the engine's whole turn. Refused (DomainError and its kinds, nothing changed)
    with the engine's words for an illegal action."""
    practice = practice_of(user, pk)  # the permission, once, first: the owner's own game
    action = read_action(data)
    seat = practice.human_seat
    with effects.changing():
        game = _lock(practice.game_id)
        practice.game = game
        eng = engine_at(game)
        at = now()
        if game.status == Game.Status.FINISHED or eng.over:
            raise Conflict(_("The game is over: nothing more is played here."), code="game_over")
        if eng.to_move != seat:  # the engine plays its turn in the write that gives it one
            raise NotAllowed(
                _("It is %(who)s's turn, not yours: wait for your turn.")
                % {"who": seat_name(game, eng.to_move)},
                code="not_your_turn",
            )
        if action.expected != game.log_length:
            raise Conflict(
                _(
                    "The game has moved on: the next action is number %(log_length)s, not "
                    "%(expected_index)s (another entry was made first). Reload and try again."
                )
                % {"log_length": game.log_length, "expected_index": action.expected},
                code="stale_index",
                field="expected_index",
            )
        if action.kind == "place":
            if placement_seat(eng) != seat:
                raise NotAllowed(
                    _("Your placements of this turn are made: swap your rack or end your turn."),
                    code="placed",
                )
            cells = list(action.cells)
            placed = {"type": "place", "player": seat, "tile": action.tile, "cells": cells}
            _play(game, eng, clean_action(placed), user, at)
        elif action.kind == "swap":
            if not eng.may_swap(seat):
                raise DomainError(
                    _(
                        "You may not swap now: a swap comes after your turn's placements, and "
                        "only when your rack shows none of your lowest colours."
                    ),
                    code="SWAP_NOT_ALLOWED",
                )
            _swap(game, eng, seat, user, at)
            _engine_turn(practice, game, eng, at)
        else:
            if eng.phase != POST:
                raise NotAllowed(
                    _("Place your tile first (and any bonus tiles): then end your turn."),
                    code="not_placed",
                )
            deal(game, eng, at, turn_over=True)  # the refill ends the turn
            _engine_turn(practice, game, eng, at)
        _stored(practice, game, eng, at)
    return practice


def _lock(game_pk: int) -> Game:
    """The practice game's row, locked for this write and read once."""
    games = Game.objects.select_for_update().filter(pk=game_pk, board__isnull=True).order_by()
    game = next(iter(games[:1]), None)
    if game is None:  # deleted meanwhile
        raise Conflict(_("No such practice game."), code="not_found")
    return game


def _play(
    game: Game, eng: EngineGame, action: dict[str, Any], user: User, at: datetime, reason: str = ""
) -> GameAction:
    """One record action played on ``eng`` (every rule checked) and appended to the log."""
    try:
        eng.apply(action)
    except IllegalAction as exc:
        raise IllegalMove.refusing(exc, index=game.log_length) from exc
    except (KeyError, ValueError, TypeError) as exc:
        raise DomainError(
            _("%(tile)s is not a tile (two colour letters from RGBOYP)")
            % {"tile": repr(action.get("tile"))},
            code="BAD_RECORD",
        ) from exc
    return append(game, action["type"], user=user, at=at, payload=action, reason=reason)


def _swap(game: Game, eng: EngineGame, seat: int, user: User, at: datetime) -> None:
    """The seat's whole rack shown and swapped, and its new rack dealt (which ends the turn)."""
    racks = eng.racks
    rack = list(racks[seat]) if racks is not None else []
    reason = ENGINE_REASON if user is None else ""
    _play(game, eng, {"type": "swap", "player": seat, "rack": rack}, user, at, reason)
    deal(game, eng, at, turn_over=False)


def _engine_turn(practice: PracticeGame, game: Game, eng: EngineGame, at: datetime) -> None:
    """The engine's seat plays its whole turn, if it is its turn: its placement and the bonus
    placements it earns, then a swap if its policy swaps, else the refill. Its choices come
    from the game's seed and the log's length: the same game plays the same way."""
    seat = practice.engine_seat
    if eng.over or eng.to_move != seat:
        return
    player = opponent(practice.strength)
    rng = random.Random(f"practice:{game.seed}:{game.log_length}")
    names = eng.geo.names
    while eng.phase == PLACE and eng.turn == seat:
        tile, a, b = player.place(eng, seat, rng)
        action = {"type": "place", "player": seat, "tile": tile, "cells": [names[a], names[b]]}
        _play(game, eng, action, None, at, ENGINE_REASON)
    if eng.phase != POST or eng.turn != seat:  # over
        return
    if eng.may_swap(seat) and player.swap(eng, seat, rng):
        _swap(game, eng, seat, None, at)
    else:
        deal(game, eng, at, turn_over=True)


def _stored(practice: PracticeGame, game: Game, eng: EngineGame, at: datetime) -> None:
    """The position the write left stored with the game; a game the engine says is over,
    finished with its result."""
    store_position(game, eng)
    if eng.over:
        practice.result = positions.result_code(eng)
        practice.save(update_fields=["result"])
        mark_finished(game, at)
    save_row(game)
