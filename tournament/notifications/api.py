"""The API of a player's own notifications: the e-mails sent to them (or not, and why)."""

from typing import Any

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, viewsets
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from tournament.api.errors import error_response
from tournament.api.schema import LOGIN_REQUIRED
from tournament.fields import ModelSerializer
from tournament.models.events import Event
from tournament.notifications import services as notifications
from tournament.notifications.models import Notification
from tournament.permissions import require_player

NOT_A_PLAYER = error_response(403, "Not logged in, or no claimed registry player")


class NotificationSerializer(ModelSerializer[Notification]):
    event = serializers.SlugRelatedField[Event](slug_field="slug", read_only=True)

    class Meta:
        model = Notification
        fields = ["id", "event", "key", "subject", "body", "to", "sent_at", "skipped", "created_at"]
        read_only_fields = fields
        extra_kwargs = {
            "key": {"help_text": 'What it is about, e.g. "round:12:published"'},
            "to": {"help_text": "The address it went to"},
            "skipped": {
                "help_text": 'Why it was not sent ("turned off", "no address"; "sending '
                'interrupted": being sent, or its worker stopped mid-send and it is not sent '
                'again); "" if sent'
            },
        }


@extend_schema(tags=["players"], auth=LOGIN_REQUIRED)
class MyNotificationViewSet(mixins.ListModelMixin, viewsets.GenericViewSet[Notification]):
    """The signed-in player's own notifications, newest first: their boards when rounds are
    published and the results of their games. Needs a claimed registry player."""

    serializer_class = NotificationSerializer
    permission_classes = [IsAuthenticated]

    def get_queryset(self) -> QuerySet[Notification]:
        return notifications.notifications_of_player(require_player(self.request.user))

    @extend_schema(responses={200: NotificationSerializer(many=True), 403: NOT_A_PLAYER})
    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().list(request, *args, **kwargs)
