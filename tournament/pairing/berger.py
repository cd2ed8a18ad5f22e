"""All-play-all by the Berger tables (FIDE Handbook C.05, Annex 1), once or twice.

A double all-play-all plays the table twice: the second cycle repeats the table's rounds in
order with who moves first reversed in every game, and (as Annex 1 recommends) the first cycle
plays the table's last two rounds in swapped order, so that nobody moves first, or second, three
games running across the turn of the cycles.
"""

from __future__ import annotations

from collections.abc import Sequence

from .model import NoPairingError, Pairing, PlayerState, RoundPairing
from .notes import Note, note


def berger_table(n: int) -> list[list[tuple[int, int]]]:
    """The published Berger table for an even ``n``: ``n - 1`` rounds of ``(first, second)``.

    Pairs are listed in the table's order. In round ``r`` the highest number ``n`` meets
    ``(r + 1) / 2`` (odd rounds, who has first move) or ``n / 2 + r / 2`` (even rounds, ``n`` has
    first move); the other players ``a + i`` and ``a - i`` (mod ``n - 1``) around that anchor ``a``
    meet with ``a + i`` first.
    """
    if n < 2 or n % 2:
        raise ValueError(f"berger_table needs an even number of players >= 2, got {n}")
    m = n - 1
    table: list[list[tuple[int, int]]] = []
    for r in range(1, n):
        if r % 2:
            anchor = (r + 1) // 2
            pairs = [(anchor, n)]
        else:
            anchor = n // 2 + r // 2
            pairs = [(n, anchor)]
        for i in range(1, n // 2):
            up = (anchor - 1 + i) % m + 1
            down = (anchor - 1 - i) % m + 1
            pairs.append((up, down))
        table.append(pairs)
    return table


def round_robin_schedule(n: int) -> list[list[tuple[int, int]]]:
    """Berger schedule for ``n`` players by starting rank (1-based).

    Each round is a list of ``(first, second)`` ranks in table order. With an odd ``n`` the table
    for ``n + 1`` is used and the dummy ``n + 1`` is written as ``0``: the pair ``(r, 0)`` means
    rank ``r`` has the bye that round.
    """
    if n < 1:
        return []
    if n == 1:
        return [[(1, 0)]]
    size = n + (n % 2)
    schedule: list[list[tuple[int, int]]] = []
    for pairs in berger_table(size):
        rnd: list[tuple[int, int]] = []
        for a, b in pairs:
            if b > n:
                rnd.append((a, 0))
            elif a > n:
                rnd.append((b, 0))
            else:
                rnd.append((a, b))
        schedule.append(rnd)
    return schedule


def double_round_robin_schedule(n: int) -> list[list[tuple[int, int]]]:
    """The double all-play-all of ``n`` players by starting rank: ``2 * (rounds of the table)``
    rounds in the form of ``round_robin_schedule`` (``(r, 0)``: rank ``r`` has the bye).

    Cycle 1 is the Berger table with its last two rounds swapped (FIDE C.05 Annex 1); cycle 2 is
    the table in its own order, each game with the other player moving first.
    """
    table = round_robin_schedule(n)
    first = table[:-2] + [table[-1], table[-2]] if len(table) > 2 else list(table)
    second = [[(b, a) if b else (a, b) for a, b in rnd] for rnd in table]
    return [list(rnd) for rnd in first] + second


def _board_key(pair: tuple[PlayerState, PlayerState | None]) -> tuple[float, float, int]:
    a, b = pair
    if b is None:
        return (1.0, -a.score, a.rank)  # byes after all games
    hi = max(a.score, b.score)
    lo = min(a.score, b.score)
    return (0.0, -hi - lo / 1000.0, min(a.rank, b.rank))


def pair_round_robin(
    players: Sequence[PlayerState], round_number: int, *, double: bool = False
) -> RoundPairing:
    """Pair one round from the schedule fixed by starting rank at the start of the event (with
    ``double``: the double all-play-all's, ``double_round_robin_schedule``).

    Every registered player keeps their table number, withdrawn or not: a player whose scheduled
    opponent has withdrawn, is absent or asked for a bye gets a bye, and the reason says why.
    """
    by_rank = sorted(players, key=lambda p: (p.rank, p.id))
    n = len(by_rank)
    schedule = double_round_robin_schedule(n) if double else round_robin_schedule(n)
    kind = note("double round robin") if double else note("round robin")
    if not 1 <= round_number <= len(schedule):
        raise NoPairingError(
            f"{kind} of {n} players has {len(schedule)} rounds; there is no round {round_number}"
        )
    cycle = len(schedule) // 2 if double else len(schedule)
    where = (
        note(
            "%(kind)s round %(round)s, cycle %(cycle)s",
            kind=kind,
            round=round_number,
            cycle=(round_number - 1) // cycle + 1,
        )
        if double
        else note("%(kind)s round %(round)s", kind=kind, round=round_number)
    )

    def playing(p: PlayerState) -> bool:
        return p.active and not p.wants_bye

    def missing(p: PlayerState) -> Note:
        if not p.active:
            return note("has withdrawn or is absent")
        return note("asked for a bye")

    rows: list[tuple[PlayerState, PlayerState | None, Note]] = []
    for a_no, b_no in schedule[round_number - 1]:
        a = by_rank[a_no - 1]
        if b_no == 0:
            if playing(a):
                bye = note("bye: #%(rank)s (odd field, %(where)s)", rank=a.rank, where=where)
                rows.append((a, None, bye))
            continue
        b = by_rank[b_no - 1]
        if playing(a) and playing(b):
            reason = note(
                "%(where)s: #%(first)s v #%(second)s (Berger table "
                "%(table_first)s-%(table_second)s; #%(first)s moves first)",
                where=where,
                first=a.rank,
                second=b.rank,
                table_first=a_no,
                table_second=b_no,
            )
            rows.append((a, b, reason))
        elif playing(a) or playing(b):
            here, gone = (a, b) if playing(a) else (b, a)
            reason = note(
                "bye: #%(rank)s's scheduled opponent #%(opponent)s %(why)s",
                rank=here.rank,
                opponent=gone.rank,
                why=missing(gone),
            )
            rows.append((here, None, reason))
    rows.sort(key=lambda row: _board_key((row[0], row[1])))
    pairings = [
        Pairing(board=i + 1, first=a.id, second=None if b is None else b.id, reasons=(reason,))
        for i, (a, b, reason) in enumerate(rows)
    ]
    notes = [
        note(
            "%(kind)s of %(players)s players by the Berger table (table numbers = starting ranks)",
            kind=kind,
            players=n,
        )
    ]
    if double:
        notes.append(
            note(
                "double round robin: the table's last two rounds swapped in cycle 1 (FIDE C.05 "
                "Annex 1), cycle 2 the table again with who moves first reversed"
            )
        )
    return RoundPairing(
        round_number=round_number,
        system="double-round-robin" if double else "round-robin",
        pairings=pairings,
        requested_byes=sorted(p.id for p in players if p.active and p.wants_bye),
        absent=sorted(p.id for p in players if not p.active),
        notes=notes,
    )


__all__ = [
    "berger_table",
    "double_round_robin_schedule",
    "pair_round_robin",
    "round_robin_schedule",
]
