"""A locked-out client is told so, and until when (429 and Retry-After) on the login page, the
API's Basic authentication and POST /api/token/, even with the right password; behind a proxy
the lockout counts the client's own address, when the deployment says how many proxies to
trust."""

import base64
import re
from datetime import datetime

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.test import Client, override_settings
from django.utils.timezone import localtime

from tests.factories import UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

PASSWORD = "correct-horse-battery"  # tests.factories.UserFactory's
PROXY = "10.0.0.2"  # the reverse proxy, as REMOTE_ADDR


def basic(username: str, password: str) -> dict[str, str]:
    token = base64.b64encode(f"{username}:{password}".encode()).decode()
    return {"HTTP_AUTHORIZATION": f"Basic {token}"}


def log_in(client: Client, username: str, password: str, **extra: str) -> object:
    return client.post("/accounts/login/", {"username": username, "password": password}, **extra)


def lockout_ends(username: str) -> datetime:
    attempt = AccessAttempt.objects.filter(username=username).latest("attempt_time")
    return localtime(attempt.attempt_time + settings.AXES_COOLOFF_TIME)


def assert_retry_after_is_the_cool_off(response: object) -> None:
    seconds = int(response["Retry-After"])  # type: ignore[index]
    assert settings.AXES_COOLOFF_TIME.total_seconds() - 60 < seconds
    assert seconds <= settings.AXES_COOLOFF_TIME.total_seconds()


def test_the_login_page_says_locked_out_until_when_even_to_the_right_password() -> None:
    UserFactory(username="ann")
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        log_in(client, "ann", "guess")
    refused = log_in(client, "ann", PASSWORD)
    assert refused.status_code == 429
    assert "_auth_user_id" not in client.session
    assert_retry_after_is_the_cool_off(refused)
    page = refused.content.decode()
    assert "Too many failed logins" in page
    assert lockout_ends("ann").strftime("%H:%M") in page


def test_basic_auth_says_locked_out_until_when_even_with_the_right_password() -> None:
    UserFactory(username="cat")
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.get("/api/events/", **basic("cat", "guess"))
    refused = client.get("/api/events/", **basic("cat", PASSWORD))
    assert refused.status_code == 429
    assert_retry_after_is_the_cool_off(refused)
    body = refused.json()
    assert body["code"] == "locked_out"
    assert lockout_ends("cat").strftime("%H:%M") in body["detail"]


def test_the_token_endpoint_says_locked_out_until_when_even_with_the_right_password() -> None:
    UserFactory(username="dot")
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post("/api/token/", {"username": "dot", "password": "guess"})
    refused = client.post("/api/token/", {"username": "dot", "password": PASSWORD})
    assert refused.status_code == 429
    assert_retry_after_is_the_cool_off(refused)
    assert refused.json()["code"] == "locked_out"
    assert "token" not in refused.json()


def test_the_lockout_ends_when_it_said_and_no_later() -> None:
    """A try during the lockout, even with the right password, does not move its end."""
    UserFactory(username="eve")
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        log_in(client, "eve", "guess")
    ends = lockout_ends("eve")
    for _ in range(3):
        assert log_in(client, "eve", PASSWORD).status_code == 429
    assert lockout_ends("eve") == ends


@override_settings(TRUSTED_PROXY_COUNT=1)
def test_behind_a_trusted_proxy_a_stranger_cannot_lock_out_the_user_elsewhere() -> None:
    UserFactory(username="arbiter")
    stranger = {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": "198.51.100.66"}
    arbiter = {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": "198.51.100.7"}
    for _ in range(settings.AXES_FAILURE_LIMIT):
        log_in(Client(), "arbiter", "guess", **stranger)
    assert log_in(Client(), "arbiter", PASSWORD, **stranger).status_code == 429
    # The arbiter's tablet, behind the same proxy, still signs in.
    assert log_in(Client(), "arbiter", PASSWORD, **arbiter).status_code == 302
    assert Client().get("/api/events/", **basic("arbiter", PASSWORD), **arbiter).status_code == 200


def test_without_trusted_proxies_a_forged_forwarded_for_does_not_escape_the_lockout() -> None:
    UserFactory(username="fay")
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        log_in(client, "fay", "guess")
    forged = log_in(client, "fay", PASSWORD, HTTP_X_FORWARDED_FOR="203.0.113.1")
    assert forged.status_code == 429


def test_the_login_page_in_german_says_until_when_in_german() -> None:
    UserFactory(username="gus")
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        log_in(client, "gus", "guess")
    page = log_in(client, "gus", PASSWORD).content.decode()
    assert re.search(r"bis \d\d:\d\d", page)


def test_the_admin_login_says_locked_out_until_when() -> None:
    UserFactory(username="root", is_staff=True, is_superuser=True)
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post("/admin/login/", {"username": "root", "password": "guess"})
    refused = client.post("/admin/login/", {"username": "root", "password": PASSWORD})
    assert refused.status_code == 429
    assert_retry_after_is_the_cool_off(refused)
    assert lockout_ends("root").strftime("%H:%M") in refused.content.decode()
