"""Events, the player registry, entries, rounds and boards, and their append-only logs."""

import zoneinfo
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models.functions import Upper
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from tournament.models.lag import LagAllowance
from tournament.models.where import BoardWhere, EntryWhere, EventWhere, RoundWhere
from tournament.text import NoControlCharacters

LOWEST_LEVEL_MAX = 18  # a colour never goes above 18 on the standard track
DOUBLE_TRACK_MAX = 36  # partnership and solitaire: the double-length track (RULINGS.md)
CHALLENGE_ROW_MAX = 10  # a Challenge's rows run from column 0 to 10 (CHALLENGES.md)


class Player(models.Model):
    """A person in the registry shared by all events."""

    name = models.CharField(max_length=120, validators=[NoControlCharacters("name")])
    club = models.CharField(max_length=120, blank=True, validators=[NoControlCharacters("club")])
    country = models.CharField(
        max_length=3,
        blank=True,
        help_text="Three-letter code, e.g. ENG",
        validators=[NoControlCharacters("country")],
    )
    # Players of one family can be kept apart by the pairing (Event.keep_apart).
    family = models.CharField(
        max_length=120,
        blank=True,
        help_text="Family name or household",
        validators=[NoControlCharacters("family")],
    )
    rating = models.PositiveIntegerField(null=True, blank=True)
    contact = models.CharField(
        max_length=200,
        blank=True,
        help_text="E-mail or phone; not public",
        validators=[NoControlCharacters("contact")],
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # The account that claimed this player (PlayerClaim approved); a person has one player.
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
    )
    notify = models.BooleanField(
        default=True, help_text="E-mail this player their pairings and results"
    )
    # A duplicate merged into another record (PlayerMerge): kept so the merge can be undone,
    # hidden from the registry meanwhile.
    merged_into = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="absorbed"
    )

    class Meta:
        ordering = ["name", "id"]
        # Granted by an admin (to a user or a group), never by creating an event.
        permissions = [
            ("keep_registry", "Can add players to and change players of the registry"),
            ("approve_claims", "Can approve a person's claim of a registry player"),
        ]
        # Imports and find_player look players up by name, case-insensitive (UPPER(name)).
        indexes = [models.Index(Upper("name"), name="player_name_upper")]

    def __str__(self) -> str:
        return self.name


def check_time_zone(value: str) -> None:
    """An IANA time zone name, e.g. Europe/London."""
    if value not in zoneinfo.available_timezones():
        raise ValidationError(f"{value!r} is not a time zone (e.g. Europe/London).")


class Festival(models.Model):
    """Events held together (the MSO: many events over days at one venue); an event may also
    stand alone."""

    name = models.CharField(max_length=200, unique=True, validators=[NoControlCharacters("name")])
    slug = models.SlugField(max_length=220, unique=True)
    starts = models.DateField()
    ends = models.DateField()
    venue = models.CharField(max_length=200, blank=True, validators=[NoControlCharacters("venue")])
    # The venue's zone: schedules are shown in it, whatever the server's zone.
    time_zone = models.CharField(
        max_length=64, default="Europe/London", validators=[check_time_zone]
    )

    class Meta:
        ordering = ["-starts", "name"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(ends__gte=models.F("starts")), name="festival_ends_after_start"
            )
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self.slug:
            self.slug = slugify(self.name)[:220] or "festival"
        super().save(*args, **kwargs)

    def clean(self) -> None:
        if self.starts and self.ends and self.ends < self.starts:
            raise ValidationError({"ends": "The festival cannot end before it starts."})


def default_tiebreak_chain() -> list[str]:
    """The "MSO Ingenious" preset (RULINGS.md, MSO ruleset)."""
    return ["results_between", "progressive_difference", "progressive_level"]


