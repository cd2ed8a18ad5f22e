"""The MSO's "absent players lose", only where the director chose it (the event's
``online_absent_lose``): when the first-move window of an online round has ended, a seat of a
board of two that is a no-show (games.presence.selectors.alerts: neither connected nor moved)
loses by forfeit, and both absent is a double forfeit. The site enters it through the one result
path (``Source.RULE``: no user, the rule as the reason, logged as every result is); a board
decided by then keeps its result. Tables of 3 and 4 and partnership tables are left to the
arbiter, who is alerted as before: the rules give no forfeit of one seat among several.

Run by the beat (games.tasks.apply_absent_rule); nothing here runs when a page is read."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import Q
from django.utils import timezone

from games.presence.selectors import alerts
from tournament.models.events import Board, Result, Round
from tournament.models.where import Played
from tournament.results.services import Source, enter_result

REASON = "absent when the first-move window ended (the event's rule: absent players lose)"


def forfeit_code(absent: set[int]) -> str:
    """The result of a board of two whose seats ``absent`` are no-shows."""
    if absent == {0, 1}:
        return str(Result.DOUBLE_FORFEIT)
    return str(Result.SECOND_FORFEIT_WIN if absent == {0} else Result.FIRST_FORFEIT_WIN)


def _rounds_due(now: datetime) -> list[Round]:
    """Published rounds of events with the rule whose online boards of two are undecided."""
    rounds = (
        Round.objects.filter(
            event__online_absent_lose=True,
            event__online_first_move_seconds__isnull=False,
            published_at__isnull=False,
            published_at__lte=now,
            boards__played=Played.ONLINE,
            boards__result="",
        )
        .filter(~Q(boards__game__isnull=True))
        .select_related("event")
        .distinct()
    )
    return [
        r
        for r in rounds
        if r.published_at is not None
        and r.event.online_first_move_seconds is not None
        and r.published_at + timedelta(seconds=r.event.online_first_move_seconds) <= now
    ]


def apply_absent_rule(now: datetime | None = None) -> int:
    """Enter the forfeit of every board of two now due under the rule; how many were entered."""
    now = now or timezone.now()
    entered = 0
    for round_ in _rounds_due(now):
        absent: dict[int, set[int]] = {}
        for alert in alerts(round_, now):
            if alert.kind == "no_show":
                absent.setdefault(alert.board, set()).add(alert.seat)
        boards = Board.objects.filter(round=round_, number__in=absent).prefetch_related("seats")
        for board in boards:
            if board.seats.count() != 2:
                continue  # a table of 3-4 or a partnership: the arbiter decides
            before = board.result_version
            decided = enter_result(
                board=board,
                user=None,
                result=forfeit_code(absent[board.number]),
                source=Source.RULE,
                reason=REASON,
            )
            entered += int(decided.result_version != before)
    return entered
