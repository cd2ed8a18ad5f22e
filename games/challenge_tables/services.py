"""Recording the Ingenious Challenges at a table: start a table (a ``Game`` of the kind
``challenge``), record an action (checked by the engine and the record's JSON Schema before it
is stored), take back the last action.

Every write at a table is :func:`write`, one change (``tournament.effects.changing``: its
after-commit effects registered once), as a board game's is (games/recording/writes.py): the
right to record at the table is checked once, before anything is locked (:func:`recorder_of`);
the table's row and its board's are locked and read in one statement (the game first, the order
of every write that locks both); the index the client expects is checked (a stale one is a 409
``Conflict``) and a decided board refused; then the log is read once and replayed once, and the
action is played on that position. The write answers with the table as its page reads it
(``selectors.TableReading``): the page replays nothing again. In full mode the site makes every
random outcome (rolls, deals, draws, refills) from the table's seed and the action's place in the
record, so the same seed and the same choices replay the same game.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.challenge_tables import events as challenge_events
from games.challenge_tables.models import ChallengeAction
from games.challenge_tables.selectors import (
    TableReading,
    can_record_challenges,
    entry_of,
    log_of,
    may_record_table,
    reading_of,
    schema_problem,
)
from games.challenges.board import CHALLENGES, MODES, ChallengeGame
from games.challenges.card import HAND, CardChallenge
from games.challenges.dice import DiceChallenge
from games.challenges.outcomes import apply_with_outcome
from games.challenges.randomgame import deal_cards, draw_one
from games.challenges.tile import TileChallenge
from games.engine.errors import IllegalAction
from games.engine.tiles import COLOURS
from games.errors import IllegalMove, no_longer_replays
from games.models import Game
from games.recording.writes import User, acting
from tournament import effects
from tournament.errors import Conflict, DomainError, NotAllowed
from tournament.permissions import not_arbiter

MAX_NAME = 60
#: The action types whose outcome is random: in full mode the site makes it.
RANDOM_TYPES = {
    "card": {"deal", "faceup", "draw"},
    "dice": {"roll"},
    "tile": {"refill", "draw"},
}
#: The keys that carry a random outcome (refused from the client in full mode).
OUTCOME_KEYS = ("cards", "faces", "tiles", "tile")


def not_recorder() -> NotAllowed:
    return NotAllowed(
        _("Only staff, directors and arbiters may start and record challenge games."),
        code="not_arbiter",
    )


def require_challenge_recorder(user: User) -> None:
    if user is None or not can_record_challenges(user):
        raise not_recorder()


@transaction.atomic
def start_table(
    *,
    user: User,
    challenge: str,
    mode: str,
    players: list[str],
    setup_roll: bool = True,
    seed: int | None = None,
) -> Game:
    """A new challenge table for 2 to 4 players (names in seat order)."""
    require_challenge_recorder(user)
    if challenge not in CHALLENGES:
        raise DomainError(
            _("Choose the Card, Dice or Tile Challenge, not %(value)s.") % {"value": challenge},
            field="challenge",
        )
    if mode not in MODES:
        raise DomainError(
            _("The mode is full or table, not %(value)s.") % {"value": mode}, field="mode"
        )
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise DomainError(_("The players are a list of names."), field="players")
    names = [" ".join(p.split()) for p in players]
    names = [n for n in names if n]
    if not 2 <= len(names) <= 4:
        raise DomainError(
            _("A challenge is for 2 to 4 players, not %(count)s.") % {"count": len(names)},
            field="players",
        )
    if any(len(n) > MAX_NAME for n in names):
        raise DomainError(
            _("A player's name has at most %(max)s characters.") % {"max": MAX_NAME},
            field="players",
        )
    if len(set(n.casefold() for n in names)) != len(names):
        raise DomainError(_("Two players have the same name."), field="players")
    options: dict[str, Any] = {}
    if challenge == "dice" and not setup_roll:
        options["setup_roll"] = False
    if seed is None:
        seed = random.SystemRandom().randrange(2**62)
    elif not isinstance(seed, int) or not 0 <= seed < 2**62:
        raise DomainError(_("The seed is a whole number from 0 to 2^62."), field="seed")
    # A table away from any event: no board, so its players are the names given here.
    return Game.objects.create(
        kind=Game.Kind.CHALLENGE,
        status=Game.Status.PLAYING,
        challenge=challenge,
        mode=mode,
        players=names,
        options=options,
        seed=seed,
        created_by=acting(user),
    )


# ---------------------------------------------------------------- the site's random outcomes


def outcome_rng(table: Game, record_index: int) -> random.Random:
    """The random source of the record's action number ``record_index``: the same seed gives
    the same outcome at the same place (a take-back and a second roll give the same faces)."""
    return random.Random(f"{table.seed}:{record_index}")


def _pool(game: TileChallenge) -> Counter[str]:
    return Counter({COLOURS[c]: k for c, k in enumerate(game.pool) if k})


def with_outcome(table: Game, game: ChallengeGame, action: dict[str, Any]) -> dict[str, Any]:
    """Full mode: the action with the site's random outcome filled in (from what the engine says
    the deck, dice or pool hold); other actions as given."""
    kind = action.get("type")
    if table.mode != Game.Mode.FULL or kind not in RANDOM_TYPES[table.challenge]:
        return action
    given = [k for k in OUTCOME_KEYS if k in action]
    if given:
        raise DomainError(
            _("In full mode the site deals, rolls and draws: send the %(kind)s without %(keys)s.")
            % {"kind": kind, "keys": ", ".join(given)},
            code="BAD_RECORD",
            field="action",
        )
    rng = outcome_rng(table, game.actions_applied)
    out = dict(action)
    seat = action.get("player")
    if isinstance(game, DiceChallenge):
        out["faces"] = [COLOURS[rng.randrange(6)] for _ in range(game.dice)]
    elif isinstance(game, TileChallenge):
        if kind == "refill":
            left, tiles = _pool(game), []
            for _n in range(max(game.refill_size(), 0)):
                if not left:
                    break
                t = draw_one(rng, left)
                left[t] -= 1
                left = +left
                tiles.append(t)
            out["tiles"] = tiles
        elif sum(game.pool):
            out["tile"] = draw_one(rng, _pool(game))
    elif isinstance(game, CardChallenge):
        if kind == "deal":
            count = HAND
        elif kind == "faceup":
            count = game.faceup_count
        elif isinstance(seat, int) and 0 <= seat < game.n:
            count = HAND - game.hand_size[seat]
        else:
            count = 0
        out["cards"] = deal_cards(game, count, rng) if count > 0 else []
    return out


# ---------------------------------------------------------------- writes


@dataclass(frozen=True)
class Recorder:
    """Who writes at a table, their right to record there checked once (:func:`recorder_of`):
    where every write at a table starts from. ``table``: the table as read before the lock, with
    its board, round, event and seats (its seats' names are not read again)."""

    user: User
    table: Game


def recorder_of(target: Game | Recorder, user: User) -> Recorder:
    """The recorder of a write at ``target``: a Recorder was checked when it was made; on a
    table the caller read, the right is checked now (an event's table: its arbiters and
    directors, or staff; a table away from events: whoever may record Challenges), refused with
    ``NotAllowed`` before anything is locked."""
    if isinstance(target, Recorder):
        return target
    if user is None or not may_record_table(user, target):
        board = target.board
        raise not_recorder() if board is None else not_arbiter(board.round.event)
    return Recorder(user, target)


@dataclass(frozen=True)
class Written:
    """What a write at a table left: its log entry, the table as stored (its board as the
    write locked and changed it), and the table as its page reads it, from the write's own
    replay."""

    row: ChallengeAction
    table: Game
    reading: TableReading


def _lock(read: Game) -> Game:
    """The table's row, and its board's (an event's table), locked and read in one statement,
    with the board's round and event: a result a director entered meanwhile is seen. The seats
    are those read with the table (the lock reads no seat)."""
    games = Game.objects.challenges().order_by("pk")
    if read.board_id is None:
        locked = games.select_for_update(of=("self",)).filter(pk=read.pk).first()
    else:
        # The board joined inside (its round is never null), so PostgreSQL locks its row too.
        locked = (
            games.select_for_update(of=("self", "board"))
            .select_related("board__round__event")
            .filter(pk=read.pk, board__round__isnull=False)
            .first()
        )
    if locked is None:  # its round's draft was deleted while this waited
        raise Conflict(_("This challenge table no longer exists: reload."), code="table_deleted")
    if locked.board is not None and read.board is not None:
        # What prefetching the seats would store (seats_of reads it): the seats read with the
        # table, not read again.
        seats = {"seats": read.board.seats.all()}
        locked.board._prefetched_objects_cache = seats  # type: ignore[attr-defined]
    return locked


def _check_index(table: Game, expected_index: Any) -> None:
    if not isinstance(expected_index, int) or isinstance(expected_index, bool):
        raise DomainError(_("Send the index of the next action (a number)."), field="index")
    if expected_index != table.log_length:
        raise Conflict(
            _(
                "The game has moved on: the next action is number %(log_length)s, "
                "not %(expected_index)s (another entry was made first). Reload and try again."
            )
            % {"log_length": table.log_length, "expected_index": expected_index},
            code="stale_index",
            field="index",
        )


def _append(
    table: Game,
    kind: str,
    *,
    user: User,
    at: datetime,
    payload: dict[str, Any],
    reason: str = "",
) -> ChallengeAction:
    try:
        row = ChallengeAction.objects.create(
            game=table,
            index=table.log_length,
            kind=kind,
            payload=payload,
            reason=reason[:300],
            user=acting(user),
            at=at,
        )
    except IntegrityError as exc:  # SQLite has no row locks: the unique index decides
        raise Conflict(
            _("Action number %(log_length)s was stored by someone else first. Reload.")
            % {"log_length": table.log_length},
            code="stale_index",
        ) from exc
    table.log_length += 1
    return row


def _read(table: Game, names: list[str]) -> TableReading:
    """The locked table's log, read once and replayed once."""
    try:
        return reading_of(table, log_of(table), names)
    except IllegalAction as exc:
        raise no_longer_replays(exc, table=True) from exc


#: A write's own part: on the locked table and its reading, at a time, it appends its entry and
#: returns it with the position and outcomes it leaves (the log as read, without the entry).
Body = Callable[[Game, TableReading, datetime], tuple[ChallengeAction, TableReading]]


def write(target: Game | Recorder, user: User, expected_index: Any, body: Body) -> Written:
    """Run ``body(table, reading, now)`` on the locked table after the shared checks, as one
    change; then the table is stored and its board told (a result sent or withdrawn, or the
    live pages bumped), within the same change."""
    recorder = recorder_of(target, user)  # before the lock: a stranger waits for nothing
    names = recorder.table.seat_names
    with effects.changing():
        table = _lock(recorder.table)
        _check_index(table, expected_index)
        challenge_events.refuse_decided(table)
        row, left = body(table, _read(table, names), timezone.now())
        reading = TableReading(left.game, left.outcomes, [entry_of(row), *left.log])
        table.save(update_fields=["log_length", "status", "finished_at"])
        challenge_events.after_write(table, reading, user)
    row.game = table
    return Written(row, table, reading)


def record_challenge_action(
    *, table: Game | Recorder, user: User, expected_index: Any, action: Any
) -> Written:
    """Append one action, checked by the engine (and the record's schema) before it is stored.
    In full mode the site fills in the random outcome of a roll, deal, draw or refill."""

    def body(
        table: Game, reading: TableReading, at: datetime
    ) -> tuple[ChallengeAction, TableReading]:
        if not isinstance(action, dict):
            raise DomainError(
                _('An action is an object such as {"type": "roll", "player": 0}.'),
                code="BAD_RECORD",
                field="action",
            )
        game = reading.game
        full = with_outcome(table, game, action)
        try:
            outcome = apply_with_outcome(game, dict(full))
        except IllegalAction as exc:
            raise IllegalMove.refusing(exc, index=table.log_length) from exc
        problem = schema_problem(table.challenge, full)
        if problem:
            raise IllegalMove(
                _("The action does not follow the record format: %(problem)s")
                % {"problem": problem},
                code="BAD_RECORD",
                index=table.log_length,
                record_index=len(reading.outcomes),
            )
        row = _append(table, ChallengeAction.Kind.ACTION, user=user, at=at, payload=full)
        if game.over:
            table.status = Game.Status.FINISHED
            table.finished_at = at
        return row, TableReading(game, {**reading.outcomes, row.index: outcome}, reading.log)

    return write(table, user, expected_index, body)


def take_back_challenge_action(
    *, table: Game | Recorder, user: User, expected_index: Any, reason: str
) -> Written:
    """Take back the last action standing; it stays in the log, marked, with the reason."""
    recorder = recorder_of(table, user)
    if not isinstance(reason, str) or not reason.strip():
        raise DomainError(_("Say why the action is being taken back."), field="reason")

    def body(
        table: Game, reading: TableReading, at: datetime
    ) -> tuple[ChallengeAction, TableReading]:
        if not reading.outcomes:
            raise DomainError(_("Nothing is recorded yet: there is nothing to take back."))
        last = next(r for r in reading.log if r.index == max(reading.outcomes))
        payload: dict[str, Any] = {"indices": [last.index]}
        if table.status == Game.Status.FINISHED:
            payload["reopened"] = True
            table.status = Game.Status.PLAYING
            table.finished_at = None
        row = _append(
            table,
            ChallengeAction.Kind.TAKEBACK,
            user=user,
            at=at,
            payload=payload,
            reason=reason.strip(),
        )
        ChallengeAction.objects.filter(pk=last.pk).update(taken_back_by=row)
        log = [replace(e, taken_back_by_id=row.pk) if e == last else e for e in reading.log]
        # The position before the action taken back: the actions still standing replayed once
        # more (a take-back has no earlier position to go back to).
        return row, reading_of(table, log, reading.game.names)

    return write(recorder, user, expected_index, body)
