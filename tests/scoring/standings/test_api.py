"""The standings API: standings, crosstable and placings, and their OpenAPI schema."""

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import include, path, reverse
from drf_spectacular.drainage import GENERATOR_STATS
from drf_spectacular.generators import SchemaGenerator

from tests.scoring.builders import HandBuilt, rulebook_example

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    cache.clear()


def test_standings_endpoint(client: Client) -> None:
    ev = rulebook_example()
    response = client.get(reverse("api-event-standings", args=[ev.event.slug]))
    assert response.status_code == 200
    body = response.json()
    assert [(r["rank"], r["name"], r["vp"]) for r in body["standings"]] == [
        (1, "C", 2.0),
        (2, "A", 2.0),
        (3, "B", 1.5),
        (4, "D", 0.5),
    ]
    assert body["standings"][1]["tiebreaks"]["progressive_difference"] == 7.0
    assert body["event"]["rounds_public"] == [1, 2, 3]
    assert [t["label"] for t in body["tiebreaks"]][0] == "Results between"


def test_crosstable_endpoint(client: Client) -> None:
    ev = rulebook_example()
    ev.round(4, [("A", None, "bye", None, None)])
    body = client.get(reverse("api-event-crosstable", args=[ev.event.slug])).json()
    assert body["rounds"] == [1, 2, 3, 4]
    d = next(x for x in body["crosstable"] if x["name"] == "D")
    assert d["rounds"][3]["kind"] == "none" and d["rounds"][3]["opponent"] is None
    a = next(x for x in body["crosstable"] if x["name"] == "A")
    assert a["rounds"][3]["kind"] == "bye" and a["rounds"][3]["points"] == 1.0
    # A's bye puts A first (3 VP): C, A's round-2 opponent, is now second.
    assert a["rounds"][1]["opponent_rank"] == 2 and a["rounds"][1]["moved_first"] is True


def test_placings_endpoint_with_ties(client: Client) -> None:
    ev = HandBuilt("ABCD")
    ev.round(1, [("A", "C", "1-0", 12, 9), ("B", "D", "1-0", 12, 9)])
    body = client.get(reverse("api-event-placings", args=[ev.event.slug])).json()
    assert body["field_size"] == 4
    assert [(p["name"], p["place"], p["shared"]) for p in body["placings"]] == [
        ("A", "1-2", True),
        ("B", "1-2", True),
        ("C", "3-4", True),
        ("D", "3-4", True),
    ]


def test_unknown_event_is_a_json_404(client: Client) -> None:
    response = client.get(reverse("api-event-placings", args=["nope"]))
    assert response.status_code == 404
    assert "detail" in response.json()


def test_schema_describes_the_endpoints_without_warnings() -> None:
    GENERATOR_STATS.reset()
    generator = SchemaGenerator(patterns=[path("api/", include("scoring.standings.api_urls"))])
    schema = generator.get_schema(request=None, public=True)
    assert not GENERATOR_STATS._warn_cache and not GENERATOR_STATS._error_cache
    paths = schema["paths"]
    for name in ("standings", "crosstable", "placings"):
        assert f"/api/events/{{slug}}/{name}/" in paths
    ok = paths["/api/events/{slug}/standings/"]["get"]["responses"]["200"]
    assert ok["content"]["application/json"]["schema"]["$ref"].endswith("/Standings")
    row = schema["components"]["schemas"]["StandingsRow"]["properties"]
    assert {"rank", "vp", "tiebreaks", "games_played", "name"} <= set(row)


def test_project_schema_lists_the_standings_api(client: Client) -> None:
    response = client.get("/api/schema/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    assert "/api/events/{slug}/placings/" in response.json()["paths"]
