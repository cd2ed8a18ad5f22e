"""Writes of the tournament app. Every change a user makes goes through a function here.

Director actions check the user's role here too, so the pages and the API cannot differ on who
may do what. ``set_board_result`` does not: the games layer calls it for arbiters.
"""

import csv
import io
import logging
from collections.abc import Iterable, Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from scoring import core as scoring
from tournament import selectors, standings_cache
from tournament.errors import Conflict, DomainError, NotAllowed
from tournament.models import (
    PAIR_RESULTS,
    PLAYED_RESULTS,
    SINGLE_RESULTS,
    Board,
    Entry,
    Event,
    EventRole,
    PairingChange,
    Player,
    Result,
    ResultCorrection,
    Round,
)
from tournament.permissions import require_director

logger = logging.getLogger(__name__)

User = AbstractBaseUser | AnonymousUser

LOWEST_LEVEL_MAX = 18  # a colour never goes above 18


class UnfinishedRoundError(DomainError):
    """The next round cannot be paired: boards of the last round have no result."""

    def __init__(self, round_: Round, boards: list[Board]) -> None:
        listed = "; ".join(selectors.describe_board(b) for b in boards)
        super().__init__(
            f"Round {round_.number} is not finished: {len(boards)} board(s) have no result: "
            f"{listed}.",
            code="round_unfinished",
        )
        self.boards = [b.number for b in boards]

    def as_dict(self) -> dict[str, object]:
        return {**super().as_dict(), "boards": self.boards}


