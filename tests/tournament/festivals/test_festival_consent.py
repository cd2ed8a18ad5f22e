"""Issue 25, item 3 (festival hijack): an event joins a festival only with the consent of the
festival's own directors, and only they edit the festival. Until approved, an event counts
nowhere in the festival: not on its page, not in its schedule, not in its Pentamind placings."""

import datetime
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import (
    BoardFactory,
    EntryFactory,
    EventFactory,
    RoundFactory,
    UserFactory,
    director_of,
)
from tournament.events.forms import EventForm
from tournament.festivals import services as festival_services
from tournament.festivals.models import FestivalRequest, FestivalRole
from tournament.models.decisions import Decision
from tournament.models.events import Event, Festival
from tournament.rights.models import RightsChange

pytestmark = pytest.mark.django_db


class Setting:
    """Festival M, directed by ``owner``, with one event of its own (played); event F of
    another director, with a board that F's director would like counted in M."""

    def __init__(self) -> None:
        self.festival = Festival.objects.create(
            name="Consent Festival",
            slug="consent-festival",
            starts=datetime.date(2026, 8, 20),
            ends=datetime.date(2026, 8, 28),
            time_zone="Europe/London",
        )
        member = EventFactory(name="Consent Open", festival=self.festival)
        self.owner = director_of(member, "owner")
        FestivalRole.objects.create(festival=self.festival, user=self.owner)
        BoardFactory(
            round=RoundFactory(event=member, number=1),
            sides=[
                EntryFactory(event=member, player__name="Alice"),
                EntryFactory(event=member, player__name="Bob"),
            ],
            result="1-0",
        )
        self.event_f = EventFactory(
            name="Hijack Cup",
            start_date=datetime.date(2026, 8, 22),
            end_date=datetime.date(2026, 8, 22),
        )
        self.director_f = director_of(self.event_f, "director_f")
        BoardFactory(
            round=RoundFactory(event=self.event_f, number=1),
            sides=[
                EntryFactory(event=self.event_f, player__name="Mallory"),
                EntryFactory(event=self.event_f, player__name="Trent"),
            ],
            result="1-0",
        )


@pytest.fixture
def setting() -> Setting:
    return Setting()


