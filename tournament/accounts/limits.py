"""How often sign-up, password reset and the verification link's resend may be asked for: per
client address and per e-mail address, counted by tournament/web/rate_limits.py.

A setting holds one or more rates, comma-separated (``"10/minute,60/hour"``); a request must
be within every one. A client over its rate is told so (429, with when to come back); an
address over its rate is sent nothing more and the page says what it says to everyone, so the
limit tells nobody whether the address has an account."""

import hashlib
import logging

from django.http import HttpRequest
from django.utils.translation import ngettext

from tournament.web.rate_limits import Verdict, client_address, hit

logger = logging.getLogger(__name__)


def within(scope: str, ident: str, rates: str) -> Verdict:
    """Count one request of ``ident`` in ``scope`` against each of ``rates``; the first that
    refuses it is the verdict (a refused request is not counted by the longer windows)."""
    verdict = Verdict(allowed=True, count=0, limit=0, retry_after=0)
    for rate in (part.strip() for part in rates.split(",")):
        if not rate:
            continue
        verdict = hit(f"{scope}:{rate}", ident, rate)
        if not verdict.allowed:
            return verdict
    return verdict


def client_within(request: HttpRequest, scope: str, rates: str) -> Verdict:
    """Whether this client may ask again; a refusal is logged (by scope and client)."""
    client = client_address(request)
    verdict = within(f"{scope}:client", client, rates)
    if not verdict.allowed:
        logger.warning("limit=%s client=%s refused count=%s", scope, client, verdict.count)
    return verdict


def address_within(scope: str, email: str, rates: str) -> bool:
    """Whether another e-mail may go to ``email``; a refusal is logged, the address by a
    digest only (the logs need not hold people's addresses)."""
    email = (email or "").strip().lower()
    verdict = within(f"{scope}:address", email, rates)
    if not verdict.allowed:
        digest = hashlib.blake2s(email.encode(), digest_size=6).hexdigest()
        logger.warning("limit=%s address=%s refused count=%s", scope, digest, verdict.count)
    return verdict.allowed


def too_many(verdict: Verdict) -> str:
    """What a client over its rate is told: to wait, and how long."""
    if verdict.retry_after < 120:
        return ngettext(
            "Too many requests from your network: try again in %(seconds)s second.",
            "Too many requests from your network: try again in %(seconds)s seconds.",
            verdict.retry_after,
        ) % {"seconds": verdict.retry_after}
    minutes = -(-verdict.retry_after // 60)
    return ngettext(
        "Too many requests from your network: try again in %(minutes)s minute.",
        "Too many requests from your network: try again in %(minutes)s minutes.",
        minutes,
    ) % {"minutes": minutes}
