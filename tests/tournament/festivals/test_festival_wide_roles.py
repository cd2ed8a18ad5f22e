"""A role for a whole festival (issue 28, requirement 1): a director of the festival names an
arbiter or a director of every event of it once, not event by event. The role works in every
event of the festival, those that join later included, and in no other festival's event; its
grant and its removal go into the rights log."""

import datetime
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.recording.services import record_action
from tests.factories import EntryFactory, EventFactory, UserFactory, director_of
from tests.games.factories import board_with_game, fresh
from tournament.checkin import services as checkin
from tournament.checkin.models import CheckIn
from tournament.claims.models import PlayerClaim
from tournament.claims.selectors import claims_to_decide
from tournament.confirmations.selectors import staff_of
from tournament.errors import DomainError, NotAllowed
from tournament.festivals import services as festival_services
from tournament.festivals.models import FestivalRole
from tournament.models.events import Entry, Event, Festival
from tournament.permissions import events_held, is_arbiter, is_director, roles_of
from tournament.rights.models import RightsChange

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

RO = {"type": "place", "player": 0, "tile": "RO", "cells": ["C9", "D9"]}


def festival(name: str) -> Festival:
    return Festival.objects.create(
        name=name,
        slug=name.lower().replace(" ", "-"),
        starts=datetime.date(2026, 8, 20),
        ends=datetime.date(2026, 8, 28),
        time_zone="Europe/London",
    )


class Festivals:
    """The MSO, directed by ``owner``, with two events; another festival with one event."""

    def __init__(self) -> None:
        self.mso = festival("MSO 2026")
        self.other = festival("Other Fest")
        self.owner = UserFactory(username="owner")
        FestivalRole.objects.create(festival=self.mso, user=self.owner)
        self.bea = UserFactory(username="bea")

    def name(self, role: str, username: str = "bea", reason: str = "") -> FestivalRole:
        return festival_services.add_festival_role(
            festival=self.mso, user=self.owner, username=username, role=role, reason=reason
        )


@pytest.fixture
def fests() -> Festivals:
    return Festivals()


def check_in_event(fest: Festival | None, name: str) -> tuple[Event, Entry]:
    event = EventFactory(name=name, festival=fest, check_in_required=True, rounds=3)
    return event, EntryFactory(event=event, starting_rank=1)


# --- arbiters of every event -----------------------------------------------------------


def test_a_festival_arbiter_records_at_every_event_of_the_festival(fests: Festivals) -> None:
    fests.name(FestivalRole.Role.ARBITER)
    games = [board_with_game(festival=fests.mso, name=f"MSO event {n}")[1] for n in (1, 2)]

    for game in games:
        record_action(game=game, user=fests.bea, expected_index=0, action=RO)

    assert [fresh(game).log_length for game in games] == [1, 1]


def test_a_festival_arbiter_records_nothing_at_another_festivals_event(
    fests: Festivals,
) -> None:
    fests.name(FestivalRole.Role.ARBITER)
    _board, game, _arbiter = board_with_game(festival=fests.other, name="Elsewhere")

    with pytest.raises(NotAllowed):
        record_action(game=game, user=fests.bea, expected_index=0, action=RO)
    assert fresh(game).log_length == 0


def test_a_festival_arbiter_records_nothing_at_a_stand_alone_event(fests: Festivals) -> None:
    fests.name(FestivalRole.Role.ARBITER)
    _board, game, _arbiter = board_with_game(name="Alone")

    with pytest.raises(NotAllowed):
        record_action(game=game, user=fests.bea, expected_index=0, action=RO)


def test_a_festival_arbiter_is_no_director_of_its_events(fests: Festivals) -> None:
    fests.name(FestivalRole.Role.ARBITER)
    event = EventFactory(festival=fests.mso)

    assert roles_of(fests.bea, event) == {"arbiter"}
    assert not is_director(fests.bea, event)


# --- directors of every event ----------------------------------------------------------


