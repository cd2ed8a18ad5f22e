import pytest

from scoring.core.chains import (
    DEFAULT_PRESET,
    PRESETS,
    ChainFault,
    chain_faults,
    resolve_chain,
    validate_chain,
)
from scoring.core.tiebreaks import CATALOGUE


def test_presets() -> None:
    assert PRESETS["mso-ingenious"] == (
        "results_between",
        "progressive_difference",
        "progressive_level",
    )
    assert PRESETS["mso-two-player"] == ("head_to_head_mso", "spread", "sonneborn_berger")
    assert PRESETS["chess"] == ("buchholz", "sonneborn_berger", "cumulative")
    assert DEFAULT_PRESET == "mso-ingenious"
    for chain in PRESETS.values():
        assert validate_chain(chain) == []


def test_default_preset_follows_the_mso_rule_text_order() -> None:
    # MSO rules, "Ties": the results between players, the highest progressive difference of
    # the colours with the fewest points, the highest progressive level of those colours.
    labels = [CATALOGUE[key].label.lower() for key in PRESETS[DEFAULT_PRESET]]
    assert labels == ["results between", "progressive difference", "progressive level"]


def test_valid_chains() -> None:
    assert validate_chain([]) == []
    assert validate_chain(["median_buchholz", "results_between"]) == []
    assert validate_chain(tuple(CATALOGUE)) == []


def test_unknown_and_repeated_names() -> None:
    assert validate_chain(["buchholz", "koya", "buchholz"]) == [
        "tie-break 2: unknown tie-break 'koya'",
        "tie-break 3: 'buchholz' appears more than once",
    ]
    assert validate_chain(["Buchholz"]) == ["tie-break 1: unknown tie-break 'Buchholz'"]
    assert validate_chain([None]) == ["tie-break 1: unknown tie-break None"]  # type: ignore[list-item]


def test_bare_string_is_not_a_chain() -> None:
    assert len(validate_chain("buchholz")) == 1


def test_resolve_chain() -> None:
    assert resolve_chain() == PRESETS["mso-ingenious"]
    assert resolve_chain("chess") == PRESETS["chess"]
    assert resolve_chain("spread") == ("spread",)
    assert resolve_chain(["spread", "buchholz"]) == ("spread", "buchholz")
    with pytest.raises(ValueError):
        resolve_chain("fide")
    with pytest.raises(ValueError):
        resolve_chain(["spread", "spread"])


def test_chain_faults_say_which_tiebreak_is_wrong_and_how_for_callers_to_word() -> None:
    assert chain_faults(["buchholz", "koya", "buchholz"]) == [
        ChainFault("unknown", 2, "koya"),
        ChainFault("repeated", 3, "buchholz"),
    ]
    assert chain_faults("buchholz") == [ChainFault("string", 0, "buchholz")]
    assert chain_faults(list(PRESETS[DEFAULT_PRESET])) == []
