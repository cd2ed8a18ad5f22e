"""A clock adjustment far beyond the event's clock needs confirming, by service and API."""

from typing import Any

import pytest

from games.clocks.services import adjust_clock
from tests.games.api import Tablet
from tests.games.factories import board_with_game, fresh
from tests.tournament.helpers import api_as
from tournament.errors import DomainError

pytestmark = pytest.mark.usefixtures("tasks_in_process")


MIN = 60_000


# --- a clock adjustment far beyond the event's clock --------------------------------------------


@pytest.mark.django_db
def test_a_clock_adjustment_above_the_starting_time_needs_confirming() -> None:
    board, game, arbiter = board_with_game(clock_minutes=10)

    def adjust(ms: int, **kw: Any) -> None:
        adjust_clock(
            game=fresh(game),
            user=arbiter,
            expected_index=fresh(game).log_length,
            seat=0,
            remaining_ms=ms,
            reason="clock error",
            **kw,
        )

    with pytest.raises(DomainError) as refused:
        adjust(45 * MIN)
    assert refused.value.field == "remaining_ms"
    assert "45:00 is more than the 10:00 each player started with" in refused.value.message
    assert "confirm" in refused.value.message
    assert fresh(game).remaining_ms[0] != 45 * MIN

    adjust(10 * MIN)  # the whole starting time back: a faulty clock, no confirmation needed
    assert fresh(game).remaining_ms[0] == 10 * MIN
    adjust(45 * MIN, confirm_long=True)
    assert fresh(game).remaining_ms[0] == 45 * MIN


@pytest.mark.django_db
def test_a_long_clock_adjustment_through_the_api_needs_confirm_long() -> None:
    board, game, arbiter = board_with_game(clock_minutes=10)
    tablet = Tablet(api_as(arbiter), board.pk)
    body = {"seat": 1, "remaining_ms": 45 * MIN, "reason": "clock error"}
    refused = tablet.clock("adjust", **body)
    assert refused.status_code == 400 and refused.json()["field"] == "remaining_ms"
    assert "more than the 10:00 each player started with" in refused.json()["detail"]
    confirmed = tablet.clock("adjust", **body, confirm_long=True)
    assert confirmed.status_code == 200, confirmed.content
    assert fresh(game).remaining_ms[1] == 45 * MIN
