"""Reads of the tournament app. Views and serializers call these; they never write."""

from collections import defaultdict
from dataclasses import dataclass, field

from scoring.core.results import Board as ScoredBoard
from scoring.core.results import results_from_boards
from scoring.core.tables import table_points
from tournament.checkin.models import CheckIn
from tournament.models.events import (
    PLAYED_RESULTS,
    Board,
    Entry,
    Event,
    Result,
)
from tournament.pairing.model import PlayerState
from tournament.restrictions.selectors import kept_apart
from tournament.rounds.selectors import pair_of


@dataclass
class _History:
    score: float = 0.0
    opponents: list[int] = field(default_factory=list)
    firsts: list[bool | None] = field(default_factory=list)
    byes: int = 0
    floats: list[str | None] = field(default_factory=list)
    forfeit_wins: int = 0


def _histories(event: Event, before_round: int) -> dict[int, _History]:
    """Each entry's record over the rounds before ``before_round``, round by round.

    Points follow the standings' own reading of the boards (scoring_core.results_from_boards).
    Everybody an entry was paired with counts as met, forfeits included, so they are not paired
    again; only games played (or still to be scored) count for who moved first.
    """
    entry_ids = list(event.entries.values_list("id", flat=True))
    history = {entry_id: _History() for entry_id in entry_ids}
    boards = list(
        Board.objects.filter(round__event=event, round__number__lt=before_round)
        .select_related("round")
        .prefetch_related("seats")
        .order_by("round__number", "number")
    )
    by_round: dict[int, list[Board]] = defaultdict(list)
    for board in boards:
        by_round[board.round.number].append(board)
    bye_value = float(event.bye_value)
    for number in range(1, before_round):
        seen: dict[int, tuple[bool | None, str | None]] = {}
        # A solitaire entrant's board ("table", one seat) scores by its placing among the
        # round's entrants, as at a table of them all (RULINGS.md), not as a pair.
        alone = [b for b in by_round.get(number, []) if b.result == Result.TABLE]
        played = [b for b in by_round.get(number, []) if b.result != Result.TABLE]
        rows = results_from_boards(
            [ScoredBoard(number, *pair_of(b), b.result) for b in played],
            bye_value=bye_value,
        )
        points: defaultdict[int, float] = defaultdict(float)
        for row in rows:
            points[row.player] += row.points
        seats = [seat for board in alone for seat in board.seats.all()]
        placings = [seat.placing for seat in seats]
        if len(seats) > 1 and all(p is not None for p in placings):
            vps = table_points([p for p in placings if p is not None])
            for seat, vp in zip(seats, vps, strict=True):
                points[seat.entry_id] += vp
        for board in by_round.get(number, []):
            first_id, second_id = pair_of(board)
            first = history.get(first_id)
            if first is None:
                continue
            if second_id is None:
                if board.result == Result.BYE:
                    first.byes += 1
                    seen[first_id] = (None, "down")
                else:
                    seen[first_id] = (None, None)
                continue
            second = history[second_id]
            # RULINGS: a forfeit win bars the pairing-allocated bye like a bye does.
            if board.result == Result.FIRST_FORFEIT_WIN:
                first.forfeit_wins += 1
            elif board.result == Result.SECOND_FORFEIT_WIN:
                second.forfeit_wins += 1
            first.opponents.append(second_id)
            second.opponents.append(first_id)
            game = board.result == "" or board.result in PLAYED_RESULTS
            float_first = float_second = None
            if first.score > second.score:
                float_first, float_second = "down", "up"
            elif first.score < second.score:
                float_first, float_second = "up", "down"
            seen[first_id] = (True if game else None, float_first)
            seen[second_id] = (False if game else None, float_second)
        for entry_id, record in history.items():
            moved_first, floated = seen.get(entry_id, (None, None))
            record.firsts.append(moved_first)
            record.floats.append(floated)
            record.score += points.get(entry_id, 0.0)
    return history


def checked_in_ids(event: Event, round_number: int) -> set[int]:
    """The entries of the event checked in for the round (see tournament/checkin/services.py)."""
    found = CheckIn.objects.filter(entry__event=event, round_number=round_number)
    return set(found.values_list("entry_id", flat=True))


def player_states(event: Event, round_number: int) -> list[PlayerState]:
    """What the pairing core needs to pair ``round_number`` of ``event``: every entry, in
    starting-rank order, with its record over the earlier rounds. When the event requires
    check-in, an entry not checked in for the round is inactive in it (a requested bye needs
    no check-in)."""
    history = _histories(event, round_number)
    apart = kept_apart(event)
    checked_in = checked_in_ids(event, round_number) if event.check_in_required else None
    states = []
    for entry in event.entries.order_by("starting_rank"):
        record = history[entry.pk]
        wants_bye = round_number in entry.requested_byes
        states.append(
            PlayerState(
                id=entry.pk,
                rank=entry.starting_rank,
                score=record.score,
                opponents=tuple(record.opponents),
                firsts=tuple(record.firsts),
                byes=record.byes,
                floats=tuple(record.floats),
                active=takes_part(entry, round_number, checked_in),
                wants_bye=wants_bye,
                forbidden=tuple(sorted(apart.get(entry.pk, {}))),
                forfeit_wins=record.forfeit_wins,
            )
        )
    return states


def takes_part(entry: Entry, round_number: int, checked_in: set[int] | None) -> bool:
    """Whether the entry is in the round: not withdrawn before it, joined by it and, when the
    event requires check-in (``checked_in`` not None), checked in or on a requested bye."""
    withdrawn = entry.status == Entry.Status.WITHDRAWN and (
        entry.withdrawn_after_round is None or entry.withdrawn_after_round < round_number
    )
    present = checked_in is None or round_number in entry.requested_byes or entry.pk in checked_in
    return not withdrawn and entry.joined_round <= round_number and present


def requested_bye_result(entry: Entry, round_number: int) -> str:
    """The board result of the bye the entry requested for the round: ½ unless it asked for
    0 or 1 point (as the event allows)."""
    points = (entry.requested_bye_points or {}).get(str(round_number), "0.5")
    return {"0": Result.ABSENT, "1": Result.FULL_BYE}.get(points, Result.HALF_BYE)


def scores_before(event: Event, round_number: int) -> dict[int, float]:
    """Each entry's victory points over the rounds before ``round_number``."""
    return {entry_id: h.score for entry_id, h in _histories(event, round_number).items()}
