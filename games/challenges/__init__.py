"""Pure-Python engines of the Ingenious Challenges: the Card, Dice and Tile Challenge.

No Django here (like ``games.engine``, whose colours, tile kinds, errors and result order it
reuses). Modules, lowest layer first:

- ``board``: score board rows 0-10, the area restriction, bonus turns once per colour, game end,
  the result order and ``ChallengeGame``, the base of the three games
- ``card``, ``dice``, ``tile``: one module per challenge (``CardChallenge``, ``DiceChallenge``,
  ``TileChallenge``)
- ``tally``: victory points across challenges and the ranking of an event
- ``record``: ``ChallengeRecord`` (CHALLENGES-RECORD.md), reading, replay and checking, and
  ``record_schema()``, the JSON Schema of its form (``record.schema.json``)
- ``randomgame``: random legal complete games, deterministic per seed
- ``cli``: ``python -m games.challenges check|random``
"""

from games.engine.errors import IllegalAction, RecordError

from .board import CHALLENGES, CODES, MODES, ChallengeGame, lowest_colours, victory_points
from .card import CardChallenge
from .dice import DiceChallenge
from .randomgame import random_game
from .record import (
    FORMAT,
    ChallengeRecord,
    check_record,
    check_text,
    load_record,
    new_game,
    record_schema,
    replay,
)
from .tally import GameResult, SeatedResult, TallyRow, rank_players, rank_seated
from .tile import TileChallenge

__all__ = [
    "CHALLENGES",
    "CODES",
    "FORMAT",
    "MODES",
    "CardChallenge",
    "ChallengeGame",
    "ChallengeRecord",
    "DiceChallenge",
    "GameResult",
    "IllegalAction",
    "RecordError",
    "SeatedResult",
    "TallyRow",
    "TileChallenge",
    "check_record",
    "check_text",
    "load_record",
    "lowest_colours",
    "new_game",
    "rank_players",
    "rank_seated",
    "random_game",
    "record_schema",
    "replay",
    "victory_points",
]
