"""Reads of the tournament app. Views and serializers call these; they never write."""

from datetime import datetime

from django.conf import settings
from django.db.models import Max, Prefetch, QuerySet
from django.utils import timezone
from django.utils.translation import gettext

from tournament.models.events import (
    PUBLIC_ROUND_STATUSES,
    Board,
    Entry,
    Event,
    Round,
)
from tournament.models.tables import seats_with_players
from tournament.pairing.systems import resolve_system
from tournament.pairing.tables_schedule import Schedule, all_play_all_tables
from tournament.permissions import User, is_director
from tournament.rounds.models import PairingChange
from tournament.text import note_text, notes_text


def rounds_visible_to(user: User, event: Event) -> QuerySet[Round]:
    """Every round for the event's directors; only published ones for everybody else."""
    rounds = event.round_set.order_by("number")
    if is_director(user, event):
        return rounds
    return rounds.filter(status__in=PUBLIC_ROUND_STATUSES)


def note_texts(round_: Round) -> list[str]:
    """The pairing's notes in the reader's language (docs/pairing.md)."""
    return [note_text(n) for n in round_.notes]


def reason_text(board: Board) -> str:
    """Why the pairing is so, in the reader's language (``Board.reasons``); else the reason as
    stored (a person's words, or a board paired before reasons were kept as notes)."""
    return notes_text(board.reasons) or board.reason


def pair_of(board: Board) -> tuple[int, int | None]:
    """A board's first two sides' entry ids, read from its seats (the second None for a bye,
    an absence or a solitaire entrant): the pair of a two-sided board (prefetch ``seats``)."""
    ids = board.side_ids
    return ids[0], ids[1] if len(ids) > 1 else None


def boards_of(round_: Round) -> QuerySet[Board]:
    """The round's boards in order, with every seat's player (tables list them all): two
    queries."""
    return round_.boards.prefetch_related(seats_with_players()).order_by("number")


def with_boards(rounds: QuerySet[Round]) -> QuerySet[Round]:
    """Rounds read with their boards (and each board's round and event), in order, and every
    seat's player: three queries however many rounds (``boards_in``)."""
    boards = Board.objects.select_related("round__event").prefetch_related(seats_with_players())
    return rounds.prefetch_related(Prefetch("boards", boards.order_by("number")))


def boards_in(round_: Round) -> QuerySet[Board]:
    """The round's boards in order, as :func:`with_boards` read them, else read now (each with
    its round and event, and every seat's player)."""
    if "boards" in getattr(round_, "_prefetched_objects_cache", {}):
        return round_.boards.all()
    return boards_of(round_).select_related("round__event")


def last_round(event: Event) -> Round | None:
    return event.round_set.order_by("-number").first()


def next_round_number(event: Event) -> int:
    last = last_round(event)
    return (last.number if last else 0) + 1


def table_schedule(event: Event) -> Schedule | None:
    """The all-play-all of an event at tables of 3 or 4, if one exists for its entries (all of
    them, withdrawn ones too: the schedule is fixed at the start, as a Berger table is)."""
    return all_play_all_tables(event.entries.count(), event.table_size)


#: The all-play-all systems: once (the Berger table, or the tables' schedule) or twice.
ALL_PLAY_ALL = (Event.PairingSystem.ROUND_ROBIN, Event.PairingSystem.DOUBLE_ROUND_ROBIN)


def cycles_of(system: str) -> int:
    """How many times an all-play-all of ``system`` plays its table (0: not an all-play-all)."""
    if system == Event.PairingSystem.DOUBLE_ROUND_ROBIN:
        return 2
    return 1 if system == Event.PairingSystem.ROUND_ROBIN else 0


