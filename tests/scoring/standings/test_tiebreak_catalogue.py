"""Every tie-break of the catalogue, through the boards of a hand-built event (byes, a half-point
bye, a forfeit and an absence included), worked out by hand."""

import pytest

from scoring.core.tiebreaks import CATALOGUE
from scoring.standings.build import build_standings
from tests.scoring.builders import mixed_event

pytestmark = pytest.mark.django_db

# Unplayed rounds (byes, forfeits, absences) add nothing to the level-based tie-breaks; the
# chess tie-breaks count them against a "dummy" opponent on the player's own final VP.
EXPECTED: dict[str, dict[str, float]] = {
    "progressive_difference": {"A": 0, "B": 4, "C": 3, "D": 0, "E": -7},
    "progressive_level": {"A": 20, "B": 34, "C": 21, "D": 21, "E": 7},
    "spread": {"A": -3, "B": -3, "C": 0, "D": 0, "E": 0},
    "buchholz": {"A": 5, "B": 4.5, "C": 5, "D": 4.5, "E": 3.5},
    "median_buchholz": {"A": 1.5, "B": 1.5, "C": 1.5, "D": 1.5, "E": 1},
    "sonneborn_berger": {"A": 3.5, "B": 1.75, "C": 2.75, "D": 2.25, "E": 1},
    "cumulative": {"A": 4, "B": 2.5, "C": 3.5, "D": 3, "E": 3},
    # Group-dependent: B, C and D (1½ VP) have not all met, and nobody beat the others.
    "results_between": {"A": 0, "B": 0, "C": 0, "D": 0, "E": 0},
    "head_to_head_mso": {"A": 0, "B": 0, "C": 0, "D": 0, "E": 0},
}


def test_every_catalogue_tiebreak_is_covered() -> None:
    assert set(EXPECTED) == set(CATALOGUE)


@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_tiebreak_values_on_a_hand_built_event(key: str) -> None:
    ev = mixed_event()
    ev.event.tiebreak_chain = [key]
    ev.event.save()
    table = build_standings(ev.event)
    assert [c.key for c in table.chain] == [key]
    assert {line.contender.name: line.vp for line in table.lines} == {
        "A": 2.0,
        "B": 1.5,
        "C": 1.5,
        "D": 1.5,
        "E": 1.0,
    }
    values = {line.contender.name: line.tiebreaks[0] for line in table.lines}
    assert values == pytest.approx(EXPECTED[key])


def test_mso_chain_on_the_mixed_event_orders_the_tied_group() -> None:
    ev = mixed_event()
    table = build_standings(ev.event)
    # B, C, D on 1½: results between cannot apply; progressive difference B 4, C 3, D 0.
    assert [(line.rank_text, line.contender.name) for line in table.lines] == [
        ("1", "A"),
        ("2", "B"),
        ("3", "C"),
        ("4", "D"),
        ("5", "E"),
    ]
    assert [line.games_played for line in table.lines] == [2, 3, 2, 2, 1]
