"""The boards the exports read, with their seats in order (reads only, a fixed number of queries).

The standings (:mod:`scoring.standings.build`) hold each board as its first two seats; a table of 3
or 4
needs every seat, so the pairings exports, the PDF's pairings, the slips and the records' index
read the boards here.
"""

from collections.abc import Sequence

from django.db.models import Prefetch, prefetch_related_objects

from tournament.models.events import PUBLIC_ROUND_STATUSES, Board, Event
from tournament.models.tables import Seat


def _seats() -> "Prefetch[str]":
    """The seats with their entries and players, in one query (seat order is the model's)."""
    return Prefetch(
        "seats", queryset=Seat.objects.select_related("entry__player", "entry__partner")
    )


def with_seats(boards: Sequence[Board]) -> Sequence[Board]:
    """Load the seats (and their players) of boards already read, in one query more."""
    prefetch_related_objects(list(boards), _seats())
    return boards


def public_boards(event: Event) -> list[Board]:
    """Every board of the event's public rounds, by round and number, with round and seats."""
    return list(
        Board.objects.filter(round__event=event, round__status__in=PUBLIC_ROUND_STATUSES)
        .select_related("round")
        .prefetch_related(_seats())
        .order_by("round__number", "number")
    )
