"""Pairing a round of an event at tables of 3 or 4 (``Event.table_size`` > 2).

``tournament.rounds.services`` opens, stores, reviews and publishes the round as for pairs; this
module only answers its two questions for a table event: may round ``n`` be paired (the
all-play-all's schedule), and which tables does it seat. Swiss for tables is
``tournament.pairing.tables.seat_tables``; an all-play-all follows
``tournament.pairing.tables_schedule.all_play_all_tables`` (players numbered by starting rank).
Requested byes and check-in absences get their boards of one in ``rounds.compute_draft``.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from django.utils.translation import gettext as _

from tournament.errors import DomainError
from tournament.models.events import Event, Result
from tournament.pairing.notes import Arg, Note, listed, note, note_n
from tournament.pairing.tables import DEALT_NOTE, seat_tables
from tournament.rounds.seating import Table
from tournament.rounds.selectors import cycles_of, table_schedule, table_system
from tournament.rounds.tables import TableState, points_text

SWISS = Event.PairingSystem.SWISS.value

#: The draft's note on a round seated from one score group (round 1). Stored as a note with the
#: round (the pairing task has no reader); the round page says it in the reader's language.
SEEDS_SPREAD = note(
    "Round 1 at tables: the seeded list is dealt round the tables as a Swiss spreads its seeds "
    "(seed 1 to table 1, seed 2 to table 2, and so on, then back to table 1), so that every "
    "table takes one player from each quarter of the list (from each third at tables of 3)"
)


@dataclass(frozen=True)
class PairedRound:
    """A round's pairing before it is stored: the system used, the boards to seat in order
    (games first) and the notes the director reads with the draft."""

    system: str
    tables: list[Table]
    notes: list[Note] = field(default_factory=list)


def check_table_rounds(event: Event) -> None:
    """Refuse an all-play-all asked for where no schedule seats the field. (Rounds beyond the
    schedule are refused by ``events.check_round_robin_rounds``, as for pairs: it reads the
    schedule's rounds through ``selectors.round_robin_rounds``.)"""
    if cycles_of(table_system(event)) and table_schedule(event) is None:
        raise DomainError(
            _(
                "No all-play-all seats %(players)s players at tables of %(size)s so that "
                "everyone meets everyone once: choose Swiss pairings for the event."
            )
            % {"players": event.entries.count(), "size": event.table_size},
            field="pairing_system",
            code="round_robin_rounds",
        )


def _repeats(members: Sequence[TableState]) -> list[Note]:
    """The pairs at a table who shared one before."""
    return [
        note("%(a)s and %(b)s", a=a.name, b=b.name)
        for a, b in combinations(members, 2)
        if b.id in a.met
    ]


def _reasons(members: Sequence[TableState], proved: bool) -> list[Note]:
    """Why the table is so, in the director's words (names, not ids)."""
    scores = [s.score for s in members]
    hi, lo = max(scores), min(scores)
    parts = [
        note("scores %(score)s", score=points_text(hi))
        if hi == lo
        else note("scores %(high)s to %(low)s", high=points_text(hi), low=points_text(lo))
    ]
    repeats = _repeats(members)
    if repeats:
        why = note("no seating has fewer repeats") if proved else note("the fewest repeats found")
        pairs = listed(repeats, "; ")
        parts.append(note("shared a table before: %(pairs)s (%(why)s)", pairs=pairs, why=why))
    else:
        parts.append(note("no earlier table-mates"))
    first = members[0]
    parts.append(
        note_n(
            "%(player)s sits first (%(count)s first seat before)",
            "%(player)s sits first (%(count)s first seats before)",
            first.first_seats,
            player=first.name,
        )
    )
    return parts


def _swiss(event: Event, number: int, states: Sequence[TableState]) -> PairedRound:
    by_id = {s.id: s for s in states}
    seated = seat_tables([s.as_player() for s in states], event.table_size, number, event.rounds)
    tables = [
        Table(list(t.seats), reasons=_reasons([by_id[i] for i in t.seats], seated.optimal))
        for t in seated.tables
    ]
    if seated.bye is not None:
        tables.append(Table([seated.bye], Result.BYE, reasons=[note("the only player present")]))
    repeats = [r for t in seated.tables for r in _repeats([by_id[i] for i in t.seats])]
    # The core's notes name players by id: keep those that do not, say the rest by name.
    notes = [
        SEEDS_SPREAD if n == DEALT_NOTE else n
        for n in seated.notes
        if not n.text.startswith("absent, not seated")
    ]
    if repeats:
        pairs = listed(repeats, "; ")
        notes.append(
            note(
                "Could not avoid players sharing a table again: %(pairs)s (no seating has fewer)",
                pairs=pairs,
            )
            if seated.optimal
            else note("Could not avoid players sharing a table again: %(pairs)s", pairs=pairs)
        )
    return PairedRound(SWISS, tables, notes)


def _all_play_all(
    event: Event, number: int, states: Sequence[TableState], system: str
) -> PairedRound:
    """The schedule's round; a double all-play-all plays the schedule again with each table's
    seats in reverse order, so who sat first sits last (as the pairs' second cycle reverses who
    moves first)."""
    schedule = table_schedule(event)
    cycles = cycles_of(system)
    total = cycles * len(schedule) if schedule is not None else 0
    if schedule is None or number > total:  # check_table_rounds refused it already
        raise DomainError(_("The all-play-all has no round %(number)s.") % {"number": number})
    ranked = sorted(states, key=lambda s: (s.rank, s.id))  # player k of the schedule: rank k
    tables: list[Table] = []
    byes: list[Table] = []
    left_out: list[str] = []
    second_cycle = number > len(schedule)
    when: dict[str, Arg] = {"round": number, "total": total}
    if cycles == 1:
        why = note("all-play-all, round %(round)s of %(total)s", **when)
    elif second_cycle:
        why = note("all-play-all, round %(round)s of %(total)s (cycle 2, seats reversed)", **when)
    else:
        why = note("all-play-all, round %(round)s of %(total)s (cycle 1)", **when)
    for dealt in schedule[(number - 1) % len(schedule)]:
        seats = tuple(reversed(dealt)) if second_cycle else dealt
        present = [ranked[k - 1] for k in seats if not ranked[k - 1].absent]
        if len(present) > 1:
            tables.append(Table([s.id for s in present], reasons=[why]))
        elif present:  # everybody else at the table is absent: nobody to play
            alone = note("%(why)s: the table-mates are absent", why=why)
            byes.append(Table([present[0].id], Result.BYE, reasons=[alone]))
            left_out.append(present[0].name)
    kind = note("double all-play-all") if cycles == 2 else note("all-play-all")
    notes = [
        note(
            "%(kind)s at tables of %(size)s: round %(round)s of %(total)s",
            kind=kind,
            size=event.table_size,
            **when,
        )
    ]
    if left_out:
        notes.append(note("A bye, the table-mates being absent: %(names)s", names=listed(left_out)))
    return PairedRound(system, tables + byes, notes)


def pair_tables(event: Event, number: int, states: Sequence[TableState]) -> PairedRound:
    """Seat round ``number`` of a table event from its entries' states (``table_states``):
    the games' tables, top first, each in seat order. Absent players and requested byes are
    left out (the caller gives them their boards of one). The pure core's errors propagate."""
    system = table_system(event)
    if cycles_of(system):
        return _all_play_all(event, number, states, system)
    return _swiss(event, number, states)