def test_a_festival_director_checks_in_at_every_event_even_one_added_later(
    fests: Festivals,
) -> None:
    _first, first_entry = check_in_event(fests.mso, "MSO Open")
    fests.name(FestivalRole.Role.DIRECTOR)
    later, later_entry = check_in_event(None, "MSO Blitz")
    Event.objects.filter(pk=later.pk).update(festival=fests.mso)  # joins after the grant
    later_entry.event.refresh_from_db()

    for entry in (first_entry, later_entry):
        checkin.check_in(entry=entry, user=fests.bea, by_hand=True)

    assert CheckIn.objects.count() == 2


def test_a_festival_director_checks_nobody_in_at_another_festivals_event(
    fests: Festivals,
) -> None:
    fests.name(FestivalRole.Role.DIRECTOR)
    _event, entry = check_in_event(fests.other, "Other Open")

    with pytest.raises(NotAllowed):
        checkin.check_in(entry=entry, user=fests.bea, by_hand=True)
    assert not CheckIn.objects.exists()


def test_a_director_of_every_event_may_not_edit_the_festival_or_name_people(
    fests: Festivals,
) -> None:
    fests.name(FestivalRole.Role.DIRECTOR)

    assert not festival_services.can_edit_festival(fests.bea, fests.mso)
    with pytest.raises(NotAllowed):
        festival_services.add_festival_role(
            festival=fests.mso, user=fests.bea, username="bea", role="arbiter"
        )


def test_the_desk_page_opens_for_a_festival_director(fests: Festivals) -> None:
    event, _entry = check_in_event(fests.mso, "MSO Open")
    other, _other_entry = check_in_event(fests.other, "Other Open")
    fests.name(FestivalRole.Role.DIRECTOR)
    client = Client()
    client.force_login(fests.bea)

    assert client.get(reverse("event-check-in-manage", args=[event.slug])).status_code == 200
    assert client.get(reverse("event-check-in-manage", args=[other.slug])).status_code == 403


def test_the_events_people_told_of_a_dispute_include_the_festivals(fests: Festivals) -> None:
    fests.name(FestivalRole.Role.ARBITER)
    event = EventFactory(festival=fests.mso)
    elsewhere = EventFactory(festival=fests.other)

    assert fests.bea in staff_of(event)
    assert fests.bea not in staff_of(elsewhere)


def test_a_festival_director_decides_the_claims_of_the_festivals_players(
    fests: Festivals,
) -> None:
    fests.name(FestivalRole.Role.DIRECTOR)
    here = EntryFactory(event=EventFactory(festival=fests.mso))
    there = EntryFactory(event=EventFactory(festival=fests.other))
    mine = PlayerClaim.objects.create(user=UserFactory(username="c1"), player=here.player)
    PlayerClaim.objects.create(user=UserFactory(username="c2"), player=there.player)

    assert list(claims_to_decide(fests.bea)) == [mine]


def test_events_held_reads_both_kinds_of_role(fests: Festivals) -> None:
    fests.name(FestivalRole.Role.ARBITER)
    in_mso = EventFactory(festival=fests.mso)
    own = EventFactory()
    own.roles.create(user=fests.bea, role="arbiter")
    EventFactory(festival=fests.other)

    assert set(events_held(fests.bea, ["arbiter"])) == {in_mso, own}
    assert not events_held(fests.bea, ["director"]).exists()


# --- the grant, its log and its removal -------------------------------------------------


def test_the_grant_and_the_removal_are_in_the_rights_log(fests: Festivals) -> None:
    role = fests.name(FestivalRole.Role.ARBITER, reason="Runs the Ingenious room")
    festival_services.remove_festival_role(
        festival=fests.mso, user=fests.owner, role=role, reason="Left early"
    )

    logged = RightsChange.objects.filter(subject="festival MSO 2026").order_by("id")
    assert list(logged.values_list("by", "change", "reason")) == [
        (
            fests.owner.pk,
            "granted: bea as an arbiter of every event of the festival",
            "Runs the Ingenious room",
        ),
        (fests.owner.pk, "removed: bea as an arbiter of every event of the festival", "Left early"),
    ]


