"""The tournament API's addresses, each resource declared once: the viewsets by the routers
(tournament/api/routers.py), the views of one address (APIView) by a path each."""

from django.urls import path
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.routers import SimpleRouter

from tournament.accounts.api import MeView, TokenView, VerificationView
from tournament.api.routers import Routes
from tournament.checkin.api import CheckInListView, CheckInView, CheckInWindowView
from tournament.claims.api import ClaimViewSet
from tournament.confirmations.api import ConfirmationViewSet
from tournament.entries.api import EntryViewSet, OnlineEntryViewSet
from tournament.events.api import (
    CorrectionViewSet,
    EventViewSet,
    PairingChangeViewSet,
    RoleViewSet,
)
from tournament.notifications.api import MyNotificationViewSet
from tournament.registry.api import MergeViewSet, PlayerViewSet
from tournament.restrictions.api import ForbiddenPairViewSet, TrfImportViewSet
from tournament.results.api import BoardViewSet
from tournament.rounds.api import RoundViewSet


@extend_schema(responses=OpenApiTypes.OBJECT, description="Links to the API's parts.")
@api_view(["GET"])
@permission_classes([AllowAny])
def api_root(request: Request) -> Response:
    return Response(
        {
            "schema": reverse("api-schema", request=request),
            "docs": reverse("api-docs", request=request),
            "players": reverse("api-player-list", request=request),
            "events": reverse("api-event-list", request=request),
            "event parts": {
                "entries": "events/{slug}/entries/ (POST: add; import/: CSV; rank/)",
                "entry": "events/{slug}/entries/{id}/ (PATCH: status, requested_byes)",
                "rounds": "events/{slug}/rounds/ (POST: pair the next round, 202)",
                "round": "events/{slug}/rounds/{number}/ (DELETE: drop the draft; "
                "swap/, swap-boards/, publish/)",
                "board": "events/{slug}/boards/{id}/ (PATCH: result, with reason)",
                "logs": "events/{slug}/corrections/, events/{slug}/pairing-changes/",
                "roles": "events/{slug}/roles/",
                "restrictions": "events/{slug}/restrictions/ (POST: keep two entries apart)",
                "check-in": "events/{slug}/check-in/ (POST: check in; DELETE: out), "
                "check-ins/?round=N, check-in-windows/{round}/ (PUT)",
            },
            "import a TRF file": "events/import-trf/ (POST: file or text)",
            "confirm a paper result": "boards/{id}/confirm/ (POST: result and first_lowest, "
            "second_lowest for two sides; levels and placings per seat at a table; as a player "
            "seated there); boards/{id}/settle/ (POST: the same and reason, as an arbiter of the "
            "event); boards/{id}/confirmations/ (the words given)",
            "registry merges": "players/merge/ (POST: survivor, absorbed, reason); "
            "players/merges/{id}/undo/ (POST: reason; the latest merge only)",
            "your account": "me/ (PATCH: notify); me/verification/ (POST: send the link that "
            "verifies your address again); token/ (POST: user name and password; "
            "DELETE: revoke); claims/ (POST: claim a player; {id}/approve/, {id}/refuse/)",
        }
    )


# The registry and the events, by any id or slug up to a slash or a dot.
router = SimpleRouter()
router.register("players", PlayerViewSet, basename="api-player")
router.register("events", EventViewSet, basename="api-event")

EVENT = "events/<slug:slug>/"

routes = Routes()
# Before the router's players/{id}/ and events/{slug}/, which would take "merge" for an id and
# "import-trf" for a slug. A merge is asked for at players/merge/, and undone at
# players/merges/{id}/undo/.
routes.register("players/merge", MergeViewSet, list_name="api-merge")
routes.register("players/merges", MergeViewSet, "api-merge")
routes.register("events/import-trf", TrfImportViewSet, list_name="api-event-import-trf")
routes.register("me/notifications", MyNotificationViewSet, list_name="api-me-notifications")
routes.register("claims", ClaimViewSet, "api-claim", list_name="api-claims")
# Paper results confirmed by the players (tournament/confirmations/api.py).
routes.register("boards", ConfirmationViewSet, "api-board")
routes.register(EVENT + "entries", EntryViewSet, "api-entry", list_name="api-event-entries")
routes.register(EVENT + "rounds", RoundViewSet, "api-round", list_name="api-event-rounds")
routes.register(EVENT + "boards", BoardViewSet, "api-board")
routes.register(EVENT + "corrections", CorrectionViewSet, list_name="api-event-corrections")
routes.register(
    EVENT + "pairing-changes", PairingChangeViewSet, list_name="api-event-pairing-changes"
)
routes.register(EVENT + "roles", RoleViewSet, "api-role", list_name="api-event-roles")
routes.register(
    EVENT + "restrictions",
    ForbiddenPairViewSet,
    "api-restriction",
    list_name="api-event-restrictions",
)
# A player's online entry requests, which its directors decide (tournament/entries/api.py).
routes.register(
    EVENT + "entry-requests",
    OnlineEntryViewSet,
    "api-entry-request",
    list_name="api-entry-requests",
)

urlpatterns = [
    path("", api_root, name="api-root"),
    *routes.urls,
    *router.urls,
    path("token/", TokenView.as_view(), name="api-token"),
    path("me/", MeView.as_view(), name="api-me"),
    path("me/verification/", VerificationView.as_view(), name="api-me-verification"),
    # Check-in before each round (tournament/checkin/api.py).
    path(EVENT + "check-in/", CheckInView.as_view(), name="api-check-in"),
    path(EVENT + "check-ins/", CheckInListView.as_view(), name="api-check-ins"),
    path(
        EVENT + "check-in-windows/<int:number>/",
        CheckInWindowView.as_view(),
        name="api-check-in-window",
    ),
    # A player enters the event online: the one action outside its viewset's own address
    # (its entry requests), which a router cannot place.
    path(EVENT + "enter/", OnlineEntryViewSet.as_view({"post": "enter"}), name="api-enter"),
]
