"""Reads of the tournament app. Views and serializers call these; they never write."""

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Case, Count, Max, Q, QuerySet, When
from django.utils import timezone
from django.utils.translation import gettext

from scoring import core as scoring_core
from tournament.models import (
    PAIR_RESULTS,
    PLAYED_RESULTS,
    PUBLIC_ROUND_STATUSES,
    SINGLE_RESULTS,
    Board,
    CheckIn,
    Decision,
    Entry,
    EntryRequest,
    Event,
    EventLogEntry,
    EventRole,
    Festival,
    ForbiddenPair,
    PairingChange,
    Player,
    PlayerMerge,
    Result,
    ResultCorrection,
    Round,
)
from tournament.models.tables import SEATED
from tournament.pairing import PlayerState, breaks_limits, due_of, resolve_system
from tournament.pairing.model import format_score
from tournament.pairing.tables_schedule import Schedule, all_play_all_tables
from tournament.permissions import is_arbiter, is_director

User = AbstractBaseUser | AnonymousUser


def event_list() -> QuerySet[Event]:
    return Event.objects.order_by("-start_date", "-id")


def festival_list() -> QuerySet[Festival]:
    """Every festival, newest first, with its number of events (``event_count``)."""
    return Festival.objects.annotate(event_count=Count("events")).order_by("-starts", "name")


def player_list(search: str = "") -> QuerySet[Player]:
    """The registry without merged duplicates; ``search``: part of the name or club."""
    players = Player.objects.filter(merged_into__isnull=True).order_by("name", "id")
    found = Q(name__icontains=search) | Q(club__icontains=search)
    return players.filter(found) if search else players


def player_entries(player: Player) -> QuerySet[Entry]:
    """A registry player's entries across events, the latest event first: a partnership
    team's partner's too (the team is the entry)."""
    entries = Entry.objects.filter(Q(player=player) | Q(partner=player))
    return entries.select_related("event", "player", "partner").order_by(
        "-event__start_date", "-event_id"
    )


def merge_history() -> QuerySet[PlayerMerge]:
    return PlayerMerge.objects.select_related(
        "survivor", "absorbed", "user__player", "undone_by__player"
    )


def undoable_merge() -> PlayerMerge | None:
    """The latest registry merge not undone: the only one that may be undone."""
    return PlayerMerge.objects.filter(undone_at__isnull=True).order_by("-at", "-id").first()


def entries_of(event: Event) -> QuerySet[Entry]:
    return event.entries.select_related("player", "partner").order_by("starting_rank")


def roles_of_event(event: Event) -> QuerySet[EventRole]:
    return event.roles.select_related("user__player").order_by("role", "user__username")


def rounds_visible_to(user: User, event: Event) -> QuerySet[Round]:
    """Every round for the event's directors; only published ones for everybody else."""
    rounds = event.round_set.order_by("number")
    if is_director(user, event):
        return rounds
    return rounds.filter(status__in=PUBLIC_ROUND_STATUSES)


def pair_of(board: Board) -> tuple[int, int | None]:
    """A board's first two sides' entry ids, read from its seats (the second None for a bye,
    an absence or a solitaire entrant): the pair of a two-sided board (prefetch ``seats``)."""
    ids = board.side_ids
    return ids[0], ids[1] if len(ids) > 1 else None


def boards_of(round_: Round) -> QuerySet[Board]:
    """The round's boards in order, with every seat's player (tables list them all)."""
    return round_.boards.prefetch_related(*SEATED).order_by("number")


def last_round(event: Event) -> Round | None:
    return event.round_set.order_by("-number").first()


def next_round_number(event: Event) -> int:
    last = last_round(event)
    return (last.number if last else 0) + 1


def table_schedule(event: Event) -> Schedule | None:
    """The all-play-all of an event at tables of 3 or 4, if one exists for its entries (all of
    them, withdrawn ones too: the schedule is fixed at the start, as a Berger table is)."""
    return all_play_all_tables(event.entries.count(), event.table_size)


def table_system(event: Event) -> str:
    """How an event at tables is paired: as round 1 was; before, all-play-all when asked for,
    and ``auto`` plays all-play-all when a schedule exists whose rounds hold the event's."""
    first = event.round_set.filter(number=1).exclude(system="").first()
    robin = Event.PairingSystem.ROUND_ROBIN
    if first is not None:
        return robin if first.system == robin else Event.PairingSystem.SWISS
    if event.pairing_system == Event.PairingSystem.AUTO:
        schedule = table_schedule(event)
        if schedule is not None and event.rounds <= len(schedule):
            return robin
    return robin if event.pairing_system == robin else Event.PairingSystem.SWISS


