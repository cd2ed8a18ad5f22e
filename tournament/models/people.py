"""What players do for themselves: claims of registry players, online entries, check-in,
result confirmations and the notifications sent to them; the e-mail addresses they proved
theirs; and the registry's merges."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.events import Board, Entry, Event, Player
from tournament.text import NoControlCharacters


class Decision(models.TextChoices):
    PENDING = "pending", _("Waiting for a decision")
    APPROVED = "approved", _("Approved")
    REFUSED = "refused", _("Refused")


class Decided(models.Model):
    """A request someone else decides: pending until approved or refused, by whom, when, why."""

    status = models.CharField(max_length=10, choices=Decision.choices, default=Decision.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    reason = models.CharField(
        max_length=300, blank=True, validators=[NoControlCharacters("reason")]
    )

    class Meta:
        abstract = True


class PlayerClaim(Decided):
    """A person (an account) says "this registry player is me"; a director or a registrar
    decides. Approval sets ``Player.user``. Rows are kept as the claim's history."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="player_claims"
    )
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="claims")
    message = models.CharField(
        max_length=300,
        blank=True,
        help_text="How to tell it is you",
        validators=[NoControlCharacters("message", multiline=True)],
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["user"],
                condition=models.Q(status="pending"),
                name="one_pending_claim_per_user",
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} claims {self.player} ({self.status})"


class VerifiedAddress(models.Model):
    """An account's e-mail address, proved its owner's: they followed a link sent to it (at
    sign-up, or a password reset), or the account is older than verification (the migration
    vouched for it) or a demo account. It counts while the account still has this address, so
    an address changed later must be proved again. Claiming a player and entering events
    online need it (tournament/accounts/verification.py)."""

    class Source(models.TextChoices):
        LINK = "link", _("The verification link")
        PASSWORD_RESET = "password-reset", _("A password reset link")
        EXISTING = "existing", _("An account from before verification")
        DEMO = "demo", _("A demo account")

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="verified_address"
    )
    email = models.CharField(max_length=254, blank=True)
    source = models.CharField(max_length=20, choices=Source.choices)
    verified_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.user} verified by {self.source}"


class PlayerMerge(models.Model):
    """Append-only: a duplicate (``absorbed``) merged into ``survivor`` by a director; ``moved``
    lists the rows that changed hands, so the merge can be undone until the next merge."""

    survivor = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="merges_kept")
    absorbed = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="merges_lost")
    moved = models.JSONField(default=dict, blank=True)
    reason = models.CharField(max_length=300)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    undone_at = models.DateTimeField(null=True, blank=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.absorbed} merged into {self.survivor}"


class EntryRequest(Decided):
    """A signed-in player's online entry to an event that wants a director's approval;
    approval creates the ``Entry``. Events without approval create the entry at once."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entry_requests")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="entry_requests")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "player"],
                condition=models.Q(status="pending"),
                name="one_pending_entry_request",
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} asks to enter {self.event} ({self.status})"


class CheckInWindow(models.Model):
    """When players may check in for one round of an event that requires check-in."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="check_in_windows")
    round_number = models.PositiveSmallIntegerField()
    opens_at = models.DateTimeField()
    closes_at = models.DateTimeField()

    class Meta:
        ordering = ["event", "round_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "round_number"], name="unique_check_in_window"
            ),
            models.CheckConstraint(
                condition=models.Q(closes_at__gt=models.F("opens_at")),
                name="check_in_closes_after_it_opens",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event} round {self.round_number} check-in"


class CheckIn(models.Model):
    """An entry checked in for a round (the row's presence); checking out deletes it. Each
    change also goes in the event log with who did it."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="check_ins")
    round_number = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    by_director = models.BooleanField(default=False)

    class Meta:
        ordering = ["round_number", "at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["entry", "round_number"], name="unique_check_in")
        ]

    def __str__(self) -> str:
        return f"{self.entry} checked in for round {self.round_number}"


class ResultConfirmation(models.Model):
    """Append-only: one side's word on a board's outcome, or the arbiter's settling of it.

    A side is an entry at the board (a player, or a partnership team whose word either partner
    gives); ``entry`` says which, ``seat`` where the one who spoke sits. Empty ``entry``: the
    arbiter settles the board (with ``reason``). The word is the whole outcome of the table's
    kind: a pair's ``result`` code (1-0, 0-1, 1/2-1/2) and, when the event's tie-breaks use
    them, each side's lowest level; a table's (or a solitaire entrant's) ``result`` "table",
    each side's levels and placing. The latest word of each side counts
    (tournament/confirmations/selectors.py)."""

    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="confirmations")
    # The side speaking; empty when the arbiter settles.
    entry = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    #: the seat of the one who gave the word (a team's partner: the team's higher seat); empty
    #: for the arbiter
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    result = models.CharField(max_length=10)
    #: each side's colour levels, in side order, lowest first: [[12], [9]] for a pair's lowest
    #: levels, [[7, 9], [9, 10], [3, 12]] at a table; [] when the word gives none
    levels = models.JSONField(default=list, blank=True)
    #: each side's placing in side order (1 best, ties share); [] for a pair (its code says it)
    placings = models.JSONField(default=list, blank=True)
    #: why the arbiter settled the board so ("" for a side's word)
    reason = models.CharField(
        max_length=300, blank=True, validators=[NoControlCharacters("reason")]
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    #: the word that opened a dispute: when its e-mail to the event's directors and arbiters was
    #: claimed for sending (sent at most once)
    staff_told_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"{self.board}: {self.result} by {self.entry or 'the arbiter'}"


class Notification(models.Model):
    """Append-only: a message sent (or skipped) to a player. ``key`` makes a task delivered
    twice send once (e.g. "round:12:published")."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="notifications")
    event = models.ForeignKey(
        Event, null=True, blank=True, on_delete=models.CASCADE, related_name="notifications"
    )
    key = models.CharField(max_length=100)
    subject = models.CharField(max_length=200)
    body = models.TextField()
    to = models.CharField(max_length=254, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    skipped = models.CharField(max_length=100, blank=True, help_text="Why it was not sent")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["player", "key"], name="unique_notification_key")
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.subject}"
