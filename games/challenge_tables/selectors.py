"""Reads of the challenge tables (games of the kind ``challenge``): who may record, the log, the
position (replayed through ``games.challenges``, never stored), the legal actions now, the
record, the schema check. The players are read from the board's seats (``Game.seat_names``)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cache, cached_property
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Prefetch, QuerySet
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match, relevance

from games.challenge_tables.models import ChallengeAction
from games.challenges.board import ChallengeGame
from games.challenges.card import CardChallenge
from games.challenges.choices import Choices, choices
from games.challenges.dice import MAX_ROLLS, DiceChallenge
from games.challenges.outcomes import Outcome, apply_with_outcome
from games.challenges.record import ChallengeRecord, new_game, record_schema
from games.challenges.tile import TileChallenge
from games.engine.tiles import COLOURS
from games.models import Game
from tournament.models.events import Board, EventRole
from tournament.models.tables import Seat
from tournament.names import display_name
from tournament.permissions import User, events_held, is_arbiter

# ---------------------------------------------------------------- who may record


def can_record_challenges(user: User) -> bool:
    """Signed-in staff, and anyone who directs or arbitrates an event."""
    if not user.is_authenticated:
        return False
    if getattr(user, "is_staff", False) or getattr(user, "is_superuser", False):
        return True
    roles = (EventRole.Role.DIRECTOR, EventRole.Role.ARBITER)
    return events_held(user, roles).exists()  # an event's own role or its festival's


def may_record_table(user: User, table: Game) -> bool:
    """Who records this table: an event's table, its event's arbiters and directors (or
    staff); a table away from any event, whoever may record Challenges. The table's board,
    round and event as read with it (:func:`tables` selects them)."""
    board = table.board
    if board is None:
        return can_record_challenges(user)
    if not user.is_authenticated:
        return False
    if getattr(user, "is_staff", False):
        return True
    return is_arbiter(user, board.round.event)


#: The Card Challenge's actions that put cards in a hand (full mode): their cards are hidden.
HAND_ACTIONS = ("deal", "draw")


def hands_hidden_from(user: User, table: Game, *, may_record: bool | None = None) -> bool:
    """CHALLENGES.md: a Card Challenge's hands are hidden. While a full-mode game (the site
    dealt the hands) is not over and its board not decided, only those who record the table
    see them; the players and spectators see each hand's size, the face-up cards and a swap's
    shown hand. ``may_record``: the caller's :func:`may_record_table`, when it has it."""
    if table.challenge != "card" or table.mode != Game.Mode.FULL:
        return False
    if table.status == Game.Status.FINISHED:
        return False
    if table.board is not None and table.board.closed:
        return False
    return not (may_record_table(user, table) if may_record is None else may_record)


def _hidden_payload(payload: dict[str, Any]) -> dict[str, Any]:
    if payload.get("type") in HAND_ACTIONS and isinstance(payload.get("cards"), list):
        return {
            "type": payload["type"],
            "player": payload.get("player"),
            "count": len(payload["cards"]),
        }
    return payload


def shown_payload(payload: dict[str, Any], hide_hands: bool) -> dict[str, Any]:
    """An action as the reader may see it: a deal or a draw says how many cards, not which,
    while the hands are hidden from them (``hands_hidden_from``)."""
    return _hidden_payload(payload) if hide_hands else payload


def without_hands(body: dict[str, Any]) -> dict[str, Any]:
    """The table's state as a player or spectator may see it mid-game: no hand, and the log's
    deals and draws say how many cards, not which."""
    card = body.get("card")
    if isinstance(card, dict):
        card.pop("hands", None)
    for key in ("log", "stored"):
        if key in body:
            body[key] = [{**e, "payload": _hidden_payload(e["payload"])} for e in body[key]]
    return body


# ---------------------------------------------------------------- log and replay


#: What a challenge table's pages read with it: its board's seats with their players, in one
#: query (``Game.seat_names``).
WITH_SEATS = (
    Prefetch(
        "board__seats", queryset=Seat.objects.select_related("entry__player", "entry__partner")
    ),
)


def tables() -> QuerySet[Game]:
    """Every challenge table, latest first, with its seats' players."""
    return (
        Game.objects.challenges()
        .select_related("board__round__event")
        .prefetch_related(*WITH_SEATS)
        .order_by("-created_at", "-id")
    )