def round_robin_rounds(event: Event) -> int | None:
    """How many rounds an all-play-all of the event's entries takes, if it plays one."""
    count = event.entries.count()
    if count < 2 or event.ruleset == Event.Ruleset.SOLITAIRE:  # solitaire pairs nobody
        return None
    if event.table_size > 2 and event.ruleset != Event.Ruleset.PARTNERSHIP:  # at tables
        schedule = table_schedule(event)
        robin = table_system(event) == Event.PairingSystem.ROUND_ROBIN
        return len(schedule) if robin and schedule is not None else None
    first = event.round_set.filter(number=1).exclude(system="").first()
    system = first.system if first else resolve_system(event.pairing_system, count)
    if system != Event.PairingSystem.ROUND_ROBIN:
        return None
    return count if count % 2 else count - 1


def open_round(event: Event) -> Round | None:
    """The round being paired or waiting in draft, if any (there is at most one)."""
    return event.round_set.filter(status__in=[Round.Status.PAIRING, Round.Status.DRAFT]).first()


def unfinished_boards(round_: Round) -> QuerySet[Board]:
    return boards_of(round_).filter(result="")


def next_board_number(round_: Round) -> int:
    return (round_.boards.aggregate(top=Max("number"))["top"] or 0) + 1


def plays_round_robin(event: Event) -> bool:
    """True once the event's pairings are (or will be) all-play-all."""
    if event.pairing_system == Event.PairingSystem.ROUND_ROBIN:
        return True
    first = event.round_set.filter(number=1).exclude(system="").first()
    return first is not None and first.system == Event.PairingSystem.ROUND_ROBIN


def corrections_of(event: Event) -> QuerySet[ResultCorrection]:
    return (
        ResultCorrection.objects.filter(board__round__event=event)
        .select_related("board__round", "user__player")
        .prefetch_related(*(f"board__{path}" for path in SEATED))
        .order_by("-at", "-id")
    )


def pairing_changes_of(event: Event) -> QuerySet[PairingChange]:
    return (
        PairingChange.objects.filter(round__event=event)
        .select_related("round", "user__player")
        .order_by("-at", "-id")
    )


def event_log_of(event: Event) -> QuerySet[EventLogEntry]:
    """Rounds published, withdrawals, reinstatements and late entries, newest first."""
    return (
        EventLogEntry.objects.filter(event=event)
        .select_related("user__player")
        .order_by("-at", "-id")
    )


def tiebreak_labels(keys: Iterable[str]) -> list[str]:
    """The tie-breaks' names as directors read them."""
    # The pure core words them in English; scoring/tiebreak_names.py puts them in the catalogue.
    return [
        gettext(scoring_core.CATALOGUE[k].label) if k in scoring_core.CATALOGUE else k for k in keys
    ]


def can_see_logs(user: User, event: Event) -> bool:
    """Corrections name who made them: the event's directors and arbiters see them."""
    return is_arbiter(user, event)


# --- the history the pairing reads ---------------------------------------------------------


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
        rows = scoring_core.results_from_boards(
            [scoring_core.Board(number, *pair_of(b), b.result) for b in played],
            bye_value=bye_value,
        )
        points = defaultdict(float)
        for row in rows:
            points[row.player] += row.points
        seats = [seat for board in alone for seat in board.seats.all()]
        placings = [seat.placing for seat in seats]
        if len(seats) > 1 and all(p is not None for p in placings):
            vps = scoring_core.table_points([p for p in placings if p is not None])
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
    """The entries of the event checked in for the round (see tournament/services/checkin.py)."""
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


def requested_bye_result(entry: Entry, round_number: int) -> str:
    """The board result of the bye the entry requested for the round: ½ unless it asked for
    0 or 1 point (as the event allows)."""
    points = (entry.requested_bye_points or {}).get(str(round_number), "0.5")
    return {"0": Result.ABSENT, "1": Result.FULL_BYE}.get(points, Result.HALF_BYE)


def scores_before(event: Event, round_number: int) -> dict[int, float]:
    """Each entry's victory points over the rounds before ``round_number``."""
    return {entry_id: h.score for entry_id, h in _histories(event, round_number).items()}


# --- reviewing a draft -----------------------------------------------------------------------


@dataclass
class BoardReview:
    """A board of a round as a director reviews it: scores before the round and warnings."""

    board: Board
    first_score: str
    second_score: str
    warnings: list[str]


