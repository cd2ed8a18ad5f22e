"""Entries of an event: adding (one, or a CSV file), ranks, requested byes, withdrawals, and
corrections of what an entry says of its players."""

import csv
import io
import string
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F, Max, Q
from django.db.models.functions import Upper
from django.utils.translation import gettext as _

from tournament import effects
from tournament.acting import User, lock_event, paired_rounds, refuse_open_round
from tournament.entries import teams
from tournament.entries.byes import apply_requested_byes, set_requested_byes
from tournament.errors import Conflict, DomainError, NotAllowed
from tournament.events.log import note
from tournament.events.models import EventLogEntry
from tournament.logs import log_write
from tournament.models.events import Entry, Event, Player, Result, Round
from tournament.permissions import (
    is_director,
    require_director,
    require_director_or_own_entry,
)
from tournament.registry.services import (
    CSV_COLUMNS,
    CsvImportError,
    clean_player_fields,
    find_player,
    is_registrar,
    parse_players_csv,
    survivor_of,
)
from tournament.rounds import seating
from tournament.rounds.seating import Table
from tournament.rounds.selectors import (
    last_round,
    next_board_number,
    open_round,
    plays_round_robin,
    seat_in,
)

CHUNK = 500  # rows a query or insert takes at once: within every database's parameter limit
_ASCII_UPPER = str.maketrans(string.ascii_lowercase, string.ascii_uppercase)


def _entry_window(event: Event) -> int:
    """The round a new entry joins in; raises when entries cannot be taken now."""
    refuse_open_round(event, "publish or delete it before adding players")
    last = last_round(event)
    joined = (last.number if last else 0) + 1
    if last is not None and plays_round_robin(event):
        raise DomainError(
            _(
                "This event is an all-play-all: its Berger table was fixed when "
                "round 1 was paired, so it takes no late entries."
            ),
            code="round_robin_closed",
        )
    if joined > event.rounds:
        raise DomainError(
            _("All %(rounds)s rounds are paired: the event takes no entries.")
            % {"rounds": event.rounds}
        )
    return joined


def _check_missed_rounds(missed_rounds: str) -> None:
    if missed_rounds not in Entry.MissedRounds.values:
        raise DomainError(
            _("%(missed_rounds)s: missed rounds score as 'zero' or 'half' byes.")
            % {"missed_rounds": repr(missed_rounds)},
            field="missed_rounds",
        )


def _create_entry(
    event: Event,
    player: Player,
    joined: int,
    rank: int,
    missed_rounds: str,
    partner: Player | None = None,
) -> Entry:
    entry = Entry.objects.create(
        event=event,
        player=player,
        partner=partner,
        starting_rank=rank,
        joined_round=joined,
        missed_rounds=missed_rounds,
    )
    _missed_round_boards(event, [entry], joined, missed_rounds)
    return entry


def _missed_round_boards(
    event: Event, entries: list[Entry], joined: int, missed_rounds: str
) -> None:
    """Late entries score their missed rounds on boards of their own, after the round's others."""
    result = Result.HALF_BYE if missed_rounds == Entry.MissedRounds.HALF else Result.ABSENT
    for round_ in event.round_set.filter(number__lt=joined).order_by("number"):
        reason = f"late entry: missed round {round_.number}"
        tables = [Table([entry.pk], result, reason) for entry in entries]
        seating.seat_boards(round_, tables, first_number=next_board_number(round_))


def _late_entry_text(names: list[str], joined: int, missed_rounds: str) -> str:
    scored = "half-point byes" if missed_rounds == Entry.MissedRounds.HALF else "zero"
    return f"{', '.join(names)}: late entry from round {joined}; missed rounds score {scored}."


def _next_rank(event: Event) -> int:
    return (event.entries.aggregate(top=Max("starting_rank"))["top"] or 0) + 1


@transaction.atomic
def add_entry(
    *,
    event: Event,
    user: User,
    player: Player,
    missed_rounds: str = Entry.MissedRounds.ZERO,
    requested_byes: Iterable[int | tuple[int, object]] = (),
    partner: Player | None = None,
) -> Entry:
    """Enter a registry player (with ``partner``: a partnership team). After round 1 this is
    a late entry: it joins the next round, its missed rounds score as zero or half-point byes
    (``missed_rounds``: "zero" or "half"), and it goes to the bottom of the starting ranks."""
    require_director(user, event)
    return enter_player(
        event=event,
        user=user,
        player=player,
        missed_rounds=missed_rounds,
        requested_byes=requested_byes,
        partner=partner,
    )


