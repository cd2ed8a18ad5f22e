"""The board drawn as SVG on the server, from the engine's geometry.

Pointy-top hexes for every cell of the full radius-7 board; the cells of the board in use are
highlighted. Each colour has its own symbol SHAPE as well as its colour (red star, green circle,
blue hexagon, orange square, yellow triangle, purple ring), on the start cells and on both halves
of every placed tile, so the board reads without colour vision.
"""

from __future__ import annotations

import functools
import math
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from games.engine.geometry import START_CELLS, board_cells, parse_cell
from games.engine.tiles import COLOURS

SIZE = 20.0  # circumradius of a cell in SVG units
SQRT3 = math.sqrt(3)
FULL_RADIUS = 7

# Lazy: worded in the reader's language when a page is drawn.
COLOUR_NAMES = {
    "R": _("red"),
    "G": _("green"),
    "B": _("blue"),
    "O": _("orange"),
    "Y": _("yellow"),
    "P": _("purple"),
}
SYMBOL_NAMES = {
    "R": _("star"),
    "G": _("circle"),
    "B": _("hexagon"),
    "O": _("square"),
    "Y": _("triangle"),
    "P": _("ring"),
}


def symbol_words(colour: str) -> str:
    """ "red star" (a colour's symbol in words)."""
    name = COLOUR_NAMES.get(colour, colour)
    return gettext("%(colour)s %(symbol)s") % {
        "colour": name,
        "symbol": SYMBOL_NAMES.get(colour, ""),
    }


def _star_points(n: int, outer: float, inner: float) -> str:
    pts = []
    for i in range(2 * n):
        r = outer if i % 2 == 0 else inner
        a = math.pi / n * i - math.pi / 2
        pts.append(f"{r * math.cos(a):.2f},{r * math.sin(a):.2f}")
    return " ".join(pts)


def _polygon_points(n: int, r: float, start: float) -> str:
    angles = [start + 2 * math.pi * i / n for i in range(n)]
    return " ".join(f"{r * math.cos(a):.2f},{r * math.sin(a):.2f}" for a in angles)


# Each shape is drawn in a 20 x 20 box centred on 0,0 with the current colour.
_SHAPES = {
    "R": f'<polygon points="{_star_points(5, 9.5, 4.0)}" fill="currentColor"/>',
    "G": '<circle r="7.5" fill="currentColor"/>',
    "B": f'<polygon points="{_polygon_points(6, 8.5, 0)}" fill="currentColor"/>',
    "O": '<rect x="-6.8" y="-6.8" width="13.6" height="13.6" rx="1" fill="currentColor"/>',
    "Y": f'<polygon points="{_polygon_points(3, 9.5, -math.pi / 2)}" fill="currentColor"/>',
    "P": '<circle r="6.5" fill="none" stroke="currentColor" stroke-width="3.4"/>',
}


def symbol_defs() -> SafeString:
    """`<symbol>` definitions, once per page; `use` them with `href="#sym-R"`."""
    parts = [f'<symbol id="sym-{c}" viewBox="-10 -10 20 20">{_SHAPES[c]}</symbol>' for c in COLOURS]
    return mark_safe(
        '<svg class="symbol-defs" width="0" height="0" aria-hidden="true" focusable="false">'
        f"<defs>{''.join(parts)}</defs></svg>"
    )


def symbol_svg(colour: str, size: int = 16) -> SafeString:
    """A colour's symbol on its own (score tracks, live boards), drawn from the page's
    ``symbol_defs``: a live round repeats it a thousand times, so each copy stays small (and
    is drawn once per language, colour and size: a live round's render was a quarter this)."""
    return _symbol_svg(get_language(), colour, size)


@functools.lru_cache(maxsize=512)
def _symbol_svg(language: str | None, colour: str, size: int) -> SafeString:
    # ``language`` is the active one: it keys the cache, gettext reads it.
    c = escape(colour)
    return mark_safe(
        f'<svg class="sym c-{c}" width="{size}" height="{size}" role="img" '
        f'aria-label="{escape(symbol_words(colour))}"><use href="#sym-{c}"/></svg>'
    )


