"""The Festival model: its fields, and a time zone or dates it refuses."""

from datetime import date

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from tests.factories import EventFactory
from tournament.models.events import Festival

pytestmark = pytest.mark.django_db


def test_festival_basics() -> None:
    festival = Festival.objects.create(
        name="Mind Sports Olympiad 2027", starts=date(2027, 8, 20), ends=date(2027, 8, 28)
    )
    assert festival.slug == "mind-sports-olympiad-2027"
    assert str(festival) == "Mind Sports Olympiad 2027"
    assert festival.time_zone == "Europe/London"
    festival.full_clean()

    event = EventFactory()
    event.festival = festival
    event.save()
    assert list(festival.events.all()) == [event]
    # An event outlives its festival: it stands alone again.
    festival.delete()
    event.refresh_from_db()
    assert event.festival is None


def test_festival_refuses_an_unknown_zone_and_an_end_before_its_start() -> None:
    festival = Festival(
        name="Backwards",
        slug="backwards",
        starts=date(2027, 8, 28),
        ends=date(2027, 8, 20),
        time_zone="Mars/Olympus",
    )
    with pytest.raises(ValidationError) as refused:
        festival.full_clean()
    assert set(refused.value.message_dict) == {"ends", "time_zone"}
    assert "Mars/Olympus" in refused.value.message_dict["time_zone"][0]
    with pytest.raises(IntegrityError), transaction.atomic():
        Festival.objects.create(name="Backwards", starts=date(2027, 8, 28), ends=date(2027, 8, 20))
