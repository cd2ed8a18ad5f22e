"""The event's PDF: pairings of every public round, the standings and the crosstable.

An event at tables lists each round's tables seat by seat (the boards passed in with their seats:
the standings' pairings hold only the first two), with each seat's placing once it counts.
"""

import io
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from django.utils.formats import date_format
from django.utils.translation import gettext, pgettext
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from scoring.exports.fonts import font_chains, pdf_fonts
from scoring.exports.pairings import board_status
from scoring.standings.sheet import Cell, Contender, Standings
from tournament.events.services import ruleset_label
from tournament.models.events import Board, Event, Result

#: A board of one with one of these results records a round the player did not play (a late
#: entrant's missed round, a requested bye, an absence): no board in the PDF, a line below the
#: round's boards instead, as on the round's page. A pairing-allocated bye is a pairing: a board.
ABSENCES = frozenset({Result.ABSENT, Result.HALF_BYE, Result.FULL_BYE})


def _text(value: object) -> str:
    """A Paragraph reads its text as ReportLab markup (tags, entities, <img src=...> that reads
    a file): names, clubs and event details are text, so escape them, and put each run of
    characters the main face lacks (CJK) in the fallback font that has them."""
    regular, _ = font_chains()
    return regular.markup(str(value))


def _styles() -> dict[str, ParagraphStyle]:
    regular, bold = pdf_fonts()
    base = getSampleStyleSheet()
    return {
        "title": ParagraphStyle("title", parent=base["Title"], fontName=bold, fontSize=16),
        "h2": ParagraphStyle(
            "h2", parent=base["Heading2"], fontName=bold, fontSize=12, keepWithNext=1
        ),
        "small": ParagraphStyle("small", parent=base["Normal"], fontName=regular, fontSize=8),
        "head": ParagraphStyle(
            "head", parent=base["Normal"], fontName=bold, fontSize=8, leading=9.5
        ),
        "cell": ParagraphStyle(
            "cell", parent=base["Normal"], fontName=regular, fontSize=7.5, leading=9
        ),
    }


def _table(data: list[list[Any]], widths: list[float] | None = None, *, size: float = 8) -> Table:
    """A table whose every text cell is a Paragraph: long names wrap inside their column
    instead of running over the next, and every script gets its fallback font."""
    regular, bold = pdf_fonts()
    head = ParagraphStyle("table-head", fontName=bold, fontSize=size, leading=size + 1.5)
    body = ParagraphStyle("table-cell", fontName=regular, fontSize=size, leading=size + 1.5)
    cells = [
        [
            cell
            if isinstance(cell, Paragraph)
            else Paragraph(_text(cell), head if i == 0 else body)
            for cell in row
        ]
        for i, row in enumerate(data)
    ]
    table = Table(cells, colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
                ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.lightgrey),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("TOPPADDING", (0, 0), (-1, -1), 2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ]
        )
    )
    return table


def _dates(event: Event) -> str:
    """The event's dates in the reader's format ("28 Nov 2026", "28. November 2026")."""
    if not event.start_date:
        return ""
    start = date_format(event.start_date, "DATE_FORMAT")
    if event.end_date and event.end_date != event.start_date:
        return f"{start} – {date_format(event.end_date, 'DATE_FORMAT')}"
    return start


def _result_text(code: str, held: bool, provisional: str = "") -> str:
    if held:
        return gettext("held")
    if provisional:
        return gettext("%(result)s (provisional)") % {"result": _result_text(provisional, False)}
    shown = {
        "1/2-1/2": "½-½",
        "half-bye": gettext("½ bye"),
        "full-bye": gettext("1 bye"),
        "absent": gettext("absent"),
        "table": gettext("placings"),  # a solitaire entrant's: placed over the round
    }
    return shown.get(code, code)


