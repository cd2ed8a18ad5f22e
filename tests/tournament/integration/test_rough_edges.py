"""What a user meets at the edges: a refusal that says why and leads back, a favicon."""

from typing import Any

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

from tests.factories import EventCreatorFactory, EventFactory, UserFactory


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


@pytest.mark.django_db
def test_the_api_docs_load_swagger_ui_from_the_project_not_a_cdn(client: Any) -> None:
    page = client.get(reverse("api-docs")).content.decode()
    assert "swagger-ui-bundle.js" in page
    assert "cdn.jsdelivr.net" not in page and "@latest" not in page
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/" in page


@pytest.mark.django_db
def test_the_public_event_page_names_no_staff_accounts(client: Any) -> None:
    from tests.factories import director_of

    event = EventFactory()
    director = director_of(event, username="td-secret")
    assert (
        "td-secret" not in client.get(reverse("event-detail", args=[event.slug])).content.decode()
    )
    client.force_login(director)
    assert "td-secret" in client.get(reverse("event-detail", args=[event.slug])).content.decode()


@pytest.mark.django_db
def test_deeply_nested_ruleset_options_are_refused_with_a_message(client: Any) -> None:
    client.force_login(EventCreatorFactory(username="maker"))
    deep = "[" * 5000 + "]" * 5000
    response = client.post(
        reverse("event-create"),
        {"name": "Deep", "rounds": 5, "clock_minutes": 10, "ruleset_options": deep},
    )
    assert response.status_code == 200
    assert "nested too deeply" in response.content.decode()


@pytest.mark.django_db
def test_a_request_django_refuses_gets_json_under_the_api(client: Any) -> None:
    event = EventFactory()
    fields = {f"f{n}": "x" for n in range(1500)}  # over DATA_UPLOAD_MAX_NUMBER_FIELDS
    client.force_login(EventCreatorFactory(username="many-fields"))
    response = client.post(f"/api/events/{event.slug}/entries/", fields)
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert "Bad request" in response.json()["detail"]
