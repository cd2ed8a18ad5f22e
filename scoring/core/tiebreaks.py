"""The tie-break catalogue.

Every tie-break is a function ``(event, group) -> {player: value}`` over the players of
``group``; a higher value ranks higher. Most of them look only at the player's own results
(``group_dependent=False``); ``results_between`` and ``head_to_head_mso`` look at the games
among the players of ``group``, the players still tied at that point of the chain (see
:func:`scoring.core.standings.compute_standings`).

What counts as a game: only rows of kind ``played``. Byes, half-point byes, forfeits and
absences add victory points (VP) but

* nothing to progressive difference, progressive level and spread (RULINGS.md), and
* are no game between two players for results between and head-to-head (a forfeit is not a
  game "played each other").

Unplayed rounds in the opponent-based chess tie-breaks (Buchholz, median Buchholz,
Sonneborn-Berger) use a "dummy opponent" with the player's own score (the simple rule, as in
FIDE's current tie-break regulations, not the older virtual-opponent formula): every unplayed
round of the player (bye, half-point bye, forfeit won or lost, absence, or a round with no row
at all) counts as a game against an opponent whose score is the player's own final VP, with
the VP the player actually got that round. Opponents' scores are their actual final VP, with
no adjustment for their own unplayed rounds. The number of rounds is the highest round number
in the results. Cumulative counts every VP, byes and forfeits included.

Games at tables of 3 or 4 (rows of kind ``table``, RULINGS.md "Events beyond two players"):

* results between and head-to-head count the games in which the tied players shared a table,
  each pair's result read from their placings there (beaten 1, tied 1/2, lost 0);
* progressive difference (and spread) use the player's lowest level minus the mean of the other
  players' lowest levels at the table; progressive level is unchanged (own lowest level);
* our reading for the opponent-based chess tie-breaks: a table round is one game against "the
  table", so it weighs as much as a two-player round. Buchholz counts the mean final VP of the
  table-mates; Sonneborn-Berger the mean over the table-mates of (mate's final VP x the result
  against that mate), which for a table of two is the two-player formula. Median Buchholz drops
  the highest and lowest of these per-round values as before.
"""

from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType

from scoring.core.results import GAME_KINDS, KINDS, PAIRED_KINDS, PLAYED, TABLE, GameResult


@dataclass(frozen=True)
class EventData:
    """The results of an event, indexed for the tie-breaks."""

    rounds: int
    by_player: Mapping[int, tuple[GameResult, ...]]
    vp: Mapping[int, float]

    @classmethod
    def from_results(
        cls, results: Iterable[GameResult], players: Iterable[int] = ()
    ) -> "EventData":
        """Index ``results``; ``players`` without rows get an empty record and 0 VP.

        Points are converted to ``float`` (a ``Decimal`` bye value is fine). Raises
        ``ValueError`` for an unknown kind or a played/forfeit row without an opponent
        (use :func:`scoring.core.results.validate_results` for the full set of checks).
        """
        rows: dict[int, list[GameResult]] = defaultdict(list)
        for player in players:
            rows.setdefault(player, [])
        for r in results:
            if r.kind not in KINDS:
                raise ValueError(f"round {r.round}, player {r.player}: unknown kind {r.kind!r}")
            if r.kind in PAIRED_KINDS and (r.opponent is None or r.opponent == r.player):
                raise ValueError(f"round {r.round}, player {r.player}: {r.kind} needs an opponent")
            # No mates: a duplicate solitaire round's only result so far.
            if r.kind == TABLE and len(r.mates_placings) != len(r.mates):
                raise ValueError(f"round {r.round}, player {r.player}: a table needs its players")
            if type(r.points) is not float:  # e.g. an int or a Decimal bye value
                r = replace(r, points=float(r.points))
            rows[r.player].append(r)
        by_player = {p: tuple(sorted(rs, key=lambda r: r.round)) for p, rs in rows.items()}
        vp = {p: float(sum(r.points for r in rs)) for p, rs in by_player.items()}
        rounds = max((r.round for rs in by_player.values() for r in rs), default=0)
        return cls(rounds, MappingProxyType(by_player), MappingProxyType(vp))

    def rows(self, player: int) -> tuple[GameResult, ...]:
        return self.by_player.get(player, ())

    def score(self, player: int) -> float:
        """Final VP of ``player`` (0 for a player without rows)."""
        return self.vp.get(player, 0.0)

    def games(self, player: int) -> list[GameResult]:
        """The player's played games, at two or at a table (byes, forfeits and absences left
        out)."""
        return [r for r in self.rows(player) if r.kind in GAME_KINDS]


