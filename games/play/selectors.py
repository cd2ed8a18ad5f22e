"""Reads of the player's game page: who plays which seat, and what one seat sees of its game.

A seat sees the board, every seat's score track, the clocks and its OWN rack: never another
seat's, a partner's neither (the event has no option that opens communication between partners,
so partners play as the rules say without it). Nothing here writes.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _

from games.control_room.selectors import board_messages, calls_of
from games.engine.errors import IllegalAction
from games.engine.game import Game as EngineGame
from games.engine.phases import placement_seat
from games.errors import IllegalMove
from games.models import Game
from games.recording import selectors as recording
from games.recording import solitaire
from games.recording.board_svg import COLOUR_NAMES, board_svg, tile_svg
from games.recording.services import placed_this_turn
from games.recording.views import _seat_rows
from games.recording.writes import Recorder, User, engine_at, player_at, seat_name, seat_of
from tournament.errors import Conflict, DomainError, NotAllowed
from tournament.models.events import Event
from tournament.models.tables import seats_with_players


class NoGameForYou(DomainError):
    """No such game, or one the user cannot see: answered as a page not found."""

    status_code = 404


def game_to_play(game_pk: int) -> Game:
    """The game with its board, round, event and the board's seats with who sits there."""
    game = (
        Game.objects.ingenious()
        .select_related("board__round__event")
        .prefetch_related(seats_with_players(through="board__"))
        .filter(pk=game_pk, board__isnull=False)
        .first()
    )
    if game is None or game.board is None or not game.board.round.is_public:
        raise NoGameForYou(_("No such game, or its round is not published yet."))
    return game


def player_seat(user: User, game: Game) -> int:
    """The seat the user plays at this game: refused unless they sit at its board (403), and
    unless the board is played online (403: a venue's board is recorded by its arbiters)."""
    board = game.event_board
    seat = seat_of(user or AnonymousUser(), board)
    if seat is None:
        if user is None or not user.is_authenticated:
            raise NotAllowed(
                _("Sign in as a player of this board to play it."), code="not_signed_in"
            )
        raise NotAllowed(
            _(
                "You do not sit at board %(number)s: only its players play here. "
                "Watch it on the board's page."
            )
            % {"number": board.number},
            code="not_your_board",
        )
    if not board.online:
        raise NotAllowed(
            _(
                "Board %(number)s is played at the venue: its arbiters record the moves, "
                "not the players' screens."
            )
            % {"number": board.number},
            code="not_online",
        )
    return seat


def recorder_for(user: User, game: Game) -> Recorder:
    """The player's recorder at the game's board (the one write path's permission, checked
    once): refused as :func:`player_seat` refuses."""
    player_seat(user, game)  # the refusal in words, before the write's own check
    recorder = player_at(user, game.event_board.pk)
    if recorder is None:  # unseated meanwhile
        raise NoGameForYou(_("No such game, or its round is not published yet."))
    return recorder


def rack_of(game: Game, eng: EngineGame, seat: int, position: dict[str, Any]) -> list[str]:
    """The seat's own rack: what the site dealt it (an online board's game), or a solitaire
    entrant's tile to place now (the round's sequence shows one tile at a time)."""
    if solitaire.is_solitaire_game(game):
        tile = solitaire.revealed(game, position).get("next_tile")
        return [tile] if tile else []
    racks = eng.racks
    return list(racks[seat]) if racks is not None and 0 <= seat < len(racks) else []


def may_now(game: Game, eng: EngineGame, seat: int, position: dict[str, Any]) -> dict[str, bool]:
    """What the seat may do now: place (its placement or a bonus placement is due), swap (the
    rules allow it and the turn has not ended), end its turn (the clock's press)."""
    board = game.event_board
    in_play = game.status != Game.Status.FINISHED and not board.closed and not eng.over
    started = game.clock_seat is not None
    mine = in_play and (game.clock_seat == seat if started else eng.to_move == seat)
    running = not started or game.clock_running
    placed = mine and started and placed_this_turn(game, seat)
    # The turn's placement, then only the bonus placements it earned (a solitaire entrant's
    # board-mode game would take another placement before the press: the clock's turn ends it).
    placing = (
        mine and running and placement_seat(eng) == seat and (not placed or eng.bonus_owed > 0)
    )
    return {
        "place": placing,
        "swap": bool(placed and running and eng.may_swap(seat)),
        "end_turn": bool(placed and running and not (eng.turn_seat == seat and eng.bonus_owed)),
    }


