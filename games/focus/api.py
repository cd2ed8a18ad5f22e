"""The player's page sends each change of its visibility here (static/js/focus.js): a JSON
POST, the session's own (CSRF checked), the seated player only (services.note_focus)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.focus.serializers import FocusInput, FocusOutput
from games.focus.services import note_focus
from tournament.api.errors import error_response
from tournament.api.schema import LOGIN_REQUIRED


class FocusView(APIView):
    # The page's own endpoint, as the player's other writes (games/play): not the public API's,
    # so not in its schema (its answers are JSON, its refusals too; the address is the page's).
    @extend_schema(
        exclude=True,
        request=FocusInput,
        responses={
            201: FocusOutput,
            400: error_response(400, "Not an online game, or a malformed body"),
            403: error_response(403, "Not logged in, or not a player of the game"),
            409: error_response(409, "The game is over"),
        },
        auth=LOGIN_REQUIRED,
        description="The seated player's page of an online game in play was hidden or shown "
        "again (the Page Visibility API); stamped with the server's time.",
    )
    def post(self, request: Request, game_pk: int) -> Response:
        given = FocusInput(data=request.data)
        given.is_valid(raise_exception=True)
        change = note_focus(
            game_pk,
            request.user,
            given.validated_data["hidden"],
            given.validated_data.get("client_at"),
        )
        return Response(FocusOutput(change).data, status=status.HTTP_201_CREATED)
