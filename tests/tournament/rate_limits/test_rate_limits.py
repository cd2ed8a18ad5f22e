"""The client's address behind trusted proxies, and the counter every limit shares."""

from concurrent.futures import ThreadPoolExecutor

import pytest
from django.core.cache import cache
from django.test import RequestFactory, override_settings

from tests.counting import Calls
from tournament.web.rate_limits import client_address, hit, parse_rate

pytestmark = pytest.mark.usefixtures("tasks_in_process")


def _request(remote: str, forwarded: str | None = None) -> object:
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().get("/", **extra)


def test_without_proxies_the_client_is_remote_addr_whatever_the_header_says() -> None:
    assert client_address(_request("203.0.113.9", "198.51.100.1")) == "203.0.113.9"


@override_settings(TRUSTED_PROXY_COUNT=1)
def test_behind_one_proxy_the_client_is_what_the_proxy_appended() -> None:
    # The client forged the left entry; the proxy appended the address it saw.
    request = _request("10.0.0.2", "6.6.6.6, 198.51.100.7")
    assert client_address(request) == "198.51.100.7"


@override_settings(TRUSTED_PROXY_COUNT=2)
def test_a_header_shorter_than_the_proxy_chain_falls_back_to_remote_addr() -> None:
    assert client_address(_request("10.0.0.2", "198.51.100.7")) == "10.0.0.2"


def test_parse_rate_reads_count_and_period() -> None:
    assert parse_rate("600/minute") == (600, 60)


@pytest.mark.parametrize("rate", ["²/minute", "10/fortnight", "ten/minute", "/minute"])
def test_parse_rate_refuses_what_is_not_a_rate(rate: str) -> None:
    with pytest.raises(ValueError, match="A rate is a count"):
        parse_rate(rate)


def test_hit_refuses_past_the_limit_and_says_when_the_window_ends() -> None:
    cache.clear()
    verdicts = [hit("test", "client-a", "3/minute") for _ in range(4)]
    assert [v.allowed for v in verdicts] == [True, True, True, False]
    assert 1 <= verdicts[-1].retry_after <= 60


def test_hit_counts_each_client_apart() -> None:
    cache.clear()
    for _ in range(3):
        hit("test", "client-a", "3/minute")
    assert hit("test", "client-b", "3/minute").allowed is True


def test_hit_holds_under_concurrency_on_redis(redis_url: str) -> None:
    cache.clear()
    with ThreadPoolExecutor(max_workers=16) as pool:
        verdicts = list(pool.map(lambda _: hit("race", "venue", "50/minute"), range(200)))
    assert sum(v.allowed for v in verdicts) == 50


def test_a_hit_is_one_round_trip_to_redis_and_its_window_expires(redis_url: str) -> None:
    from redis import Redis

    cache.clear()
    with Calls(Redis.execute_command) as opening:
        hit("trips", "client-a", "50/minute")
    with Calls(Redis.execute_command) as counting:
        verdict = hit("trips", "client-a", "50/minute")
    assert verdict.count == 2
    assert opening[Redis.execute_command] == 2  # the count, and its window's expiry
    assert counting[Redis.execute_command] == 1  # every later hit: the count alone
    client = cache._cache.get_client(write=True)  # type: ignore[attr-defined]
    (key,) = client.scan_iter(match=cache.make_key("rate:trips:*"))
    assert 0 < client.ttl(key) <= 61
