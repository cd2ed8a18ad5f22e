"""What the registry's API reads and writes about a player."""

from tournament.fields import ModelSerializer
from tournament.models.events import Player

REGISTRY_RATING_HELP = (
    "The registry rating (a number from outside, such as a national list), not the site "
    "rating of /api/ratings/"
)


class PlayerSerializer(ModelSerializer[Player]):
    """A registry player; ``contact`` can be written but is never shown."""

    class Meta:
        model = Player
        fields = ["id", "name", "club", "country", "rating", "contact", "family"]
        extra_kwargs = {
            "rating": {"help_text": REGISTRY_RATING_HELP},
            "contact": {"write_only": True, "required": False},
            "name": {"required": True},
        }


class PlayerBriefSerializer(ModelSerializer[Player]):
    class Meta:
        model = Player
        fields = ["id", "name", "club", "country", "rating"]
        extra_kwargs = {"rating": {"help_text": REGISTRY_RATING_HELP}}
