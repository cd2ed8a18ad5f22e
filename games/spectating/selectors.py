"""What a spectator sees of an online board's game in play (issue 30, requirement 6).

The seats (at their own screens) and the event's arbiters and directors see the game as it is.
Anyone else sees an online board's game in play as it was ``online_delay_seconds`` ago and/or
``online_delay_placements`` placements ago (both set: the older), as the event's director set
them; once the game is over, the whole of it, its draws too. The cut is made here, once, as a
:class:`Sight` (the log's index the viewer's view ends before): the board page, its live part,
the viewer, the record's downloads, the games API, the live pages and the projector all read a
game through it (games/recording/selectors.py), so no page shows more than the cut.

A seconds delay moves with the clock, not with a write: the cut is taken at the start of a
``BUCKET_SECONDS`` slice of time, so that every spectator's rendering within a slice is the same
(the page cache keys it by the slice: :func:`seen_version`), and a view says when it next shows
more (``reveal_at``), for the page to ask then.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models import Game, GameAction
from tournament.permissions import User, is_arbiter
from tournament.web.page_cache import PAGE_SECONDS, board_version

#: A seconds delay is cut at the start of slices this long (the page cache keys a slice).
BUCKET_SECONDS = 2


@dataclass(frozen=True)
class Sight:
    """What one viewer sees of a game's log: the entries before index ``upto`` as they stood
    then (a take-back made later is not made yet), or the whole log (``upto`` None).
    ``reveal_at``: when a seconds delay next shows more of it (None: no more until a write)."""

    upto: int | None = None
    reveal_at: datetime | None = None

    @property
    def whole(self) -> bool:
        return self.upto is None

    def shows(self, index: int) -> bool:
        """Whether the log's entry ``index`` is in sight."""
        return self.upto is None or index < self.upto

    def taken_back(self, taken_back_by: int | None) -> bool:
        """Whether an entry taken back by the entry ``taken_back_by`` is taken back in sight."""
        return taken_back_by is not None and self.shows(taken_back_by)


#: The whole game: what its seats and arbiters see, and everyone once it is over.
WHOLE = Sight()

#: (index, kind, at, index of the take-back that took it back) of a log entry.
Mark = tuple[int, str, datetime, int | None]


def delays(game: Game) -> tuple[int, int]:
    """The event's spectators' delay: (seconds, placements); (0, 0) for a game without a board."""
    if game.board is None:
        return 0, 0
    event = game.board.round.event
    return int(event.online_delay_seconds or 0), int(event.online_delay_placements or 0)


def delayed(game: Game) -> bool:
    """Whether spectators see the game behind: an online board's game in play (dealt by the
    site, not over) in an event that sets a delay."""
    return game.racks_hidden and any(delays(game))


def delay_words(game: Game) -> str:
    """The delay in the director's words: "2 placements", "30 seconds", or both."""
    seconds, placements = delays(game)
    parts = []
    if placements:
        parts.append(
            ngettext("%(count)s placement", "%(count)s placements", placements)
            % {"count": placements}
        )
    if seconds:
        parts.append(
            ngettext("%(count)s second", "%(count)s seconds", seconds) % {"count": seconds}
        )
    if len(parts) == 2:
        return _("%(placements)s or %(seconds)s behind, whichever is further back") % {
            "placements": parts[0],
            "seconds": parts[1],
        }
    return _("%(delay)s behind") % {"delay": parts[0]} if parts else ""


def sees_live(user: User | None, game: Game) -> bool:
    """The board's seats (partners too) and the event's arbiters and directors see the game
    as it is (prefetch the board's ``SEATED``)."""
    if user is None or not user.is_authenticated or game.board is None:
        return False
    board = game.board
    return user.pk in board.seated_user_ids or is_arbiter(user, board.round.event)


def moment(now: datetime) -> datetime:
    """The start of the slice of time ``now`` is in: a seconds delay is cut there."""
    stamp = now.timestamp()
    return datetime.fromtimestamp(stamp - stamp % BUCKET_SECONDS, tz=now.tzinfo or UTC)