@transaction.atomic
def enter_player(
    *,
    event: Event,
    user: User,
    player: Player,
    missed_rounds: str = Entry.MissedRounds.ZERO,
    requested_byes: Iterable[int | tuple[int, object]] = (),
    partner: Player | None = None,
) -> Entry:
    """``add_entry`` once the caller has checked who may enter: a director (``add_entry``) or
    the player themselves in an event open to online entries (services/online_entry.py)."""
    event = lock_event(event)
    _check_missed_rounds(missed_rounds)
    if event.entries.filter(player=player).exists():
        raise DomainError(_("%(name)s is already entered.") % {"name": player.name}, field="player")
    teams.check_entrants(event, player, partner)  # a partnership event's entries are teams
    joined = _entry_window(event)
    entry = _create_entry(event, player, joined, _next_rank(event), missed_rounds, partner)
    log_write("entry.add", user=user, event=event.pk, entry=entry.pk, player=player.pk)
    if joined > 1:
        note(event, user, "late-entry", _late_entry_text([entry.name], joined, missed_rounds))
    byes = list(requested_byes)
    if byes:
        apply_requested_byes(entry, byes)
    if joined > 1:
        effects.results_changed(event.pk)
    return entry


@transaction.atomic
def add_player_entry(
    *,
    event: Event,
    user: User,
    player: Player | None,
    player_fields: Mapping[str, Any],
    missed_rounds: str = Entry.MissedRounds.ZERO,
    requested_byes: Iterable[int | tuple[int, object]] = (),
    partner: Player | None = None,
    partner_fields: Mapping[str, Any] | None = None,
) -> Entry:
    """Enter a registry player, or the player described by ``player_fields``: the registry's
    player of that name and club when there is one (case-insensitive), else a new one. A
    partnership team's partner likewise: ``partner`` or ``partner_fields``."""
    require_director(user, event)
    if player is None:
        fields = clean_player_fields(**player_fields)
        player = find_player(fields["name"], fields["club"]) or Player.objects.create(**fields)
    if partner is None and partner_fields:
        partner = teams.registry_player(None, partner_fields)
    return add_entry(
        event=event,
        user=user,
        player=player,
        missed_rounds=missed_rounds,
        requested_byes=requested_byes,
        partner=partner,
    )


def _count_rows(text: str) -> int:
    """The players a CSV file lists (lines with a value, less the header); 0 when the file does
    not read as CSV, which ``parse_players_csv`` then reports line by line."""
    try:
        lines = sum(1 for values in csv.reader(io.StringIO(text)) if any(v.strip() for v in values))
    except csv.Error:
        return 0
    return max(lines - 1, 0)


def _key(name: str, club: str) -> tuple[str, str]:
    return name.casefold(), club.casefold()


def _upper_spellings(name: str) -> set[str]:
    """What the database's UPPER(name) may be for a player of this name: in full, or (SQLite,
    or a PostgreSQL with the C locale) with only the ASCII letters raised, the others as they
    are or (as they are most often stored) lower case."""
    ascii_only = name.translate(_ASCII_UPPER)
    return {name.upper(), ascii_only, "".join(c if c.isascii() else c.lower() for c in ascii_only)}


def _registry_players(rows: list[dict[str, Any]]) -> dict[tuple[str, str], Player]:
    """The registry's player for each row's name and club (case-insensitive; the oldest when the
    registry has two), in one query per chunk of names, served by the index on UPPER(name)."""
    names: set[str] = set()
    for row in rows:
        names |= _upper_spellings(row["name"])
    wanted = {_key(row["name"], row["club"]) for row in rows}
    found: dict[tuple[str, str], Player] = {}
    ordered = sorted(names)
    for start in range(0, len(ordered), CHUNK):
        chunk = ordered[start : start + CHUNK]
        candidates = (
            Player.objects.annotate(upper_name=Upper("name"))
            .filter(upper_name__in=chunk)
            .order_by(F("merged_into").asc(nulls_first=True), "id")
        )
        for player in candidates:
            key = _key(player.name, player.club)
            if key in wanted and key not in found:
                # A merged duplicate's name enters the record it was merged into.
                found[key] = survivor_of(player)
    return found


def _entered_already(event: Event, players: list[Player]) -> set[int]:
    ids = [p.pk for p in players]
    entered: set[int] = set()
    for start in range(0, len(ids), CHUNK):
        found = event.entries.filter(player_id__in=ids[start : start + CHUNK])
        entered |= set(found.values_list("player_id", flat=True))
    return entered


