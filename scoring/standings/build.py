"""Standings of an event: built from its boards by the pure `scoring` core, served cached.

One read (:func:`load_event_boards`, a constant number of queries whatever the field size)
turns the event's boards into :class:`core.GameResult` rows; :func:`build_standings` ranks
them with the event's tie-break chain and lays out the crosstable and the final placings in one
:class:`Standings`, which the cache holds as plain data (:meth:`Standings.to_dict`).

What counts: boards of public rounds (published, playing, complete) whose result was entered by
a director, or came from a game whose replay check has passed. A game's result waiting for its
check shows as provisional; one whose check failed, as held. A late entry's missed rounds
without a board score as the entry says (half-point byes or zero).

Every board is read from its seats (who sits where, placings, levels); a table of 3 or 4
(``Board.result`` "table") scores by its placings (:mod:`scoring.core.tables`); its
crosstable cells show the player's placing and VP at the table ("2/4 · 0.67") and the
table's number.
"""

from dataclasses import dataclass, replace
from typing import Any

from django.core.cache import cache
from django.utils import timezone
from django.utils.translation import gettext

from scoring.core.chains import DEFAULT_PRESET, PRESETS, resolve_chain
from scoring.core.results import (
    DEFAULT_BYE_VALUE,
    GameResult,
    results_from_boards,
)
from scoring.core.results import (
    Board as ScoredBoard,
)
from scoring.core.standings import compute_standings, final_placings
from scoring.core.tables import TableGame, table_results
from scoring.core.tiebreaks import CATALOGUE
from scoring.standings import cache as standings_cache
from scoring.standings import solitaire
from scoring.standings.sheet import (
    HELD,
    PENDING,
    PROVISIONAL,
    Cell,
    Contender,
    Line,
    Pairing,
    Standings,
    TieBreakColumn,
)
from tournament.effects import standings_queued_key
from tournament.models.events import (
    PAIR_RESULTS,
    PUBLIC_ROUND_STATUSES,
    SINGLE_RESULTS,
    Board,
    Entry,
    Event,
    Result,
    Round,
)
from tournament.models.tables import SEATED, Seat

# --- the read ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardFact:
    """What the standings need of one board (read as plain values, no model instances)."""

    board_id: int
    round: int
    number: int
    first: int
    second: int | None
    result: str
    first_lowest: int | None
    second_lowest: int | None
    check: str  # tournament.models.events.Board.Check
    confirmed: bool = False  # a paper result both sides confirmed (Board.Confirmation)
    # A table of 3 or 4: per seat in seat order (entry, placing, lowest); () for two players.
    seats: tuple[tuple[int, int | None, int | None], ...] = ()

    @property
    def is_table(self) -> bool:
        """More than two sides (two partnership teams at four seats are two)."""
        return len({entry for entry, _, _ in self.seats}) > 2

    @property
    def players(self) -> tuple[int, ...]:
        """Everybody at the board, in seat order."""
        if self.is_table:
            return tuple(entry for entry, _, _ in self.seats)
        return tuple(p for p in (self.first, self.second) if p is not None)

    @property
    def held(self) -> bool:
        return bool(self.result) and self.check == Board.Check.FAILED

    @property
    def provisional(self) -> bool:
        return bool(self.result) and self.check == Board.Check.PENDING


# A seat as read with its board: board id, round number, board number, result, check,
# confirmation; then the seat's entry id, placing and levels (JSON).
_SeatRow = tuple[int, int, int, str, str, str, int, int | None, Any]


@dataclass(frozen=True)
class EventBoards:
    contenders: tuple[Contender, ...]
    joined: dict[int, tuple[int, str]]  # entry id -> (joined round, missed-rounds scoring)
    rounds: tuple[int, ...]
    boards: tuple[BoardFact, ...]