def tile_svg(tile: str, size: int = 22) -> SafeString:
    """A two-cell tile, first colour on the left, each half with its colour and symbol."""
    a, b = tile[0], tile[1]
    hexagon = _polygon_points(6, 9.6, math.pi / 6)
    halves = []
    for i, c in enumerate((a, b)):
        x = -8.7 + i * 17.4
        halves.append(
            f'<g transform="translate({x:.1f},0)"><polygon class="hex c-{c}" points="{hexagon}"/>'
            f'<use href="#sym-{c}" x="-5.5" y="-5.5" width="11" height="11" class="on-tile"/></g>'
        )
    label = escape(
        gettext("%(first)s/%(second)s tile") % {"first": COLOUR_NAMES[a], "second": COLOUR_NAMES[b]}
    )
    return mark_safe(
        f'<svg class="tile-icon" width="{size * 2}" height="{size}" viewBox="-19 -10 38 20" '
        f'role="img" aria-label="{label}">{"".join(halves)}</svg>'
    )


def centre(name: str) -> tuple[float, float]:
    q, r = parse_cell(name)
    return SIZE * SQRT3 * (q + r / 2), SIZE * 1.5 * r


_HEX = " ".join(
    f"{SIZE * math.cos(math.pi / 6 + math.pi / 3 * i):.2f},"
    f"{SIZE * math.sin(math.pi / 6 + math.pi / 3 * i):.2f}"
    for i in range(6)
)


