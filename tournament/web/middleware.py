"""Middleware of the composition: request ids for the logs, NUL bytes refused at the door, the
pages' rate per client, and no shared cache keeping a private answer."""

import base64
import binascii
from collections.abc import Callable
from datetime import timedelta

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.cache import patch_cache_control
from django.utils.dateformat import format as format_date
from django.utils.translation import gettext as _

from tournament import logs
from tournament.permissions import roles_read_once
from tournament.web.rate_limits import client_address, hit

Handler = Callable[[HttpRequest], HttpResponse]


class SharedCacheGuardMiddleware:
    """The last word on what a shared cache (a CDN) may keep: an answer marked ``public`` that
    sets a cookie (a session, a CSRF token) or answers a signed-in user is made private. It sits
    above the session, CSRF and authentication middleware, so it sees what they add."""

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        directives = {d.strip().lower() for d in response.get("Cache-Control", "").split(",")}
        if "public" not in directives:
            return response
        user = getattr(request, "user", None)
        if response.cookies or (user is not None and user.is_authenticated):
            del response["Cache-Control"]
            patch_cache_control(response, private=True, no_cache=True)
        return response


class RolesOncePerRequestMiddleware:
    """Each user's roles in an event are read once per request (tournament.permissions), and
    forgotten when it ends."""

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        with roles_read_once():
            return self.get_response(request)


class RequestIdMiddleware:
    """Takes the client's (or the proxy's) X-Request-ID, or makes one; every log record of the
    request carries it, and so does the response."""

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        rid = logs.new_request_id(request.headers.get("X-Request-ID"))
        token = logs.request_id.set(rid)
        try:
            response = self.get_response(request)
        finally:
            logs.request_id.reset(token)
        response["X-Request-ID"] = rid
        return response


_FORM = "application/x-www-form-urlencoded"


def _basic_credentials(request: HttpRequest) -> bytes:
    scheme, _, value = request.META.get("HTTP_AUTHORIZATION", "").partition(" ")
    if scheme.lower() != "basic":
        return b""
    try:
        return base64.b64decode(value.strip().encode("ascii", "replace"), validate=True)
    except (binascii.Error, ValueError):
        return b""  # not base64: DRF refuses it with a 401


def nul_in(request: HttpRequest) -> str | None:
    """Where the request carries a NUL character, or None. Databases cannot store NUL in text
    (PostgreSQL refuses it), and no user name, search or form field needs one."""
    if "\x00" in request.path_info:
        return "the address"
    query = request.META.get("QUERY_STRING", "")
    if "%00" in query or "\x00" in query:
        return "the query string"
    if b"\x00" in _basic_credentials(request):
        return "the Basic authorization header"
    if any("\x00" in name or "\x00" in value for name, value in request.COOKIES.items()):
        return "a cookie"
    content_type = request.content_type or ""
    if content_type == _FORM:
        # Percent-encoded: a literal "%00" in a value would arrive as "%2500".
        return "the form" if b"%00" in request.body or b"\x00" in request.body else None
    if content_type == "multipart/form-data" and request.method == "POST":
        # Uploaded files are read by their own parsers (the players CSV names the bad line).
        fields = (text for name, values in request.POST.lists() for text in (name, *values))
        return "the form" if any("\x00" in text for text in fields) else None
    return None


class RefuseNulMiddleware:
    """A request with a NUL character gets a 400 that says where, before any view, session or
    authentication backend sends the value to the database."""

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        where = nul_in(request)
        if where is None:
            return self.get_response(request)
        message = f"The request was refused: {where} contains a NUL character (%00)."
        if request.path_info.startswith("/api/"):
            return JsonResponse({"detail": message, "code": "nul_character"}, status=400)
        return HttpResponseBadRequest(message, content_type="text/plain; charset=utf-8")


# Not pages: the API has its own rates (tournament.web.throttles), static files cost nothing, and
# the monitors' health check must answer whoever asks how often.
_NOT_PAGES = ("/api/", "/healthz")


def _page_client(request: HttpRequest) -> str:
    """A signed-in account counts apart (an arbiter behind a venue's address is not refused
    because its spectators poll); anyone else by address."""
    if settings.SESSION_COOKIE_NAME in request.COOKIES:  # spares loading a session otherwise
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            return f"account:{user.pk}"
    return client_address(request)


class PageRateMiddleware:
    """At most ``PAGE_RATE`` page requests (htmx polls included) per client; past it a 429 page
    that says until when, with ``Retry-After``. htmx keeps a refused poll's old content and asks
    again at its next interval."""

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        path = request.path_info
        if path.startswith(_NOT_PAGES) or path.startswith("/" + settings.STATIC_URL.lstrip("/")):
            return self.get_response(request)
        verdict = hit("pages", _page_client(request), settings.PAGE_RATE)
        if verdict.allowed:
            return self.get_response(request)
        ends = timezone.localtime(timezone.now() + timedelta(seconds=verdict.retry_after))
        message = _(
            "Too many requests: more than %(limit)s in a short time. Pages open again at "
            "%(time)s, in %(seconds)s seconds."
        ) % {
            "limit": verdict.limit,
            "time": format_date(ends, "H:i:s T"),
            "seconds": verdict.retry_after,
        }
        response = render(request, "429.html", {"message": message}, status=429)
        response["Retry-After"] = str(verdict.retry_after)
        return response
