"""Standings are served from the cache; a result change invalidates them and recomputes.

Every change bumps the event's generation token after commit (tournament.effects). A cached
table carries the token that was current when its data was read, so a page that computed from
data a commit has since changed cannot pin stale standings in the cache: the token no longer
matches and the next reader recomputes.
"""

from typing import Any

from django.core.cache import cache

from tournament.effects import standings_generation_key, standings_key
from tournament.web.replica import require

# A safety net for changes made outside the services that call results_changed().
CACHE_SECONDS = 10 * 60


def cache_key(event_id: int) -> str:
    return standings_key(event_id)


def generation(event_id: int) -> str | None:
    """The event's current generation token (None until its results first change), read
    before the data it stands for: a public page's render reads that data from a replica only
    if the replica holds the change that made it (tournament/web/replica.py)."""
    token: str | None = cache.get(standings_generation_key(event_id))  # effects' new_token()
    require(token or "")  # none (the cache was emptied): only the primary surely holds it
    return token


def load(event_id: int) -> Any | None:
    """The cached standings data, or None when missing or of an older generation."""
    found = cache.get_many([standings_key(event_id), standings_generation_key(event_id)])
    entry = found.get(standings_key(event_id))
    if not isinstance(entry, dict) or "data" not in entry:
        return None
    if entry.get("generation") != found.get(standings_generation_key(event_id)):
        return None
    return entry["data"]


def store(event_id: int, token: str | None, data: Any) -> None:
    """Cache ``data`` computed from what the database held when ``token`` was current."""
    cache.set(standings_key(event_id), {"generation": token, "data": data}, CACHE_SECONDS)
