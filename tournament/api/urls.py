from django.urls import path
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.routers import SimpleRouter

from tournament.accounts import api as accounts
from tournament.api import views
from tournament.checkin import api as checkin_api
from tournament.confirmations import api as confirmation_api
from tournament.entries import online_api as online
from tournament.notifications import api as notifications
from tournament.registry import api as registry
from tournament.restrictions import api as restrictions


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


router = SimpleRouter()
router.register("players", registry.PlayerViewSet, basename="api-player")
router.register("events", views.EventViewSet, basename="api-event")

EVENT = "events/<slug:slug>/"
ROUND = EVENT + "rounds/<int:number>/"

urlpatterns = [
    path("", api_root, name="api-root"),
    # Before the router's events/{slug}/, which would take "import-trf" for a slug.
    path(
        "events/import-trf/",
        restrictions.TrfImportViewSet.as_view({"post": "create"}),
        name="api-event-import-trf",
    ),
    path(
        "me/notifications/",
        notifications.MyNotificationViewSet.as_view({"get": "list"}),
        name="api-me-notifications",
    ),
    path("token/", accounts.TokenView.as_view(), name="api-token"),
    path("me/", accounts.MeView.as_view(), name="api-me"),
    path(
        "me/verification/",
        accounts.VerificationView.as_view(),
        name="api-me-verification",
    ),
    path(
        "claims/",
        accounts.ClaimViewSet.as_view({"get": "list", "post": "create"}),
        name="api-claims",
    ),
    path(
        "claims/<int:pk>/approve/",
        accounts.ClaimViewSet.as_view({"post": "approve"}),
        name="api-claim-approve",
    ),
    path(
        "claims/<int:pk>/refuse/",
        accounts.ClaimViewSet.as_view({"post": "refuse"}),
        name="api-claim-refuse",
    ),
    # Before the router's players/{id}/, which would take "merge" for an id.
    path("players/merge/", registry.MergeViewSet.as_view({"post": "create"}), name="api-merge"),
    path(
        "players/merges/<int:pk>/undo/",
        registry.MergeViewSet.as_view({"post": "undo"}),
        name="api-merge-undo",
    ),
    *router.urls,
    # Paper results confirmed by the players (tournament/confirmations/api.py).
    path(
        "boards/<int:pk>/confirm/",
        confirmation_api.ConfirmationViewSet.as_view({"post": "confirm"}),
        name="api-board-confirm",
    ),
    path(
        "boards/<int:pk>/confirmations/",
        confirmation_api.ConfirmationViewSet.as_view({"get": "list_words"}),
        name="api-board-confirmations",
    ),
    path(
        "boards/<int:pk>/settle/",
        confirmation_api.ConfirmationViewSet.as_view({"post": "settle"}),
        name="api-board-settle",
    ),
    path(
        EVENT + "entries/",
        views.EntryViewSet.as_view({"get": "list", "post": "create"}),
        name="api-event-entries",
    ),
    path(
        EVENT + "entries/import/",
        views.EntryViewSet.as_view({"post": "import_csv"}),
        name="api-event-entries-import",
    ),
    path(
        EVENT + "entries/rank/",
        views.EntryViewSet.as_view({"post": "rank"}),
        name="api-event-entries-rank",
    ),
    path(
        EVENT + "entries/<int:pk>/",
        views.EntryViewSet.as_view({"get": "retrieve", "patch": "partial_update"}),
        name="api-entry-detail",
    ),
    path(
        EVENT + "rounds/",
        views.RoundViewSet.as_view({"get": "list", "post": "create"}),
        name="api-event-rounds",
    ),
    path(
        ROUND,
        views.RoundViewSet.as_view({"get": "retrieve", "delete": "destroy"}),
        name="api-round-detail",
    ),
    path(ROUND + "swap/", views.RoundViewSet.as_view({"post": "swap"}), name="api-round-swap"),
    path(
        ROUND + "swap-boards/",
        views.RoundViewSet.as_view({"post": "swap_boards"}),
        name="api-round-swap-boards",
    ),
    path(
        ROUND + "publish/",
        views.RoundViewSet.as_view({"post": "publish"}),
        name="api-round-publish",
    ),
    path(
        EVENT + "boards/<int:pk>/",
        views.BoardViewSet.as_view({"get": "retrieve", "patch": "partial_update"}),
        name="api-board-detail",
    ),
    path(
        EVENT + "boards/<int:pk>/reopen/",
        views.BoardViewSet.as_view({"post": "reopen"}),
        name="api-board-reopen",
    ),
    path(
        EVENT + "corrections/",
        views.CorrectionViewSet.as_view({"get": "list"}),
        name="api-event-corrections",
    ),
    path(
        EVENT + "pairing-changes/",
        views.PairingChangeViewSet.as_view({"get": "list"}),
        name="api-event-pairing-changes",
    ),
    path(
        EVENT + "roles/",
        views.RoleViewSet.as_view({"get": "list", "post": "create"}),
        name="api-event-roles",
    ),
    path(
        EVENT + "restrictions/",
        restrictions.ForbiddenPairViewSet.as_view({"get": "list", "post": "create"}),
        name="api-event-restrictions",
    ),
    path(
        EVENT + "restrictions/<int:pk>/",
        restrictions.ForbiddenPairViewSet.as_view({"delete": "destroy"}),
        name="api-restriction-detail",
    ),
    # Check-in before each round (tournament/checkin/api.py).
    path(EVENT + "check-in/", checkin_api.CheckInView.as_view(), name="api-check-in"),
    path(EVENT + "check-ins/", checkin_api.CheckInListView.as_view(), name="api-check-ins"),
    path(
        EVENT + "check-in-windows/<int:number>/",
        checkin_api.CheckInWindowView.as_view(),
        name="api-check-in-window",
    ),
    path(
        EVENT + "roles/<int:pk>/",
        views.RoleViewSet.as_view({"delete": "destroy"}),
        name="api-role-detail",
    ),
    # A player's online entry, and the requests its directors decide
    # (tournament/entries/online_api.py).
    path(EVENT + "enter/", online.OnlineEntryViewSet.as_view({"post": "enter"}), name="api-enter"),
    path(
        EVENT + "entry-requests/",
        online.OnlineEntryViewSet.as_view({"get": "list", "post": "create"}),
        name="api-entry-requests",
    ),
    path(
        EVENT + "entry-requests/<int:pk>/approve/",
        online.OnlineEntryViewSet.as_view({"post": "approve"}),
        name="api-entry-request-approve",
    ),
    path(
        EVENT + "entry-requests/<int:pk>/refuse/",
        online.OnlineEntryViewSet.as_view({"post": "refuse"}),
        name="api-entry-request-refuse",
    ),
]
