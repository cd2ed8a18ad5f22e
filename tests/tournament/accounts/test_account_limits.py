"""Sign-up, password reset and the verification link's resend are limited per client address
(a 429 saying when to come back) and per e-mail address (nothing more is sent; the page says
what it says to everyone). The defaults: 10 a minute and 60 an hour per client, 3 e-mails an
hour per address."""

import datetime
from collections.abc import Iterator
from typing import Any

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.test import Client, override_settings
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

GOOD_PASSWORD = "tile-hexagon-orange-47"
# The counters' windows are fixed (a minute, an hour): time stands still at the start of one,
# so a test's requests never straddle two windows, however slow the machine.
WINDOW_START = datetime.datetime(2026, 11, 27, 12, 0, tzinfo=datetime.UTC)


@pytest.fixture(autouse=True)
def one_window() -> Iterator[None]:
    with time_machine.travel(WINDOW_START, tick=False):
        yield


def sign_up(client: Client, email: str) -> Any:
    data = {
        "email": email,
        "display_name": "Someone",
        "password": GOOD_PASSWORD,
        "password2": GOOD_PASSWORD,
    }
    return client.post(reverse("signup"), data)


def test_one_client_signs_up_10_accounts_a_minute_the_11th_to_26th_get_a_429(
    mailoutbox: list[Any],
) -> None:
    client = Client(REMOTE_ADDR="198.51.100.7")
    statuses = [sign_up(client, f"player{n}@example.org").status_code for n in range(26)]
    assert statuses == [302] * 10 + [429] * 16
    refused = sign_up(client, "late@example.org")
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert "Too many requests from your network: try again in" in refused.content.decode()
    assert get_user_model().objects.count() == 10 and len(mailoutbox) == 10
    # Another client is counted apart.
    other = sign_up(Client(REMOTE_ADDR="198.51.100.8"), "other@example.org")
    assert other.status_code == 302


@override_settings(SIGNUP_RATE_PER_CLIENT="1000/minute,25/hour")
def test_the_hourly_rate_per_client_holds_too() -> None:
    client = Client(REMOTE_ADDR="198.51.100.9")
    statuses = [sign_up(client, f"player{n}@example.org").status_code for n in range(26)]
    assert statuses == [302] * 25 + [429]
    assert get_user_model().objects.count() == 25


def test_one_address_gets_3_sign_up_e_mails_an_hour_and_the_page_says_the_same(
    mailoutbox: list[Any],
) -> None:
    answers = [sign_up(Client(REMOTE_ADDR=f"203.0.113.{n}"), "ann@example.org") for n in range(6)]
    assert [a.status_code for a in answers] == [302] * 6
    assert {a["Location"] for a in answers} == {reverse("signup-done")}
    assert len(mailoutbox) == 3 and {m.to[0] for m in mailoutbox} == {"ann@example.org"}
    assert get_user_model().objects.count() == 1


def test_password_reset_sends_3_e_mails_an_hour_to_one_address_not_20(
    mailoutbox: list[Any], caplog: pytest.LogCaptureFixture
) -> None:
    UserFactory(username="bob@example.org", email="bob@example.org")
    answers = [
        Client(REMOTE_ADDR=f"203.0.113.{n}").post(
            reverse("password_reset"), {"email": "bob@example.org"}
        )
        for n in range(20)
    ]
    assert [a.status_code for a in answers] == [302] * 20
    assert {a["Location"] for a in answers} == {reverse("password_reset_done")}
    assert len(mailoutbox) == 3
    refusals = [r.getMessage() for r in caplog.records if "limit=password-reset" in r.getMessage()]
    assert len(refusals) == 17 and all("address=" in line for line in refusals)
    assert not any("bob@" in line for line in refusals)  # the log holds a digest, not the address


def test_one_client_asks_10_password_resets_a_minute_the_11th_gets_a_429(
    mailoutbox: list[Any],
) -> None:
    for n in range(10):
        UserFactory(username=f"p{n}@example.org", email=f"p{n}@example.org")
    client = Client(REMOTE_ADDR="198.51.100.10")
    statuses = [
        client.post(reverse("password_reset"), {"email": f"p{n % 10}@example.org"}).status_code
        for n in range(12)
    ]
    assert statuses == [302] * 10 + [429] * 2
    assert len(mailoutbox) == 10
    refused = client.post(reverse("password_reset"), {"email": "p0@example.org"})
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "Too many requests from your network" in refused.content.decode()
    assert len(mailoutbox) == 10


def test_the_verification_link_is_resent_3_times_an_hour_at_most(
    mailoutbox: list[Any],
) -> None:
    client = Client()
    sign_up(client, "ann@example.org")
    client.post(reverse("login"), {"username": "ann@example.org", "password": GOOD_PASSWORD})
    said = [client.post(reverse("verify-resend"), follow=True).content.decode() for _ in range(4)]
    assert ["We sent the link again" in page for page in said] == [True, True, True, False]
    assert "We sent the link several times already" in said[3]
    assert len(mailoutbox) == 4  # the one of sign-up and three resent


@override_settings(TRUSTED_PROXY_COUNT=1)
def test_behind_a_proxy_sign_ups_are_counted_by_the_address_the_proxy_saw() -> None:
    proxy = Client(REMOTE_ADDR="10.0.0.1")
    first = {"HTTP_X_FORWARDED_FOR": "198.51.100.20"}
    second = {"HTTP_X_FORWARDED_FOR": "198.51.100.21"}
    statuses = [
        proxy.post(
            reverse("signup"),
            {
                "email": f"x{n}@example.org",
                "display_name": "X",
                "password": GOOD_PASSWORD,
                "password2": GOOD_PASSWORD,
            },
            **first,
        ).status_code
        for n in range(11)
    ]
    assert statuses == [302] * 10 + [429]
    other = {
        "email": "y@example.org",
        "display_name": "Y",
        "password": GOOD_PASSWORD,
        "password2": GOOD_PASSWORD,
    }
    assert proxy.post(reverse("signup"), other, **second).status_code == 302


def test_the_api_resends_the_link_3_times_an_hour_then_sends_nothing_more(
    mailoutbox: list[Any],
) -> None:
    sign_up(Client(), "ann@example.org")
    user = get_user_model().objects.get(email="ann@example.org")
    api = APIClient(REMOTE_ADDR="198.51.100.30")
    api.force_authenticate(user)
    answers = [api.post("/api/me/verification/") for _ in range(4)]
    assert [a.status_code for a in answers] == [200] * 4
    assert [a.json()["sent"] for a in answers] == [True, True, True, False]
    assert len(mailoutbox) == 4  # the one of sign-up and three resent


def test_the_api_resend_from_one_client_is_refused_with_a_429_past_its_rate() -> None:
    users = [UserFactory(email=f"u{n}@example.org", verified=False) for n in range(11)]
    statuses = []
    for user in users:
        api = APIClient(REMOTE_ADDR="198.51.100.31")
        api.force_authenticate(user)
        statuses.append(api.post("/api/me/verification/").status_code)
    assert statuses == [200] * 10 + [429]
    refused = api.post("/api/me/verification/")
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "Too many requests from your network" in refused.json()["detail"]
