"""The field rule, MSO's Pentamind points and the festival's best-five table, by hand.

Pentamind points: 100 x (N+5)/(N+6) x (N-P)/(N-1) for N up to 100, P the middle of a shared span
(scoring/core/field.py, docs/festival.md)."""

import pytest

from scoring.core.field import BEST_EVENTS, field_places, field_size, pentamind_points
from scoring.festivals.selectors import FestivalPlacing, overall_table


def test_the_field_leaves_out_who_played_no_game_and_places_count_within_it() -> None:
    # (entry, rank, games): 3 and 4 tie for 3rd; entry 5 (a no-show, 0 games) shares 3rd on
    # everything and must not widen the span; entry 6 played and is last.
    ranked = [(1, 1, 3), (2, 2, 3), (3, 3, 3), (4, 3, 2), (5, 3, 0), (6, 6, 1)]
    placed = {p.key: (p.place, p.field_size) for p in field_places(ranked)}
    assert placed == {1: ("1", 5), 2: ("2", 5), 3: ("3-4", 5), 4: ("3-4", 5), 6: ("5", 5)}
    assert field_size(games for _, _, games in ranked) == 5


@pytest.mark.parametrize(
    ("field", "place_from", "place_to", "points"),
    [
        (10, 1, 1, 93.75),  # 100 x 15/16 x 9/9
        (4, 1, 1, 90.00),  # 100 x 9/10 x 3/3
        (6, 2, 2, 73.33),  # 100 x 11/12 x 4/5 = 73.333
        (2, 1, 1, 87.50),  # 100 x 7/8
        (2, 2, 2, 0.00),  # last scores nothing
        (8, 4, 4, 53.06),  # 100 x 13/14 x 4/7 = 53.061
        (5, 3, 4, 34.09),  # P = 3.5: 100 x 10/11 x 1.5/4 = 34.091
        (120, 1, 1, 99.06),  # over 100, P <= 10: 100 x 105/(99 x 106) x 99 = 99.057
        (120, 10, 10, 90.05),  # 100 x 105/(99 x 106) x 90 = 90.052
        (120, 11, 11, 89.23),  # 100 x (105 x 90)/(99 x 106) x 109/110 = 89.233
        (1, 1, 1, 0.00),  # a field of one: nobody beaten
    ],
)
def test_pentamind_points_follow_msos_formula(
    field: int, place_from: int, place_to: int, points: float
) -> None:
    assert pentamind_points(field, place_from, place_to) == points


def _row(player: int, name: str, event: int, field: int, place: int) -> FestivalPlacing:
    return FestivalPlacing(
        player_id=player,
        player_name=name,
        partner_id=None,
        partner_name="",
        entry_id=100 * player + event,
        event_id=event,
        event_name=f"Event {event}",
        event_slug=f"event-{event}",
        event_status="finished",
        place_from=place,
        place_to=place + (1 if (field, place) == (5, 3) else 0),  # event 6: a shared 3-4
        field_size=field,
        score=1.0,
    )


def test_the_overall_table_sums_each_players_best_five_events() -> None:
    rows = [
        # Xavier, six events: 93.75, 90, 73.33, 87.5, 53.06 count (397.64); 34.09 does not.
        _row(1, "Xavier", 1, 10, 1),
        _row(1, "Xavier", 2, 4, 1),
        _row(1, "Xavier", 3, 6, 2),
        _row(1, "Xavier", 4, 2, 1),
        _row(1, "Xavier", 5, 8, 4),
        _row(1, "Xavier", 6, 5, 3),
        # Yusuf: 2nd of 10 (83.33) and 2nd of 4 (60.00): 143.33.
        _row(2, "Yusuf", 1, 10, 2),
        _row(2, "Yusuf", 2, 4, 2),
        # Anna: the same places in two other events: 143.33, sharing 2nd with Yusuf.
        _row(3, "Anna", 7, 10, 2),
        _row(3, "Anna", 8, 4, 2),
    ]
    table = overall_table([], rows)
    assert BEST_EVENTS == 5
    assert [(line.rank_text, line.name, line.total) for line in table] == [
        ("1", "Xavier", 397.64),
        ("2=", "Anna", 143.33),
        ("2=", "Yusuf", 143.33),
    ]
    xavier = table[0]
    assert [r.event_id for r in xavier.counted] == [1, 2, 4, 3, 5]  # best first
    assert [r.event_id for r in xavier.others] == [6]
    assert xavier.others[0].pentamind_points == 34.09
    assert xavier.events_played == 6 and xavier.total_text == "397.64"
