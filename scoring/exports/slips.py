"""Result slips for the arbiters: one per board, with a QR code to the board's live page.

A table of 3 or 4 gets one slip with every seat in order (boards passed with their seats loaded):
each seat's lowest and next-lowest colour level and its placing, and a signature per seat.
"""

import io
from collections.abc import Callable, Sequence

import qrcode
from django.utils.translation import gettext
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from scoring.exports.fonts import FontChain, font_chains, pdf_fonts
from tournament.models.events import Board, Event

SLIPS_PER_PAGE = 3


def qr_matrix(data: str) -> list[list[bool]]:
    """The QR code's modules (True = dark), without a quiet zone."""
    code = qrcode.QRCode(border=0, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(data)
    code.make(fit=True)
    return code.get_matrix()


def _draw_qr(canvas: Canvas, data: str, x: float, y: float, size: float) -> None:
    """Draw the QR code of ``data`` as vector squares, bottom-left at (x, y), and make it a
    link so a click on the PDF opens it too."""
    matrix = qr_matrix(data)
    n = len(matrix)
    module = size / n
    canvas.saveState()
    canvas.setFillColor(colors.black)
    for row, modules in enumerate(matrix):
        col = 0
        while col < n:
            if not modules[col]:
                col += 1
                continue
            start = col
            while col < n and modules[col]:
                col += 1
            top = y + size - (row + 1) * module
            canvas.rect(x + start * module, top, (col - start) * module, module, 0, 1)
    canvas.restoreState()
    canvas.linkURL(data, (x, y, x + size, y + size), relative=0)


def slips_pdf(
    event: Event,
    round_number: int,
    boards: Sequence[Board],
    board_url: Callable[[Board], str | None],
) -> bytes:
    """Result slips for the arbiters: one per board with two players or more (a table of 3
    or 4 on one slip), three to an A4 page, each with a QR code that opens the board's live
    page."""
    regular, bold = pdf_fonts()
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=A4)
    canvas.setTitle(
        gettext("%(event)s: round %(number)s result slips")
        % {"event": event.name, "number": round_number}
    )
    width, height = A4
    margin = 12 * mm
    slip_height = (height - 2 * margin) / SLIPS_PER_PAGE
    games = [b for b in boards if b.has_game]  # a solitaire entrant's board too: not a bye
    if not games:
        title = gettext("%(event)s: round %(number)s") % {
            "event": event.name,
            "number": round_number,
        }
        font_chains()[1].draw(canvas, margin, height - margin - 20, title, 14)
        canvas.setFont(regular, 11)
        canvas.drawString(
            margin, height - margin - 40, gettext("No boards with two players to slip.")
        )
        canvas.showPage()
    for i, board in enumerate(games):
        slot = i % SLIPS_PER_PAGE
        if i and slot == 0:
            canvas.showPage()
        top = height - margin - slot * slip_height
        _draw_slip(canvas, event, round_number, board, board_url(board), margin, top, width)
        if slot < SLIPS_PER_PAGE - 1:
            canvas.saveState()
            canvas.setDash(3, 3)
            canvas.setStrokeColor(colors.grey)
            canvas.line(margin, top - slip_height, width - margin, top - slip_height)
            canvas.restoreState()
    if games:
        canvas.showPage()
    canvas.save()
    return out.getvalue()


def _draw_slip(
    canvas: Canvas,
    event: Event,
    round_number: int,
    board: Board,
    url: str | None,
    margin: float,
    top: float,
    width: float,
) -> None:
    regular_chain, bold_chain = font_chains()
    bold = bold_chain.main
    x = margin + 4
    y = top - 22
    canvas.setFont(bold, 13)
    at_table = len({seat.entry_id for seat in board.seats.all()}) > 2  # two teams: a pair's slip
    heading = (
        gettext("Round %(round)s · Table %(board)s")
        if at_table
        else gettext("Round %(round)s · Board %(board)s")
    ) % {"round": round_number, "board": board.number}
    canvas.drawString(x, y, heading)
    _draw_fitted(canvas, event.name, regular_chain, 9, x, y - 14, 400)
    if at_table:
        _draw_table_seats(canvas, board, x, y - 40)
    elif board.plays_alone:
        _draw_alone(canvas, board, x, y - 40)
    else:
        _draw_pair(canvas, board, x, y - 40)
    _draw_link(canvas, url, width - margin - 32 * mm - 4, top - 12 - 32 * mm)