TieBreakFunction = Callable[[EventData, Collection[int]], dict[int, float]]


@dataclass(frozen=True)
class TieBreak:
    key: str
    label: str
    description: str
    function: TieBreakFunction
    group_dependent: bool = False


def _level_differences(event: EventData, player: int) -> list[float]:
    return [d for r in event.games(player) if (d := r.level_difference) is not None]


def _opponent_scores(event: EventData, player: int) -> list[tuple[float, float]]:
    """Per round: (opponent's final VP, its Sonneborn-Berger term: that VP x own result);
    unplayed rounds use the dummy opponent whose score is the player's own final VP, and a
    table round the table-mates' means (see the module docstring)."""
    own = event.score(player)
    out: list[tuple[float, float]] = []
    rounds_seen: set[int] = set()
    for r in event.rows(player):
        rounds_seen.add(r.round)
        if r.kind == PLAYED and r.opponent is not None:
            opp = event.score(r.opponent)
            out.append((opp, opp * r.points))
        elif r.kind == TABLE and r.mates:
            scores = [event.score(m) for m in r.mates]
            terms = [s * (r.result_against(m) or 0.0) for s, m in zip(scores, r.mates, strict=True)]
            out.append((sum(scores) / len(scores), sum(terms) / len(terms)))
        else:
            out.append((own, own * r.points))
    missing = max(0, event.rounds - len(rounds_seen))
    out.extend([(own, 0.0)] * missing)
    return out


def _between(event: EventData, group: Collection[int]) -> dict[tuple[int, int], list[float]]:
    """VP that each player scored against each other member of ``group`` in played games; at
    a table, the result against each member who shared it, from the placings."""
    members = set(group)
    out: dict[tuple[int, int], list[float]] = defaultdict(list)
    for p in members:
        for r in event.games(p):
            if r.opponent in members:
                out[(p, r.opponent)].append(r.points)
            for mate in r.mates:
                result = r.result_against(mate)
                if mate in members and result is not None:
                    out[(p, mate)].append(result)
    return out


# --- MSO Ingenious ---------------------------------------------------------------------------


def results_between(event: EventData, group: Collection[int]) -> dict[int, float]:
    """VP each player scored in the played games among ``group``.

    Applies only when every pair in the group has played each other (at least once; a forfeit
    is no game); otherwise it does not separate anyone and every player gets 0. A group of one
    gets 0.
    """
    between = _between(event, group)
    members = sorted(set(group))
    all_met = all(
        (a, b) in between or (b, a) in between
        for i, a in enumerate(members)
        for b in members[i + 1 :]
    )
    if not all_met:
        return {p: 0.0 for p in members}
    return {p: float(sum(sum(v) for (a, _), v in between.items() if a == p)) for p in members}


def progressive_difference(event: EventData, group: Collection[int]) -> dict[int, float]:
    """Sum over the player's played games of (own lowest level - opponent's lowest level).

    Byes, forfeits and absences add nothing; a played game without both levels adds nothing.
    """
    return {p: float(sum(_level_differences(event, p))) for p in group}


def progressive_level(event: EventData, group: Collection[int]) -> dict[int, float]:
    """Sum over the player's played games of the player's own lowest level (byes, forfeits
    and absences add nothing)."""
    return {
        p: float(sum(r.own_lowest for r in event.games(p) if r.own_lowest is not None))
        for p in group
    }


# --- general MSO two-player chain ------------------------------------------------------------


def head_to_head_mso(event: EventData, group: Collection[int]) -> dict[int, float]:
    """1 for the player who beat every other player of ``group``, 0 for the rest.

    "Beat" means scored more than half the VP of their played games against each other (a
    forfeit is no game). When nobody beat all the others, everybody gets 0 and the tie-break
    does not separate; a group of one gets 0.
    """
    between = _between(event, group)
    members = sorted(set(group))
    out = {p: 0.0 for p in members}
    if len(members) < 2:
        return out
    for p in members:
        if all(
            (p, q) in between and sum(between[(p, q)]) > len(between[(p, q)]) / 2
            for q in members
            if q != p
        ):
            out[p] = 1.0
    return out


