"""Reads of the games app. Views, serializers and the read side call these; they never write.

A flag that has fallen is derived here from the clock (``flag_fallen``) and shown at once; it is
recorded by the next write to the game or by the beat's flag sweep (RULINGS: the server, not a
browser, decides a flag).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User as Account  # settings.AUTH_USER_MODEL
from django.db import connection
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engine.errors import IllegalAction
from games.engine.gamerecord import Record
from games.errors import IllegalMove
from games.models import RECORD_KINDS, Game, GameAction, ValidationRun
from games.recording import positions, solitaire
from games.spectating.selectors import WHOLE, Sight, spectators_sight
from tournament.models.events import Board, Event, Player, Round
from tournament.models.tables import seats_with_players
from tournament.names import display_name
from tournament.permissions import User, is_arbiter, is_director
from tournament.rounds.selectors import task_silence

# ---------------------------------------------------------------- who may see what


def can_view(user: User, board: Board) -> bool:
    """Games are public once their round is published; arbiters see them before."""
    return board.round.is_public or is_arbiter(user, board.round.event)


def can_record(user: User, board: Board) -> bool:
    return is_arbiter(user, board.round.event)


def game_at_board(board_pk: int) -> Game | None:
    """The board's game with its board, round and event, and the board's seats with who sits
    in them (two queries: ``SEATED`` in one, as every board page and live part reads it)."""
    return (
        Game.objects.ingenious()
        .select_related("board__round__event")
        .prefetch_related(seats_with_players("board__"))
        .filter(board_id=board_pk)
        .first()
    )


def board_with_event(board_pk: int) -> Board | None:
    return (
        Board.objects.select_related("round__event")
        .prefetch_related(seats_with_players())
        .filter(pk=board_pk)
        .first()
    )


def team_letter(index: int) -> str:
    """A partnership board's sides in seat order: team A (seats 0 and 2), team B (1 and 3)."""
    return "ABCD"[index] if 0 <= index < 4 else str(index + 1)


def side_names(board: Board) -> list[str]:
    """The board's sides in seat order as its title names them: each player, or a partnership
    team as "Team A (Ada Byron & Alan Turing)" (partners are one side)."""
    return [
        _("Team %(letter)s (%(names)s)") % {"letter": team_letter(n), "names": entry.name}
        if entry.partner_id is not None
        else entry.name
        for n, entry in enumerate(board.sides)
    ]


def seat_teams(board: Board) -> list[dict[str, str]]:
    """Per seat, in seat order: at a partnership board the seat's team ("A") and partner
    ("Alan Turing"); empty strings elsewhere."""
    sides = board.side_ids
    out = []
    for seat in board.seats.all():
        entry = seat.entry
        if entry.partner_id is None:
            out.append({"team": "", "partner": ""})
            continue
        partner = entry.partner if seat.player.pk == entry.player_id else entry.player
        out.append(
            {
                "team": team_letter(sides.index(entry.pk)),
                "partner": partner.name if partner else "",
            }
        )
    return out


def side_lowest(board: Board) -> list[int | None]:
    """Each side's lowest level in seat order, as its first seat holds it (None: not known)."""
    return [seat.lowest for seat in board.side_seats()]


# ---------------------------------------------------------------- the log and the position


def record_rows(game: Game, sight: Sight = WHOLE) -> list[GameAction]:
    """The record's actions that stand, in order; in ``sight`` only (games.spectating): those
    before its cut, as they stood then (a take-back after the cut not made yet)."""
    if game._state.adding:  # a board's game not stored yet (setup.unstored_game): no log
        return []
    rows = game.actions.filter(kind__in=RECORD_KINDS)
    if sight.upto is None:
        rows = rows.filter(taken_back_by__isnull=True)
    else:
        rows = rows.filter(index__lt=sight.upto).filter(
            Q(taken_back_by__isnull=True) | Q(taken_back_by__index__gte=sight.upto)
        )
    return list(rows.order_by("index"))