def load_event_boards(event: Event) -> EventBoards:
    """Entries, public rounds and their boards of ``event`` read from the boards' seats, in
    three queries whatever the kind of table."""
    entries = (
        Entry.objects.filter(event=event)
        .select_related("player", "partner")
        .order_by("starting_rank")
    )
    contenders: list[Contender] = []
    joined: dict[int, tuple[int, str]] = {}
    for entry in entries:
        contenders.append(
            Contender(
                entry_id=entry.pk,
                player_id=entry.player_id,
                partner_id=entry.partner_id,
                name=entry.name,  # a partnership team: both players
                club=entry.club,  # a partnership team: both players'
                country=entry.country,  # a partnership team: both players'
                rating=entry.registry_rating,
                starting_rank=entry.starting_rank,
                withdrawn=entry.status == Entry.Status.WITHDRAWN,
            )
        )
        joined[entry.pk] = (entry.joined_round, entry.missed_rounds)
    rounds = tuple(
        Round.objects.filter(event=event, status__in=PUBLIC_ROUND_STATUSES)
        .order_by("number")
        .values_list("number", flat=True)
    )
    # The boards and their seats in one query: every board has a seat (the pairing's, a bye's).
    rows = (
        Seat.objects.filter(
            board__round__event=event, board__round__status__in=PUBLIC_ROUND_STATUSES
        )
        .order_by("board__round__number", "board__number", "number")
        .values_list(
            "board_id",
            "board__round__number",
            "board__number",
            "board__result",
            "board__result_check",
            "board__confirmation",
            "entry_id",
            "placing",
            "levels",
        )
    )
    seated: dict[int, list[_SeatRow]] = {}
    for row in rows:
        seated.setdefault(row[0], []).append(row)
    boards = tuple(
        board_fact(
            board_id,
            *seats[0][1:6],
            [(entry, placing, levels) for *_, entry, placing, levels in seats],
            at_tables=event.table_size > 2,
        )
        for board_id, seats in seated.items()
    )
    return EventBoards(tuple(contenders), joined, rounds, boards)


def board_fact(
    board_id: int,
    round_number: int,
    number: int,
    result: str,
    check: str,
    confirmation: str,
    seats: list[tuple[int, int | None, list[int]]],
    *,
    at_tables: bool,
) -> BoardFact:
    """What the standings know of a board, read from its seats in seat order (entry, placing,
    levels): its sides (each entry once: a partnership team sits twice) and each side's lowest
    level; at an event at tables, a board of three seats or more keeps every seat."""
    sides: dict[int, int | None] = {}
    for entry, _, levels in seats:
        sides.setdefault(entry, levels[0] if levels else None)
    (first, first_lowest), *others = sides.items()
    second, second_lowest = others[0] if others else (None, None)
    table: tuple[tuple[int, int | None, int | None], ...] = ()
    if at_tables and len(seats) > 2:
        table = tuple(
            (entry, placing, levels[0] if levels else None) for entry, placing, levels in seats
        )
    return BoardFact(
        board_id,
        round_number,
        number,
        first,
        second,
        result,
        first_lowest,
        second_lowest,
        check,
        confirmed=confirmation == Board.Confirmation.CONFIRMED,
        seats=table,
    )


def counted(board: BoardFact) -> bool:
    """A board's result counts in the published standings: entered by a director, or a game's
    result whose replay check passed."""
    return bool(board.result) and board.check in (Board.Check.NONE, Board.Check.PASSED)


