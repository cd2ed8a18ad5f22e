"""The checks of :mod:`tournament.results.services` (private to it): which kind of board a
result is for, its sides, and each side's outcome (placing and levels) checked against the
result code, the table's order and the event's track. Nothing here writes."""

from collections.abc import Sequence

from django.utils.translation import gettext as _

from scoring.core.tables import placings_from_levels
from tournament.errors import DomainError
from tournament.models.events import DOUBLE_TRACK_MAX as DOUBLE_TRACK_MAX
from tournament.models.events import LOWEST_LEVEL_MAX as LOWEST_LEVEL_MAX
from tournament.models.events import (
    PAIR_RESULTS,
    PLAYED_RESULTS,
    SINGLE_RESULTS,
    Board,
    Event,
    Result,
)
from tournament.models.tables import Seat, seats_of

COLOURS = 6  # a side's colours: at most six levels

#: One side's outcome: its placing (1 best, ties share; None when nobody is placed) and its
#: colour levels, lowest first (as many as known, none for a forfeit or a bye).
SideOutcome = tuple[int | None, tuple[int, ...]]
#: A table's outcome per side in seat order (kept for the Challenges' tally of rows).
TableOutcome = Sequence[tuple[int, int | None, int | None]]

# The placings of the two sides of a played two-sided result (forfeits and byes place nobody).
_PAIR_PLACINGS: dict[str, tuple[int, int]] = {
    Result.FIRST_WINS: (1, 2),
    Result.SECOND_WINS: (2, 1),
    Result.DRAW: (1, 1),
}


def track(event: Event) -> int:
    """The highest level of the event's ruleset (:attr:`Event.track`)."""
    return event.track


# ---------------------------------------------------------------- the board's kind and sides

PAIR, SINGLE, TABLE, ALONE = "pair", "single", "table", "alone"


def side_seats(board: Board) -> list[Seat]:
    """Each side's first seat, in seat order (it holds the side's placing and levels)."""
    first: dict[int, Seat] = {}
    for seat in seats_of(board):
        first.setdefault(seat.entry_id, seat)
    return list(first.values())


def result_kind(board: Board, sides: Sequence[Seat], result: str) -> str:
    """A pair (two sides: two players or two teams), a table (3-4 sides, or a Challenge's
    table), a solitaire entrant playing alone, or a single side (a bye or an absence)."""
    ruleset = board.round.event.ruleset
    if len(sides) <= 1:
        alone = ruleset == Event.Ruleset.SOLITAIRE and result not in SINGLE_RESULTS
        return ALONE if alone and board.result not in SINGLE_RESULTS else SINGLE
    if len(sides) > 2 or ruleset == Event.Ruleset.CHALLENGES:
        return TABLE
    return PAIR


def _who(kind: str, index: int, seat: Seat) -> str:
    if kind == PAIR:
        which = _("The first side") if index == 0 else _("The second side")
        return _("%(which)s (%(name)s)") % {"which": which, "name": seat.entry.name}
    if kind == ALONE:
        return seat.entry.name
    return _("Seat %(number)s (%(name)s)") % {"number": seat.number + 1, "name": seat.player.name}


# ---------------------------------------------------------------- the one check of the levels


def _row(who: str, given: object, top: int, *, minimum: int, field: str) -> tuple[int, ...]:
    """One side's levels as given (a list, lowest first; a pair's lowest may come alone),
    checked against the track: DomainError names the side and the limit."""
    if given is None:
        given = ()
    if isinstance(given, int) and not isinstance(given, bool):
        given = (given,)
    if isinstance(given, str | bytes) or not isinstance(given, Sequence):
        given = ()
    row = tuple(given)
    if not minimum <= len(row) <= COLOURS:
        if minimum >= 2:
            message = _("%(who)s: give the lowest colour level and the next lowest.")
        else:
            message = _("%(who)s: give the lowest colour level (up to six levels, lowest first).")
        raise DomainError(message % {"who": who}, field=field)
    for level in row:
        if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= top:
            raise DomainError(
                _(
                    "%(who)s: a colour level is a whole number from 0 to %(max)s (this event's "
                    "track), not %(level)s."
                )
                % {"who": who, "max": top, "level": repr(level)},
                field=field,
            )
    if list(row) != sorted(row):
        raise DomainError(
            _(
                "%(who)s: the next lowest level (%(next)s) is below the lowest (%(lowest)s): "
                "give the lowest first."
            )
            % {"who": who, "next": min(row[1:]), "lowest": row[0]},
            field=field,
        )
    return row


def _pair_fields(levels: object) -> list[object]:
    if levels is None:
        return [None, None]
    if isinstance(levels, str | bytes) or not isinstance(levels, Sequence) or len(levels) != 2:
        raise DomainError(
            _("Give the levels of the two sides, the first side's first."), field="levels"
        )
    return list(levels)


