"""Template tags drawing the colour symbols and tiles (see games/recording/board_svg.py)."""

from django import template
from django.utils.html import format_html_join
from django.utils.safestring import SafeString

from games.clocks.readings import format_ms
from games.recording import board_svg

register = template.Library()


@register.simple_tag
def symbol_defs() -> SafeString:
    return board_svg.symbol_defs()


@register.simple_tag
def colour_symbol(colour: str, size: int = 16) -> SafeString:
    return board_svg.symbol_svg(colour, size)


@register.simple_tag
def colour_levels(tracks: list[tuple[str, int]], size: int = 12) -> SafeString:
    """A seat's six levels, each after its colour's symbol (the live boards: one tag per seat
    rather than six, which made most of a live round's render)."""
    return format_html_join(
        "", '<span class="lvl">{}{}</span>', ((board_svg.symbol_svg(c, size), v) for c, v in tracks)
    )


@register.simple_tag
def tile_icon(tile: str, size: int = 22) -> SafeString:
    return board_svg.tile_svg(tile, size)


@register.filter
def clock_time(ms: int | None) -> str:
    return format_ms(ms or 0)
