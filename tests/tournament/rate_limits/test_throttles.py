"""The API's rates and the pages' rate, per client (tournament.web.throttles, PageRateMiddleware):
exactly the limit is let through under concurrency, each client behind a trusted proxy counts
apart, an account has its own budget, and the refusal says when it ends."""

import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.conf import settings
from django.test import Client, override_settings

from tests.factories import UserFactory

pytestmark = pytest.mark.usefixtures("tasks_in_process")

RATES = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
PROXY = "10.0.0.2"


def fresh_address() -> str:
    """An address no earlier run has counted (the counts live in the cache, Redis included)."""
    return f"2001:db8::{uuid.uuid4().hex[:4]}:{uuid.uuid4().hex[:4]}"


def api_rates(anon: str, user: str = "1000/day") -> object:
    return override_settings(
        REST_FRAMEWORK={
            **settings.REST_FRAMEWORK,
            "DEFAULT_THROTTLE_RATES": {"anon": anon, "user": user},
        }
    )


def test_sixteen_concurrent_clients_get_exactly_the_anonymous_limit(redis_url: str) -> None:
    address = fresh_address()

    def fetch(_: int) -> int:
        return Client(REMOTE_ADDR=address).get("/api/").status_code

    with api_rates("40/day"), ThreadPoolExecutor(max_workers=16) as pool:
        statuses = list(pool.map(fetch, range(160)))
    assert statuses.count(200) == 40
    assert statuses.count(429) == 120


@pytest.mark.django_db
def test_the_anonymous_limit_says_when_it_ends() -> None:
    client = Client(REMOTE_ADDR=fresh_address())
    with api_rates("3/hour"):
        assert [client.get("/api/").status_code for _ in range(3)] == [200, 200, 200]
        refused = client.get("/api/")
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 3600
    assert "seconds" in refused.json()["detail"]


@override_settings(TRUSTED_PROXY_COUNT=1)
def test_behind_a_trusted_proxy_each_client_has_its_own_anonymous_budget() -> None:
    first = Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=fresh_address())
    second = Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=fresh_address())
    with api_rates("2/hour"):
        assert [first.get("/api/").status_code for _ in range(3)] == [200, 200, 429]
        assert second.get("/api/").status_code == 200


def test_without_trusted_proxies_a_forged_forwarded_for_shares_the_address_budget() -> None:
    address = fresh_address()
    with api_rates("2/hour"):
        for _ in range(2):
            Client(REMOTE_ADDR=address).get("/api/")
        forged = Client(REMOTE_ADDR=address, HTTP_X_FORWARDED_FOR=fresh_address()).get("/api/")
    assert forged.status_code == 429


@pytest.mark.django_db
def test_a_signed_in_account_counts_apart_from_its_address() -> None:
    address = fresh_address()
    user = UserFactory(username=f"tablet-{uuid.uuid4().hex[:6]}")
    signed_in = Client(REMOTE_ADDR=address)
    signed_in.force_login(user)
    with api_rates("2/hour", user="3/hour"):
        for _ in range(2):
            Client(REMOTE_ADDR=address).get("/api/")
        assert Client(REMOTE_ADDR=address).get("/api/").status_code == 429
        assert [signed_in.get("/api/").status_code for _ in range(4)] == [200, 200, 200, 429]


@pytest.mark.django_db
def test_pages_past_the_page_rate_get_429_with_when_it_ends() -> None:
    client = Client(REMOTE_ADDR=fresh_address())
    with override_settings(PAGE_RATE="3/hour"):
        assert [client.get("/").status_code for _ in range(3)] == [200, 200, 200]
        refused = client.get("/")
        api = client.get("/api/")
        health = client.get("/healthz")
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 3600
    assert "Too many requests" in refused.content.decode()
    # The API has its own rates, and the health check is for the monitors.
    assert api.status_code == 200
    assert health.status_code == 200


@pytest.mark.django_db
def test_a_signed_in_account_has_its_own_page_budget() -> None:
    address = fresh_address()
    arbiter = Client(REMOTE_ADDR=address)
    arbiter.force_login(UserFactory(username=f"arb-{uuid.uuid4().hex[:6]}"))
    with override_settings(PAGE_RATE="2/hour"):
        for _ in range(2):
            Client(REMOTE_ADDR=address).get("/")
        assert Client(REMOTE_ADDR=address).get("/").status_code == 429
        assert arbiter.get("/").status_code == 200


def test_the_configured_rates_are_rates() -> None:
    from tournament import settings as configured  # PAGE_RATE before the suite's override
    from tournament.web.rate_limits import parse_rate

    for rate in (*RATES.values(), configured.PAGE_RATE):
        count, seconds = parse_rate(rate)
        assert count > 0 and seconds > 0
