"""The API of players' accounts, for scripts and the phone: an API token for a user name and
password, the person's own account (``me``), and claims of registry players with their
decisions. Thin: the serializers parse, tournament/accounts/services.py decides and writes,
tournament/accounts/selectors.py reads. A person reads and changes only their own account."""

from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.exceptions import Throttled
from rest_framework.permissions import BasePermission, IsAuthenticated
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.accounts import limits as account_limits
from tournament.accounts import mail as account_mail
from tournament.accounts import selectors as account_selectors
from tournament.accounts import services as accounts
from tournament.api.errors import ERRORS, error_response
from tournament.api.schema import LOGINS, security
from tournament.claims.selectors import latest_claim_of
from tournament.claims.serializers import (
    ClaimSerializer,
)
from tournament.errors import Conflict, DomainError
from tournament.fields import WholeNumberField
from tournament.permissions import player_of, require_signed_in

# What PATCH /api/me/ may change.
ME_WRITABLE = ("notify",)


class TokenSerializer(serializers.Serializer[Any]):
    token = serializers.CharField(help_text="Send it as the header: Authorization: Token <token>")


class MePlayerSerializer(serializers.Serializer[Any]):
    id = WholeNumberField()
    name = serializers.CharField()


class MeSerializer(serializers.Serializer[Any]):
    username = serializers.CharField()
    email = serializers.CharField()
    display_name = serializers.CharField()
    email_verified = serializers.BooleanField(
        help_text="Whether the address is verified: claims and online entries need it"
    )
    player = MePlayerSerializer(allow_null=True)
    claim = ClaimSerializer(allow_null=True, help_text="The latest claim, whatever its state")
    notify = serializers.BooleanField(
        allow_null=True, help_text="E-mail me my pairings and results (null: no player yet)"
    )


class MeUpdateSerializer(serializers.Serializer[Any]):
    notify = serializers.BooleanField()


def _me(user: Any) -> dict[str, Any]:
    player = player_of(user)
    claim = latest_claim_of(user)
    return {
        "username": user.get_username(),
        "email": user.email,
        "display_name": user.first_name,
        "email_verified": account_selectors.address_verified(user),
        "player": {"id": player.pk, "name": player.name} if player else None,
        "claim": ClaimSerializer(claim).data if claim else None,
        "notify": player.notify if player else None,
    }


class _TokenPermission(BasePermission):
    """Anyone may ask for a token with a password; revoking one needs the token (or login)."""

    def has_permission(self, request: Request, view: Any) -> bool:
        if request.method == "DELETE":
            return bool(request.user and request.user.is_authenticated)
        return True


@extend_schema(tags=["accounts"])
class TokenView(ObtainAuthToken):
    """A person's API token: POST a user name and password to get it (the same one until it
    is revoked); DELETE, authenticated, revokes it. django-axes counts failed attempts."""

    permission_classes = [_TokenPermission]
    # ObtainAuthToken turns throttling off and reads forms: this view keeps the API's defaults.
    throttle_classes = APIView.throttle_classes
    parser_classes = APIView.parser_classes
    renderer_classes = [JSONRenderer]

    @extend_schema(
        request=AuthTokenSerializer,
        responses={200: TokenSerializer, 400: error_response(400, "Wrong user name or password")},
        auth=security({}),
    )
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        token = accounts.api_token(user=serializer.validated_data["user"])
        return Response({"token": token.key})

    @extend_schema(
        request=None,
        responses={204: None, 403: error_response(403, "Not logged in")},
        auth=security({"tokenAuth": []}, *LOGINS),
    )
    def delete(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        accounts.revoke_api_token(user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(tags=["accounts"])
class MeView(APIView):
    """The signed-in person's own account: who they are, their player, their latest claim and
    the notification switch, the only thing PATCH changes."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: MeSerializer})
    def get(self, request: Request) -> Response:
        return Response(_me(request.user))

    @extend_schema(request=MeUpdateSerializer, responses={200: MeSerializer, **ERRORS})
    def patch(self, request: Request) -> Response:
        data = request.data if hasattr(request.data, "keys") else {}
        for field in data:
            if field not in ME_WRITABLE:
                raise DomainError(
                    _("%(field)s cannot be changed here: only notify can.") % {"field": field},
                    field=str(field),
                    code="read_only",
                )
        body = MeUpdateSerializer(data=data)
        body.is_valid(raise_exception=True)
        accounts.update_settings(user=request.user, notify=body.validated_data["notify"])
        return Response(_me(request.user))


class VerificationSentSerializer(serializers.Serializer[Any]):
    sent = serializers.BooleanField(
        help_text="False when the address was sent the link too often lately: wait an hour"
    )


@extend_schema(tags=["accounts"])
class VerificationView(APIView):
    """Send the link that verifies the signed-in person's e-mail address again (claims and
    online entries need a verified address). Limited as sign-up is: a client asking too often
    gets a 429; an address sent the link too often gets nothing more (``sent`` false)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={
            200: VerificationSentSerializer,
            403: error_response(403, "Not logged in"),
            409: error_response(409, "The address is already verified"),
            429: error_response(429, "Too many requests from this client"),
        },
    )
    def post(self, request: Request) -> Response:
        user = require_signed_in(request.user)
        if account_selectors.address_verified(user):
            raise Conflict(_("Your e-mail address is already verified."), code="verified")
        rates = settings.SIGNUP_RATE_PER_CLIENT
        verdict = account_limits.client_within(request._request, "verify-resend", rates)
        if not verdict.allowed:
            raise Throttled(wait=verdict.retry_after, detail=account_limits.too_many(verdict))
        email = str(getattr(user, "email", "") or "")
        rates = settings.SIGNUP_RATE_PER_ADDRESS
        sent = account_limits.address_within("verify-resend", email, rates)
        if sent:
            account_mail.send_verification_link(request._request, user)
        return Response({"sent": sent})