class CsvImportError(DomainError):
    """A CSV file of players with bad rows: every problem, each with its line number."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(
            "Nothing was imported. " + " ".join(problems), field="file", code="bad_csv"
        )
        self.problems = problems

    def as_dict(self) -> dict[str, object]:
        return {**super().as_dict(), "errors": self.problems}


# --- events ----------------------------------------------------------------------------------

EVENT_FIELDS = (
    "name",
    "venue",
    "start_date",
    "end_date",
    "ruleset",
    "ruleset_options",
    "rounds",
    "pairing_system",
    "clock_minutes",
    "tiebreak_chain",
    "bye_value",
)
# Fixed once round 1 is paired: changing them would change the games or pairings already made.
LOCKED_AFTER_ROUND_ONE = ("ruleset", "ruleset_options", "pairing_system")


def _clean_event(event: Event, data: Mapping[str, Any]) -> None:
    unknown = set(data) - set(EVENT_FIELDS)
    if unknown:
        raise DomainError(f"Unknown event field(s): {', '.join(sorted(unknown))}.")
    for name, value in data.items():
        setattr(event, name, value)
    if not str(event.name or "").strip():
        raise DomainError("The event needs a name.", field="name")
    event.name = event.name.strip()
    for field in ("name", "venue"):
        if len(getattr(event, field) or "") > 200:
            raise DomainError(f"The {field} is longer than 200 characters.", field=field)
    if event.start_date and event.end_date and event.end_date < event.start_date:
        raise DomainError("The event cannot end before it starts.", field="end_date")
    if event.ruleset not in Event.Ruleset.values:
        raise DomainError(f"{event.ruleset!r} is not a ruleset.", field="ruleset")
    if event.pairing_system not in Event.PairingSystem.values:
        raise DomainError(
            f"{event.pairing_system!r} is not a pairing system.", field="pairing_system"
        )
    if not isinstance(event.ruleset_options, dict):
        raise DomainError("Ruleset options must be a JSON object.", field="ruleset_options")
    _check_ruleset(event.ruleset, event.ruleset_options)
    if not isinstance(event.rounds, int) or not 1 <= event.rounds <= 30:
        raise DomainError("The number of rounds must be from 1 to 30.", field="rounds")
    if not isinstance(event.clock_minutes, int) or not 1 <= event.clock_minutes <= 180:
        raise DomainError("Clock minutes must be from 1 to 180.", field="clock_minutes")
    try:
        bye_value = Decimal(str(event.bye_value))
    except InvalidOperation:
        raise DomainError("The bye value must be 0, ½ or 1.", field="bye_value") from None
    if bye_value not in {Decimal("0"), Decimal("0.5"), Decimal("1")}:
        raise DomainError("The bye value must be 0, ½ or 1.", field="bye_value")
    event.bye_value = bye_value
    problems = scoring.validate_chain(event.tiebreak_chain)
    if problems:
        raise DomainError("Tie-breaks: " + "; ".join(problems) + ".", field="tiebreak_chain")
    event.tiebreak_chain = list(event.tiebreak_chain)


def _check_ruleset(name: str, options: dict[str, Any]) -> None:
    """The rules engine must accept the options, for two players, before any game is set up."""
    from games.engine import make_ruleset

    try:
        ruleset = make_ruleset(name, **options)
    except (TypeError, ValueError) as exc:
        raise DomainError(f"Ruleset options: {exc}.", field="ruleset_options") from None
    if 2 not in ruleset.players:
        raise DomainError(
            "Ruleset options: the games are for two players.", field="ruleset_options"
        )


@transaction.atomic
def create_event(*, user: User, data: Mapping[str, Any]) -> Event:
    """A new event; its creator becomes its first director."""
    if not user.is_authenticated:
        raise NotAllowed("Log in to create an event.", code="not_authenticated")
    event = Event(created_by=user)
    _clean_event(event, data)
    event.save()
    EventRole.objects.create(event=event, user=user, role=EventRole.Role.DIRECTOR)
    return event


@transaction.atomic
def update_event(*, event: Event, user: User, data: Mapping[str, Any]) -> Event:
    require_director(user, event)
    event = Event.objects.select_for_update().get(pk=event.pk)
    before = {name: getattr(event, name) for name in EVENT_FIELDS}
    _clean_event(event, data)
    paired = event.round_set.aggregate(top=Max("number"))["top"] or 0
    if paired:
        for name in LOCKED_AFTER_ROUND_ONE:
            if getattr(event, name) != before[name]:
                raise DomainError(
                    f"The {name.replace('_', ' ')} cannot change once round 1 is paired.",
                    field=name,
                )
        if event.rounds < paired:
            raise DomainError(
                f"Round {paired} is already paired: the event needs at least {paired} rounds.",
                field="rounds",
            )
    event.save()
    changed = {
        n for n in ("bye_value", "tiebreak_chain", "rounds") if getattr(event, n) != before[n]
    }
    if changed:
        _refresh_event_status(event)
        standings_cache.results_changed(event.pk)
    return event


@transaction.atomic
def add_role(*, event: Event, user: User, username: str, role: str) -> EventRole:
    require_director(user, event)
    if role not in EventRole.Role.values:
        raise DomainError(f"{role!r} is not a role: director or arbiter.", field="role")
    target = get_user_model().objects.filter(username=username.strip()).first()
    if target is None:
        raise DomainError(f"There is no user {username.strip()!r}.", field="username")
    found, created = EventRole.objects.get_or_create(event=event, user=target, role=role)
    if not created:
        raise DomainError(f"{target} is already {role} of {event.name}.", field="username")
    return found


@transaction.atomic
def remove_role(*, event: Event, user: User, role: EventRole) -> None:
    require_director(user, event)
    if role.event_id != event.pk:
        raise DomainError("That role belongs to another event.")
    directors = EventRole.objects.filter(event=event, role=EventRole.Role.DIRECTOR)
    if role.role == EventRole.Role.DIRECTOR and directors.count() == 1:
        raise DomainError("An event keeps at least one director.", field="role")
    role.delete()


# --- players and entries ---------------------------------------------------------------------


def clean_player_fields(
    *, name: str, club: str = "", country: str = "", rating: object = None, contact: str = ""
) -> dict[str, Any]:
    """The registry's rules for a player's fields; raises DomainError naming the field."""
    name, club, contact = (name or "").strip(), (club or "").strip(), (contact or "").strip()
    country = (country or "").strip().upper()
    if not name:
        raise DomainError("The player needs a name.", field="name")
    limits = {"name": (name, 120), "club": (club, 120), "contact": (contact, 200)}
    for field, (value, limit) in limits.items():
        if len(value) > limit:
            raise DomainError(f"{field} is longer than {limit} characters.", field=field)
    if country and not (2 <= len(country) <= 3 and country.isascii() and country.isalpha()):
        raise DomainError(
            f"Country {country!r} must be a code of 2 or 3 letters, e.g. ENG.", field="country"
        )
    if rating in ("", None):
        rating = None
    else:
        text = str(rating).strip()
        if not text.isdigit() or int(text) > 4000:
            raise DomainError(
                f"Rating {text!r} must be a whole number from 0 to 4000.", field="rating"
            )
        rating = int(text)
    return {"name": name, "club": club, "country": country, "rating": rating, "contact": contact}


def _require_registrar(user: User) -> None:
    """The registry is shared by all events: staff and event directors keep it."""
    if user.is_authenticated and (
        getattr(user, "is_staff", False)
        or EventRole.objects.filter(user=user, role=EventRole.Role.DIRECTOR).exists()
    ):
        return
    raise NotAllowed("Only event directors may add or change registry players.")


def create_player(*, user: User, **fields: Any) -> Player:
    _require_registrar(user)
    return Player.objects.create(**clean_player_fields(**fields))


def update_player(*, player: Player, user: User, **fields: Any) -> Player:
    _require_registrar(user)
    current = {f: getattr(player, f) for f in ("name", "club", "country", "rating", "contact")}
    for name, value in clean_player_fields(**{**current, **fields}).items():
        setattr(player, name, value)
    player.save()
    return player


def _find_player(name: str, club: str) -> Player | None:
    """The registry's player of that name and club (case-insensitive), reused by imports."""
    return Player.objects.filter(name__iexact=name, club__iexact=club).order_by("id").first()


