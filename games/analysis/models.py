"""One finished game's analysis by the engine (games.engine.analysis): every placement and swap
decision judged, and each seat's summary.

Keyed by the game and the hash of its record: a game is analysed once, and a record corrected
after it finished (a take-back, then a new end) is a new record, analysed anew. The old analysis
stays, no longer shown (its hash is not the record's).
"""

from __future__ import annotations

from django.db import models


class GameAnalysis(models.Model):
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="analyses")
    #: sha256 of the record analysed (games.analysis.selectors.record_hash)
    record_hash = models.CharField(max_length=64)
    #: the game's log length when it was analysed: the analysis of the game as it stands has
    #: the game's (a take-back adds to the log), read without the record (a player's page)
    log_length = models.PositiveIntegerField(default=0)
    #: one judgement per placement and swap decision, as ``analyse_record`` gives them
    judgements = models.JSONField(default=list)
    #: per seat: decisions, agreement with the engine, mean loss, grades (``report.summary``)
    summary = models.JSONField(default=dict)
    #: the budget per decision (candidates, worlds) and the seed
    budget = models.JSONField(default=dict)
    seconds = models.FloatField(default=0.0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["game", "record_hash"], name="unique_game_analysis")
        ]

    def __str__(self) -> str:
        return f"Analysis of game {self.game_id} ({self.record_hash[:8]})"
