"""Template tags drawing the colour symbols and tiles (see games/board_svg.py)."""

from django import template
from django.utils.safestring import SafeString

from games import board_svg
from games.clock import format_ms

register = template.Library()


@register.simple_tag
def symbol_defs() -> SafeString:
    return board_svg.symbol_defs()


@register.simple_tag
def colour_symbol(colour: str, size: int = 16) -> SafeString:
    return board_svg.symbol_svg(colour, size)


@register.simple_tag
def tile_icon(tile: str, size: int = 22) -> SafeString:
    return board_svg.tile_svg(tile, size)


@register.filter
def clock_time(ms: int | None) -> str:
    return format_ms(ms or 0)