def test_after_removal_the_festival_arbiter_records_nothing(fests: Festivals) -> None:
    role = fests.name(FestivalRole.Role.ARBITER)
    _board, game, _arbiter = board_with_game(festival=fests.mso)
    festival_services.remove_festival_role(festival=fests.mso, user=fests.owner, role=role)

    assert not is_arbiter(fests.bea, game.event_board.round.event)
    with pytest.raises(NotAllowed):
        record_action(game=game, user=fests.bea, expected_index=0, action=RO)


def test_the_same_role_twice_is_refused_with_a_clear_message(fests: Festivals) -> None:
    fests.name(FestivalRole.Role.ARBITER)

    with pytest.raises(DomainError) as refused:
        fests.name(FestivalRole.Role.ARBITER)
    assert refused.value.message == "bea is already an arbiter of every event of MSO 2026."


def test_one_person_may_be_arbiter_and_director_of_the_festival(fests: Festivals) -> None:
    fests.name(FestivalRole.Role.ARBITER)
    fests.name(FestivalRole.Role.FESTIVAL)

    assert festival_services.can_edit_festival(fests.bea, fests.mso)
    assert FestivalRole.objects.filter(user=fests.bea).count() == 2


def test_an_unknown_role_is_refused_and_nothing_is_granted(fests: Festivals) -> None:
    with pytest.raises(DomainError) as refused:
        fests.name("emperor")
    assert refused.value.message == "'emperor' is not a role of a festival: choose one of the list."
    assert not FestivalRole.objects.filter(user=fests.bea).exists()
    assert not RightsChange.objects.exists()


def test_the_last_arbiter_may_go_but_not_the_last_director(fests: Festivals) -> None:
    arbiter = fests.name(FestivalRole.Role.ARBITER)
    owners = FestivalRole.objects.get(user=fests.owner)

    festival_services.remove_festival_role(festival=fests.mso, user=fests.owner, role=arbiter)
    with pytest.raises(DomainError) as refused:
        festival_services.remove_festival_role(festival=fests.mso, user=fests.owner, role=owners)
    assert refused.value.message == "A festival keeps at least one director."


# --- the festival's people page ---------------------------------------------------------


def owner_client(fests: Festivals) -> Client:
    client = Client()
    client.force_login(fests.owner)
    return client


def test_the_people_page_names_an_arbiter_of_every_event(fests: Festivals) -> None:
    url = reverse("festival-directors", args=[fests.mso.slug])
    data: dict[str, Any] = {"username": "bea", "role": "arbiter", "reason": "Ingenious room"}

    response = owner_client(fests).post(url, data)

    assert response.status_code == 302
    assert FestivalRole.objects.filter(user=fests.bea, role="arbiter").exists()


def test_the_people_page_lists_each_role_in_words(fests: Festivals) -> None:
    fests.name(FestivalRole.Role.ARBITER)
    url = reverse("festival-directors", args=[fests.mso.slug])

    page = owner_client(fests).get(url).content.decode()

    assert "Arbiter of every event" in page
    assert "Director of the festival" in page


def test_the_people_page_removes_a_role(fests: Festivals) -> None:
    role = fests.name(FestivalRole.Role.DIRECTOR)
    url = reverse("festival-director-remove", args=[fests.mso.slug, role.pk])

    response = owner_client(fests).post(url, {"reason": "done"}, follow=True)

    assert "bea no longer directs every event of the festival." in response.content.decode()
    assert not FestivalRole.objects.filter(user=fests.bea).exists()


def test_a_director_of_every_event_cannot_open_the_people_page(fests: Festivals) -> None:
    fests.name(FestivalRole.Role.DIRECTOR)
    client = Client()
    client.force_login(fests.bea)
    url = reverse("festival-directors", args=[fests.mso.slug])

    assert client.post(url, {"username": "bea", "role": "festival"}).status_code == 403
    assert not festival_services.can_edit_festival(fests.bea, fests.mso)


def test_the_events_roles_page_names_the_festivals_people(fests: Festivals) -> None:
    fests.name(FestivalRole.Role.ARBITER)
    event = EventFactory(festival=fests.mso)
    client = Client()
    client.force_login(director_of(event, "td"))

    page = client.get(reverse("event-roles", args=[event.slug])).content.decode()

    assert "Across the festival MSO 2026" in page
    assert "Arbiter of every event" in page
