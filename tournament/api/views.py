"""The tournament API: players, events, entries, rounds, boards and the logs. Thin: the
serializers parse, the services decide and write, the selectors read. Only an event's directors
change it; published rounds and results are public, drafts are the directors' own."""

from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, PolymorphicProxySerializer, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse

from tournament.api.change_serializers import (
    CorrectionSerializer,
    PairingChangeSerializer,
    PairingRequestedSerializer,
    RoleSerializer,
    SwapBoardsSerializer,
    SwapPlayersSerializer,
)
from tournament.api.errors import error_response
from tournament.api.schema import LOGIN_REQUIRED
from tournament.api.serializers import (
    BoardSeatsSerializer,
    BoardSerializer,
    CsvImportSerializer,
    EntryCreateSerializer,
    EntrySerializer,
    EntryUpdateSerializer,
    EventSerializer,
    PlayerSerializer,
    ReopenSerializer,
    ResultSerializer,
    RoundSerializer,
    TableResultSerializer,
)
from tournament.entries.selectors import entries_of
from tournament.entries.services import (
    add_player_entry,
    import_players_csv,
    rank_by_rating,
    require_director_or_own_entry,
    update_entry,
)
from tournament.errors import NotAllowed
from tournament.events.selectors import can_see_logs, event_list, roles_of_event
from tournament.events.services import add_role, create_event, remove_role, update_event
from tournament.models.events import Board, Entry, Event, EventRole, Player, Round
from tournament.models.tables import SEATED
from tournament.permissions import IsEventDirectorOrReadOnly, is_director, require_director
from tournament.registry.selectors import player_list
from tournament.registry.services import CSV_COLUMNS, create_player, update_player
from tournament.results.selectors import corrections_of
from tournament.results.services import enter_result, reopen_board, set_board_result
from tournament.rounds.selectors import pairing_changes_of, rounds_visible_to
from tournament.rounds.services import (
    delete_draft,
    publish_round,
    request_pairing,
    swap_entries,
)
from tournament.rounds.services import (
    swap_boards as services_swap_boards,
)

ERRORS = {
    400: error_response(400, "Bad input: nothing changed"),
    403: error_response(403, "Not logged in, or not a director of the event"),
    409: error_response(409, "The event moved on: reload"),
}


@extend_schema(tags=["players"])
class PlayerViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    viewsets.GenericViewSet[Player],
):
    """The player registry shared by all events. Registrars (staff, or users an admin gave the
    keep_registry permission) add and change players; directors enter new players through
    their event's entries."""

    serializer_class = PlayerSerializer

    def get_queryset(self) -> QuerySet[Player]:
        players = player_list()
        search = self.request.query_params.get("search", "").strip()
        return players.filter(name__icontains=search) if search else players

    @extend_schema(
        parameters=[OpenApiParameter("search", str, description="Part of the player's name")]
    )
    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().list(request, *args, **kwargs)

    @extend_schema(responses={201: PlayerSerializer, **ERRORS})
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        player = create_player(user=request.user, **serializer.validated_data)
        return Response(self.get_serializer(player).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: PlayerSerializer, **ERRORS})
    def update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        player = self.get_object()
        partial = kwargs.get("partial", False)
        serializer = self.get_serializer(player, data=request.data, partial=partial)
        serializer.is_valid(raise_exception=True)
        player = update_player(player=player, user=request.user, **serializer.validated_data)
        return Response(self.get_serializer(player).data)


@extend_schema(tags=["events"])
class EventViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    viewsets.GenericViewSet[Event],
):
    """Events. Anyone logged in may create one and becomes its director."""

    serializer_class = EventSerializer
    lookup_field = "slug"
    permission_classes = [IsEventDirectorOrReadOnly]

    def get_queryset(self) -> QuerySet[Event]:
        return event_list()

    def get_permissions(self) -> list[Any]:
        return [IsAuthenticatedOrReadOnly(), *super().get_permissions()]

    @extend_schema(responses={201: EventSerializer, **ERRORS})
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        event = create_event(user=request.user, data=serializer.service_data())
        return Response(self.get_serializer(event).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: EventSerializer, **ERRORS})
    def update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        event = self.get_object()
        partial = kwargs.get("partial", False)
        serializer = self.get_serializer(event, data=request.data, partial=partial)
        serializer.is_valid(raise_exception=True)
        event = update_event(event=event, user=request.user, data=serializer.service_data())
        return Response(self.get_serializer(event).data)