def _lock_event(event: Event) -> Event:
    """Entries and rounds change under the event's row lock, so two directors cannot race."""
    return Event.objects.select_for_update().get(pk=event.pk)


def _entry_window(event: Event) -> int:
    """The round a new entry joins in; raises when entries cannot be taken now."""
    open_round = selectors.open_round(event)
    if open_round is not None:
        state = "being paired" if open_round.status == Round.Status.PAIRING else "a draft"
        raise Conflict(
            f"Round {open_round.number} is {state}: publish or delete it before adding players.",
            code="round_open",
        )
    last = selectors.last_round(event)
    joined = (last.number if last else 0) + 1
    if last is not None and selectors.plays_round_robin(event):
        raise DomainError(
            "This event is an all-play-all: its Berger table was fixed when round 1 was "
            "paired, so it takes no late entries.",
            code="round_robin_closed",
        )
    if joined > event.rounds:
        raise DomainError(f"All {event.rounds} rounds are paired: the event takes no entries.")
    return joined


def _check_missed_rounds(missed_rounds: str) -> None:
    if missed_rounds not in Entry.MissedRounds.values:
        raise DomainError(
            f"{missed_rounds!r}: missed rounds score as 'zero' or 'half' byes.",
            field="missed_rounds",
        )


def _create_entry(
    event: Event, player: Player, joined: int, rank: int, missed_rounds: str
) -> Entry:
    entry = Entry.objects.create(
        event=event,
        player=player,
        starting_rank=rank,
        joined_round=joined,
        missed_rounds=missed_rounds,
    )
    result = Result.HALF_BYE if missed_rounds == Entry.MissedRounds.HALF else Result.ABSENT
    for round_ in event.round_set.filter(number__lt=joined).order_by("number"):
        Board.objects.create(
            round=round_,
            number=selectors.next_board_number(round_),
            first=entry,
            second=None,
            result=result,
            reason=f"late entry: missed round {round_.number}",
        )
    return entry


def _next_rank(event: Event) -> int:
    return (event.entries.aggregate(top=Max("starting_rank"))["top"] or 0) + 1


@transaction.atomic
def add_entry(
    *,
    event: Event,
    user: User,
    player: Player,
    missed_rounds: str = Entry.MissedRounds.ZERO,
    requested_byes: Iterable[int] = (),
) -> Entry:
    """Enter a registry player. After round 1 this is a late entry: it joins the next round,
    its missed rounds score as zero or half-point byes (``missed_rounds``: "zero" or "half"),
    and it goes to the bottom of the starting ranks."""
    require_director(user, event)
    event = _lock_event(event)
    _check_missed_rounds(missed_rounds)
    if event.entries.filter(player=player).exists():
        raise DomainError(f"{player.name} is already entered.", field="player")
    joined = _entry_window(event)
    entry = _create_entry(event, player, joined, _next_rank(event), missed_rounds)
    byes = list(requested_byes)
    if byes:
        _set_byes(entry, byes)
    if joined > 1:
        standings_cache.results_changed(event.pk)
    return entry


@transaction.atomic
def add_player_entry(
    *,
    event: Event,
    user: User,
    player: Player | None,
    player_fields: Mapping[str, Any],
    missed_rounds: str = Entry.MissedRounds.ZERO,
    requested_byes: Iterable[int] = (),
) -> Entry:
    """Enter a registry player, or the player described by ``player_fields``: the registry's
    player of that name and club when there is one (case-insensitive), else a new one."""
    require_director(user, event)
    if player is None:
        fields = clean_player_fields(**player_fields)
        player = _find_player(fields["name"], fields["club"]) or Player.objects.create(**fields)
    return add_entry(
        event=event,
        user=user,
        player=player,
        missed_rounds=missed_rounds,
        requested_byes=requested_byes,
    )


# CSV columns of a players file; `name` is required, the others optional.
CSV_COLUMNS = ("name", "club", "country", "rating", "contact")


