"""TRF events to pairing states and back (see ``trf`` for the format).

For pairing, as in FIDE-endorsed engines: a forfeited game (+ / - against an opponent) is not a
game played (the two may still meet, and no turn is counted), but a forfeit win counts for the
bye rule (RULINGS: no pairing-allocated bye while another player can take it); ``U`` (or
``0000 - +``) is a pairing-allocated bye. An entry already present for the round being paired
with no opponent, or a ``240`` line for it, marks a player who is not to be paired: ``H`` / ``F``
/ ``U`` a requested (or pre-set) bye, ``Z`` / ``-`` / ``0`` absent. Forbidden pairs (``260`` /
``XXP``) covering the round become each player's ``forbidden``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .model import Outcome, PlayerState, RoundPairing, Scoring
from .trf_model import TrfEvent, TrfGame, TrfPlayer
from .trf_records import BB_CODES, read_points

_GAME_RESULTS = frozenset("10=WDL ")  # an actual game (blank: paired, not played yet)


def point_settings(event: TrfEvent) -> dict[str, float]:
    """The file's point settings as BB codes: ``162`` lines, then ``BB?`` lines, in order."""
    out: dict[str, float] = {}
    for code, value in event.records:
        if code == "162" or code in BB_CODES:
            out.update(read_points(code, value, 0))
    return out


def scoring_of(event: TrfEvent, base: Scoring | None = None) -> Scoring:
    """Victory points: ``base`` (MSO defaults) changed by the file's point settings (``162``,
    ``BBW``/``BBD``/``BBL``/``BBU``/``BBZ``); a pairing-allocated bye is worth a win unless set."""
    sc = base or Scoring()
    pts = point_settings(event)
    win = pts.get("BBW", sc.win)
    return Scoring(
        win=win,
        draw=pts.get("BBD", sc.draw),
        loss=pts.get("BBL", sc.loss),
        bye=pts.get("BBU", sc.bye if "BBW" not in pts else win),
        requested_bye=sc.requested_bye,
        absent=pts.get("BBZ", sc.absent),
    )


def _is_pab(g: TrfGame) -> bool:
    return g.opponent == 0 and (g.result == "U" or g.result == "+")


def game_of(event: TrfEvent, p: TrfPlayer, round_number: int) -> TrfGame | None:
    """The player's entry for a round: the ``001`` block, else a ``240`` bye as a bye block."""
    g = p.game(round_number)
    if g is None:
        code = event.bye_request(p.start_rank, round_number)
        if code is not None:
            return TrfGame(0, "-", code)
    return g


def _is_game(g: TrfGame) -> bool:
    """A game played (or paired, result not in yet). One written without a colour still counts:
    the two may not meet again, only nobody's turn is known."""
    return g.opponent > 0 and g.result in _GAME_RESULTS


def points_of(g: TrfGame | None, scoring: Scoring, forfeit_loss: float | None = None) -> float:
    if g is None:
        return scoring.absent
    r = g.result
    if _is_pab(g):
        return scoring.bye
    if r in ("1", "+", "W", "F"):
        return scoring.win
    if r in ("=", "D"):
        return scoring.draw if g.opponent else scoring.requested_bye
    if r == "H":
        return scoring.requested_bye
    if r in ("0", "L"):
        return scoring.loss
    if r == "-":
        return scoring.loss if forfeit_loss is None else forfeit_loss
    return scoring.absent  # Z, blank


def rounds_played(event: TrfEvent) -> int:
    """The last round in which anybody was paired (a game, or a pairing-allocated bye; a ``240``
    bye fixed in advance does not count: it is set before the round is paired)."""
    last = 0
    for p in event.players:
        for r, g in enumerate(p.games, start=1):
            if g is not None and (g.opponent > 0 or _is_pab(g)):
                last = max(last, r)
    return last