def board_svg(
    position: dict[str, Any],
    *,
    interactive: bool = False,
    highlight_plies: int = 0,
    label: str = "",
    overlay: str = "",
) -> SafeString:
    """The whole board. `position` is the cached position summary (positions.summarise).

    Placed halves carry `data-ply` so the viewer can step through the game (and their cell
    name, shown while the viewer hides the tile); the last `highlight_plies` placements are
    outlined so the arbiter sees what was just entered. An `interactive` board's cells in use
    are buttons named by cell and content, reached by keyboard (one tab stop, arrow keys).
    ``overlay``: SVG drawn over the board (the viewer's ghosts of the engine's placements,
    ``ghost_svg``).
    """
    radius = int(position.get("radius") or 5)
    cells: dict[str, dict[str, Any]] = position.get("cells") or {}
    plies = int(position.get("plies") or 0)
    in_use_cells = board_cells(radius)
    in_use = set(in_use_cells)
    starts = {cell: colour for colour, cell in START_CELLS.items()}
    full = _view_box(FULL_RADIUS, 4)
    # An image to read, or a group of buttons to operate.
    role = "group" if interactive else "img"
    parts = [
        f'<svg class="board{" interactive" if interactive else ""}" viewBox="{full}" '
        f'data-full-box="{full}" data-zoom-box="{_view_box(radius, SIZE)}" role="{role}" '
        f'aria-label="{escape(label or gettext("Game board"))}" xmlns="http://www.w3.org/2000/svg">'
    ]
    centre_cell = in_use_cells[len(in_use_cells) // 2]  # the one tab stop until one is used
    tiles: dict[int, list[str]] = {}
    for name in board_cells(FULL_RADIUS):
        x, y = centre(name)
        info = cells.get(name)
        classes = ["cell", "in-use" if name in in_use else "off"]
        attrs = [f'data-cell="{name}"']
        inner = ""
        name_text = f'<text x="{x:.1f}" y="{y + 3:.1f}" class="cell-name">{name}</text>'
        if interactive and name in in_use:
            occupied = bool(info and not info.get("start")) or name in starts
            attrs.append(f'tabindex="{0 if name == centre_cell else -1}" role="button"')
            attrs.append(f'aria-label="{name}, {_content(info, starts.get(name))}"')
            if occupied:
                attrs.append('aria-disabled="true"')
        if info and not info.get("start"):
            colour = info["colour"]
            ply = int(info.get("ply") or 0)
            classes += ["placed", f"c-{colour}"]
            if highlight_plies and ply > plies - highlight_plies:
                classes.append("recent")
            attrs.append(f'data-ply="{ply}"')
            attrs.append(f'data-colour="{colour}"')
            tiles.setdefault(ply, []).append(name)
            inner = (
                f'<use href="#sym-{colour}" x="{x - 7:.1f}" y="{y - 7:.1f}" width="14" '
                f'height="14" class="on-tile"/>{name_text}'
            )
        elif name in starts:
            colour = starts[name]
            classes += ["start", f"start-{colour}"]
            attrs.append(f'data-colour="{colour}"')
            inner = (
                f'<use href="#sym-{colour}" x="{x - 9:.1f}" y="{y - 9:.1f}" width="18" '
                f'height="18" class="start-symbol c-{colour}"/>'
            )
        else:
            inner = name_text
        title = f"<title>{name}{_describe(info, starts.get(name))}</title>"
        parts.append(
            f'<g class="{" ".join(classes)}" {" ".join(attrs)}>{title}'
            f'<polygon points="{_HEX}" transform="translate({x:.1f},{y:.1f})"/>{inner}</g>'
        )
    # A short bar across the shared edge shows which two halves make one tile.
    for ply, names in sorted(tiles.items()):
        if len(names) != 2:
            continue
        (x1, y1), (x2, y2) = centre(names[0]), centre(names[1])
        parts.append(
            f'<line class="tile-join" data-ply="{ply}" x1="{x1 + (x2 - x1) * 0.3:.1f}" '
            f'y1="{y1 + (y2 - y1) * 0.3:.1f}" x2="{x1 + (x2 - x1) * 0.7:.1f}" '
            f'y2="{y1 + (y2 - y1) * 0.7:.1f}"/>'
        )
    parts.append(overlay)
    parts.append("</svg>")
    return mark_safe("".join(parts))


def ghost_svg(tile: str, cells: list[str], *, step: int, shown: bool, label: str) -> str:
    """A placement that was not played (the engine's best), drawn over the board as a ghost:
    both halves dashed and half transparent, each with its colour and symbol. One per step of
    the viewer (``data-ghost-step``); the viewer shows the step's own."""
    # Smaller than a cell, so that a tile played on the same cells still shows around it.
    halves = []
    for colour, name in zip(tile, cells, strict=True):
        x, y = centre(name)
        halves.append(
            f'<g class="ghost-half c-{escape(colour)}"><polygon points="{_HEX}" '
            f'transform="translate({x:.1f},{y:.1f}) scale(0.72)"/><use '
            f'href="#sym-{escape(colour)}" x="{x - 6:.1f}" y="{y - 6:.1f}" width="12" '
            f'height="12" class="on-tile"/></g>'
        )
    # The board is one image to assistive technology: the judgement beside it says the same
    # placement in words; the title is for a pointer.
    return (
        f'<g class="ghost{" shown" if shown else ""}" data-ghost-step="{step}">'
        f"<title>{escape(label)}</title>{''.join(halves)}</g>"
    )


def _view_box(radius: int, margin: float) -> str:
    """The SVG viewBox around a board of `radius` (the full board, or the board in use)."""
    width = SIZE * SQRT3 * (2 * radius + 1) + margin
    height = SIZE * (3 * radius + 2) + margin
    return f"{-width / 2:.1f} {-height / 2:.1f} {width:.1f} {height:.1f}"


def _content(info: dict[str, Any] | None, start: str | None) -> str:
    """What a cell holds, in words: "empty", "red star", "red start symbol"."""
    if info and not info.get("start"):
        colour = info["colour"]
        return symbol_words(colour).strip()
    if start:
        return gettext("%(colour)s start symbol") % {"colour": COLOUR_NAMES[start]}
    return gettext("empty")


def _describe(info: dict[str, Any] | None, start: str | None) -> str:
    if info and not info.get("start"):
        words = symbol_words(info["colour"])
        return ": " + gettext("%(symbol)s, ply %(ply)s") % {"symbol": words, "ply": info.get("ply")}
    if start:
        return ": " + gettext("%(colour)s start symbol (%(symbol)s)") % {
            "colour": COLOUR_NAMES[start],
            "symbol": SYMBOL_NAMES[start],
        }
    return ""