def _draw_pair(canvas: Canvas, board: Board, x: float, y: float) -> None:
    """The two players, their lowest levels, the result to tick and three signatures."""
    regular_chain, bold_chain = font_chains()
    regular = regular_chain.main
    first, second = board.sides[:2]  # from the seats: players, or partnership teams
    lines = [
        (gettext("Moves first"), first.name, first.starting_rank),
        (gettext("Second"), second.name, second.starting_rank),
    ]
    for label, name, rank in lines:
        canvas.setFont(regular, 9)
        canvas.drawString(x, y, label)
        _draw_fitted(canvas, f"{name} (#{rank})", bold_chain, 12, x + 70, y, 250)
        canvas.setFont(regular, 9)
        canvas.drawString(x + 330, y, gettext("lowest level"))
        canvas.rect(x + 390, y - 4, 30, 16)
        y -= 24
    y -= 4
    canvas.setFont(regular, 10)
    canvas.drawString(x, y, gettext("Result (tick one):"))
    bx = x + 100
    for option in ("1-0", "½-½", "0-1", "+/-", "-/+", "-/-"):
        canvas.rect(bx, y - 2, 10, 10)
        canvas.drawString(bx + 14, y, option)
        bx += 56
    y -= 36
    signatures = (gettext("First's signature"), gettext("Second's signature"), gettext("Arbiter"))
    for label in signatures:
        canvas.line(x, y, x + 140, y)
        canvas.setFont(regular, 8)
        canvas.drawString(x, y - 10, label)
        x += 160


def _draw_alone(canvas: Canvas, board: Board, x: float, y: float) -> None:
    """A duplicate solitaire entrant: plays the round's deal; a box for each of the six
    colour levels, lowest first (the round is placed on all six), and two signatures."""
    regular_chain, bold_chain = font_chains()
    regular = regular_chain.main
    seat = board.side_seats()[0]
    name = f"{seat.player.name} (#{seat.entry.starting_rank})"
    _draw_fitted(canvas, name, bold_chain, 12, x, y, 300)
    canvas.setFont(regular, 9)
    canvas.drawString(x + 310, y, gettext("Plays the round's deal (solitaire)"))
    y -= 26
    canvas.drawString(x, y, gettext("Colour levels, lowest first:"))
    for n in range(6):
        canvas.rect(x + 140 + n * 36, y - 4, 30, 16)
    y -= 42
    for label in (gettext("Entrant's signature"), gettext("Arbiter")):
        canvas.line(x, y, x + 140, y)
        canvas.setFont(regular, 8)
        canvas.drawString(x, y - 10, label)
        x += 160


def _draw_table_seats(canvas: Canvas, board: Board, x: float, y: float) -> None:
    """Every seat of a table in order (seat 1 moves first): boxes for the lowest and next
    lowest colour level and the placing, and a signature per seat and the arbiter's."""
    regular_chain, bold_chain = font_chains()
    regular = regular_chain.main
    seats = list(board.seats.all())
    for seat in seats:
        canvas.setFont(regular, 9)
        canvas.drawString(x, y, gettext("Seat %(number)s") % {"number": seat.number + 1})
        entry = seat.entry
        name = f"{seat.player.name} (#{entry.starting_rank})"  # a partner at their own seat
        _draw_fitted(canvas, name, bold_chain, 11, x + 45, y, 180)
        canvas.setFont(regular, 8)
        for label, lx, bx, bw in (
            (gettext("lowest"), 232, 262, 26),
            (gettext("next"), 294, 316, 26),
            (gettext("placing"), 348, 382, 20),
        ):
            canvas.drawString(x + lx, y, label)
            canvas.rect(x + bx, y - 4, bw, 16)
        y -= 22
    canvas.setFont(regular, 8)
    canvas.drawString(
        x,
        y,
        gettext("Placing: 1 is best (the lowest colour, then the next); tied players share."),
    )
    y -= 34
    labels = [gettext("Seat %(number)s") % {"number": seat.number + 1} for seat in seats]
    step = 500 / (len(labels) + 1)
    for label in [*labels, gettext("Arbiter")]:
        canvas.line(x, y, x + step - 12, y)
        canvas.setFont(regular, 8)
        canvas.drawString(x, y - 10, label)
        x += step


def _draw_link(canvas: Canvas, url: str | None, qx: float, qy: float) -> None:
    """The QR code of the board's live page, or a note that it has none."""
    regular = font_chains()[0].main
    size = 32 * mm
    if url:
        _draw_qr(canvas, url, qx, qy, size)
        canvas.setFont(regular, 6)
        canvas.drawCentredString(qx + size / 2, qy - 14, gettext("live board"))
    else:
        canvas.setFont(regular, 8)
        canvas.drawCentredString(qx + size / 2, qy + size / 2, gettext("no live page"))


def _draw_fitted(
    canvas: Canvas, text: str, fonts: FontChain, size: float, x: float, y: float, width: float
) -> None:
    """Draw ``text`` in at most ``width`` points, each run in the font that has its glyphs:
    smaller type (down to 8 pt), then cut short."""
    while size > 8 and fonts.width(text, size) > width:
        size -= 0.5
    while len(text) > 1 and fonts.width(text, size) > width:
        text = text[:-2] + "…"
    fonts.draw(canvas, x, y, text, size)
