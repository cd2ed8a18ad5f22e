"""The player registry is kept by registrars, a role an admin grants: creating an event (which
anyone signed in may do) makes a director of that event, not a keeper of every player."""

import pytest
from django.contrib.auth.models import Group, Permission
from django.core.management import call_command

from tests.factories import (
    EventCreatorFactory,
    EventFactory,
    PlayerFactory,
    UserFactory,
    director_of,
)
from tests.tournament.helpers import api_as
from tournament.errors import NotAllowed
from tournament.models.events import Player
from tournament.registry.services import create_player, update_player

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def registrars() -> Group:
    group, _ = Group.objects.get_or_create(name="Registrars")
    group.permissions.add(
        Permission.objects.get(content_type__app_label="tournament", codename="keep_registry")
    )
    return group


def test_a_user_who_creates_an_event_cannot_change_other_events_players() -> None:
    other_event = EventFactory()
    victim = PlayerFactory(name="Amelia Hartley", club="Cambridge", rating=1985, contact="a@x")
    director_of(other_event)
    # Anyone signed in creates an event and directs it.
    api = api_as(EventCreatorFactory(username="mallory"))
    created = api.post("/api/events/", {"name": "My Open", "rounds": 5}, format="json")
    assert created.status_code == 201, created.content

    changed = api.patch(
        f"/api/players/{victim.pk}/",
        {"name": "Renamed", "rating": 100, "contact": "mallory@evil"},
        format="json",
    )
    assert changed.status_code == 403, changed.content
    assert changed.json()["code"] == "not_registrar"
    assert "registrar" in changed.json()["detail"]
    added = api.post("/api/players/", {"name": "Sock Puppet"}, format="json")
    assert added.status_code == 403
    victim.refresh_from_db()
    assert (victim.name, victim.rating, victim.contact) == ("Amelia Hartley", 1985, "a@x")
    assert not Player.objects.filter(name="Sock Puppet").exists()


def test_registrars_and_staff_keep_the_registry() -> None:
    player = PlayerFactory(name="Kenji Morita", rating=1822)
    registrar = UserFactory(username="reg")
    registrar.groups.add(registrars())
    response = api_as(registrar).patch(
        f"/api/players/{player.pk}/", {"rating": 1830}, format="json"
    )
    assert response.status_code == 200, response.content
    added = api_as(registrar).post("/api/players/", {"name": "New Player"}, format="json")
    assert added.status_code == 201

    staff = UserFactory(username="staffer", is_staff=True)
    player.refresh_from_db()
    player = update_player(player=player, user=staff, club="Tokyo")
    assert (player.rating, player.club) == (1830, "Tokyo")


def test_a_director_adds_new_players_but_changes_no_registry_player_through_entries() -> None:
    event = EventFactory()
    api = api_as(director_of(event))
    known = PlayerFactory(name="Priya Raman", club="Oxford", rating=1902, contact="p@x")
    entered = api.post(
        f"/api/events/{event.slug}/entries/",
        {"name": "priya raman", "club": "OXFORD", "rating": 1, "contact": "evil@x"},
        format="json",
    )
    assert entered.status_code == 201, entered.content
    assert entered.json()["player"]["id"] == known.pk
    known.refresh_from_db()
    assert (known.name, known.rating, known.contact) == ("Priya Raman", 1902, "p@x")

    new = api.post(
        f"/api/events/{event.slug}/entries/",
        {"name": "Brand New", "club": "Leeds", "rating": 1500},
        format="json",
    )
    assert new.status_code == 201
    assert Player.objects.get(pk=new.json()["player"]["id"]).rating == 1500


def test_the_services_refuse_a_director_too() -> None:
    event = EventFactory()
    director = director_of(event)
    with pytest.raises(NotAllowed):
        create_player(user=director, name="Someone")
    with pytest.raises(NotAllowed):
        update_player(player=PlayerFactory(), user=director, name="Someone")


def test_the_demo_director_keeps_the_registry() -> None:
    call_command("seed_demo")
    from django.contrib.auth import get_user_model

    director = get_user_model().objects.get(username="director")
    assert director.has_perm("tournament.keep_registry")
    player = Player.objects.order_by("pk").first()
    assert player is not None
    assert update_player(player=player, user=director, rating=1999).rating == 1999
