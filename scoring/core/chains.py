"""Tie-break chains: the ordered list of tie-breaks an event uses after victory points."""

from collections.abc import Sequence

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


def validate_chain(names: Sequence[str]) -> list[str]:
    """Problems with a chain of tie-break keys, as messages; empty when the chain is usable.

    An empty chain is valid (players equal on VP then share a rank). Unknown keys and
    repeated keys are errors; so is a bare string (use :func:`resolve_chain` for preset names).
    """
    if isinstance(names, str):
        return [f"a chain is a list of tie-break names, not the string {names!r}"]
    errors: list[str] = []
    seen: set[str] = set()
    for i, name in enumerate(names):
        if not isinstance(name, str) or name not in CATALOGUE:
            errors.append(f"tie-break {i + 1}: unknown tie-break {name!r}")
        elif name in seen:
            errors.append(f"tie-break {i + 1}: {name!r} appears more than once")
        else:
            seen.add(name)
    return errors


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
