"""The rating list: derived data, rebuilt from the rated games at any time
(scoring/ratings/services.py).
Nothing else writes these tables, and a rebuild replaces every row."""

from django.db import models

from scoring.core.ratings import display_rating


class PlayerRating(models.Model):
    """A registry player's current rating (openskill's Plackett-Luce: mu, sigma)."""

    player = models.OneToOneField(
        "tournament.Player", on_delete=models.CASCADE, related_name="skill_rating"
    )
    mu = models.FloatField()
    sigma = models.FloatField()
    # mu − 3σ: what the list is ordered by; shown on the site scale (site_rating).
    ordinal = models.FloatField(db_index=True)
    games = models.PositiveIntegerField()
    updated = models.DateTimeField()

    class Meta:
        ordering = ["-ordinal", "player_id"]

    def __str__(self) -> str:
        return f"{self.player_id}: {self.site_rating}"

    @property
    def site_rating(self) -> int:
        """The site rating players read: 1500 + 40 × (mu − 3σ), a whole number."""
        return display_rating(self.ordinal)


class RatingChange(models.Model):
    """Append-only history between rebuilds: one player's rating before and after one game."""

    player = models.ForeignKey(
        "tournament.Player", on_delete=models.CASCADE, related_name="rating_changes"
    )
    board = models.ForeignKey(
        "tournament.Board", on_delete=models.CASCADE, related_name="rating_changes"
    )
    event = models.ForeignKey(
        "tournament.Event", on_delete=models.CASCADE, related_name="rating_changes"
    )
    round_number = models.PositiveSmallIntegerField()
    # The order the games were rated in (a rebuild numbers them afresh).
    sequence = models.PositiveIntegerField()
    placing = models.PositiveSmallIntegerField()
    sides = models.PositiveSmallIntegerField()
    tied = models.BooleanField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    # When the game's round was published: the game's time, not the rebuild's.
    at = models.DateTimeField()

    class Meta:
        ordering = ["sequence", "player_id"]
        constraints = [
            models.UniqueConstraint(fields=["board", "player"], name="unique_rating_change")
        ]
        indexes = [models.Index(fields=["player", "sequence"], name="rating_change_player")]

    def __str__(self) -> str:
        return f"{self.player_id} on board {self.board_id}"

    @property
    def ordinal_before(self) -> float:
        return self.mu_before - 3 * self.sigma_before

    @property
    def ordinal_after(self) -> float:
        return self.mu_after - 3 * self.sigma_after

    @property
    def site_rating_before(self) -> int:
        return display_rating(self.ordinal_before)

    @property
    def site_rating_after(self) -> int:
        return display_rating(self.ordinal_after)

    @property
    def site_rating_change(self) -> int:
        """The change as shown: after minus before, each as shown (so they add up on the page)."""
        return self.site_rating_after - self.site_rating_before
