"""What every page has: a refusal that says why and leads back, a favicon."""

from typing import Any

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

from tests.factories import EventFactory, UserFactory

pytestmark = pytest.mark.usefixtures("tasks_in_process")


@pytest.mark.django_db
def test_a_refused_page_says_why_and_leads_back(client: Any) -> None:
    event = EventFactory(name="Club Night")
    client.force_login(UserFactory(username="visitor"))
    response = client.get(reverse("event-edit", args=[event.slug]))
    assert response.status_code == 403
    page = response.content.decode()
    assert "Only the directors of Club Night may change it." in page
    assert "logged in as <strong>visitor</strong>" in page
    assert f'href="{reverse("home")}"' in page and "Back to the events" in page


@pytest.mark.django_db
def test_every_page_has_a_favicon(client: Any) -> None:
    page = client.get(reverse("home")).content.decode()
    assert 'rel="icon"' in page and "favicon.svg" in page
    assert finders.find("img/favicon.svg")
