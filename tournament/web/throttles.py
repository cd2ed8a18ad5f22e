"""The API's rates: anonymous clients by address (``tournament.web.rate_limits.client_address``,
which trusts ``TRUSTED_PROXY_COUNT`` proxies), signed-in accounts by account, each counted by
``rate_limits.hit``, an atomic counter, so concurrent clients cannot slip past the limit as they
did past DRF's read-modify-write history. The rates are ``DEFAULT_THROTTLE_RATES`` (``anon``,
``user``: ``API_RATE_ANON``, ``API_RATE_USER``), read per request; a refusal is DRF's 429 with
``Retry-After``, the seconds until the window ends."""

from __future__ import annotations

from typing import Any

from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.throttling import BaseThrottle

from tournament.web.rate_limits import client_address, hit


class _Rate(BaseThrottle):
    scope = ""

    def __init__(self) -> None:
        self._wait: int | None = None

    def identity(self, request: Request) -> str | None:
        raise NotImplementedError

    def allow_request(self, request: Request, view: Any) -> bool:
        ident = self.identity(request)
        # DRF's stubs type the rates as numbers; they are DRF's "600/minute" text.
        rate: str | None = api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)  # type: ignore[assignment]
        if ident is None or rate is None:
            return True
        verdict = hit(f"api-{self.scope}", ident, rate)
        self._wait = None if verdict.allowed else verdict.retry_after
        return verdict.allowed

    def wait(self) -> float | None:
        return self._wait


class AnonymousRate(_Rate):
    """Requests without an account, per client address."""

    scope = "anon"

    def identity(self, request: Request) -> str | None:
        if request.user and request.user.is_authenticated:
            return None
        return client_address(request)


class AccountRate(_Rate):
    """Requests of a signed-in account, wherever they come from (its tablets share it)."""

    scope = "user"

    def identity(self, request: Request) -> str | None:
        if request.user and request.user.is_authenticated:
            return f"account:{request.user.pk}"
        return None
