"""FIDE Tournament Report File (TRF-16) reader and writer, and conversion to pairing states.

Player records ("001") have fixed columns (1-based): 1-3 "001", 5-8 starting rank, 10 sex,
11-13 title, 15-47 name, 49-52 rating, 54-56 federation, 58-68 FIDE id, 70-79 birth date,
81-84 points, 86-89 rank; then one block of 10 columns per round from column 92: 92-95 opponent's
starting rank (0000 = none), 97 colour (w / b / -), 99 result (1 = 0 + - W D L H F U Z, blank = not
played yet). ``XXR n`` (bbpPairings / JaVaFo extension) gives the number of rounds; ``BBW``,
``BBD``, ``BBL``, ``BBU``, ``BBZ``, ``BBF`` (bbpPairings) change the points of a win, draw, loss,
pairing-allocated bye, zero bye and forfeit loss. Lines starting with ``###`` are comments.

For pairing, as in FIDE-endorsed engines: a forfeited game (+ / - against an opponent) is not a
game played (the two may still meet, and no turn is counted); ``U`` (or ``0000 - +``) is a
pairing-allocated bye. An entry already present for the round being paired with no opponent marks
a player who is not to be paired: ``H`` / ``F`` a requested bye, ``Z`` / ``-`` / ``0`` absent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .model import Outcome, PlayerState, RoundPairing, Scoring

RESULT_CODES = frozenset("+-=01WDLHFUZ ")
_GAME_RESULTS = frozenset("10=WDL ")  # an actual game (blank: paired, not played yet)
_ROUND_START = 91  # 0-based index of column 92
_ROUND_WIDTH = 10


class TrfError(ValueError):
    """An unreadable TRF file; ``line`` and ``column`` are 1-based."""

    def __init__(self, message: str, line: int, column: int) -> None:
        self.line = line
        self.column = column
        self.message = message
        super().__init__(f"line {line}, column {column}: {message}")


@dataclass(frozen=True, slots=True)
class TrfGame:
    """One round of a player: ``opponent`` 0 = none; ``colour`` 'w', 'b' or '-'; ``result`` one
    code character (' ' = paired, not played yet)."""

    opponent: int
    colour: str
    result: str


@dataclass(frozen=True, slots=True)
class TrfPlayer:
    start_rank: int
    name: str = ""
    sex: str = ""
    title: str = ""
    rating: int = 0
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    points: float | None = None
    rank: int | None = None
    games: tuple[TrfGame | None, ...] = ()

    def game(self, round_number: int) -> TrfGame | None:
        if 1 <= round_number <= len(self.games):
            return self.games[round_number - 1]
        return None


@dataclass(slots=True)
class TrfEvent:
    """A whole TRF file: players, rounds (``XXR``), other records in order, and comments."""

    players: list[TrfPlayer]
    total_rounds: int | None = None
    records: list[tuple[str, str]] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)

    def record(self, code: str) -> str | None:
        for c, value in self.records:
            if c == code:
                return value
        return None

    @property
    def rounds_in_file(self) -> int:
        return max((len(p.games) for p in self.players), default=0)


# -- reading ---------------------------------------------------------------------------------


def _int_field(text: str, line: int, column: int, what: str) -> int | None:
    s = text.strip()
    if not s:
        return None
    if not s.isdigit():
        raise TrfError(f"{what} {s!r} is not a number", line, column)
    return int(s)


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
        try:
            points = float(points_text)
        except ValueError:
            raise TrfError(f"points {points_text!r} are not a number", lineno, 81) from None
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
    """Parse a TRF-16 text. Raises ``TrfError`` naming the line and column of the first problem."""
    players: list[TrfPlayer] = []
    lines_of: dict[int, int] = {}
    records: list[tuple[str, str]] = []
    comments: list[str] = []
    total_rounds: int | None = None
    text = text.removeprefix("\ufeff")  # a byte-order mark written by some editors
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for lineno, raw in enumerate(lines, start=1):
        raw = raw.replace("\t", " ")
        if not raw.strip():
            continue
        if raw.startswith("###"):
            comments.append(raw[3:].rstrip())
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
        if code == "XXR":
            value = _int_field(rest, lineno, 5, "number of rounds")
            if value is None or value < 1:
                raise TrfError("XXR needs the number of rounds", lineno, 5)
            total_rounds = value
            continue
        if code in ("BBW", "BBD", "BBL", "BBU", "BBZ", "BBF"):
            try:
                float(rest.strip())
            except ValueError:
                raise TrfError(f"{code} needs a number of points", lineno, 5) from None
        records.append((code, rest))
    event = TrfEvent(players=players, total_rounds=total_rounds, records=records, comments=comments)
    _check_consistency(event, lines_of)
    return event


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


def write_trf(event: TrfEvent, *, comments: Sequence[str] = (), newline: str = "\n") -> str:
    """TRF-16 text of ``event``: its records in order, its comments and ``comments`` as ``###``
    lines, ``XXR``, then one ``001`` line per player. ``read_trf`` reads it back unchanged."""
    lines = [f"{code} {value}".rstrip() for code, value in event.records]
    lines.extend(f"###{c}" for c in [*event.comments, *comments])
    if event.total_rounds is not None:
        lines.append(f"XXR {event.total_rounds}")
    lines.extend(_player_line(p) for p in event.players)
    return newline.join(lines) + newline


# -- conversion ------------------------------------------------------------------------------


def scoring_of(event: TrfEvent, base: Scoring | None = None) -> Scoring:
    """Victory points: ``base`` (MSO defaults) changed by the file's BBW/BBD/BBL/BBU/BBZ lines."""
    sc = base or Scoring()

    def value(code: str, default: float) -> float:
        text = event.record(code)
        return default if text is None else float(text.strip())

    win = value("BBW", sc.win)
    return Scoring(
        win=win,
        draw=value("BBD", sc.draw),
        loss=value("BBL", sc.loss),
        bye=value("BBU", sc.bye if event.record("BBW") is None else win),
        requested_bye=sc.requested_bye,
        absent=value("BBZ", sc.absent),
    )