def event_pdf(
    event: Event,
    table: Standings,
    generated: datetime,
    *,
    tables: Sequence[Board] | None = None,
) -> bytes:
    """Pairings of every public round, the standings and the crosstable, on landscape A4.
    ``tables``: the public boards with their seats and rounds, for an event at tables."""
    styles = _styles()
    subtitle = " · ".join(x for x in (event.venue, _dates(event), ruleset_label(event)) if x)
    story: list[Any] = [Paragraph(_text(event.name), styles["title"])]
    if subtitle:
        story.append(Paragraph(_text(subtitle), styles["small"]))
    when = f"{date_format(generated, 'DATE_FORMAT')} {date_format(generated, 'H:i')}"
    story.append(Paragraph(gettext("Generated %(when)s") % {"when": when}, styles["small"]))

    for rnd in table.rounds:
        if tables is not None:
            story += _round_tables(rnd, [b for b in tables if b.round.number == rnd], styles)
            continue
        rows: list[list[Any]] = [
            [gettext("Board"), gettext("Moves first"), gettext("Second"), gettext("Result")]
        ]
        alone = event.ruleset == Event.Ruleset.SOLITAIRE  # entrants of the deal, not byes
        away: list[str] = []
        for p in table.round_pairings(rnd):
            if p.second is None and p.result in ABSENCES:
                away.append(_away(table.name_of(p.first), p.result))
                continue
            if p.second is not None:
                second = table.name_of(p.second)
            elif alone and p.result in ("", "table"):
                second = gettext("plays the round's deal (solitaire)")
            else:
                second = gettext("(no opponent)")
            rows.append(
                [
                    p.number,
                    table.name_of(p.first),
                    second,
                    _result_text(p.result, p.held, p.provisional),
                ]
            )
        story += [
            Paragraph(gettext("Round %(number)s: pairings") % {"number": rnd}, styles["h2"]),
            _table(rows, [40, 270, 270, 130]),
            *_not_playing(away, styles),
        ]
    if not table.rounds:
        story.append(Paragraph(gettext("No round has been published yet."), styles["small"]))

    story += [PageBreak(), Paragraph(gettext("Standings"), styles["h2"])]
    labels = [gettext("Rank"), gettext("Player"), gettext("Club"), gettext("VP")]
    labels += [gettext(c.label) for c in table.chain] + [gettext("Games")]
    rows = [[Paragraph(_text(label), styles["head"]) for label in labels]]
    for line in table.lines:
        rows.append(
            [
                line.rank_text,
                _name(line.contender),
                line.contender.club,
                line.vp_text,
                *line.tiebreak_texts,
                line.games_played,
            ]
        )
    tb_width = 80.0
    # "Games" in 8 pt bold with the cell's padding needs about 40 pt: 50 keeps it on one line.
    widths = [36.0, 200.0, 140.0, 40.0] + [tb_width] * len(table.chain) + [50.0]
    story.append(_table(rows, widths))
    if table.chain:
        legend = "; ".join(f"{gettext(c.label)}: {gettext(c.description)}" for c in table.chain)
        story += [Spacer(1, 4), Paragraph(_text(legend), styles["small"])]

    story += [PageBreak(), Paragraph(gettext("Crosstable"), styles["h2"])]
    legend = gettext(
        "Each round: the opponent's rank, %(first)s (moved first) or %(second)s (second), the "
        "score, and both lowest colour levels (own-opponent's)."
    ) % {"first": _side(True), "second": _side(False)}
    if table.has_tables:
        legend += " " + gettext(
            "At a table of 3 or 4: the placing there out of the players at the table, and the "
            "victory points (2/4 · ½: second of four, half a point)."
        )
    story.append(Paragraph(legend, styles["small"]))
    usable = landscape(A4)[0] - 24 * mm
    fixed = [36.0, 120.0, 30.0]  # "Rank" on one line
    round_width = min(72.0, (usable - sum(fixed)) / max(1, len(table.rounds)))
    rows = [[gettext("Rank"), gettext("Player")] + [f"R{r}" for r in table.rounds]]
    rows[0].append(gettext("VP"))
    for line in table.lines:
        rows.append(
            [
                line.rank_text,
                Paragraph(_text(_name(line.contender)), styles["cell"]),
                *(_cell_pdf(cell) for cell in line.cells),
                line.vp_text,
            ]
        )
    widths = [fixed[0], fixed[1]] + [round_width] * len(table.rounds) + [fixed[2]]
    story.append(_table(rows, widths, size=7.5))

    return _build(event, gettext("%(event)s: results") % {"event": event.name}, story)


