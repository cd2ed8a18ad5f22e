"""Every effect that must wait for the commit goes through here (in the spirit of Zulip's
``send_event_on_commit``): live versions, standings generations, the pushes to the pages that
show them (tournament/push.py, docs/push.md) and task enqueues.

A write calls one of these inside its transaction; nothing happens unless the transaction
commits, and then it happens once. Tasks are enqueued by name, so the lowest floor can start
work that a higher floor does (replay validation, standings) without importing it. Nothing else
in the project calls ``transaction.on_commit``.

A write made of parts (a game's move that ends it enters the board's result; a player's word
that agrees enters it too) runs as one :func:`changing` block: what its parts ask for is
gathered into one :class:`Change` and registered once, so the change bumps the live version
once, drops the standings once and queues each task once. Outside such a block each call is a
change of its own.

The signals a write sends inside its transaction for the floors above (a round published, a
board about to be decided, a board decided) are declared here as well: this module is the one
way the tournament floor announces a change upward.

The cache keys are defined here too, so that the readers (scoring/) and the writers agree on
them without either importing the other's code. A new live version or standings generation is
made after the commit by tournament.web.replica.new_token: with a replica configured it carries
the primary's WAL position, which a public page requires of the replica before it reads it.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from django import db
from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.dispatch import Signal
from django.utils import translation

from tournament import push
from tournament.web.replica import new_token

logger = logging.getLogger(__name__)

# A slug's live entry lives this long without a change; then it is read afresh.
LIVE_SECONDS = 10 * 60


def live_key(slug: str) -> str:
    return f"live:v2:{slug}"


def standings_key(event_id: int) -> str:
    return f"standings:v1:{event_id}"


def standings_generation_key(event_id: int) -> str:
    return f"standings:v1:{event_id}:generation"


def draft_key(event_id: int, number: int) -> str:
    """The draft version of an event's round ``number`` (by its number: a poll asks by it)."""
    return f"draft:v2:{event_id}:{number}"


def draft_token() -> str:
    """A new draft version, stamped with when it was made (seconds since 1970): a poll of a
    round being paired tells from it how long the pairing has been silent."""
    return f"{uuid.uuid4().hex}@{int(time.time())}"


# While set, a rebuild of the rating list is queued and has not started: a result committed
# meanwhile is rated by it (it reads the results after it clears this), so it queues no other.
RATINGS_QUEUED_KEY = "ratings:v1:queued"
# Results within this many seconds share one rebuild (it reads every rated game: at a festival's
# pace of results, one per result would keep a worker busy). Ratings are not needed sooner.
RATINGS_DELAY_SECONDS = 5


#: The task that rebuilds the rating list is queued by :func:`queue_ratings_rebuild`.
RATINGS_TASK = "scoring.tasks.update_ratings"

#: The task that recomputes an event's standings is queued by :func:`queue_standings_recompute`.
STANDINGS_TASK = "scoring.tasks.recompute_standings"
# Results of one event within this many seconds share one recompute: a director enters a round's
# slips a few tenths of a second apart, and each would otherwise recompute the whole table for
# nobody (a page that needs the standings meanwhile computes them itself).
STANDINGS_DELAY_SECONDS = 2


def standings_queued_key(event_id: int) -> str:
    """Set while a recompute of the event's standings is queued and has not started."""
    return f"standings:v1:{event_id}:queued"


@dataclass
class Change:
    """What one committed change asks for after its commit, each once, in the order asked."""

    # rounds (event id, number) whose draft version is new
    drafts: dict[tuple[int, int], None] = field(default_factory=dict)
    standings: dict[int, None] = field(default_factory=dict)  # events whose standings are stale
    # events whose live version is new, with their slug when the change read it (else None)
    live: dict[int, str | None] = field(default_factory=dict)
    # boards whose game page changed, with their event's id (their version is the event's)
    boards: dict[int, int] = field(default_factory=dict)
    tasks: dict[tuple[str, tuple[Any, ...]], None] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.drafts or self.standings or self.live or self.boards or self.tasks)

    def merge(self, other: Change) -> None:
        self.drafts.update(other.drafts)
        self.standings.update(other.standings)
        for event_id, slug in other.live.items():
            self.live[event_id] = slug or self.live.get(event_id)
        self.boards.update(other.boards)
        self.tasks.update(other.tasks)


_local = threading.local()


def _open_changes() -> list[Change]:
    if not hasattr(_local, "changes"):
        _local.changes = []
    changes: list[Change] = _local.changes
    return changes


@contextmanager
def changing() -> Iterator[Change]:
    """One change in one transaction (``transaction.atomic``): the effects its parts ask for are
    registered once, as one after-commit effect, when it ends without an error; a change inside
    another is part of the outer one. Also a decorator (``@changing()``)."""
    changes = _open_changes()
    change = Change()
    with transaction.atomic():
        changes.append(change)
        try:
            yield change
        finally:
            changes.pop()
        if changes:
            changes[-1].merge(change)
        elif change:
            transaction.on_commit(partial(_carry_out, change))


def _ask(change: Change) -> None:
    """Add to the open change, or (outside one) register this as a change of its own."""
    changes = _open_changes()
    if changes:
        changes[-1].merge(change)
    else:
        transaction.on_commit(partial(_carry_out, change))


