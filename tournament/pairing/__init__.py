"""Pairing for Ingenious events run under the MSO rules (pure Python, no Django).

With 10 players or fewer everyone plays everyone (FIDE Berger tables); above, a Swiss over the
rounds the director sets, paired by maximum-weight matching with look-ahead so that the event never
stalls while a continuation exists. See ``swiss`` for the criteria and their order, ``trf`` for the
FIDE TRF-16 / TRF-2026 reader and writer, and ``python -m tournament.pairing --help`` for the
command line.

The names below are loaded on first use (PEP 562), so that the command line starts without the
matching engine it may not need.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # not ``typing.TYPE_CHECKING``: importing typing costs start-up time
if TYPE_CHECKING:
    from typing import Any

    from .berger import berger_table, round_robin_schedule
    from .firstmove import breaks_limits, due_of
    from .model import (
        ACCELERATIONS,
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
    from .systems import pair_round, resolve_system
    from .trf import (
        TrfError,
        TrfEvent,
        TrfForbidden,
        TrfGame,
        TrfPlayer,
        read_trf,
        trf_event_from_rounds,
        trf_to_states,
        write_trf,
    )

_WHERE = {
    "berger_table": "berger",
    "round_robin_schedule": "berger",
    "breaks_limits": "firstmove",
    "due_of": "firstmove",
    "ACCELERATIONS": "model",
    "ROUND_ROBIN_MAX_PLAYERS": "model",
    "SYSTEMS": "model",
    "NoPairingError": "model",
    "Outcome": "model",
    "Pairing": "model",
    "PairingError": "model",
    "PlayerState": "model",
    "RoundPairing": "model",
    "Scoring": "model",
    "apply_results": "state",
    "BYE_POLICIES": "swiss",
    "pair_round": "systems",
    "resolve_system": "systems",
    "TrfError": "trf",
    "TrfEvent": "trf",
    "TrfForbidden": "trf",
    "TrfGame": "trf",
    "TrfPlayer": "trf",
    "read_trf": "trf",
    "trf_event_from_rounds": "trf",
    "trf_to_states": "trf",
    "write_trf": "trf",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_WHERE])


__all__ = [
    "ACCELERATIONS",
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
    "TrfForbidden",
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