def parse_players_csv(text: str) -> list[dict[str, Any]]:
    """Rows of a players CSV (header row, then one player a line), cleaned; raises
    CsvImportError listing every bad line by its number in the file."""
    reader = csv.reader(io.StringIO(text))
    try:
        header = next(reader)
    except StopIteration:
        raise CsvImportError(["The file is empty."]) from None
    except csv.Error as exc:
        raise CsvImportError([f"line 1: {exc}."]) from None
    columns = [h.strip().lower() for h in header]
    unknown = [c for c in columns if c not in CSV_COLUMNS]
    if "name" not in columns or unknown:
        detail = f" (unknown: {', '.join(repr(c) for c in unknown)})" if unknown else ""
        raise CsvImportError(
            [
                f"line 1: the header row must name the columns: name, and optionally "
                f"{', '.join(CSV_COLUMNS[1:])}{detail}."
            ]
        )
    duplicated = {c for c in columns if columns.count(c) > 1}
    if duplicated:
        raise CsvImportError([f"line 1: column {sorted(duplicated)[0]!r} appears twice."])
    rows: list[dict[str, Any]] = []
    problems: list[str] = []
    first_line: dict[tuple[str, str], int] = {}
    while True:
        try:
            values = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            problems.append(f"line {reader.line_num}: {exc}.")
            break
        line = reader.line_num
        if not any(v.strip() for v in values):
            continue  # blank lines are allowed
        if len(values) != len(columns):
            problems.append(f"line {line}: {len(values)} fields, the header has {len(columns)}.")
            continue
        raw = dict(zip(columns, values, strict=True))
        try:
            row = clean_player_fields(**raw)
        except DomainError as exc:
            problems.append(f"line {line}: {exc.message}")
            continue
        key = (row["name"].casefold(), row["club"].casefold())
        if key in first_line:
            problems.append(
                f"line {line}: {row['name']} ({row['club'] or 'no club'}) is also on line "
                f"{first_line[key]}."
            )
            continue
        first_line[key] = line
        row["line"] = line
        rows.append(row)
    if not rows and not problems:
        problems.append("The file has a header but no players.")
    if problems:
        raise CsvImportError(problems)
    return rows


@transaction.atomic
def import_players_csv(
    *, event: Event, user: User, text: str, missed_rounds: str = Entry.MissedRounds.ZERO
) -> list[Entry]:
    """Enter every player of a CSV file, or none (see ``parse_players_csv`` for the format).

    A row whose name and club match a registry player (case-insensitive) reuses that player as
    it is; other rows add players to the registry. New entries go after the existing ones,
    ordered by rating (highest first, unrated last), then name."""
    require_director(user, event)
    event = _lock_event(event)
    _check_missed_rounds(missed_rounds)
    rows = parse_players_csv(text)
    joined = _entry_window(event)
    problems = []
    players: list[tuple[dict[str, Any], Player | None]] = []
    for row in rows:
        player = _find_player(row["name"], row["club"])
        if player is not None and event.entries.filter(player=player).exists():
            problems.append(f"line {row['line']}: {player.name} is already entered.")
        players.append((row, player))
    if problems:
        raise CsvImportError(problems)
    players.sort(key=lambda rp: (rp[0]["rating"] is None, -(rp[0]["rating"] or 0), rp[0]["name"]))
    rank = _next_rank(event)
    entries = []
    for row, player in players:
        if player is None:
            fields = {k: v for k, v in row.items() if k != "line"}
            player = Player.objects.create(**fields)
        entries.append(_create_entry(event, player, joined, rank, missed_rounds))
        rank += 1
    if joined > 1:
        standings_cache.results_changed(event.pk)
    return entries


@transaction.atomic
def rank_by_rating(*, event: Event, user: User) -> None:
    """Starting ranks by rating (highest first, unrated last), then name; before round 1."""
    require_director(user, event)
    event = _lock_event(event)
    if event.round_set.exists():
        raise DomainError("Starting ranks are fixed once round 1 is paired.")
    entries = list(event.entries.select_related("player"))
    entries.sort(
        key=lambda e: (e.player.rating is None, -(e.player.rating or 0), e.player.name, e.pk)
    )
    # Two passes: the ranks are unique within the event at every step.
    offset = len(entries) + _next_rank(event)
    for i, entry in enumerate(entries):
        Entry.objects.filter(pk=entry.pk).update(starting_rank=offset + i)
    for i, entry in enumerate(entries):
        Entry.objects.filter(pk=entry.pk).update(starting_rank=i + 1)


def _paired_rounds(event: Event) -> int:
    return event.round_set.aggregate(top=Max("number"))["top"] or 0