def sight(
    game: Game,
    user: User | None,
    now: datetime | None = None,
    rows: Iterable[GameAction] | None = None,
) -> Sight:
    """What ``user`` sees of ``game`` at ``now``: the whole game, or a spectator's cut.
    ``rows``: the game's log when the caller has read it (else it is read: one query)."""
    if not delayed(game) or sees_live(user, game):
        return WHOLE
    return spectators_sight(game, now, rows)


def spectators_sight(
    game: Game, now: datetime | None = None, rows: Iterable[GameAction] | None = None
) -> Sight:
    """What anyone who is not at the board nor its arbiter sees of ``game`` at ``now``: the
    sight of pages every spectator shares (the live pages, the projector, the games' export)."""
    if not delayed(game) or game._state.adding:
        return WHOLE
    if rows is None:
        marks: list[Mark] = list(
            game.actions.order_by("index").values_list(
                "index", "kind", "at", "taken_back_by__index"
            )
        )
    else:
        by_pk = {r.pk: r.index for r in rows}
        marks = sorted(
            (r.index, r.kind, r.at, by_pk.get(r.taken_back_by_id) if r.taken_back_by_id else None)
            for r in rows
        )
    seconds, placements = delays(game)
    return cut(marks, seconds, placements, moment(now or timezone.now()))


def cut(marks: list[Mark], seconds: int, placements: int, at: datetime) -> Sight:
    """The sight of a log (``marks``, in order) ``seconds`` before ``at`` and ``placements``
    placements back (0: no such delay); both: the older. Placements back are counted among
    the placements that stand (not taken back); fewer than that: the game before its first."""
    ends: list[int] = []
    reveal_at = None
    if placements:
        standing = [i for i, kind, _at, undone in marks if kind == "place" and undone is None]
        if standing:
            ends.append(standing[-placements] if len(standing) >= placements else standing[0])
    if seconds:
        until = at - timedelta(seconds=seconds)
        later = [(index, when) for index, _kind, when, _undone in marks if when > until]
        if later:
            ends.append(later[0][0])
            reveal_at = later[0][1] + timedelta(seconds=seconds)
    if not ends:
        return WHOLE
    return Sight(upto=min(ends), reveal_at=reveal_at)


def time_slice() -> str:
    """The slice of time now is in, as a version's suffix ("~889123456")."""
    return f"~{int(timezone.now().timestamp()) // BUCKET_SECONDS}"


def event_slice(event_id: int, version: str) -> str:
    """What a page that shows an event's boards (the live pages, the projector) adds to the
    event's live ``version``: the slice of time while one of its online boards is seen with a
    seconds delay (what spectators see of it changes with the clock), else nothing. Read once
    per live version (kept in the cache: a poll reads no table)."""
    key = f"spectate:v1:event:{event_id}:{version}"
    seconds = cache.get(key)
    if seconds is None:
        playing = Game.objects.ingenious().filter(
            board__round__event_id=event_id,
            board__round__event__online_delay_seconds__gt=0,
            mode=Game.Mode.FULL,
        )
        seconds = int(playing.exclude(status=Game.Status.FINISHED).exists())
        cache.set(key, seconds, PAGE_SECONDS)
    return time_slice() if seconds else ""


def seen_version(request: HttpRequest, board_pk: int, **kwargs: Any) -> str | None:
    """The version a board's pages are cached and polled under: the event's live version
    (tournament.web.page_cache.board_version), and, while the board's game is seen with a
    seconds delay, the slice of time: what a spectator sees of it changes with the clock too.
    Whether it is is read once per live version (kept in the cache: a poll reads no table)."""
    version = board_version(request, board_pk)
    if version is None:
        return None
    key = f"spectate:v1:{board_pk}:{version}"
    seconds = cache.get(key)
    if seconds is None:
        game = (
            Game.objects.ingenious()
            .filter(board_id=board_pk)
            .select_related("board__round__event")
            .first()
        )
        seconds = delays(game)[0] if game is not None and game.racks_hidden else 0
        cache.set(key, seconds, PAGE_SECONDS)
    return f"{version}{time_slice()}" if seconds else version
