"""The event form's options for online boards (tournament/models/where.py keeps them on the
event): duplicate boards, the spectators' delay (games/spectating), a call's pause of the clocks
(games/control_room) and the arbiter's alerts (games/presence, docs/presence.md)."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.fields import WholeNumberFormField
from tournament.models.events import Event
from tournament.models.where import (
    DISCONNECT_ALERT_SECONDS,
    LONG_THINK_SECONDS,
    MAX_DELAY_PLACEMENTS,
    MAX_DELAY_SECONDS,
    ONLINE_SECONDS_MAX,
)

#: The options besides the alerts'.
ONLINE_OPTIONS = (
    "duplicate_boards",
    "online_delay_seconds",
    "online_delay_placements",
    "online_call_pauses_clock",
    "online_absent_lose",
    "online_partners_see_racks",
)
#: The options a blank leaves as the event has them, and those a blank turns off.
ALERT_REQUIRED = ("online_disconnect_alert_seconds",)
ALERT_BLANK_IS_NONE = ("online_first_move_seconds", "online_long_think_seconds")


class OnlineFields(forms.Form):
    duplicate_boards = forms.BooleanField(
        required=False,
        label=_("Duplicate boards"),
        help_text=_(
            "Every online board of a round draws the same tiles in the same order (one seed "
            "per round), and each board's result is compared with the others on the round's "
            "page; boards at the venue draw from their own bag"
        ),
    )
    online_delay_seconds = WholeNumberFormField(
        label=_("Spectators' delay on online boards (seconds)"),
        min_value=0,
        max_value=MAX_DELAY_SECONDS,
        initial=0,
        required=False,
        help_text=_(
            "Spectators see an online board's game this many seconds late, until it ends "
            "(0: as it is played). The players and the arbiters see it as it is."
        ),
    )
    online_delay_placements = WholeNumberFormField(
        label=_("Spectators' delay on online boards (placements)"),
        min_value=0,
        max_value=MAX_DELAY_PLACEMENTS,
        initial=0,
        required=False,
        help_text=_(
            "Spectators see an online board's game this many placements behind, until it ends "
            "(0: none). With both delays set, the older position is shown."
        ),
    )
    online_call_pauses_clock = forms.BooleanField(
        required=False,
        label=_("A player's call of the arbiter pauses the clocks"),
        help_text=_("Online boards: else the caller's clock runs on until the arbiter acts"),
    )
    online_partners_see_racks = forms.BooleanField(
        required=False,
        label=_("Partners see each other's racks"),
        help_text=_(
            "Online partnership tables: each partner also sees the other's rack, as the rules "
            "allow an event to open communication between partners; opponents never do"
        ),
    )
    online_disconnect_alert_seconds = WholeNumberFormField(
        label=_("Online: alert the arbiter after a disconnection of (seconds)"),
        min_value=1,
        max_value=ONLINE_SECONDS_MAX,
        initial=DISCONNECT_ALERT_SECONDS,
        required=False,
        help_text=_("The player's clock runs on meanwhile; nothing is forfeited"),
    )
    online_first_move_seconds = WholeNumberFormField(
        label=_("Online: first-move window (seconds)"),
        min_value=1,
        max_value=ONLINE_SECONDS_MAX,
        required=False,
        help_text=_(
            "A player neither connected nor moved this long after the round's publication is "
            "reported to the arbiter as a no-show (blank: no window)"
        ),
    )
    online_absent_lose = forms.BooleanField(
        required=False,
        label=_("Online: absent players lose"),
        help_text=_(
            "A player of a board of two who is a no-show when the first-move window ends loses "
            "by forfeit, entered by the site (both absent: a double forfeit). Off: the arbiter "
            "is told and decides. Tables of 3 and 4 are always left to the arbiter."
        ),
    )
    online_long_think_seconds = WholeNumberFormField(
        label=_("Online: alert the arbiter of a turn longer than (seconds)"),
        min_value=1,
        max_value=ONLINE_SECONDS_MAX,
        initial=LONG_THINK_SECONDS,
        required=False,
        help_text=_("Blank: never"),
    )

    @staticmethod
    def initial_of_event(event: Event) -> dict[str, Any]:
        names = (*ONLINE_OPTIONS, *ALERT_REQUIRED, *ALERT_BLANK_IS_NONE)
        return {name: getattr(event, name) for name in names}
