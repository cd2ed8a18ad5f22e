"""The games API: state, actions, clock, take-back, import, export, preview, re-check.

Reads are public once the round is published; writes need an arbiter or director of the event
(the services check). Errors: an engine refusal is 400 with the engine's code, its message and
the action index; a stale expected index is 409.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.clocks.services import clock_operation
from games.models import Game, GameAction
from games.recording import selectors
from games.recording.corrections import take_back
from games.recording.serializers import (
    ActionsInput,
    ClockInput,
    FrameSerializer,
    ImportInput,
    PreviewInput,
    RecheckRunSerializer,
    TakeBackInput,
)
from games.recording.services import import_record, record_actions, record_notation
from games.recording.setup import NoGameHere, unstored_game
from games.recording.writes import Recorder, recorder_at
from games.spectating.selectors import sees_live, sight
from games.validation.services import start_recheck
from tournament.api.base import MAX_ID
from tournament.api.errors import error_response
from tournament.api.schema import LOGIN_REQUIRED
from tournament.models.events import Event
from tournament.permissions import not_arbiter, require_arbiter

ERRORS = {
    400: error_response(400, "Refused: detail, code, and for the engine's refusals the index"),
    403: error_response(403, "Not logged in, or not an arbiter of the event"),
    404: error_response(404, "No such board, or not published"),
    409: error_response(409, "Stale expected_index, or the game moved on"),
}


class GameViewSet(viewsets.ViewSet):
    """The game at a board, by the board's id: its state, record and steps (public once its
    round is published), and what its arbiters and directors record there."""

    lookup_field = "board_pk"

    def game(self, request: Request, board_pk: int) -> Game:
        """The board's game, read once with its board, round and event. Reads create nothing:
        a board published without its game shows the one its first write stores."""
        if board_pk > MAX_ID:  # no board has it, and the database driver would overflow
            raise Http404(_("No such board, or its round is not published yet."))
        game = selectors.game_at_board(board_pk)
        board = game.board if game is not None else selectors.board_with_event(board_pk)
        if board is None or not selectors.can_view(request.user, board):
            raise Http404(_("No such board, or its round is not published yet."))
        if game is None:
            try:
                game = unstored_game(board)
            except NoGameHere as exc:
                raise Http404(exc.message) from exc
        return game

    def recorded_game(self, request: Request, board_pk: int) -> Recorder:
        """Where a write goes, its permission checked once, before the body is read, so a
        stranger's body (however malformed) is answered 403 and learns nothing from it. The
        write reads the game (and its board) once, under their locks."""
        recorder = recorder_at(request.user, board_pk) if board_pk <= MAX_ID else None
        if recorder is None:
            raise Http404(_("No such board, or its round is not published yet."))
        if not recorder.allowed:
            self.game(request, board_pk)  # a board with no game of its own is not found first
            raise not_arbiter(recorder.event)
        return recorder

    def state(self, request: Request, board_pk: int, code: int = 200) -> Response:
        game = self.game(request, board_pk)
        with_log = request.query_params.get("log") not in ("0", "false", "no")
        # A spectator sees an online board's game in play behind (games.spectating).
        seen = sight(game, request.user)
        return Response(selectors.game_state(game, with_log=with_log, sight=seen), status=code)

    def written(self, rows: list[GameAction], code: int = 200) -> Response:
        """After a write: the game as the write stored it, without the whole log, and the log
        entries it stored (``rows``, whose ``game`` is the game): nothing is read again."""
        game = rows[-1].game
        body = selectors.game_state(game, with_log=False)
        body["stored"] = selectors.entries(rows, racks_hidden=game.racks_hidden)
        return Response(body, status=code)

    @extend_schema(
        parameters=[OpenApiParameter("log", bool, description="0: leave the log out")],
        responses={200: OpenApiTypes.OBJECT, 404: ERRORS[404]},
        description="The game at a board: position, clocks (readings and the server's time), "
        "the whole log and next_index (the expected_index of the next write).",
    )
    def retrieve(self, request: Request, board_pk: int) -> Response:
        return self.state(request, board_pk)

    @extend_schema(
        request=ActionsInput,
        responses={201: OpenApiTypes.OBJECT, **ERRORS},
        description="Record a place, swap or flag action (or a turn in the text form), checked "
        "by the engine before it is stored.",
    )
    @action(detail=True, methods=["post"], url_path="actions", url_name="actions")
    def add_actions(self, request: Request, board_pk: int) -> Response:
        recorder = self.recorded_game(request, board_pk)
        data = ActionsInput(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        common: dict[str, Any] = {
            "game": recorder,
            "user": request.user,
            "expected_index": v["expected_index"],
        }
        if "text" in v:
            rows = record_notation(text=v["text"], **common)
        elif "actions" in v:
            rows = record_actions(actions=list(v["actions"]), **common)
        else:
            rows = record_actions(actions=[v["action"]], **common)
        return self.written(rows, status.HTTP_201_CREATED)

    @extend_schema(
        request=ClockInput,
        responses={200: OpenApiTypes.OBJECT, **ERRORS},
        description="start, press (ends the turn), pause, resume or adjust (seat, remaining_ms "
        "and a reason) the clocks. Every seat of the board has a clock (two to four, one for a "
        "solitaire entrant); a seat the board does not have is refused (400) by name. With "
        "client_at the operation is charged when it was made, within the event's lag allowance "
        "(what was credited is in the log entry's payload.lag).",
    )
    @action(detail=True, methods=["post"])
    def clock(self, request: Request, board_pk: int) -> Response:
        recorder = self.recorded_game(request, board_pk)
        data = ClockInput(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        row = clock_operation(
            game=recorder,
            user=request.user,
            expected_index=v["expected_index"],
            operation=v["operation"],
            seat=v.get("seat"),
            remaining_ms=v.get("remaining_ms"),
            reason=v.get("reason", ""),
            confirm_long=v.get("confirm_long", False),
            client_at=v.get("client_at"),
        )
        return self.written([row])

    @extend_schema(
        request=TakeBackInput,
        responses={200: OpenApiTypes.OBJECT, **ERRORS},
        description="Take back the last `count` record actions, with a reason. They stay in the "
        "log, marked as taken back; the position is recomputed.",
    )
    @action(detail=True, methods=["post"])
    def takeback(self, request: Request, board_pk: int) -> Response:
        recorder = self.recorded_game(request, board_pk)
        data = TakeBackInput(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        row = take_back(
            game=recorder,
            user=request.user,
            expected_index=v["expected_index"],
            count=v["count"],
            reason=v["reason"],
        )
        return self.written([row])

    @extend_schema(
        request=ImportInput,
        responses={201: OpenApiTypes.OBJECT, **ERRORS},
        description="Import a game recorded on paper (JSON or text form; a full-mode record's "
        "draws are checked, then dropped). The game must have no moves yet.",
    )
    @action(detail=True, methods=["post"], url_path="import", url_name="import")
    def import_game(self, request: Request, board_pk: int) -> Response:
        recorder = self.recorded_game(request, board_pk)
        data = ImportInput(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        rows = import_record(
            game=recorder,
            user=request.user,
            source=v["record"],
            expected_index=v.get("expected_index"),
        )
        return self.written(rows, status.HTTP_201_CREATED)

    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, 404: ERRORS[404]},
        description="The game record (RECORD-FORMAT.md), JSON form, without taken-back actions.",
    )
    @action(detail=True)
    def record(self, request: Request, board_pk: int) -> Response:
        game = self.game(request, board_pk)
        record = selectors.record_for_game(game, sight(game, request.user))
        return Response(record.to_json())

    @extend_schema(
        responses={(200, "text/plain"): OpenApiTypes.STR, 404: ERRORS[404]},
        description="The game record in the text form.",
    )
    @action(detail=True, url_path="record/text", url_name="record-text")
    def record_text(self, request: Request, board_pk: int) -> HttpResponse:
        game = self.game(request, board_pk)
        record = selectors.record_for_game(game, sight(game, request.user))
        return HttpResponse(record.to_text(), content_type="text/plain; charset=utf-8")

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "tile", str, description="Ordered tile, e.g. RO (R on the first cell)"
            ),
            OpenApiParameter("cells", str, description="Two cells, e.g. C9,D9"),
        ],
        responses={200: OpenApiTypes.OBJECT, 400: ERRORS[400], 404: ERRORS[404]},
        description="What a placement would score for the seat to move (nothing is stored).",
    )
    @action(detail=True)
    def preview(self, request: Request, board_pk: int) -> Response:
        game = self.game(request, board_pk)
        data = PreviewInput(data=request.query_params)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        seen = sight(game, request.user)
        racks_seen = sees_live(request.user, game)
        return Response(selectors.preview(game, v["tile"], v["cells"], seen, racks_seen=racks_seen))

    @extend_schema(
        responses={200: FrameSerializer(many=True), 404: ERRORS[404]},
        description="The game step by step (what the viewer shows): each record action with "
        "the scores and both clocks after it.",
    )
    @action(detail=True)
    def frames(self, request: Request, board_pk: int) -> Response:
        game = self.game(request, board_pk)
        return Response(selectors.replay_frames(game, sight(game, request.user)))


class EventRecheckView(APIView):
    def _run(self, run: Any) -> dict[str, Any]:
        if run is None:
            return {"run": None}
        return {
            "run": run.pk,
            "total": run.total,
            "done": run.done,
            "failed": run.failed,
            "percent": run.percent,
            "finished": run.finished_at is not None,
        }

    @extend_schema(
        responses={200: RecheckRunSerializer, 403: ERRORS[403]},
        auth=LOGIN_REQUIRED,
        description="Progress of the event's latest replay re-check (arbiters and directors).",
    )
    def get(self, request: Request, slug: str) -> Response:
        event = get_object_or_404(Event, slug=slug)
        if not selectors.may_direct(request.user, event):
            require_arbiter(request.user, event)
        return Response(self._run(selectors.latest_run(event)))

    @extend_schema(
        request=None,
        responses={202: RecheckRunSerializer, 403: ERRORS[403], 409: ERRORS[409]},
        description="A director re-checks every game of the event with the engine (a worker "
        "task; poll GET for progress).",
    )
    def post(self, request: Request, slug: str) -> Response:
        event = get_object_or_404(Event, slug=slug)
        run = start_recheck(event=event, user=request.user)
        return Response(self._run(run), status=status.HTTP_202_ACCEPTED)