def position(game: Game, sight: Sight = WHOLE) -> dict[str, Any]:
    """The stored position's summary, or (if it is behind the log, or ``sight`` ends before
    it) one derived now."""
    if sight.whole and game.position_length == game.log_length and game.position:
        return positions.shown(game.position)
    rows = record_rows(game, sight) if game.log_length else []
    mode = game.engine_mode
    try:
        eng = positions.replay(
            game.ruleset, game.options, game.players, [r.payload for r in rows], mode
        )
    except IllegalAction:
        eng = positions.new_engine(game.ruleset, game.options, game.players, mode)
    return positions.summarise(eng, len(rows))


def table_placings(game: Game) -> list[int | None] | None:
    """A table's placings by seat: the board's seats once its result is in (a director's
    entry included), else the finished game's; None for a two-player game."""
    if len(game.players) <= 2:
        return None
    board = game.event_board
    if board.result:
        by_number = dict(board.seats.values_list("number", "placing"))
        return [by_number.get(seat) for seat in range(len(game.players))]
    placings = (
        (game.position or {}).get("placings") if game.status == Game.Status.FINISHED else None
    )
    return list(placings) if placings else None


def flag_fallen(game: Game, now: datetime) -> int | None:
    """The seat whose time has run out on a clock still running (not yet recorded), if any."""
    if game.status == Game.Status.FINISHED or game.board is not None and game.board.closed:
        return None
    return game.clock.expired_seat(now)


def live_state(game: Game) -> str:
    """What the live part of a board shows beyond the game's log, in one word: its result as
    written (a director's entry, a correction, a reopening), checked and confirmed, and the
    replay's verdict. A poll that holds the same log length and this word has nothing new."""
    board = game.event_board
    return ".".join(
        str(part)
        for part in (
            board.result_version,
            board.result_check,
            board.confirmation,
            int(board.recording_open),
            game.validation,
        )
    )


def clock_state(game: Game, now: datetime) -> dict[str, Any]:
    """What a browser needs to count down: readings at `now` and the server's time."""
    return {
        "readings_ms": game.readings(now),
        "seat": game.clock_seat,
        # A practice game (no board) never runs its clocks.
        "running": game.clock_running and game.board is not None and not game.board.closed,
        "flag_fallen": flag_fallen(game, now),
        "started": game.clock_seat is not None or game.status == Game.Status.FINISHED,
        "server_time": now.isoformat(),
        "server_ms": int(now.timestamp() * 1000),
        "initial_ms": game.clock_ms,
    }