def _set_byes(entry: Entry, rounds: list[int]) -> None:
    event = entry.event
    paired = _paired_rounds(event)
    cleaned: list[int] = []
    for value in rounds:
        try:
            number = int(value)
        except (TypeError, ValueError):
            raise DomainError(f"{value!r} is not a round number.", field="requested_byes") from None
        if not 1 <= number <= event.rounds:
            raise DomainError(
                f"There is no round {number}: the event has {event.rounds} rounds.",
                field="requested_byes",
            )
        if number < entry.joined_round:
            raise DomainError(
                f"{entry.player.name} joins in round {entry.joined_round}: "
                f"no bye can be requested for round {number}.",
                field="requested_byes",
            )
        if number <= paired and number not in entry.requested_byes:
            raise DomainError(
                f"Round {number} is already paired: a bye can be requested only for later rounds.",
                field="requested_byes",
            )
        if number not in cleaned:
            cleaned.append(number)
    for number in entry.requested_byes:
        if number <= paired and number not in cleaned:
            raise DomainError(
                f"Round {number} is already paired: its requested bye stands.",
                field="requested_byes",
            )
    entry.requested_byes = sorted(cleaned)
    entry.save(update_fields=["requested_byes"])


@transaction.atomic
def set_requested_byes(*, entry: Entry, user: User, rounds: Iterable[int]) -> Entry:
    """The rounds in which the entry takes a requested half-point bye (not yet paired ones)."""
    require_director(user, entry.event)
    _lock_event(entry.event)
    entry = Entry.objects.select_related("event", "player").get(pk=entry.pk)
    _set_byes(entry, list(rounds))
    return entry


@transaction.atomic
def update_entry(
    *,
    entry: Entry,
    user: User,
    status: str | None = None,
    requested_byes: Iterable[int] | None = None,
) -> Entry:
    """Change an entry's status (withdraw or reinstate) and/or its requested byes, together."""
    require_director(user, entry.event)
    if status is not None and status not in Entry.Status.values:
        raise DomainError(f"{status!r} is not an entry status.", field="status")
    if status is not None and status != entry.status:
        if status == Entry.Status.WITHDRAWN:
            entry = withdraw_entry(entry=entry, user=user)
        else:
            entry = reinstate_entry(entry=entry, user=user)
    if requested_byes is not None:
        entry = set_requested_byes(entry=entry, user=user, rounds=requested_byes)
    return Entry.objects.select_related("player").get(pk=entry.pk)


@transaction.atomic
def withdraw_entry(*, entry: Entry, user: User) -> Entry:
    """Never paired again; results already made stand."""
    require_director(user, entry.event)
    event = _lock_event(entry.event)
    entry = Entry.objects.select_related("player").get(pk=entry.pk)
    if entry.status == Entry.Status.WITHDRAWN:
        raise DomainError(f"{entry.player.name} has already withdrawn.", field="status")
    open_round = selectors.open_round(event)
    if open_round is not None and open_round.status == Round.Status.PAIRING:
        # The worker may already have read who plays: wait for its draft (or its failure).
        if not open_round.pairing_error:
            raise Conflict(
                f"Round {open_round.number} is being paired: withdraw once its draft is ready.",
                code="round_open",
            )
    elif open_round is not None and selectors.seat_in(open_round, entry) is not None:
        raise Conflict(
            f"{entry.player.name} is in the draft of round {open_round.number}: delete the "
            "draft, withdraw, then pair again.",
            code="round_open",
        )
    entry.status = Entry.Status.WITHDRAWN
    entry.withdrawn_after_round = _paired_rounds(event) - (1 if open_round else 0)
    entry.save(update_fields=["status", "withdrawn_after_round"])
    return entry


@transaction.atomic
def reinstate_entry(*, entry: Entry, user: User) -> Entry:
    """Undo a withdrawal: paired again from the next round; rounds missed score zero."""
    require_director(user, entry.event)
    event = _lock_event(entry.event)
    entry = Entry.objects.select_related("player").get(pk=entry.pk)
    if entry.status != Entry.Status.WITHDRAWN:
        raise DomainError(f"{entry.player.name} has not withdrawn.", field="status")
    joined = _entry_window(event)
    for round_ in event.round_set.filter(number__lt=joined).order_by("number"):
        if selectors.seat_in(round_, entry) is None:
            Board.objects.create(
                round=round_,
                number=selectors.next_board_number(round_),
                first=entry,
                second=None,
                result=Result.ABSENT,
                reason=f"withdrawn in round {round_.number}",
            )
    entry.status = Entry.Status.ACTIVE
    entry.withdrawn_after_round = None
    entry.save(update_fields=["status", "withdrawn_after_round"])
    standings_cache.results_changed(event.pk)
    return entry


# --- rounds ----------------------------------------------------------------------------------