def challenge_game(pk: int) -> Game | None:
    """The challenge table ``pk`` (an Ingenious game's id is none), with its seats."""
    return tables().filter(pk=pk).first()


def effective_actions(table: Game) -> list[ChallengeAction]:
    """The record's actions still standing (not taken back), in order."""
    return list(
        table.challenge_actions.filter(
            kind=ChallengeAction.Kind.ACTION, taken_back_by__isnull=True
        ).order_by("index")
    )


def fresh_game(table: Game, names: list[str] | None = None) -> ChallengeGame:
    """The table's game before its first action; ``names``: the seats' names, when the caller
    has them (a table read under its lock is read without its seats)."""
    names = table.seat_names if names is None else names
    return new_game(table.challenge, names, table.mode, dict(table.options))


def replay_table(table: Game, rows: list[ChallengeAction]) -> ChallengeGame:
    """The position after ``rows``; raises ``IllegalAction`` if the log no longer replays."""
    game = fresh_game(table)
    for row in rows:
        game.apply(dict(row.payload))
    return game


@dataclass(frozen=True, slots=True)
class LogEntry:
    """An entry of a table's log as its page reads it: no model instance, as every action
    reads the whole log again."""

    pk: int
    index: int
    kind: str
    payload: dict[str, Any]
    reason: str
    user_id: int | None
    taken_back_by_id: int | None


LOG_FIELDS = tuple(f.name for f in fields(LogEntry))


def entry_of(row: ChallengeAction) -> LogEntry:
    return LogEntry(*(getattr(row, name) for name in LOG_FIELDS))


def log_of(table: Game) -> list[LogEntry]:
    """The table's whole log (take-backs and the actions they took back included), newest
    first: one query."""
    rows = table.challenge_actions.order_by("-index").values_list(*LOG_FIELDS)
    return [LogEntry(*row) for row in rows]


@dataclass(frozen=True)
class TableReading:
    """A table as its page reads it, from one replay: the position, what each action standing
    did (by its index in the log), and the whole log (take-backs and the actions they took back
    included), newest first."""

    game: ChallengeGame
    outcomes: dict[int, Outcome]
    log: list[LogEntry]

    @cached_property
    def choices(self) -> Choices | None:
        """What the seat to act may do now (the page's controls, what is due in words)."""
        return choices(self.game)


def reading_of(table: Game, log: list[LogEntry], names: list[str] | None = None) -> TableReading:
    """The position after the ``log`` read (:func:`log_of`), replayed once, each action
    standing with what it did; raises ``IllegalAction`` if the log no longer replays."""
    game = fresh_game(table, names)
    outcomes: dict[int, Outcome] = {}
    for row in reversed(log):
        if row.kind == ChallengeAction.Kind.ACTION and row.taken_back_by_id is None:
            outcomes[row.index] = apply_with_outcome(game, dict(row.payload))
    return TableReading(game, outcomes, log)


def read_table(table: Game) -> TableReading:
    """The table's page: the log read and replayed once; raises ``IllegalAction`` if the log no
    longer replays."""
    return reading_of(table, log_of(table))


def recorders(log: list[LogEntry]) -> dict[int, str]:
    """Who recorded the log's entries, by user id (a table has one or two recorders: one
    query)."""
    ids = {row.user_id for row in log if row.user_id is not None}
    if not ids:
        return {}
    users = get_user_model().objects.filter(pk__in=ids).select_related("player")
    return {user.pk: display_name(user) for user in users}


def board_decided(table: Game) -> bool:
    """An event's board whose result a director entered: closed to recording until a director
    reopens it (``events.refuse_decided`` refuses every write meanwhile)."""
    board = table.board if table.board_id is not None else None
    if board is None:
        return False
    return (
        bool(board.result) and not board.recording_open and board.result_check == Board.Check.NONE
    )


def record_of(table: Game, reading: TableReading | None = None) -> ChallengeRecord:
    """The table's game as an ``ingenious-challenge-record/1`` (taken-back actions left out);
    ``reading``: the table as a write read it (its log is not read again)."""
    if reading is None:
        actions = [dict(r.payload) for r in effective_actions(table)]
        names = table.seat_names
    else:
        standing = [r for r in reversed(reading.log) if r.index in reading.outcomes]
        actions, names = [dict(r.payload) for r in standing], reading.game.names
    return ChallengeRecord(table.challenge, table.mode, names, actions, dict(table.options))


