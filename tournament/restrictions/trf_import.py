"""A whole event from a TRF file (TRF-16 or TRF-2026): players, rounds and results, to resume it
here. All or nothing: a bad file is reported by line and column and changes nothing.

The file is read by :mod:`tournament.pairing.trf`. Each round with a pairing becomes a published
round whose boards are the file's games (the player written as white moves first), its
pairing-allocated byes and its boards of one (requested byes: ``H`` ½, ``F`` 1, ``Z`` 0; nothing
written: absent). Games' results go through :func:`set_board_result`, so the corrections log
says who imported them, when and why ("imported from TRF"). Requested byes for rounds not yet
paired become the entries' requested byes; forbidden pairs (TRF-2026) become restrictions.
``###`` comments written by our own export (lowest colour levels, tie-breaks) are read back.
"""

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.core.tiebreaks import CATALOGUE
from tournament.acting import User, oversize
from tournament.errors import DomainError
from tournament.events.log import note
from tournament.events.services import create_event
from tournament.logs import log_write
from tournament.models.events import Entry, Event, Player, Result, Round
from tournament.pairing.trf import TrfError, TrfEvent, TrfGame, TrfPlayer, read_trf
from tournament.permissions import require_event_creator
from tournament.reading import whole_number
from tournament.registry.services import clean_player_fields, find_player
from tournament.restrictions.models import ForbiddenPair
from tournament.results.services import set_board_result
from tournament.rounds import seating
from tournament.rounds.seating import Table
from tournament.rounds.services import publish_round

IMPORT_REASON = "imported from TRF"
_ROUND_COLUMN = 92  # first column of round 1's block; each round takes 10 columns
# Our export's comments (scoring.exports.trf), read back so a round trip loses nothing.
_LEVELS = re.compile(
    r"^\s*levels round ([0-9]+) board ([0-9]+): ([0-9]+)-([0-9]+) lowest ([0-9]+)-([0-9]+)\s*$"
)
_TIEBREAKS = re.compile(r"^\s*tie-breaks: (.+)$")
# One player's result code -> (the result of a board where they move first, the code the
# opponent's line must show).
_PAIR_CODES: dict[str, tuple[str, frozenset[str]]] = {
    "1": (Result.FIRST_WINS, frozenset("0L")),
    "W": (Result.FIRST_WINS, frozenset("0L")),
    "0": (Result.SECOND_WINS, frozenset("1W")),
    "L": (Result.SECOND_WINS, frozenset("1W")),
    "=": (Result.DRAW, frozenset("=D")),
    "D": (Result.DRAW, frozenset("=D")),
    "+": (Result.FIRST_FORFEIT_WIN, frozenset("-")),
    " ": ("", frozenset(" ")),
}
# A round without an opponent: code -> the board of one.
_SINGLE_CODES = {
    "U": Result.BYE,
    "+": Result.BYE,
    "H": Result.HALF_BYE,
    "=": Result.HALF_BYE,
    "D": Result.HALF_BYE,
    "F": Result.FULL_BYE,
    "W": Result.FULL_BYE,
    "1": Result.FULL_BYE,
}
_BYE_POINTS = {Result.HALF_BYE: "0.5", Result.FULL_BYE: "1", Result.ABSENT: "0"}


@dataclass
class _Where:
    """Line numbers of the file's player lines, for messages."""

    lines: dict[int, int]

    def at(self, rank: int, round_number: int, offset: int = 0) -> str:
        column = _ROUND_COLUMN + (round_number - 1) * 10 + offset
        return f"line {self.lines.get(rank, 0)}, column {column}"


