"""Reads of events played at tables of 3 or 4 (``Event.table_size`` > 2): what the table pairing
seats a round from, the director's review of a draft of tables, and the public tables.

They never write. Victory points follow RULINGS.md "Events beyond two players": a table's seats
score ``scoring.core.tables.table_points`` of their placings; tables of two, byes and absences
score as in a two-player event.
"""

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations

from django.utils.translation import gettext as _

from scoring.core.results import Board as ScoredBoard
from scoring.core.results import results_from_boards
from scoring.core.tables import table_points
from tournament.models.events import PLAYED_RESULTS, Board, Entry, Event, Result, Round
from tournament.pairing.model import format_score
from tournament.pairing.tables_model import SCORE_UNITS, TablePlayer
from tournament.restrictions.selectors import kept_apart
from tournament.rounds import public as public_selectors
from tournament.rounds.history import checked_in_ids, takes_part
from tournament.rounds.selectors import boards_of

#: A table whose scores lie further apart than this (a whole game's worth) gets a warning.
SPREAD_WARNING = 1.0


def at_tables(event: Event) -> bool:
    """The event seats its rounds at tables of 3 or 4 rather than in pairs (a partnership
    event's four seats hold two teams, paired as pairs: services/teams.py)."""
    return event.table_size > 2 and event.ruleset != Event.Ruleset.PARTNERSHIP


def points_text(score: float) -> str:
    """Victory points as a director writes them: 3, 2½, 1 2/3 (table VPs are twelfths)."""
    twelfths = Fraction(round(score * SCORE_UNITS), SCORE_UNITS)
    if (twelfths * 2).denominator == 1:
        return format_score(float(twelfths))
    whole = twelfths.numerator // twelfths.denominator
    rest = twelfths - whole
    return f"{whole} {rest}" if whole else str(rest)


# --- the history the table pairing reads -----------------------------------------------------


@dataclass
class TableState:
    """One entry before a round of a table event: its record and whether it is seated."""

    id: int
    rank: int
    name: str
    score: float = 0.0
    met: list[int] = field(default_factory=list)  # every earlier table-mate, once per meeting
    first_seats: int = 0  # games in which the entry sat first (moved first)
    byes: int = 0  # pairing-allocated byes
    active: bool = True
    wants_bye: bool = False

    @property
    def absent(self) -> bool:
        """Not seated at a table this round (withdrawn, not checked in, or on a requested bye)."""
        return not self.active or self.wants_bye

    def as_player(self) -> TablePlayer:
        return TablePlayer(
            self.id, self.score, tuple(self.met), self.first_seats, self.absent, self.rank
        )


def seated_ids(board: Board) -> list[int]:
    """The board's entry ids in seat order (prefetch ``seats``)."""
    return [seat.entry_id for seat in board.seats.all()]


def _history_boards(event: Event, before_round: int) -> list[Board]:
    return list(
        Board.objects.filter(round__event=event, round__number__lt=before_round)
        .select_related("round")
        .prefetch_related("seats")
        .order_by("round__number", "number")
    )


def _points(boards: list[Board], bye_value: float) -> dict[int, float]:
    """Victory points per entry over the boards: tables by their placings, the rest (tables of
    two, byes, absences) as the standings read two-player boards."""
    points: dict[int, float] = defaultdict(float)
    pairs = []
    for board in boards:
        seats = list(board.seats.all())
        if board.result == Result.TABLE:
            placings = [s.placing for s in seats]
            if len(seats) > 1 and all(p is not None for p in placings):
                vps = table_points([p for p in placings if p is not None])
                for seat, vp in zip(seats, vps, strict=True):
                    points[seat.entry_id] += vp
        elif len(seats) <= 2:
            ids = [seat.entry_id for seat in seats]
            pairs.append(
                ScoredBoard(
                    board.round.number, ids[0], ids[1] if len(ids) > 1 else None, board.result
                )
            )
    for row in results_from_boards(pairs, bye_value=bye_value):
        points[row.player] += row.points
    return points


def _sat_first(board: Board) -> bool:
    """The first seat moved in a game played (or still to be played): forfeits do not count."""
    return board.result in ("", Result.TABLE) or board.result in PLAYED_RESULTS


def table_states(event: Event, round_number: int) -> list[TableState]:
    """Every entry of the event in starting-rank order with its record over the earlier rounds:
    VP score, table-mates (forfeits included: they are not seated together again), first seats
    and byes; inactive when withdrawn, not yet joined or (check-in required) not checked in."""
    boards = _history_boards(event, round_number)
    points = _points(boards, float(event.bye_value))
    met: dict[int, list[int]] = defaultdict(list)
    firsts: dict[int, int] = defaultdict(int)
    byes: dict[int, int] = defaultdict(int)
    for board in boards:
        seated = seated_ids(board)
        if len(seated) == 1 and board.result == Result.BYE:
            byes[seated[0]] += 1
        for a, b in combinations(seated, 2):
            met[a].append(b)
            met[b].append(a)
        if len(seated) > 1 and _sat_first(board):
            firsts[seated[0]] += 1
    checked_in = checked_in_ids(event, round_number) if event.check_in_required else None
    return [
        TableState(
            id=entry.pk,
            rank=entry.starting_rank,
            name=entry.player.name,
            score=points.get(entry.pk, 0.0),
            met=met[entry.pk],
            first_seats=firsts[entry.pk],
            byes=byes[entry.pk],
            active=takes_part(entry, round_number, checked_in),
            wants_bye=round_number in entry.requested_byes,
        )
        for entry in event.entries.select_related("player").order_by("starting_rank")
    ]


