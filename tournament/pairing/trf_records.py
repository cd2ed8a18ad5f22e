"""The tournament records of a TRF file beyond the players: rounds, initial colour, point
settings, requested byes and forbidden pairs, in TRF-16 (with the bbpPairings / JaVaFo
extensions) and TRF-2026 spelling.

========================  =====================  ==========================================
meaning                   TRF-16 (extensions)    TRF-2026
========================  =====================  ==========================================
number of rounds          ``XXR 9``              ``142 9``
initial colour            ``XXC white1/black1``  ``152 W`` / ``152 B``
point settings            ``BBW 1.0`` (W D L     ``162  W 1.0    D 0.5 ...`` (code in column
                          U Z F)                 6, points in 7-10, every 9 columns)
requested byes            ``0000 - H`` in the    ``240 H 003 0026 0047`` (type in column 5,
                          round's block          round in 7-9, players from column 11)
forbidden pairs           ``XXP 12 25 34``       ``260 001 002 0125 0180`` (rounds in 5-7
                                                 and 9-11, players from column 13)
========================  =====================  ==========================================

Choices where the 2026 text leaves room (FIDE handbook TRF26):

- Fields are read as blank-separated tokens, not strictly by column, as long as they come in
  the documented order (programs pad differently); errors name the token's column.
- ``240`` also accepts ``U``: a pairing-allocated bye fixed in advance (the player is not paired
  and it counts as their bye). Points: H = draw (``D``), F = win (``W``), Z = absence (``A``),
  U = pairing-allocated bye (``P``).
- All players of one ``260`` / ``XXP`` line are kept apart from each other; ``XXP`` holds in
  every round. ``260`` with only a first round holds in that round.
- ``162 A`` (absence) sets both the zero-point bye and the forfeit loss (``BBZ`` and ``BBF``);
  ``X`` (unknown result) has no TRF-16 spelling and is dropped when writing TRF-16.
- ``XXC`` lines are kept as written (JaVaFo's ``rank`` and others); ``white1`` / ``black1`` on
  one also sets the initial colour.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from tournament.reading import points_number, whole_number

from .trf_model import BYE_CODES, TrfError, TrfEvent, TrfForbidden

#: TRF-2026 ``162`` result codes and the bbpPairings codes they stand for.
POINT_CODES: dict[str, tuple[str, ...]] = {
    "W": ("BBW",),
    "D": ("BBD",),
    "L": ("BBL",),
    "A": ("BBZ", "BBF"),
    "P": ("BBU",),
    "X": (),
}
BB_CODES = ("BBW", "BBD", "BBL", "BBU", "BBZ", "BBF")
#: Records of TRF-2026 only: a file with one is read as version 2026.
RECORDS_2026 = frozenset({"142", "152", "162", "240", "250", "260"})

_POINT_ITEM = re.compile(r"([A-Za-z])\s*([+-]?[0-9]+(?:\.[0-9]*)?)")


def tokens(rest: str, column: int = 5) -> list[tuple[str, int]]:
    """Blank-separated tokens of ``rest`` with their 1-based columns (``rest`` starts at
    ``column``)."""
    return [(m.group(), column + m.start()) for m in re.finditer(r"\S+", rest)]


def _number(token: str, column: int, line: int, what: str) -> int:
    number = whole_number(token)
    if number is None:
        raise TrfError(f"{what} {token!r} is not a number", line, column)
    return number


def read_rounds(code: str, rest: str, line: int) -> int:
    toks = tokens(rest)
    if not toks:
        raise TrfError(f"{code} needs the number of rounds", line, 5)
    value = _number(toks[0][0], toks[0][1], line, "number of rounds")
    if value < 1:
        raise TrfError(f"{code} needs a number of rounds of 1 or more", line, toks[0][1])
    return value


def read_colour(code: str, rest: str, line: int) -> str | None:
    """``152 W``/``B`` or ``XXC white1``/``black1``: "w" or "b" (None: no colour given)."""
    for tok, col in tokens(rest):
        word = tok.lower()
        if code == "152":
            if word in ("w", "b"):
                return word
            raise TrfError(f"152: initial colour {tok!r} is not W or B", line, col)
        if word in ("white1", "black1"):
            return word[0]
    if code == "152":
        raise TrfError("152 needs the initial colour (W or B)", line, 5)
    return None


def read_points(code: str, rest: str, line: int) -> dict[str, float]:
    """Point settings of a ``162`` line (TRF-2026 codes) or a ``BB?`` line, as BB codes."""
    if code in BB_CODES:
        toks = tokens(rest)
        points = points_number(toks[0][0]) if toks else None
        if points is None:
            raise TrfError(f"{code} needs a number of points", line, 5)
        return {code: points}
    out: dict[str, float] = {}
    pos = 0
    found = False
    for m in _POINT_ITEM.finditer(rest):
        gap = rest[pos : m.start()]
        if gap.strip():
            col = 5 + pos + (len(gap) - len(gap.lstrip()))
            raise TrfError(f"162: {gap.strip()!r} is not a result code and points", line, col)
        letter = m.group(1).upper()
        if letter not in POINT_CODES:
            raise TrfError(
                f"162: result code {m.group(1)!r} is not W, D, L, A, P or X", line, 5 + m.start()
            )
        value = points_number(m.group(2))
        if value is None:
            raise TrfError(f"162: points {m.group(2)!r} are not a number", line, 5 + m.start(2))
        for bb in POINT_CODES[letter]:
            out[bb] = value
        found = True
        pos = m.end()
    if rest[pos:].strip():
        tail = rest[pos:]
        col = 5 + pos + (len(tail) - len(tail.lstrip()))
        raise TrfError(f"162: {tail.strip()!r} is not a result code and points", line, col)
    if not found:
        raise TrfError("162 needs at least one result code and its points", line, 5)
    return out


def read_bye(rest: str, line: int) -> tuple[str, int, list[tuple[int, int]]]:
    """A ``240`` line: the bye type, the round and the players (with their columns)."""
    toks = tokens(rest)
    if len(toks) < 3:
        raise TrfError("240 needs a bye type (H, F, Z or U), a round and a player", line, 5)
    (kind, kcol), (rnd, rcol) = toks[0], toks[1]
    kind = kind.upper()
    if kind not in BYE_CODES:
        raise TrfError(f"240: bye type {toks[0][0]!r} is not H, F, Z or U", line, kcol)
    round_number = _number(rnd, rcol, line, "240: round")
    if round_number < 1:
        raise TrfError("240: round must be 1 or more", line, rcol)
    ranks = [(_number(t, c, line, "240: player"), c) for t, c in toks[2:]]
    return kind, round_number, ranks


def read_forbidden(code: str, rest: str, line: int) -> tuple[TrfForbidden, list[int]]:
    """A ``260`` or ``XXP`` line, and the columns of its players."""
    toks = tokens(rest)
    first = last = None
    if code == "260":
        if len(toks) < 4:
            raise TrfError("260 needs a first round, a last round and two players", line, 5)
        first = _number(toks[0][0], toks[0][1], line, "260: first round")
        last = _number(toks[1][0], toks[1][1], line, "260: last round")
        if first < 1 or last < first:
            raise TrfError(
                f"260: rounds {first} to {last} are not a range of rounds", line, toks[1][1]
            )
        toks = toks[2:]
    elif len(toks) < 2:
        raise TrfError("XXP needs at least two players", line, 5)
    ranks = [_number(t, c, line, f"{code}: player") for t, c in toks]
    seen: set[int] = set()
    for (_, col), rank in zip(toks, ranks, strict=True):
        if rank in seen:
            raise TrfError(f"{code}: player {rank} is listed twice", line, col)
        seen.add(rank)
    return TrfForbidden(tuple(ranks), first, last), [c for _, c in toks]


# -- writing ---------------------------------------------------------------------------------


def points_line(settings: dict[str, float]) -> str:
    """A ``162`` line for BB-coded point settings (the 2026 codes that have one)."""
    items = []
    for letter, codes in POINT_CODES.items():
        if codes and codes[0] in settings:
            items.append(f"{letter}{settings[codes[0]]:4.1f}    ")
    return ("162  " + "".join(items)).rstrip()


def write_records(records: Iterable[tuple[str, str]], version: str) -> list[str]:
    """The records as lines, point settings spelled for ``version``: for 16 each ``162`` line
    becomes ``BB?`` lines; for 2026 the ``BB?`` lines become one ``162`` line where the first
    stood (a forfeit loss unlike the zero-point bye keeps its ``BBF`` line: 2026 has one code for
    both). Every other record is written as read."""
    records = list(records)
    bb = {c: v for c, v in records if c in BB_CODES}
    settings: dict[str, float] = {}
    for code, value in records:
        if code in BB_CODES:
            settings.update(read_points(code, value, 0))
    lines: list[str] = []
    placed = False
    for code, value in records:
        if version == "16" and code == "162":
            converted = read_points(code, value, 0)
            lines.extend(f"{c} {converted[c]:.1f}" for c in BB_CODES if c in converted)
            continue
        if version == "2026" and code in bb:
            if not placed:
                placed = True
                lines.append(points_line(settings))
                if "BBF" in settings and settings["BBF"] != settings.get("BBZ", 0.0):
                    lines.append(f"BBF {bb['BBF']}".rstrip())
            continue
        lines.append(f"{code} {value}".rstrip())
    return lines


def write_event_records(event: TrfEvent, version: str) -> list[str]:
    """Rounds, initial colour, forbidden pairs and (2026) requested byes of ``event``."""
    lines: list[str] = []
    if event.total_rounds is not None:
        lines.append(f"{'142' if version == '2026' else 'XXR'} {event.total_rounds}")
    if event.initial_colour is not None:
        if version == "2026":
            lines.append(f"152 {event.initial_colour.upper()}")
        elif not any(
            c == "XXC" and w.lower() in ("white1", "black1")
            for c, v in event.records
            for w, _ in tokens(v)
        ):
            lines.append(f"XXC {'white1' if event.initial_colour == 'w' else 'black1'}")
    for group in event.forbidden:
        ids = "".join(f" {r:4d}" for r in group.ranks)
        if group.first_round is None and version == "16":
            lines.append(f"XXP{ids}")
            continue
        first = group.first_round or 1
        last = group.last_round or (group.first_round or event.total_rounds or 999)
        lines.append(f"260 {first:03d} {last:03d}{ids}")
    if version == "2026":
        groups: dict[tuple[int, str], list[int]] = {}
        for rank, byes in sorted(event.requested_byes.items()):
            for rnd, code in byes:
                groups.setdefault((rnd, code), []).append(rank)
        for (rnd, code), ranks in sorted(groups.items()):
            lines.append(f"240 {code} {rnd:03d}" + "".join(f" {r:4d}" for r in ranks))
    return lines


__all__ = [
    "BB_CODES",
    "POINT_CODES",
    "RECORDS_2026",
    "points_line",
    "read_bye",
    "read_colour",
    "read_forbidden",
    "read_points",
    "read_rounds",
    "tokens",
    "write_event_records",
    "write_records",
]
