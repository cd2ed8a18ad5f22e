"""The registry's API: the paginated, searchable list of public fields without merged records,
and merging and undoing for registrars only."""

from typing import Any

import pytest

from tests.factories import (
    EntryFactory,
    EventFactory,
    PlayerFactory,
    UserFactory,
    arbiter_of,
    director_of,
    registrar,
    with_registry_rights,
)
from tests.tournament.helpers import api_as
from tournament.models.events import Player
from tournament.registry.merge import merge_players
from tournament.registry.models import PlayerMerge

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

PUBLIC = {"id", "name", "club", "country", "rating"}


def test_the_list_is_paginated_by_fifty_with_public_fields_only() -> None:
    for n in range(120):
        PlayerFactory(name=f"Player {n:03d}", contact=f"secret{n}@example.org", family="Fam")
    api = api_as(None)

    first = api.get("/api/players/")
    assert first.status_code == 200
    body = first.json()
    assert body["count"] == 120 and len(body["results"]) == 50
    assert body["previous"] is None and "page=2" in body["next"]
    assert set(body["results"][0]) == PUBLIC
    assert body["results"][0]["name"] == "Player 000"
    last = api.get("/api/players/", {"page": 3}).json()
    assert len(last["results"]) == 20 and last["next"] is None
    assert last["results"][-1]["name"] == "Player 119"
    assert "secret" not in first.content.decode() + str(last)
    assert api.get("/api/players/", {"page": 9}).status_code == 404


def test_search_is_case_insensitive_on_name_and_club() -> None:
    PlayerFactory(name="Kenji Morita", club="Tokyo")
    PlayerFactory(name="Priya Raman", club="Oxford")
    PlayerFactory(name="Marco Bellini", club="Milano")
    api = api_as(None)

    def names(search: str) -> list[str]:
        response = api.get("/api/players/", {"search": search})
        assert response.status_code == 200
        return [p["name"] for p in response.json()["results"]]

    assert names("KENJI") == ["Kenji Morita"]
    assert names("oxf") == ["Priya Raman"]
    assert names("mil") == ["Marco Bellini"]
    assert names("  ") == ["Kenji Morita", "Marco Bellini", "Priya Raman"]
    assert names("nobody") == []


def test_merged_players_are_not_listed_found_or_shown() -> None:
    td = with_registry_rights(director_of(EventFactory()))
    kept = PlayerFactory(name="Anna Hartley")
    gone = PlayerFactory(name="Anna Hartly")
    merge_players(survivor=kept, absorbed=gone, user=td, reason="typo")
    api = api_as(None)
    listed = api.get("/api/players/", {"search": "anna"}).json()
    assert [p["id"] for p in listed["results"]] == [kept.pk]
    assert api.get("/api/players/").json()["count"] == 1
    assert api.get(f"/api/players/{gone.pk}/").status_code == 404
    assert api.get(f"/api/players/{kept.pk}/").status_code == 200


def test_a_director_merges_and_undoes_through_the_api(
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = EventFactory(name="Spring Open")
    td = with_registry_rights(director_of(event))
    kept = PlayerFactory(name="Anna Hartley", contact="")
    gone = PlayerFactory(name="A. Hartley", contact="anna@private.example")
    entry = EntryFactory(event=event, player=gone)
    api = api_as(td)

    with django_capture_on_commit_callbacks(execute=True):
        merged = api.post(
            "/api/players/merge/",
            {"survivor": kept.pk, "absorbed": gone.pk, "reason": "typo", "fill_blanks": True},
            format="json",
        )
    assert merged.status_code == 201, merged.content
    body = merged.json()
    assert body["survivor"]["id"] == kept.pk and body["absorbed"]["id"] == gone.pk
    assert body["moved"]["entries"] == [entry.pk] and body["moved"]["filled"] == ["contact"]
    assert "anna@private.example" not in merged.content.decode()  # contact is never shown
    assert Player.objects.get(pk=kept.pk).contact == "anna@private.example"

    undone = api.post(f"/api/players/merges/{body['id']}/undo/", {"reason": "no"}, format="json")
    assert undone.status_code == 200, undone.content
    assert undone.json()["undone_by"] == "td" and undone.json()["undo_reason"] == "no"
    assert "anna@private.example" not in undone.content.decode()
    assert Player.objects.get(pk=kept.pk).contact == ""
    again = api.post(f"/api/players/merges/{body['id']}/undo/", {"reason": "no"}, format="json")
    assert again.status_code == 409 and again.json()["code"] == "already_undone"


def test_bad_merges_are_refused_with_a_clear_message() -> None:
    event = EventFactory(name="Spring Open")
    td = with_registry_rights(director_of(event))
    a, b = PlayerFactory(), PlayerFactory()
    EntryFactory(event=event, player=a)
    EntryFactory(event=event, player=b)
    api = api_as(td)

    same = api.post(
        "/api/players/merge/", {"survivor": a.pk, "absorbed": b.pk, "reason": "x"}, format="json"
    )
    assert same.status_code == 400
    assert same.json()["code"] == "same_event" and "Spring Open" in same.json()["detail"]
    missing = api.post(
        "/api/players/merge/", {"survivor": a.pk, "absorbed": 999999, "reason": "x"}, format="json"
    )
    assert missing.status_code == 400 and missing.json()["field"] == "absorbed"
    no_reason = api.post(
        "/api/players/merge/", {"survivor": a.pk, "absorbed": PlayerFactory().pk}, format="json"
    )
    assert no_reason.status_code == 400 and no_reason.json()["field"] == "reason"
    junk = api.post("/api/players/merge/", {"survivor": "x"}, format="json")
    assert junk.status_code == 400 and "survivor" in junk.json()
    assert not PlayerMerge.objects.exists()

    c, d, e, f = (PlayerFactory() for _ in range(4))
    first = merge_players(survivor=c, absorbed=d, user=td, reason="dup")
    merge_players(survivor=e, absorbed=f, user=td, reason="dup")
    late = api.post(f"/api/players/merges/{first.pk}/undo/", {"reason": "x"}, format="json")
    assert late.status_code == 409 and late.json()["code"] == "not_latest_merge"
    assert api.post("/api/players/merges/999999/undo/", {"reason": "x"}).status_code == 404


def test_only_registrars_merge_through_the_api() -> None:
    event = EventFactory()
    a, b = PlayerFactory(), PlayerFactory()
    person = UserFactory(username="player")
    PlayerFactory(user=person)
    data = {"survivor": a.pk, "absorbed": b.pk, "reason": "dup"}
    for user in (None, person, arbiter_of(event)):
        refused = api_as(user).post("/api/players/merge/", data, format="json")
        assert refused.status_code == 403, user
    assert not PlayerMerge.objects.exists()

    merge = merge_players(survivor=a, absorbed=b, user=registrar(), reason="dup")
    for user in (None, person):
        undo = api_as(user).post(f"/api/players/merges/{merge.pk}/undo/", {"reason": "x"})
        assert undo.status_code == 403
    merge.refresh_from_db()
    assert merge.undone_at is None
    staff = UserFactory(username="staffer", is_staff=True)
    done = api_as(staff).post(f"/api/players/merges/{merge.pk}/undo/", {"reason": "x"})
    assert done.status_code == 200