def _pair_outcome(
    board: Board, sides: Sequence[Seat], result: str, levels: object
) -> list[SideOutcome]:
    top = track(board.round.event)
    given = _pair_fields(levels)
    rows: list[tuple[int, ...]] = []
    for i, (seat, raw) in enumerate(zip(sides, given, strict=True)):
        field = ("first_lowest", "second_lowest")[i]
        empty = raw is None or (isinstance(raw, list | tuple) and not raw)
        row = () if empty else _row(_who(PAIR, i, seat), raw, top, minimum=1, field=field)
        if row and result not in PLAYED_RESULTS:
            raise DomainError(_("Lowest colour levels belong to played games only."), field=field)
        rows.append(row)
    _agree(result, rows[0], rows[1])
    placings = _PAIR_PLACINGS.get(result, (None, None))
    return [(placings[i], rows[i]) for i in range(2)]


def _agree(result: str, first: tuple[int, ...], second: tuple[int, ...]) -> None:
    """A two-sided result agrees with the levels (the result order: lowest, then the next)."""
    if not first or not second:
        return
    if len(first) == len(second) >= 2:
        a, b = first, second
    else:
        a, b = first[:1], second[:1]
    words = {"first_lowest": first[0], "second_lowest": second[0]}
    if a > b and result != Result.FIRST_WINS:
        raise DomainError(
            _(
                "The first player's lowest colour (%(first_lowest)s) is higher "
                "than the second's (%(second_lowest)s): the result is 1-0."
            )
            % words
            if first[0] > second[0]
            else _("The first side's levels are higher than the second's: the result is 1-0."),
            field="result",
        )
    if a < b and result != Result.SECOND_WINS:
        raise DomainError(
            _(
                "The second player's lowest colour (%(second_lowest)s) is higher "
                "than the first's (%(first_lowest)s): the result is 0-1."
            )
            % words
            if first[0] < second[0]
            else _("The second side's levels are higher than the first's: the result is 0-1."),
            field="result",
        )
    if a == b and len(a) == COLOURS and result != Result.DRAW:
        raise DomainError(
            _("Both sides finished with the same six levels: the result is ½-½."), field="result"
        )


def check_levels(
    result: str, first_lowest: int | None, second_lowest: int | None, *, board: Board | None = None
) -> None:
    """A two-sided result's lowest levels, checked as :func:`enter_result` checks them (the
    board's event gives the track; without it, 0-18): for a claim made before it is entered."""
    top = track(board.round.event) if board is not None else LOWEST_LEVEL_MAX
    rows: list[tuple[int, ...]] = []
    for i, level in enumerate((first_lowest, second_lowest)):
        field = ("first_lowest", "second_lowest")[i]
        if level is None:
            rows.append(())
            continue
        which = _("The first side") if i == 0 else _("The second side")
        rows.append(_row(which, level, top, minimum=1, field=field))
        if result not in PLAYED_RESULTS:
            raise DomainError(_("Lowest colour levels belong to played games only."), field=field)
    _agree(result, rows[0], rows[1])


def _table_outcome(
    board: Board, sides: Sequence[Seat], levels: object, placings: Sequence[int] | None
) -> list[SideOutcome]:
    top = track(board.round.event)
    given = list(levels) if isinstance(levels, list | tuple) else []
    if len(given) != len(sides):
        raise DomainError(
            _(
                "Board %(number)s seats %(k)s players: give the levels of each, in seat order "
                "(%(given)s given)."
            )
            % {"number": board.number, "k": len(sides), "given": len(given)},
            field="levels",
        )
    rows = [
        _row(_who(TABLE, i, seat), raw, top, minimum=1, field="levels")
        for i, (seat, raw) in enumerate(zip(sides, given, strict=True))
    ]
    if len({len(row) for row in rows}) > 1:
        raise DomainError(
            _("Give the same number of colour levels for every seat."), field="levels"
        )
    final = _table_placings(sides, rows, placings)
    return list(zip(final, rows, strict=True))


