"""Publishing a draft on the page asks for a confirmation; through the API it stays one call."""

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from tests.tournament.helpers import api_as, draft_round, event_with_players
from tournament.models.events import Round

pytestmark = pytest.mark.usefixtures("tasks_in_process")


# --- publish asks for a confirmation -----------------------------------------------------------


@pytest.mark.django_db
def test_publish_on_the_page_needs_the_reviewed_tick(client: Client) -> None:
    event, td = event_with_players(6, system="swiss")
    round_ = draft_round(event, td)
    client.force_login(td)
    url = f"/events/{event.slug}/rounds/1/"
    page = client.get(url).content.decode()
    assert 'name="reviewed"' in page and "I have reviewed the draft" in page
    assert "required" in page.split('name="reviewed"')[1].split(">")[0]
    assert 'data-confirm="Publish round 1?' in page

    refused = client.post(f"{url}publish/")
    assert refused.status_code == 302
    round_.refresh_from_db()
    assert round_.status == Round.Status.DRAFT
    said = [str(m) for m in get_messages(refused.wsgi_request)]
    assert any('tick "I have reviewed the draft"' in m for m in said), said

    client.post(f"{url}publish/", {"reviewed": "1"})
    round_.refresh_from_db()
    assert round_.status == Round.Status.PUBLISHED


@pytest.mark.django_db
def test_publish_through_the_api_stays_one_call() -> None:
    event, td = event_with_players(6, system="swiss")
    draft_round(event, td)
    published = api_as(td).post(f"/api/events/{event.slug}/rounds/1/publish/")
    assert published.status_code == 200, published.content
    assert Round.objects.get(event=event, number=1).status == Round.Status.PUBLISHED
