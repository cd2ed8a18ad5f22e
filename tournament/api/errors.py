"""The API's error bodies: the exception handler that sends them, the 404 for an /api/ address
that matches no route, and the serializers that document them in the schema."""

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views.defaults import bad_request as django_bad_request
from django.views.defaults import page_not_found
from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.utils import OpenApiResponse, PolymorphicProxySerializer
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from tournament.accounts.lockout import lockout_of
from tournament.errors import DomainError
from tournament.fields import WholeNumberField


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, DomainError):
        return Response(exc.as_dict(), status=exc.status_code)
    request = context.get("request")
    if getattr(request, "axes_locked_out", False):
        # Basic authentication or /api/token/ met an axes lockout: axes marked DRF's request,
        # so its middleware cannot tell; say so here rather than "wrong password".
        lockout = lockout_of(request, getattr(request, "axes_credentials", None))
        body = {"detail": lockout.message, "code": "locked_out"}
        return Response(body, status=429, headers={"Retry-After": str(lockout.seconds)})
    return drf_exception_handler(exc, context)


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """handler404: an API client gets JSON for an address no route matches (a malformed id or
    slug), as it does from the views; pages keep Django's page."""
    if request.path_info.startswith("/api/"):
        detail = _("There is no %(path)s in the API.") % {"path": request.path_info}
        body = {"detail": detail, "code": "not_found"}
        return JsonResponse(body, status=404)
    return page_not_found(request, exception)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """handler400: a request Django itself refuses (too many fields, a malformed body) gets
    JSON under /api/, naming why; pages keep Django's page. Django always names the exception."""
    if request.path_info.startswith("/api/"):
        reason = str(exception) if exception else _("the request cannot be read")
        body = {"detail": _("Bad request: %(reason)s.") % {"reason": reason}, "code": "bad_request"}
        return JsonResponse(body, status=400)
    return django_bad_request(request, exception)


class ErrorSerializer(serializers.Serializer[Any]):
    """A refusal. The API's own (DomainError) name a ``code`` and often the ``field``;
    DRF's generic ones (not logged in, not found, throttled, unreadable JSON) only a detail."""

    detail = serializers.CharField()
    code = serializers.CharField(required=False)
    field = serializers.CharField(required=False, help_text="The input at fault")
    index = WholeNumberField(
        required=False, allow_null=True, help_text="Engine refusals: the log index refused"
    )
    record_index = WholeNumberField(
        required=False, allow_null=True, help_text="Engine refusals: the record action refused"
    )
    boards = serializers.ListField(
        child=WholeNumberField(),
        required=False,
        help_text="round_unfinished: the numbers of the boards without a result",
    )
    # DRF's metaclass moves declared fields out of the class: this one hides no Serializer.errors.
    errors = serializers.ListField(  # type: ignore[assignment]
        child=serializers.CharField(),
        required=False,
        help_text="bad_csv: every bad line, with its number",
    )


class FieldErrorsSerializer(serializers.Serializer[Any]):
    """DRF's validation errors: each input field (or non_field_errors) with its messages."""


class FieldErrorsSchema(OpenApiSerializerExtension):
    """Field names are the keys, so the shape is a map, which a serializer cannot declare."""

    target_class = FieldErrorsSerializer

    def map_serializer(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        messages = {"type": "array", "items": {"type": "string"}}
        # A list field's errors are keyed by the item's position.
        by_item = {"type": "object", "additionalProperties": messages}
        return {
            "type": "object",
            "minProperties": 1,
            "additionalProperties": {"oneOf": [messages, by_item]},
        }


BAD_REQUEST = PolymorphicProxySerializer(
    component_name="BadRequest",
    serializers=[ErrorSerializer, FieldErrorsSerializer],
    resource_type_field_name=None,
)


def error_response(status: int, description: str) -> OpenApiResponse:
    """A documented refusal: a 400 is either kind of body, any other status a refusal."""
    return OpenApiResponse(
        BAD_REQUEST if status == 400 else ErrorSerializer, description=description
    )


# The refusals of the API's writes, as most of its views document them.
ERRORS = {
    400: error_response(400, "Bad input: nothing changed"),
    403: error_response(403, "Not logged in, or not a director of the event"),
    409: error_response(409, "The event moved on: reload"),
}
