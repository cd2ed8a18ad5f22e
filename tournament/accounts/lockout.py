"""What a client locked out by django-axes is told: that it is locked out, and until when.

The login page and the admin reach this through ``AXES_LOCKOUT_CALLABLE`` (axes' middleware
swaps the response); the API's Basic authentication and ``POST /api/token/`` through the API's
exception handler, because axes marks DRF's request, which its middleware never sees. Either way
the answer is a 429 with ``Retry-After`` and the time the lockout ends in the site's time zone.

A lockout ends ``AXES_COOLOFF_TIME`` after the last failure that counted; tries while locked out
are not counted (``AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False``), so the time told is
the time it ends, even when the user tries again with the right password meanwhile.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_client_username, get_cool_off
from django.db.models import Max
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.dateformat import format as format_date
from django.utils.timesince import timeuntil
from django.utils.translation import gettext as _

TEMPLATE = "registration/locked_out.html"


@dataclass(frozen=True)
class Lockout:
    ends: datetime
    seconds: int  # until it ends, at least 1
    message: str


def lockout_of(request: Any, credentials: dict[str, Any] | None = None) -> Lockout:
    """The lockout ``request`` met (axes has marked it), with when it ends."""
    now = timezone.now()
    cool_off = get_cool_off(request)
    last = None
    handler = AxesProxyHandler.get_implementation()
    if hasattr(handler, "get_user_attempts"):  # the database handler, this project's
        for attempts in handler.get_user_attempts(request, credentials):
            latest = attempts.aggregate(latest=Max("attempt_time"))["latest"]
            last = latest if last is None or (latest and latest > last) else last
    ends = (last or now) + cool_off if cool_off else now
    seconds = max(1, math.ceil((ends - now).total_seconds()))
    local = timezone.localtime(ends)
    username = get_client_username(request, credentials) or ""
    message = _(
        "Too many failed logins for %(username)s from your address: logins are refused until "
        "%(time)s (in %(wait)s), even with the right password."
    ) % {"username": username, "time": format_date(local, "H:i T"), "wait": timeuntil(ends, now)}
    return Lockout(ends=ends, seconds=seconds, message=message)


def lockout_response(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict[str, Any] | None = None,
) -> HttpResponse:
    """``AXES_LOCKOUT_CALLABLE``: the login page's (and the admin's) answer to a lockout."""
    lockout = lockout_of(request, credentials)
    response: HttpResponse
    if request.path_info.startswith("/api/"):
        response = JsonResponse({"detail": lockout.message, "code": "locked_out"}, status=429)
    else:
        response = render(request, TEMPLATE, {"lockout": lockout}, status=429)
    response["Retry-After"] = str(lockout.seconds)
    return response
