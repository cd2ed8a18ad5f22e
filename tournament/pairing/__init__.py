"""Pairing for Ingenious events run under the MSO rules (pure Python, no Django).

With 10 players or fewer everyone plays everyone (FIDE Berger tables); above, a Swiss over the
rounds the director sets, paired by maximum-weight matching with look-ahead so that the event never
stalls while a continuation exists. See ``swiss`` for the criteria and their order, ``trf`` for the
FIDE TRF-16 reader/writer, and ``python -m tournament.pairing pair STATE.trf`` for the command line.
"""

from __future__ import annotations

from .berger import berger_table, round_robin_schedule
from .engine import pair_round, resolve_system
from .firstmove import breaks_limits, due_of
from .model import (
    ROUND_ROBIN_MAX_PLAYERS,
    SYSTEMS,
    NoPairingError,
    Outcome,
    Pairing,
    PairingError,
    PlayerState,
    RoundPairing,
    Scoring,
)
from .state import apply_results
from .swiss import BYE_POLICIES
from .trf import (
    TrfError,
    TrfEvent,
    TrfGame,
    TrfPlayer,
    read_trf,
    trf_event_from_rounds,
    trf_to_states,
    write_trf,
)

__all__ = [
    "BYE_POLICIES",
    "ROUND_ROBIN_MAX_PLAYERS",
    "SYSTEMS",
    "NoPairingError",
    "Outcome",
    "Pairing",
    "PairingError",
    "PlayerState",
    "RoundPairing",
    "Scoring",
    "TrfError",
    "TrfEvent",
    "TrfGame",
    "TrfPlayer",
    "apply_results",
    "berger_table",
    "breaks_limits",
    "due_of",
    "pair_round",
    "read_trf",
    "resolve_system",
    "round_robin_schedule",
    "trf_event_from_rounds",
    "trf_to_states",
    "write_trf",
]
