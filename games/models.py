"""Games played at a table: one model, `Game`, for every game whatever its rules engine.

A game is of a kind: an Ingenious game (the board game, recorded move by move with its clocks)
or one of the Ingenious Challenges (Card, Dice, Tile; CHALLENGES.md). What every game has is
common: the board whose seats play it (an event's game; a Challenge practised away from any
event and a practice game against the engine, games.practice, have no board and keep their
players' names), its status, its clock state, its log's
length, who started it and when it started and finished. Each kind has its own rules engine and
its own log: an Ingenious game's `GameAction` rows (place, swap, flag and the clock's events,
games.engine), a Challenge's `ChallengeAction` rows (games/challenge_tables/models.py,
games.challenges). The position is derived from the log through the engine; an Ingenious
`Game` only caches it, keyed by the log's length, next to the clock's state.
"""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.clocks.readings import Clock
from tournament.models.events import Board, Event
from tournament.text import NoControlCharacters


class GameQuerySet(models.QuerySet["Game"]):
    def ingenious(self) -> GameQuerySet:
        """The board games (games.engine)."""
        return self.filter(kind=Game.Kind.INGENIOUS)

    def challenges(self) -> GameQuerySet:
        """The Ingenious Challenges (games.challenges)."""
        return self.filter(kind=Game.Kind.CHALLENGE)


class Game(models.Model):
    class Kind(models.TextChoices):
        INGENIOUS = "ingenious", _("Ingenious")
        CHALLENGE = "challenge", _("Ingenious Challenge")

    class Challenge(models.TextChoices):
        CARD = "card", _("Card Challenge")
        DICE = "dice", _("Dice Challenge")
        TILE = "tile", _("Tile Challenge")

    class Mode(models.TextChoices):
        FULL = "full", _("Full: the site deals, rolls and draws")
        TABLE = "table", _("Table: the arbiter enters what the table shows")

    class Status(models.TextChoices):
        PENDING = "pending", _("Not started")
        PLAYING = "playing", _("In play")
        FINISHED = "finished", _("Finished")

    class Validation(models.TextChoices):
        UNCHECKED = "unchecked", _("Not checked yet")
        PENDING = "pending", _("Being checked")
        VALID = "valid", _("Replay valid")
        INVALID = "invalid", _("Replay failed")

    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.INGENIOUS)
    #: The board whose seats play the game; none only for a game played away from events: a
    #: Challenge practised at a table of its own, or a practice game against the engine
    #: (games.practice), neither of which counts in any event, standings or rating.
    board = models.OneToOneField(
        Board, null=True, blank=True, on_delete=models.CASCADE, related_name="game"
    )
    ruleset = models.CharField(max_length=20, default="mso")
    #: Ingenious: the engine's ruleset overrides; a Challenge: its record options (setup_roll).
    options = models.JSONField(default=dict, blank=True, help_text="Engine ruleset overrides")
    #: Ingenious: the names by seat as paired. A Challenge reads its players from its board's
    #: seats (`seat_names`) and keeps names here only when it has no board.
    players = models.JSONField(default=list, help_text="Names by seat, as paired")
    #: A Challenge: which one, and who makes the random outcomes (the site or the table).
    challenge = models.CharField(max_length=4, choices=Challenge.choices, blank=True)
    mode = models.CharField(max_length=5, choices=Mode.choices, blank=True)
    #: Full mode (a Challenge; an online board's Ingenious game, mode "full", where a venue's is
    #: blank: board mode): every roll, deal and draw comes from this seed and the log's index.
    seed = models.BigIntegerField(default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    clock_ms = models.PositiveIntegerField(default=600_000, help_text="Time per player")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)

    # The clock: remaining per seat (for the running seat, as of clock_since).
    remaining_ms = models.JSONField(default=list)
    clock_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    clock_running = models.BooleanField(default=False)
    clock_since = models.DateTimeField(null=True, blank=True)
    #: index of the log action that gave the clock to clock_seat (start, press, flag...)
    turn_index = models.PositiveIntegerField(default=0)

    log_length = models.PositiveIntegerField(default=0)
    position = models.JSONField(default=dict, blank=True)
    #: the log length `position` was derived at; -1: never derived
    position_length = models.IntegerField(default=-1)

    validation = models.CharField(
        max_length=10, choices=Validation.choices, default=Validation.UNCHECKED
    )
    validation_message = models.TextField(blank=True)
    validated_at = models.DateTimeField(null=True, blank=True)

    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["board__round", "board__number"]

    def __str__(self) -> str:
        if self.kind == self.Kind.CHALLENGE:
            where = f" of {self.board}" if self.board_id else f" #{self.pk}"
            return f"{self.get_challenge_display()}{where}"
        if self.board_id is None:  # a practice game (games.practice)
            return f"Game #{self.pk}"
        return f"Game of {self.board}"

    @property
    def is_challenge(self) -> bool:
        return self.kind == self.Kind.CHALLENGE

    @property
    def seat_names(self) -> list[str]:
        """The players' names in seat order: from the board's seats (prefetch
        ``board__seats__entry__player`` and ``__partner``), or the names kept by a game
        without a board. Made distinct: two players of one name get their seat number added
        (a Challenge's record tells its seats apart by name)."""
        if self.board is None:
            return list(self.players)
        names = [seat.player.name for seat in self.board.seats.all()]
        folded = [n.casefold() for n in names]
        return [
            f"{name} ({seat + 1})" if folded.count(name.casefold()) > 1 else name
            for seat, name in enumerate(names)
        ]

    @property
    def engine_mode(self) -> str:
        """An Ingenious game's engine mode: ``full`` for an online board's (the site deals, every
        draw is in the log), else ``board`` (what an arbiter sees at the venue's table)."""
        return "full" if self.mode == self.Mode.FULL else "board"

    @property
    def racks_hidden(self) -> bool:
        """A dealt game in play: its draws (the racks) are shown to nobody but its seats (and
        the arbiter); the full record, racks included, once the game is over (a duplicate
        board's: once every board of its round is, see :attr:`round_still_draws`)."""
        if self.mode != self.Mode.FULL:
            return False
        return self.status != self.Status.FINISHED or self.round_still_draws

    @property
    def round_still_draws(self) -> bool:
        """A duplicate board (its seed the round's): another online board of the round is still
        played, drawing the same tiles, so this finished game's draws would tell its players
        what comes (one query; read only for a finished dealt game)."""
        board = self.board
        if board is None or board.round.seed is None or self.seed != board.round.seed:
            return False
        others = Game.objects.filter(board__round_id=board.round_id, seed=self.seed)
        return others.exclude(status=self.Status.FINISHED).filter(board__result="").exists()

    @property
    def event_board(self) -> Board:
        """The board the game is played at. Every event's game has one (its recording, clock and
        replay check read it); a Challenge practised away from events and a practice game
        against the engine (games.practice, with its own writes) have none."""
        if self.board is None:
            raise LookupError(f"game {self.pk} is played away from any event: it has no board")
        return self.board

    @property
    def clock(self) -> Clock:
        remaining = tuple(self.remaining_ms) or (self.clock_ms,) * max(2, len(self.players))
        return Clock(
            remaining_ms=remaining,
            seat=self.clock_seat,
            running=self.clock_running,
            since=self.clock_since,
        )

    def set_clock(self, clock: Clock) -> None:
        self.remaining_ms = list(clock.remaining_ms)
        self.clock_seat = clock.seat
        self.clock_running = clock.running
        self.clock_since = clock.since

    def readings(self, now: datetime) -> list[int]:
        return self.clock.readings(now)

    @property
    def clock_started(self) -> bool:
        return self.status != self.Status.PENDING or self.clock_seat is not None