def import_players_csv(
    *, event: Event, user: User, text: str, missed_rounds: str = Entry.MissedRounds.ZERO
) -> list[Entry]:
    """Enter every player of a CSV file, or none (see ``parse_players_csv`` for the format), at
    most ``settings.MAX_IMPORT_ROWS`` of them.

    A row whose name and club match a registry player (case-insensitive) reuses that player as
    it is; other rows add players to the registry. New entries go after the existing ones,
    ordered by rating (highest first, unrated last), then name. The file is read and matched
    with the registry before the event's lock is taken; the writes under it are in bulk."""
    require_director(user, event)
    _check_missed_rounds(missed_rounds)
    if teams.is_partnership(event):  # a file of teams: the partner's columns too
        return teams.import_teams_csv(
            event=event, user=user, text=text, enter=enter_player, missed_rounds=missed_rounds
        )
    cap, count = settings.MAX_IMPORT_ROWS, _count_rows(text)
    if count > cap:
        raise CsvImportError(
            [f"The file lists {count} players; an import takes at most {cap}: split the file."]
        )
    rows = parse_players_csv(text)
    known = _registry_players(rows)
    with transaction.atomic():
        return _enter_rows(event, user, rows, known, missed_rounds)


def _enter_rows(
    event: Event,
    user: User,
    rows: list[dict[str, Any]],
    known: dict[tuple[str, str], Player],
    missed_rounds: str,
) -> list[Entry]:
    event = lock_event(event)
    joined = _entry_window(event)
    entered = _entered_already(event, list(known.values()))
    problems = []
    players: list[tuple[dict[str, Any], Player | None]] = []
    for row in rows:
        player = known.get(_key(row["name"], row["club"]))
        if player is not None and player.pk in entered:
            problems.append(f"line {row['line']}: {player.name} is already entered.")
        players.append((row, player))
    if problems:
        raise CsvImportError(problems)
    players.sort(key=lambda rp: (rp[0]["rating"] is None, -(rp[0]["rating"] or 0), rp[0]["name"]))
    new = [
        Player(**{k: v for k, v in row.items() if k != "line"})
        for row, player in players
        if player is None
    ]
    created = iter(Player.objects.bulk_create(new, batch_size=CHUNK))
    rank = _next_rank(event)
    entries = [
        Entry(
            event=event,
            player=player or next(created),
            starting_rank=rank + i,
            joined_round=joined,
            missed_rounds=missed_rounds,
        )
        for i, (_row, player) in enumerate(players)
    ]
    entries = Entry.objects.bulk_create(entries, batch_size=CHUNK)
    _missed_round_boards(event, entries, joined, missed_rounds)
    log_write("entry.import", user=user, event=event.pk, entries=len(entries))
    if joined > 1 and entries:
        names = [entry.name for entry in entries]
        note(event, user, "late-entry", _late_entry_text(names, joined, missed_rounds))
    if joined > 1:
        effects.results_changed(event.pk)
    return entries


def by_registry_rating(event: Event) -> list[Entry]:
    """The event's entries by registry rating (highest first, unrated last; a partnership team
    by its players' mean), then name."""
    entries = list(event.entries.select_related("player", "partner"))
    entries.sort(key=lambda e: (e.registry_rating is None, -(e.registry_rating or 0), e.name, e.pk))
    return entries


@transaction.atomic
def rank_entries(
    *,
    event: Event,
    user: User,
    order: Callable[[Event], list[Entry]],
    log_action: str | None = None,
) -> list[Entry]:
    """The starting ranks 1, 2, ... in the order ``order`` reads under the event's lock (the
    registry's ratings, or the rating list's from the ratings page); before round 1 only."""
    require_director(user, event)
    return _write_ranks(event, user, order, log_action)


def _write_ranks(
    event: Event, user: User, order: Callable[[Event], list[Entry]], log_action: str | None
) -> list[Entry]:
    """The one writer of starting ranks, once the caller has said who may rank: a director
    (``rank_entries``), or an online entrant taking their place (``place_online_entry``)."""
    event = lock_event(event)
    if event.round_set.exists():
        raise DomainError(_("Starting ranks are fixed once round 1 is paired."))
    entries = order(event)
    # Two passes: the ranks are unique within the event at every step.
    offset = len(entries) + _next_rank(event)
    for i, entry in enumerate(entries):
        Entry.objects.filter(pk=entry.pk).update(starting_rank=offset + i)
    for i, entry in enumerate(entries):
        Entry.objects.filter(pk=entry.pk).update(starting_rank=i + 1)
        entry.starting_rank = i + 1
    if log_action is not None:
        log_write(log_action, user=user, event=event.pk, entries=len(entries))
    effects.results_changed(event.pk)  # the ranks show on the public pages
    return entries


