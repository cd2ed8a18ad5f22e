"""The results' API: a board of a round, whose result its directors enter, correct and reopen
to recording. Thin: the serializers parse, the services decide and write, the selectors read."""

from django.db.models import QuerySet
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema
from rest_framework import viewsets
from rest_framework.decorators import action
from rest_framework.generics import get_object_or_404
from rest_framework.request import Request
from rest_framework.response import Response

from tournament.api.base import EventScoped
from tournament.api.errors import ERRORS
from tournament.models.events import Board
from tournament.models.tables import SEATED
from tournament.permissions import require_director
from tournament.results.serializers import (
    BoardSeatsSerializer,
    BoardSerializer,
    ReopenSerializer,
    ResultSerializer,
    TableResultSerializer,
)
from tournament.results.services import enter_result, reopen_board, set_board_result
from tournament.rounds.selectors import rounds_visible_to


@extend_schema(tags=["rounds"])
class BoardViewSet(EventScoped, viewsets.GenericViewSet[Board]):
    """One board of a round; its directors enter and correct the result."""

    serializer_class = BoardSerializer

    def get_queryset(self) -> QuerySet[Board]:
        return self._boards().prefetch_related(*SEATED)

    def _boards(self) -> QuerySet[Board]:
        """The boards of the rounds the user sees, with their round and event (not their seats:
        a write reads them under its lock)."""
        event = self.get_event()
        rounds = rounds_visible_to(self.request.user, event)
        return Board.objects.filter(round__in=rounds).select_related("round__event")

    def retrieve(self, request: Request, slug: str, pk: int) -> Response:
        return Response(self.get_serializer(self.get_object()).data)

    @extend_schema(
        request=PolymorphicProxySerializer(
            component_name="BoardResult",
            serializers=[ResultSerializer, TableResultSerializer],
            resource_type_field_name=None,
        ),
        responses={200: BoardSeatsSerializer, **ERRORS},
    )
    def partial_update(self, request: Request, slug: str, pk: int) -> Response:
        """Enter or correct the result (``""`` clears it). A correction needs a ``reason``;
        every change is logged with who, when and why. Every write sends the board's
        ``result_version`` as last read, as ``replaces`` (required): if the board's result was
        written since, nothing is saved (409 naming both results).

        ``levels`` gives each side's levels (lowest first; 0-18, or 0-36 for partnership and
        solitaire): a table of 3 or 4 takes them with optional ``placings``, a ``reason`` and
        ``replaces`` instead of ``result``; a two-sided board takes them with its ``result``
        (all six of each side when known), as it takes ``first_lowest``/``second_lowest``."""
        event = self.get_event()
        # Which board, among those the user sees: the write locks and reads it (with its round,
        # event and seats) at once, so only its id and number are read here.
        boards = Board.objects.filter(round__in=rounds_visible_to(request.user, event))
        board = get_object_or_404(boards.only("id", "number"), pk=pk)
        self.check_object_permissions(request, board)
        require_director(request.user, event)
        if "levels" in request.data:  # per side: a table, a solitaire entrant, or a pair
            table = TableResultSerializer(data=request.data)
            table.is_valid(raise_exception=True)
            board = enter_result(board=board, user=request.user, **table.validated_data)
        else:
            data = ResultSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            board = set_board_result(board=board, user=request.user, **data.validated_data)
        # The board as the write stored it: its seats (who sits there, placings, levels) were
        # read with it under its lock and written from there; nothing is read again.
        return Response(BoardSeatsSerializer(board, context=self.get_serializer_context()).data)

    @extend_schema(request=ReopenSerializer, responses={200: BoardSerializer, **ERRORS})
    @action(detail=True, methods=["post"])
    def reopen(self, request: Request, slug: str, pk: int) -> Response:
        """Open a decided board to recording again (its result stands until a director changes
        it); the reason is logged with the corrections."""
        board = self.get_object()
        data = ReopenSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        reopen_board(board=board, user=request.user, reason=data.validated_data["reason"])
        return Response(self.get_serializer(self.get_queryset().get(pk=board.pk)).data)
