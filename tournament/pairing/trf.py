"""FIDE Tournament Report File reader and writer: TRF-16 and TRF-2026.

Player records ("001") have fixed columns (1-based): 1-3 "001", 5-8 starting rank, 10 sex,
11-13 title, 15-47 name, 49-52 rating, 54-56 federation, 58-68 FIDE id, 70-79 birth date,
81-84 points, 86-89 rank; then one block of 10 columns per round from column 92: 92-95 opponent's
starting rank (0000 = none), 97 colour (w / b / -), 99 result (1 = 0 + - W D L H F U Z, blank = not
played yet). Lines starting with ``###`` are comments. The tournament records this package uses
(rounds, initial colour, point settings, requested byes, forbidden pairs) are read in both
spellings, ``XXR``/``142``, ``XXC``/``152``, ``BB?``/``162``, ``240``, ``XXP``/``260`` (see
``trf_records``, which also says what was chosen where TRF-2026 leaves room); every other line
is kept in ``TrfEvent.records`` and written back unchanged. Conversion to pairing states is in
``trf_states``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from tournament.reading import points_number, whole_number

from .trf_model import BYE_CODES, TrfError, TrfEvent, TrfForbidden, TrfGame, TrfPlayer
from .trf_records import (
    BB_CODES,
    RECORDS_2026,
    read_bye,
    read_colour,
    read_forbidden,
    read_points,
    read_rounds,
    write_event_records,
    write_records,
)
from .trf_states import (
    game_of,
    point_settings,
    points_of,
    rounds_played,
    scoring_of,
    trf_event_from_rounds,
    trf_to_states,
)

RESULT_CODES = frozenset("+-=01WDLHFUZ ")
_ROUND_START = 91  # 0-based index of column 92
_ROUND_WIDTH = 10


# -- reading ---------------------------------------------------------------------------------


def _int_field(text: str, line: int, column: int, what: str) -> int | None:
    s = text.strip()
    if not s:
        return None
    number = whole_number(s)
    if number is None:
        raise TrfError(f"{what} {s!r} is not a number", line, column)
    return number


def _parse_player(raw: str, lineno: int) -> TrfPlayer:
    line = raw.rstrip()
    pad = line.ljust(89)
    start = _int_field(pad[4:8], lineno, 5, "starting rank")
    if start is None or start == 0:
        raise TrfError("missing starting rank (columns 5-8)", lineno, 5)
    rating = _int_field(pad[48:52], lineno, 49, "rating") or 0
    points_text = pad[80:84].strip()
    points: float | None = None
    if points_text:
        points = points_number(points_text)
        if points is None:
            raise TrfError(f"points {points_text!r} are not a number", lineno, 81)
    rank = _int_field(pad[85:89], lineno, 86, "rank")
    games: list[TrfGame | None] = []
    pos = _ROUND_START
    if len(line) > 89 and line[89:_ROUND_START].strip():
        raise TrfError("columns 90-91 must be blank", lineno, 90)
    while pos < len(line):
        block = line[pos : pos + _ROUND_WIDTH].ljust(_ROUND_WIDTH)
        col = pos + 1
        if not block.strip():
            games.append(None)
            pos += _ROUND_WIDTH
            continue
        for offset in (4, 6, 8, 9):
            if block[offset] != " ":
                raise TrfError(
                    f"round {len(games) + 1}: expected a blank, found {block[offset]!r}",
                    lineno,
                    col + offset,
                )
        opp_text = block[0:4]
        opponent = _int_field(opp_text, lineno, col, f"round {len(games) + 1}: opponent") or 0
        colour = block[5].lower()
        if colour == " ":
            colour = "-"
        if colour not in ("w", "b", "-"):
            raise TrfError(
                f"round {len(games) + 1}: colour {block[5]!r} is not w, b or -", lineno, col + 5
            )
        result = block[7].upper()
        if result not in RESULT_CODES:
            raise TrfError(
                f"round {len(games) + 1}: result {block[7]!r} is not a result code "
                "(1 = 0 + - W D L H F U Z)",
                lineno,
                col + 7,
            )
        if opponent == 0 and colour != "-":
            raise TrfError(
                f"round {len(games) + 1}: colour {colour!r} without an opponent", lineno, col + 5
            )
        if opponent and result in ("H", "F", "U", "Z"):
            raise TrfError(
                f"round {len(games) + 1}: bye code {result!r} with an opponent", lineno, col + 7
            )
        games.append(TrfGame(opponent, colour, result))
        pos += _ROUND_WIDTH
    while games and games[-1] is None:
        games.pop()
    return TrfPlayer(
        start_rank=start,
        sex=pad[9].strip(),
        title=pad[10:13].strip(),
        name=pad[14:47].strip(),
        rating=rating,
        federation=pad[53:56].strip(),
        fide_id=pad[57:68].strip(),
        birth_date=pad[69:79].strip(),
        points=points,
        rank=rank,
        games=tuple(games),
    )


def read_trf(text: str) -> TrfEvent:
    """Parse a TRF-16 or TRF-2026 text. Raises ``TrfError`` naming the line and column of the
    first problem."""
    players: list[TrfPlayer] = []
    lines_of: dict[int, int] = {}
    event = TrfEvent(players=players)
    refs: list[_Ref] = []
    seen_rounds: tuple[str, int, int] | None = None
    text = text.removeprefix("\ufeff")  # a byte-order mark written by some editors
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for lineno, raw in enumerate(lines, start=1):
        raw = raw.replace("\t", " ")
        if not raw.strip():
            continue
        if raw.startswith("###"):
            event.comments.append(raw[3:].rstrip())
            continue
        code = raw[:3]
        if code == "001":
            player = _parse_player(raw, lineno)
            if player.start_rank in lines_of:
                raise TrfError(
                    f"starting rank {player.start_rank} already used on line "
                    f"{lines_of[player.start_rank]}",
                    lineno,
                    5,
                )
            lines_of[player.start_rank] = lineno
            players.append(player)
            continue
        if len(raw) > 3 and raw[3] != " ":
            raise TrfError(f"record code {raw[:3]!r} must be followed by a blank", lineno, 4)
        rest = raw[4:].rstrip()
        if code in RECORDS_2026:
            event.version = "2026"
        if code in ("XXR", "142"):
            value = read_rounds(code, rest, lineno)
            if seen_rounds is not None and seen_rounds[1] != value:
                raise TrfError(
                    f"{code} says {value} rounds, but {seen_rounds[0]} on line {seen_rounds[2]} "
                    f"says {seen_rounds[1]}",
                    lineno,
                    5,
                )
            seen_rounds = (code, value, lineno)
            event.total_rounds = value
        elif code in ("XXC", "152"):
            colour = read_colour(code, rest, lineno)
            if colour is not None:
                event.initial_colour = colour
            if code == "XXC":
                event.records.append((code, rest))
        elif code == "240":
            kind, rnd, ranks = read_bye(rest, lineno)
            for rank, col in ranks:
                refs.append(_Ref(rank, lineno, col, "240", rnd))
                event.requested_byes.setdefault(rank, []).append((rnd, kind))
        elif code in ("260", "XXP"):
            group, cols = read_forbidden(code, rest, lineno)
            refs.extend(_Ref(r, lineno, c, code, None) for r, c in zip(group, cols, strict=True))
            event.forbidden.append(group)
        else:
            if code == "162" or code in BB_CODES:
                read_points(code, rest, lineno)  # checked now, applied by ``scoring_of``
            event.records.append((code, rest))
    for byes in event.requested_byes.values():
        byes.sort()
    _check_consistency(event, lines_of)
    _check_refs(event, refs, lines_of)
    return event


@dataclass(frozen=True, slots=True)
class _Ref:
    """A player named on a ``240`` / ``260`` / ``XXP`` line (``rnd``: the bye's round)."""

    rank: int
    line: int
    column: int
    code: str
    rnd: int | None


def _check_refs(event: TrfEvent, refs: Sequence[_Ref], lines_of: Mapping[int, int]) -> None:
    by_rank = {p.start_rank: p for p in event.players}
    byes_seen: dict[tuple[int, int], int] = {}
    for ref in refs:
        p = by_rank.get(ref.rank)
        if p is None:
            raise TrfError(f"{ref.code}: player {ref.rank} has no 001 line", ref.line, ref.column)
        if ref.rnd is None:
            continue
        if (ref.rank, ref.rnd) in byes_seen:
            raise TrfError(
                f"240: player {ref.rank} already has a bye for round {ref.rnd} on line "
                f"{byes_seen[(ref.rank, ref.rnd)]}",
                ref.line,
                ref.column,
            )
        byes_seen[(ref.rank, ref.rnd)] = ref.line
        g = p.game(ref.rnd)
        if g is not None and g.opponent > 0:
            raise TrfError(
                f"240: player {ref.rank} asks for a bye in round {ref.rnd} but is paired "
                f"with {g.opponent} on line {lines_of[ref.rank]}",
                ref.line,
                ref.column,
            )


def _check_consistency(event: TrfEvent, lines_of: Mapping[int, int]) -> None:
    by_rank = {p.start_rank: p for p in event.players}
    for p in event.players:
        for r, g in enumerate(p.games, start=1):
            if g is None or g.opponent == 0:
                continue
            col = _ROUND_START + 1 + (r - 1) * _ROUND_WIDTH
            line = lines_of[p.start_rank]
            other = by_rank.get(g.opponent)
            if other is None:
                raise TrfError(f"round {r}: opponent {g.opponent} has no 001 line", line, col)
            if g.opponent == p.start_rank:
                raise TrfError(f"round {r}: player {p.start_rank} paired with themself", line, col)
            back = other.game(r)
            if back is None or back.opponent != p.start_rank:
                raise TrfError(
                    f"round {r}: {p.start_rank} meets {g.opponent}, but {g.opponent}'s round {r} "
                    f"entry does not name {p.start_rank}",
                    line,
                    col,
                )


# -- writing ---------------------------------------------------------------------------------


def _player_line(p: TrfPlayer) -> str:
    points = "" if p.points is None else f"{p.points:4.1f}"
    rank = "" if p.rank is None else str(p.rank)
    rating = str(p.rating) if p.rating else ""
    static = (
        f"001 {p.start_rank:>4} {p.sex[:1]:1}{p.title[:3]:<3} {p.name[:33]:<33} "
        f"{rating:>4} {p.federation[:3]:<3} {p.fide_id[:11]:>11} {p.birth_date[:10]:<10} "
        f"{points:>4} {rank:>4}"
    )
    blocks = []
    for g in p.games:
        if g is None:
            blocks.append(" " * _ROUND_WIDTH)
        else:
            blocks.append(f"  {g.opponent:04d} {g.colour} {g.result}"[:_ROUND_WIDTH])
    return (static + "".join(blocks)).rstrip()


def write_trf(
    event: TrfEvent,
    *,
    comments: Sequence[str] = (),
    newline: str = "\n",
    version: Literal["16", "2026"] = "16",
) -> str:
    """TRF text of ``event``: its records in order (point settings spelled for ``version``), its
    comments and ``comments`` as ``###`` lines, rounds, initial colour, forbidden pairs and
    requested byes, then one ``001`` line per player. ``read_trf`` reads it back unchanged
    (TRF-16 has no ``240`` line: requested byes go in the round's block as ``0000 - H`` etc.)."""
    if version not in ("16", "2026"):
        raise ValueError(f"unknown TRF version {version!r}; expected '16' or '2026'")
    lines = write_records(event.records, version)
    lines.extend(f"###{c}" for c in [*event.comments, *comments])
    lines.extend(write_event_records(event, version))
    players = event.players if version == "2026" else [_with_byes(event, p) for p in event.players]
    lines.extend(_player_line(p) for p in players)
    return newline.join(lines) + newline


def _with_byes(event: TrfEvent, p: TrfPlayer) -> TrfPlayer:
    """The player with their ``240`` byes written into empty round blocks (TRF-16)."""
    byes = event.requested_byes.get(p.start_rank)
    if not byes:
        return p
    games = list(p.games)
    for rnd, code in byes:
        games.extend([None] * (rnd - len(games)))
        if games[rnd - 1] is None:
            games[rnd - 1] = TrfGame(0, "-", code)
    return replace(p, games=tuple(games))


__all__ = [
    "BYE_CODES",
    "RESULT_CODES",
    "TrfError",
    "TrfEvent",
    "TrfForbidden",
    "TrfGame",
    "TrfPlayer",
    "game_of",
    "point_settings",
    "points_of",
    "read_trf",
    "rounds_played",
    "scoring_of",
    "trf_event_from_rounds",
    "trf_to_states",
    "write_trf",
]
