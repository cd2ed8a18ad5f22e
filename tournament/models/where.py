"""Where a board is played: at the venue (arbiters record it, as ever) or online (the site deals
and the players play at their own screens). The event says it; a hybrid event's round may say it
for all its boards, and a hybrid event's entry may play online (a remote player). The fields are
the event's, the round's, the entry's and the board's (their models have them); the board keeps
the resolved answer, stored when its round is published, so it never changes under a game."""

from collections.abc import Iterable

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

#: The arbiter's alerts of online boards (games/presence): their defaults and limits, in seconds.
DISCONNECT_ALERT_SECONDS, LONG_THINK_SECONDS, ONLINE_SECONDS_MAX = 60, 120, 3600


class Played(models.TextChoices):
    VENUE = "venue", _("At the venue")
    ONLINE = "online", _("Online")


class EventPlayed(models.TextChoices):
    VENUE = "venue", _("At the venue")
    ONLINE = "online", _("Online")
    HYBRID = "hybrid", _("Hybrid: at the venue and online")


class RoundPlayed(models.TextChoices):
    ENTRIES = "", _("As the entries say (online if any player plays online)")
    VENUE = "venue", _("Every board at the venue")
    ONLINE = "online", _("Every board online")


#: The longest spectators' delay a director may set: an hour, or a whole game's placements.
MAX_DELAY_SECONDS = 3600
MAX_DELAY_PLACEMENTS = 60


class EventWhere(models.Model):
    boards_played = models.CharField(
        max_length=6,
        choices=EventPlayed.choices,
        default=EventPlayed.VENUE,
        help_text="Where the event's boards are played",
    )
    #: Duplicate boards: every online board of a round draws the same tiles in the same order,
    #: dealt from one seed per round (Round.seed, drawn when the round is published), so each
    #: board's result can be compared with the others that had the same tiles. Venue boards
    #: draw from their own bag at the table: the option means nothing to them.
    duplicate_boards = models.BooleanField(
        default=False,
        help_text="Every online board of a round draws the same tiles in the same order",
    )
    #: What spectators see of an online board in play is this far behind (0: not behind); the
    #: server cuts it (games/spectating): the seats and the arbiters see the game as it is.
    online_delay_seconds = models.PositiveIntegerField(
        default=0, help_text="Spectators see online boards this many seconds behind (0: live)"
    )
    online_delay_placements = models.PositiveSmallIntegerField(
        default=0,
        help_text="Spectators see online boards this many placements behind (0: live)",
    )
    #: An online player's call of the arbiter holds the clocks (games/control_room) until the
    #: arbiter resumes them; else the caller's clock keeps running while the arbiter comes.
    online_call_pauses_clock = models.BooleanField(
        default=False, help_text="A player's call of the arbiter pauses the clocks"
    )
    #: Online boards (games/presence): a player's clock runs on while they are disconnected;
    #: the arbiter is alerted once they have been away this long (nothing is forfeited).
    online_disconnect_alert_seconds = models.PositiveIntegerField(
        default=DISCONNECT_ALERT_SECONDS,
        validators=[MinValueValidator(1), MaxValueValidator(ONLINE_SECONDS_MAX)],
        help_text="Online boards: alert the arbiter after a player is disconnected this long (s)",
    )
    #: The first-move window: a seat that has neither connected nor moved this long after its
    #: round was published is a no-show, reported to the arbiter (who decides). None: no window.
    online_first_move_seconds = models.PositiveIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(ONLINE_SECONDS_MAX)],
        help_text="Online boards: a seat not there this long after publication is a no-show (s)",
    )
    #: Communication between partners, as the rules allow an event to open it: at an online
    #: partnership table each partner also sees the other's rack (games/play); opponents never.
    online_partners_see_racks = models.BooleanField(
        default=False, help_text="Online partnership tables: partners see each other's racks"
    )
    #: The MSO's "absent players lose", only if the director chooses it: a seat of a board of two
    #: that is a no-show when the first-move window ends loses by forfeit, entered by the site
    #: (games/presence/absence.py). Off: the no-show is reported and the arbiter decides.
    online_absent_lose = models.BooleanField(
        default=False,
        help_text="Online boards of two: a no-show at the end of the first-move window loses",
    )
    #: A turn longer than this is shown to the arbiter (a long think). None: never.
    online_long_think_seconds = models.PositiveIntegerField(
        null=True,
        blank=True,
        default=LONG_THINK_SECONDS,
        validators=[MinValueValidator(1), MaxValueValidator(ONLINE_SECONDS_MAX)],
        help_text="Online boards: alert the arbiter of a turn longer than this (s); blank: never",
    )

    class Meta:
        abstract = True


class RoundWhere(models.Model):
    #: a hybrid event's round: every board at the venue, every board online, or by the entries
    boards_played = models.CharField(
        max_length=6, choices=RoundPlayed.choices, blank=True, default=RoundPlayed.ENTRIES
    )

    class Meta:
        abstract = True


class EntryWhere(models.Model):
    plays_online = models.BooleanField(
        default=False, help_text="A hybrid event: this entry plays its boards online"
    )

    class Meta:
        abstract = True


class BoardWhere(models.Model):
    played = models.CharField(max_length=6, choices=Played.choices, default=Played.VENUE)

    class Meta:
        abstract = True

    @property
    def online(self) -> bool:
        return self.played == Played.ONLINE


def resolve(event_played: str, round_played: str, seats_online: Iterable[bool]) -> str:
    """Where one board is played. A venue or online event: all its boards. A hybrid event: as
    its round says, else online when ANY seat's entry plays online: a remote player cannot sit at
    the venue's table, so the whole board moves online and every seat plays at a screen."""
    if event_played != EventPlayed.HYBRID:
        return Played.ONLINE if event_played == EventPlayed.ONLINE else Played.VENUE
    if round_played in (Played.VENUE, Played.ONLINE):
        return str(round_played)
    return Played.ONLINE if any(seats_online) else Played.VENUE
