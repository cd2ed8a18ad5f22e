"""Django's Redis cache backend, keeping one redis-py client per connection pool.

Django's RedisCacheClient makes a new ``redis.Redis`` for every cache call; redis-py 8 fills
some 170 response callbacks in each one, about half a millisecond of CPU, paid two or three
times by every request for a cached page (the versions, then the page). A client is safe to
share between threads (each command takes a connection from the pool), so one per pool does.

It also counts in one round trip (:meth:`RedisCache.count`), which every rate limit does once a
request (tournament/web/rate_limits.py): Django's ``add`` then ``incr`` take three.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.core.cache.backends import redis as django_redis

if TYPE_CHECKING:
    from redis import ConnectionPool, Redis


class RedisCacheClient(django_redis.RedisCacheClient):
    if TYPE_CHECKING:
        # Django's own, private, so its type stubs leave them out: redis-py's client class, and
        # the pool of the server a read or a write goes to.
        _client: type[Redis]

        def _get_connection_pool(self, write: bool) -> ConnectionPool: ...

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Redis] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Redis:
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients.setdefault(id(pool), self._client(connection_pool=pool))
        return client


class RedisCache(django_redis.RedisCache):
    if TYPE_CHECKING:
        _cache: RedisCacheClient  # Django's, private: the client of this backend

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = RedisCacheClient

    def count(self, key: str, timeout: int) -> int:
        """Add one to the count under ``key`` (made at 0, kept ``timeout`` seconds from its first
        count) and return it: one INCR (atomic), and an EXPIRE only when it opened the count.
        Were the process to stop between the two, the key would be left without an expiry: a
        rate's keys name their window, so it would never be counted again, only evicted."""
        made = self.make_and_validate_key(key)
        client = self._cache.get_client(made, write=True)
        count = int(client.incr(made))
        if count == 1:
            client.expire(made, timeout)
        return count