class Event(LagAllowance, EventWhere):
    class Ruleset(models.TextChoices):
        MSO = "mso", _("MSO (2 players)")
        STANDARD = "standard", _("Standard (2 players)")
        PARTNERSHIP = "partnership", _("Partnership (two teams of two)")
        SOLITAIRE = "solitaire", _("Duplicate solitaire")
        CHALLENGES = "challenges", _("Ingenious Challenges (Card, Dice, Tile)")

    class PairingSystem(models.TextChoices):
        AUTO = "auto", _("Automatic (all-play-all with 10 or fewer, else Swiss)")
        SWISS = "swiss", _("Swiss")
        ROUND_ROBIN = "round-robin", _("All-play-all (Berger tables)")
        DOUBLE_ROUND_ROBIN = "double-round-robin", _("Double all-play-all (everyone meets twice)")

    class Status(models.TextChoices):
        REGISTRATION = "registration", _("Registration")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    name = models.CharField(max_length=200, validators=[NoControlCharacters("name")])
    slug = models.SlugField(max_length=220, unique=True)
    venue = models.CharField(max_length=200, blank=True, validators=[NoControlCharacters("venue")])
    start_date = models.DateField(null=True, blank=True)
    end_date = models.DateField(null=True, blank=True)
    ruleset = models.CharField(max_length=20, choices=Ruleset.choices, default=Ruleset.MSO)
    #: players per table: 2 for MSO; 2, 3 or 4 for the standard game (RULINGS.md, tables)
    table_size = models.PositiveSmallIntegerField(
        default=2, validators=[MinValueValidator(1), MaxValueValidator(4)]
    )
    ruleset_options = models.JSONField(
        default=dict,
        blank=True,
        help_text='Engine overrides, e.g. {"placement_rule": "first-round"}',
    )
    rounds = models.PositiveSmallIntegerField(
        default=7, validators=[MinValueValidator(1), MaxValueValidator(30)]
    )
    pairing_system = models.CharField(
        max_length=20, choices=PairingSystem.choices, default=PairingSystem.AUTO
    )
    clock_minutes = models.PositiveSmallIntegerField(
        default=10, validators=[MinValueValidator(1), MaxValueValidator(180)]
    )
    tiebreak_chain = models.JSONField(default=default_tiebreak_chain, blank=True)
    bye_value = models.DecimalField(
        max_digits=3,
        decimal_places=1,
        default=Decimal("1.0"),
        validators=[MinValueValidator(Decimal("0")), MaxValueValidator(Decimal("1"))],
        help_text="Victory points of a pairing-allocated bye",
    )
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.REGISTRATION)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    festival = models.ForeignKey(
        Festival, null=True, blank=True, on_delete=models.SET_NULL, related_name="events"
    )

    class Acceleration(models.TextChoices):
        NONE = "", _("None")
        BAKU = "baku", _("Baku (FIDE)")

    acceleration = models.CharField(
        max_length=10, choices=Acceleration.choices, blank=True, default=Acceleration.NONE
    )
    keep_apart = models.JSONField(
        default=list,
        blank=True,
        help_text='Players sharing any of these are not paired: "club", "family", "country"',
    )
    requested_bye_points = models.JSONField(
        default=list,
        blank=True,
        help_text='Bye values players may request: "0", "0.5", "1" (empty: ½ only)',
    )
    entry_open = models.BooleanField(default=False, help_text="Signed-in players may enter online")
    entry_approval = models.BooleanField(
        default=False, help_text="Online entries wait for a director's approval"
    )
    check_in_required = models.BooleanField(
        default=False,
        help_text="Players must check in before each round; who has not is not paired",
    )

    class Meta:
        ordering = ["-start_date", "-id"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self.slug:
            base = slugify(self.name)[:200] or "event"
            slug, n = base, 2
            while Event.objects.filter(slug=slug).exclude(pk=self.pk).exists():
                slug, n = f"{base}-{n}", n + 1
            self.slug = slug
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("event-detail", args=[self.slug])

    @property
    def track(self) -> int:
        """The highest level a result gives: a colour's 18, 36 on the double-length track
        (partnership, solitaire: RULINGS.md, or an event whose options choose it, as its games'
        engine does), a Challenge's score row's 10 (CHALLENGES.md)."""
        if self.ruleset == Event.Ruleset.CHALLENGES:
            return CHALLENGE_ROW_MAX
        chosen = (self.ruleset_options or {}).get("track")
        if chosen in (LOWEST_LEVEL_MAX, DOUBLE_TRACK_MAX) and not isinstance(chosen, bool):
            return int(chosen)
        double = (Event.Ruleset.PARTNERSHIP, Event.Ruleset.SOLITAIRE)
        return DOUBLE_TRACK_MAX if self.ruleset in double else LOWEST_LEVEL_MAX


class EventRole(models.Model):
    class Role(models.TextChoices):
        DIRECTOR = "director", _("Director")
        ARBITER = "arbiter", _("Arbiter")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="event_roles"
    )
    role = models.CharField(max_length=10, choices=Role.choices)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "user", "role"], name="unique_event_role")
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.role} of {self.event}"