def _build(event: Event, title: str, story: list[Any]) -> bytes:
    """The PDF of ``story`` on landscape A4, with the event's footer on every page."""
    out = io.BytesIO()
    doc = SimpleDocTemplate(
        out,
        pagesize=landscape(A4),
        leftMargin=12 * mm,
        rightMargin=12 * mm,
        topMargin=12 * mm,
        bottomMargin=14 * mm,
        title=title,
        author="Ingenious at the MSO",
    )
    doc.build(story, onFirstPage=_footer(event), onLaterPages=_footer(event))
    return out.getvalue()


def _round_tables(
    rnd: int, boards: Sequence[Board], styles: dict[str, ParagraphStyle]
) -> list[Any]:
    """A round of an event at tables: a line per table, its seats in order (seat 1 moves
    first), each with its placing once the result counts."""
    width = max([len(b.seats.all()) for b in boards] + [2])
    head = [gettext("Table")]
    head += [gettext("Seat %(number)s") % {"number": n + 1} for n in range(width)]
    rows: list[list[Any]] = [[*head, gettext("Result")]]
    away: list[str] = []
    for board in boards:
        seats = list(board.seats.all())
        shown = board.result_counts
        if len(seats) == 1 and board.result in ABSENCES:
            away.append(_away(seats[0].player.name, board.result))
            continue
        cells = [
            f"{seat.player.name} ({seat.placing})"
            if shown and seat.placing is not None
            else seat.player.name
            for seat in seats
        ]
        cells += [""] * (width - len(seats))
        if len(seats) == 1:
            result = _result_text(board.result, False) if shown else ""
        elif board.result == "table" and shown:
            result = gettext("placings")
        elif board.result and not shown:
            held = board_status(board) == "held"
            result = gettext("held") if held else gettext("provisional")
        else:
            result = _result_text(board.result, False)
        rows.append([board.number, *cells, result])
    seat_width = 600.0 / width
    legend = gettext("Seat 1 moves first; in brackets, the placing at the table (1 best).")
    return [
        Paragraph(gettext("Round %(number)s: tables") % {"number": rnd}, styles["h2"]),
        _table(rows, [40.0] + [seat_width] * width + [70.0]),
        Spacer(1, 2),
        Paragraph(legend, styles["small"]),
        *_not_playing(away, styles),
    ]


def _name(contender: Contender) -> str:
    """The player's name, marked when they withdrew (every standings export says so)."""
    if contender.withdrawn:
        return gettext("%(name)s (withdrawn)") % {"name": contender.name}
    return contender.name


def _away(name: str, result: str) -> str:
    return f"{name} ({_result_text(result, False)})"


def _not_playing(away: Sequence[str], styles: dict[str, ParagraphStyle]) -> list[Any]:
    """The round's players without a board (missed rounds, byes asked for, absences)."""
    if not away:
        return []
    text = _text(gettext("Not playing this round:") + " " + "; ".join(away) + ".")
    return [Spacer(1, 2), Paragraph(text, styles["small"])]


def _cell_pdf(cell: Cell | None) -> str:
    if cell is None:
        return ""
    if cell.opponent is None:
        return cell.label
    side = _side(cell.moved_first)
    score = cell.score if cell.points is not None else cell.label
    parts = [f"{cell.opponent_rank or '?'}{side}", score, cell.levels]
    return " ".join(p for p in parts if p)


def _side(moved_first: bool | None) -> str:
    """The crosstable's letter for who moved first, as the pages write it."""
    if moved_first is None:
        return ""
    return pgettext("moved first", "f") if moved_first else pgettext("moved second", "s")


def _footer(event: Event) -> Callable[[Canvas, Any], None]:
    regular, _ = font_chains()

    def draw(canvas: Canvas, doc: Any) -> None:
        canvas.saveState()
        regular.draw(canvas, doc.leftMargin, 7 * mm, event.name, 7)
        canvas.setFont(regular.main, 7)
        canvas.drawRightString(
            doc.pagesize[0] - doc.rightMargin,
            7 * mm,
            gettext("page %(number)s") % {"number": canvas.getPageNumber()},
        )
        canvas.restoreState()

    return draw
