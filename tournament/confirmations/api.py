"""The API of results confirmed by the players at every kind of table: give one's word on a
board, settle a dispute as an arbiter of the event, read the words given. Thin: the serializers
parse, the service decides and writes, the selectors read.

A word by the kind of table (``kind`` in the answer):

- ``pair`` (two players) and ``teams`` (two partnership teams; either partner gives the team's
  word): ``result`` 1-0, 0-1 or 1/2-1/2, and ``first_lowest``/``second_lowest`` (the first
  seat's side's and the other side's lowest level) when the event's tie-breaks use them;
  0-18, or 0-36 for teams (the double track).
- ``table`` (3-4 players): ``levels``, one list per seat in seat order, each the lowest and next
  lowest level (up to six, lowest first; 0-18), and optionally ``placings`` (one per seat, 1
  best, ties share; left out they follow the levels).
- ``solitaire``: ``levels``, the entrant's own (lowest first, 0-36): they enter at once.

A refusal is 400/403/409 with ``field`` naming what is wrong (``result``, ``first_lowest``,
``second_lowest``, ``levels``, ``placings``, ``lowest_<n>``/``next_<n>``/``placing_<n>`` for
seat n, ``reason``), and nothing changes.
"""

from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.http import Http404
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from tournament.api.base import DisplayNameField
from tournament.api.errors import error_response
from tournament.api.schema import LOGIN_REQUIRED
from tournament.confirmations.models import ResultConfirmation
from tournament.confirmations.selectors import (
    PAPER_RESULTS,
    current_words,
    history,
    kind_of,
    may_settle,
    side_of,
    waiting_for,
)
from tournament.confirmations.services import (
    AtBoard,
    board_for_words,
    confirm_result,
    settle_result,
)
from tournament.fields import ModelSerializer, WholeNumberField
from tournament.models.events import PUBLIC_ROUND_STATUSES, Board
from tournament.models.tables import SEATED
from tournament.web.parsers import LimitedJSONField

ERRORS = {
    400: error_response(400, "Bad input, or the board takes no confirmation: nothing changed"),
    403: error_response(
        403, "Not logged in, not seated at the board, or (to settle) not an arbiter of its event"
    ),
    409: error_response(409, "The board's result is in already (or it was deleted): reload"),
}


class ConfirmSerializer(serializers.Serializer[Any]):
    """One side's word on the board's outcome (see the module's docstring for each kind of
    table); the service checks the word against the board and the ruleset's track."""

    result = serializers.CharField(
        max_length=10,
        required=False,
        default="",
        allow_blank=True,
        help_text="A pair's or two teams' result: " + ", ".join(PAPER_RESULTS) + "; a table's: "
        '"table" or left out',
    )
    first_lowest = WholeNumberField(
        min_value=0, max_value=36, required=False, allow_null=True, default=None,
        help_text="A pair's (or teams'): the first seat's side's lowest level",
    )  # fmt: skip
    second_lowest = WholeNumberField(
        min_value=0, max_value=36, required=False, allow_null=True, default=None,
        help_text="A pair's (or teams'): the other side's lowest level",
    )  # fmt: skip
    levels = serializers.ListField(
        child=LimitedJSONField(),
        required=False,
        allow_null=True,
        default=None,
        max_length=6,
        help_text="A table's: per seat in seat order, the levels lowest first (at least the "
        "lowest and the next lowest); a solitaire entrant's own levels",
    )
    placings = serializers.ListField(
        child=WholeNumberField(min_value=1, max_value=4),
        required=False,
        allow_null=True,
        default=None,
        max_length=4,
        help_text="A table's, optional: per seat in seat order, 1 best, ties share",
    )


class SettleSerializer(ConfirmSerializer):
    """An arbiter's settling: the outcome, as a word, and why."""

    reason = serializers.CharField(max_length=300, help_text="Why the arbiter settles it so")


class WordSerializer(ModelSerializer[ResultConfirmation]):
    side = serializers.SerializerMethodField()
    user = DisplayNameField()
    first_lowest = serializers.SerializerMethodField()
    second_lowest = serializers.SerializerMethodField()

    class Meta:
        model = ResultConfirmation
        fields = [
            "id",
            "side",
            "entry",
            "seat",
            "result",
            "levels",
            "placings",
            "first_lowest",
            "second_lowest",
            "reason",
            "user",
            "at",
        ]
        read_only_fields = fields

    def get_side(self, row: ResultConfirmation) -> str:
        """The side's name (a player, or a team "A & B"), or "arbiter" for a settling."""
        return row.entry.name if row.entry is not None else "arbiter"

    def get_first_lowest(self, row: ResultConfirmation) -> int | None:
        """A pair's word: the first seat's side's lowest level (from ``levels``)."""
        return _pair_level(row, 0)

    def get_second_lowest(self, row: ResultConfirmation) -> int | None:
        """A pair's word: the other side's lowest level (from ``levels``)."""
        return _pair_level(row, 1)