@transaction.atomic
def start_pairing(*, event: Event, user: User) -> Round:
    """Open the next round for pairing, after checking it may be paired now."""
    require_director(user, event)
    event = _lock_event(event)
    open_round = selectors.open_round(event)
    if open_round is not None:
        state = "being paired" if open_round.status == Round.Status.PAIRING else "a draft"
        raise Conflict(
            f"Round {open_round.number} is {state}: publish or delete it first.",
            code="round_open",
        )
    last = selectors.last_round(event)
    number = (last.number if last else 0) + 1
    if number > event.rounds:
        raise DomainError(f"All {event.rounds} rounds of {event.name} are paired.")
    if last is not None:
        unfinished = list(selectors.unfinished_boards(last))
        if unfinished:
            raise UnfinishedRoundError(last, unfinished)
    states = selectors.player_states(event, number)
    if sum(1 for s in states if s.active and not s.wants_bye) < 2:
        raise DomainError(f"Round {number} needs at least two active players who are not on a bye.")
    return Round.objects.create(event=event, number=number, status=Round.Status.PAIRING)


def request_pairing(*, event: Event, user: User) -> Round:
    """Open the next round and have a worker compute its draft (after this commits)."""
    from tournament.tasks import compute_pairing

    with transaction.atomic():
        round_ = start_pairing(event=event, user=user)
        transaction.on_commit(lambda: compute_pairing.delay(round_.pk))
    return round_


def _progress(round_id: int, percent: int, error: str = "") -> None:
    # Written outside any transaction so the polling page sees it while the pairing runs.
    Round.objects.filter(pk=round_id, status=Round.Status.PAIRING).update(
        pairing_progress=percent, pairing_error=error
    )


def compute_draft(round_id: int) -> Round | None:
    """Pair a round opened by ``start_pairing`` and store the draft; the task calls this.

    The draft's boards: the games, then the pairing-allocated bye(s) (worth the event's bye
    value), then the requested half-point byes. A failed pairing leaves the round "being
    paired" with its error for the director, who deletes it and tries again. Running twice
    is harmless (the worker may redeliver the task)."""
    from tournament.pairing import NoPairingError, pair_round

    round_ = Round.objects.select_related("event").filter(pk=round_id).first()
    if round_ is None or round_.status != Round.Status.PAIRING or round_.pairing_error:
        return round_
    event = round_.event
    _progress(round_id, 10)
    states = selectors.player_states(event, round_.number)
    _progress(round_id, 30)
    try:
        pairing = pair_round(states, round_.number, event.rounds, event.pairing_system)
        _check_pairing(states, pairing.pairings)
    except NoPairingError as exc:
        _progress(round_id, 100, f"No pairing: {exc.message}")
        return Round.objects.get(pk=round_id)
    except Exception as exc:  # a bug in the core must not leave the page waiting forever
        logger.exception("pairing round %s of %s failed", round_.number, event.slug)
        _progress(round_id, 100, f"The pairing failed: {exc}")
        return Round.objects.get(pk=round_id)
    _progress(round_id, 80)
    with transaction.atomic():
        round_ = Round.objects.select_for_update().filter(pk=round_id).first()
        if round_ is None or round_.status != Round.Status.PAIRING or round_.boards.exists():
            return round_
        number = 0
        for number, p in enumerate(pairing.pairings, start=1):
            Board.objects.create(
                round=round_,
                number=number,
                first_id=p.first,
                second_id=p.second,
                result=Result.BYE if p.second is None else "",
                reason=p.reason[:300],
            )
        wanting = sorted((s for s in states if s.active and s.wants_bye), key=lambda s: s.rank)
        for extra, state in enumerate(wanting, start=number + 1):
            Board.objects.create(
                round=round_,
                number=extra,
                first_id=state.id,
                second_id=None,
                result=Result.HALF_BYE,
                reason=f"requested bye (½ point) in round {round_.number}",
            )
        round_.status = Round.Status.DRAFT
        round_.pairing_progress = 100
        round_.system = pairing.system
        round_.notes = list(pairing.notes)
        round_.save(update_fields=["status", "pairing_progress", "system", "notes"])
    return round_


def _check_pairing(states: list[Any], pairings: list[Any]) -> None:
    """The core's answer must seat only active players, once each; else it is a bug."""
    allowed = {s.id for s in states if s.active and not s.wants_bye}
    seated: list[int] = []
    for p in pairings:
        seated += [p.first] + ([p.second] if p.second is not None else [])
    if len(seated) != len(set(seated)) or not set(seated) <= allowed:
        raise RuntimeError("the pairing seats a player twice or a player who may not play")


@transaction.atomic
def delete_draft(*, round_: Round, user: User) -> None:
    """Throw away a draft (or a failed pairing) so the round can be paired again."""
    require_director(user, round_.event)
    _lock_event(round_.event)
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status not in (Round.Status.PAIRING, Round.Status.DRAFT):
        raise Conflict(
            f"Round {round_.number} is published: its pairings stand.", code="round_published"
        )
    round_.delete()


