"""Whole events through the JSON API, results entered by hand: a 12-player 7-round Swiss and a
9-player all-play-all. Every round pairs, nobody meets twice, byes go where the rules say."""

from collections import Counter
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.factories import EventCreatorFactory
from tests.tournament.helpers import CSV_TWELVE, api_as, hand_result
from tournament.models.events import Board, Event, Round
from tournament.results.models import ResultCorrection

pytestmark = pytest.mark.usefixtures("tasks_in_process")


def pair_and_publish(api: APIClient, slug: str, capture: Any) -> dict[str, Any]:
    with capture(execute=True):
        response = api.post(f"/api/events/{slug}/rounds/")
    assert response.status_code == 202, response.content
    url = response.json()["url"]
    assert response["Location"] == url
    draft = api.get(url).json()
    assert draft["status"] == "draft", draft
    assert draft["pairing_progress"] == 100
    published = api.post(url + "publish/")
    assert published.status_code == 200, published.content
    assert published.json()["status"] == "published"
    return published.json()


def enter_results(api: APIClient, round_: dict[str, Any]) -> None:
    for board in round_["boards"]:
        if board["result"]:
            continue  # byes score by themselves
        body = hand_result(round_["number"], board["number"])
        response = api.patch(
            board["url"], {**body, "replaces": board["result_version"]}, format="json"
        )
        assert response.status_code == 200, response.content


def seats(round_: dict[str, Any]) -> list[int]:
    ids = []
    for board in round_["boards"]:
        ids.append(board["first"]["id"])
        if board["second"]:
            ids.append(board["second"]["id"])
    return ids


@pytest.mark.django_db
def test_a_twelve_player_swiss_runs_seven_rounds_through_the_api(
    django_capture_on_commit_callbacks: Any,
) -> None:
    api = api_as(EventCreatorFactory(username="td"))
    created = api.post(
        "/api/events/",
        {"name": "MSO Ingenious Open", "venue": "JW3", "rounds": 7, "pairing_system": "auto"},
        format="json",
    )
    assert created.status_code == 201, created.content
    slug = created.json()["slug"]
    assert created.json()["tiebreak_chain"] == [
        "results_between",
        "progressive_difference",
        "progressive_level",
    ]
    imported = api.post(f"/api/events/{slug}/entries/import/", {"text": CSV_TWELVE}, format="json")
    assert imported.status_code == 201, imported.content
    entries = imported.json()
    assert [e["starting_rank"] for e in entries] == list(range(1, 13))
    assert entries[0]["player"]["name"] == "Amelia Hartley"  # highest rating first
    resting = entries[4]["id"]
    byes = api.patch(
        f"/api/events/{slug}/entries/{resting}/", {"requested_byes": [3]}, format="json"
    )
    assert byes.status_code == 200 and byes.json()["requested_byes"] == [3]

    met: set[frozenset[int]] = set()
    allocated = Counter()
    for number in range(1, 8):
        round_ = pair_and_publish(api, slug, django_capture_on_commit_callbacks)
        assert round_["number"] == number
        assert sorted(seats(round_)) == sorted(e["id"] for e in entries), "everyone seated once"
        games = [b for b in round_["boards"] if b["second"]]
        singles = [b for b in round_["boards"] if not b["second"]]
        for board in games:
            pair = frozenset((board["first"]["id"], board["second"]["id"]))
            assert pair not in met, f"rematch in round {number}"
            met.add(pair)
        if number == 3:
            assert len(games) == 5
            assert {(b["first"]["id"], b["result"]) for b in singles} == {
                (resting, "half-bye"),
                (singles[0]["first"]["id"], "bye"),
            }
            assert singles[-1]["result"] == "half-bye", "requested byes after the allocated one"
        else:
            assert len(games) == 6 and not singles
        for board in singles:
            if board["result"] == "bye":
                allocated[board["first"]["id"]] += 1
        assert [b["number"] for b in round_["boards"]] == list(range(1, len(round_["boards"]) + 1))
        enter_results(api, round_)
        assert api.get(round_["url"]).json()["status"] == "complete"
    assert all(n == 1 for n in allocated.values()) and sum(allocated.values()) == 1
    event = Event.objects.get(slug=slug)
    assert event.status == Event.Status.FINISHED
    assert not Board.objects.filter(round__event=event, result="").exists()
    assert ResultCorrection.objects.filter(board__round__event=event).count() == 7 * 6 - 1
    refused = api.post(f"/api/events/{slug}/rounds/")
    assert refused.status_code == 400
    assert "All 7 rounds" in refused.json()["detail"]


@pytest.mark.django_db
def test_a_nine_player_round_robin_runs_through_the_api(
    django_capture_on_commit_callbacks: Any,
) -> None:
    api = api_as(EventCreatorFactory(username="td"))
    created = api.post(
        "/api/events/",
        {"name": "MSO Ingenious Nine", "rounds": 9, "pairing_system": "auto", "bye_value": "1.0"},
        format="json",
    )
    assert created.status_code == 201, created.content
    slug = created.json()["slug"]
    ids = []
    for i in range(9):
        added = api.post(
            f"/api/events/{slug}/entries/",
            {"name": f"Player {i + 1}", "club": "Cambridge", "country": "ENG", "rating": 1900 - i},
            format="json",
        )
        assert added.status_code == 201, added.content
        ids.append(added.json()["id"])
    met: Counter[frozenset[int]] = Counter()
    byes: Counter[int] = Counter()
    for number in range(1, 10):
        round_ = pair_and_publish(api, slug, django_capture_on_commit_callbacks)
        assert Round.objects.get(event__slug=slug, number=number).system == "round-robin"
        assert sorted(seats(round_)) == sorted(ids)
        for board in round_["boards"]:
            if board["second"]:
                met[frozenset((board["first"]["id"], board["second"]["id"]))] += 1
            else:
                assert board["result"] == "bye"
                byes[board["first"]["id"]] += 1
        assert round_["boards"][-1]["second"] is None, "the bye comes after the games"
        assert api.get(round_["url"]).json()["status"] == "published", "a bye is no game"
        enter_results(api, round_)
    assert len(met) == 36 and set(met.values()) == {1}, "all play all, once"
    assert byes == Counter({i: 1 for i in ids}), "one bye each"
    assert Event.objects.get(slug=slug).status == Event.Status.FINISHED
