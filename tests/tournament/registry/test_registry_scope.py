"""Issue 25, item 1: directing an event gives no power over the registry. The director of event F
cannot merge event E's players (page or API) nor undo a merge; a registrar (``keep_registry``
given by an administrator, to the user or to their group) can."""

from typing import Any

import pytest
from django.contrib.auth.models import Group, Permission
from django.test import Client
from django.urls import reverse

from tests.factories import (
    BoardFactory,
    EventFactory,
    PlayerFactory,
    RoundFactory,
    UserFactory,
    director_of,
    registrar,
)
from tests.tournament.helpers import api_as
from tournament.models.events import Entry, Player
from tournament.registry.merge import merge_players
from tournament.registry.models import PlayerMerge

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def client_of(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def paper_board_of_e() -> tuple[Player, Player, Player, Player]:
    """Event E's paper board of two players, and two players owned by new sign-ups."""
    event = EventFactory(name="Event E")
    board = BoardFactory(round=RoundFactory(event=event, number=1))
    first, second = (entry.player for entry in board.sides)
    owned = []
    for name in ("signup1", "signup2"):
        owned.append(PlayerFactory(user=UserFactory(username=name)))
    return first, second, owned[0], owned[1]


def entries_of(*players: Player) -> dict[int, list[int]]:
    return {
        p.pk: sorted(Entry.objects.filter(player=p).values_list("pk", flat=True)) for p in players
    }


def test_the_director_of_another_event_cannot_merge_es_players_on_the_page() -> None:
    first, second, owned, _ = paper_board_of_e()
    director_f = director_of(EventFactory(name="Event F"), "director_f")
    before = entries_of(first, second, owned)
    client = client_of(director_f)
    data = {"a": owned.pk, "b": first.pk, "survivor": "a", "reason": "same person"}

    assert client.post(reverse("registry-merge"), data).status_code == 403
    assert client.get(reverse("registry-merge"), {"a": owned.pk, "b": first.pk}).status_code == 403
    listed = client.get(reverse("registry-players"))  # the list is shown, without the tool
    assert listed.status_code == 200
    assert reverse("registry-merge") not in listed.content.decode()
    assert entries_of(first, second, owned) == before
    assert Player.objects.get(pk=first.pk).merged_into_id is None
    assert not PlayerMerge.objects.exists()


def test_the_director_of_another_event_cannot_merge_es_players_through_the_api() -> None:
    first, second, owned, _ = paper_board_of_e()
    director_f = director_of(EventFactory(name="Event F"), "director_f")
    before = entries_of(first, second, owned)
    data = {"survivor": owned.pk, "absorbed": first.pk, "reason": "same person"}

    refused = api_as(director_f).post("/api/players/merge/", data, format="json")

    assert refused.status_code == 403
    assert entries_of(first, second, owned) == before
    assert Player.objects.get(pk=first.pk).merged_into_id is None
    assert not PlayerMerge.objects.exists()


def test_the_director_of_another_event_cannot_undo_a_merge() -> None:
    first, _, owned, _ = paper_board_of_e()
    merge = merge_players(survivor=first, absorbed=owned, user=registrar(), reason="dup")
    director_f = director_of(EventFactory(name="Event F"), "director_f")

    undo = reverse("registry-merge-undo", args=[merge.pk])
    page = client_of(director_f).post(undo, {"reason": "x"})
    api = api_as(director_f).post(f"/api/players/merges/{merge.pk}/undo/", {"reason": "x"})

    assert page.status_code == 403
    assert api.status_code == 403
    merge.refresh_from_db()
    assert merge.undone_at is None
    assert Player.objects.get(pk=owned.pk).merged_into_id == first.pk


def test_a_registrar_merges_on_the_page_and_undoes_through_the_api() -> None:
    first, second, owned, _ = paper_board_of_e()
    keeper = registrar()
    data = {"a": first.pk, "b": owned.pk, "survivor": "a", "reason": "same person"}

    merged = client_of(keeper).post(reverse("registry-merge"), data)

    assert merged.status_code == 302
    merge = PlayerMerge.objects.get()
    assert (merge.survivor_id, merge.absorbed_id, merge.user_id) == (first.pk, owned.pk, keeper.pk)
    assert Player.objects.get(pk=owned.pk).merged_into_id == first.pk
    undone = api_as(keeper).post(f"/api/players/merges/{merge.pk}/undo/", {"reason": "not"})
    assert undone.status_code == 200
    assert Player.objects.get(pk=owned.pk).merged_into_id is None


def test_registry_rights_given_to_a_group_let_its_members_merge() -> None:
    first, _, owned, _ = paper_board_of_e()
    registrars = Group.objects.create(name="Registrars")
    registrars.permissions.add(
        Permission.objects.get(content_type__app_label="tournament", codename="keep_registry")
    )
    member = UserFactory(username="member")
    member.groups.add(registrars)
    data = {"survivor": first.pk, "absorbed": owned.pk, "reason": "dup"}

    response = api_as(member).post("/api/players/merge/", data, format="json")

    assert response.status_code == 201
    assert Player.objects.get(pk=owned.pk).merged_into_id == first.pk
