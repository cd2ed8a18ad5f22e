"""The former home of ``Game`` and the phases, kept as an import path.

``Game`` is in ``game``, its data in ``position`` and the turn machine in ``phases``.
"""

from .game import Game
from .phases import KINDS_SHOWING
from .position import MODES, OVER, PLACE, POST, SETUP, SWAP_DRAW

__all__ = ["KINDS_SHOWING", "MODES", "OVER", "PLACE", "POST", "SETUP", "SWAP_DRAW", "Game"]