def game_results(
    data: EventBoards, *, bye_value: float = DEFAULT_BYE_VALUE
) -> tuple[list[GameResult], list[str]]:
    """The scoring core's rows for the counted boards, and the boards left out as unreadable.

    A late entry's rounds before it joined, where it has no board, score as its entry says.
    """
    problems: list[str] = []
    kept: list[ScoredBoard] = []
    tables: list[TableGame] = []
    for b in data.boards:
        if not counted(b):
            continue
        if solitaire.is_solitaire_board(b):  # duplicate solitaire: ranked over its round below
            continue
        if b.is_table:
            table = _table_game(b)
            if table is None:
                problems.append(
                    f"Round {b.round}, board {b.number}: result {b.result!r} does not fit the "
                    "table (every seat needs its placing); left out of the standings."
                )
            else:
                tables.append(table)
            continue
        fits = PAIR_RESULTS if b.second is not None else SINGLE_RESULTS
        if b.result not in fits:
            problems.append(
                f"Round {b.round}, board {b.number}: result {b.result!r} does not fit the "
                "board; left out of the standings."
            )
            continue
        kept.append(
            ScoredBoard(b.round, b.first, b.second, b.result, b.first_lowest, b.second_lowest)
        )
    seated = {(b.round, p) for b in data.boards for p in b.players}
    half_byes: list[tuple[int, int]] = []
    absent: list[tuple[int, int]] = []
    for entry_id, (joined_round, missed) in data.joined.items():
        for rnd in data.rounds:
            if rnd >= joined_round or (rnd, entry_id) in seated:
                continue
            target = half_byes if missed == Entry.MissedRounds.HALF else absent
            target.append((rnd, entry_id))
    rows = results_from_boards(kept, bye_value=bye_value, half_byes=half_byes, absent=absent)
    if tables:
        rows = sorted([*rows, *table_results(tables)], key=lambda r: (r.round, r.player))
    alone = solitaire.solitaire_rows(data.boards)
    if alone:
        rows = sorted([*rows, *alone], key=lambda r: (r.round, r.player))
    return rows, problems


def _table_game(b: BoardFact) -> TableGame | None:
    """A decided table's game for the scoring core; None when its seats do not add up."""
    placings = [placing for _, placing, _ in b.seats]
    k = len(placings)
    if b.result != Result.TABLE or any(p is None or not 1 <= p <= k for p in placings):
        return None
    return TableGame(
        round=b.round,
        players=tuple(entry for entry, _, _ in b.seats),
        placings=tuple(p for p in placings if p is not None),
        lowest=tuple(lowest for _, _, lowest in b.seats),
    )


def event_chain(event: Event) -> tuple[tuple[str, ...], str]:
    """The event's tie-break keys (the MSO Ingenious preset when none is set), and a problem
    message when the configured chain cannot be used."""
    configured = event.tiebreak_chain or None
    try:
        return resolve_chain(configured), ""
    except (ValueError, TypeError) as exc:
        default = PRESETS[DEFAULT_PRESET]
        return default, f"The event's tie-break chain cannot be used ({exc}); MSO Ingenious used."