class _EventScoped:
    """Views under /events/{slug}/: the event comes from the URL."""

    kwargs: dict[str, Any]
    # Not logged in is a 403 before any lookup: a stranger learns nothing of what exists.
    permission_classes = [IsAuthenticatedOrReadOnly, IsEventDirectorOrReadOnly]

    def get_event(self) -> Event:
        if not hasattr(self, "_event"):
            self._event = get_object_or_404(Event, slug=self.kwargs["slug"])
        return self._event


@extend_schema(tags=["entries"])
class EntryViewSet(_EventScoped, viewsets.GenericViewSet[Entry]):
    """An event's entries: add players (also late), withdraw, reinstate, requested byes."""

    serializer_class = EntrySerializer

    def get_queryset(self) -> QuerySet[Entry]:
        return entries_of(self.get_event())

    def list(self, request: Request, slug: str) -> Response:
        return Response(EntrySerializer(self.get_queryset(), many=True).data)

    def retrieve(self, request: Request, slug: str, pk: int) -> Response:
        return Response(EntrySerializer(self.get_object()).data)

    @extend_schema(request=EntryCreateSerializer, responses={201: EntrySerializer, **ERRORS})
    def create(self, request: Request, slug: str) -> Response:
        """Enter a registry player (``player``) or a new one (``name``, ``club``...); in a
        partnership event with a ``partner`` (or ``partner_name``, ``partner_club``). After
        round 1 this is a late entry: it joins the next round; ``missed_rounds`` says whether
        the rounds missed score zero or half-point byes."""
        event = self.get_event()
        require_director(request.user, event)
        data = EntryCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = data.validated_data
        entry = add_player_entry(
            event=event,
            user=request.user,
            player=fields.get("player"),
            player_fields={name: fields.get(name) for name in CSV_COLUMNS},
            missed_rounds=fields["missed_rounds"],
            requested_byes=fields["requested_byes"],
            partner=fields.get("partner"),  # a partnership event's team
            partner_fields=data.partner_fields(),
        )
        return Response(EntrySerializer(entry).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=EntryUpdateSerializer, responses={200: EntrySerializer, **ERRORS})
    def partial_update(self, request: Request, slug: str, pk: int) -> Response:
        """``status``: "withdrawn" (never paired again; results stand) or "active"
        (reinstated); ``requested_byes``: the round numbers of requested half-point byes.
        The entry's own player may withdraw and set requested byes too (not reinstate)."""
        # Not get_object(): its object permission is the directors' only.
        entry = get_object_or_404(self.get_queryset(), pk=pk)
        require_director_or_own_entry(request.user, entry)
        data = EntryUpdateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = update_entry(entry=entry, user=request.user, **data.validated_data)
        return Response(EntrySerializer(entry).data)

    @extend_schema(
        request={
            "multipart/form-data": CsvImportSerializer,
            "application/json": CsvImportSerializer,
        },
        responses={201: EntrySerializer(many=True), **ERRORS},
    )
    def import_csv(self, request: Request, slug: str) -> Response:
        """Enter every player of a CSV file or none: a bad line is reported with its number
        (``errors``) and nothing is imported. Columns: name, and optionally club, country,
        rating, contact; a partnership event's file adds partner (the partner's name) and
        optionally partner_club, partner_country, partner_rating."""
        event = self.get_event()
        require_director(request.user, event)
        data = CsvImportSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entries = import_players_csv(
            event=event,
            user=request.user,
            text=data.validated_data["text"],
            missed_rounds=data.validated_data["missed_rounds"],
        )
        return Response(EntrySerializer(entries, many=True).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={200: EntrySerializer(many=True), **ERRORS})
    def rank(self, request: Request, slug: str) -> Response:
        """Starting ranks by registry rating (highest first, unrated last), then name; before
        round 1. The registry rating, not the site rating list (docs/ratings.md)."""
        rank_by_rating(event=self.get_event(), user=request.user)
        return Response(EntrySerializer(self.get_queryset(), many=True).data)


