"""Result slips for the arbiters: one per board, with a QR code to the board's live page."""

import io
from collections.abc import Callable, Sequence

import qrcode
from django.utils.translation import gettext
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from scoring.exports.fonts import FontChain, font_chains, pdf_fonts
from tournament.models import Board, Event

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
    """Result slips for the arbiters: one per board with two players, three to an A4 page,
    each with a QR code that opens the board's live page."""
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
    games = [b for b in boards if b.second_id is not None]
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
    regular, bold = regular_chain.main, bold_chain.main
    x = margin + 4
    y = top - 22
    canvas.setFont(bold, 13)
    heading = gettext("Round %(round)s · Board %(board)s") % {
        "round": round_number,
        "board": board.number,
    }
    canvas.drawString(x, y, heading)
    _draw_fitted(canvas, event.name, regular_chain, 9, x, y - 14, 400)
    second = board.second
    assert second is not None
    lines = [
        (gettext("Moves first"), board.first.player.name, board.first.starting_rank),
        (gettext("Second"), second.player.name, second.starting_rank),
    ]
    y -= 40
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
    size = 32 * mm
    qx = width - margin - size - 4
    qy = top - 12 - size
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
