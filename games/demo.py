"""Demo games for `manage.py seed_demo`: a finished game and one in progress on the demo event.

The moves are played with the engine (the best-scoring of a sample of legal placements, seeded,
so every run is the same: colours reach 18 and earn bonus placements, and one player swaps) and
are entered through the services as an arbiter would, pressing the clock after every turn. Server
time is simulated so the clocks show a plausible game: the finished one was played an hour ago,
the one in progress started a few minutes ago and its clock is still running.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any
from unittest import mock

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games.clocks.services import press_clock, start_clock
from games.engine.game import Game as EngineGame
from games.engine.score_track import lowest_colours
from games.models import Game
from games.recording.services import record_action
from games.recording.setup import game_for_board
from tournament.models.events import Board, Event
from tournament.models.tables import SEATED
from tournament.permissions import is_arbiter

DEMO_EVENT = "MSO Ingenious Open (demo)"
DEMO_EVENT_SLUG = "mso-ingenious-open-demo"


@contextmanager
def _server_time(start: datetime) -> Iterator[Callable[[float], None]]:
    """Run the services at a simulated server time; yields a function that advances it."""
    now = [start]

    def advance(seconds: float) -> None:
        now[0] += timedelta(seconds=seconds)

    with mock.patch.object(timezone, "now", lambda: now[0]):
        yield advance


def play(
    game: Game,
    user: Any,
    actions: list[dict[str, Any]],
    think: Callable[[], float],
    advance: Callable[[float], None],
) -> Game:
    """Start the clocks and enter `actions`, pressing the clock whenever the turn passes."""
    game.refresh_from_db()
    if game.clock_seat is None and game.status != Game.Status.FINISHED:
        start_clock(game=game, user=user, expected_index=game.log_length)
    for action in actions:
        game.refresh_from_db()
        if game.clock_seat is not None and action["player"] != game.clock_seat:
            press_clock(game=game, user=user, expected_index=game.log_length)
            game.refresh_from_db()
        advance(think())
        record_action(game=game, user=user, expected_index=game.log_length, action=action)
    game.refresh_from_db()
    return game


def played_actions(seed: int = 0, sample: int = 120) -> list[dict[str, Any]]:
    """A complete legal board-mode MSO game from the engine with bonus placements and a swap.

    Each placement is the best-scoring of a sample of the engine's legal placements (so colours
    reach 18 and earn bonus placements); the first time a player may swap, the player shows a
    rack of doubles avoiding their lowest colours.
    """
    rng = random.Random(seed)
    game = EngineGame.new("mso")
    actions: list[dict[str, Any]] = []
    swapped = False
    while not game.over:
        moves = game.legal_placements()
        rng.shuffle(moves)
        best, best_points = moves[0], -1
        for move in moves[:sample]:
            preview = game.preview(move["tile"], move["cells"])
            points = sum(preview["points"].values()) + 10 * preview["bonus"]
            if points > best_points:
                best, best_points = move, points
        game.apply(best)
        actions.append(best)
        seat = best["player"]
        if not swapped and not game.over and game.swap_seat == seat and game.plies > 6:
            low = set(lowest_colours(game.scores[seat]))
            placed = 0  # the turn's placements, bonus ones included
            for earlier in reversed(actions):
                if earlier["type"] != "place" or earlier["player"] != seat:
                    break
                placed += 1
            size = 6 - placed  # the rack left after them
            rack = [c + c for c in "RGBOYP" if c not in low][:size]
            unseen = game.unseen()
            if len(rack) == size and all(unseen[k] >= 1 for k in rack):
                swap = {"type": "swap", "player": seat, "rack": rack}
                if game.may_swap(seat, rack):
                    game.apply(swap)
                    actions.append(swap)
                    swapped = True
    if not swapped:
        raise ValueError(f"seed {seed}: no swap was possible in this game")
    return actions


def _boards(event: Event) -> list[Board]:
    round_ = event.round_set.filter(number=1).first()
    if round_ is None or not round_.is_public:
        return []
    return list(
        Board.objects.filter(round=round_, seats__number=1)  # boards of two seats or more
        .select_related("round__event")
        .prefetch_related(*SEATED)
        .order_by("number")[:2]
    )


def seed(say: Callable[[str], None]) -> None:
    """Idempotent: games that already have moves are left as they are."""
    event = (
        Event.objects.filter(slug=DEMO_EVENT_SLUG).first()
        or Event.objects.filter(name=DEMO_EVENT).order_by("id").first()
    )
    if event is None:
        say(f"Demo games: no event named {DEMO_EVENT!r}; skipped.")
        return
    boards = _boards(event)
    if len(boards) < 2:
        say("Demo games: round 1 of the demo event is not published with two games; skipped.")
        return
    user = get_user_model().objects.filter(username="arbiter").first()
    if user is None or not is_arbiter(user, event):
        user = get_user_model().objects.filter(is_superuser=True).first()
    finished, live = (game_for_board(b) for b in boards)
    rng = random.Random(2026)

    if finished.log_length == 0:
        actions = played_actions(seed=11)
        start = timezone.now() - timedelta(hours=1)
        with transaction.atomic(), _server_time(start) as advance:
            game = play(finished, user, actions, lambda: rng.uniform(3, 12), advance)
        say(
            f"  board {boards[0].number}: finished game, {len(actions)} actions, "
            f"result {game.event_board.result}"
        )
    else:
        say(f"  board {boards[0].number}: game already recorded")

    if live.log_length == 0:
        actions = played_actions(seed=12)
        # Stop at the end of a turn after a dozen moves, so the clock can be pressed.
        cut = next(
            n for n in range(12, len(actions)) if actions[n]["player"] != actions[n - 1]["player"]
        )
        actions = actions[:cut]
        start = timezone.now() - timedelta(minutes=4)
        with transaction.atomic(), _server_time(start) as advance:
            game = play(live, user, actions, lambda: rng.uniform(5, 15), advance)
            press_clock(game=game, user=user, expected_index=game.log_length)
        say(f"  board {boards[1].number}: game in progress, clocks running")
    else:
        say(f"  board {boards[1].number}: game already in progress")
