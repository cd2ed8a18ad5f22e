"""Reads about boards' results for the director's pages (nothing here writes)."""

from django.db.models import QuerySet
from django_stubs_ext import StrOrPromise

from tournament.confirmations.selectors import LEVEL_TIEBREAKS
from tournament.models.events import (
    PAIR_RESULTS,
    PLAYED_RESULTS,
    PUBLIC_ROUND_STATUSES,
    SINGLE_RESULTS,
    Board,
    Event,
    Result,
    default_tiebreak_chain,
)
from tournament.models.tables import SEATED
from tournament.results.models import ResultCorrection


def uses_levels(event: Event) -> bool:
    """The event's tie-breaks read the lowest colour levels."""
    chain = event.tiebreak_chain or default_tiebreak_chain()
    return any(key in LEVEL_TIEBREAKS for key in chain)


def boards_missing_levels(event: Event) -> "QuerySet[Board]":
    """The published boards with a played result (a pair's 1-0, 0-1, ½-½, or a table's
    placings) where a seat has no lowest level: tie-breaks built from them count 0 there.
    None when the event's tie-breaks do not read levels."""
    if not uses_levels(event):
        return Board.objects.none()
    return (
        Board.objects.filter(
            round__event=event,
            round__status__in=PUBLIC_ROUND_STATUSES,
            result__in=[*PLAYED_RESULTS, Result.TABLE],
            seats__levels=[],
        )
        .select_related("round")
        .distinct()
        .order_by("round__number", "number")
    )


def corrections_of(event: Event) -> QuerySet[ResultCorrection]:
    return (
        ResultCorrection.objects.filter(board__round__event=event)
        .select_related("board__round", "user__player")
        .prefetch_related(*(f"board__{path}" for path in SEATED))
        .order_by("-at", "-id")
    )


def result_choices(board: Board) -> list[tuple[str, StrOrPromise]]:
    """The result codes that fit the board: a game's, or a board without an opponent's."""
    allowed = SINGLE_RESULTS if board.one_sided else PAIR_RESULTS
    return [(value, label) for value, label in Result.choices if value in allowed]
