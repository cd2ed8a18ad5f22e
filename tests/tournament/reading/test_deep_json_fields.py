"""A JSON field sent as text in a form-encoded or multipart body is read with the body's limits
(issue 25, item 9): nested 1,500 deep it was a RecursionError (500) for any signed-in user, since
the input was read before the arbiter check. Now a stranger is refused before the body is read,
and an arbiter gets a 400 naming the field; nothing is stored either way."""

from typing import Any
from urllib.parse import urlencode

import pytest
from django.test import Client
from django.urls import get_resolver
from rest_framework import serializers

from tests.factories import UserFactory
from tests.games.factories import board_with_game
from tests.tournament.helpers import api_as
from tournament.web.parsers import LimitedJSONField

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

DEEP = "[" * 1500 + "]" * 1500
WITHIN = "[" * 32 + "]" * 32  # the body's limit: still read, the engine explains
FIELDS = {"import": "record", "actions": "action"}


def posted(client: Any, url: str, body: dict[str, str], encoding: str) -> Any:
    client.raise_request_exception = False
    if encoding == "multipart":
        return client.post(url, body)  # the test client's default: multipart/form-data
    return client.post(url, body, content_type="application/x-www-form-urlencoded")


def form_encoded(body: dict[str, str]) -> str:
    return urlencode(body)


@pytest.mark.parametrize("encoding", ["multipart", "form"])
@pytest.mark.parametrize("endpoint", ["import", "actions"])
def test_deep_json_in_a_field_is_a_400_naming_the_field(endpoint: str, encoding: str) -> None:
    board, game, arbiter = board_with_game()
    field = FIELDS[endpoint]
    body = {"expected_index": "0", field: DEEP}
    api = api_as(arbiter)
    url = f"/api/games/{board.pk}/{endpoint}/"
    data: Any = body if encoding == "multipart" else form_encoded(body)
    response = posted(api, url, data, encoding)
    assert response.status_code == 400, response.content[:300]
    assert response.json()[field] == ["The JSON is nested more than 32 levels deep."]
    assert game.actions.count() == 0


@pytest.mark.parametrize("endpoint", ["import", "actions"])
def test_json_within_the_limit_in_a_field_reaches_the_engine(endpoint: str) -> None:
    board, game, arbiter = board_with_game()
    field = FIELDS[endpoint]
    response = posted(
        api_as(arbiter),
        f"/api/games/{board.pk}/{endpoint}/",
        {"expected_index": "0", field: WITHIN},
        "multipart",
    )
    assert response.status_code == 400
    assert "nested" not in response.content.decode()
    assert game.actions.count() == 0


@pytest.mark.parametrize("endpoint", ["import", "actions", "clock", "takeback"])
def test_a_stranger_is_refused_before_the_body_is_read(endpoint: str) -> None:
    board, game, _arbiter = board_with_game()
    body = {"expected_index": "0", "record": DEEP, "action": DEEP, "operation": "start"}
    response = posted(
        api_as(UserFactory()), f"/api/games/{board.pk}/{endpoint}/", body, "multipart"
    )
    assert response.status_code == 403, response.content[:300]
    assert response.json()["code"] == "not_arbiter"
    assert game.actions.count() == 0


def serializer_classes() -> list[type[serializers.Serializer[Any]]]:
    get_resolver().url_patterns  # noqa: B018 - imports every API module, and so its serializers
    found: list[type[serializers.Serializer[Any]]] = []
    todo: list[type[Any]] = [serializers.Serializer]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls.__module__.split(".")[0] in {"tournament", "games", "scoring"}:
            found.append(cls)
    return found


def test_every_writable_json_field_of_the_api_reads_with_the_limits() -> None:
    """One mechanism: a bare JSONField (a ModelSerializer makes one for a model's JSONField)
    would parse a form's text with no limit."""
    bare = []
    for cls in serializer_classes():
        try:
            fields = cls().fields
        except Exception:  # a serializer that needs its context to build its fields
            continue
        for name, field in fields.items():
            for f in (field, getattr(field, "child", None)):
                writable = isinstance(f, serializers.JSONField) and not f.read_only
                if writable and not isinstance(f, LimitedJSONField):
                    bare.append(f"{cls.__module__}.{cls.__name__}.{name}")
    assert len(serializer_classes()) > 40
    assert bare == []


def deep_text_record() -> str:
    """A record in the text form whose tag value is JSON nested 1,500 deep."""
    return "[Event " + DEEP + ']\n[Ruleset "mso"]\n1. RO C9 D9\n'


def test_deep_json_inside_a_text_form_record_or_turn_is_a_400() -> None:
    board, game, arbiter = board_with_game()
    api = api_as(arbiter)
    api.raise_request_exception = False
    url = f"/api/games/{board.pk}/"
    record = api.post(f"{url}import/", {"record": deep_text_record()}, format="json")
    assert record.status_code == 400, record.content[:300]
    assert "line 1, column 8): bad value of tag Event: nested too deeply" in record.json()["detail"]
    turn = api.post(
        f"{url}actions/",
        {"expected_index": 0, "text": '{"a":' * 1500 + "1" + "}" * 1500},
        format="json",
    )
    assert turn.status_code == 400, turn.content[:300]
    assert "bad action: nested too deeply" in turn.json()["detail"]
    assert game.actions.count() == 0


def test_the_import_page_refuses_deep_json_inside_a_text_form_record(client: Client) -> None:
    board, game, arbiter = board_with_game()
    client.force_login(arbiter)
    client.raise_request_exception = False
    response = client.post(f"/games/board/{board.pk}/import/", {"record": deep_text_record()})
    assert response.status_code == 200, response.content[:300]
    assert "nested too deeply" in response.content.decode()
    assert game.actions.count() == 0