def table_system(event: Event) -> str:
    """How an event at tables is paired: as round 1 was; before, all-play-all (once or twice)
    when asked for, and ``auto`` plays all-play-all when a schedule exists whose rounds hold
    the event's."""
    first = event.round_set.filter(number=1).exclude(system="").first()
    robin = Event.PairingSystem.ROUND_ROBIN
    if first is not None:
        return first.system if first.system in ALL_PLAY_ALL else Event.PairingSystem.SWISS
    if event.pairing_system == Event.PairingSystem.AUTO:
        schedule = table_schedule(event)
        if schedule is not None and event.rounds <= len(schedule):
            return robin
    if event.pairing_system in ALL_PLAY_ALL:
        return event.pairing_system
    return Event.PairingSystem.SWISS


def round_robin_rounds(event: Event) -> int | None:
    """How many rounds an all-play-all of the event's entries takes, if it plays one (a double
    one: twice its table's)."""
    count = event.entries.count()
    if count < 2 or event.ruleset == Event.Ruleset.SOLITAIRE:  # solitaire pairs nobody
        return None
    if event.table_size > 2 and event.ruleset != Event.Ruleset.PARTNERSHIP:  # at tables
        schedule = table_schedule(event)
        cycles = cycles_of(table_system(event))
        return cycles * len(schedule) if cycles and schedule is not None else None
    first = event.round_set.filter(number=1).exclude(system="").first()
    system = first.system if first else resolve_system(event.pairing_system, count)
    cycles = cycles_of(system)
    if not cycles:
        return None
    return cycles * (count if count % 2 else count - 1)


def open_round(event: Event) -> Round | None:
    """The round being paired or waiting in draft, if any (there is at most one)."""
    return event.round_set.filter(status__in=[Round.Status.PAIRING, Round.Status.DRAFT]).first()


def unfinished_boards(round_: Round) -> QuerySet[Board]:
    return boards_of(round_).filter(result="")


def next_board_number(round_: Round) -> int:
    return (round_.boards.aggregate(top=Max("number"))["top"] or 0) + 1


def plays_round_robin(event: Event) -> bool:
    """True once the event's pairings are (or will be) all-play-all, once or twice."""
    if event.pairing_system in ALL_PLAY_ALL:
        return True
    first = event.round_set.filter(number=1).exclude(system="").first()
    return first is not None and first.system in ALL_PLAY_ALL


def pairing_changes_of(event: Event) -> QuerySet[PairingChange]:
    return (
        PairingChange.objects.filter(round__event=event)
        .select_related("round", "user__player")
        .order_by("-at", "-id")
    )


def seat_in(round_: Round, entry: Entry) -> Board | None:
    """The entry's board in the round, if it has one (at any seat)."""
    return round_.boards.filter(seats__entry=entry).distinct().first()


def current_public_round(event: Event) -> Round | None:
    """The round spectators follow: the latest published one."""
    return event.round_set.filter(status__in=PUBLIC_ROUND_STATUSES).order_by("-number").first()


def current_public_round_of(event_id: int) -> Round | None:
    """:func:`current_public_round` of the event ``event_id``, read with its event's row in one
    query (the round's readers ask for ``round.event``)."""
    rounds = Round.objects.filter(event_id=event_id, status__in=PUBLIC_ROUND_STATUSES)
    return rounds.select_related("event").order_by("-number").first()


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


def system_label(round_: Round) -> str:
    """The system the round's pairing used, in the reader's words (``Round.system`` keeps its
    code): the event form's name for Swiss, all-play-all, single or double (Berger tables for
    games of two; the tables' own schedule at tables), duplicate solitaire; an unknown code as
    stored."""
    if round_.system == Event.PairingSystem.SWISS:
        return str(Event.PairingSystem.SWISS.label)
    if round_.system == Event.PairingSystem.ROUND_ROBIN:
        if round_.event.table_size > 2:
            return gettext("All-play-all")
        return str(Event.PairingSystem.ROUND_ROBIN.label)
    if round_.system == Event.PairingSystem.DOUBLE_ROUND_ROBIN:
        return str(Event.PairingSystem.DOUBLE_ROUND_ROBIN.label)
    if round_.system == Event.Ruleset.SOLITAIRE:
        return str(Event.Ruleset.SOLITAIRE.label)
    return round_.system