def _table_placings(
    sides: Sequence[Seat], rows: list[tuple[int, ...]], placings: Sequence[int] | None
) -> list[int]:
    if placings is None:
        return placings_from_levels(rows)
    k = len(sides)
    given = list(placings) if isinstance(placings, list | tuple) else []
    if len(given) != k or any(isinstance(p, bool) or not isinstance(p, int) for p in given):
        raise DomainError(
            _("Give one placing (1 to %(k)s) per seat, in seat order.") % {"k": k},
            field="placings",
        )
    for i, (seat, mine) in enumerate(zip(sides, given, strict=True)):
        if mine != 1 + sum(other < mine for other in given):
            raise DomainError(
                _(
                    "%(who)s: placing %(placing)s does not fit the others; placings at a "
                    "table run 1, 2, 3..., tied seats sharing the better (1, 2, 2, 4)."
                )
                % {"who": _who(TABLE, i, seat), "placing": mine},
                field="placings",
            )
    for i, a in enumerate(sides):
        for j, b in enumerate(sides):
            if rows[i] > rows[j] and given[i] >= given[j]:
                raise DomainError(
                    _(
                        "%(who)s finished with higher levels than %(other)s, so places "
                        "better: placing %(mine)s is not before %(theirs)s."
                    )
                    % {
                        "who": _who(TABLE, i, a),
                        "other": _who(TABLE, j, b),
                        "mine": given[i],
                        "theirs": given[j],
                    },
                    field="placings",
                )
    return given


def result_outcome(
    board: Board,
    kind: str,
    sides: Sequence[Seat],
    result: str,
    levels: object,
    placings: Sequence[int] | None,
) -> tuple[str, list[SideOutcome]]:
    """The result code and each side's outcome, checked; nothing is written."""
    field = "levels" if kind in (TABLE, ALONE) else "result"
    if not board.round.is_public:
        raise DomainError(
            _("Round %(number)s is not published: its boards take no results yet.")
            % {"number": board.round.number},
            field=field,
        )
    if result and result not in Result.values:
        raise DomainError(
            _("%(result)s is not a result code.") % {"result": repr(result)}, field="result"
        )
    if kind in (TABLE, ALONE) and levels is not None and result == "":
        result = Result.TABLE
    if not result:
        if levels not in (None, [], (), [None, None]):
            raise DomainError(_("Lowest colour levels belong to played games only."), field=field)
        return "", [(None, ()) for _side in sides]
    if kind == TABLE:
        if result != Result.TABLE:
            raise DomainError(
                _(
                    "Board %(number)s is a table of more than two players: its result is each "
                    "seat's levels and placing, not %(result)s."
                )
                % {"number": board.number, "result": result},
                field="result",
            )
        return result, _table_outcome(board, sides, levels, placings)
    if kind == ALONE:
        if result != Result.TABLE:
            raise DomainError(
                _(
                    "Board %(number)s is a duplicate solitaire entrant's: its result is the "
                    "entrant's levels, not %(result)s."
                )
                % {"number": board.number, "result": result},
                field="result",
            )
        one = levels[0] if isinstance(levels, list | tuple) and len(levels) == 1 else None
        if isinstance(one, list | tuple):
            levels = one  # per side, for the board's one side
        top = track(board.round.event)
        row = _row(_who(ALONE, 0, sides[0]), levels, top, minimum=2, field="levels")
        return result, [(1, row)]  # placed among the round's entrants right after
    if kind == PAIR and result == Result.TABLE:
        raise DomainError(
            _(
                "Board %(number)s is not a table of more than two players: enter its result "
                "as a two-sided result (1-0, 0-1, ½-½ or a forfeit)."
            )
            % {"number": board.number},
            field="result",
        )
    if kind == SINGLE and (result == Result.TABLE or levels not in (None, [], ())):
        raise DomainError(
            _(
                "Board %(number)s is a bye or an absence (%(result)s): no game is played "
                "there, so it takes no levels."
            )
            % {"number": board.number, "result": board.get_result_display() or _("no opponent")},
            field="levels",
        )
    allowed = SINGLE_RESULTS if kind == SINGLE else PAIR_RESULTS
    if result not in allowed:
        what = _("a board without an opponent") if kind == SINGLE else _("a game between two sides")
        raise DomainError(
            _("%(result)s is not a result for %(kind)s.") % {"result": result, "kind": what},
            field="result",
        )
    if kind == SINGLE:
        if levels not in (None, [], (), [None, None], [None]):
            raise DomainError(_("Lowest colour levels belong to played games only."), field=field)
        return result, [(None, ())]
    return result, _pair_outcome(board, sides, result, levels)


def standing(sides: Sequence[Seat]) -> list[SideOutcome]:
    """Each side's outcome as stored in its seats."""
    return [(seat.placing, tuple(seat.levels or ())) for seat in sides]


def game_outcome_agrees(stored: Sequence[SideOutcome], sent: Sequence[SideOutcome]) -> bool:
    """The game's outcome fits the one stored: the same placings, and the levels agree as far
    as both go (a director enters the lowest levels, a game sends all six)."""
    if len(stored) != len(sent):
        return False
    for (p1, l1), (p2, l2) in zip(stored, sent, strict=True):
        n = min(len(l1), len(l2))
        if p1 != p2 or l1[:n] != l2[:n]:
            return False
    return True