def client_of(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def name_festival(user: Any, event: Event, festival: Festival | str) -> Any:
    """Post the event's own form, unchanged but for the festival."""
    data = {k: v for k, v in EventForm.initial_of(event).items() if v not in (None, False)}
    data["festival"] = festival.pk if isinstance(festival, Festival) else festival
    return client_of(user).post(reverse("event-edit", args=[event.slug]), data)


def counted_in(festival: Festival) -> str:
    """The festival's public page and its Pentamind export, as anyone reads them."""
    anyone = Client()
    page = anyone.get(reverse("festival-detail", args=[festival.slug])).content.decode()
    export = anyone.get(reverse("festival-pentamind-csv", args=[festival.slug]))
    return (
        page + b"".join(export.streaming_content if export.streaming else [export.content]).decode()
    )


def test_naming_someone_elses_festival_only_asks_and_counts_nowhere(setting: Setting) -> None:
    response = name_festival(setting.director_f, setting.event_f, setting.festival)

    assert response.status_code == 302
    assert Event.objects.get(pk=setting.event_f.pk).festival_id is None
    asked = FestivalRequest.objects.get()
    assert (asked.event_id, asked.festival_id, asked.status) == (
        setting.event_f.pk,
        setting.festival.pk,
        Decision.PENDING,
    )
    shown = counted_in(setting.festival)
    assert "Alice" in shown
    assert "Hijack Cup" not in shown and "Mallory" not in shown


def test_the_director_of_an_event_cannot_edit_the_festival(setting: Setting) -> None:
    name_festival(setting.director_f, setting.event_f, setting.festival)
    member_director = director_of(Event.objects.get(name="Consent Open"), "co-td")
    edit = reverse("festival-edit", args=[setting.festival.slug])
    hijack = {
        "name": "Hijacked",
        "starts": "2026-01-01",
        "ends": "2026-01-02",
        "time_zone": "Pacific/Auckland",
    }

    for user in (setting.director_f, member_director):
        assert client_of(user).post(edit, hijack).status_code == 403

    festival = Festival.objects.get(pk=setting.festival.pk)
    assert (festival.name, festival.starts, festival.time_zone) == (
        "Consent Festival",
        datetime.date(2026, 8, 20),
        "Europe/London",
    )


def test_the_festivals_director_approves_on_the_festival_page(setting: Setting) -> None:
    name_festival(setting.director_f, setting.event_f, setting.festival)
    asked = FestivalRequest.objects.get()
    owner = client_of(setting.owner)
    page = owner.get(reverse("festival-detail", args=[setting.festival.slug])).content.decode()
    approve = reverse("festival-request-approve", args=[setting.festival.slug, asked.pk])
    assert approve in page

    response = owner.post(approve)

    assert response.status_code == 302
    assert Event.objects.get(pk=setting.event_f.pk).festival_id == setting.festival.pk
    asked.refresh_from_db()
    assert (asked.status, asked.decided_by_id) == (Decision.APPROVED, setting.owner.pk)
    assert "Mallory" in counted_in(setting.festival)


def test_the_festivals_director_declines_and_the_event_stays_out(setting: Setting) -> None:
    name_festival(setting.director_f, setting.event_f, setting.festival)
    asked = FestivalRequest.objects.get()
    decline = reverse("festival-request-decline", args=[setting.festival.slug, asked.pk])

    response = client_of(setting.owner).post(decline, {"reason": "Not part of the MSO"})

    assert response.status_code == 302
    asked.refresh_from_db()
    assert (asked.status, asked.reason) == (Decision.REFUSED, "Not part of the MSO")
    assert Event.objects.get(pk=setting.event_f.pk).festival_id is None
    assert "Hijack Cup" not in counted_in(setting.festival)


def test_nobody_but_the_festivals_directors_approves(setting: Setting) -> None:
    name_festival(setting.director_f, setting.event_f, setting.festival)
    asked = FestivalRequest.objects.get()
    approve = reverse("festival-request-approve", args=[setting.festival.slug, asked.pk])
    member_director = director_of(Event.objects.get(name="Consent Open"), "co-td")

    for user in (setting.director_f, member_director):
        assert client_of(user).post(approve).status_code == 403

    assert FestivalRequest.objects.get().status == Decision.PENDING
    assert Event.objects.get(pk=setting.event_f.pk).festival_id is None


def test_the_event_form_saved_unchanged_keeps_the_request_waiting(setting: Setting) -> None:
    name_festival(setting.director_f, setting.event_f, setting.festival)
    event = Event.objects.get(pk=setting.event_f.pk)
    assert EventForm.initial_of(event)["festival"] == setting.festival.pk

    name_festival(setting.director_f, event, setting.festival)
    assert FestivalRequest.objects.filter(status=Decision.PENDING).count() == 1

    name_festival(setting.director_f, event, "")  # changed their mind: no festival
    assert not FestivalRequest.objects.filter(status=Decision.PENDING).exists()
    assert Event.objects.get(pk=event.pk).festival_id is None


def test_a_created_festival_is_directed_by_its_creator_and_that_is_logged() -> None:
    creator = director_of(EventFactory(), "creator")
    data = {"name": "New Festival", "starts": "2027-08-19", "ends": "2027-08-20"}

    festival = festival_services.create_festival(user=creator, data=data)

    assert list(festival.roles.values_list("user_id", flat=True)) == [creator.pk]
    logged = RightsChange.objects.get()
    assert (logged.by_id, logged.subject) == (creator.pk, "festival New Festival")
    assert logged.change == "granted: creator as a director of the festival"
    assert festival_services.can_edit_festival(creator, festival)


def test_the_migration_makes_the_directors_of_member_events_festival_directors() -> None:
    """Festivals made before festival roles keep directors: those of their events then."""
    from importlib import import_module

    from django.apps import apps

    migration = import_module("tournament.migrations.0014_festival_roles_requests_rights_log")
    festival = Festival.objects.create(
        name="Old", slug="old", starts=datetime.date(2025, 8, 1), ends=datetime.date(2025, 8, 2)
    )
    td = director_of(EventFactory(festival=festival), "old-td")
    director_of(EventFactory(), "elsewhere")

    migration.festival_directors_from_member_events(apps, None)

    assert list(festival.roles.values_list("user_id", flat=True)) == [td.pk]


def test_a_member_events_director_saves_its_form_and_it_stays_in_without_asking(
    setting: Setting,
) -> None:
    member = Event.objects.get(name="Consent Open")
    member_director = director_of(member, "co-td")

    response = name_festival(member_director, member, setting.festival)

    assert response.status_code == 302
    assert Event.objects.get(pk=member.pk).festival_id == setting.festival.pk
    assert not FestivalRequest.objects.exists()


def test_the_festivals_directors_name_and_remove_each_other_logged(setting: Setting) -> None:
    bea = UserFactory(username="bea")
    owner = client_of(setting.owner)
    directors = reverse("festival-directors", args=[setting.festival.slug])

    added = owner.post(directors, {"username": "bea", "reason": "Runs the Pentamind"})
    role = FestivalRole.objects.get(festival=setting.festival, user=bea)
    remove = reverse("festival-director-remove", args=[setting.festival.slug, role.pk])
    removed = owner.post(remove, {"reason": "Done"})
    owners_role = FestivalRole.objects.get(user=setting.owner)
    last = reverse("festival-director-remove", args=[setting.festival.slug, owners_role.pk])
    kept = owner.post(last)

    assert (added.status_code, removed.status_code, kept.status_code) == (302, 302, 302)
    assert list(setting.festival.roles.values_list("user__username", flat=True)) == ["owner"]
    logged = RightsChange.objects.filter(subject="festival Consent Festival").order_by("id")
    assert list(logged.values_list("by", "change", "reason")) == [
        (setting.owner.pk, "granted: bea as a director of the festival", "Runs the Pentamind"),
        (setting.owner.pk, "removed: bea as a director of the festival", "Done"),
    ]


def test_a_director_of_another_event_cannot_make_himself_a_festival_director(
    setting: Setting,
) -> None:
    directors = reverse("festival-directors", args=[setting.festival.slug])
    intruder = client_of(setting.director_f)

    assert intruder.get(directors).status_code == 403
    assert intruder.post(directors, {"username": "director_f"}).status_code == 403
    assert not FestivalRole.objects.filter(user=setting.director_f).exists()
    assert not RightsChange.objects.exists()


def test_the_festival_pages_name_people_without_their_addresses(setting: Setting) -> None:
    """User names are e-mail addresses; a festival's directors see who asks and who co-directs
    by their display names."""
    asker = UserFactory(username="dora@example.org", email="dora@example.org", first_name="Dora")
    asker.event_roles.create(event=setting.event_f, role="director")
    name_festival(asker, setting.event_f, setting.festival)
    co = UserFactory(username="cy@example.org", email="cy@example.org", first_name="Cy")
    FestivalRole.objects.create(festival=setting.festival, user=co)
    owner = client_of(setting.owner)

    detail = owner.get(reverse("festival-detail", args=[setting.festival.slug])).content.decode()
    directors = owner.get(reverse("festival-directors", args=[setting.festival.slug]))

    assert "Dora" in detail
    assert "dora@example.org" not in detail
    assert "Cy" in directors.content.decode()
    assert "cy@example.org" not in directors.content.decode()
