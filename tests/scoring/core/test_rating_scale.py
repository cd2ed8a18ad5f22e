"""The site rating players read: one fixed linear map of mu − 3σ, pure."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.core.ratings import (
    DISPLAY_BASE,
    DISPLAY_SCALE,
    RatedGame,
    Rating,
    display_rating,
    model_parameters,
    rate_history,
)


@pytest.mark.parametrize(
    ("ordinal", "shown"),
    [
        (0.0, 1500),  # a new player
        (1.0, 1540),
        (-1.0, 1460),
        (25.0, 2500),
        (-1.8330937337715376, 1427),  # a new player's first loss to another new player
        (3.437685252509457, 1638),  # ... and the winner's
        (0.0125, 1501),  # 1500.5 rounds half up
        (-0.0125, 1500),  # 1499.5 rounds half up
        (-0.0126, 1499),
    ],
)
def test_the_scale_maps_mu_minus_three_sigma(ordinal: float, shown: int) -> None:
    assert display_rating(ordinal) == shown


def test_a_new_player_starts_at_1500_and_the_constants_say_so() -> None:
    assert (DISPLAY_BASE, DISPLAY_SCALE) == (1500, 40)
    assert Rating().shown == 1500
    assert model_parameters().display_base == 1500


@given(st.floats(-30, 60), st.floats(-30, 60))
def test_the_scale_keeps_the_order(low: float, high: float) -> None:
    if low <= high:
        assert display_rating(low) <= display_rating(high)


def test_sixty_losses_in_a_row_stay_far_above_zero() -> None:
    games = [RatedGame(key=i, sides=((1,), (2,)), placings=(2, 1)) for i in range(60)]
    run = rate_history(games)
    assert run.ratings[1].ordinal < -10  # negative on the raw scale
    assert 1000 < run.ratings[1].shown < 1500 < run.ratings[2].shown < 2700


def test_the_stated_model_parameters_are_the_models() -> None:
    params = model_parameters()
    assert params.mu == pytest.approx(25)
    assert params.sigma == pytest.approx(25 / 3)
    assert params.beta == pytest.approx(25 / 6)
    assert params.tau == pytest.approx(25 / 300)
    assert params.kappa == pytest.approx(0.0001)