def _lock_draft(round_: Round, user: User) -> Round:
    """The draft under the event's lock, then its own (always in that order: no deadlocks)."""
    require_director(user, round_.event)
    _lock_event(round_.event)
    round_ = Round.objects.select_for_update().select_related("event").get(pk=round_.pk)
    if round_.status != Round.Status.DRAFT:
        raise Conflict(
            f"Round {round_.number} is not a draft: only drafts can be changed.",
            code="not_draft",
        )
    return round_


def _need_reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise DomainError("Say why the pairing is being changed.", field="reason")
    if len(reason) > 300:
        raise DomainError("The reason is longer than 300 characters.", field="reason")
    return reason


@transaction.atomic
def swap_players(
    *, round_: Round, user: User, first: Entry, second: Entry, reason: str
) -> PairingChange:
    """Exchange two players' seats in a draft. On one board this swaps who moves first; across
    boards it exchanges opponents (a bye moves with the seat). Warnings (rematch, first-move
    imbalance, second bye) are logged with the change and the reason."""
    round_ = _lock_draft(round_, user)
    reason = _need_reason(reason)
    if first.pk == second.pk:
        raise DomainError("Choose two different players.", field="second")
    boards = {b.pk: b for b in selectors.boards_of(round_).select_for_update(of=("self",))}
    seats: dict[int, tuple[Board, str]] = {}
    for board in boards.values():
        seats[board.first_id] = (board, "first")
        if board.second_id is not None:
            seats[board.second_id] = (board, "second")
    for field, entry in (("first", first), ("second", second)):
        if entry.pk not in seats:
            raise DomainError(
                f"{entry.player.name} is not paired in round {round_.number}.", field=field
            )
        board = seats[entry.pk][0]
        if board.result in (Result.HALF_BYE, Result.ABSENT):
            raise DomainError(
                f"{entry.player.name} asked for a bye in round {round_.number}: "
                "change the requested byes and pair again instead.",
                field=field,
            )
    board_a, seat_a = seats[first.pk]
    board_b, seat_b = seats[second.pk]
    if board_a.pk == board_b.pk:
        board_a.first_id, board_a.second_id = board_a.second_id, board_a.first_id
        changed = [board_a]
        description = f"Board {board_a.number}: swapped who moves first"
    else:
        setattr(board_a, f"{seat_a}_id", second.pk)
        setattr(board_b, f"{seat_b}_id", first.pk)
        changed = [board_a, board_b]
        description = (
            f"Swapped {first.player.name} (board {board_a.number}) and "
            f"{second.player.name} (board {board_b.number})"
        )
    for board in changed:
        if board.first_id is None:  # a bye keeps its player in the first seat
            board.first_id, board.second_id = board.second_id, None
        board.result = Result.BYE if board.second_id is None else ""
        board.reason = f"changed by the director: {reason}"[:300]
        board.save(update_fields=["first", "second", "result", "reason"])
    states = {s.id: s for s in selectors.player_states(round_.event, round_.number)}
    warnings: list[str] = []
    for board in changed:
        board = Board.objects.select_related("first__player", "second__player").get(pk=board.pk)
        warnings += selectors.board_warnings(board, states)
    return PairingChange.objects.create(
        round=round_, description=description[:300], warnings=warnings, user=user, reason=reason
    )


@transaction.atomic
def swap_boards(
    *, round_: Round, user: User, board_a: int, board_b: int, reason: str
) -> PairingChange:
    """Exchange two boards' table numbers in a draft (games only: byes stay at the end)."""
    round_ = _lock_draft(round_, user)
    reason = _need_reason(reason)
    found = {
        b.number: b for b in round_.boards.select_for_update().filter(number__in=[board_a, board_b])
    }
    for field, number in (("board_a", board_a), ("board_b", board_b)):
        if number not in found:
            raise DomainError(f"Round {round_.number} has no board {number}.", field=field)
        if found[number].is_bye:
            raise DomainError(f"Board {number} is a bye: byes stay after the games.", field=field)
    if board_a == board_b:
        raise DomainError("Choose two different boards.", field="board_b")
    a, b = found[board_a], found[board_b]
    parking = selectors.next_board_number(round_) + 1
    Board.objects.filter(pk=a.pk).update(number=parking)
    Board.objects.filter(pk=b.pk).update(number=board_a)
    Board.objects.filter(pk=a.pk).update(number=board_b)
    return PairingChange.objects.create(
        round=round_,
        description=f"Swapped boards {board_a} and {board_b}",
        warnings=[],
        user=user,
        reason=reason,
    )


@transaction.atomic
def publish_round(*, round_: Round, user: User) -> Round:
    """Make a draft public and set up its games at the board."""
    from games.services import create_games_for_round

    round_ = _lock_draft(round_, user)
    event = round_.event
    if not round_.boards.exists():
        raise DomainError(f"Round {round_.number} has no boards to publish.")
    round_.status = Round.Status.PUBLISHED
    round_.published_at = timezone.now()
    round_.save(update_fields=["status", "published_at"])
    if event.status == Event.Status.REGISTRATION:
        event.status = Event.Status.RUNNING
        event.save(update_fields=["status"])
    create_games_for_round(round_)
    _refresh_round_status(round_)
    standings_cache.results_changed(event.pk)
    round_.refresh_from_db()
    return round_