def legal_pairs(eng: EngineGame, rack: list[str]) -> list[list[str]]:
    """The pairs of free cells a tile of the rack may cover now (the engine's legal
    placements): the page offers these alone."""
    seen: dict[tuple[str, str], None] = {}
    for action in eng.legal_placements(rack or None):
        a, b = action["cells"]
        seen.setdefault((a, b) if a < b else (b, a), None)
    return [list(pair) for pair in seen]


def doing_now(game: Game, seat: int, may: dict[str, bool], eng: EngineGame) -> str:
    """What the page says the seat is to do, in words."""
    if game.status == Game.Status.FINISHED or eng.over:
        board = game.event_board
        if board.result:
            return _("The game is over: %(result)s.") % {"result": board.result_text}
        return _("The game is over.")
    if game.event_board.closed:
        return _("The board is decided: nothing more is played here.")
    if game.clock_seat is not None and not game.clock_running:
        return _("The clocks are paused by the arbiter.")
    if may["place"] and eng.bonus_owed and eng.plies:
        return _("Place a bonus tile: choose a tile of your rack, then two free hexes.")
    if may["place"]:
        return _("Your turn: choose a tile of your rack, then two free hexes, then Confirm.")
    if may["end_turn"]:
        if may["swap"]:
            return _("Swap your rack if you wish, then end your turn.")
        return _("End your turn: it presses your clock.")
    acting = game.clock_seat if game.clock_seat is not None else eng.to_move
    return _("%(who)s is playing.") % {"who": seat_name(game, acting)}


def seat_view(
    game: Game,
    eng: EngineGame,
    seat: int,
    position: dict[str, Any],
    *,
    may: dict[str, bool],
    doing: str,
    seats: list[dict[str, Any]],
    result: str,
    clocks: bool,
) -> dict[str, Any]:
    """What a seat's page shows of its game, as JSON (static/js/play.js reads it: the player's
    page of an online board and a practice game's page, games.practice): the board, its own
    rack, every seat's track, whose turn it is, what the seat may do now (``may``, in words
    ``doing``), and the log's length (the next write's expected index). ``seats``: the seats'
    rows (games.recording.views._seat_rows); ``clocks``: each seat's clock shown. Never another
    seat's rack."""
    rack = rack_of(game, eng, seat, position)
    finished = game.status == Game.Status.FINISHED
    for row in seats:
        row["you"] = row["seat"] == seat
    return {
        "game": game.pk,
        "seat": seat,
        "players": list(game.players),
        "status": game.status,
        "over": finished or eng.over,
        "result": result,
        "next_index": game.log_length,
        "to_move": position.get("to_move"),
        "turn_seat": position.get("turn_seat"),
        "bonus_owed": eng.bonus_owed if eng.turn_seat == seat else 0,
        "plies": position.get("plies") or 0,
        "rack": [{"tile": tile, "svg": str(tile_svg(tile, 26))} for tile in rack],
        "may": may,
        "legal_pairs": legal_pairs(eng, rack) if may["place"] else [],
        "doing": doing,
        "seats": [
            {
                "seat": row["seat"],
                "name": row["name"],
                "you": row["you"],
                "to_move": row["to_move"],
                "flagged": row["flagged"],
                **({"clock_text": row["clock_text"]} if clocks else {}),
            }
            for row in seats
        ],
        "board_svg": str(board_svg(position, interactive=may["place"], highlight_plies=1)),
        "tracks_html": render_to_string(
            "games/_tracks.html", {"seats": seats, "finished": finished}
        ),
    }


