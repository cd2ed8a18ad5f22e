"""Issue 28: the role lines of the event's log and the rights log are kept as their words and
read in the reader's language (German pages, German lines); lines stored before, in English
only, still read as they were written."""

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.factories import EventCreatorFactory, EventFactory, UserFactory, director_of
from tournament.events.models import EventLogEntry
from tournament.events.services import create_event
from tournament.festivals import services as festival_services
from tournament.festivals.models import FestivalRole
from tournament.rights.models import RightsChange
from tournament.text import said, say

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def page(user: Any, url: str, language: str) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def root() -> Any:
    return get_user_model().objects.create_superuser("root", "root@example.org", "pw-root-12345")


def test_a_role_given_and_removed_reads_in_german_on_a_german_log_page() -> None:
    event = EventFactory()
    td = director_of(event, "td")
    UserFactory(username="arb")
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    client.force_login(td)
    roles = reverse("event-roles", args=[event.slug])
    client.post(roles, {"username": "arb", "role": "arbiter", "reason": "Raum 2"})
    role = event.roles.get(user__username="arb")
    client.post(reverse("event-role-remove", args=[event.slug, role.pk]))
    log = reverse("event-log", args=[event.slug])

    german = page(td, log, "de")
    english = page(td, log, "en")

    assert "arb ist jetzt Schiedsrichter. Begründung: Raum 2" in german
    assert "arb ist nicht mehr Schiedsrichter." in german
    assert "is now arbiter" not in german
    assert "arb is now arbiter. Reason: Raum 2" in english
    assert "arb is no longer arbiter." in english
    # Written from a German page, stored in English as the operator's log reads it.
    stored = EventLogEntry.objects.filter(kind=EventLogEntry.Kind.ROLE).order_by("id")
    assert [e.description for e in stored] == [
        "arb is now arbiter. Reason: Raum 2",
        "arb is no longer arbiter.",
    ]


def test_the_reason_the_site_gives_is_said_in_the_readers_language_too() -> None:
    creator = EventCreatorFactory(username="creator")
    event = create_event(user=creator, data={"name": "Words Open"})
    log = reverse("event-log", args=[event.slug])
    assert "creator ist jetzt Turnierleiter. Begründung: hat das Turnier angelegt" in page(
        creator, log, "de"
    )
    assert "creator is now director. Reason: created the event" in page(creator, log, "en")


def test_a_line_stored_before_words_were_kept_reads_as_it_was_written() -> None:
    event = EventFactory()
    td = director_of(event, "td")
    EventLogEntry.objects.create(
        event=event, kind=EventLogEntry.Kind.ROLE, description="old-arb is now arbiter.", user=td
    )
    assert "old-arb is now arbiter." in page(td, reverse("event-log", args=[event.slug]), "de")


def test_the_rights_log_reads_in_german_in_a_german_admin(root: Any) -> None:
    ann = UserFactory(username="ann")
    url = reverse("admin:auth_user_change", args=[ann.pk])
    form = {
        "username": "ann",
        "is_active": "on",
        "is_staff": "on",
        "date_joined_0": ann.date_joined.strftime("%Y-%m-%d"),
        "date_joined_1": ann.date_joined.strftime("%H:%M:%S"),
        "rights_reason": "Hilft bei der MSO",
    }
    admin = Client(HTTP_ACCEPT_LANGUAGE="de")
    admin.force_login(root)
    assert admin.post(url, form).status_code == 302
    listing = reverse("admin:tournament_rightschange_changelist")

    german = page(root, listing, "de")
    english = page(root, listing, "en")

    assert "Benutzer ann" in german
    assert "erteilt: Mitarbeiter-Status" in german
    assert "Hilft bei der MSO" in german
    assert "granted: staff status" not in german
    assert "user ann" in english and "granted: staff status" in english
    assert RightsChange.objects.get().change == "granted: staff status"


def test_a_festival_wide_role_reads_in_german_in_the_rights_log(root: Any) -> None:
    owner = director_of(EventFactory(), "owner")
    festival = festival_services.create_festival(
        user=owner, data={"name": "MSO 2026", "starts": "2026-08-20", "ends": "2026-08-28"}
    )
    UserFactory(username="bea")
    festival_services.add_festival_role(
        festival=festival, user=owner, username="bea", role=FestivalRole.Role.ARBITER
    )
    listing = reverse("admin:tournament_rightschange_changelist")

    german = page(root, listing, "de")

    assert "Festival MSO 2026" in german
    assert "erteilt: bea als Schiedsrichter aller Turniere des Festivals" in german
    assert "erteilt: owner als Leiter des Festivals" in german
    assert "hat das Festival angelegt" in german
    assert "created the festival" not in german
    assert set(RightsChange.objects.values_list("change", "reason")) == {
        ("granted: owner as a director of the festival", "created the festival"),
        ("granted: bea as an arbiter of every event of the festival", ""),
    }


def test_a_rights_log_row_from_before_reads_as_it_was_written(root: Any) -> None:
    RightsChange.objects.create(
        by=root, subject="festival Old", change="granted: zed as a director of the festival"
    )
    german = page(root, reverse("admin:tournament_rightschange_changelist"), "de")
    assert "festival Old" in german
    assert "granted: zed as a director of the festival" in german


def test_words_that_cannot_be_said_fall_back_to_the_stored_line() -> None:
    with translation.override("de"):
        assert say(said("%(person)s is now arbiter."), "kept") == "kept"  # a placeholder missing
        assert say({"text": 3}, "kept") == "kept"
        assert say({"text": "%(person)s is now arbiter.", "args": []}, "kept") == "kept"
        assert say(None, "kept") == "kept"
        assert say(said("%(person)s is now arbiter.", person="Ann")) == (
            "Ann ist jetzt Schiedsrichter."
        )
