"""Standings: victory points, then the event's tie-break chain, then shared ranks."""

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scoring.core.chains import DEFAULT_PRESET, PRESETS, resolve_chain
from scoring.core.results import GameResult
from scoring.core.tiebreaks import CATALOGUE, EventData

# Values are compared after rounding, so that sums of fractional bye values compare equal.
_DIGITS = 9


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings.

    ``tiebreaks`` holds every tie-break of the chain, in chain order. For a group-dependent
    tie-break (results between, head-to-head) the value is the one computed within the group
    of players still tied when the chain reached it; a player already alone by then shows its
    value in a group of one (0).
    """

    rank: int
    player: int
    vp: float
    tiebreaks: dict[str, float]
    games_played: int
    tied: bool


@dataclass(frozen=True)
class Placing:
    """A final place for MSO Pentamind scoring: tied players share a span of places."""

    player: int
    place_from: int
    place_to: int
    field_size: int

    @property
    def shared(self) -> bool:
        return self.place_to > self.place_from


def _key(value: float) -> float:
    return round(value, _DIGITS)


def _split(
    event: EventData,
    group: list[int],
    chain: Sequence[str],
    step: int,
    values: dict[int, dict[str, float]],
) -> list[list[int]]:
    """Order ``group`` (players equal so far) by ``chain[step:]``: blocks of fully tied
    players, best first."""
    if step == len(chain):
        return [sorted(group)]
    tiebreak = CATALOGUE[chain[step]]
    scores = tiebreak.function(event, group)
    for p in group:
        values[p][tiebreak.key] = scores[p]
    buckets: dict[float, list[int]] = {}
    for p in group:
        buckets.setdefault(_key(scores[p]), []).append(p)
    blocks: list[list[int]] = []
    for value in sorted(buckets, reverse=True):
        blocks.extend(_split(event, buckets[value], chain, step + 1, values))
    return blocks


def compute_standings(
    players: Iterable[int],
    results: Iterable[GameResult],
    chain: str | Sequence[str] = PRESETS[DEFAULT_PRESET],
) -> list[StandingRow]:
    """The standings of an event, best first.

    Every player in ``players`` gets a row, as does any player who has a result row. VP is the
    sum of the player's ``points``. Players equal on VP are ordered by the chain one tie-break
    at a time: the first tie-break splits a VP group into subgroups of equal value, each
    subgroup goes on to the next tie-break, and so on; a group-dependent tie-break is evaluated
    within the subgroup it is applied to. Players equal on VP and on every tie-break share a
    rank (1, 2, 2, 4) and are listed by player id.

    ``chain`` is a sequence of tie-break keys, or a preset name (see
    :func:`scoring.core.chains.resolve_chain`). Raises ``ValueError`` for an invalid chain, an
    unknown result kind, or a played/forfeit row without an opponent.
    """
    keys = resolve_chain(chain)
    event = EventData.from_results(results, players)
    everyone = sorted(event.by_player)
    values: dict[int, dict[str, float]] = {p: {} for p in everyone}

    by_vp: dict[float, list[int]] = {}
    for p in everyone:
        by_vp.setdefault(_key(event.score(p)), []).append(p)
    blocks: list[list[int]] = []
    for vp in sorted(by_vp, reverse=True):
        blocks.extend(_split(event, by_vp[vp], keys, 0, values))

    rows: list[StandingRow] = []
    rank = 1
    for block in blocks:
        for p in block:
            rows.append(
                StandingRow(
                    rank=rank,
                    player=p,
                    vp=event.score(p),
                    tiebreaks={k: values[p][k] for k in keys},
                    games_played=sum(1 for r in event.rows(p) if r.is_game),
                    tied=len(block) > 1,
                )
            )
        rank += len(block)
    return rows


def final_placings(rows: Sequence[StandingRow]) -> list[Placing]:
    """Final places from standings: players sharing rank r among n tied players share the
    places r to r + n - 1 (e.g. joint 2nd-3rd); ``field_size`` is the number of rows."""
    sizes = Counter(row.rank for row in rows)
    field = len(rows)
    return [Placing(row.player, row.rank, row.rank + sizes[row.rank] - 1, field) for row in rows]