def _carry_out(change: Change) -> None:
    """After the commit: new versions and dropped standings first, so that the pages the live
    bump refreshes and the tasks that follow read the change; then the pushes to the pages
    that show it (tournament/push.py), which fetch what changed at once; then the tasks, in
    order."""
    pushes: list[tuple[str, str, str]] = []
    for event_id, number in change.drafts:
        draft = draft_token()
        cache.set(draft_key(event_id, number), draft, None)
        pushes.append((push.draft_group(event_id, number), "draft", draft))
    for event_id in change.standings:
        generation = new_token()
        cache.set(standings_generation_key(event_id), generation, None)
        cache.delete(standings_key(event_id))
        pushes.append((push.event_group(event_id), "standings", generation))
    live: dict[int, str] = {}
    for event_id, slug in change.live.items():
        token = bump_live(event_id, slug)
        if token is not None:
            live[event_id] = token
            pushes.append((push.event_group(event_id), "live", token))
    for board_id, event_id in change.boards.items():
        if event_id in live:
            pushes.append((push.board_group(board_id), "board", live[event_id]))
    push.send(pushes)
    for task_name, args in change.tasks:
        if task_name == RATINGS_TASK:
            queue_ratings_rebuild()
        elif task_name == STANDINGS_TASK:
            queue_standings_recompute(*args)
        else:
            _send(task_name, args)


def enqueue(task_name: str, *args: Any) -> None:
    """Run the Celery task ``task_name`` once this transaction commits (in-process when tasks
    are eager, else on a worker)."""
    _ask(Change(tasks={(task_name, args): None}))


#: The one thread that runs settings.BACKGROUND_TASKS when tasks are eager, one at a time.
_background = ThreadPoolExecutor(max_workers=1, thread_name_prefix="background-task")


def _in_background(task_name: str, args: tuple[Any, ...]) -> Future[None]:
    """Run an eager task on the background thread, with its own database connection (closed
    after, as a request's is)."""

    def run() -> None:
        try:
            _send(task_name, args, background=False)
        except Exception:  # the thread has nobody to tell but the log
            logger.exception("background task %s%r failed", task_name, args)
        finally:
            db.connections.close_all()

    return _background.submit(run)


def background_done(timeout: float | None = None) -> None:
    """Wait until the background tasks queued so far have run (the thread takes them in turn)."""
    _background.submit(lambda: None).result(timeout)


def _send(
    task_name: str,
    args: tuple[Any, ...],
    countdown: float | None = None,
    *,
    background: bool = True,
) -> None:
    from tournament.celery import app

    if background and app.conf.task_always_eager and task_name in settings.BACKGROUND_TASKS:
        _in_background(task_name, args)
        return
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
        _send(RATINGS_TASK, ())
        return True
    # Expires, so that a queued task that is lost (a worker killed) holds up no later change.
    if not cache.add(RATINGS_QUEUED_KEY, True, RATINGS_DELAY_SECONDS * 6):
        return False
    _send(RATINGS_TASK, (), countdown=RATINGS_DELAY_SECONDS)
    return True


def queue_standings_recompute(event_id: int) -> bool:
    """Queue a recompute of the event's standings unless one is queued and not yet started
    (which will read this change too: it clears its flag before it reads); True if this call
    queued it. Eager tasks run at once, each."""
    from tournament.celery import app

    if app.conf.task_always_eager:
        _send(STANDINGS_TASK, (event_id,))
        return True
    # Expires, so that a queued task that is lost holds up no later change.
    if not cache.add(standings_queued_key(event_id), True, STANDINGS_DELAY_SECONDS * 6):
        return False
    _send(STANDINGS_TASK, (event_id,), countdown=STANDINGS_DELAY_SECONDS)
    return True


def mail_round_published(round_id: int) -> None:
    """A round was published: once committed, e-mail its players their boards."""
    enqueue("tournament.tasks.notify_round_published", round_id)


def bump_live(event_id: int, slug: str | None = None) -> str | None:
    """A new live version for the event (``slug``: its slug, when the caller read it); the
    version, or None when the event is gone."""
    if slug is None:
        from tournament.models.events import Event

        slug = Event.objects.filter(pk=event_id).values_list("slug", flat=True).first()
    if slug is None:
        return None
    token = new_token()
    cache.set(live_key(slug), (event_id, token), LIVE_SECONDS)
    return token


def live_changed(event_id: int, slug: str | None = None, *, board: int | None = None) -> None:
    """Something spectators see has changed: new live fragments once the change commits.
    ``slug``: the event's, read by the change (spares reading it again after the commit).
    ``board``: the board whose game changed, whose own page is told too."""
    boards = {} if board is None else {board: event_id}
    _ask(Change(live={event_id: slug}, boards=boards))


def draft_changed(event_id: int, number: int) -> None:
    """A round before its publication changed (opened for pairing, its pairing's progress or
    error reported, its draft made or swapped, the round deleted): once committed, a new draft
    version, so the director's review of it is computed again, and a poll of a round being
    paired learns it has news (tournament/web/page_cache.py)."""
    _ask(Change(drafts={(event_id, number): None}))


def results_changed(
    event_id: int,
    *,
    entered: int | None = None,
    recompute: bool = True,
    slug: str | None = None,
    board: int | None = None,
) -> None:
    """Something the standings show has changed: once committed, drop the cached standings,
    bump the event's generation and live version, and recompute in the background. ``entered``:
    the ResultCorrection of a board's result entered, corrected or withdrawn, whose players are
    e-mailed. ``board``: the board whose result it was, whose own page is told too.
    ``recompute=False``: only what the standings show beside the scores changed (a
    game's provisional result, which its replay check settles with a recompute): dropped, to be
    computed by the next reader or that check, and no rating changes. ``slug``: as for
    :func:`live_changed`."""
    tasks: dict[tuple[str, tuple[Any, ...]], None] = {}
    if recompute:
        tasks[(STANDINGS_TASK, (event_id,))] = None
        tasks[(RATINGS_TASK, ())] = None
    if entered is not None:
        tasks[("tournament.tasks.notify_result", (entered,))] = None
    boards = {} if board is None else {board: event_id}
    _ask(Change(standings={event_id: None}, live={event_id: slug}, boards=boards, tasks=tasks))


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
