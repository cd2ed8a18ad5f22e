"""Rebuild the rating list from scratch and print its checksum: two runs over the same results
print the same checksum."""

from typing import Any

from django.core.management.base import BaseCommand

from scoring.ratings import services as ratings
from scoring.ratings.models import PlayerRating, RatingChange


class Command(BaseCommand):
    help = "Rebuild every rating from the rated games and print the rating list's checksum."

    def handle(self, *args: Any, **options: Any) -> None:
        total = ratings.rebuild_ratings()
        players = PlayerRating.objects.count()
        games = RatingChange.objects.values("board_id").distinct().count()
        self.stdout.write(f"{players} players rated from {games} games; checksum {total}")
