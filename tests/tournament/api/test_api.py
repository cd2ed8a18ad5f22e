"""The API's schema describes every endpoint without warnings, its docs page loads its scripts
from the project, and a request Django refuses gets a JSON answer under the API."""

from typing import Any

import pytest
from django.urls import reverse
from drf_spectacular.drainage import GENERATOR_STATS
from drf_spectacular.generators import SchemaGenerator

from tests.factories import EventCreatorFactory, EventFactory
from tournament.api import urls as api_urls

pytestmark = pytest.mark.usefixtures("tasks_in_process")


@pytest.mark.django_db
def test_the_api_docs_load_swagger_ui_from_the_project_not_a_cdn(client: Any) -> None:
    page = client.get(reverse("api-docs")).content.decode()
    assert "swagger-ui-bundle.js" in page
    assert "cdn.jsdelivr.net" not in page and "@latest" not in page
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/" in page


@pytest.mark.django_db
def test_a_request_django_refuses_gets_json_under_the_api(client: Any) -> None:
    event = EventFactory()
    fields = {f"f{n}": "x" for n in range(1500)}  # over DATA_UPLOAD_MAX_NUMBER_FIELDS
    client.force_login(EventCreatorFactory(username="many-fields"))
    response = client.post(f"/api/events/{event.slug}/entries/", fields)
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert "Bad request" in response.json()["detail"]


@pytest.mark.django_db
def test_the_tournament_api_is_in_the_schema_without_warnings() -> None:
    GENERATOR_STATS.reset()
    generator = SchemaGenerator(patterns=api_urls.urlpatterns)
    schema: dict[str, Any] = generator.get_schema(request=None, public=True)
    warnings = dict(GENERATOR_STATS._warn_cache)
    errors = dict(GENERATOR_STATS._error_cache)
    GENERATOR_STATS.reset()
    assert not warnings and not errors, (warnings, errors)
    paths = schema["paths"]
    for path, method in [
        ("/players/", "post"),
        ("/events/", "post"),
        ("/events/{slug}/", "patch"),
        ("/events/{slug}/entries/", "post"),
        ("/events/{slug}/entries/import/", "post"),
        ("/events/{slug}/entries/{id}/", "patch"),
        ("/events/{slug}/rounds/", "post"),
        ("/events/{slug}/rounds/{number}/", "delete"),
        ("/events/{slug}/rounds/{number}/swap/", "post"),
        ("/events/{slug}/rounds/{number}/swap-boards/", "post"),
        ("/events/{slug}/rounds/{number}/publish/", "post"),
        ("/events/{slug}/boards/{id}/", "patch"),
        ("/events/{slug}/corrections/", "get"),
    ]:
        assert method in paths[path], (path, sorted(paths))
    assert "202" in paths["/events/{slug}/rounds/"]["post"]["responses"]
