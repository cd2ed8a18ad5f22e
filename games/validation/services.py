"""Replay validation: a finished game's whole log replayed from the empty board by the engine.

A game's result counts in the published standings only once its replay has passed (the board's
result check, kept by the tournament floor); a failure holds it out, with the reason. A finished
game that passed is queued for the engine's analysis (games.analysis).
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.utils.translation import gettext as _

from games.analysis.services import queue_analysis
from games.engine.errors import IllegalAction
from games.models import Game, GameAction, ValidationRun
from games.recording import positions, solitaire
from games.recording.writes import User, acting, effective_rows, log, now
from tournament import effects
from tournament.errors import Conflict
from tournament.models.events import Event
from tournament.permissions import require_director
from tournament.results.services import record_replay_check
from tournament.rounds.selectors import task_silence


def validate_game(game_pk: int) -> bool:
    """Replay the whole log from scratch and report the outcome to the board, as one change
    (the standings are recomputed once the board's check changes: a game's result counts once
    its check passed)."""
    with effects.changing():
        # Locked, so an entry made meanwhile is checked by the next validation, not half-seen.
        game = (
            Game.objects.ingenious()
            .select_for_update(of=("self",))
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
            validated_at=now(),
        )
        if rows and game.board is not None:  # a practice game has no board to tell
            record_replay_check(board=game.board, passed=not problem, message=problem)
        if not problem:
            # A finished game whose replay passed is analysed by the engine (once per record).
            queue_analysis(game)
    if problem:
        log.warning("replay validation failed for game %s: %s", game_pk, problem)
    return not problem


def _replay_problem(game: Game, rows: list[GameAction]) -> str:
    """What is wrong with the stored log, replayed by the engine from the empty board ("": ok)."""
    try:
        eng = positions.replay(
            game.ruleset, game.options, game.players, [r.payload for r in rows], game.engine_mode
        )
    except (IllegalAction, ValueError) as exc:
        where = getattr(exc, "index", None)
        row = rows[where] if isinstance(where, int) and where < len(rows) else None
        at = f"log action {row.index}" if row else "the record"
        return f"{at}: {getattr(exc, 'message', str(exc))}"
    # Duplicate solitaire: a placement of another tile than the one dealt is the first fault
    # (it also changes the scores, so it is named before they are compared).
    strayed = solitaire.sequence_problem(game, [r.payload for r in rows])  # "" unless solitaire
    if strayed:
        return strayed
    finished = game.status == Game.Status.FINISHED
    if finished and not eng.over:
        return "the game is marked finished but its replay is not over"
    if not finished and eng.over:
        return "the replay is over but the game is still marked as in play"
    cached = game.position if game.position_length == game.log_length else None
    if cached and cached.get("scores") != eng.scores:
        return f"the replay scores {eng.scores} differ from the stored {cached.get('scores')}"
    # Each write played its actions on the stored position: the replay must reach the same one.
    stored = cached.get(positions.ENGINE) if cached else None
    if stored is not None and stored != eng.state():
        return "the replay's position differs from the one the writes stored"
    return ""


def start_recheck(*, event: Event, user: User) -> ValidationRun:
    """A director's re-check of every game of the event with moves, run by a worker."""
    require_director(user or AnonymousUser(), event)
    with transaction.atomic():
        games = Game.objects.ingenious().filter(board__round__event=event, log_length__gt=0)
        run = ValidationRun.objects.create(
            event=event, user=acting(user), total=games.count(), reported_at=now()
        )
        games.update(validation=Game.Validation.PENDING)
        effects.enqueue("games.tasks.recheck_event", run.pk)
    return run


def retry_recheck(*, run: ValidationRun, user: User) -> bool:
    """Queue again a re-check that has stopped reporting (lost with its worker, say); it resumes
    with the games not yet checked. A run that finished meanwhile is left alone: False."""
    require_director(user or AnonymousUser(), run.event)
    with transaction.atomic():
        locked = ValidationRun.objects.select_for_update().filter(pk=run.pk).first()
        if locked is None or locked.finished_at is not None:
            return False
        silent = task_silence(locked.created_at, locked.reported_at)
        if silent is None:
            raise Conflict(
                _("The re-check reported less than %(TASK_STALE_SECONDS)s s ago: wait for it.")
                % {"TASK_STALE_SECONDS": settings.TASK_STALE_SECONDS},
                code="recheck_running",
            )
        ValidationRun.objects.filter(pk=run.pk).update(reported_at=now())
        effects.enqueue("games.tasks.recheck_event", run.pk)
    log.warning("re-check %s queued again after %s s of silence", run.pk, silent)
    return True


def run_recheck(run_pk: int) -> ValidationRun | None:
    """The worker's side of a re-check: validate each game, counting progress as it goes.

    The broker delivers the task again when its worker died (and a director may retry a silent
    run): the games already checked are skipped and the counters are counted from the stored
    outcomes, never added to, so any number of deliveries, one after another or at once, ends
    with each game counted once."""
    run = ValidationRun.objects.filter(pk=run_pk).first()
    if run is None:  # the event was deleted since
        return None
    game_pks = list(
        Game.objects.ingenious()
        .filter(board__round__event_id=run.event_id, log_length__gt=0)
        .order_by("board__round__number", "board__number")
        .values_list("pk", flat=True)
    )
    wanted = {str(pk) for pk in game_pks}
    ValidationRun.objects.filter(pk=run_pk).update(total=len(game_pks), reported_at=now())
    for pk in game_pks:
        if str(pk) not in run.checked:
            _count_checked(run_pk, pk, validate_game(pk), wanted)
    ValidationRun.objects.filter(pk=run_pk, finished_at=None).update(
        finished_at=now(), reported_at=now()
    )
    run.refresh_from_db()
    return run


def _count_checked(run_pk: int, game_pk: int, passed: bool, wanted: set[str]) -> None:
    with transaction.atomic():
        run = ValidationRun.objects.select_for_update().get(pk=run_pk)
        run.checked[str(game_pk)] = passed
        outcomes = [ok for pk, ok in run.checked.items() if pk in wanted]
        run.done = len(outcomes)
        run.failed = outcomes.count(False)
        run.reported_at = now()
        run.save(update_fields=["checked", "done", "failed", "reported_at"])