def mark_round_playing(round_: Round) -> None:
    """A game of the round has started (the games layer may call this)."""
    Round.objects.filter(pk=round_.pk, status=Round.Status.PUBLISHED).update(
        status=Round.Status.PLAYING
    )


def _refresh_round_status(round_: Round) -> None:
    """Published -> playing once a game has a result -> complete when every board has one
    (and back when a result is cleared); the event finishes with its last round."""
    round_ = Round.objects.select_related("event").get(pk=round_.pk)
    if not round_.is_public:
        return
    boards = list(round_.boards.values_list("result", "second_id"))
    if boards and all(result for result, _ in boards):
        status = Round.Status.COMPLETE
    elif round_.status == Round.Status.COMPLETE or any(r for r, second in boards if second):
        status = Round.Status.PLAYING
    else:
        status = round_.status
    if status != round_.status:
        round_.status = status
        round_.save(update_fields=["status"])
    _refresh_event_status(round_.event)


def _refresh_event_status(event: Event) -> None:
    last = event.round_set.filter(number=event.rounds).first()
    if last is not None and last.status == Round.Status.COMPLETE:
        status = Event.Status.FINISHED
    elif event.round_set.filter(status__in=selectors.PUBLIC_ROUND_STATUSES).exists():
        status = Event.Status.RUNNING
    else:
        status = event.status
    if status != event.status:
        Event.objects.filter(pk=event.pk).update(status=status)
        event.status = status


# --- results ---------------------------------------------------------------------------------


def _check_levels(result: str, first_lowest: int | None, second_lowest: int | None) -> None:
    for field, level in (("first_lowest", first_lowest), ("second_lowest", second_lowest)):
        if level is None:
            continue
        if not isinstance(level, int) or not 0 <= level <= LOWEST_LEVEL_MAX:
            raise DomainError(
                f"A lowest colour level is a whole number from 0 to {LOWEST_LEVEL_MAX}.",
                field=field,
            )
        if result not in PLAYED_RESULTS:
            raise DomainError("Lowest colour levels belong to played games only.", field=field)
    if first_lowest is None or second_lowest is None:
        return
    if first_lowest > second_lowest and result != Result.FIRST_WINS:
        raise DomainError(
            f"The first player's lowest colour ({first_lowest}) is higher than the second's "
            f"({second_lowest}): the result is 1-0.",
            field="result",
        )
    if first_lowest < second_lowest and result != Result.SECOND_WINS:
        raise DomainError(
            f"The second player's lowest colour ({second_lowest}) is higher than the first's "
            f"({first_lowest}): the result is 0-1.",
            field="result",
        )


@transaction.atomic
def set_board_result(
    *,
    board: Board,
    result: str,
    user: AbstractBaseUser | None,
    reason: str = "",
    first_lowest: int | None = None,
    second_lowest: int | None = None,
) -> Board:
    """Enter or correct a board's result; the change is logged with who, when and why.

    ``result`` "" clears it. The round moves to playing / complete as results come in."""
    board = Board.objects.select_for_update().select_related("round__event").get(pk=board.pk)
    if not board.round.is_public:
        raise DomainError(
            f"Round {board.round.number} is not published: its boards take no results yet.",
            field="result",
        )
    if result and result not in Result.values:
        raise DomainError(f"{result!r} is not a result code.", field="result")
    allowed = SINGLE_RESULTS if board.is_bye else PAIR_RESULTS
    if result and result not in allowed:
        kind = "a board without an opponent" if board.is_bye else "a game between two players"
        raise DomainError(f"{result} is not a result for {kind}.", field="result")
    _check_levels(result, first_lowest, second_lowest)
    if len(reason) > 300:
        raise DomainError("The reason is longer than 300 characters.", field="reason")
    if board.result and board.result != result and not reason.strip():
        raise DomainError("Say why the result is being corrected.", field="reason")
    changed = (board.result, board.first_lowest, board.second_lowest) != (
        result,
        first_lowest,
        second_lowest,
    )
    if not changed:
        return board
    ResultCorrection.objects.create(
        board=board, old_result=board.result, new_result=result, user=user, reason=reason.strip()
    )
    board.result = result
    board.first_lowest = first_lowest
    board.second_lowest = second_lowest
    board.save(update_fields=["result", "first_lowest", "second_lowest"])
    _refresh_round_status(board.round)
    standings_cache.results_changed(board.round.event_id)
    return board
