"""Festivals' directors create and edit them (pages and service), and an event's form puts
the event in a festival and takes it out."""

import datetime
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse

from tests.factories import EventFactory, UserFactory, director_of
from tests.tournament.festivals.builders import TwoEvents
from tournament.errors import DomainError, NotAllowed
from tournament.events.forms import EventForm
from tournament.events.services import update_event
from tournament.festivals import services as festival_services
from tournament.festivals.models import FestivalRole
from tournament.models.events import Event, Festival

pytestmark = pytest.mark.django_db


# --- create and edit --------------------------------------------------------------------------


GOOD = {
    "name": "MSO 2027",
    "venue": "JW3, London",
    "starts": "2027-08-19",
    "ends": "2027-08-27",
    "time_zone": "Europe/London",
}


def _logged_in(client: Client, user: Any) -> Client:
    client.force_login(user)
    return client


def test_anonymous_is_sent_to_log_in_and_a_plain_user_is_refused(client: Client) -> None:
    response = client.get(reverse("festival-create"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    _logged_in(client, UserFactory(username="visitor"))
    assert client.get(reverse("festival-create")).status_code == 403
    assert client.post(reverse("festival-create"), GOOD).status_code == 403
    assert not Festival.objects.exists()


def test_a_director_creates_then_edits_a_festival(client: Client) -> None:
    td = director_of(EventFactory(), "td")
    _logged_in(client, td)
    response = client.post(reverse("festival-create"), GOOD)
    festival = Festival.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("festival-detail", args=[festival.slug])
    assert (festival.slug, festival.ends) == ("mso-2027", datetime.date(2027, 8, 27))
    edit = reverse("festival-edit", args=[festival.slug])
    assert 'value="MSO 2027"' in client.get(edit).content.decode()
    response = client.post(edit, {**GOOD, "name": "MSO 2027 London", "time_zone": "Europe/Paris"})
    assert response.status_code == 302
    festival.refresh_from_db()
    assert (festival.name, festival.time_zone) == ("MSO 2027 London", "Europe/Paris")
    assert festival.slug == "mso-2027"  # the address stays


def test_a_user_granted_add_festival_may_create(client: Client) -> None:
    user = UserFactory(username="organiser")
    user.user_permissions.add(Permission.objects.get(codename="add_festival"))
    _logged_in(client, user)
    assert client.post(reverse("festival-create"), GOOD).status_code == 302
    assert Festival.objects.filter(name="MSO 2027").exists()


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"ends": "2027-08-01"}, "ends", "cannot end before it starts"),
        ({"time_zone": "Mars/Olympus"}, "time_zone", "is not a time zone"),
        ({"name": "mso 2026"}, "name", "already a festival called"),
        ({"starts": "not a date"}, "starts", "Enter a valid date"),
        ({"name": "   "}, "name", "This field is required"),
    ],
)
def test_bad_input_is_refused_with_a_message_at_its_field(
    client: Client, two_events: TwoEvents, change: dict[str, str], field: str, message: str
) -> None:
    td = director_of(two_events.open, "td")
    _logged_in(client, td)
    response = client.post(reverse("festival-create"), {**GOOD, **change})
    assert response.status_code == 200
    assert message in " ".join(response.context["form"].errors[field])
    assert Festival.objects.count() == 1


def test_only_the_festivals_own_directors_edit_it(
    client: Client, two_events: TwoEvents, django_capture_on_commit_callbacks: Any
) -> None:
    spectator = Client()
    assert "MSO 2026" in spectator.get(two_events.open.get_absolute_url()).content.decode()
    edit = reverse("festival-edit", args=["mso-2026"])
    other = director_of(EventFactory(), "other-td")
    member = director_of(two_events.blitz, "blitz-td")  # directs an event of the festival
    for user in (other, member):
        _logged_in(client, user)
        assert client.get(edit).status_code == 403
        assert client.post(edit, {**GOOD, "name": "Hijacked"}).status_code == 403
        client.logout()
    assert Festival.objects.get(pk=two_events.festival.pk).name == "MSO 2026"
    own = UserFactory(username="festival-td")
    FestivalRole.objects.create(festival=two_events.festival, user=own)
    _logged_in(client, own)
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(edit, {**GOOD, "name": "MSO 2026 (London)"}).status_code == 302
    two_events.festival.refresh_from_db()
    assert two_events.festival.name == "MSO 2026 (London)"
    # The event page names the festival anew for everyone (its cached copy has a new version).
    page = spectator.get(two_events.open.get_absolute_url()).content.decode()
    assert "MSO 2026 (London)" in page


def test_service_validates_dates_and_permissions() -> None:
    td = director_of(EventFactory(), "td")
    with pytest.raises(DomainError) as bad:
        festival_services.create_festival(user=td, data={**GOOD, "starts": "20/08/2027"})
    assert bad.value.field == "starts"
    with pytest.raises(DomainError) as unknown:
        festival_services.create_festival(user=td, data={**GOOD, "colour": "red"})
    assert "colour" in unknown.value.message
    with pytest.raises(NotAllowed):
        festival_services.create_festival(user=UserFactory(username="nobody"), data=GOOD)
    made = festival_services.create_festival(user=td, data={**GOOD, "name": "New"})
    assert made.slug == "new-2"  # /festivals/new/ is the create page
    assert not Festival.objects.filter(slug="new").exists()


# --- the event form's Festival choice --------------------------------------------------------


def _event_post(event: Event, **change: object) -> dict[str, object]:
    data = {k: v for k, v in EventForm.initial_of(event).items() if v not in (None, False)}
    return {**data, **change}


def test_event_form_puts_the_event_in_a_festival_and_takes_it_out(
    client: Client, two_events: TwoEvents
) -> None:
    alone = Event.objects.get(name="Stand-alone Open")
    td = director_of(alone, "td")
    FestivalRole.objects.create(festival=two_events.festival, user=td)  # joins at once
    _logged_in(client, td)
    edit = reverse("event-edit", args=[alone.slug])
    form = client.get(edit).content.decode()
    assert 'name="festival"' in form and ">MSO 2026</option>" in form
    response = client.post(edit, _event_post(alone, festival=two_events.festival.pk))
    assert response.status_code == 302, response.content.decode()[:2000]
    alone.refresh_from_db()
    assert alone.festival == two_events.festival
    festival_page = client.get(reverse("festival-detail", args=["mso-2026"])).content.decode()
    assert "Stand-alone Open" in festival_page
    assert client.post(edit, _event_post(alone, festival="")).status_code == 302
    alone.refresh_from_db()
    assert alone.festival is None


def test_event_service_refuses_an_unknown_festival(two_events: TwoEvents) -> None:
    td = director_of(two_events.open, "td")
    with pytest.raises(DomainError) as error:
        update_event(event=two_events.open, user=td, data={"festival": 999999})
    assert error.value.field == "festival"
    assert Event.objects.get(pk=two_events.open.pk).festival == two_events.festival
