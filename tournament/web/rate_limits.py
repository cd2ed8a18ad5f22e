"""Who a request comes from, and how often it may come: one client address for axes, the API
throttles and the page limits, and one counter that holds under concurrency.

The counter is a fixed window in the cache, counted atomically (Redis INCR), so sixteen clients at
once cannot read the same old count: on Redis in one round trip (``RedisCache.count``); on
another cache ``cache.add`` opens the window's key and ``cache.incr`` counts.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

PERIODS = {"s": 1, "sec": 1, "second": 1, "m": 60, "min": 60, "minute": 60, "h": 3600}
PERIODS |= {"hour": 3600, "d": 86400, "day": 86400}


def client_address(request: HttpRequest) -> str:
    """The client's address: ``REMOTE_ADDR``, or, behind ``TRUSTED_PROXY_COUNT`` proxies that
    each append to ``X-Forwarded-For``, the address the outermost trusted proxy saw. A client
    can write anything at the left of that header, so only the proxies' own entries count."""
    remote = str(request.META.get("REMOTE_ADDR") or "")
    proxies: int = getattr(settings, "TRUSTED_PROXY_COUNT", 0)
    if proxies <= 0:
        return remote
    header: str = request.META.get("HTTP_X_FORWARDED_FOR", "")
    forwarded = [part.strip() for part in header.split(",") if part.strip()]
    if len(forwarded) < proxies:
        return remote
    return forwarded[-proxies]


def parse_rate(rate: str) -> tuple[int, int]:
    """``"600/minute"`` → (600, 60). Raises ValueError naming the rate when it is not one."""
    count, _, period = rate.partition("/")
    unit = period.strip().lower()
    if not (count.strip().isascii() and count.strip().isdigit()) or unit not in PERIODS:
        raise ValueError(f"A rate is a count per second, minute, hour or day, not {rate!r}.")
    return int(count), PERIODS[unit]


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    count: int
    limit: int
    retry_after: int  # seconds until the window ends


def _count(key: str, timeout: int) -> int:
    """One more request under ``key``, kept ``timeout`` seconds: the count so far."""
    counter = getattr(cache, "count", None)  # tournament.web.redis_cache: one round trip
    if counter is not None:
        return int(counter(key, timeout))
    cache.add(key, 0, timeout=timeout)
    try:
        return cache.incr(key)
    except ValueError:  # the key expired between add and incr: this request opens a window
        cache.add(key, 1, timeout=timeout)
        return 1


def hit(scope: str, ident: str, rate: str) -> Verdict:
    """Count one request of ``ident`` in ``scope`` against ``rate``; over the limit it is refused
    until the window ends. The identity is hashed, so addresses never stand in a cache key."""
    limit, window = parse_rate(rate)
    now = time.time()
    slot = int(now // window)
    digest = hashlib.blake2s(ident.encode(), digest_size=12).hexdigest()
    key = f"rate:{scope}:{digest}:{slot}"
    count = _count(key, window + 1)
    retry_after = max(1, int((slot + 1) * window - now + 0.999))
    return Verdict(allowed=count <= limit, count=count, limit=limit, retry_after=retry_after)
