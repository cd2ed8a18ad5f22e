"""A round before its publication, cached under its draft version (tournament.effects
``draft_changed``): the version a director's poll holds, and the director's review of the
round, computed again only when its draft or the scores before it change."""

from __future__ import annotations

import time

from django.core.cache import cache

from tournament.effects import draft_key, standings_generation_key
from tournament.models.events import Round
from tournament.rounds.review import BoardReview, review_of
from tournament.rounds.selectors import boards_of
from tournament.web.page_cache import PAGE_SECONDS, stored_token

# ---------------------------------------------------------------- a round before publication


def draft_version(event_id: int, number: int) -> str:
    """The version of the event's round ``number`` before it is published (tournament.effects
    ``draft_changed``: opened for pairing, each report of its pairing, its draft and the draft's
    changes, its deletion), read without reading the round. A poll of a round being paired
    that holds it has nothing new to learn (the rounds' API answers 304, the director's page
    204)."""
    return stored_token(draft_key(event_id, number))


def draft_age(token: str) -> float | None:
    """Seconds since the draft version ``token`` was made; None when it does not say (one
    started for a cache that had lost it)."""
    _, at, stamp = token.rpartition("@")
    return time.time() - int(stamp) if at and stamp.isdigit() else None


# ---------------------------------------------------------------- the director's review

Notes = dict[int, tuple[str, str, list[str]]]


def round_review(round_: Round) -> list[BoardReview]:
    """The director's review of a round (scores before it, each board's warnings), computed
    again only when its draft changes (effects.draft_changed) or the scores before it do
    (effects.results_changed); the boards themselves, with their results, are read fresh."""

    versions = (
        draft_version(round_.event_id, round_.number),
        stored_token(standings_generation_key(round_.event_id)),
    )
    key = f"page:v1:review:{round_.pk}:{versions[0]}:{versions[1]}"
    notes: Notes | None = cache.get(key)
    boards = list(boards_of(round_))
    if notes is None or set(notes) != {b.pk for b in boards}:
        reviews = review_of(round_)
        cache.set(
            key,
            {r.board.pk: (r.first_score, r.second_score, r.warnings) for r in reviews},
            PAGE_SECONDS,
        )
        return reviews
    return [BoardReview(b, notes[b.pk][0], notes[b.pk][1], notes[b.pk][2]) for b in boards]
