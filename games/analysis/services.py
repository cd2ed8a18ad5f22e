"""The post-game analysis's one write: a finished game analysed by the engine, once per record.

Queued by replay validation once a finished game's replay passed (games.validation, through
the one after-commit path, tournament/effects.py), on the low-priority ``analysis`` queue. The
engine's work (a few seconds) runs outside any transaction; the analysis is stored by its
record's hash, so a game delivered again, re-checked or queued twice is analysed once, and a
record corrected after its end is analysed anew.
"""

from __future__ import annotations

import logging
import time

from django.conf import settings

from games.analysis.models import GameAnalysis
from games.analysis.selectors import record_hash
from games.engine.analysis.report import analyse_record, summary
from games.engine.analysis.search import Budget
from games.engine.errors import IllegalAction
from games.models import Game
from games.recording import positions
from games.recording.selectors import record_rows
from tournament import effects

log = logging.getLogger(__name__)

#: The analysis is the same for the same record and budget (docs/analysis.md).
SEED = 0


def budget() -> Budget:
    """The engine's budget per decision (settings.ANALYSIS_BUDGET)."""
    return Budget(
        candidates=max(0, int(settings.ANALYSIS_BUDGET["candidates"])),
        worlds=max(0, int(settings.ANALYSIS_BUDGET["worlds"])),
    )


def queue_analysis(game: Game) -> None:
    """Inside the change that found the finished game's replay valid: analyse it once that
    change commits (unless the site analyses no games, ANALYSE_FINISHED_GAMES)."""
    if settings.ANALYSE_FINISHED_GAMES and game.status == Game.Status.FINISHED:
        effects.enqueue("games.tasks.analyse_game", game.pk)


def analyse_game(game_pk: int) -> GameAnalysis | None:
    """Analyse the finished game's record unless it has been (then: that analysis). None for a
    game gone, not finished or whose replay check has not passed."""
    game = Game.objects.ingenious().select_related("board__round__event").filter(pk=game_pk).first()
    if game is None or game.status != Game.Status.FINISHED:
        return None
    if game.validation != Game.Validation.VALID:
        return None
    rows = record_rows(game)
    actions = [r.payload for r in rows]
    digest = record_hash(game, actions)
    done = GameAnalysis.objects.filter(game=game, record_hash=digest).first()
    if done is not None:
        return done
    # An online board's game is dealt by the site: its record is a full one, draws and all.
    record = positions.make_record(
        game.ruleset, game.options, game.players, actions, mode=game.engine_mode
    )
    spent = budget()
    started = time.perf_counter()
    try:
        judgements = analyse_record(record, spent, SEED)
    except (IllegalAction, ValueError) as exc:  # the replay passed: not expected
        log.warning("game %s could not be analysed: %s", game_pk, exc)
        return None
    seconds = time.perf_counter() - started
    board = game.board  # none for a practice game (games.practice): no live page shows it
    with effects.changing():
        analysis, created = GameAnalysis.objects.get_or_create(
            game=game,
            record_hash=digest,
            defaults={
                "log_length": game.log_length,
                "judgements": judgements,
                "summary": summary(judgements, len(game.players)),
                "budget": {"candidates": spent.candidates, "worlds": spent.worlds, "seed": SEED},
                "seconds": round(seconds, 3),
            },
        )
        if created and board is not None:  # the viewer shows it: its page is rendered anew
            effects.live_changed(board.round.event_id, board.round.event.slug, board=board.pk)
    log.info("game %s analysed in %.1f s (%s decisions)", game_pk, seconds, len(judgements))
    return analysis