def play_state(game: Game, seat: int, now: datetime | None = None) -> dict[str, Any]:
    """What the seat's page shows, as JSON (:func:`seat_view`), with the board it is played
    at, the clocks (readings at the server's time and the running seat, for the page to count
    down) and the arbiter's messages and this seat's calls."""
    now = now or timezone.now()
    board = game.event_board
    position = recording.position(game)
    clock = recording.clock_state(game, now)
    eng = engine_at(game)
    may = may_now(game, eng, seat, position)
    seats = _seat_rows(game, position, clock, recording.table_placings(game))
    view = seat_view(
        game,
        eng,
        seat,
        position,
        may=may,
        doing=doing_now(game, seat, may, eng),
        seats=seats,
        result=board.result_text if board.result else "",
        clocks=True,
    )
    return {
        **view,
        "board": board.pk,
        "board_number": board.number,
        "round": board.round.number,
        "clock": {
            "readings_ms": clock["readings_ms"],
            "seat": clock["seat"],
            "running": clock["running"],
            "started": clock["started"],
            "flag_fallen": clock["flag_fallen"],
            "server_ms": clock["server_ms"],
        },
        "partner_rack": _partner_rack(game, eng, seat, position),
        # The arbiter's words to this board, and this seat's own calls with their answers.
        "messages": board_messages(game),
        "calls": calls_of(game, seat),
    }


def _partner_rack(
    game: Game, eng: EngineGame, seat: int, position: dict[str, Any]
) -> list[dict[str, str]] | None:
    """The partner's rack, where the event opens communication between partners (a
    partnership table of four: partners opposite); None everywhere else."""
    event = game.event_board.round.event
    if not event.online_partners_see_racks or event.ruleset != Event.Ruleset.PARTNERSHIP:
        return None
    if len(game.players) != 4:
        return None
    partner = rack_of(game, eng, (seat + 2) % 4, position)
    return [{"tile": tile, "svg": str(tile_svg(tile, 26))} for tile in partner]


def check_placement(game: Game, seat: int, tile: str, cells: list[str]) -> dict[str, Any]:
    """What a placement would score for the seat, in the engine's words when it is refused:
    asked by the page before it offers Confirm. Nothing is stored."""
    eng = engine_at(game)
    if eng.to_move != seat or game.status == Game.Status.FINISHED:
        if game.status == Game.Status.FINISHED or eng.over:
            raise Conflict(_("The game is over: nothing more is played here."), code="game_over")
        raise NotAllowed(
            _("It is %(who)s's turn, not yours: wait for your turn.")
            % {"who": seat_name(game, eng.to_move)},
            code="not_your_turn",
        )
    tile = (tile or "").strip().upper()
    cells = [str(c).strip().upper() for c in cells]
    position = recording.position(game)
    if solitaire.is_solitaire_game(game):
        solitaire.check_dealt(
            game, int(position.get("plies") or 0), {"type": "place", "tile": tile}
        )
    try:
        if len(cells) != 2:
            raise IllegalAction("BAD_RECORD", game.log_length, "a tile covers two cells")
        result = eng.preview(tile, cells)
    except IllegalAction as exc:
        raise IllegalMove.refusing(exc, index=game.log_length) from exc
    except (KeyError, ValueError) as exc:
        raise DomainError(
            _("%(tile)s is not a tile (two colour letters from RGBOYP)") % {"tile": repr(tile)},
            code="BAD_RECORD",
        ) from exc
    return {
        "tile": tile,
        "cells": cells,
        "points": result["points"],
        "total": sum(result["points"].values()),
        "bonus": result["bonus"],
    }


def page_words() -> dict[str, Any]:
    """The page script's sentences (static/js/play.js), in the reader's language."""
    return {
        "pick_tile": _("Choose a tile of your rack first."),
        "pick_first": _("Now tap the hex for the tile's first colour."),
        "pick_second": _("Now tap a free hex next to it."),
        "no_pair": _("That hex has no free hex next to it: choose another."),
        "not_next": _("Choose a free hex next to the first one."),
        "checking": _("Checking the placement..."),
        "would_score": _("%(tile)s on %(cells)s would score %(points)s. Confirm to play it."),
        "no_points": _("nothing"),
        "bonus": _("and earns a bonus placement"),
        "sending": _("Sending..."),
        "offline": _("The connection is lost: retrying."),
        "your_time": _("your time"),
        "from_arbiter": _("The arbiter"),
        "you_called": _("You called the arbiter"),
        "answer": _("The arbiter's answer"),
        "taken_over": _(
            "This game is open in another window or device: play it there, or reload this page "
            "to play here."
        ),
        "colours": {c: str(name) for c, name in COLOUR_NAMES.items()},
    }