class Entry(EntryWhere):
    """A player's entry in one event."""

    class Status(models.TextChoices):
        ACTIVE = "active", _("Active")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    class MissedRounds(models.TextChoices):
        ZERO = "zero", _("Zero-point byes")
        HALF = "half", _("Half-point byes")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    #: a partnership event's team: the second player (the entry is the team)
    partner = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="partner_entries"
    )
    starting_rank = models.PositiveIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    joined_round = models.PositiveSmallIntegerField(
        default=1, help_text="First round this entry can be paired in (late entries: later)"
    )
    missed_rounds = models.CharField(
        max_length=4,
        choices=MissedRounds.choices,
        default=MissedRounds.ZERO,
        help_text="How a late entry's missed rounds score",
    )
    requested_byes = models.JSONField(default=list, blank=True, help_text="Round numbers")
    # Round number (as text) -> "0", "0.5" or "1"; a requested round missing here is worth ½.
    requested_bye_points = models.JSONField(default=dict, blank=True)
    withdrawn_after_round = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["event", "starting_rank"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="unique_entry_player"),
            models.UniqueConstraint(fields=["event", "starting_rank"], name="unique_entry_rank"),
        ]
        verbose_name_plural = "entries"

    def __str__(self) -> str:
        return f"{self.name} (#{self.starting_rank})"

    @property
    def members(self) -> tuple[Player, ...]:
        """The registry players the entry stands for: the player, or a partnership team's two."""
        return (self.player,) if self.partner is None else (self.player, self.partner)

    @property
    def registry_rating(self) -> int | None:
        """The entry's registry rating: the player's; a partnership team's, the mean of its two
        players' known ratings (rounded half up), never the first player's alone."""
        known = [p.rating for p in self.members if p.rating]
        return int(sum(known) / len(known) + 0.5) if known else None

    @property
    def country(self) -> str:
        """The entry's country: the player's; a partnership team's, both when they differ
        ("ENG / WAL")."""
        return " / ".join(dict.fromkeys(p.country for p in self.members if p.country))

    @property
    def club(self) -> str:
        """The entry's club: the player's; a partnership team's, both when they differ."""
        return " / ".join(dict.fromkeys(p.club for p in self.members if p.club))

    @property
    def name(self) -> str:
        """Who the entry is: the player, or a partnership team "Ada Byron & Alan Turing"
        (select ``player`` and ``partner`` when listing entries)."""
        if self.partner is None:  # (no query without a partner_id)
            return self.player.name
        return f"{self.player.name} & {self.partner.name}"

    @property
    def requested_byes_text(self) -> str:
        """ "3, 5=1, 6=0": the requested byes as a director writes them (½ point unless said)."""
        points = self.requested_bye_points or {}
        return ", ".join(
            str(n) if points.get(str(n), "0.5") == "0.5" else f"{n}={points[str(n)]}"
            for n in self.requested_byes
        )


