"""What others see of a person: one name for every page, API response, log text and e-mail.

Sign-up makes the e-mail address the user name (people log in with it), so a user name is
private: it is shown to its owner only (and e-mail addresses to the registry's keepers, who
need a contact). Everyone else sees the display name: the registry player the account claimed
(a name a director or a registrar approved, so nobody passes as someone else once claimed),
else the name the person chose at sign-up, else a neutral "User 17".
"""

from django.core.exceptions import ObjectDoesNotExist
from django.utils.translation import gettext as _


def _chosen(user: object) -> str:
    chosen = str(getattr(user, "first_name", "") or "").strip()
    # An address typed as one's name (or stored before names were asked) stays private.
    return "" if "@" in chosen else chosen


def display_name(user: object) -> str:
    """The person's name as others see it; "" for nobody (None or an anonymous visitor).

    Reads the account's player: lists select_related("user__player") so that costs no query."""
    if user is None or not getattr(user, "is_authenticated", False):
        return ""
    try:
        player = getattr(user, "player", None)
    except ObjectDoesNotExist:  # no player claimed
        player = None
    if player is not None and player.name.strip():
        return str(player.name)
    return _chosen(user) or _("User %(number)s") % {"number": getattr(user, "pk", "?")}
