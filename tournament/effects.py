"""Every effect that must wait for the commit goes through here (in the spirit of Zulip's
``send_event_on_commit``): live versions, standings generations and task enqueues.

A write calls one of these inside its transaction; nothing happens unless the transaction
commits, and then it happens once. Tasks are enqueued by name, so the lowest floor can start
work that a higher floor does (replay validation, standings) without importing it. Nothing else
in the project calls ``transaction.on_commit``.

The signals a write sends inside its transaction for the floors above (a round published, a
board about to be decided, a board decided) are declared here as well: this module is the one
way the tournament floor announces a change upward.

The cache keys are defined here too, so that the readers (scoring/) and the writers agree on
them without either importing the other's code.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.dispatch import Signal
from django.utils import translation

# A slug's live entry lives this long without a change; then it is read afresh.
LIVE_SECONDS = 10 * 60


def live_key(slug: str) -> str:
    return f"live:v2:{slug}"


def standings_key(event_id: int) -> str:
    return f"standings:v1:{event_id}"


def standings_generation_key(event_id: int) -> str:
    return f"standings:v1:{event_id}:generation"


def draft_key(round_id: int) -> str:
    return f"draft:v1:{round_id}"


# While set, a rebuild of the rating list is queued and has not started: a result committed
# meanwhile is rated by it (it reads the results after it clears this), so it queues no other.
RATINGS_QUEUED_KEY = "ratings:v1:queued"
# Results within this many seconds share one rebuild (it reads every rated game: at a festival's
# pace of results, one per result would keep a worker busy). Ratings are not needed sooner.
RATINGS_DELAY_SECONDS = 5


def enqueue(task_name: str, *args: Any) -> None:
    """Run the Celery task ``task_name`` once this transaction commits (in-process when tasks
    are eager, else on a worker)."""

    transaction.on_commit(lambda: _send(task_name, args))


def _send(task_name: str, args: tuple[Any, ...], countdown: float | None = None) -> None:
    from tournament.celery import app

    if task_name not in app.tasks:
        # Celery finds the apps' tasks modules lazily (at a worker's start): look now.
        app.loader.import_default_modules()
    # A task stores messages (pairing notes, replay checks) in the site's language, never in the
    # language of the request that happened to enqueue it (eager tasks run inside that request).
    task = app.tasks[task_name]
    with translation.override(settings.LANGUAGE_CODE):
        if countdown is None:
            task.apply_async(args)
        else:
            task.apply_async(args, countdown=countdown)


def queue_ratings_rebuild() -> bool:
    """Queue a rebuild of the rating list unless one is queued and not yet started (which will
    rate this change too); True if this call queued it. Eager tasks run at once, each."""
    from tournament.celery import app

    if app.conf.task_always_eager:
        _send("scoring.tasks.update_ratings", ())
        return True
    # Expires, so that a queued task that is lost (a worker killed) holds up no later change.
    if not cache.add(RATINGS_QUEUED_KEY, True, RATINGS_DELAY_SECONDS * 6):
        return False
    _send("scoring.tasks.update_ratings", (), countdown=RATINGS_DELAY_SECONDS)
    return True


def mail_round_published(round_id: int) -> None:
    """A round was published: once committed, e-mail its players their boards."""
    enqueue("tournament.tasks.notify_round_published", round_id)


def bump_live(event_id: int) -> None:
    from tournament.models.events import Event

    slug = Event.objects.filter(pk=event_id).values_list("slug", flat=True).first()
    if slug is not None:
        cache.set(live_key(slug), (event_id, uuid.uuid4().hex), LIVE_SECONDS)


def live_changed(event_id: int) -> None:
    """Something spectators see has changed: new live fragments once the change commits."""
    transaction.on_commit(lambda: bump_live(event_id))


def draft_changed(round_id: int) -> None:
    """A round's pairings changed (drafted, swapped): once committed, a new draft version, so
    the director's review of it is computed again (tournament/web/page_cache.py)."""
    transaction.on_commit(lambda: cache.set(draft_key(round_id), uuid.uuid4().hex, None))


def results_changed(event_id: int, *, entered: int | None = None) -> None:
    """Something the standings show has changed: once committed, drop the cached standings,
    bump the event's generation and live version, and recompute in the background. ``entered``:
    the ResultCorrection of a board's result entered, corrected or withdrawn, whose players are
    e-mailed."""

    def after_commit() -> None:
        cache.set(standings_generation_key(event_id), uuid.uuid4().hex, None)
        cache.delete(standings_key(event_id))
        bump_live(event_id)
        _send("scoring.tasks.recompute_standings", (event_id,))
        queue_ratings_rebuild()
        if entered is not None:
            _send("tournament.tasks.notify_result", (entered,))

    transaction.on_commit(after_commit)


#: A draft round was published (inside the publishing transaction); ``round_`` is the round.
#: The games floor sets up a game for each board with two players.
round_published = Signal()


#: A director is about to enter a result on a board (inside that transaction, before the
#: board's row is locked); ``board`` is the board. The games floor locks the board's game first,
#: in the order a game's own writes take (game, then board), so the two never deadlock.
board_deciding = Signal()


#: A director entered a result on a board (inside that transaction); ``board`` is the board.
#: The games floor holds a clock still running at that board.
board_decided = Signal()