def scores_before(event: Event, round_number: int) -> dict[int, float]:
    """Each entry's victory points over the rounds before ``round_number``."""
    return _points(_history_boards(event, round_number), float(event.bye_value))


# --- reviewing a draft of tables ---------------------------------------------------------------


@dataclass
class SeatReview:
    number: int  # 0 moves first
    entry: Entry
    score: str  # victory points before the round
    first_seats: int | None  # before the round (None: not known, e.g. on the public page)
    placing: int | None = None


@dataclass
class TableReview:
    """A board of a table event as its director reviews it: every seat in order, warnings."""

    board: Board
    seats: list[SeatReview]
    warnings: list[str]


def table_warnings(
    board: Board, states: dict[int, TableState], apart: dict[int, dict[int, str]] | None = None
) -> list[str]:
    """What is wrong with a table by the rulings: players who already shared a table, a pair
    the director keeps apart, scores more than a game apart, a first seat for a player with
    more first seats than another at the table, a second pairing-allocated bye. Pass boards
    with ``seats__entry__player`` prefetched."""
    seated = [e for e in board.seated if e.pk in states]
    if len(seated) == 1:
        state = states[seated[0].pk]
        if board.result == Result.BYE and state.byes:
            return [_("%(name)s already had a bye.") % {"name": seated[0].player.name}]
        return []
    warnings = []
    for a, b in combinations(seated, 2):
        times = states[a.pk].met.count(b.pk)
        if times:
            warnings.append(
                _("Repeat: %(a)s and %(b)s have shared a table before (%(times)s×).")
                % {"a": a.player.name, "b": b.player.name, "times": times}
            )
        why = (apart or {}).get(a.pk, {}).get(b.pk)
        if why is not None:
            warnings.append(
                _("Restriction gave way: %(a)s and %(b)s are to be kept apart (%(why)s).")
                % {"a": a.player.name, "b": b.player.name, "why": why}
            )
    scores = [states[e.pk].score for e in seated]
    if max(scores) - min(scores) > SPREAD_WARNING:
        warnings.append(
            _("Score spread: %(high)s to %(low)s at this table.")
            % {"high": points_text(max(scores)), "low": points_text(min(scores))}
        )
    first = states[seated[0].pk]
    fewest = min(seated[1:], key=lambda e: states[e.pk].first_seats)
    if first.first_seats > states[fewest.pk].first_seats:
        warnings.append(
            _(
                "First-seat imbalance: %(first)s sits first with %(count)s first seats so far; "
                "%(other)s has %(fewer)s."
            )
            % {
                "first": first.name,
                "count": first.first_seats,
                "other": fewest.player.name,
                "fewer": states[fewest.pk].first_seats,
            }
        )
    return warnings


def _seats(board: Board, states: dict[int, TableState]) -> list[SeatReview]:
    return [
        SeatReview(
            seat.number,
            seat.entry,
            points_text(states[seat.entry_id].score) if seat.entry_id in states else "",
            states[seat.entry_id].first_seats if seat.entry_id in states else None,
            seat.placing,
        )
        for seat in board.seats.all()
    ]


def table_review(round_: Round) -> list[TableReview]:
    """The round's boards with every seat (score and first seats before the round) and each
    table's warnings."""
    states = {s.id: s for s in table_states(round_.event, round_.number)}
    apart = kept_apart(round_.event)
    return [
        TableReview(board, _seats(board, states), table_warnings(board, states, apart))
        for board in boards_of(round_)
    ]


# --- the public tables -------------------------------------------------------------------------


@dataclass
class TableFinder:
    """A line of "find my board" at tables: a player, the board, the seat and the table-mates."""

    name: str
    board: int
    seat: int  # 1 moves first
    mates: str


@dataclass
class PublicTables:
    boards: list[TableReview]  # no warnings: the public sees the seats and points before
    absent: list[Board]  # boards of one with no game: requested byes, absences
    find_my_board: list[TableFinder]


def public_tables(round_: Round) -> PublicTables:
    """A round of a table event as players and spectators read it."""
    boards = list(boards_of(round_))
    absent = [b for b in boards if public_selectors.is_absence(b)]
    shown = [b for b in boards if b not in absent]
    points = scores_before(round_.event, round_.number) if round_.is_public else {}
    finders = []
    for board in shown:
        seated = board.seated
        for n, entry in enumerate(seated):
            mates = ", ".join(e.player.name for e in seated if e.pk != entry.pk)
            finders.append(TableFinder(entry.player.name, board.number, n + 1, mates))
    finders.sort(key=lambda f: (f.name.casefold(), f.board))
    return PublicTables(
        boards=[
            TableReview(
                b,
                [
                    SeatReview(
                        s.number,
                        s.entry,
                        points_text(points.get(s.entry_id, 0.0)),
                        None,
                        s.placing,
                    )
                    for s in b.seats.all()
                ],
                [],
            )
            for b in shown
        ],
        absent=absent,
        find_my_board=finders if round_.is_public else [],
    )
