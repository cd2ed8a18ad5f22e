"""Reads of the tournament app. Views and serializers call these; they never write."""

from collections import defaultdict

from django.db.models import Max, QuerySet

from tournament.models.events import (
    Event,
)
from tournament.restrictions.models import ForbiddenPair

KEEP_APART_FIELDS = ("club", "family", "country")


def forbidden_pairs_of(event: Event) -> QuerySet[ForbiddenPair]:
    """The pairs a director keeps apart in the event."""
    return (
        ForbiddenPair.objects.filter(event=event)
        .select_related("first__player", "second__player", "created_by")
        .order_by("id")
    )


def kept_apart(event: Event) -> dict[int, dict[int, str]]:
    """Entry -> entries it may not be paired with -> why: the director's pairs, then the pairs
    of players sharing a club, family or country when the event keeps those apart."""
    apart: dict[int, dict[int, str]] = defaultdict(dict)

    def forbid(a: int, b: int, why: str) -> None:
        apart[a].setdefault(b, why)
        apart[b].setdefault(a, why)

    for pair in ForbiddenPair.objects.filter(event=event).values_list(
        "first_id", "second_id", "reason"
    ):
        forbid(*pair)
    fields = [f for f in event.keep_apart or [] if f in KEEP_APART_FIELDS]
    if fields:
        rows = event.entries.values_list("id", *(f"player__{f}" for f in fields))
        for column, name in enumerate(fields, start=1):
            groups: dict[str, list[int]] = defaultdict(list)
            shown: dict[str, str] = {}
            for row in rows:
                value = str(row[column] or "").strip()
                if value:
                    groups[value.casefold()].append(row[0])
                    shown.setdefault(value.casefold(), value)
            for key, members in groups.items():
                for i, a in enumerate(members):
                    for b in members[i + 1 :]:
                        forbid(a, b, f"same {name} ({shown[key]})")
    return dict(apart)


TRF_BYE_CODES = {"0.5": "H", "1": "F", "0": "Z"}


def trf_restrictions(
    event: Event,
) -> tuple[dict[int, list[tuple[int, str]]], list[tuple[int, int]]]:
    """For the TRF export, by starting rank: the byes asked for rounds not yet paired (round,
    H / F / Z), and the director's pairs kept apart."""
    paired = event.round_set.aggregate(top=Max("number"))["top"] or 0
    byes: dict[int, list[tuple[int, str]]] = {}
    for entry in event.entries.exclude(requested_byes=[]):
        points = entry.requested_bye_points or {}
        later = [
            (n, TRF_BYE_CODES.get(points.get(str(n), "0.5"), "H"))
            for n in entry.requested_byes
            if n > paired
        ]
        if later:
            byes[entry.starting_rank] = later
    pairs = [
        (pair.first.starting_rank, pair.second.starting_rank)
        for pair in ForbiddenPair.objects.filter(event=event).select_related("first", "second")
    ]
    return byes, pairs
