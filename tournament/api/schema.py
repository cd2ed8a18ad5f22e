"""The schema generator's view of the project's conventions, so that every operation documents
what every API view can answer, without repeating it on each view."""

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema
from rest_framework.permissions import SAFE_METHODS

from tournament.api.errors import error_response
from tournament.permissions import _EventRolePermission

# A security requirement of OpenAPI: the schemes it needs at once, each with its scopes.
Requirement = dict[str, list[str]]
# A signed-in person's session, or their user name and password.
LOGINS: tuple[Requirement, ...] = ({"cookieAuth": []}, {"basicAuth": []})


def security(*requirements: Requirement) -> Sequence[str]:
    """What ``extend_schema(auth=...)`` takes: the requirements, any one of which lets a
    request in ({} lets anyone in)."""
    # drf-spectacular annotates auth as strings, yet writes it as given into the operation's
    # security, which holds requirement objects (as its own get_auth returns them).
    return list(requirements)  # type: ignore[arg-type]


# What reads that need a login declare (extend_schema(auth=LOGIN_REQUIRED)).
LOGIN_REQUIRED = security(*LOGINS)


class AutoSchema(SpectacularAutoSchema):
    if TYPE_CHECKING:
        # drf-spectacular's own, unannotated: a response's schema for a status code.
        def _get_response_for_code(
            self,
            serializer: Any,
            status_code: str,
            media_types: list[str] | None = None,
            direction: str = "response",
        ) -> dict[str, Any]: ...

    def get_auth(self) -> list[dict[str, Any]]:
        auths = super().get_auth()
        # Event-scoped permissions let anyone read (views limit reads to what is public).
        event_scoped = any(isinstance(p, _EventRolePermission) for p in self.view.get_permissions())
        if event_scoped and self.method in SAFE_METHODS and {} not in auths:
            auths.append({})
        return auths

    def _get_response_bodies(self, direction: Any = "response") -> dict[str, Any]:
        responses = super()._get_response_bodies(direction)
        common = {
            # The NUL check refuses any request carrying %00, before any view.
            400: "Bad input (a NUL character, unreadable JSON, a field's value): nothing changed",
            429: "Too many requests (API_RATE_ANON, API_RATE_USER), or a login locked out "
            "after too many wrong passwords (code locked_out): wait Retry-After seconds",
        }
        if {} not in self.get_auth():
            common[403] = "Not logged in, or not allowed"
        if "{" in self.path:
            common[404] = "No such object, or not public yet"
        for status, description in common.items():
            if str(status) not in responses:
                response = error_response(status, description)
                responses[str(status)] = self._get_response_for_code(
                    response, str(status), None, direction
                )
        return responses