def _is_pab(g: TrfGame) -> bool:
    return g.opponent == 0 and (g.result == "U" or g.result == "+")


def _is_game(g: TrfGame) -> bool:
    """A game played (or paired, result not in yet). One written without a colour still counts:
    the two may not meet again, only nobody's turn is known."""
    return g.opponent > 0 and g.result in _GAME_RESULTS


def points_of(g: TrfGame | None, scoring: Scoring, forfeit_loss: float | None = None) -> float:
    if g is None:
        return scoring.absent
    r = g.result
    if _is_pab(g):
        return scoring.bye
    if r in ("1", "+", "W", "F"):
        return scoring.win
    if r in ("=", "D"):
        return scoring.draw if g.opponent else scoring.requested_bye
    if r == "H":
        return scoring.requested_bye
    if r in ("0", "L"):
        return scoring.loss
    if r == "-":
        return scoring.loss if forfeit_loss is None else forfeit_loss
    return scoring.absent  # Z, blank


def rounds_played(event: TrfEvent) -> int:
    """The last round in which anybody was paired (a game, or a pairing-allocated bye)."""
    last = 0
    for p in event.players:
        for r, g in enumerate(p.games, start=1):
            if g is not None and (g.opponent > 0 or _is_pab(g)):
                last = max(last, r)
    return last


