"""``{% waiting_for_you as waiting %}``: what waits for a director's decision, for the header's
count: the claims of players they may decide and the online entry requests of the events they
direct. Asked only of signed-in staff and directors (one EXISTS tells a director), and then in
two COUNTs; a player costs one EXISTS and a visitor nothing."""

from dataclasses import dataclass
from typing import Any

from django import template
from django.utils.translation import ngettext

from tournament.claims.selectors import claims_to_decide
from tournament.entries.selectors import entry_requests_waiting
from tournament.models.events import EventRole
from tournament.permissions import events_held

register = template.Library()


@dataclass(frozen=True)
class Waiting:
    claims: int
    entry_requests: int

    @property
    def total(self) -> int:
        return self.claims + self.entry_requests

    @property
    def label(self) -> str:
        """ "2 claims of players, 3 online entries waiting", for screen readers and the tip."""
        parts = []
        if self.claims:
            parts.append(
                ngettext("%(count)s claim of a player", "%(count)s claims of players", self.claims)
                % {"count": self.claims}
            )
        if self.entry_requests:
            parts.append(
                ngettext("%(count)s online entry", "%(count)s online entries", self.entry_requests)
                % {"count": self.entry_requests}
            )
        return ", ".join(parts)


@register.simple_tag(takes_context=True)
def waiting_for_you(context: Any) -> Waiting | None:
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return None
    staff = bool(user.is_staff or user.is_superuser)
    directs = events_held(user, [EventRole.Role.DIRECTOR]).exists()
    if not (staff or directs):
        return None
    entries = entry_requests_waiting(user).count() if directs or user.is_superuser else 0
    return Waiting(claims=claims_to_decide(user).count(), entry_requests=entries)
