"""The API of paper results confirmed by the players: give one's word on a board, read the words
given. Thin: the serializers parse, the service decides and writes, the selectors read."""

from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, viewsets
from rest_framework.permissions import BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from tournament.api.serializers import DisplayNameField
from tournament.api_errors import error_response
from tournament.api_schema import LOGIN_REQUIRED
from tournament.confirmation_selectors import (
    ARBITER,
    FIRST,
    PAPER_RESULTS,
    SECOND,
    current_words,
    history,
    side_of,
)
from tournament.fields import ModelSerializer, WholeNumberField
from tournament.models import PUBLIC_ROUND_STATUSES, Board, ResultConfirmation
from tournament.services.confirmations import confirm_result

ERRORS = {
    400: error_response(400, "Bad input, or the board takes no confirmation: nothing changed"),
    403: error_response(403, "Not logged in, or neither a player of the board nor an arbiter"),
    409: error_response(409, "The board's result is in already (or it was deleted): reload"),
}


class ConfirmSerializer(serializers.Serializer[Any]):
    """One side's word on a paper result; both lowest colour levels when the event's
    tie-breaks use them (else none)."""

    result = serializers.CharField(
        max_length=10, help_text="1-0, 0-1 or 1/2-1/2: " + ", ".join(PAPER_RESULTS)
    )
    first_lowest = WholeNumberField(
        min_value=0, max_value=18, required=False, allow_null=True, default=None
    )
    second_lowest = WholeNumberField(
        min_value=0, max_value=18, required=False, allow_null=True, default=None
    )


class WordSerializer(ModelSerializer[ResultConfirmation]):
    side = serializers.SerializerMethodField()
    user = DisplayNameField()

    class Meta:
        model = ResultConfirmation
        fields = ["id", "side", "result", "first_lowest", "second_lowest", "user", "at"]
        read_only_fields = fields

    def get_side(self, row: ResultConfirmation) -> str:
        """first, second or arbiter."""
        if row.entry_id is None:
            return ARBITER
        return FIRST if row.entry_id == row.board.first_id else SECOND


class ConfirmationsSerializer(serializers.Serializer[Any]):
    board = WholeNumberField(help_text="The board's id")
    round = WholeNumberField()
    number = WholeNumberField()
    result = serializers.CharField(help_text='The board\'s result; "" while none is in')
    confirmation = serializers.ChoiceField(
        choices=Board.Confirmation.choices,
        help_text='"" none, awaiting, confirmed (entered by agreement), disputed (the arbiter '
        "decides; with a result: decided by the arbiter)",
    )
    words = WordSerializer(many=True, help_text="The word of each side that counts now")
    history = WordSerializer(many=True, help_text="Every word given, oldest first")


def _state(board: Board) -> dict[str, Any]:
    words = current_words(board)
    return {
        "board": board.pk,
        "round": board.round.number,
        "number": board.number,
        "result": board.result,
        "confirmation": board.confirmation,
        "words": [words[s].row for s in (FIRST, SECOND, ARBITER) if s in words],
        "history": list(history(board)),
    }


class IsOnBoardOrArbiter(BasePermission):
    message = gettext_lazy(
        "Only the players of this board and the arbiters of its event may see its words."
    )

    def has_object_permission(self, request: Request, view: Any, obj: Any) -> bool:
        return side_of(request.user, obj) is not None


@extend_schema(tags=["rounds"])
class ConfirmationViewSet(viewsets.GenericViewSet[Board]):
    """Paper results (boards without a recorded game), confirmed by both players, or by a player
    and the arbiter; a disagreement is flagged for the arbiter."""

    permission_classes = [IsAuthenticated, IsOnBoardOrArbiter]
    serializer_class = ConfirmationsSerializer

    def get_queryset(self) -> QuerySet[Board]:
        return Board.objects.filter(round__status__in=PUBLIC_ROUND_STATUSES).select_related(
            "round__event", "first__player", "second__player"
        )

    @extend_schema(responses={200: ConfirmationsSerializer, **ERRORS}, auth=LOGIN_REQUIRED)
    def list_words(self, request: Request, pk: int) -> Response:
        """The words given on the board (its players and the event's arbiters only)."""
        board = self.get_object()
        return Response(ConfirmationsSerializer(_state(board)).data)

    @extend_schema(request=ConfirmSerializer, responses={200: ConfirmationsSerializer, **ERRORS})
    def confirm(self, request: Request, pk: int) -> Response:
        """Give your side's word on the board's result. The first word leaves the board
        awaiting the other side (nothing counts yet); the other side agreeing enters the
        result (logged as confirmed); a different word flags the board as disputed."""
        board = self.get_object()
        data = ConfirmSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        board = confirm_result(board=board, user=request.user, **data.validated_data)
        return Response(ConfirmationsSerializer(_state(self.get_queryset().get(pk=board.pk))).data)
