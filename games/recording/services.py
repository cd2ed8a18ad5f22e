"""Recording a game's placements, swaps and flags: one at a time, a turn typed in the notation,
or a whole game imported from a paper record. Each is checked by the engine before it is stored.

Clock policy (RULINGS.md, MSO): once the clocks are started, only the seat on the clock places
or swaps; a swap comes after the turn's placements and before the press.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from django.utils.translation import gettext as _

from games.engine.errors import IllegalAction, RecordError
from games.engine.game import Game as EngineGame
from games.engine.gamerecord import Record
from games.engine.loading import load_record
from games.engine.replaying import replay as replay_record
from games.errors import IllegalMove, engine_message
from games.models import Game, GameAction
from games.recording import positions, selectors, setup, solitaire
from games.recording.writes import (
    Kind,
    Recorder,
    Target,
    User,
    append,
    deal,
    effective_rows,
    engine_at,
    finish,
    mark_playing,
    recorder_of,
    save,
    seat_name,
    store_position,
    write,
)
from tournament.errors import DomainError, NotAllowed

_ACTION_KEYS = {
    "place": ("type", "player", "tile", "cells"),
    "swap": ("type", "player", "rack"),
    "flag": ("type", "player"),
}
KIND_WORDS = {"place": "placement", "swap": "swap", "flag": "flag"}


def clean_action(action: Any) -> dict[str, Any]:
    if not isinstance(action, dict):
        raise DomainError(
            _(
                'An action must be an object such as {"type": "place", '
                '"player": 0, "tile": "RO", "cells": ["C9", "D9"]}.'
            ),
            field="action",
        )
    kind = action.get("type")
    if kind not in _ACTION_KEYS:
        raise DomainError(
            _("%(kind)s is not an action recorded at the board: place, swap or flag.")
            % {"kind": repr(kind)},
            field="action",
        )
    cleaned = {k: action[k] for k in _ACTION_KEYS[kind] if k in action}
    if kind == "place" and isinstance(cleaned.get("tile"), str):
        cleaned["tile"] = cleaned["tile"].strip().upper()
    if kind == "place" and isinstance(cleaned.get("cells"), list):
        cleaned["cells"] = [
            c.strip().upper() if isinstance(c, str) else c for c in cleaned["cells"]
        ]
    if kind == "swap" and isinstance(cleaned.get("rack"), list):
        cleaned["rack"] = [t.strip().upper() if isinstance(t, str) else t for t in cleaned["rack"]]
    return cleaned


def acting_seat(game: Game, eng: EngineGame, kind: str) -> int:
    """The seat an action entered without one is for: a placement belongs to the seat the engine
    expects (so one typed before the press is refused with "press the clock first"); a swap to
    the turn on the clock, else to the seat that may swap now."""
    if kind == "swap":
        seat = game.clock_seat if game.clock_seat is not None else eng.swap_seat
        if seat is None:
            seat = eng.turn_seat
    else:
        seat = eng.to_move
    return seat if seat is not None else 0


def placed_this_turn(game: Game, seat: int) -> bool:
    """``seat`` has placed a tile since the clock came to it (the log's entries standing, with
    this write's own)."""
    placed = game.actions.filter(
        kind=Kind.PLACE, index__gt=game.turn_index, taken_back_by__isnull=True
    )
    # Unordered: the default order of a game's actions joins the game's board, round and event.
    # The turn's few placements are read and their seat compared here: a lookup into the JSON
    # payload cost more to build than the read itself, on every press.
    payloads = placed.order_by().values_list("payload", flat=True)
    return any(isinstance(p, dict) and p.get("player") == seat for p in payloads)


def _check_clock_allows(game: Game, action: dict[str, Any]) -> None:
    """Once the clocks run, only the seat on the clock acts, and a swap comes before the press."""
    seat = action.get("player")
    kind = action["type"]
    if kind == "flag":
        if game.clock_seat is not None:
            raise DomainError(
                _(
                    "The site's clock decides when a flag falls; record a flag by hand "
                    "only in a game played without the site's clock."
                ),
                code="clock_decides_flags",
            )
        return
    if game.clock_seat is None or not isinstance(seat, int):
        return
    if seat != game.clock_seat:
        raise DomainError(
            _(
                "The clock is running for %(value)s: press the clock to end that "
                "turn before recording %(value2)s's %(value3)s."
            )
            % {
                "value": seat_name(game, game.clock_seat),
                "value2": seat_name(game, seat),
                "value3": KIND_WORDS[kind],
            },
            code="not_on_clock",
        )
    if kind == "swap" and not placed_this_turn(game, seat):
        raise DomainError(
            _(
                "%(value)s has not placed a tile on this turn of the clock: a swap "
                "comes after the turn's placements and before the press."
            )
            % {"value": seat_name(game, seat)},
            code="SWAP_NOT_ALLOWED",
        )


def _apply_checked(eng: EngineGame, action: dict[str, Any], index: int) -> None:
    try:
        eng.apply(action)
    except IllegalAction as exc:
        raise IllegalMove.refusing(exc, index=index) from exc


ActionsFor = Callable[[Game, EngineGame], list[dict[str, Any]]]


def _record(
    game: Target,
    user: User,
    expected_index: int,
    actions_for: ActionsFor,
    *,
    ends_turn: bool = True,
) -> list[GameAction]:
    """Append the actions ``actions_for`` names on the locked game, each played on the stored
    position; returns the stored rows (each row's ``game`` is the game as stored).
    ``ends_turn``: the actions begin a new turn (all but a swap), so a refill due is dealt.
    A seated player's (a Recorder with a seat) are for that seat alone."""
    seat = game.seat if isinstance(game, Recorder) else None

    def body(game: Game, at: datetime) -> list[GameAction]:
        eng = engine_at(game)
        stored: list[GameAction] = []
        # An online board's game: a turn whose placements are done ends with its refill, dealt
        # before the next seat acts (a swap belongs to the turn: it waits for none).
        if game.mode == Game.Mode.FULL and ends_turn:
            stored += deal(game, eng, at, turn_over=True)
        cleaned = [clean_action(a) for a in actions_for(game, eng)]
        if not cleaned:
            raise DomainError(_("Nothing to record: give at least one action."), field="action")
        for action in cleaned:
            if seat is not None and action.get("player") != seat:  # a player's own seat alone
                raise NotAllowed(
                    _("You play for your own seat only, not for %(who)s.")
                    % {"who": seat_name(game, action.get("player"))},
                    code="not_your_seat",
                )
            _check_clock_allows(game, action)
            solitaire.check_dealt(game, eng.plies, action)  # the round's sequence decides
            _apply_checked(eng, action, game.log_length)
            row = append(game, action["type"], user=user, at=at, payload=action)
            stored.append(row)
            if action["type"] == "flag" and not eng.over:
                game.turn_index = row.index
            if game.mode == Game.Mode.FULL:  # a new rack after a swap is dealt at once
                stored += deal(game, eng, at, turn_over=False)
        mark_playing(game)
        store_position(game, eng)
        if eng.over:
            finish(game, eng, at, user)
        save(game)
        return stored

    return write(
        game,
        user,
        expected_index,
        body,
        would=lambda game: _would_end(game, actions_for),
        seated_may=True,
    )


def _would_end(game: Game, actions_for: ActionsFor) -> str:
    """What refused actions would make of the game: "the move would end the game 1-0", or ""
    (a board closed meanwhile refuses the final move naming both results)."""
    try:
        eng = engine_at(game)
        for action in actions_for(game, eng):  # named before any is played
            eng.apply(clean_action(action))
    except (DomainError, IllegalAction):
        return ""
    return f"the move would end the game {positions.result_words(eng)}" if eng.over else ""


def record_actions(
    *, game: Target, user: User, expected_index: int, actions: list[dict[str, Any]]
) -> list[GameAction]:
    """Append record actions (one, or a whole turn) checked by the engine."""
    recorder = recorder_of(game, user)  # before the actions are read
    if not actions:
        raise DomainError(_("Nothing to record: give at least one action."), field="action")
    cleaned = [clean_action(a) for a in actions]
    swap = cleaned[0]["type"] == "swap"
    return _record(recorder, user, expected_index, lambda game, eng: cleaned, ends_turn=not swap)


def record_action(
    *, game: Target, user: User, expected_index: int, action: dict[str, Any]
) -> GameAction:
    """Append one place, swap or flag action, checked by the engine first."""
    rows = record_actions(game=game, user=user, expected_index=expected_index, actions=[action])
    return rows[0]


def record_placement(
    *, game: Target, user: User, expected_index: int, tile: str, cells: list[str]
) -> list[GameAction]:
    """A placement for the seat whose turn it is (the board page's tile and two cells)."""

    def actions_for(game: Game, eng: EngineGame) -> list[dict[str, Any]]:
        if eng.over:
            raise DomainError(_("The game is over: no more placements."))
        return [
            {
                "type": "place",
                "player": acting_seat(game, eng, "place"),
                "tile": tile,
                "cells": cells,
            }
        ]

    return _record(game, user, expected_index, actions_for)


def record_swap(
    *, game: Target, user: User, expected_index: int, rack: list[str]
) -> list[GameAction]:
    """A swap for the seat whose turn it is, showing ``rack``."""

    def actions_for(game: Game, eng: EngineGame) -> list[dict[str, Any]]:
        return [{"type": "swap", "player": acting_seat(game, eng, "swap"), "rack": rack}]

    return _record(game, user, expected_index, actions_for, ends_turn=False)


def record_notation(
    *, game: Target, user: User, expected_index: int, text: str
) -> list[GameAction]:
    """Record one turn or action typed in the engine's text notation (e.g. ``RO C9 D9``)."""
    recorder = recorder_of(game, user)  # before the text is read
    kind = "swap" if text.lstrip().lower().startswith("swap") else "place"

    def actions_for(game: Game, eng: EngineGame) -> list[dict[str, Any]]:
        seat = acting_seat(game, eng, kind)
        try:
            return positions.parse_actions(text, game.ruleset, game.options, game.players, seat)
        except RecordError as exc:
            where = (
                f" (column {exc.column})"
                if exc.line == 1 and exc.column
                else (f" (line {exc.line}, column {exc.column})" if exc.line else "")
            )
            raise DomainError(
                _("The notation cannot be read%(where)s: %(message)s")
                % {"where": where, "message": engine_message(exc.code, exc.message)},
                code="BAD_RECORD",
                field="text",
            ) from exc

    return _record(recorder, user, expected_index, actions_for, ends_turn=kind != "swap")


# ---------------------------------------------------------------- import


def unstored_game_at(board_pk: int) -> Game:
    """The game a board published without one will store (setup.NoGameHere: none there)."""
    board = selectors.board_with_event(board_pk)
    if board is None:
        raise setup.NoGameHere(_("No such board, or its round is not published yet."))
    return setup.unstored_game(board)


def _read_record(source: str | bytes | dict[str, Any]) -> Record:
    try:
        if isinstance(source, dict):
            return Record.from_json(source)
        return load_record(source)
    except RecordError as exc:
        where = f" (line {exc.line}, column {exc.column})" if exc.line else ""
        raise DomainError(
            _("The record cannot be read%(where)s: %(message)s")
            % {"where": where, "message": engine_message(exc.code, exc.message)},
            code="BAD_RECORD",
            field="record",
        ) from exc


def import_record(
    *,
    game: Target,
    user: User,
    source: str | bytes | dict[str, Any],
    expected_index: int | None = None,
) -> list[GameAction]:
    """Store a game recorded on paper (JSON or text form), checked like moves at the board."""
    recorder = recorder_of(game, user)  # before the record is read
    if isinstance(game, Recorder):  # its ruleset and seats, which the record must have
        game = selectors.game_at_board(recorder.board_pk) or unstored_game_at(recorder.board_pk)
    record = _read_record(source)
    if record.ruleset != game.ruleset:
        raise DomainError(
            _("The record is for the %(ruleset)s ruleset; this event plays %(ruleset2)s.")
            % {"ruleset": record.ruleset, "ruleset2": game.ruleset},
            field="record",
        )
    if len(record.players) != len(game.players):
        raise DomainError(
            _("The record has %(players)s players, not %(players2)s.")
            % {"players": len(record.players), "players2": len(game.players)},
            field="record",
        )
    try:
        record.new_game()  # the record's own header (e.g. a full-mode game with its draws)
        replay_record(record)
    except IllegalAction as exc:
        raise IllegalMove(
            _("action %(index)s of the record: %(message)s")
            % {"index": exc.index, "message": engine_message(exc.code, exc.message)},
            code=exc.code,
            index=exc.index,
            record_index=exc.index,
        ) from exc
    actions = positions.board_mode_actions(record)
    if not actions:
        raise DomainError(_("The record has no moves to import."), field="record")

    def body(game: Game, at: datetime) -> list[GameAction]:
        rows = effective_rows(game)
        if rows:
            raise DomainError(
                _(
                    "This game already has %(rows)s action(s) recorded: take them back "
                    "before importing a record."
                )
                % {"rows": len(rows)},
                code="not_empty",
            )
        if game.clock_seat is not None:
            raise DomainError(
                _(
                    "The site's clocks are running for this game: it is being recorded "
                    "at the board, not from paper."
                ),
                code="clock_started",
            )
        eng = positions.new_engine(game.ruleset, game.options, game.players)
        stored: list[GameAction] = []
        for n, action in enumerate(actions):
            solitaire.check_dealt(game, eng.plies, action)  # the round's sequence decides
            try:
                eng.apply(action)
            except IllegalAction as exc:
                raise IllegalMove(
                    _("action %(n)s (without draws): %(message)s")
                    % {"n": n, "message": engine_message(exc.code, exc.message)},
                    code=exc.code,
                    index=game.log_length,
                    record_index=n,
                ) from exc
            stored.append(
                append(
                    game,
                    action["type"],
                    user=user,
                    at=at,
                    payload=action,
                    reason="imported from a paper record",
                )
            )
        mark_playing(game)
        store_position(game, eng)
        if eng.over:
            finish(game, eng, at, user)
        save(game)
        return stored

    def would(game: Game) -> str:
        try:
            end = positions.replay(game.ruleset, game.options, game.players, actions)
        except IllegalAction:
            return ""
        return f"the record ends {positions.result_words(end)}" if end.over else ""

    return write(recorder, user, expected_index, body, would=would)