def trf_to_states(
    event: TrfEvent, round_number: int | None = None, scoring: Scoring | None = None
) -> tuple[list[PlayerState], int]:
    """Player states before ``round_number`` (default: the round after the last one paired).

    Ids and ranks are the starting ranks. Scores are recomputed from the results of the earlier
    rounds (the points column is not trusted). Returns the states and the round number.
    """
    sc = scoring_of(event, scoring)
    forfeit_text = event.record("BBF")
    forfeit_loss = None if forfeit_text is None else float(forfeit_text.strip())
    rnd = round_number if round_number is not None else rounds_played(event) + 1
    ranks = [p.start_rank for p in event.players]
    score = dict.fromkeys(ranks, 0.0)
    opponents: dict[int, list[int]] = {r: [] for r in ranks}
    firsts: dict[int, list[bool | None]] = {r: [] for r in ranks}
    floats: dict[int, list[str | None]] = {r: [] for r in ranks}
    byes = dict.fromkeys(ranks, 0)
    by_rank = {p.start_rank: p for p in event.players}
    for r in range(1, rnd):
        before = dict(score)
        for p in event.players:
            g = p.game(r)
            me = p.start_rank
            score[me] += points_of(g, sc, forfeit_loss)
            if g is None:
                firsts[me].append(None)
                floats[me].append(None)
                continue
            if _is_pab(g):
                byes[me] += 1
                firsts[me].append(None)
                floats[me].append("down")
                continue
            if g.opponent > 0 and g.opponent in by_rank:
                mine, theirs = before[me], before[g.opponent]
                floats[me].append(
                    "down" if mine > theirs + 1e-9 else "up" if mine < theirs - 1e-9 else None
                )
            else:
                floats[me].append(None)
            if _is_game(g):
                opponents[me].append(g.opponent)
                firsts[me].append(None if g.colour == "-" else g.colour == "w")
            else:
                firsts[me].append(None)
    states: list[PlayerState] = []
    for p in event.players:
        me = p.start_rank
        g = p.game(rnd)
        active = True
        wants_bye = False
        if g is not None and g.opponent == 0:
            if g.result in ("H", "F", "=", "D", "U", "+", "W", "1"):
                wants_bye = True
            else:
                active = False
        states.append(
            PlayerState(
                id=me,
                rank=me,
                score=score[me],
                opponents=tuple(opponents[me]),
                firsts=tuple(firsts[me]),
                byes=byes[me],
                floats=tuple(floats[me]),
                active=active,
                wants_bye=wants_bye,
            )
        )
    return states, rnd


def trf_event_from_rounds(
    players: Sequence[PlayerState],
    rounds: Sequence[tuple[RoundPairing, Mapping[int, Outcome]]],
    *,
    total_rounds: int | None = None,
    names: Mapping[int, str] | None = None,
    scoring: Scoring | None = None,
    records: Sequence[tuple[str, str]] = (),
) -> TrfEvent:
    """A TRF event from the pairings and results of the rounds played (board -> outcome).

    ``players`` gives ids and starting ranks (``rank``); the TRF numbers players by starting rank.
    The first player of a pairing is written as white. Byes are ``0000 - U``, requested byes
    ``0000 - H``, absences ``0000 - Z``.
    """
    sc = scoring or Scoring()
    start = {p.id: p.rank for p in players}
    games: dict[int, list[TrfGame | None]] = {p.id: [] for p in players}
    points = {p.id: 0.0 for p in players}
    for rp, results in rounds:
        seen: set[int] = set()
        for pr in rp.pairings:
            if pr.second is None:
                games[pr.first].append(TrfGame(0, "-", "U"))
                points[pr.first] += sc.bye
                seen.add(pr.first)
                continue
            outcome = results.get(pr.board)
            code_a, code_b, pa, pb = {
                "first": ("1", "0", sc.win, sc.loss),
                "second": ("0", "1", sc.loss, sc.win),
                "draw": ("=", "=", sc.draw, sc.draw),
                None: (" ", " ", 0.0, 0.0),
            }[outcome]
            games[pr.first].append(TrfGame(start[pr.second], "w", code_a))
            games[pr.second].append(TrfGame(start[pr.first], "b", code_b))
            points[pr.first] += pa
            points[pr.second] += pb
            seen.update((pr.first, pr.second))
        for p in players:
            if p.id in seen:
                continue
            if p.id in rp.requested_byes:
                games[p.id].append(TrfGame(0, "-", "H"))
                points[p.id] += sc.requested_bye
            else:
                games[p.id].append(TrfGame(0, "-", "Z"))
                points[p.id] += sc.absent
    order = sorted(players, key=lambda p: (-points[p.id], p.rank))
    place = {p.id: i + 1 for i, p in enumerate(order)}
    trf_players = [
        TrfPlayer(
            start_rank=p.rank,
            name=(names or {}).get(p.id, f"Player {p.rank}"),
            points=points[p.id],
            rank=place[p.id],
            games=tuple(games[p.id]),
        )
        for p in sorted(players, key=lambda p: p.rank)
    ]
    return TrfEvent(players=trf_players, total_rounds=total_rounds, records=list(records))


__all__ = [
    "TrfError",
    "TrfEvent",
    "TrfGame",
    "TrfPlayer",
    "points_of",
    "read_trf",
    "rounds_played",
    "scoring_of",
    "trf_event_from_rounds",
    "trf_to_states",
    "write_trf",
]
