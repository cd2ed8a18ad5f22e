"""Logins lock after repeated failures (login page and API alike), the API is throttled, and
the user names behind an event's roles are for its directors."""

import base64
from collections.abc import Iterator

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from rest_framework.settings import api_settings

from tests.factories import EventFactory, EventRoleFactory, UserFactory, director_of
from tests.tournament.integration.helpers import api_as
from tournament.models.events import EventRole
from tournament.web.rate_limits import parse_rate
from tournament.web.throttles import AccountRate, AnonymousRate

pytestmark = pytest.mark.django_db

PASSWORD = "correct-horse-battery"  # tests.factories.UserFactory's


def basic(username: str, password: str) -> dict[str, str]:
    token = base64.b64encode(f"{username}:{password}".encode()).decode()
    return {"HTTP_AUTHORIZATION": f"Basic {token}"}


def log_in(client: Client, username: str, password: str) -> int:
    return client.post("/accounts/login/", {"username": username, "password": password}).status_code


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def test_thirty_wrong_passwords_lock_the_login_page_even_for_the_right_one() -> None:
    UserFactory(username="ann")
    client = Client()
    assert settings.AXES_FAILURE_LIMIT < 30
    for attempt in range(1, 31):  # the limit's own failure is the first one refused
        refused = attempt >= settings.AXES_FAILURE_LIMIT
        assert log_in(client, "ann", "guess") == (429 if refused else 200), attempt
    assert log_in(client, "ann", PASSWORD) == 429
    assert not logged_in(client)
    page = client.post("/accounts/login/", {"username": "ann", "password": PASSWORD})
    assert "Too many failed logins" in page.content.decode()
    # The API's Basic authentication refuses the locked name too, saying so.
    assert client.get("/api/events/", **basic("ann", PASSWORD)).status_code == 429
    # Another account from the same address is not locked out.
    UserFactory(username="bob")
    assert log_in(Client(), "bob", PASSWORD) == 302


def test_thirty_wrong_basic_auth_passwords_lock_the_api_and_the_login_page() -> None:
    UserFactory(username="cat")
    client = Client()
    assert client.get("/api/events/", **basic("cat", PASSWORD)).status_code == 200
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert client.get("/api/events/", **basic("cat", "guess")).status_code == 403
    for _ in range(30 - settings.AXES_FAILURE_LIMIT + 1):
        assert client.get("/api/events/", **basic("cat", "guess")).status_code == 429
    refused = client.post("/api/events/", {"name": "X", "rounds": 3}, **basic("cat", PASSWORD))
    assert refused.status_code == 429
    assert log_in(client, "cat", PASSWORD) == 429 and not logged_in(client)


def test_a_success_before_the_limit_resets_the_count() -> None:
    UserFactory(username="dan")
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        log_in(client, "dan", "guess")
    assert log_in(client, "dan", PASSWORD) == 302
    client.logout()
    # Without the reset this failure would be the last one allowed.
    assert log_in(client, "dan", "guess") == 200
    assert log_in(client, "dan", PASSWORD) == 302


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


def test_the_roles_endpoint_names_users_to_the_events_directors_only() -> None:
    event = EventFactory()
    director = director_of(event, "td-secret-name")
    EventRoleFactory(event=event, user=UserFactory(username="arb-name"), role="arbiter")
    url = f"/api/events/{event.slug}/roles/"

    anonymous = Client().get(url)
    assert anonymous.status_code == 403
    assert b"td-secret-name" not in anonymous.content
    stranger = api_as(UserFactory(username="stranger")).get(url)
    assert stranger.status_code == 403 and b"arb-name" not in stranger.content
    other_director = api_as(director_of(EventFactory(), "other-td")).get(url)
    assert other_director.status_code == 403

    listed = api_as(director).get(url)
    assert listed.status_code == 200
    assert {(r["name"], r["role"]) for r in listed.json()} == {
        ("td-secret-name", EventRole.Role.DIRECTOR),
        ("arb-name", EventRole.Role.ARBITER),
    }
    staff = api_as(UserFactory(username="staffer", is_staff=True)).get(url)
    assert staff.status_code == 200 and len(staff.json()) == 2
