"""Result rows and the victory points they carry (RULINGS.md, "MSO ruleset").

Every player has one :class:`GameResult` row per round, so a played game gives two rows, one
from each side. The row's ``points`` are the victory points (VP) the player scored that round:

========== ======================================================================
kind       points
========== ======================================================================
played     win 1, draw 1/2, loss 0
forfeit    ``+/-``: 1 to the player present, 0 to the absentee; ``-/-``: 0 and 0
bye        the event's bye value (default 1, configurable)
half_bye   a requested half-point bye: 1/2
full_bye   a requested full-point bye: 1 (when the event allows it)
absent     0 (not paired, no bye)
table      a game at a table of 3 or 4: (players beaten + 1/2 tied) / (k - 1)
========== ======================================================================

A ``table`` row (built by :func:`scoring.core.tables.table_results`) names no single opponent:
``mates`` are the other players at the table in seat order, with their placings and lowest
levels beside them, so that the tie-breaks can read the result against each of them.

Only ``played`` and ``table`` rows count as games: byes and forfeits add victory points but
nothing to progressive difference, progressive level or spread, and they are no game "between"
players for the results-between and head-to-head tie-breaks (see :mod:`scoring.core.tiebreaks`).
"""

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

PLAYED = "played"
FORFEIT = "forfeit"
BYE = "bye"
HALF_BYE = "half_bye"
FULL_BYE = "full_bye"
ABSENT = "absent"
TABLE = "table"
KINDS: frozenset[str] = frozenset({PLAYED, FORFEIT, BYE, HALF_BYE, FULL_BYE, ABSENT, TABLE})
#: Kinds of a game played over the board (two players, or a table of 3 or 4).
GAME_KINDS: frozenset[str] = frozenset({PLAYED, TABLE})
#: Kinds whose row names an opponent.
PAIRED_KINDS: frozenset[str] = frozenset({PLAYED, FORFEIT})

WIN = 1.0
DRAW = 0.5
LOSS = 0.0
DEFAULT_BYE_VALUE = 1.0
HALF_BYE_VALUE = 0.5
FULL_BYE_VALUE = 1.0
ABSENT_VALUE = 0.0


@dataclass(frozen=True, slots=True)
class GameResult:
    """One player's result in one round.

    ``own_lowest``/``opp_lowest`` are the lowest colour levels at the end of a played game (the
    MSO report); they are ``None`` for byes, forfeits and absences. ``moved_first`` is ``None``
    when no game was played.

    A ``table`` row has no ``opponent`` nor ``opp_lowest``: ``mates`` are the other players at
    the table (seat order), ``mates_placings`` and ``mates_lowest`` their placings and lowest
    levels, ``placing`` the player's own (1 best, ties share).
    """

    round: int
    player: int
    opponent: int | None
    points: float
    kind: str = PLAYED
    moved_first: bool | None = None
    own_lowest: int | None = None
    opp_lowest: int | None = None
    placing: int | None = None
    mates: tuple[int, ...] = ()
    mates_placings: tuple[int, ...] = ()
    mates_lowest: tuple[int | None, ...] = ()

    @property
    def is_game(self) -> bool:
        """True for a game actually played over the board (two players or a table)."""
        return self.kind in GAME_KINDS

    @property
    def level_difference(self) -> float | None:
        """Own lowest level minus the opponent's, for a played game with both levels known; at
        a table, minus the mean of the other players' known lowest levels (RULINGS.md)."""
        if self.kind == TABLE:
            known = [level for level in self.mates_lowest if level is not None]
            if self.own_lowest is None or not known:
                return None
            return self.own_lowest - sum(known) / len(known)
        if self.kind != PLAYED or self.own_lowest is None or self.opp_lowest is None:
            return None
        return self.own_lowest - self.opp_lowest

    def result_against(self, mate: int) -> float | None:
        """The player's result against ``mate`` at this table (1 beaten, 1/2 tied, 0 lost),
        from the placings; None when ``mate`` did not sit at it or a placing is missing."""
        if self.kind != TABLE or self.placing is None or mate not in self.mates:
            return None
        theirs = self.mates_placings[self.mates.index(mate)]
        return WIN if self.placing < theirs else DRAW if self.placing == theirs else LOSS


# Two-player board results, as (first player's VP, second player's VP, kind).
_PAIR_RESULTS: dict[str, tuple[float, float, str]] = {
    "1-0": (WIN, LOSS, PLAYED),
    "0-1": (LOSS, WIN, PLAYED),
    "1/2-1/2": (DRAW, DRAW, PLAYED),
    "½-½": (DRAW, DRAW, PLAYED),
    "+/-": (WIN, LOSS, FORFEIT),
    "-/+": (LOSS, WIN, FORFEIT),
    "-/-": (LOSS, LOSS, FORFEIT),
}
# One-player board results (no second player), as kinds; the VP follow from the kind.
_SINGLE_RESULTS: dict[str, str] = {
    "bye": BYE,
    "half-bye": HALF_BYE,
    "half_bye": HALF_BYE,
    "full-bye": FULL_BYE,
    "full_bye": FULL_BYE,
    "absent": ABSENT,
}
#: Every ``Board.result`` that :func:`results_from_boards` accepts ("" = not yet played).
OUTCOMES: frozenset[str] = frozenset(_PAIR_RESULTS) | frozenset(_SINGLE_RESULTS) | {""}


