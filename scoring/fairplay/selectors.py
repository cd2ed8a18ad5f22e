"""Reads of the fair-play report: each player's placements, per round, against the engine's
analysis of the event's games (games.analysis), and the players far from the field.

As Tornelo's Fair Play report does with a chess engine: per player and round, the placements
analysed, the share that was the engine's first choice and one of its top three, that share
weighted by how many near-equal options there were, and the mean win chance lost (solitaire:
levels). Matching the engine's choice among several near-equal options says more than finding
the one clear best, so a placement weighs as many as the options within a best grade of the
engine's choice (1 to 3, of the three it lists). A player whose weighted agreement is far above
the field's, or whose loss far below, is marked for a closer look: a screening, never a proof.

Online games add what the server saw (games.focus.selectors): each placement's think time (the
median and the 90th percentile, in seconds) and the share of placements during which the
player's page lost focus. A venue game has none: its columns stay empty. And think times set
against difficulty (scoring.fairplay.thinking): the median on easy and on hard placements, their
ratio, and the players whose hard placements took no longer than their easy ones, far below the
field.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field
from typing import Any

from games.analysis.selectors import best_grade, event_analyses, near_equal
from games.focus.selectors import Think, thinking
from games.models import Game
from scoring.core.outliers import apart
from scoring.fairplay.thinking import MIN_TIMED, far_below, timed_by_difficulty
from tournament.entries.selectors import entries_of
from tournament.models.events import Event

#: A player with fewer placements analysed is not compared with the field.
MIN_MOVES = 15
#: Fewer players compared than this make no field to stand apart from.
MIN_FIELD = 5
#: How many standard deviations from the field's mean mark a player.
FAR = 2.0
#: The spread of the others' weighted agreement is taken as at least this many points.
AGREEMENT_SPREAD = 5.0


@dataclass
class Tally:
    """Placements judged by the engine, added up."""

    moves: int = 0
    first: int = 0
    top_three: int = 0
    weighted: float = 0.0  # the weights of the placements that were the engine's first choice
    weight: float = 0.0  # the weights of every placement
    lost: float = 0.0  # win-% points (solitaire: levels) lost, summed
    judged: int = 0  # placements with a loss
    thinks: list[float] = field(default_factory=list)  # online: each placement's seconds
    focus_lost: int = 0  # online: placements during which the page lost focus
    easy: list[float] = field(default_factory=list)  # online: seconds on easy placements
    hard: list[float] = field(default_factory=list)  # online: seconds on hard placements

    def add(self, other: Tally) -> None:
        self.thinks += other.thinks
        self.easy += other.easy
        self.hard += other.hard
        self.focus_lost += other.focus_lost
        self.moves += other.moves
        self.first += other.first
        self.top_three += other.top_three
        self.weighted += other.weighted
        self.weight += other.weight
        self.lost += other.lost
        self.judged += other.judged

    @property
    def first_rate(self) -> float | None:
        return 100 * self.first / self.moves if self.moves else None

    @property
    def top_three_rate(self) -> float | None:
        return 100 * self.top_three / self.moves if self.moves else None

    @property
    def weighted_rate(self) -> float | None:
        return 100 * self.weighted / self.weight if self.weight else None

    @property
    def mean_lost(self) -> float | None:
        return self.lost / self.judged if self.judged else None

    @property
    def median_think(self) -> float | None:
        return statistics.median(self.thinks) if self.thinks else None

    @property
    def p90_think(self) -> float | None:
        """The 90th percentile of the think times (the nearest rank: a time one had)."""
        if not self.thinks:
            return None
        ranked = sorted(self.thinks)
        return ranked[math.ceil(0.9 * len(ranked)) - 1]

    @property
    def easy_think(self) -> float | None:
        return statistics.median(self.easy) if self.easy else None

    @property
    def hard_think(self) -> float | None:
        return statistics.median(self.hard) if self.hard else None

    @property
    def hard_easy_ratio(self) -> float | None:
        """The median think time on hard placements over that on easy ones."""
        easy, hard = self.easy_think, self.hard_think
        return hard / easy if easy and hard is not None else None

    @property
    def focus_lost_rate(self) -> float | None:
        return 100 * self.focus_lost / len(self.thinks) if self.thinks else None


@dataclass
class RoundLine:
    round: int
    board: int
    board_pk: int
    tally: Tally


@dataclass
class PlayerLine:
    player_pk: int
    name: str
    rounds: list[RoundLine] = field(default_factory=list)
    total: Tally = field(default_factory=Tally)
    #: why the player is marked: "agreement", "loss", "think" (hard placements not thought longer)
    far: list[str] = field(default_factory=list)


@dataclass
class FieldStats:
    compared: int  # players with at least MIN_MOVES placements analysed
    agreement_mean: float | None
    agreement_sd: float | None
    lost_mean: float | None
    lost_sd: float | None
    think_compared: int = 0  # players with at least MIN_TIMED easy and hard placements timed


@dataclass
class FairPlayReport:
    event: Event
    players: list[PlayerLine]
    stats: FieldStats
    solitaire: bool
    best: int | None  # the "best N rounds" view, or None for every round
    games: int  # games analysed
    online: bool = False  # an online game among them: the think time and focus columns


def _tally(
    judgements: list[dict[str, Any]], seat: int, solitaire: bool, thinks: list[Think]
) -> Tally:
    easy, hard = timed_by_difficulty(judgements, seat, thinks)
    out = Tally(
        thinks=[t.seconds for t in thinks],
        focus_lost=sum(t.focus_lost for t in thinks),
        easy=easy,
        hard=hard,
    )
    lost_key = "lowest_lost" if solitaire else "win_chance_lost"
    for j in judgements:
        if j["type"] != "place" or j["seat"] != seat:
            continue
        rank = j["played"]["rank"]
        weight = near_equal(j, solitaire)
        out.moves += 1
        out.first += rank == 1
        out.top_three += rank <= 3
        out.weight += weight
        out.weighted += weight if rank == 1 else 0
        if j.get(lost_key) is not None:
            out.lost += j[lost_key]
            out.judged += 1
    return out


def _mean_sd(values: list[float]) -> tuple[float | None, float | None]:
    if not values:
        return None, None
    mean = sum(values) / len(values)
    return mean, math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))


def _best_rounds(line: PlayerLine, best: int) -> list[RoundLine]:
    """The player's ``best`` rounds by weighted agreement (then more placements), in order."""
    ranked = sorted(
        line.rounds, key=lambda r: (-(r.tally.weighted_rate or 0.0), -r.tally.moves, r.round)
    )
    return sorted(ranked[:best], key=lambda r: r.round)


