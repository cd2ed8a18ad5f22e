"""Recording the Ingenious Challenges at a table: start a table (a ``Game`` of the kind
``challenge``), record an action (checked by the engine and the record's JSON Schema before it
is stored), take back the last action.

Every write locks the game row (select_for_update) and checks the index the client expects, as
board games' recording does (games/recording/writes.py): a stale one is a 409 ``Conflict``. In full
mode the site makes every random outcome (rolls, deals, draws, refills) from the table's seed and
the action's place in the record, so the same seed and the same choices replay the same game.
"""

from __future__ import annotations

import random
from collections import Counter
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.challenge_tables import events as challenge_events
from games.challenge_tables.models import ChallengeAction
from games.challenge_tables.selectors import (
    WITH_SEATS,
    can_record_challenges,
    effective_actions,
    replay_table,
    schema_problem,
)
from games.challenges.board import CHALLENGES, MODES, ChallengeGame
from games.challenges.card import HAND, CardChallenge
from games.challenges.dice import DiceChallenge
from games.challenges.randomgame import deal_cards, draw_one
from games.challenges.tile import TileChallenge
from games.engine.errors import IllegalAction
from games.engine.tiles import COLOURS
from games.errors import IllegalMove, no_longer_replays
from games.models import Game
from games.recording.writes import User, acting
from tournament.errors import Conflict, DomainError, NotAllowed

MAX_NAME = 60
#: The action types whose outcome is random: in full mode the site makes it.
RANDOM_TYPES = {
    "card": {"deal", "faceup", "draw"},
    "dice": {"roll"},
    "tile": {"refill", "draw"},
}
#: The keys that carry a random outcome (refused from the client in full mode).
OUTCOME_KEYS = ("cards", "faces", "tiles", "tile")


def require_challenge_recorder(user: User) -> None:
    if user is None or not can_record_challenges(user):
        raise NotAllowed(
            _("Only staff, directors and arbiters may start and record challenge games."),
            code="not_arbiter",
        )


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


def _lock(table_pk: int) -> Game:
    return (
        Game.objects.challenges()
        .select_for_update(of=("self",))
        .prefetch_related(*WITH_SEATS)
        .get(pk=table_pk)
    )


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
        with transaction.atomic():
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


def _replayed(table: Game, rows: list[ChallengeAction]) -> ChallengeGame:
    try:
        return replay_table(table, rows)
    except IllegalAction as exc:
        raise no_longer_replays(exc, table=True) from exc


@transaction.atomic
def record_challenge_action(
    *, table: Game, user: User, expected_index: Any, action: Any
) -> ChallengeAction:
    """Append one action, checked by the engine (and the record's schema) before it is stored.
    In full mode the site fills in the random outcome of a roll, deal, draw or refill."""
    require_challenge_recorder(user)
    table = _lock(table.pk)
    _check_index(table, expected_index)
    challenge_events.check_event_table(table, user)
    if not isinstance(action, dict):
        raise DomainError(
            _('An action is an object such as {"type": "roll", "player": 0}.'),
            code="BAD_RECORD",
            field="action",
        )
    rows = effective_actions(table)
    game = _replayed(table, rows)
    full = with_outcome(table, game, action)
    try:
        game.apply(dict(full))
    except IllegalAction as exc:
        raise IllegalMove.refusing(exc, index=table.log_length) from exc
    problem = schema_problem(table.challenge, full)
    if problem:
        raise IllegalMove(
            _("The action does not follow the record format: %(problem)s") % {"problem": problem},
            code="BAD_RECORD",
            index=table.log_length,
            record_index=len(rows),
        )
    at = timezone.now()
    row = _append(table, ChallengeAction.Kind.ACTION, user=user, at=at, payload=full)
    if game.over:
        table.status = Game.Status.FINISHED
        table.finished_at = at
    table.save(update_fields=["log_length", "status", "finished_at"])
    challenge_events.after_write(table, user)  # an event's board: its result, its live page
    row.game = table
    return row


@transaction.atomic
def take_back_challenge_action(
    *, table: Game, user: User, expected_index: Any, reason: str
) -> ChallengeAction:
    """Take back the last action standing; it stays in the log, marked, with the reason."""
    require_challenge_recorder(user)
    if not isinstance(reason, str) or not reason.strip():
        raise DomainError(_("Say why the action is being taken back."), field="reason")
    table = _lock(table.pk)
    _check_index(table, expected_index)
    challenge_events.check_event_table(table, user)
    rows = effective_actions(table)
    if not rows:
        raise DomainError(_("Nothing is recorded yet: there is nothing to take back."))
    last = rows[-1]
    at = timezone.now()
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
    table.save(update_fields=["log_length", "status", "finished_at"])
    challenge_events.after_write(table, user)  # an event's board: its result, its live page
    row.game = table
    return row
