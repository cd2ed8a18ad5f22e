"""The public pages read a streaming replica of the primary when one is configured
(``DATABASE_REPLICA_URL``; the alias ``settings.PUBLIC_READS_DATABASE``), and never cache what a
lagging replica shows under a version it does not hold.

Only the pages a spectator reads without signing in read the replica: the page cache's
(tournament/web/page_cache.py) and the live fragments open :func:`public_reads` around an
anonymous GET. Everything else (a signed-in page, the API, a write, the worker) reads the
primary, and so does a read inside a transaction.

Versions and lag: a page is cached under a version token that a change sets after its commit
(tournament.effects). With a replica, each new token carries the primary's WAL position after
that commit (:func:`new_token`); a render :func:`require`-s each token it is keyed on before it
reads the data the token stands for, and reads the replica only once the replica has replayed
that far (``pg_last_wal_replay_lsn()``), else the primary for the rest of the request. Replay
is in commit order, so a render from the replica holds every change up to its version: a
lagging replica's render is never stored under a newer version. A token without a position (made
before the replica was configured, or by a process without the setting) reads the primary.
A replica alias that is the primary's own database (a test mirror) holds everything; one that is
neither that nor a PostgreSQL standby (a separate database nobody replicates into) is never read.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections
from django.db.models import Model


@dataclass
class _Reads:
    """What one public page's render has required of the replica so far."""

    alias: str
    required: bool = False  # a version was read: the data read after it stands for it
    needed: int = 0  # the furthest WAL position a required version stands for
    unknown: bool = False  # a required version without a position
    replayed: int | None = None  # the replica's replay position, as last read
    primary: bool = False  # the replica could not show it holds a version: the primary, now on


_reads: ContextVar[_Reads | None] = ContextVar("public_reads", default=None)


@contextmanager
def public_reads() -> Iterator[None]:
    """The reads in this block may come from the replica (an anonymous GET of a public page)."""
    alias = settings.PUBLIC_READS_DATABASE
    if not alias:
        yield
        return
    token = _reads.set(_Reads(alias))
    try:
        yield
    finally:
        _reads.reset(token)


def _same_database(alias: str) -> bool:
    """Whether ``alias`` opens the primary's own database (a test mirror)."""
    mine, primary = connections[alias].settings_dict, connections[DEFAULT_DB_ALIAS].settings_dict
    return all(mine.get(k) == primary.get(k) for k in ("ENGINE", "NAME", "HOST", "PORT"))


def _standby_possible(alias: str) -> bool:
    return (
        connections[alias].vendor == "postgresql"
        and connections[DEFAULT_DB_ALIAS].vendor == "postgresql"
        and not _same_database(alias)
    )


def _row(alias: str, sql: str) -> tuple[Any, ...]:
    with connections[alias].cursor() as cursor:
        cursor.execute(sql)
        row: tuple[Any, ...] = cursor.fetchone()
    return row


def write_position() -> int | None:
    """The primary's WAL position now, when a standby is configured (else None, no query)."""
    alias = settings.PUBLIC_READS_DATABASE
    if not alias or not _standby_possible(alias):
        return None
    (position,) = _row(DEFAULT_DB_ALIAS, "SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')")
    return int(position)


def new_token() -> str:
    """A new version token: stamped with the primary's position when a standby may serve it."""
    token = uuid.uuid4().hex
    position = write_position()
    return token if position is None else f"{token}.{position}"


def _position_of(token: str) -> int | None:
    _, dot, tail = token.rpartition(".")
    return int(tail) if dot and tail.isdigit() else None


def require(token: str) -> None:
    """The data read from here on stands for ``token``: the replica serves it only if it holds
    the change that made the token (nothing outside :func:`public_reads`)."""
    reads = _reads.get()
    if reads is None:
        return
    reads.required = True
    position = _position_of(token)
    if position is None:
        reads.unknown = True
    else:
        reads.needed = max(reads.needed, position)


def _replayed(alias: str) -> int | None:
    """How far the standby has replayed the primary's WAL; None if it is no standby or down."""
    try:
        in_recovery, position = _row(
            alias, "SELECT pg_is_in_recovery(), pg_wal_lsn_diff(pg_last_wal_replay_lsn(), '0/0')"
        )
    except DatabaseError:
        return None  # the replica is down: the pages read the primary
    return int(position) if in_recovery and position is not None else None


def _on_replica(reads: _Reads) -> bool:
    if reads.primary or not reads.required:
        return False  # before any version is read there is nothing to hold the replica to
    if connections[DEFAULT_DB_ALIAS].in_atomic_block:
        return False  # a transaction reads its own writes
    if _same_database(reads.alias):
        return True
    if reads.unknown or not _standby_possible(reads.alias):
        reads.primary = True
        return False
    if reads.replayed is None or reads.replayed < reads.needed:
        reads.replayed = _replayed(reads.alias)
        if reads.replayed is None or reads.replayed < reads.needed:
            reads.primary = True
            return False
    return True


class PublicReadsRouter:
    """Inside :func:`public_reads`, a read goes to the replica when it holds what the page's
    versions stand for, else to the primary; outside it, Django's defaults (the primary)."""

    def db_for_read(self, model: type[Model], **hints: Any) -> str | None:
        reads = _reads.get()
        if reads is None:
            return None
        return reads.alias if _on_replica(reads) else DEFAULT_DB_ALIAS

    def db_for_write(self, model: type[Model], **hints: Any) -> str | None:
        instance = hints.get("instance")
        if instance is not None and instance._state.db == settings.PUBLIC_READS_DATABASE:
            return DEFAULT_DB_ALIAS  # a row read from the replica is written to the primary
        return None

    def allow_relation(self, first: Model, second: Model, **hints: Any) -> bool | None:
        # A row read from the replica is the primary's row.
        together = {first._state.db, second._state.db}
        return True if together <= {DEFAULT_DB_ALIAS, settings.PUBLIC_READS_DATABASE} else None

    def allow_migrate(self, db: str, app_label: str, **hints: Any) -> bool | None:
        return None
