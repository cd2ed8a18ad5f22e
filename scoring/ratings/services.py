"""The rating list's writes: every rating is rebuilt from the history of rated games, in one
transaction, so the stored numbers are always those a rebuild from scratch gives (a corrected
result changes every later rating, as it should).

Rated: games with a played result (1-0, 0-1, ½-½, or a table's placings) that counts (entered by
a director, or a recorded game whose replay check passed) in a published round: games of two,
tables of 3 and 4, partnership games and the Challenges' tables. Not rated: forfeits, byes and
absences (no game was played), duplicate solitaire (one side at the board), results held by a
failed replay check or still waiting for it. Draws are a shared placing; a table of 3 or 4 is
one side per seat, and a partnership team one side of two players. Who played is read from the
seats. docs/ratings.md states all of it for users, with the model and the shown scale.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime

from django.core.cache import cache
from django.db import connection, transaction
from django.db.models.functions import Coalesce
from django.utils import timezone

from scoring.core.ratings import RatedGame, Rating, RatingRun, checksum, rate_history
from scoring.ratings.models import PlayerRating, RatingChange
from tournament import effects
from tournament.models.events import PUBLIC_ROUND_STATUSES, Board, Result
from tournament.models.tables import Seat

logger = logging.getLogger(__name__)

# The placings of a two-sided board's sides, in seat order, for each played result code.
PLACINGS: dict[str, tuple[int, int]] = {
    Result.FIRST_WINS: (1, 2),
    Result.SECOND_WINS: (2, 1),
    Result.DRAW: (1, 1),
}
RATED_RESULTS = (*PLACINGS, Result.TABLE)
COUNTING_CHECKS = (Board.Check.NONE, Board.Check.PASSED)
# Two rebuilds at once (two workers) would each replace every row: one waits for the other.
LOCK_KEY = 0x5241544E  # "RATN"


@dataclass(frozen=True)
class GameFacts:
    """What a stored rating change needs besides the numbers."""

    event_id: int
    round_number: int
    at: datetime


@dataclass
class _Side:
    """One side at a board, read from its seats: its players (a partnership team's two) and
    the placing of its first seat."""

    players: tuple[int, ...]
    placing: int | None


def _seated_sides(board_filter: Mapping[str, object]) -> dict[int, list[_Side]]:
    """Every rated board's sides in seat order, each entry once (a team sits twice), by board
    id: read from the seats, the only record of who sat where and how each finished."""
    sides: dict[int, dict[int, _Side]] = {}
    rows = (
        Seat.objects.filter(**{f"board__{k}": v for k, v in board_filter.items()})
        .order_by("board_id", "number")
        .values_list("board_id", "entry_id", "entry__player_id", "entry__partner_id", "placing")
    )
    for board_id, entry_id, player, partner, placing in rows.iterator(chunk_size=2000):
        players = (player,) if partner is None else (player, partner)
        sides.setdefault(board_id, {}).setdefault(entry_id, _Side(players, placing))
    return {board_id: list(by_entry.values()) for board_id, by_entry in sides.items()}


def _game(board_id: int, result: str, sides: list[_Side]) -> RatedGame | None:
    """The board as a game to rate, or None when nothing can be learnt from it: a board of one
    side (a bye, an absence, a duplicate solitaire entrant), or a table whose placings are not
    known. A two-sided board is placed by its result code (sides in seat order); a table of 3
    or 4 or a Challenge table by its seats' placings (a seat without one is left out)."""
    if result == Result.TABLE:
        placed = [side for side in sides if side.placing is not None]
    elif len(sides) == 2:
        placed = [_Side(side.players, p) for side, p in zip(sides, PLACINGS[result], strict=True)]
    else:
        return None
    if len(placed) < 2:
        return None
    return RatedGame(
        key=board_id,
        sides=tuple(side.players for side in placed),
        placings=tuple(side.placing or 0 for side in placed),
    )


def rated_boards() -> Iterator[tuple[RatedGame, GameFacts]]:
    """The rated games in the order they are rated: by the round's publication (its creation
    when never published), then round, board number and board id, so a rebuild is repeatable.
    A two-sided game has two sides (a partnership team's two players on one side); a table of
    3 or 4, one side per seat, placed as the table finished."""
    counting = {
        "result__in": RATED_RESULTS,
        "result_check__in": COUNTING_CHECKS,
        "round__status__in": PUBLIC_ROUND_STATUSES,
    }
    seated = _seated_sides(counting)
    boards = (
        Board.objects.filter(**counting)
        .annotate(played_at=Coalesce("round__published_at", "round__created_at"))
        .order_by("played_at", "round_id", "number", "id")
        .values_list("id", "result", "round__event_id", "round__number", "played_at")
    )
    for board_id, result, event_id, number, at in boards.iterator(chunk_size=2000):
        game = _game(board_id, result, seated.get(board_id, []))
        if game is not None:
            yield game, GameFacts(event_id=event_id, round_number=number, at=at)


@transaction.atomic
def rebuild_ratings() -> str:
    """Replace every rating and rating change by those computed from the whole history; returns
    the list's checksum."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [LOCK_KEY])
    facts: dict[int, GameFacts] = {}

    def games() -> Iterator[RatedGame]:
        for game, fact in rated_boards():
            facts[game.key] = fact
            yield game

    run = rate_history(games())
    _store(run, facts)
    total = checksum(run.ratings)
    # A recompute, not a user's write: its own logger, not the writes log.
    logger.info(
        "ratings rebuilt: players=%s games=%s checksum=%s", len(run.ratings), len(facts), total
    )
    return total


def rate_queued_changes() -> str:
    """The queued rebuild (effects.queue_ratings_rebuild): rebuild the list (a change can move
    every later rating, and a full rebuild of 2,000 games takes well under a second; see
    bench/ratings.py). Cleared first, so a result committed from now on queues the next one."""
    cache.delete(effects.RATINGS_QUEUED_KEY)
    return rebuild_ratings()


def _store(run: RatingRun, facts: dict[int, GameFacts]) -> None:
    RatingChange.objects.all().delete()
    PlayerRating.objects.all().delete()
    now = timezone.now()
    PlayerRating.objects.bulk_create(
        (
            PlayerRating(
                player_id=player,
                mu=r.mu,
                sigma=r.sigma,
                ordinal=r.ordinal,
                games=r.games,
                updated=now,
            )
            for player, r in run.ratings.items()
        ),
        batch_size=1000,
    )
    sequence: dict[int, int] = {}
    RatingChange.objects.bulk_create(
        (
            RatingChange(
                player_id=c.player,
                board_id=c.key,
                event_id=facts[c.key].event_id,
                round_number=facts[c.key].round_number,
                sequence=sequence.setdefault(c.key, len(sequence) + 1),
                placing=c.placing,
                sides=c.sides,
                tied=c.tied,
                mu_before=c.before.mu,
                sigma_before=c.before.sigma,
                mu_after=c.after.mu,
                sigma_after=c.after.sigma,
                at=facts[c.key].at,
            )
            for c in run.changes
        ),
        batch_size=1000,
    )


def stored_checksum() -> str:
    """The checksum of the stored list (as ``rebuild_ratings`` returned it)."""
    ratings = {
        player: Rating(mu=mu, sigma=sigma, games=games)
        for player, mu, sigma, games in PlayerRating.objects.values_list(
            "player_id", "mu", "sigma", "games"
        )
    }
    return checksum(ratings)