def build_standings(event: Event, data: EventBoards | None = None) -> Standings:
    """Rank the event's entries and lay out its crosstable; reads the database in three queries
    (:func:`load_event_boards`) unless ``data`` is given."""
    data = data or load_event_boards(event)
    results, problems = game_results(data, bye_value=float(event.bye_value))
    keys, chain_problem = event_chain(event)
    if chain_problem:
        problems.append(chain_problem)
    by_entry = {c.entry_id: c for c in data.contenders}
    rows = compute_standings(list(by_entry), results, keys)
    placings = {p.player: p for p in final_placings(rows)}
    rank_of = {row.player: row.rank for row in rows}

    cells: dict[tuple[int, int], Cell] = {}
    for r in results:
        cells[(r.player, r.round)] = replace(
            _cell(r),
            opponent_rank=rank_of.get(r.opponent) if r.opponent is not None else None,
            opponent_name=by_entry[r.opponent].name if r.opponent in by_entry else "",
        )
    for b in data.boards:
        if b.is_table:
            _table_cells(cells, b)
            continue
        for me, other, first in ((b.first, b.second, True), (b.second, b.first, False)):
            if me is None:
                continue
            known = cells.get((me, b.round))
            if known is not None:
                cells[(me, b.round)] = _with_board(known, b)
            elif not counted(b) or b.result not in (PAIR_RESULTS | SINGLE_RESULTS):
                cells[(me, b.round)] = Cell(
                    round=b.round,
                    kind=HELD if b.held else PROVISIONAL if b.provisional else PENDING,
                    board_id=b.board_id,
                    board_number=b.number,
                    opponent=other,
                    opponent_rank=rank_of.get(other) if other is not None else None,
                    opponent_name=by_entry[other].name if other in by_entry else "",
                    moved_first=first if other is not None else None,
                )

    lines = []
    for row in rows:
        placing = placings[row.player]
        lines.append(
            Line(
                rank=row.rank,
                tied=row.tied,
                place_from=placing.place_from,
                place_to=placing.place_to,
                contender=by_entry[row.player],
                vp=row.vp,
                tiebreaks=tuple(row.tiebreaks[k] for k in keys),
                games_played=row.games_played,
                cells=tuple(cells.get((row.player, rnd)) for rnd in data.rounds),
            )
        )
    pairings = tuple(
        Pairing(
            round=b.round,
            board_id=b.board_id,
            number=b.number,
            first=b.first,
            second=b.second,
            result=b.result if counted(b) else "",
            held=b.held,
            provisional=b.result if b.provisional else "",
        )
        for b in data.boards
    )
    chain = tuple(TieBreakColumn(k, CATALOGUE[k].label, CATALOGUE[k].description) for k in keys)
    return Standings(
        event_id=event.pk,
        chain=chain,
        rounds=data.rounds,
        lines=tuple(lines),
        pairings=pairings,
        computed_at=timezone.now().isoformat(),
        problems=tuple(problems),
    )


def _with_board(cell: Cell, board: BoardFact) -> Cell:
    return replace(
        cell,
        board_id=board.board_id,
        board_number=board.number,
        confirmed=board.confirmed,
        table_size=len(board.seats) if board.is_table else None,
    )


def _table_cells(cells: dict[tuple[int, int], Cell], b: BoardFact) -> None:
    """The cells of a table's players: its counted result, else what holds it back."""
    for seat, me in enumerate(b.players):
        known = cells.get((me, b.round))
        if known is not None:
            cells[(me, b.round)] = _with_board(known, b)
            continue
        cells[(me, b.round)] = Cell(
            round=b.round,
            kind=HELD if b.held else PROVISIONAL if b.provisional else PENDING,
            board_id=b.board_id,
            board_number=b.number,
            moved_first=seat == 0,
            table_size=len(b.seats),
        )


# --- the cache --------------------------------------------------------------------------------


def _compute_and_store(event: Event) -> Standings:
    # The token is read before the data, so data changed meanwhile cannot hide behind it.
    token = standings_cache.generation(event.pk)
    table = build_standings(event)
    standings_cache.store(event.pk, token, table.to_dict())
    return table


def standings_for(event: Event) -> Standings:
    """The event's standings from the cache, computed and cached on a miss."""
    data = standings_cache.load(event.pk)
    if data is not None:
        try:
            return Standings.from_dict(data)
        except (KeyError, TypeError):
            pass  # cached by an older layout of Standings: compute afresh
    return _compute_and_store(event)


def refresh_cached_standings(event_id: int) -> None:
    """Recompute and cache an event's standings (the task run after a result changes), unless
    the cache holds them computed since the latest change: when results come in faster than
    the worker recomputes, the first of the queued tasks computes and the rest find it done.
    Its queued flag is cleared first (effects.queue_standings_recompute): a change committed
    from now on queues the next recompute, and one committed before is read by this one."""
    cache.delete(standings_queued_key(event_id))
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        cache.delete(standings_cache.cache_key(event_id))
        return
    if standings_cache.load(event_id) is not None:
        return  # already computed after the latest change (by a page, or a task queued earlier)
    _compute_and_store(event)


