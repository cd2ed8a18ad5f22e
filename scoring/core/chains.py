"""Tie-break chains: the ordered list of tie-breaks an event uses after victory points."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from scoring.core.tiebreaks import CATALOGUE

DEFAULT_PRESET = "mso-ingenious"

PRESETS: dict[str, tuple[str, ...]] = {
    # MSO Ingenious rules: results between, progressive difference, progressive level.
    "mso-ingenious": ("results_between", "progressive_difference", "progressive_level"),
    # General MSO rules for two-player events.
    "mso-two-player": ("head_to_head_mso", "spread", "sonneborn_berger"),
    # Chess practice.
    "chess": ("buchholz", "sonneborn_berger", "cumulative"),
}


@dataclass(frozen=True)
class ChainFault:
    """One problem of a chain: it is a bare string (``kind`` "string"), or its tie-break at
    ``position`` (from 1) is "unknown" or "repeated". A caller words it in its reader's
    language; :func:`validate_chain` words it in English."""

    kind: Literal["string", "unknown", "repeated"]
    position: int
    name: object


def chain_faults(names: Sequence[str]) -> list[ChainFault]:
    """The problems of a chain of tie-break keys; empty when the chain is usable.

    An empty chain is valid (players equal on VP then share a rank). Unknown keys and
    repeated keys are errors; so is a bare string (use :func:`resolve_chain` for preset names).
    """
    if isinstance(names, str):
        return [ChainFault("string", 0, names)]
    faults: list[ChainFault] = []
    seen: set[str] = set()
    for i, name in enumerate(names):
        if not isinstance(name, str) or name not in CATALOGUE:
            faults.append(ChainFault("unknown", i + 1, name))
        elif name in seen:
            faults.append(ChainFault("repeated", i + 1, name))
        else:
            seen.add(name)
    return faults


def validate_chain(names: Sequence[str]) -> list[str]:
    """Problems with a chain of tie-break keys, as English messages; empty when it is usable."""
    words = {
        "string": "a chain is a list of tie-break names, not the string {name!r}",
        "unknown": "tie-break {position}: unknown tie-break {name!r}",
        "repeated": "tie-break {position}: {name!r} appears more than once",
    }
    return [words[f.kind].format(position=f.position, name=f.name) for f in chain_faults(names)]


def resolve_chain(chain: str | Sequence[str] | None = None) -> tuple[str, ...]:
    """The tie-break keys of ``chain``: ``None`` gives the default preset, a string names a
    preset (or one tie-break), a sequence is taken as it is. Raises ``ValueError`` when the
    result is not a valid chain."""
    if chain is None:
        return PRESETS[DEFAULT_PRESET]
    if isinstance(chain, str):
        if chain in PRESETS:
            return PRESETS[chain]
        if chain in CATALOGUE:
            return (chain,)
        raise ValueError(f"unknown preset or tie-break {chain!r}")
    names = tuple(chain)
    errors = validate_chain(names)
    if errors:
        raise ValueError("; ".join(errors))
    return names
