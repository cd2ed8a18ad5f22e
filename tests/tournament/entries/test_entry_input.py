"""Bad entries and CSV rows get a clear message naming what is wrong and change nothing;
CSV rows reuse registry players."""

import pytest

from tests.factories import PlayerFactory
from tests.tournament.helpers import CSV_TWELVE, api_as, event_with_players
from tournament.entries.services import import_players_csv
from tournament.models.events import Entry, Player
from tournament.registry.services import CsvImportError

pytestmark = pytest.mark.usefixtures("tasks_in_process")


@pytest.mark.django_db
def test_bad_entries_and_rows_are_refused_through_the_api() -> None:
    event, td = event_with_players(2)
    api = api_as(td)
    base = f"/api/events/{event.slug}"
    bad_country = api.post(f"{base}/entries/", {"name": "A", "country": "E1"}, format="json")
    assert bad_country.status_code == 400 and bad_country.json()["field"] == "country"
    no_name = api.post(f"{base}/entries/", {"club": "Leeds"}, format="json")
    assert no_name.status_code == 400 and "name" in no_name.json()
    twice = api.post(f"{base}/entries/", {"player": event.entries.first().player_id}, format="json")
    assert twice.status_code == 400 and "already entered" in twice.json()["detail"]
    bye = api.patch(
        f"{base}/entries/{event.entries.first().pk}/", {"requested_byes": [9]}, format="json"
    )
    assert bye.status_code == 400 and bye.json()["field"] == "requested_byes"
    assert "no round 9" in bye.json()["detail"]
    text = "Name,Rating,Club\nAnn,1800,Leeds\n,1700,York\nBob,strong,Hull\nAnn,1650,leeds\n"
    csv = api.post(f"{base}/entries/import/", {"text": text}, format="json")
    assert csv.status_code == 400
    assert csv.json()["errors"] == [
        "line 3: The player needs a name.",
        "line 4: Rating 'strong' must be a whole number from 0 to 4000.",
        "line 5: Ann (leeds) is also on line 2.",
    ]
    assert event.entries.count() == 2 and Player.objects.count() == 2
    header = api.post(f"{base}/entries/import/", {"text": "who,club\nAnn,X\n"}, format="json")
    assert "line 1" in header.json()["detail"] and "'who'" in header.json()["detail"]
    swap = api.post(f"{base}/rounds/1/swap/", {"first": 1}, format="json")
    assert swap.status_code == 404


@pytest.mark.django_db
def test_csv_rows_reuse_registry_players_and_refuse_players_already_entered() -> None:
    event, td = event_with_players(0)
    known = PlayerFactory(name="Amelia Hartley", club="Cambridge", rating=1500)
    entries = import_players_csv(event=event, user=td, text=CSV_TWELVE)
    assert len(entries) == 12 and Player.objects.count() == 12
    assert Entry.objects.get(event=event, player=known).starting_rank == 1
    known.refresh_from_db()
    assert known.rating == 1500, "a registry player is reused as it is"
    with pytest.raises(CsvImportError) as again:
        import_players_csv(event=event, user=td, text="name,club\nAmelia Hartley,cambridge\n")
    assert again.value.problems == ["line 2: Amelia Hartley is already entered."]
