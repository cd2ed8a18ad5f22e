"""The event as a TRF file (TRF-16 or TRF-2026), written (and read back) by
tournament.pairing.trf; tournament.restrictions.trf_import imports it as a new event."""

from collections.abc import Sequence
from typing import Any, Literal

from django.utils.translation import gettext

from scoring.standings.sheet import Cell, Line, Standings
from tournament.models.events import Event
from tournament.pairing.trf import TrfEvent, TrfForbidden, TrfGame, TrfPlayer, write_trf

_TRF_RESULTS = {1.0: "1", 0.5: "=", 0.0: "0"}
_TRF_SINGLES = {"bye": "U", "half_bye": "H", "full_bye": "F", "absent": "Z"}
#: A public round in which the player has no board (withdrawn, or not yet entered): TRF-16's
#: zero-point bye, "known absence from round" (a blank block means the same, but says nothing).
UNPAIRED = TrfGame(0, "-", "Z")
TRF_VERSIONS: tuple[str, ...] = ("16", "2026")
LEVELS_COMMENT = " levels round {round} board {board}: {first}-{second} lowest {fl}-{sl}"


def trf_refusal(event: Event) -> str:
    """Why the event has no TRF file ("" when it has one): TRF pairs two players a game, so an
    event at tables of 3 or 4, of partnership teams or of duplicate solitaire exports its games
    as CSV or JSON instead."""
    if event.table_size != 2:
        return gettext(
            "TRF has no tables: use CSV or JSON. %(event)s is not played in games of two "
            "players, and a TRF file holds games of two players only."
        ) % {"event": event.name}
    return ""


def event_trf(
    event: Event,
    table: Standings,
    version: Literal["16", "2026"] = "16",
    *,
    requested_byes: dict[int, list[tuple[int, str]]] | None = None,
    forbidden: Sequence[tuple[int, int]] = (),
) -> str:
    """The event as a TRF file of ``version`` (tournament.pairing.trf): players by starting
    rank with VP and a unique rank (:func:`unique_ranks`), every public round of every player
    (the first-named player as white; ``0000 - Z`` where the player had no board), each game's
    lowest colour levels and each withdrawn player in ``###`` comment lines, the byes asked for
    rounds still to come (starting rank -> [(round, H / F / Z)]) and the pairs kept apart
    (starting ranks).
    An event at tables has none (:func:`trf_refusal`): ValueError."""
    if refusal := trf_refusal(event):
        raise ValueError(refusal)
    start = {line.contender.entry_id: line.contender.starting_rank for line in table.lines}
    seat: dict[tuple[int, int], str] = {}
    for p in table.pairings:
        seat[(p.round, p.first)] = "w"
        if p.second is not None:
            seat[(p.round, p.second)] = "b"

    def game(line: Line, rnd: int, cell: Cell | None) -> TrfGame:
        if cell is None:
            return UNPAIRED
        if cell.kind in _TRF_SINGLES:
            return TrfGame(0, "-", _TRF_SINGLES[cell.kind])
        opponent = start.get(cell.opponent or 0, 0)
        colour = seat.get((rnd, line.contender.entry_id), "-") if opponent else "-"
        if cell.kind == "forfeit":
            return TrfGame(opponent, colour, "+" if (cell.points or 0) > 0 else "-")
        if cell.kind == "played":
            return TrfGame(opponent, colour, _TRF_RESULTS.get(cell.points or 0.0, " "))
        return TrfGame(opponent, colour, " ")  # paired, no counted result (yet)

    ranks = unique_ranks(table)
    players = [
        TrfPlayer(
            start_rank=line.contender.starting_rank,
            name=line.contender.name,
            rating=line.contender.rating or 0,
            federation=line.contender.country,
            points=line.vp,
            rank=ranks[line.contender.entry_id],
            games=_fill_rounds(
                {
                    rnd: game(line, rnd, cell)
                    for rnd, cell in zip(table.rounds, line.cells, strict=True)
                }
            ),
        )
        for line in sorted(table.lines, key=lambda ln: ln.contender.starting_rank)
    ]
    records = [
        ("012", event.name),
        ("022", event.venue),
        ("042", event.start_date.strftime("%Y/%m/%d") if event.start_date else ""),
        ("052", event.end_date.strftime("%Y/%m/%d") if event.end_date else ""),
        # The players this file lists (every entry), as the TRF defines 062; the Pentamind
        # field (scoring/core/field.py) leaves out who played no game.
        ("062", str(table.entry_count)),
        ("092", event.get_pairing_system_display()),
        ("122", f"{event.clock_minutes} minutes per player, sudden death"),
    ]
    if float(event.bye_value) != 1.0:
        records.append(("BBU", f"{float(event.bye_value):.1f}"))
    comments = [
        " Ingenious (MSO): points are victory points; w = moved first.",
        " tie-breaks: " + ", ".join(c.label for c in table.chain),
        " rank: unique; players tied after every tie-break are ranked by starting rank",
    ]
    comments += [
        f" withdrawn: {line.contender.starting_rank} {line.contender.name}"
        for line in sorted(table.lines, key=lambda ln: ln.contender.starting_rank)
        if line.contender.withdrawn
    ]
    for p in table.pairings:
        line = table.line(p.first)
        cell = _cell_of(table, line, p.round) if line else None
        if p.second is None or cell is None or cell.kind != "played" or not cell.levels:
            continue
        comments.append(
            LEVELS_COMMENT.format(
                round=p.round,
                board=p.number,
                first=start[p.first],
                second=start[p.second],
                fl=cell.own_lowest,
                sl=cell.opp_lowest,
            )
        )
    trf = TrfEvent(
        players=players,
        total_rounds=event.rounds,
        records=records,
        requested_byes=dict(requested_byes or {}),
        forbidden=[TrfForbidden(tuple(pair)) for pair in forbidden],
    )
    return write_trf(trf, comments=comments, version=version)


def unique_ranks(table: Standings) -> dict[int, int]:
    """Each entry's rank in the TRF (entry id -> 1, 2, 3 ...): the standings' order, which
    follows the event's tie-breaks, with players tied after all of them (a shared rank) in
    starting-rank order. A shared rank would leave the file's ranking open."""
    ordered = sorted(table.lines, key=lambda ln: (ln.rank, ln.contender.starting_rank))
    return {line.contender.entry_id: k for k, line in enumerate(ordered, start=1)}


def _fill_rounds(by_round: dict[int, Any]) -> tuple[Any, ...]:
    """Rounds 1..last public one; a round that is not public (yet) stays blank."""
    last = max(by_round, default=0)
    return tuple(by_round.get(rnd) for rnd in range(1, last + 1))


def _cell_of(table: Standings, line: Line, rnd: int) -> Cell | None:
    try:
        return line.cells[table.rounds.index(rnd)]
    except ValueError:
        return None
