"""The API throttles anonymous clients at the configured rate; the pages are not API views."""

from collections.abc import Iterator

import pytest
from django.core.cache import cache
from django.test import Client
from rest_framework.settings import api_settings

from tournament.web.rate_limits import parse_rate
from tournament.web.throttles import AccountRate, AnonymousRate

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


@pytest.fixture
def fresh_throttles() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()  # the counts must not follow other tests


def test_the_api_throttles_anonymous_clients_at_the_configured_rate(
    fresh_throttles: None,
) -> None:
    assert AnonymousRate in api_settings.DEFAULT_THROTTLE_CLASSES
    assert AccountRate in api_settings.DEFAULT_THROTTLE_CLASSES
    allowed, period = parse_rate(api_settings.DEFAULT_THROTTLE_RATES["anon"])
    user_allowed, user_period = parse_rate(api_settings.DEFAULT_THROTTLE_RATES["user"])
    # Generous: an arbiter's tablet records a move every few seconds at most.
    assert user_allowed / user_period >= 10 and allowed / period >= 5
    client = Client()
    statuses = [client.get("/api/").status_code for _ in range(allowed)]
    assert set(statuses) == {200}
    throttled = client.get("/api/")
    assert throttled.status_code == 429
    assert int(throttled["Retry-After"]) > 0
    # The public pages are not API views: never throttled.
    assert client.get("/").status_code == 200