def by_rating_on_entry(entry: Entry) -> Callable[[Event], list[Entry]]:
    """The order that places ``entry`` among the event's other entries by registry rating: above
    the first one rated lower (unrated entries count lowest), below those rated as high; the
    others keep their order, whoever set it."""

    def order(event: Event) -> list[Entry]:
        entries = list(event.entries.select_related("player", "partner").order_by("starting_rank"))
        placed = next(e for e in entries if e.pk == entry.pk)
        others = [e for e in entries if e.pk != entry.pk]
        rating = placed.registry_rating
        at = len(others)
        if rating is not None:
            lower = (i for i, e in enumerate(others) if (e.registry_rating or -1) < rating)
            at = next(lower, at)
        return [*others[:at], placed, *others[at:]]

    return order


@transaction.atomic
def place_online_entry(*, entry: Entry, user: User) -> Entry:
    """An online entrant's starting rank by their registry rating, among the entries made so
    far, before round 1 (after it a late entry goes last: the ranks are fixed). The caller
    (tournament/entries/online.py) has checked who enters."""
    if entry.event.round_set.exists():
        return entry
    _write_ranks(entry.event, user, by_rating_on_entry(entry), "entry.rank-online")
    return Entry.objects.select_related("player", "partner").get(pk=entry.pk)


def rank_by_rating(*, event: Event, user: User) -> None:
    """Starting ranks by registry rating; before round 1."""
    rank_entries(event=event, user=user, order=by_registry_rating)


@transaction.atomic
def update_entry(
    *,
    entry: Entry,
    user: User,
    status: str | None = None,
    requested_byes: Iterable[int | tuple[int, object]] | None = None,
) -> Entry:
    """Change an entry's status (withdraw or reinstate) and/or its requested byes, together.
    The entry's own player may withdraw and set byes; reinstating is for directors."""
    require_director_or_own_entry(user, entry)
    if status is not None and status not in Entry.Status.values:
        raise DomainError(
            _("%(status)s is not an entry status.") % {"status": repr(status)}, field="status"
        )
    if status is not None and status != entry.status:
        if status == Entry.Status.WITHDRAWN:
            entry = withdraw_entry(entry=entry, user=user)
        else:
            entry = reinstate_entry(entry=entry, user=user)
    if requested_byes is not None:
        entry = set_requested_byes(entry=entry, user=user, rounds=requested_byes)
    return Entry.objects.select_related("player", "partner").get(pk=entry.pk)


@transaction.atomic
def withdraw_entry(*, entry: Entry, user: User) -> Entry:
    """Never paired again; results already made stand. The entry's own player may withdraw."""
    require_director_or_own_entry(user, entry)
    event = lock_event(entry.event)
    entry = Entry.objects.select_related("player", "partner").get(pk=entry.pk)
    if entry.status == Entry.Status.WITHDRAWN:
        raise DomainError(
            _("%(name)s has already withdrawn.") % {"name": entry.name}, field="status"
        )
    current = open_round(event)
    if current is not None and current.status == Round.Status.PAIRING:
        # The worker may already have read who plays: wait for its draft (or its failure).
        if not current.pairing_error:
            raise Conflict(
                _("Round %(number)s is being paired: withdraw once its draft is ready.")
                % {"number": current.number},
                code="round_open",
            )
    elif current is not None and seat_in(current, entry) is not None:
        raise Conflict(
            _(
                "%(name)s is in the draft of round %(number)s: delete the draft, "
                "withdraw, then pair again."
            )
            % {"name": entry.name, "number": current.number},
            code="round_open",
        )
    entry.status = Entry.Status.WITHDRAWN
    entry.withdrawn_after_round = paired_rounds(event) - (1 if current else 0)
    entry.save(update_fields=["status", "withdrawn_after_round"])
    log_write("entry.withdraw", user=user, event=event.pk, entry=entry.pk)
    effects.results_changed(event.pk)  # standings and the event page mark the withdrawal
    after = entry.withdrawn_after_round
    when = f"after round {after}" if after else "before round 1"
    note(event, user, "withdraw", f"{entry.name} withdrew {when}.")
    return entry