def _mark_far(players: list[PlayerLine], solitaire: bool) -> FieldStats:
    """Mark the players whose weighted agreement is far above the others', or whose mean loss
    is far below (scoring.core.outliers: each set against the others, not in their own field)."""
    compared = [p for p in players if p.total.moves >= MIN_MOVES]
    rates = {p.player_pk: r for p in compared if (r := p.total.weighted_rate) is not None}
    losses = {p.player_pk: lost for p in compared if (lost := p.total.mean_lost) is not None}
    a_mean, a_sd = _mean_sd(list(rates.values()))
    l_mean, l_sd = _mean_sd(list(losses.values()))
    stats = FieldStats(len(compared), a_mean, a_sd, l_mean, l_sd)
    agreeing = apart(rates, FAR, MIN_FIELD, AGREEMENT_SPREAD, above=True)
    losing_little = apart(losses, FAR, MIN_FIELD, best_grade(solitaire), above=False)
    for p in compared:
        if p.player_pk in agreeing:
            p.far.append("agreement")
        if p.player_pk in losing_little:
            p.far.append("loss")
    return stats


def _mark_flat(players: list[PlayerLine], stats: FieldStats) -> None:
    """Mark the players whose hard/easy think ratio is far below the other players' (online
    games; only players with enough easy and hard placements timed)."""
    ratios = {
        p.player_pk: ratio
        for p in players
        if len(p.total.easy) >= MIN_TIMED
        and len(p.total.hard) >= MIN_TIMED
        and (ratio := p.total.hard_easy_ratio) is not None
    }
    found = far_below(ratios, FAR, MIN_FIELD)
    stats.think_compared = found.compared
    for p in players:
        if p.player_pk in found.marked:
            p.far.append("think")


def fair_play(event: Event, best: int | None = None) -> FairPlayReport:
    """Every player of the event (its entrants', partners included, and anyone seated at its
    analysed games), per round (``best``: only each player's
    ``best`` rounds by agreement), with the field's figures and the players far from it."""
    solitaire = event.ruleset == Event.Ruleset.SOLITAIRE
    lines: dict[int, PlayerLine] = {}
    analyses = event_analyses(event)
    online = [a.game for a in analyses if a.game.mode == Game.Mode.FULL]
    timed = thinking(online)
    for analysis in analyses:
        board = analysis.game.event_board
        thinks = timed.get(analysis.game_id, {})
        for seat in board.seats.all():
            player = seat.player
            line = lines.setdefault(player.pk, PlayerLine(player.pk, player.name))
            tally = _tally(analysis.judgements, seat.number, solitaire, thinks.get(seat.number, []))
            line.rounds.append(RoundLine(board.round.number, board.number, board.pk, tally))
    for entry in entries_of(event):  # an entrant with nothing analysed yet is listed too
        for entrant in (entry.player, entry.partner):
            if entrant is not None:
                lines.setdefault(entrant.pk, PlayerLine(entrant.pk, entrant.name))
    players = sorted(lines.values(), key=lambda p: p.name.casefold())
    for line in players:
        if best is not None:
            line.rounds = _best_rounds(line, best)
        for r in line.rounds:
            line.total.add(r.tally)
    stats = _mark_far(players, solitaire)
    _mark_flat(players, stats)
    return FairPlayReport(event, players, stats, solitaire, best, len(analyses), bool(online))