class Round(RoundWhere):
    class Status(models.TextChoices):
        PAIRING = "pairing", _("Being paired")
        DRAFT = "draft", _("Draft")
        PUBLISHED = "published", _("Published")
        PLAYING = "playing", _("Playing")
        COMPLETE = "complete", _("Complete")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PAIRING)
    pairing_progress = models.PositiveSmallIntegerField(default=0, help_text="Percent")
    pairing_error = models.TextField(blank=True)
    # When the pairing task was (last) queued and last reported: a silent task may be lost.
    pairing_requested_at = models.DateTimeField(null=True, blank=True)
    pairing_reported_at = models.DateTimeField(null=True, blank=True)
    system = models.CharField(
        max_length=20, blank=True, help_text="The system the pairing used (swiss, round-robin)"
    )
    notes = models.JSONField(default=list, blank=True, help_text="The pairing's notes")
    seed = models.PositiveBigIntegerField(
        null=True,
        blank=True,
        help_text="Duplicate solitaire or duplicate boards: the seed of the round's tiles",
    )

    class Challenge(models.TextChoices):
        NONE = "", _("None")
        CARD = "card", _("Card Challenge")
        DICE = "dice", _("Dice Challenge")
        TILE = "tile", _("Tile Challenge")

    #: an event of challenges: the challenge this round's tables play
    challenge = models.CharField(
        max_length=10, choices=Challenge.choices, blank=True, default=Challenge.NONE
    )
    created_at = models.DateTimeField(auto_now_add=True)
    published_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="unique_round_number")
        ]

    def __str__(self) -> str:
        return f"{self.event} round {self.number}"

    @property
    def is_public(self) -> bool:
        return self.status in {self.Status.PUBLISHED, self.Status.PLAYING, self.Status.COMPLETE}


PUBLIC_ROUND_STATUSES = (Round.Status.PUBLISHED, Round.Status.PLAYING, Round.Status.COMPLETE)


class Result(models.TextChoices):
    FIRST_WINS = "1-0", _("1-0")
    SECOND_WINS = "0-1", _("0-1")
    DRAW = "1/2-1/2", _("½-½")
    FIRST_FORFEIT_WIN = "+/-", _("+/− (forfeit)")
    SECOND_FORFEIT_WIN = "-/+", _("−/+ (forfeit)")
    DOUBLE_FORFEIT = "-/-", _("−/− (double forfeit)")
    BYE = "bye", _("Pairing-allocated bye")
    HALF_BYE = "half-bye", _("Requested half-point bye")
    FULL_BYE = "full-bye", _("Requested full-point bye")
    ABSENT = "absent", _("Absent (zero)")
    TABLE = "table", _("Placings at the table")


PLAYED_RESULTS = {Result.FIRST_WINS, Result.SECOND_WINS, Result.DRAW}
PAIR_RESULTS = PLAYED_RESULTS | {
    Result.FIRST_FORFEIT_WIN,
    Result.SECOND_FORFEIT_WIN,
    Result.DOUBLE_FORFEIT,
}
SINGLE_RESULTS = {Result.BYE, Result.HALF_BYE, Result.FULL_BYE, Result.ABSENT}