@dataclass(frozen=True, slots=True)
class Board:
    """One table of a round as the arbiter records it; ``first`` moves first.

    ``result`` for two players: ``1-0``, ``0-1``, ``1/2-1/2`` (or ``½-½``), ``+/-``, ``-/+``,
    ``-/-``; for one player (``second`` is ``None``): ``bye``, ``half-bye``, ``absent``;
    ``""`` while the game has no result yet (the board gives no rows).
    """

    round: int
    first: int
    second: int | None
    result: str
    first_lowest: int | None = None
    second_lowest: int | None = None


def results_from_boards(
    boards: Iterable[Board],
    *,
    bye_value: float = DEFAULT_BYE_VALUE,
    byes: Iterable[tuple[int, int]] = (),
    half_byes: Iterable[tuple[int, int]] = (),
    absent: Iterable[tuple[int, int]] = (),
) -> list[GameResult]:
    """Result rows from boards: two rows for a two-player board, one for a bye, half-point
    bye or absence, none for a board without a result yet. ``byes``, ``half_byes`` and
    ``absent`` add one-player rows given as ``(round, player)`` pairs (for example a late
    entry's missed rounds). A bye is worth ``bye_value``. Raises ``ValueError`` for an unknown
    result or one that does not fit the board (a game without a second player, a bye with
    one). Rows come sorted by round, then player."""
    rows: list[GameResult] = []
    singles: list[tuple[int, int, str]] = []
    for b in boards:
        where = f"round {b.round}, {b.first} v {b.second}"
        if b.result == "":
            continue
        if b.result in _SINGLE_RESULTS:
            if b.second is not None:
                raise ValueError(f"{where}: {b.result!r} is a one-player result")
            singles.append((b.round, b.first, _SINGLE_RESULTS[b.result]))
            continue
        if b.result not in _PAIR_RESULTS:
            raise ValueError(f"{where}: unknown result {b.result!r}")
        if b.second is None:
            raise ValueError(f"{where}: {b.result!r} needs two players")
        first_vp, second_vp, kind = _PAIR_RESULTS[b.result]
        played = kind == PLAYED
        for player, opponent, vp, first, own, opp in (
            (b.first, b.second, first_vp, True, b.first_lowest, b.second_lowest),
            (b.second, b.first, second_vp, False, b.second_lowest, b.first_lowest),
        ):
            rows.append(
                GameResult(
                    round=b.round,
                    player=player,
                    opponent=opponent,
                    points=vp,
                    kind=kind,
                    moved_first=first if played else None,
                    own_lowest=own if played else None,
                    opp_lowest=opp if played else None,
                )
            )
    singles.extend((rnd, player, BYE) for rnd, player in byes)
    singles.extend((rnd, player, HALF_BYE) for rnd, player in half_byes)
    singles.extend((rnd, player, ABSENT) for rnd, player in absent)
    value = {
        BYE: float(bye_value),
        HALF_BYE: HALF_BYE_VALUE,
        FULL_BYE: FULL_BYE_VALUE,
        ABSENT: ABSENT_VALUE,
    }
    rows.extend(GameResult(rnd, player, None, value[kind], kind) for rnd, player, kind in singles)
    return sorted(rows, key=lambda r: (r.round, r.player))


