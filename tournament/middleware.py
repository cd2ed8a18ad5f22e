"""Middleware of the composition: request ids for the logs, and NUL bytes refused at the door."""

import base64
import binascii
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse

from tournament import logs

Handler = Callable[[HttpRequest], HttpResponse]


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
