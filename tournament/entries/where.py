"""Where an entry plays: a hybrid event's entry may play its boards online (a remote player).
A board with such an entry at it is played online for every seat when its round is published
(tournament/models/where.py); boards already published keep where they were set."""

from django.db import transaction
from django.utils.translation import gettext as _

from tournament import effects
from tournament.acting import User, lock_event
from tournament.errors import DomainError
from tournament.events.log import note
from tournament.models.events import Entry
from tournament.models.where import EventPlayed
from tournament.permissions import require_director


@transaction.atomic
def set_plays_online(*, entry: Entry, user: User, online: bool) -> Entry:
    """The entry plays its boards online (or at the venue again), from the next round
    published; only a hybrid event's entries choose (a venue or online event decides for all)."""
    require_director(user, entry.event)
    lock_event(entry.event)
    entry = Entry.objects.select_related("event", "player", "partner").get(pk=entry.pk)
    if entry.event.boards_played != EventPlayed.HYBRID:
        raise DomainError(
            _(
                "An entry chooses where it plays only in a hybrid event: here the event "
                "decides for every board (Edit the event)."
            ),
            field="plays_online",
        )
    if entry.plays_online != online:
        entry.plays_online = online
        entry.save(update_fields=["plays_online"])
        where = "online" if online else "at the venue"
        note(entry.event, user, "where", f"{entry.name} plays {where} from now on.")
        effects.live_changed(entry.event_id)
    return entry