@transaction.atomic
def reinstate_entry(*, entry: Entry, user: User) -> Entry:
    """Undo a withdrawal: paired again from the next round; rounds missed score zero."""
    require_director(user, entry.event)
    event = lock_event(entry.event)
    entry = Entry.objects.select_related("player", "partner").get(pk=entry.pk)
    if entry.status != Entry.Status.WITHDRAWN:
        raise DomainError(_("%(name)s has not withdrawn.") % {"name": entry.name}, field="status")
    joined = _entry_window(event)
    for round_ in event.round_set.filter(number__lt=joined).order_by("number"):
        if seat_in(round_, entry) is None:
            seating.seat_board(
                round_,
                next_board_number(round_),
                Table([entry.pk], Result.ABSENT, f"withdrawn in round {round_.number}"),
            )
    entry.status = Entry.Status.ACTIVE
    entry.withdrawn_after_round = None
    entry.save(update_fields=["status", "withdrawn_after_round"])
    log_write("entry.reinstate", user=user, event=event.pk, entry=entry.pk)
    note(event, user, "reinstate", f"{entry.name} reinstated from round {joined}.")
    effects.results_changed(event.pk)
    return entry


#: What a director corrects of an entry's player.
CORRECTABLE = ("name", "club", "country", "rating")


def _may_correct(user: User, player: Player) -> None:
    """A registry record is shared by every event it is entered in: a director corrects one
    entered only in events they direct (a new player they typed in, say); a registrar any."""
    if is_registrar(user):
        return
    entered = Event.objects.filter(Q(entries__player=player) | Q(entries__partner=player))
    others = sorted({e.name for e in entered.distinct() if not is_director(user, e)})
    if others:
        raise NotAllowed(
            _(
                "%(name)s is also entered in %(events)s, which you do not direct: ask a "
                "registrar to correct the registry's record."
            )
            % {"name": player.name, "events": ", ".join(others)},
            code="shared_player",
        )


def _shown(value: object) -> str:
    return "none" if value in (None, "") else f"“{value}”" if isinstance(value, str) else str(value)


def _correct_player(user: User, player: Player, given: Mapping[str, Any], prefix: str) -> list[str]:
    """Correct the player's fields ``given``; the changes as the log words them."""
    current = {f: getattr(player, f) for f in CSV_COLUMNS}
    wanted = {f: given[f] for f in CORRECTABLE if f in given}
    try:
        cleaned = clean_player_fields(**{**current, **wanted})
    except DomainError as exc:  # named as the form names it: the partner's fields
        raise DomainError(exc.message, field=f"{prefix}{exc.field or 'name'}") from None
    changed = [f for f in CORRECTABLE if cleaned[f] != current[f]]
    if not changed:
        return []
    _may_correct(user, player)
    for field in changed:
        setattr(player, field, cleaned[field])
    player.save(update_fields=changed)
    return [f"{field} {_shown(current[field])} → {_shown(cleaned[field])}" for field in changed]


@transaction.atomic
def correct_entry(
    *,
    entry: Entry,
    user: User,
    player_fields: Mapping[str, Any],
    partner_fields: Mapping[str, Any] | None = None,
) -> list[str]:
    """Correct what an entry says of its player (a partnership team's: of each of its two):
    name, club, country, rating. The registry's record is what every page and export reads, so
    it is corrected there; the log of each event the player is in says who changed what, from
    what to what. The changes in the log's words; none when nothing differed."""
    require_director(user, entry.event)
    event = lock_event(entry.event)
    entry = Entry.objects.select_related("player", "partner").get(pk=entry.pk)
    said: list[str] = []
    players: list[Player] = []
    sides = [(entry.player, player_fields, "")]
    if entry.partner is not None and partner_fields is not None:
        sides.append((entry.partner, partner_fields, "partner_"))
    for player, given, prefix in sides:
        before = player.name
        changes = _correct_player(user, player, given, prefix)
        if changes:
            said.append(f"{before}: {', '.join(changes)}")
            players.append(player)
    if not said:
        return []
    text = f"Entry #{entry.starting_rank} corrected: {'; '.join(said)}."
    log_write("entry.correct", user=user, event=event.pk, entry=entry.pk)
    entered = Event.objects.filter(Q(entries__player__in=players) | Q(entries__partner__in=players))
    for other in entered.distinct().order_by("pk"):
        if other.pk == event.pk:
            note(other, user, EventLogEntry.Kind.CORRECTION, text)
        else:
            note(other, user, EventLogEntry.Kind.CORRECTION, f"{text} (from {event.name})")
        # Standings, crosstables, live pages and exports show the name, club and rating.
        effects.results_changed(other.pk)
    return said