def board_warnings(
    board: Board, states: dict[int, PlayerState], apart: dict[int, dict[int, str]] | None = None
) -> list[str]:
    """What is wrong with a board by the pairing rules: a rematch, a second bye, a first-move
    limit broken (RULINGS.md: no two players meet twice, nobody gets a second bye, who moves
    first alternates as evenly as possible), a pair the director keeps apart (``apart``: why,
    from :func:`kept_apart`)."""
    sides = board.sides
    first = states.get(sides[0].pk) if sides else None
    if first is None:
        return []
    name = sides[0].player.name
    if len(sides) < 2:
        if board.result == Result.BYE and first.byes:
            return [f"{name} already had a bye."]
        return []
    second = states.get(sides[1].pk)
    if second is None:
        return []
    other = sides[1].player.name
    warnings = []
    if sides[1].pk in first.opponents:
        warnings.append(f"Rematch: {name} and {other} have met before.")
    if sides[1].pk in first.forbidden:
        why = (apart or {}).get(sides[0].pk, {}).get(sides[1].pk)
        warnings.append(
            f"Restriction gave way: {name} and {other} are to be kept apart"
            + (f" ({why})." if why else ".")
        )
    for state, who, gets_first in ((first, name, True), (second, other, False)):
        due = due_of(state.firsts)
        if breaks_limits(due, gets_first):
            side = "first" if gets_first else "second"
            warnings.append(
                f"First-move imbalance: {who} would move {side} "
                f"({due.firsts} firsts, {due.seconds} seconds so far)."
            )
    return warnings


def review_of(round_: Round) -> list[BoardReview]:
    """The round's boards with each player's score before it and the board's warnings."""
    states = {s.id: s for s in player_states(round_.event, round_.number)}
    apart = kept_apart(round_.event)
    reviews = []
    for board in boards_of(round_):
        first_id, second_id = pair_of(board)
        first = states.get(first_id)
        second = states.get(second_id) if second_id else None
        reviews.append(
            BoardReview(
                board=board,
                first_score=format_score(first.score) if first else "",
                second_score=format_score(second.score) if second else "",
                warnings=board_warnings(board, states, apart),
            )
        )
    return reviews


def describe_board(board: Board) -> str:
    seated = board.seated
    if len({e.pk for e in seated}) > 2:  # a table: everybody at it
        return f"board {board.number} ({', '.join(e.player.name for e in seated)})"
    sides = board.sides
    second = sides[1].name if len(sides) > 1 else "no opponent"  # a player or a team
    return f"board {board.number} ({sides[0].name} v {second})"


def entry_boards(entry: Entry) -> QuerySet[Board]:
    """Every board an entry sat at, whatever its seat, in round order."""
    return (
        Board.objects.filter(seats__entry=entry)
        .distinct()
        .select_related("round")
        .prefetch_related(*SEATED)
        .order_by("round__number")
    )


def seat_in(round_: Round, entry: Entry) -> Board | None:
    """The entry's board in the round, if it has one (at any seat)."""
    return round_.boards.filter(seats__entry=entry).distinct().first()


def result_choices(board: Board) -> list[tuple[str, str]]:
    """The result codes that fit the board: a game's, or a board without an opponent's."""
    allowed = SINGLE_RESULTS if board.one_sided else PAIR_RESULTS
    return [(value, label) for value, label in Result.choices if value in allowed]


def current_public_round(event: Event) -> Round | None:
    """The round spectators follow: the latest published one."""
    return event.round_set.filter(status__in=PUBLIC_ROUND_STATUSES).order_by("-number").first()


def task_silence(*heard: datetime | None, now: datetime | None = None) -> int | None:
    """Seconds since a task's last sign of life (queued, or a progress report) once that is
    TASK_STALE_SECONDS or more: it may have been lost with its worker. None while recent."""
    last = max((t for t in heard if t is not None), default=None)
    if last is None:
        return None
    silent = int(((now or timezone.now()) - last).total_seconds())
    return silent if silent >= settings.TASK_STALE_SECONDS else None


def pairing_silence(round_: Round, now: datetime | None = None) -> int | None:
    """How long the pairing task of a round being paired has been silent, if too long."""
    if round_.status != Round.Status.PAIRING or round_.pairing_error:
        return None
    heard = (round_.created_at, round_.pairing_requested_at, round_.pairing_reported_at)
    return task_silence(*heard, now=now)


# ---------------------------------------------------------------- online entries


def entry_requests_of(event: Event, status: str | None = None) -> QuerySet[EntryRequest]:
    """The event's online entry requests (waiting ones first, then the newest decided)."""
    found = event.entry_requests.select_related("player", "decided_by")
    found = found.filter(status=status) if status else found
    return found.order_by(
        Case(When(status=Decision.PENDING, then=0), default=1), "-decided_at", "created_at", "id"
    )


def own_entry_requests(player: Player, event: Event | None = None) -> QuerySet[EntryRequest]:
    found = player.entry_requests.select_related("event").order_by("-created_at", "-id")
    return found.filter(event=event) if event is not None else found