def _player_lines(text: str) -> dict[int, int]:
    lines: dict[int, int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        rank = whole_number(raw[4:8].strip())
        if raw.startswith("001") and rank is not None:
            lines.setdefault(rank, number)
    return lines


def read_event_file(text: str) -> TrfEvent:
    """The file read, or a DomainError naming the line and column of its first problem."""
    if too_large := oversize(len(text.encode("utf-8", "surrogatepass"))):
        raise DomainError(too_large, field="file")
    if "\x00" in text:
        raise DomainError(
            _("The file contains a NUL character: it is not a TRF text."), field="file"
        )
    try:
        trf = read_trf(text)
    except TrfError as exc:
        message = f"Line {exc.line}, column {exc.column}: {exc.message}."
        raise DomainError(message, field="file") from None
    if not trf.players:
        raise DomainError(_("The file has no player lines (001): nothing to import."), field="file")
    return trf


def _date(text: str | None) -> date | None:
    parts = re.findall(r"[0-9]+", text or "")
    if len(parts) != 3:
        return None
    try:
        year, month, day = (int(p) for p in parts)
        return date(year + 2000 if year < 100 else year, month, day)
    except ValueError:
        return None


def _event_data(trf: TrfEvent, name: str, last_paired: int) -> dict[str, Any]:
    labels = {str(label): value for value, label in Event.PairingSystem.choices}
    clock = re.match(r"\s*([0-9]{1,4})", trf.record("122") or "")
    bye = trf.record("BBU")
    rounds = max(trf.total_rounds or 0, trf.rounds_in_file, last_paired, 1)
    data: dict[str, Any] = {
        "name": name.strip() or (trf.record("012") or "").strip() or "Imported event",
        "venue": (trf.record("022") or "").strip()[:200],
        "start_date": _date(trf.record("042")),
        "end_date": _date(trf.record("052")),
        "rounds": min(rounds, 30),
        "pairing_system": labels.get((trf.record("092") or "").strip(), "swiss"),
    }
    if rounds > 30:
        raise DomainError(
            _("The file has %(rounds)s rounds: an event has at most 30.") % {"rounds": rounds},
            field="file",
        )
    if clock and 1 <= int(clock.group(1)) <= 180:
        data["clock_minutes"] = int(clock.group(1))
    if bye is not None and bye.strip() in ("0", "0.0", "0.5", "1", "1.0"):
        data["bye_value"] = Decimal(bye.strip())
    chain = _tiebreaks(trf.comments)
    if chain:
        data["tiebreak_chain"] = chain
    if data["start_date"] and data["end_date"] and data["end_date"] < data["start_date"]:
        data["end_date"] = None
    return data


def _tiebreaks(comments: Iterable[str]) -> list[str]:
    keys = {entry.label: key for key, entry in CATALOGUE.items()}
    for comment in comments:
        found = _TIEBREAKS.match(comment)
        if found:
            chain = [keys.get(label.strip(), "") for label in found.group(1).split(",")]
            return chain if all(chain) else []
    return []


def _levels(comments: Iterable[str]) -> dict[tuple[int, int, int], tuple[int, int, int]]:
    """(round, first's rank, second's rank) -> their lowest colour levels and board."""
    levels = {}
    for comment in comments:
        found = _LEVELS.match(comment)
        if found:
            rnd, board, first, second, fl, sl = (int(g) for g in found.groups())
            levels[(rnd, first, second)] = (fl, sl, board)
    return levels


def _last_paired(trf: TrfEvent) -> int:
    """The last round in which anybody has an opponent or a pairing-allocated bye."""
    last = 0
    for player in trf.players:
        for number, game in enumerate(player.games, start=1):
            if game and (game.opponent or game.result in ("U", "+")):
                last = max(last, number)
    return last


def _entries(event: Event, trf: TrfEvent, where: _Where) -> dict[int, Entry]:
    """An entry per player line, by starting rank: the registry's player of that name (and no
    club) when there is one, else a new one with the file's rating and federation."""
    entries: dict[int, Entry] = {}
    seen: dict[int, int] = {}
    for p in sorted(trf.players, key=lambda p: p.start_rank):
        line = where.lines.get(p.start_rank, 0)
        try:
            fields = clean_player_fields(
                name=p.name or f"Player {p.start_rank}",
                country=p.federation if p.federation.isalpha() else "",
                rating=p.rating or None,
            )
        except DomainError as exc:
            raise DomainError(
                _("Line %(line)s, column 15: %(message)s") % {"line": line, "message": exc.message},
                field="file",
            ) from None
        player = find_player(fields["name"], "") or Player.objects.create(**fields)
        if player.pk in seen:
            raise DomainError(
                _("Line %(line)s, column 15: %(name)s is also on line %(value)s.")
                % {"line": line, "name": player.name, "value": seen[player.pk]},
                field="file",
            )
        seen[player.pk] = line
        entries[p.start_rank] = Entry.objects.create(
            event=event, player=player, starting_rank=p.start_rank
        )
    return entries


def _game_result(me: TrfPlayer, game: TrfGame, other: TrfGame, rnd: int, where: _Where) -> str:
    """The board result with ``me`` moving first, checked against the opponent's line."""
    mine, theirs = game.result, other.result
    if mine == "-":
        if theirs not in "+-":
            raise DomainError(
                _(
                    "%(value)s: round %(rnd)s: a forfeit ('-') against %(theirs)s on "
                    "player %(opponent)s's line."
                )
                % {
                    "value": where.at(me.start_rank, rnd, 7),
                    "rnd": rnd,
                    "theirs": repr(theirs),
                    "opponent": game.opponent,
                },
                field="file",
            )
        return Result.DOUBLE_FORFEIT if theirs == "-" else Result.SECOND_FORFEIT_WIN
    result, expected = _PAIR_CODES[mine]
    if theirs not in expected:
        raise DomainError(
            _(
                "%(value)s: round %(rnd)s: result %(mine)s against %(theirs)s on "
                "player %(opponent)s's line."
            )
            % {
                "value": where.at(me.start_rank, rnd, 7),
                "rnd": rnd,
                "mine": repr(mine),
                "theirs": repr(theirs),
                "opponent": game.opponent,
            },
            field="file",
        )
    return result


def _round_boards(
    trf: TrfEvent, rnd: int, where: _Where
) -> tuple[list[tuple[int, int, str]], list[tuple[int, str, str]]]:
    """The round's games (first's rank, second's rank, result) and boards of one (rank,
    result, why)."""
    by_rank = {p.start_rank: p for p in trf.players}
    games: list[tuple[int, int, str]] = []
    singles: list[tuple[int, str, str]] = []
    for p in sorted(trf.players, key=lambda p: p.start_rank):
        game = p.game(rnd)
        if game is None or not game.opponent:
            code = game.result if game else ""
            result: str = _SINGLE_CODES.get(code, Result.ABSENT)
            why = "pairing-allocated bye" if result == Result.BYE else "no game"
            singles.append((p.start_rank, result, f"{IMPORT_REASON}: {why}"))
            continue
        if game.opponent < p.start_rank:
            continue  # the pair is taken from the lower rank's line
        other = by_rank[game.opponent]
        theirs = other.game(rnd)
        assert theirs is not None  # read_trf checked the opponent's line names this player
        if game.colour == "b" or (game.colour == "-" and theirs.colour == "w"):
            result = _game_result(other, theirs, game, rnd, where)
            games.append((other.start_rank, p.start_rank, result))
        else:
            games.append(
                (p.start_rank, other.start_rank, _game_result(p, game, theirs, rnd, where))
            )
    order: dict[str, int] = {Result.BYE: 0}
    singles.sort(key=lambda s: (order.get(s[1], 1), s[0]))
    return _by_board(games, rnd, _levels(trf.comments)), singles


def _by_board(
    games: list[tuple[int, int, str]], rnd: int, levels: dict[tuple[int, int, int], Any]
) -> list[tuple[int, int, str]]:
    """Games in board order: at the board our export's comments name, the others in the free
    boards by rank (TRF itself keeps no board numbers)."""
    placed: dict[int, tuple[int, int, str]] = {}
    rest = []
    for game in games:
        board = levels.get((rnd, game[0], game[1]), (None, None, 0))[2]
        if 1 <= board <= len(games) and board not in placed:
            placed[board] = game
        else:
            rest.append(game)
    free = iter(n for n in range(1, len(games) + 1) if n not in placed)
    placed |= {next(free): game for game in rest}
    return [placed[n] for n in sorted(placed)]


def _import_round(
    event: Event, user: User, trf: TrfEvent, rnd: int, entries: dict[int, Entry], where: _Where
) -> None:
    games, singles = _round_boards(trf, rnd, where)
    round_ = Round.objects.create(
        event=event, number=rnd, status=Round.Status.DRAFT, system=event.pairing_system
    )
    tables = [
        Table([entries[first].pk, entries[second].pk], "", IMPORT_REASON)
        for first, second, _r in games
    ]
    tables += [Table([entries[rank].pk], result, why) for rank, result, why in singles]
    seating.seat_boards(round_, tables, first_number=1)
    publish_round(round_=round_, user=user, notify=False)  # history: no e-mail to players
    levels = _levels(trf.comments)
    for board, (first, second, result) in zip(
        round_.boards.filter(seats__number=1).order_by("number"), games, strict=True
    ):
        if not result:
            continue
        fl, sl, _board = levels.get((rnd, first, second), (None, None, 0))
        try:
            set_board_result(
                board=board,
                result=result,
                user=user,
                reason=IMPORT_REASON,
                first_lowest=fl,
                second_lowest=sl,
                notify=False,
            )
        except DomainError as exc:
            raise DomainError(
                _("%(value)s: round %(rnd)s, board %(number)s: %(message)s")
                % {
                    "value": where.at(first, rnd, 7),
                    "rnd": rnd,
                    "number": board.number,
                    "message": exc.message,
                },
                field="file",
            ) from None


def _future_byes(trf: TrfEvent, entries: dict[int, Entry], last_paired: int) -> set[str]:
    """Byes asked for the rounds not yet paired become the entries' requested byes; returns
    the bye values used (the event must allow them)."""
    values: set[str] = set()
    for p in trf.players:
        wanted: dict[str, str] = {}
        for rnd in range(last_paired + 1, len(p.games) + 1):
            game = p.game(rnd)
            if game is None or game.opponent:
                continue
            result = _SINGLE_CODES.get(game.result, Result.ABSENT)
            if result in _BYE_POINTS:
                wanted[str(rnd)] = _BYE_POINTS[result]
        for rnd, points in _extra_byes(trf, p.start_rank):
            if rnd > last_paired:
                wanted[str(rnd)] = points
        if wanted:
            entry = entries[p.start_rank]
            entry.requested_byes = sorted(int(r) for r in wanted)
            entry.requested_bye_points = {str(r): wanted[str(r)] for r in entry.requested_byes}
            entry.save(update_fields=["requested_byes", "requested_bye_points"])
            values |= set(wanted.values())
    return values


def _extra_byes(trf: TrfEvent, rank: int) -> list[tuple[int, str]]:
    """TRF-2026 requested byes (``240`` lines) of one player, as the reader gives them."""
    found = getattr(trf, "requested_byes", None) or {}
    points = {"H": "0.5", "F": "1", "Z": "0", "U": "1"}
    byes = []
    for item in found.get(rank, ()) if isinstance(found, dict) else ():
        rnd, code = item if isinstance(item, tuple) else (item, "H")
        byes.append((int(rnd), points.get(str(code).upper(), "0.5")))
    return byes


def _forbidden(event: Event, user: User, trf: TrfEvent, entries: dict[int, Entry]) -> int:
    """TRF-2026 forbidden pairs (``260``/``XXP`` lines) as the event's restrictions."""
    pairs: set[tuple[int, int]] = set()
    for group in getattr(trf, "forbidden", None) or ():
        ranks = [r for r in group if r in entries]
        pairs |= {(a, b) for a in ranks for b in ranks if a < b}
    for a, b in sorted(pairs):
        first, second = sorted((entries[a], entries[b]), key=lambda e: e.pk)
        ForbiddenPair.objects.create(
            event=event,
            first=first,
            second=second,
            reason=IMPORT_REASON,
            created_by=user if user.is_authenticated else None,
        )
    return len(pairs)


@transaction.atomic
def import_trf(*, user: User, text: str, name: str = "") -> Event:
    """A new event (``user`` its director) from a TRF file: every player, round and result.

    ``name`` overrides the file's tournament name (``012``). Raises DomainError (field "file")
    naming the line and column of the first problem; nothing is stored then."""
    require_event_creator(user)
    trf = read_event_file(text)
    where = _Where(_player_lines(text.removeprefix("\ufeff")))
    last_paired = _last_paired(trf)
    event = create_event(user=user, data=_event_data(trf, name, last_paired))
    entries = _entries(event, trf, where)
    for rnd in range(1, last_paired + 1):
        _import_round(event, user, trf, rnd, entries, where)
    bye_values = _future_byes(trf, entries, last_paired)
    if bye_values:
        event.requested_bye_points = sorted({"0.5", *bye_values})
        event.save(update_fields=["requested_bye_points"])
    restrictions = _forbidden(event, user, trf, entries)
    log_write("event.import_trf", user=user, event=event.pk, players=len(entries))
    note(
        event,
        user,
        "import",
        f"Imported from TRF: {len(entries)} players, {last_paired} round(s) with their results"
        + (f", {restrictions} forbidden pair(s)" if restrictions else "")
        + ".",
    )
    return event