def validate_results(results: Iterable[GameResult], *, bye_value: float | None = None) -> list[str]:
    """Consistency problems in a set of rows, as messages; empty when the set is sound.

    Checks: known kind, round >= 1, one row per player per round, an opponent exactly for
    played/forfeit rows, the VP each kind allows (bye: ``bye_value`` when given), a matching
    row from the opponent's side (same kind, VP summing to 1, or 0 for ``-/-``, mirrored
    levels), lowest levels reported for played games, and a result that agrees with them (the
    higher lowest level wins; equal lowest levels are decided by the next colours).
    """
    rows = list(results)
    errors: list[str] = []
    seen: dict[tuple[int, int], GameResult] = {}
    counts: dict[tuple[int, int], int] = defaultdict(int)
    for r in rows:
        where = f"round {r.round}, player {r.player}"
        counts[(r.round, r.player)] += 1
        seen[(r.round, r.player)] = r
        if r.kind not in KINDS:
            errors.append(f"{where}: unknown kind {r.kind!r}")
            continue
        if r.round < 1:
            errors.append(f"{where}: round must be at least 1")
        if r.kind in PAIRED_KINDS:
            if r.opponent is None:
                errors.append(f"{where}: a {r.kind} row needs an opponent")
            elif r.opponent == r.player:
                errors.append(f"{where}: a player cannot meet himself")
        elif r.opponent is not None:
            errors.append(f"{where}: a {r.kind} row has no opponent")
        allowed: set[float] | None = {
            PLAYED: {WIN, DRAW, LOSS},
            FORFEIT: {WIN, LOSS},
            HALF_BYE: {HALF_BYE_VALUE},
            FULL_BYE: {FULL_BYE_VALUE},
            ABSENT: {ABSENT_VALUE},
            BYE: None if bye_value is None else {bye_value},
            TABLE: None,  # checked against the placings below
        }[r.kind]
        if (allowed is not None and r.points not in allowed) or r.points < 0:
            errors.append(f"{where}: {r.points} VP is not possible for a {r.kind} row")
        if r.kind == PLAYED:
            if r.own_lowest is None or r.opp_lowest is None:
                errors.append(f"{where}: played game without both lowest levels")
            elif r.own_lowest > r.opp_lowest and r.points != WIN:
                errors.append(f"{where}: higher lowest level ({r.own_lowest}) but not a win")
            elif r.own_lowest < r.opp_lowest and r.points != LOSS:
                errors.append(f"{where}: lower lowest level ({r.own_lowest}) but not a loss")
        if r.kind == TABLE:
            errors.extend(f"{where}: {problem}" for problem in _table_row_problems(r))
    errors.extend(
        f"round {rnd}, player {player}: {n} rows in one round"
        for (rnd, player), n in sorted(counts.items())
        if n > 1
    )
    for (rnd, player), r in sorted(seen.items()):
        if r.kind == TABLE:
            errors.extend(_table_mate_problems(r, seen))
            continue
        if r.kind not in PAIRED_KINDS or r.opponent is None or r.opponent == player:
            continue
        other = seen.get((rnd, r.opponent))
        where = f"round {rnd}, players {player} and {r.opponent}"
        if other is None or other.opponent != player or other.kind != r.kind:
            errors.append(f"{where}: no matching {r.kind} row from player {r.opponent}")
            continue
        if player > r.opponent:
            continue  # each pair once
        total = r.points + other.points
        if r.kind == PLAYED and total != WIN:
            errors.append(f"{where}: VP of a played game must sum to 1, not {total}")
        if r.kind == FORFEIT and total not in (WIN, LOSS):
            errors.append(f"{where}: VP of a forfeit must be 1/0 or 0/0, not {total}")
        mirrored = (r.own_lowest, r.opp_lowest) == (other.opp_lowest, other.own_lowest)
        if r.kind == PLAYED and not mirrored:
            errors.append(f"{where}: the two rows report different lowest levels")
        if r.moved_first is not None and r.moved_first == other.moved_first:
            errors.append(f"{where}: exactly one player moves first")
    return errors


def _table_row_problems(r: GameResult) -> list[str]:
    if not r.mates or r.player in r.mates or len(set(r.mates)) != len(r.mates):
        return [f"a table row needs other players, not {list(r.mates)}"]
    if len(r.mates_placings) != len(r.mates) or len(r.mates_lowest) != len(r.mates):
        return ["a table row needs a placing and a lowest level for every other player"]
    if r.placing is None:
        return ["a table row needs the player's placing"]
    k = len(r.mates) + 1
    if any(not 1 <= p <= k for p in (r.placing, *r.mates_placings)):
        return [f"placings at a table of {k} are 1 to {k}"]
    results = [r.result_against(m) or 0.0 for m in r.mates]
    if abs(r.points - sum(results) / len(results)) > 1e-9:
        return [f"{r.points} VP does not follow from placing {r.placing} at a table of {k}"]
    return []


def _table_mate_problems(r: GameResult, seen: dict[tuple[int, int], GameResult]) -> list[str]:
    """Every player at the table reports the same table, placings and levels."""
    table = dict(zip(r.mates, zip(r.mates_placings, r.mates_lowest, strict=False), strict=False))
    table[r.player] = (r.placing or 0, r.own_lowest)
    for mate in r.mates:
        other = seen.get((r.round, mate))
        where = f"round {r.round}, players {r.player} and {mate}"
        if other is None or other.kind != TABLE:
            return [f"{where}: no matching table row from player {mate}"]
        theirs = dict(
            zip(
                other.mates,
                zip(other.mates_placings, other.mates_lowest, strict=False),
                strict=False,
            )
        )
        theirs[mate] = (other.placing or 0, other.own_lowest)
        if theirs != table:
            return [f"{where}: the two rows report different tables"]
    return []