def spread(event: EventData, group: Collection[int]) -> dict[int, float]:
    """Sum of the level differences of the player's played games, leaving out the player's
    best result (the single largest difference); 0 with fewer than two such games."""
    out: dict[int, float] = {}
    for p in group:
        diffs = _level_differences(event, p)
        out[p] = float(sum(diffs) - max(diffs)) if diffs else 0.0
    return out


def sonneborn_berger(event: EventData, group: Collection[int]) -> dict[int, float]:
    """Sum over rounds of (opponent's final VP x VP the player scored against that opponent):
    a win counts the opponent's full score, a draw half. An unplayed round counts against the
    dummy opponent (the player's own final VP) with the VP the player got that round, so a bye
    of 1 adds the player's own score, a lost forfeit or an absence adds 0."""
    return {p: float(sum(term for _, term in _opponent_scores(event, p))) for p in group}


# --- chess -----------------------------------------------------------------------------------


def buchholz(event: EventData, group: Collection[int]) -> dict[int, float]:
    """Sum of the opponents' final VP; every unplayed round (bye, half-point bye, forfeit,
    absence, missing row) counts the player's own final VP (the dummy opponent)."""
    return {p: float(sum(opp for opp, _ in _opponent_scores(event, p))) for p in group}


def median_buchholz(event: EventData, group: Collection[int]) -> dict[int, float]:
    """Buchholz without the highest and the lowest of the per-round values (unplayed rounds
    valued as in :func:`buchholz`); 0 with two rounds or fewer."""
    out: dict[int, float] = {}
    for p in group:
        values = sorted(opp for opp, _ in _opponent_scores(event, p))
        out[p] = float(sum(values[1:-1]))
    return out


def cumulative(event: EventData, group: Collection[int]) -> dict[int, float]:
    """Sum of the player's running VP totals after each round 1..n. All VP count, byes and
    forfeits included; a round without a row adds 0 to the running total."""
    out: dict[int, float] = {}
    for p in group:
        per_round: dict[int, float] = defaultdict(float)
        for r in event.rows(p):
            per_round[r.round] += r.points
        total = running = 0.0
        for rnd in range(1, event.rounds + 1):
            running += per_round.get(rnd, 0.0)
            total += running
        out[p] = total
    return out


CATALOGUE: dict[str, TieBreak] = {
    tb.key: tb
    for tb in (
        TieBreak(
            "results_between",
            "Results between",
            "VP in the games among the tied players, when all of them have met",
            results_between,
            group_dependent=True,
        ),
        TieBreak(
            "progressive_difference",
            "Progressive difference",
            "Sum of (own lowest level - opponent's lowest level) over played games",
            progressive_difference,
        ),
        TieBreak(
            "progressive_level",
            "Progressive level",
            "Sum of own lowest level over played games",
            progressive_level,
        ),
        TieBreak(
            "head_to_head_mso",
            "Head-to-head",
            "First place to a player who beat every other tied player",
            head_to_head_mso,
            group_dependent=True,
        ),
        TieBreak(
            "spread",
            "Spread",
            "Sum of level differences, leaving out the best result",
            spread,
        ),
        TieBreak(
            "sonneborn_berger",
            "Sonneborn-Berger",
            "Sum of beaten opponents' VP plus half of drawn opponents' VP; a round without a game "
            "counts as one against an opponent with the player's own VP",
            sonneborn_berger,
        ),
        TieBreak(
            "buchholz",
            "Buchholz",
            "Sum of the opponents' VP; a round without a game (bye, forfeit, absence) counts as "
            "one against an opponent with the player's own VP",
            buchholz,
        ),
        TieBreak(
            "median_buchholz",
            "Median Buchholz",
            "Buchholz without the highest and lowest opponent",
            median_buchholz,
        ),
        TieBreak(
            "cumulative",
            "Cumulative",
            "Sum of the running VP totals after each round",
            cumulative,
        ),
    )
}