# ---------------------------------------------------------------- the record's JSON Schema


def _form_type(choice: ValidationError, error: ValidationError) -> object:
    """The "type" const of the branch of ``choice`` (a oneOf) that ``error`` comes from."""
    branches = choice.validator_value  # the oneOf's list (unset only on an error made by hand)
    where = error.relative_schema_path[0]  # the branch's index in that list
    if not isinstance(branches, list) or not isinstance(where, int):
        return None
    branch = branches[where]
    return branch.get("properties", {}).get("type", {}).get("const")


@cache
def _action_validator(challenge: str) -> Draft202012Validator:
    defs = record_schema()["$defs"]
    return Draft202012Validator({"$defs": defs, "$ref": f"#/$defs/{challenge}Action"})


def schema_problem(challenge: str, action: Any) -> str | None:
    """How ``action`` breaks the record's JSON Schema for ``challenge`` (the first problem
    jsonschema finds most relevant, with where it is), or ``None``."""
    errors = sorted(_action_validator(challenge).iter_errors(action), key=relevance)
    if not errors:
        return None
    error = errors[0]
    # Within a choice of forms, the action's own form (the branch whose "type" is the action's)
    # says what is wrong, not that the action is none of the other forms.
    while error.validator == "oneOf" and error.context:
        kind = error.instance.get("type") if isinstance(error.instance, dict) else None
        own = [e for e in error.context if _form_type(error, e) == kind] or error.context
        error = best_match(own)
    where = error.json_path.replace("$.", "", 1) if error.json_path != "$" else "the action"
    return f"{where}: {error.message}"


# ---------------------------------------------------------------- state for pages and the API


def _letters(counts: list[int]) -> dict[str, int]:
    return {COLOURS[c]: k for c, k in enumerate(counts)}


def _dice_state(game: DiceChallenge) -> dict[str, Any]:
    faces = [None if f is None else [COLOURS[x] for x in f] for f in game.faces]
    own = faces[game.turn] if game.rolls else None
    pairs = {}
    for letter in sorted(set(own or []), key=COLOURS.index):
        if (own or []).count(letter) >= 2:
            pairs[letter] = (own or []).count(letter)
    return {
        "dice_per_seat": game.dice,
        "faces": faces,
        "rolls": game.rolls,
        "max_rolls": MAX_ROLLS,
        "setup": game.phase == "setup",
        "setup_roll": game.setup_roll,
        "bonus_turn": game.owed_turn,
        "current_roll": own,
        "equal_faces": pairs,
    }


def _tile_state(game: TileChallenge) -> dict[str, Any]:
    return {
        "target": game.goal,
        "phase": game.phase,
        "centre": _letters(game.centre),
        "front": [COLOURS[c] for c in game.front],
        "pool": _letters(game.pool),
        "pool_total": sum(game.pool),
        "out_of_game": _letters(game.gone),
        "refill_size": max(game.refill_size(), 0),
    }


def _card_state(game: CardChallenge) -> dict[str, Any]:
    out: dict[str, Any] = {
        "phase": game.phase,
        "faceup": [list(cards) for cards in game.faceup],
        "hand_size": list(game.hand_size),
        "deck": game.deck_count,
        "discard": game.discard_count,
        "plays_this_turn": game.plays,
    }
    if game.full:
        out["hands"] = [sorted(h.elements()) for h in game.hands]
        out["swap_allowed"] = [game.swap_allowed(s) for s in range(game.n)]
    return out


def game_state(game: ChallengeGame) -> dict[str, Any]:
    """What the table shows now, and what may be done (the engine's own list)."""
    body: dict[str, Any] = {
        "rows": [list(r) for r in game.rows],
        "restricted": game.restricted,
        "top": game.top,
        "goal": game.goal,
        "to_move": game.to_move,
        "over": game.over,
        "winner": game.winner,
        "bonus_owed": game.owed,
        "bonus_used": [sorted(COLOURS[c] for c in used) for used in game.bonus_used],
        "expected": "" if game.over else game.expected(),
        "legal": [] if game.over else [{"type": t, "player": s} for t, s in game.allowed()],
        "record_length": game.actions_applied,
    }
    if isinstance(game, DiceChallenge):
        body["dice"] = _dice_state(game)
    elif isinstance(game, TileChallenge):
        body["tile"] = _tile_state(game)
    elif isinstance(game, CardChallenge):
        body["card"] = _card_state(game)
    return body