class GameAction(models.Model):
    """One entry of a game's log. Rows are never changed, except that a take-back marks them."""

    class Kind(models.TextChoices):
        PLACE = "place", _("Placement")
        DRAW = "draw", _("Tiles drawn")
        SWAP = "swap", _("Swap")
        FLAG = "flag", _("Flag fell")
        START = "start", _("Clock started")
        PRESS = "press", _("Clock pressed")
        PAUSE = "pause", _("Clock paused")
        RESUME = "resume", _("Clock resumed")
        ADJUST = "adjust", _("Clock adjusted")
        TAKEBACK = "takeback", _("Take-back")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="actions")
    index = models.PositiveIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices)
    #: record actions: the action as in RECORD-FORMAT.md; clock events and take-backs: details
    payload = models.JSONField(default=dict, blank=True)
    reason = models.CharField(
        max_length=300, blank=True, validators=[NoControlCharacters("reason")]
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField()
    #: both clocks' readings at that moment (ms, by seat)
    clock_ms = models.JSONField(default=list)
    taken_back_by = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.CASCADE, related_name="took_back"
    )

    class Meta:
        ordering = ["game", "index"]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="unique_game_action_index")
        ]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.index} {self.kind}"

    @property
    def is_record_action(self) -> bool:
        return self.kind in RECORD_KINDS


RECORD_KINDS = {
    GameAction.Kind.PLACE,
    GameAction.Kind.SWAP,
    GameAction.Kind.FLAG,
    GameAction.Kind.DRAW,  # an online board's game only: the site deals (mode "full")
}


class ValidationRun(models.Model):
    """A director's re-check of every game of an event, with its progress."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="validation_runs")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    total = models.PositiveIntegerField(default=0)
    done = models.PositiveIntegerField(default=0)
    failed = models.PositiveIntegerField(default=0)
    # Game id (as text) -> replay passed: the counters are derived from it, so a task delivered
    # again resumes where the last one stopped instead of counting games twice.
    checked = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    reported_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"Re-check of {self.event}: {self.done}/{self.total}"

    @property
    def percent(self) -> int:
        return 100 if not self.total else round(100 * self.done / self.total)


from games.analysis.models import GameAnalysis  # noqa: E402,F401
from games.challenge_tables.models import ChallengeAction  # noqa: E402,F401
from games.control_room.models import ArbiterCall, BoardMessage, RackInspection  # noqa: E402,F401
from games.focus.models import FocusChange  # noqa: E402,F401
from games.practice.models import PracticeGame  # noqa: E402,F401
from games.presence.models import ConnectionEvent, SeatConnection  # noqa: E402,F401