class Board(BoardWhere):
    """One table of a round. Its seats (tournament.models.tables.Seat) are the only record of
    who sits where and how each finished (placing, levels); a two-sided board's result code
    (``result``: 1-0, ½-½, forfeits) is written with its seats' placings by the one result
    service. A bye, an absence or a solitaire entrant has one side."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField()
    result = models.CharField(max_length=10, choices=Result.choices, blank=True)

    class Check(models.TextChoices):
        NONE = "", _("Entered (counts at once)")
        PENDING = "pending", _("Game result, replay check pending")
        PASSED = "passed", _("Game result, replay check passed")
        FAILED = "failed", _("Game result, replay check failed")

    result_check = models.CharField(
        max_length=10,
        choices=Check.choices,
        blank=True,
        default=Check.NONE,
        help_text="A recorded game's result counts in published standings once its replay passed",
    )
    check_message = models.CharField(
        max_length=300, blank=True, help_text="Why the replay check failed"
    )
    recording_open = models.BooleanField(
        default=False, help_text="A director reopened the decided board for recording"
    )
    reason = models.CharField(max_length=300, blank=True, help_text="Why the pairing is so")
    # The same as notes (docs/pairing.md): empty for a person's words or an older board.
    reasons = models.JSONField(default=list, blank=True, help_text="The reason as notes")
    # One more with every write of the result (services.results._store): a write names the
    # version it replaces, so of two writes made from the same view one is refused, not lost.
    result_version = models.PositiveIntegerField(
        default=0, help_text="How many times the result was written"
    )

    class Confirmation(models.TextChoices):
        NONE = "", _("Not confirmed")
        AWAITING = "awaiting", _("Awaiting the other side's confirmation")
        CONFIRMED = "confirmed", _("Confirmed by both sides")
        DISPUTED = "disputed", _("Disputed: the arbiter decides")

    # A paper result's confirmation by the players (ResultConfirmation holds each claim).
    confirmation = models.CharField(
        max_length=10, choices=Confirmation.choices, blank=True, default=Confirmation.NONE
    )

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="unique_board_number")
        ]

    def __str__(self) -> str:
        names = [entry.player.name for entry in self.sides] or ["nobody"]
        if len(names) == 1:
            names.append("bye")
        return f"R{self.round.number} B{self.number}: {' v '.join(names)}"

    @property
    def one_sided(self) -> bool:
        """One side at the board (read from its seats): a bye, an absence or a duplicate
        solitaire entrant. Its results are a single side's (``SINGLE_RESULTS``) or, alone,
        levels; never a two-sided result code."""
        return len(self.side_ids) < 2

    @property
    def is_bye(self) -> bool:
        """No game here: a bye or an absence (a solitaire entrant plays the round's deal)."""
        return self.one_sided and not self.plays_alone

    @property
    def plays_alone(self) -> bool:
        """A duplicate solitaire entrant's board of one: a game, not a bye or an absence."""
        return (
            self.result in ("", Result.TABLE)
            and self.round.event.ruleset == Event.Ruleset.SOLITAIRE
            and self.one_sided
        )

    @property
    def has_game(self) -> bool:
        """A game is played here: two sides or more, or a solitaire entrant."""
        return not self.is_bye

    @property
    def is_table(self) -> bool:
        """More than two sides (a table of 3 or 4): decided by placings, not by a two-sided
        result. Two partnership teams at four seats are two sides."""
        return len({seat.entry_id for seat in self.seats.all()}) > 2

    @property
    def seated(self) -> list[Entry]:
        """The entries in seat order (prefetch ``seats__entry__player`` when listing boards)."""
        return [seat.entry for seat in self.seats.all()]

    @property
    def sides(self) -> list[Entry]:
        """The sides at the board, read from its seats in seat order, each entry once (a
        partnership team sits twice): two for a pair, 3-4 at a table, one for a bye, an
        absence or a solitaire entrant. Prefetch ``tournament.models.tables.SEATED``."""
        by_entry: dict[int, Entry] = {}
        for seat in self.seats.all():
            by_entry.setdefault(seat.entry_id, seat.entry)
        return list(by_entry.values())

    @property
    def side_ids(self) -> list[int]:
        """The sides' entry ids in seat order (prefetch ``seats``)."""
        return list(dict.fromkeys(seat.entry_id for seat in self.seats.all()))

    def side_seats(self) -> list[Any]:
        """Each side's first seat in seat order: the seat that holds a side's placing and levels
        (partners' seats carry the same)."""
        first_seat: dict[int, Any] = {}
        for seat in self.seats.all():
            first_seat.setdefault(seat.entry_id, seat)
        return list(first_seat.values())

    @property
    def result_text(self) -> str:
        """The result as pages and e-mails say it, from its seats (``tables.result_words``)."""
        from tournament.models.tables import result_words  # that module imports this one

        return result_words(self)

    @property
    def seated_user_ids(self) -> set[int]:
        """The accounts of everyone seated here, partners too (prefetch ``SEATED``): who may
        give their word on the result."""
        return {
            player.user_id
            for seat in self.seats.all()
            for player in (seat.entry.player, seat.entry.partner)
            if player is not None and player.user_id is not None
        }

    def opponents_of(self, entry_id: int) -> list[Entry]:
        """Every other side at the board (never a partner: partners are one entry)."""
        return [entry for entry in self.sides if entry.pk != entry_id]

    @property
    def result_held(self) -> bool:
        """The game's replay check failed: its result is kept out of published standings."""
        return bool(self.result) and self.result_check == self.Check.FAILED

    @property
    def result_provisional(self) -> bool:
        """The game's result waits for its replay check before it counts."""
        return bool(self.result) and self.result_check == self.Check.PENDING

    @property
    def result_counts(self) -> bool:
        return bool(self.result) and self.result_check in (self.Check.NONE, self.Check.PASSED)

    @property
    def closed(self) -> bool:
        """Decided, and not reopened by a director: nothing more is recorded at the board."""
        return bool(self.result) and not self.recording_open