def log_entries(table: Game) -> list[dict[str, Any]]:
    rows = table.challenge_actions.select_related("user__player").order_by("index")
    return [
        {
            "index": r.index,
            "kind": r.kind,
            "payload": r.payload,
            "user": display_name(r.user) or None,
            "at": r.at.isoformat(),
            "reason": r.reason,
            "taken_back_by": r.taken_back_by.index if r.taken_back_by else None,
        }
        for r in rows.select_related("taken_back_by")
    ]


def table_state(
    table: Game,
    *,
    with_log: bool = True,
    hide_hands: bool = False,
    game: ChallengeGame | None = None,
) -> dict[str, Any]:
    """The table, its position and the legal actions now, and (by default) the whole log;
    ``hide_hands``: as :func:`without_hands` shows it; ``game``: the position, when the caller
    has it (a write's), else replayed."""
    if game is None:
        game = replay_table(table, effective_actions(table))
    body: dict[str, Any] = {
        "id": table.pk,
        "challenge": table.challenge,
        "mode": table.mode,
        "players": table.seat_names,
        "options": dict(table.options),
        "status": table.status,
        "next_index": table.log_length,
        "created_at": table.created_at.isoformat(),
        "finished_at": table.finished_at.isoformat() if table.finished_at else None,
        **game_state(game),
    }
    if table.mode == Game.Mode.FULL and table.status != Game.Status.PLAYING:
        body["seed"] = table.seed
    if with_log:
        body["log"] = log_entries(table)
    return without_hands(body) if hide_hands else body


# ---------------------------------------------------------------- the viewer and events


def position_at(
    table: Game, step: int
) -> tuple[dict[str, Any], list[dict[str, Any]], ChallengeGame, Outcome | None]:
    """The game after its first ``step`` actions (clamped to the record), every action of the
    record, the game itself and what its last action did: the viewer steps through a game with
    it."""
    actions = [dict(r.payload) for r in effective_actions(table)]
    step = max(0, min(step, len(actions)))
    game = fresh_game(table)
    last: Outcome | None = None
    for action in actions[:step]:
        last = apply_with_outcome(game, dict(action))
    return {"step": step, "length": len(actions), **game_state(game)}, actions, game, last


def event_table(board_pk: int) -> Game | None:
    """The challenge table of a board of an event of challenges."""
    return Game.objects.challenges().filter(board_id=board_pk).first()


def round_tables(round_id: int) -> dict[int, Game]:
    """A round's challenge tables by board id (the round and live pages link each board)."""
    tables = Game.objects.challenges().filter(board__round_id=round_id)
    return {t.board_id: t for t in tables if t.board_id is not None}


def live_tables(event_id: int) -> list[dict[str, Any]]:
    """The challenge tables of the event's latest published round, each replayed: a row per
    seat with its six rows and lowest, who is to move, and the game's end (live pages)."""
    latest = (
        Game.objects.challenges()
        .filter(board__round__event_id=event_id)
        .order_by("-board__round__number")
        .values_list("board__round__number", flat=True)
        .first()
    )
    if latest is None:
        return []
    tables = (
        Game.objects.challenges()
        .filter(board__round__event_id=event_id, board__round__number=latest)
        .select_related("board__round")
        .prefetch_related(*WITH_SEATS)
        .order_by("board__number")
    )
    out = []
    for table in tables:
        game = replay_table(table, effective_actions(table))
        seats = [
            {
                "seat": s,
                "name": name,
                "rows": list(game.rows[s]),
                "lowest": min(game.rows[s]),
                "to_move": not game.over and game.to_move == s,
                "winner": game.over and game.winner == s,
            }
            for s, name in enumerate(table.seat_names)
        ]
        out.append(
            {
                "table": table,
                "game": game,
                "round": latest,
                "board": table.board.number if table.board else None,
                "seats": seats,
                "over": game.over,
                "actions": game.actions_applied,
            }
        )
    return out