def seen_clock(
    game: Game, now: datetime, sight: Sight = WHOLE, seen: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The clocks as ``sight`` sees them: at ``now``, or (a spectator's delayed view) as the
    last entry in sight left them, held: a running clock would tell when the seat moved.
    ``seen``: the position in sight, when the caller has it."""
    state = clock_state(game, now)
    if sight.upto is None:
        return state
    last = game.actions.filter(index__lt=sight.upto).exclude(clock_ms=[]).order_by("-index").first()
    readings = list(last.clock_ms) if last is not None and last.clock_ms else None
    if readings is None or len(readings) != len(state["readings_ms"]):
        readings = [game.clock_ms] * len(state["readings_ms"])
    to_move = (seen if seen is not None else position(game, sight)).get("to_move")
    state.update(
        {
            "readings_ms": readings,
            "seat": to_move if isinstance(to_move, int) and last is not None else None,
            "running": False,
            "flag_fallen": None,
            "started": last is not None,
        }
    )
    return state


def log_entries(game: Game, since: int = 0, sight: Sight = WHOLE) -> list[dict[str, Any]]:
    """The log from index `since` on (in ``sight``), every entry with who made it and both
    clocks then."""
    if game._state.adding:  # not stored yet: no log
        return []
    rows = game.actions.filter(index__gte=since)
    if sight.upto is not None:
        rows = rows.filter(index__lt=sight.upto)
    rows = rows.select_related("user__player", "taken_back_by").order_by("index")
    return entries(rows, racks_hidden=game.racks_hidden, sight=sight)


def _read_players(rows: list[GameAction]) -> None:
    """The players of the rows' accounts (their names), read in one written-out statement for
    the accounts whose player is not read yet: the request's account, on the rows a write has
    just stored. The ORM's building of that one-row read cost more than the read itself, on
    every write of a game."""
    accounts = {r.user.pk: r.user for r in rows if r.user is not None}
    unread = [u for u in accounts.values() if not Account.player.is_cached(u)]
    if not unread:
        return
    table = connection.ops.quote_name(Player._meta.db_table)
    column = connection.ops.quote_name(Player._meta.get_field("user").column)
    places = ", ".join(["%s"] * len(unread))
    found = Player.objects.raw(
        f"SELECT * FROM {table} WHERE {column} IN ({places})",  # noqa: S608 (names, placeholders)
        [u.pk for u in unread],
    )
    players = {p.user_id: p for p in found}
    for account in unread:
        Account.player.related.set_cached_value(account, players.get(account.pk))


def entries(
    rows: Iterable[GameAction], *, racks_hidden: bool = False, sight: Sight = WHOLE
) -> list[dict[str, Any]]:
    """Log rows as the log shows them (rows a write has just stored, or read with their user's
    player and what took them back). ``racks_hidden``: an online game in play, whose draws
    show who drew and how many tiles, never which."""
    rows = list(rows)
    _read_players(rows)
    return [
        {
            "index": r.index,
            "kind": r.kind,
            "payload": concealed(r.payload) if racks_hidden and r.kind == "draw" else r.payload,
            "reason": r.reason,
            "user": display_name(r.user) or None,
            "at": r.at.isoformat(),
            "clock_ms": r.clock_ms,
            "taken_back_by": r.taken_back_by.index
            if r.taken_back_by and sight.shows(r.taken_back_by.index)
            else None,
        }
        for r in rows
    ]


def concealed(draw: dict[str, Any]) -> dict[str, Any]:
    """A draw as the log shows it while the game is in play: the seat and the number of tiles."""
    tiles = draw.get("tiles")
    return {"type": "draw", "player": draw.get("player"), "count": len(tiles or [])}


def game_state(
    game: Game, now: datetime | None = None, *, with_log: bool = True, sight: Sight = WHOLE
) -> dict[str, Any]:
    """Everything the board page and the API show of a game; in ``sight`` (a spectator's
    delayed view of an online board: games.spectating), as it was at the cut."""
    now = now or timezone.now()
    board = game.event_board
    # Seats hold levels only with a result (the result service writes both): without one, no
    # side has a lowest level, and the seats need not be read.
    lowest = side_lowest(board) if board.result else []
    seen = position(game, sight)
    state: dict[str, Any] = {
        "board": board.pk,
        "board_number": board.number,
        "round": board.round.number,
        "event": board.round.event.slug,
        "status": game.status,
        "players": game.players,
        "ruleset": game.ruleset,
        "options": game.options,
        "next_index": game.log_length if sight.upto is None else sight.upto,
        "position": seen,
        "clock": seen_clock(game, now, sight, seen),
        # A spectator's view behind the game (games.spectating), and when it next shows more.
        "delayed": not sight.whole,
        "reveal_at": sight.reveal_at.isoformat() if sight.reveal_at else None,
        "result": board.result,
        # The documented two-sided fields, read from the seats: the first and second side's
        # lowest level (a solitaire entrant's alone in first_lowest).
        "first_lowest": lowest[0] if lowest else None,
        "second_lowest": lowest[1] if len(lowest) > 1 else None,
        "placings": table_placings(game),  # tables only: by seat, once decided
        "result_held": board.result_held,
        "result_check": board.result_check,
        "result_provisional": board.result_provisional,
        "board_closed": board.closed and game.status != Game.Status.FINISHED,
        "validation": game.validation,
        "validation_message": game.validation_message,
    }
    state.update(solitaire.revealed(game, state["position"]))  # solitaire: the tile to place
    if with_log:
        state["log"] = log_entries(game, sight=sight)
    return state


def preview(
    game: Game, tile: str, cells: list[str], sight: Sight = WHOLE, *, racks_seen: bool = True
) -> dict[str, Any]:
    """Points a placement would score for the seat to move, without storing anything. Without
    ``racks_seen`` (a spectator of an online game in play) on the position in ``sight``, as a
    spectator at the table sees it: without the racks, which a refusal ("not in the rack")
    would otherwise tell tile by tile."""
    rows = record_rows(game, sight)
    actions = [r.payload for r in rows]
    mode = game.engine_mode
    if game.racks_hidden and not racks_seen:
        actions, mode = [a for a in actions if a.get("type") != "draw"], positions.BOARD_MODE
    eng = positions.replay(game.ruleset, game.options, game.players, actions, mode)
    tile = (tile or "").strip().upper()
    cells = [str(c).strip().upper() for c in cells]
    try:
        if len(cells) != 2:
            raise IllegalAction("BAD_RECORD", len(rows), "a tile covers two cells")
        result = eng.preview(tile, cells)
    except IllegalAction as exc:
        raise IllegalMove.refusing(exc, index=game.log_length) from exc
    except (KeyError, ValueError) as exc:
        raise IllegalMove(
            _("%(tile)s is not a tile (two colour letters from RGBOYP)") % {"tile": repr(tile)},
            code="BAD_RECORD",
            index=game.log_length,
            record_index=len(rows),
        ) from exc
    return {
        "seat": eng.to_move,
        "tile": tile,
        "cells": cells,
        "points": result["points"],
        "total": sum(result["points"].values()),
        "scores": result["scores"],
        "bonus": result["bonus"],
    }


# ---------------------------------------------------------------- records


def record_for_game(game: Game, sight: Sight = WHOLE) -> Record:
    board = game.event_board
    extra = {
        "event": board.round.event.name,
        "round": board.round.number,
        "board": board.number,
    }
    return shown_record(game, [r.payload for r in record_rows(game, sight)], extra)


def shown_record(game: Game, actions: list[dict[str, Any]], extra: dict[str, Any]) -> Record:
    """A game's record as anyone may read it: an online board's game in play without its draws
    (a board-mode record: what a spectator at the table would see); the full record, every
    draw in it, once the game is over."""
    if game.racks_hidden:
        actions = [a for a in actions if a.get("type") != "draw"]
        return positions.make_record(game.ruleset, game.options, game.players, actions, extra)
    return positions.make_record(
        game.ruleset, game.options, game.players, actions, extra, game.engine_mode
    )


def game_records_for_event(event: Event) -> list[tuple[Board, Record]]:
    """Every game of the event with its record, by round and board (for the zip export)."""
    games = (
        Game.objects.ingenious()
        .filter(board__round__event=event)
        .select_related("board__round__event")
        .prefetch_related("actions")
        .order_by("board__round__number", "board__number")
    )
    out = []
    now = timezone.now()
    for game in games:
        logged = list(game.actions.all())
        # Everyone downloads it: an online board's game in play as its spectators see it.
        sight = spectators_sight(game, now, logged)
        by_pk = {a.pk: a.index for a in logged}
        actions = sorted(
            (
                a
                for a in logged
                if a.kind in RECORD_KINDS
                and sight.shows(a.index)
                and not (a.taken_back_by_id and sight.taken_back(by_pk.get(a.taken_back_by_id)))
            ),
            key=lambda a: a.index,
        )
        board = game.event_board
        extra = {"event": event.name, "round": board.round.number, "board": board.number}
        record = shown_record(game, [a.payload for a in actions], extra)
        out.append((board, record))
    return out


# ---------------------------------------------------------------- the viewer


def replay_frames(game: Game, sight: Sight = WHOLE) -> list[dict[str, Any]]:
    """The game step by step (in ``sight``): each record action with the scores and clocks
    after it."""
    rows = record_rows(game, sight)
    eng = positions.new_engine(game.ruleset, game.options, game.players, game.engine_mode)
    hidden = game.racks_hidden  # an online game in play: its draws are played, not shown
    initial = [game.clock_ms] * len(game.players)
    frames: list[dict[str, Any]] = [
        {
            "step": 0,
            "index": None,
            "action": None,
            "text": _("Start"),  # the viewer's first step, in the reader's language
            "scores": eng.scores,
            "plies": 0,
            "clock_ms": initial,
            "to_move": eng.to_move,
            "bonus_owed": 0,
        }
    ]
    step = 0
    for row in rows:
        try:
            eng.apply(row.payload)
        except IllegalAction:
            break
        if hidden and row.kind == GameAction.Kind.DRAW:
            continue
        step += 1
        frames.append(
            {
                "step": step,
                "index": row.index,
                "action": row.payload,
                "text": describe(game, row.payload),
                "scores": eng.scores,
                "plies": eng.plies,
                "clock_ms": row.clock_ms or initial,
                "to_move": eng.to_move,
                "bonus_owed": eng.bonus_owed,
            }
        )
    return frames


def describe(game: Game, action: dict[str, Any]) -> str:
    """An action in words, for the log and the viewer."""
    seat = action.get("player")
    who = game.players[seat] if isinstance(seat, int) and 0 <= seat < len(game.players) else "?"
    kind = action.get("type")
    if kind == "place":
        cells = action.get("cells") or ["?", "?"]
        return _("%(who)s: %(tile)s on %(cell)s %(other)s") % {
            "who": who,
            "tile": action.get("tile"),
            "cell": cells[0],
            "other": cells[1],
        }
    if kind == "swap":
        rack = " ".join(action.get("rack") or []) or _("no tiles")
        return _("%(who)s: swap, showing %(rack)s") % {"who": who, "rack": rack}
    if kind == "flag":
        return _("%(who)s: flag fell") % {"who": who}
    return f"{who}: {kind}"


# ---------------------------------------------------------------- summaries for other pages


def live_summary_for_round(
    round_: Round, now: datetime | None = None, boards: Collection[int] | None = None
) -> dict[int, dict[str, Any]]:
    """Per board id (of ``boards`` only, when given): status, moves, scores, clock readings
    with the server's time, result.

    One query however many boards. A flag that has fallen shows in ``clock.flag_fallen``.
    """
    now = now or timezone.now()
    games = (
        Game.objects.ingenious().filter(board__round=round_).select_related("board__round__event")
    )
    if boards is not None:
        games = games.filter(board_id__in=boards)
    out: dict[int, dict[str, Any]] = {}
    for game in games.order_by():
        # Every spectator reads these pages: an online board's game in play as they see it.
        sight = spectators_sight(game, now)
        if sight.whole:
            pos = game.position if game.position_length == game.log_length else position(game)
        else:
            pos = position(game, sight)
        board = game.event_board
        out[board.pk] = {
            "game": game.pk,
            "board_number": board.number,
            "status": game.status,
            "players": game.players,
            "moves": pos.get("plies", 0),
            "scores": pos.get("scores"),
            "lowest": pos.get("lowest"),
            "to_move": pos.get("to_move"),
            "flagged": pos.get("flagged", []),
            "clock": seen_clock(game, now, sight, pos),
            "result": board.result,
            "result_held": board.result_held,
            "result_provisional": board.result_provisional,
            "validation": game.validation,
        }
    return out


def validation_overview(event: Event) -> dict[str, Any]:
    """The director's view: games whose replay failed or is pending, and the latest re-check."""
    games = (
        Game.objects.ingenious()
        .filter(board__round__event=event, log_length__gt=0)
        .select_related("board__round")
        .order_by("board__round__number", "board__number")
    )
    problems = [g for g in games if g.validation == Game.Validation.INVALID]
    counts: dict[str, int] = {}
    for g in games:
        counts[g.validation] = counts.get(g.validation, 0) + 1
    return {
        "games": list(games),
        "problems": problems,
        "counts": counts,
        "run": ValidationRun.objects.filter(event=event).first(),
    }


def latest_run(event: Event) -> ValidationRun | None:
    return ValidationRun.objects.filter(event=event).first()


def recheck_silence(run: ValidationRun | None) -> int | None:
    """How long an unfinished re-check has gone without reporting, if too long (lost?)."""
    if run is None or run.finished_at is not None:
        return None
    return task_silence(run.created_at, run.reported_at)


def may_direct(user: User, event: Event) -> bool:
    return is_director(user, event)
