"""Pure-Python rules engine for Ingenious (Einfach Genial).

No Django here: the tournament layer builds on this package. Modules:

- ``geometry``: cells, names, neighbours and lines per board radius
- ``tiles``: colours, tile kinds and the supply
- ``rulesets``: ``Ruleset`` data and ``make_ruleset``
- ``state``: ``Game``, the state and the rules
- ``scoring``: runs, the 18 cap and double track, result and report
- ``movegen``: legal move generation
- ``record``: the JSON record, replay and checking
- ``notation``: the compact text form
- ``randomgame``: random complete games (records) and fast random playouts
- ``errors``: ``IllegalAction`` and ``RecordError``
- ``cli``: ``python -m games.engine check|random|convert``
"""

from .errors import CODES, IllegalAction, RecordError
from .geometry import START_CELLS, board_cells, cell_name, parse_cell
from .randomgame import random_game, random_playout
from .record import Record, check_record, load_record, replay
from .rulesets import RULESETS, Ruleset, make_ruleset
from .state import Game
from .tiles import COLOURS, SUPPLY, TILE_KINDS, tile_kind

__all__ = [
    "CODES",
    "COLOURS",
    "RULESETS",
    "START_CELLS",
    "SUPPLY",
    "TILE_KINDS",
    "Game",
    "IllegalAction",
    "Record",
    "RecordError",
    "Ruleset",
    "board_cells",
    "cell_name",
    "check_record",
    "load_record",
    "make_ruleset",
    "parse_cell",
    "random_game",
    "random_playout",
    "replay",
    "tile_kind",
]