# --- other reads of the standings pages and exports --------------------------------------------


@dataclass(frozen=True)
class PlayerGame:
    """One of a player's boards, from the player's side (the player page)."""

    board: Board
    opponent: Entry | None
    moved_first: bool | None
    cell: Cell | None  # the counted result, when there is one

    @property
    def status(self) -> str:
        if self.board.result_held:
            return gettext("result held (replay check failed)")
        if self.board.result_provisional:
            return gettext("%(result)s provisional (replay check pending)") % {
                "result": self.board.result
            }
        if not self.board.result:
            return gettext("in play") if self.opponent else ""
        return ""


def player_boards(event: Event, entry: Entry) -> list[PlayerGame]:
    """The entry's boards in the event's public rounds, with the counted result of each."""
    boards = (
        Board.objects.filter(round__event=event, round__status__in=PUBLIC_ROUND_STATUSES)
        .filter(seats__entry=entry)
        .distinct()
        .select_related("round")
        .prefetch_related(*SEATED)
        .order_by("round__number", "number")
    )
    games: list[PlayerGame] = []
    for board in boards:
        fact = board_fact(
            board.pk,
            board.round.number,
            board.number,
            board.result,
            board.result_check,
            "",
            [(seat.entry_id, seat.placing, seat.levels) for seat in board.seats.all()],
            at_tables=event.table_size > 2,
        )
        first = fact.first == entry.pk
        opponent = next(iter(board.opponents_of(entry.pk)), None)
        if fact.is_table:  # at a table the player's opponents are the table
            opponent = None
        cell = None
        if counted(fact):
            rows, _ = game_results(
                EventBoards((), {}, (fact.round,), (fact,)), bye_value=float(event.bye_value)
            )
            cell = next((_cell(r) for r in rows if r.player == entry.pk), None)
        games.append(
            PlayerGame(
                board=board,
                opponent=opponent,
                moved_first=first if opponent is not None else None,
                cell=cell,
            )
        )
    return games


def _cell(r: GameResult) -> Cell:
    return Cell(
        round=r.round,
        kind=r.kind,
        opponent=r.opponent,
        moved_first=r.moved_first,
        points=r.points,
        own_lowest=r.own_lowest,
        opp_lowest=r.opp_lowest,
        placing=r.placing,
        table_size=len(r.mates) + 1 if r.mates else None,
    )


def event_rounds(event: Event, *, include_unpublished: bool) -> list[Round]:
    """The event's rounds that have boards (public ones only unless asked)."""
    rounds = Round.objects.filter(event=event, boards__isnull=False).distinct().order_by("number")
    if not include_unpublished:
        rounds = rounds.filter(status__in=PUBLIC_ROUND_STATUSES)
    return list(rounds)


def round_boards(
    event: Event, number: int, *, include_unpublished: bool
) -> tuple[Round, list[Board]]:
    """A round of the event and its boards with both players (for the result slips)."""
    rounds = Round.objects.filter(event=event, number=number)
    if not include_unpublished:
        rounds = rounds.filter(status__in=PUBLIC_ROUND_STATUSES)
    rnd = rounds.get()
    boards = list(rnd.boards.prefetch_related(*SEATED).order_by("number"))
    return rnd, boards


def public_game_records(event: Event) -> list[tuple[Board, Any]]:
    """The game records of the event's public rounds, with their boards (players and round
    loaded), from the games layer."""
    from games.recording.selectors import game_records_for_event

    records = game_records_for_event(event)
    boards = (
        Board.objects.filter(pk__in=[board.pk for board, _ in records])
        .filter(round__status__in=PUBLIC_ROUND_STATUSES)
        .select_related("round")
        .prefetch_related(*SEATED)
        .in_bulk()
    )
    kept = [(boards[board.pk], record) for board, record in records if board.pk in boards]
    return sorted(kept, key=lambda pair: (pair[0].round.number, pair[0].number))
