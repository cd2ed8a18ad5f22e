"""Writes of the games floor, by subject: setting games up, recording, the clocks,
take-backs and replay validation. Every change to a game goes through one of these."""

from games.services.base import (
    effective_rows,
)
from games.services.clock import (
    CLOCK_OPERATIONS,
    MAX_CLOCK_MS,
    adjust_clock,
    clock_operation,
    detect_flag,
    pause_clock,
    press_clock,
    resume_clock,
    start_clock,
    sweep_flags,
)
from games.services.corrections import (
    REOPENED_REASON,
    take_back,
)
from games.services.recording import (
    KIND_WORDS,
    acting_seat,
    clean_action,
    import_record,
    record_action,
    record_actions,
    record_notation,
    record_placement,
    record_swap,
)
from games.services.setup import (
    create_games_for_round,
    game_for_board,
)
from games.services.validation import (
    retry_recheck,
    run_recheck,
    start_recheck,
    validate_game,
)

__all__ = [
    "CLOCK_OPERATIONS",
    "KIND_WORDS",
    "MAX_CLOCK_MS",
    "REOPENED_REASON",
    "acting_seat",
    "adjust_clock",
    "clean_action",
    "clock_operation",
    "create_games_for_round",
    "detect_flag",
    "effective_rows",
    "game_for_board",
    "import_record",
    "pause_clock",
    "press_clock",
    "record_action",
    "record_actions",
    "record_notation",
    "record_placement",
    "record_swap",
    "resume_clock",
    "retry_recheck",
    "run_recheck",
    "start_clock",
    "start_recheck",
    "sweep_flags",
    "take_back",
    "validate_game",
]
