"""What a client sends never becomes a 500: NUL characters are refused at the door (PostgreSQL
cannot store them), JSON nested too deep is a 400, not a RecursionError, and the event form says
so of ruleset options nested too deeply."""

import base64
import json
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import (
    EventCreatorFactory,
    EventFactory,
    PlayerFactory,
    UserFactory,
    director_of,
)
from tests.games.factories import board_with_game
from tests.tournament.helpers import api_as
from tournament.models.events import Event, Player
from tournament.web.parsers import MAX_JSON_DEPTH

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def basic(username: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{username}:{password}".encode()).decode()


def refused_for_nul(response: Any, where: str) -> None:
    assert response.status_code == 400, response.content[:300]
    if response["Content-Type"].startswith("application/json"):
        body = response.json()
        assert body["code"] == "nul_character"
        message = body["detail"]
    else:
        assert response["Content-Type"].startswith("text/plain")
        message = response.content.decode()
    assert f"{where} contains a NUL character" in message, message


@pytest.fixture
def answers_500() -> Client:
    return Client(raise_request_exception=False)


@pytest.mark.postgres
def test_a_nul_in_a_basic_auth_user_name_is_a_400_on_postgresql(
    postgres: None, answers_500: Client
) -> None:
    PlayerFactory()
    response = answers_500.get("/api/players/", HTTP_AUTHORIZATION=basic("a\x00b", "pw"))
    refused_for_nul(response, "the Basic authorization header")
    response = answers_500.get("/api/events/", HTTP_AUTHORIZATION=basic("admin", "p\x00w"))
    refused_for_nul(response, "the Basic authorization header")


@pytest.mark.postgres
def test_a_nul_in_the_player_search_is_a_400_on_postgresql(
    postgres: None, answers_500: Client
) -> None:
    PlayerFactory(name="Ada")
    refused_for_nul(answers_500.get("/api/players/?search=a%00b"), "the query string")
    assert answers_500.get("/api/players/?search=ad").json()["results"][0]["name"] == "Ada"


@pytest.mark.postgres
def test_a_nul_in_the_login_form_is_a_400_page_on_postgresql(
    postgres: None, answers_500: Client
) -> None:
    UserFactory(username="ada")
    response = answers_500.post("/accounts/login/", {"username": "a\x00da", "password": "x"})
    refused_for_nul(response, "the form")


@pytest.mark.postgres
def test_a_nul_in_the_session_cookie_is_a_400_on_postgresql(
    postgres: None, answers_500: Client
) -> None:
    event = EventFactory()
    answers_500.cookies["sessionid"] = "abcdefgh\x00ijklmnop"
    refused_for_nul(answers_500.get(f"/events/{event.slug}/"), "a cookie")


def test_a_nul_in_the_address_is_a_400(answers_500: Client) -> None:
    refused_for_nul(answers_500.get("/events/a%00b/"), "the address")
    refused_for_nul(answers_500.get("/api/events/a%00b/"), "the address")


def test_a_percent_sign_and_zeros_that_are_not_nul_pass() -> None:
    PlayerFactory(name="100%00 sure")
    found = Client().get("/api/players/", {"search": "%00"})  # sent as %2500
    assert found.status_code == 200
    assert [p["name"] for p in found.json()["results"]] == ["100%00 sure"]


@pytest.mark.parametrize("on_postgres", [False, True], ids=["any database", "postgresql"])
def test_a_players_csv_with_a_nul_names_its_line_and_imports_nothing(
    on_postgres: bool, request: pytest.FixtureRequest
) -> None:
    if on_postgres:
        request.getfixturevalue("postgres")
    event = EventFactory()
    api = api_as(director_of(event))
    api.raise_request_exception = False
    upload = SimpleUploadedFile(
        "players.csv",
        b"name,club,rating\nAmelia Hartley,Cambridge,1985\nTomasz K\x00owalczyk,Warsaw,1940\n",
        content_type="text/csv",
    )
    response = api.post(
        f"/api/events/{event.slug}/entries/import/", {"file": upload}, format="multipart"
    )
    assert response.status_code == 400, response.content[:300]
    assert response.json()["errors"] == [
        "line 3: The name contains a control character (U+0000): remove it."
    ]
    assert event.entries.count() == 0 and Player.objects.count() == 0


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def post_json(api: APIClient, url: str, body: str) -> Any:
    api.raise_request_exception = False
    return api.post(url, body, content_type="application/json")


@pytest.mark.parametrize("endpoint", ["import", "actions"])
def test_json_nested_a_thousand_deep_is_a_400_on_the_games_endpoints(endpoint: str) -> None:
    board, game, arbiter = board_with_game()
    api = api_as(arbiter)
    url = f"/api/games/{board.pk}/{endpoint}/"
    field = "record" if endpoint == "import" else "action"
    for depth in (1000, 5000, MAX_JSON_DEPTH + 1):
        body = f'{{"expected_index": 0, "{field}": {nested(depth)}}}'
        response = post_json(api, url, body)
        assert response.status_code == 400, (depth, response.content[:300])
        expected = f"The JSON is nested more than {MAX_JSON_DEPTH} levels deep."
        assert response.json()["detail"] == expected
    # Within the limit the JSON reaches the serializers and the engine, which explain.
    body = json.dumps({"expected_index": 0, field: {"deep": json.loads(nested(20))}})
    response = post_json(api, url, body)
    assert response.status_code == 400
    assert "nested" not in response.content.decode()
    assert game.actions.count() == 0


def test_a_nul_inside_json_strings_is_a_400() -> None:
    board, game, arbiter = board_with_game()
    api = api_as(arbiter)
    body = json.dumps({"expected_index": 0, "action": {"type": "place", "tile": "R\x00O"}})
    response = post_json(api, f"/api/games/{board.pk}/actions/", body)
    assert response.status_code == 400
    assert "NUL" in response.json()["detail"]


@pytest.mark.django_db
def test_the_event_page_reads_no_raw_json_of_ruleset_options(client: Any) -> None:
    """The page's ruleset options are its own fields (issue 28): deeply nested JSON sent to it
    is never parsed, and the event is made without it (the API refuses it: the test of
    unicode digits)."""
    client.force_login(EventCreatorFactory(username="maker"))
    assert 'name="ruleset_options"' not in client.get(reverse("event-create")).content.decode()
    deep = "[" * 5000 + "]" * 5000
    form = {"name": "Deep", "ruleset": "mso", "pairing_system": "auto", "rounds": 5}
    form |= {"clock_minutes": 10, "bye_value": "1.0", "tiebreak_preset": "mso-ingenious"}
    response = client.post(reverse("event-create"), {**form, "ruleset_options": deep})
    assert response.status_code == 302
    assert Event.objects.get(name="Deep").ruleset_options == {}