def _round_url(request: Request, round_: Round) -> str:
    return reverse("api-round-detail", args=[round_.event.slug, round_.number], request=request)


@extend_schema(tags=["rounds"])
class RoundViewSet(_EventScoped, viewsets.GenericViewSet[Round]):
    """An event's rounds. Drafts (and rounds being paired) are visible to its directors only."""

    serializer_class = RoundSerializer
    lookup_field = "number"

    def get_queryset(self) -> QuerySet[Round]:
        return rounds_visible_to(self.request.user, self.get_event()).select_related("event")

    def list(self, request: Request, slug: str) -> Response:
        return Response(self.get_serializer(self.get_queryset(), many=True).data)

    def retrieve(self, request: Request, slug: str, number: int) -> Response:
        return Response(self.get_serializer(self.get_object()).data)

    @extend_schema(
        request=None,
        responses={202: PairingRequestedSerializer, **ERRORS},
        description="Pair the next round: a worker computes the draft. Poll the round's url "
        "until its status is draft, or it reports pairing_error. Refused while the last round "
        "has boards without a result (the refusal lists them in boards).",
    )
    def create(self, request: Request, slug: str) -> Response:
        round_ = request_pairing(event=self.get_event(), user=request.user)
        url = _round_url(request, round_)
        body = {"number": round_.number, "status": round_.status, "url": url}
        return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": url})

    @extend_schema(responses={204: None, **ERRORS})
    def destroy(self, request: Request, slug: str, number: int) -> Response:
        """Delete a draft or a failed pairing, to pair the round again."""
        delete_draft(round_=self.get_object(), user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        request=SwapPlayersSerializer,
        responses={200: PairingChangeSerializer, **ERRORS},
        description="Exchange two players' seats in the draft (on one board: who moves first). "
        "The change and its warnings (rematch, first-move imbalance, second bye) are logged "
        "with the reason.",
    )
    def swap(self, request: Request, slug: str, number: int) -> Response:
        round_ = self.get_object()
        data = SwapPlayersSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        change = swap_entries(
            round_=round_,
            user=request.user,
            first_id=data.validated_data["first"],
            second_id=data.validated_data["second"],
            reason=data.validated_data["reason"],
        )
        return Response(PairingChangeSerializer(change).data)

    @extend_schema(
        request=SwapBoardsSerializer,
        responses={200: PairingChangeSerializer, **ERRORS},
        description="Exchange two boards' numbers in the draft (byes stay after the games).",
    )
    def swap_boards(self, request: Request, slug: str, number: int) -> Response:
        round_ = self.get_object()
        data = SwapBoardsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        change = services_swap_boards(round_=round_, user=request.user, **data.validated_data)
        return Response(PairingChangeSerializer(change).data)

    @extend_schema(request=None, responses={200: RoundSerializer, **ERRORS})
    def publish(self, request: Request, slug: str, number: int) -> Response:
        """Publish the draft: the pairings become public and the games are set up."""
        round_ = publish_round(round_=self.get_object(), user=request.user)
        return Response(self.get_serializer(round_).data)


