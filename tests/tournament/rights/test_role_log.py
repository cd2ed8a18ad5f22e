"""Issue 25, item 4: every grant and removal of a role is logged with who, when, what and why.
An event's directors and arbiters go into the event's log (on the site, the API and the admin);
rights beyond one event (staff, superuser, groups, permissions, festival directors) go into the
rights log, which administrators read, and cannot edit, in the admin."""

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.test import Client
from django.urls import reverse

from tests.factories import EventCreatorFactory, EventFactory, UserFactory, director_of
from tests.tournament.helpers import api_as
from tournament.events.models import EventLogEntry
from tournament.events.services import create_event
from tournament.festivals.models import FestivalRole
from tournament.models.events import EventRole, Festival
from tournament.rights.models import RightsChange

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def client_of(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def root() -> Any:
    return get_user_model().objects.create_superuser("root", "root@example.org", "pw-root-12345")


def role_lines(event: Any) -> list[tuple[str, int | None]]:
    found = EventLogEntry.objects.filter(event=event, kind=EventLogEntry.Kind.ROLE)
    return list(found.order_by("id").values_list("description", "user_id"))


def keep_registry() -> Permission:
    return Permission.objects.get(content_type__app_label="tournament", codename="keep_registry")


# --- on the site and the API: the event's log ------------------------------------------------


def test_a_role_given_and_removed_on_the_page_is_in_the_event_log_with_its_reason() -> None:
    event = EventFactory()
    td = director_of(event, "td")
    UserFactory(username="arb")
    client = client_of(td)
    roles = reverse("event-roles", args=[event.slug])

    added = client.post(roles, {"username": "arb", "role": "arbiter", "reason": "Runs room 2"})
    role = EventRole.objects.get(event=event, user__username="arb")
    remove = reverse("event-role-remove", args=[event.slug, role.pk])
    removed = client.post(remove, {"reason": "Left early"})

    assert (added.status_code, removed.status_code) == (302, 302)
    assert not EventRole.objects.filter(user__username="arb").exists()
    assert role_lines(event) == [
        ("arb is now arbiter. Reason: Runs room 2", td.pk),
        ("arb is no longer arbiter. Reason: Left early", td.pk),
    ]
    log_page = client.get(reverse("event-log", args=[event.slug])).content.decode()
    assert "arb is now arbiter. Reason: Runs room 2" in log_page
    assert "arb is no longer arbiter. Reason: Left early" in log_page


def test_the_event_log_names_the_person_given_a_role_without_their_address() -> None:
    """A user name is an e-mail address; the event's log is read by every co-director."""
    event = EventFactory()
    td = director_of(event, "td")
    UserFactory(username="ann@example.org", email="ann@example.org", first_name="Ann Arbiter")
    client = client_of(td)

    client.post(
        reverse("event-roles", args=[event.slug]),
        {"username": "ann@example.org", "role": "arbiter", "reason": "room 2"},
    )

    assert role_lines(event) == [("Ann Arbiter is now arbiter. Reason: room 2", td.pk)]
    log_page = client.get(reverse("event-log", args=[event.slug])).content.decode()
    assert "Ann Arbiter is now arbiter." in log_page
    assert "ann@example.org" not in log_page


def test_a_role_given_and_removed_through_the_api_is_in_the_event_log() -> None:
    event = EventFactory()
    td = director_of(event, "td")
    UserFactory(username="co")
    api = api_as(td)
    url = f"/api/events/{event.slug}/roles/"

    made = api.post(url, {"username": "co", "role": "director", "reason": "Co-director"})
    gone = api.delete(f"{url}{made.json()['id']}/?reason=Not+needed")

    assert (made.status_code, gone.status_code) == (201, 204)
    assert role_lines(event) == [
        ("co is now director. Reason: Co-director", td.pk),
        ("co is no longer director. Reason: Not needed", td.pk),
    ]


def test_the_creator_of_an_event_is_logged_as_its_first_director() -> None:
    creator = EventCreatorFactory(username="creator")
    event = create_event(user=creator, data={"name": "Logged Open"})
    assert role_lines(event) == [("creator is now director. Reason: created the event", creator.pk)]


def test_a_refused_role_grant_writes_no_log_line() -> None:
    event = EventFactory()
    stranger = director_of(EventFactory(), "stranger")
    UserFactory(username="arb")
    response = api_as(stranger).post(
        f"/api/events/{event.slug}/roles/", {"username": "arb", "role": "director"}
    )
    assert response.status_code == 403
    assert role_lines(event) == []


# --- in the admin -----------------------------------------------------------------------------


def user_form(user: Any, **change: Any) -> dict[str, Any]:
    """The admin's user change form as it is submitted for ``user``, with ``change``."""
    data: dict[str, Any] = {
        "username": user.username,
        "first_name": user.first_name,
        "last_name": user.last_name,
        "email": user.email,
        "is_active": "on",
        "date_joined_0": user.date_joined.strftime("%Y-%m-%d"),
        "date_joined_1": user.date_joined.strftime("%H:%M:%S"),
        "groups": [],
        "user_permissions": [],
    }
    data.update(change)
    return {k: v for k, v in data.items() if v is not None}


def test_rights_given_in_the_admins_user_page_are_logged_with_who_and_why(root: Any) -> None:
    ann = UserFactory(username="ann")
    url = reverse("admin:auth_user_change", args=[ann.pk])
    form = user_form(
        ann,
        is_staff="on",
        user_permissions=[keep_registry().pk],
        rights_reason="Keeps the registry for the MSO",
    )

    response = client_of(root).post(url, form)

    assert response.status_code == 302
    ann.refresh_from_db()
    assert ann.is_staff and ann.has_perm("tournament.keep_registry")
    logged = list(
        RightsChange.objects.order_by("id").values_list("by", "subject", "change", "reason")
    )
    assert logged == [
        (root.pk, "user ann", "granted: staff status", "Keeps the registry for the MSO"),
        (
            root.pk,
            "user ann",
            "granted: permission tournament.keep_registry",
            "Keeps the registry for the MSO",
        ),
    ]


def test_a_change_of_rights_in_the_admin_without_a_reason_is_refused(root: Any) -> None:
    ann = UserFactory(username="ann")
    url = reverse("admin:auth_user_change", args=[ann.pk])

    response = client_of(root).post(url, user_form(ann, is_superuser="on"))

    assert response.status_code == 200
    assert "Say why these rights change." in response.content.decode()
    ann.refresh_from_db()
    assert not ann.is_superuser
    assert not RightsChange.objects.exists()


def test_a_removal_in_the_admin_is_logged(root: Any) -> None:
    ann = UserFactory(username="ann", is_staff=True)
    registrars = Group.objects.create(name="Registrars")
    ann.groups.add(registrars)
    url = reverse("admin:auth_user_change", args=[ann.pk])

    response = client_of(root).post(url, user_form(ann, rights_reason="Season over"))

    assert response.status_code == 302
    changes = set(RightsChange.objects.values_list("change", flat=True))
    assert changes == {"removed: staff status", "removed: group Registrars"}


def test_a_groups_permissions_changed_in_the_admin_are_logged(root: Any) -> None:
    registrars = Group.objects.create(name="Registrars")
    url = reverse("admin:auth_group_change", args=[registrars.pk])
    form = {"name": "Registrars", "permissions": [keep_registry().pk], "rights_reason": "New"}

    response = client_of(root).post(url, form)

    assert response.status_code == 302
    logged = RightsChange.objects.get()
    assert (logged.by_id, logged.subject, logged.change, logged.reason) == (
        root.pk,
        "group Registrars",
        "granted: permission tournament.keep_registry",
        "New",
    )


def test_an_event_role_given_and_removed_in_the_admin_is_in_the_event_log(root: Any) -> None:
    event = EventFactory()
    director_of(event, "td")
    arb = UserFactory(username="arb")
    admin = client_of(root)
    form = {"event": event.pk, "user": arb.pk, "role": "arbiter", "rights_reason": "Asked by td"}

    added = admin.post(reverse("admin:tournament_eventrole_add"), form)
    role = EventRole.objects.get(user=arb)
    deleted = admin.post(
        reverse("admin:tournament_eventrole_delete", args=[role.pk]), {"post": "yes"}
    )

    assert (added.status_code, deleted.status_code) == (302, 302)
    assert role_lines(event) == [
        ("arb is now arbiter. Reason: Asked by td", root.pk),
        ("arb is no longer arbiter. Reason: changed in the admin", root.pk),
    ]


def test_a_festival_director_named_in_the_admin_is_logged(root: Any) -> None:
    festival = Festival.objects.create(
        name="MSO", slug="mso", starts="2026-08-20", ends="2026-08-28"
    )
    bea = UserFactory(username="bea")
    form = {"festival": festival.pk, "user": bea.pk, "rights_reason": "Co-organiser"}

    response = client_of(root).post(reverse("admin:tournament_festivalrole_add"), form)

    assert response.status_code == 302
    assert FestivalRole.objects.filter(festival=festival, user=bea).exists()
    logged = RightsChange.objects.get()
    assert (logged.subject, logged.change, logged.reason) == (
        "festival MSO",
        "granted: bea as a director of the festival",
        "Co-organiser",
    )


def test_the_rights_log_is_read_only_in_the_admin(root: Any) -> None:
    RightsChange.objects.create(by=root, subject="user ann", change="granted: staff status")
    admin = client_of(root)
    entry = RightsChange.objects.get()

    listed = admin.get(reverse("admin:tournament_rightschange_changelist"))
    edited = admin.post(
        reverse("admin:tournament_rightschange_change", args=[entry.pk]), {"change": "nothing"}
    )

    assert listed.status_code == 200
    assert "granted: staff status" in listed.content.decode()
    assert edited.status_code == 403
    assert admin.get(reverse("admin:tournament_rightschange_add")).status_code == 403
    assert RightsChange.objects.get().change == "granted: staff status"


def test_the_admins_rights_pages_render_and_a_new_account_logs_nothing(root: Any) -> None:
    ann = UserFactory(username="ann")
    admin = client_of(root)
    for url in (
        reverse("admin:auth_user_add"),
        reverse("admin:auth_user_change", args=[ann.pk]),
        reverse("admin:auth_group_add"),
        reverse("admin:tournament_eventrole_add"),
        reverse("admin:tournament_festivalrole_add"),
    ):
        assert admin.get(url).status_code == 200, url
    assert (
        'name="rights_reason"'
        in admin.get(reverse("admin:auth_user_change", args=[ann.pk])).content.decode()
    )

    made = admin.post(
        reverse("admin:auth_user_add"),
        {
            "username": "newbie",
            "usable_password": "true",
            "password1": "a-long-pass-phrase-42",
            "password2": "a-long-pass-phrase-42",
        },
    )

    assert made.status_code == 302
    assert get_user_model().objects.filter(username="newbie").exists()
    assert not RightsChange.objects.exists()


def test_deleting_an_account_with_rights_in_the_admin_is_logged(root: Any) -> None:
    ann = UserFactory(username="ann", is_staff=True)
    ann.user_permissions.add(keep_registry())

    response = client_of(root).post(
        reverse("admin:auth_user_delete", args=[ann.pk]), {"post": "yes"}
    )

    assert response.status_code == 302
    assert not get_user_model().objects.filter(username="ann").exists()
    assert set(RightsChange.objects.values_list("subject", "change")) == {
        ("user ann", "removed: staff status (account deleted)"),
        ("user ann", "removed: permission tournament.keep_registry (account deleted)"),
    }