def trf_to_states(
    event: TrfEvent, round_number: int | None = None, scoring: Scoring | None = None
) -> tuple[list[PlayerState], int]:
    """Player states before ``round_number`` (default: the round after the last one paired).

    Ids and ranks are the starting ranks. Scores are recomputed from the results of the earlier
    rounds (the points column is not trusted). Returns the states and the round number.
    """
    sc = scoring_of(event, scoring)
    forfeit_loss = point_settings(event).get("BBF")
    rnd = round_number if round_number is not None else rounds_played(event) + 1
    ranks = [p.start_rank for p in event.players]
    score = dict.fromkeys(ranks, 0.0)
    opponents: dict[int, list[int]] = {r: [] for r in ranks}
    firsts: dict[int, list[bool | None]] = {r: [] for r in ranks}
    floats: dict[int, list[str | None]] = {r: [] for r in ranks}
    byes = dict.fromkeys(ranks, 0)
    forfeit_wins = dict.fromkeys(ranks, 0)
    by_rank = {p.start_rank: p for p in event.players}
    for r in range(1, rnd):
        before = dict(score)
        for p in event.players:
            g = game_of(event, p, r)
            me = p.start_rank
            score[me] += points_of(g, sc, forfeit_loss)
            if g is not None and g.opponent > 0 and g.result == "+":
                forfeit_wins[me] += 1
            if g is None:
                firsts[me].append(None)
                floats[me].append(None)
                continue
            if _is_pab(g):
                byes[me] += 1
                firsts[me].append(None)
                floats[me].append("down")
                continue
            if g.opponent > 0 and g.opponent in by_rank:
                mine, theirs = before[me], before[g.opponent]
                floats[me].append(
                    "down" if mine > theirs + 1e-9 else "up" if mine < theirs - 1e-9 else None
                )
            else:
                floats[me].append(None)
            if _is_game(g):
                opponents[me].append(g.opponent)
                firsts[me].append(None if g.colour == "-" else g.colour == "w")
            else:
                firsts[me].append(None)
    forbidden: dict[int, set[int]] = {r: set() for r in ranks}
    for group in event.forbidden:
        if group.covers(rnd):
            for a in group.ranks:
                if a in forbidden:
                    forbidden[a].update(b for b in group.ranks if b != a and b in forbidden)
    states: list[PlayerState] = []
    for p in event.players:
        me = p.start_rank
        g = game_of(event, p, rnd)
        active = True
        wants_bye = False
        if g is not None and g.opponent == 0:
            if g.result in ("H", "F", "=", "D", "U", "+", "W", "1"):
                wants_bye = True
            else:
                active = False
        states.append(
            PlayerState(
                id=me,
                rank=me,
                score=score[me],
                opponents=tuple(opponents[me]),
                firsts=tuple(firsts[me]),
                byes=byes[me],
                floats=tuple(floats[me]),
                active=active,
                wants_bye=wants_bye,
                forbidden=tuple(sorted(forbidden[me])),
                forfeit_wins=forfeit_wins[me],
            )
        )
    return states, rnd


def trf_event_from_rounds(
    players: Sequence[PlayerState],
    rounds: Sequence[tuple[RoundPairing, Mapping[int, Outcome]]],
    *,
    total_rounds: int | None = None,
    names: Mapping[int, str] | None = None,
    scoring: Scoring | None = None,
    records: Sequence[tuple[str, str]] = (),
) -> TrfEvent:
    """A TRF event from the pairings and results of the rounds played (board -> outcome).

    ``players`` gives ids and starting ranks (``rank``); the TRF numbers players by starting rank.
    The first player of a pairing is written as white. Byes are ``0000 - U``, requested byes
    ``0000 - H``, absences ``0000 - Z``.
    """
    sc = scoring or Scoring()
    start = {p.id: p.rank for p in players}
    games: dict[int, list[TrfGame | None]] = {p.id: [] for p in players}
    points = {p.id: 0.0 for p in players}
    for rp, results in rounds:
        seen: set[int] = set()
        for pr in rp.pairings:
            if pr.second is None:
                games[pr.first].append(TrfGame(0, "-", "U"))
                points[pr.first] += sc.bye
                seen.add(pr.first)
                continue
            outcome = results.get(pr.board)
            code_a, code_b, pa, pb = {
                "first": ("1", "0", sc.win, sc.loss),
                "second": ("0", "1", sc.loss, sc.win),
                "draw": ("=", "=", sc.draw, sc.draw),
                None: (" ", " ", 0.0, 0.0),
            }[outcome]
            games[pr.first].append(TrfGame(start[pr.second], "w", code_a))
            games[pr.second].append(TrfGame(start[pr.first], "b", code_b))
            points[pr.first] += pa
            points[pr.second] += pb
            seen.update((pr.first, pr.second))
        for p in players:
            if p.id in seen:
                continue
            if p.id in rp.requested_byes:
                games[p.id].append(TrfGame(0, "-", "H"))
                points[p.id] += sc.requested_bye
            else:
                games[p.id].append(TrfGame(0, "-", "Z"))
                points[p.id] += sc.absent
    order = sorted(players, key=lambda p: (-points[p.id], p.rank))
    place = {p.id: i + 1 for i, p in enumerate(order)}
    trf_players = [
        TrfPlayer(
            start_rank=p.rank,
            name=(names or {}).get(p.id, f"Player {p.rank}"),
            points=points[p.id],
            rank=place[p.id],
            games=tuple(games[p.id]),
        )
        for p in sorted(players, key=lambda p: p.rank)
    ]
    return TrfEvent(players=trf_players, total_rounds=total_rounds, records=list(records))


__all__ = [
    "game_of",
    "point_settings",
    "points_of",
    "rounds_played",
    "scoring_of",
    "trf_event_from_rounds",
    "trf_to_states",
]
