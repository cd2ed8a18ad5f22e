"""The challenges API under /api/challenges/: start a table, its state, record an action, take
back, the record. Reads are public; writes need staff, a director or an arbiter (of the table's
event, for an event's table), checked once (``services.recorder_of``). An engine refusal is 400
with the engine's code, message and index; a stale index 409.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response

from games.challenge_tables import selectors, services
from games.challenges.board import CHALLENGES, MODES
from games.models import Game
from tournament.api.base import MAX_ID
from tournament.api.errors import error_response
from tournament.fields import WholeNumberField

ERRORS = {
    400: error_response(400, "Refused: detail, code, and for the engine's refusals the index"),
    403: error_response(403, "Not logged in, or not staff, a director or an arbiter"),
    404: error_response(404, "No such challenge table"),
    409: error_response(409, "Stale index: the game moved on"),
}


class ChallengeStartInput(serializers.Serializer[Any]):
    challenge = serializers.ChoiceField(choices=CHALLENGES)
    mode = serializers.ChoiceField(choices=MODES, default="full")
    players = serializers.ListField(
        child=serializers.CharField(max_length=services.MAX_NAME),
        min_length=2,
        max_length=4,
        help_text="Names by seat; seat 0 moves first",
    )
    setup_roll = serializers.BooleanField(
        default=True, help_text="Dice Challenge: every seat rolls at set-up"
    )
    seed = WholeNumberField(
        required=False, min_value=0, max_value=2**62 - 1, help_text="Full mode's random source"
    )


class ChallengeActionInput(serializers.Serializer[Any]):
    index = WholeNumberField(
        min_value=0, max_value=MAX_ID, help_text="The log index this entry will take"
    )
    action = serializers.DictField(
        help_text='An action as CHALLENGES-RECORD.md writes it, e.g. {"type": "roll", '
        '"player": 0} (full mode: the site rolls) or with "faces" (table mode)'
    )


class ChallengeTakeBackInput(serializers.Serializer[Any]):
    index = WholeNumberField(min_value=0, max_value=MAX_ID)
    reason = serializers.CharField(max_length=300)


class ChallengeViewSet(viewsets.ViewSet):
    """A Card, Dice or Tile Challenge table: started, its state and record (public), and the
    actions its recorders enter and take back."""

    def table(self, pk: int) -> Game:
        table = selectors.challenge_game(pk) if pk <= MAX_ID else None
        if table is None:
            raise Http404(_("No such challenge table."))
        return table

    def written(self, written: services.Written, since: int, code: int) -> Response:
        """The table as the write left it (its position the write's own: nothing replayed)."""
        table = written.table
        body = selectors.table_state(table, with_log=False, game=written.reading.game)
        body["stored"] = [e for e in selectors.log_entries(table) if e["index"] >= since]
        return Response(body, status=code)

    @extend_schema(
        request=ChallengeStartInput,
        responses={201: OpenApiTypes.OBJECT, **ERRORS},
        description="Start a Card, Dice or Tile Challenge table for 2 to 4 players.",
    )
    def create(self, request: Request) -> Response:
        services.require_challenge_recorder(request.user)
        data = ChallengeStartInput(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        table = services.start_table(
            user=request.user,
            challenge=v["challenge"],
            mode=v["mode"],
            players=list(v["players"]),
            setup_roll=v["setup_roll"],
            seed=v.get("seed"),
        )
        return Response(selectors.table_state(table), status=status.HTTP_201_CREATED)

    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, 404: ERRORS[404]},
        description="The table: score rows, whose turn, bonus turns owed, what the table "
        "shows, the legal actions now (the engine's list), next_index and the log. In a "
        "full-mode Card Challenge in play, only its recorders see the hands and the cards "
        "dealt and drawn (others get counts).",
    )
    def retrieve(self, request: Request, pk: int) -> Response:
        table = self.table(pk)
        hidden = selectors.hands_hidden_from(request.user, table)
        return Response(selectors.table_state(table, hide_hands=hidden))

    @extend_schema(
        request=ChallengeActionInput,
        responses={201: OpenApiTypes.OBJECT, **ERRORS},
        description="Record one action, checked by the engine before it is stored. In full "
        "mode the site makes the roll, deal, draw or refill: send it without its outcome.",
    )
    @action(detail=True, methods=["post"], url_path="actions", url_name="actions")
    def add_action(self, request: Request, pk: int) -> Response:
        recorder = services.recorder_of(self.table(pk), request.user)
        data = ChallengeActionInput(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        written = services.record_challenge_action(
            table=recorder, user=request.user, expected_index=v["index"], action=dict(v["action"])
        )
        return self.written(written, v["index"], status.HTTP_201_CREATED)

    @extend_schema(
        request=ChallengeTakeBackInput,
        responses={200: OpenApiTypes.OBJECT, **ERRORS},
        description="Take back the last action, with a reason; it stays in the log, marked.",
    )
    @action(detail=True, methods=["post"])
    def takeback(self, request: Request, pk: int) -> Response:
        recorder = services.recorder_of(self.table(pk), request.user)
        data = ChallengeTakeBackInput(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        written = services.take_back_challenge_action(
            table=recorder, user=request.user, expected_index=v["index"], reason=v["reason"]
        )
        return self.written(written, v["index"], status.HTTP_200_OK)

    @extend_schema(
        responses={
            200: OpenApiTypes.OBJECT,
            403: error_response(403, "A full-mode Card Challenge in play: its hands are hidden"),
            404: ERRORS[404],
        },
        description="The game as an ingenious-challenge-record/1 (CHALLENGES-RECORD.md), "
        "without taken-back actions; `python -m games.challenges check` accepts it. A "
        "full-mode Card Challenge in play is given to its recorders only (hands are hidden).",
    )
    @action(detail=True)
    def record(self, request: Request, pk: int) -> Response:
        table = self.table(pk)
        if selectors.hands_hidden_from(request.user, table):
            raise PermissionDenied(
                _(
                    "A Card Challenge in play holds the players' hidden hands: its record is "
                    "given when the game is over."
                )
            )
        return Response(selectors.record_of(table).to_json())