def _pair_level(row: ResultConfirmation, side: int) -> int | None:
    levels = row.levels or []
    if row.placings or len(levels) != 2:
        return None
    return int(levels[side][0])


class ConfirmationsSerializer(serializers.Serializer[Any]):
    board = WholeNumberField(help_text="The board's id")
    round = WholeNumberField()
    number = WholeNumberField()
    kind = serializers.CharField(help_text="pair, teams, table or solitaire")
    result = serializers.CharField(help_text='The board\'s result; "" while none is in')
    confirmation = serializers.ChoiceField(
        choices=Board.Confirmation.choices,
        help_text='"" none, awaiting, confirmed (entered by agreement), disputed (the arbiter '
        "decides; with a result: decided by the arbiter)",
    )
    waiting_for = serializers.ListField(
        child=serializers.CharField(), help_text="The sides whose word is still missing"
    )
    words = WordSerializer(many=True, help_text="The word of each side that counts now")
    history = WordSerializer(many=True, help_text="Every word and settling given, oldest first")


def _state(board: Board) -> dict[str, Any]:
    words = current_words(board)
    return {
        "board": board.pk,
        "round": board.round.number,
        "number": board.number,
        "kind": kind_of(board),
        "result": board.result,
        "confirmation": board.confirmation,
        "waiting_for": [] if board.result else waiting_for(board, words),
        "words": [word.row for word in words.values()],
        "history": list(history(board)),
    }


class IsOnBoardOrArbiter(BasePermission):
    message = gettext_lazy(
        "Only the players seated at this board and the arbiters of its event may see its words."
    )

    def has_object_permission(self, request: Request, view: Any, obj: Any) -> bool:
        return side_of(request.user, obj) is not None or may_settle(request.user, obj)


@extend_schema(tags=["rounds"])
class ConfirmationViewSet(viewsets.GenericViewSet[Board]):
    """Results confirmed by the players at every kind of table (boards without a recorded
    game): every side's same word enters the result; differing words are a dispute, e-mailed
    to the event's directors and arbiters, which an arbiter of the event settles."""

    permission_classes = [IsAuthenticated, IsOnBoardOrArbiter]
    serializer_class = ConfirmationsSerializer

    def get_queryset(self) -> QuerySet[Board]:
        return (
            Board.objects.filter(round__status__in=PUBLIC_ROUND_STATUSES)
            .select_related("round__event")
            .prefetch_related(*SEATED)
        )

    def _at(self, request: Request, pk: int) -> AtBoard:
        """The board a word or a settling is written on, read once (locked for the request's
        transaction), for its players and the event's arbiters only: who speaks checked once,
        as the permission classes would on ``get_object``."""
        board = board_for_words(pk)
        if board is None or not board.round.is_public:  # as get_object says it
            raise Http404(f"No {Board._meta.object_name} matches the given query.")
        at = AtBoard.of(board, request.user)
        if at.side is None and not at.arbiter:
            self.permission_denied(request, message=str(IsOnBoardOrArbiter.message))
        return at

    def _answer(self, board: Board) -> Response:
        """The board as the write left it (read once, before it)."""
        return Response(ConfirmationsSerializer(_state(board)).data)

    @extend_schema(responses={200: ConfirmationsSerializer, **ERRORS}, auth=LOGIN_REQUIRED)
    @action(detail=True, url_path="confirmations", url_name="confirmations")
    def list_words(self, request: Request, pk: int) -> Response:
        """The words given on the board (its players and the event's arbiters only)."""
        board = self.get_object()
        return Response(ConfirmationsSerializer(_state(board)).data)

    @extend_schema(request=ConfirmSerializer, responses={200: ConfirmationsSerializer, **ERRORS})
    @action(detail=True, methods=["post"])
    def confirm(self, request: Request, pk: int) -> Response:
        """Give your side's word on the board's outcome (seated players only). Until every
        side has spoken the board awaits (``waiting_for`` names who); every side's same word
        enters the result (logged as confirmed); a different word makes a dispute. A solitaire
        entrant's levels enter at once."""
        with transaction.atomic():
            at = self._at(request, pk)
            data = ConfirmSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            board = confirm_result(board=at, user=request.user, **data.validated_data)
        return self._answer(board)

    @extend_schema(request=SettleSerializer, responses={200: ConfirmationsSerializer, **ERRORS})
    @action(detail=True, methods=["post"])
    def settle(self, request: Request, pk: int) -> Response:
        """Settle the board's result as an arbiter (or director) of its event, with a reason:
        it counts at once, logged with who, when and why."""
        with transaction.atomic():
            at = self._at(request, pk)
            data = SettleSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            board = settle_result(board=at, user=request.user, **data.validated_data)
        return self._answer(board)