@extend_schema(tags=["rounds"])
class BoardViewSet(_EventScoped, viewsets.GenericViewSet[Board]):
    """One board of a round; its directors enter and correct the result."""

    serializer_class = BoardSerializer

    def get_queryset(self) -> QuerySet[Board]:
        event = self.get_event()
        rounds = rounds_visible_to(self.request.user, event)
        return (
            Board.objects.filter(round__in=rounds)
            .select_related("round__event")
            .prefetch_related(*SEATED)
        )

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
        board = self.get_object()
        require_director(request.user, self.get_event())
        if "levels" in request.data:  # per side: a table, a solitaire entrant, or a pair
            table = TableResultSerializer(data=request.data)
            table.is_valid(raise_exception=True)
            board = enter_result(board=board, user=request.user, **table.validated_data)
        else:
            data = ResultSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            board = set_board_result(board=board, user=request.user, **data.validated_data)
        board = self.get_queryset().prefetch_related("seats__entry__player").get(pk=board.pk)
        return Response(BoardSeatsSerializer(board, context=self.get_serializer_context()).data)

    @extend_schema(request=ReopenSerializer, responses={200: BoardSerializer, **ERRORS})
    def reopen(self, request: Request, slug: str, pk: int) -> Response:
        """Open a decided board to recording again (its result stands until a director changes
        it); the reason is logged with the corrections."""
        board = self.get_object()
        data = ReopenSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        reopen_board(board=board, user=request.user, reason=data.validated_data["reason"])
        return Response(self.get_serializer(self.get_queryset().get(pk=board.pk)).data)


class _StaffLog(_EventScoped):
    def check_log_access(self, request: Request) -> None:
        event = self.get_event()
        if not can_see_logs(request.user, event):
            raise NotAllowed(
                _("The logs of %(name)s are for its directors and arbiters.") % {"name": event.name}
            )


@extend_schema(tags=["logs"], auth=LOGIN_REQUIRED)
class CorrectionViewSet(_StaffLog, mixins.ListModelMixin, viewsets.GenericViewSet[Any]):
    """Every result entered or corrected: who, when, why (directors and arbiters)."""

    serializer_class = CorrectionSerializer

    def get_queryset(self) -> QuerySet[Any]:
        return corrections_of(self.get_event())

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        self.check_log_access(request)
        return super().list(request, *args, **kwargs)


@extend_schema(tags=["logs"], auth=LOGIN_REQUIRED)
class PairingChangeViewSet(_StaffLog, mixins.ListModelMixin, viewsets.GenericViewSet[Any]):
    """Every change a director made to a draft: who, when, why, and its warnings."""

    serializer_class = PairingChangeSerializer

    def get_queryset(self) -> QuerySet[Any]:
        return pairing_changes_of(self.get_event())

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        self.check_log_access(request)
        return super().list(request, *args, **kwargs)


@extend_schema(tags=["events"])
class RoleViewSet(_EventScoped, viewsets.GenericViewSet[EventRole]):
    """The event's directors and arbiters, by user name: for its directors (and staff) only,
    since user names are half of a login."""

    serializer_class = RoleSerializer

    def get_queryset(self) -> QuerySet[EventRole]:
        return roles_of_event(self.get_event())

    @extend_schema(
        responses={200: RoleSerializer(many=True), 403: ERRORS[403]}, auth=LOGIN_REQUIRED
    )
    def list(self, request: Request, slug: str) -> Response:
        event = self.get_event()
        if not (getattr(request.user, "is_staff", False) or is_director(request.user, event)):
            raise NotAllowed(
                _("The directors and arbiters of %(name)s are listed for its directors only.")
                % {"name": event.name},
                code="not_director",
            )
        return Response(self.get_serializer(self.get_queryset(), many=True).data)

    @extend_schema(responses={201: RoleSerializer, **ERRORS})
    def create(self, request: Request, slug: str) -> Response:
        data = self.get_serializer(data=request.data)
        data.is_valid(raise_exception=True)
        role = add_role(
            event=self.get_event(),
            user=request.user,
            username=data.validated_data["user"]["username"],
            role=data.validated_data["role"],
            reason=data.validated_data.get("reason", ""),
        )
        return Response(self.get_serializer(role).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        parameters=[
            OpenApiParameter("reason", str, description="Optional: why (into the event's log)")
        ],
        responses={204: None, **ERRORS},
    )
    def destroy(self, request: Request, slug: str, pk: int) -> Response:
        remove_role(
            event=self.get_event(),
            user=request.user,
            role=self.get_object(),
            reason=request.query_params.get("reason", ""),
        )
        return Response(status=status.HTTP_204_NO_CONTENT)
