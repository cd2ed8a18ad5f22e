"""Logins lock after repeated failures, on the login page and the API alike; a success before
the limit resets the count."""

import base64

import pytest
from django.conf import settings
from django.test import Client

from tests.factories import UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


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
