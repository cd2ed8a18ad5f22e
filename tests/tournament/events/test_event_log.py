"""The event's log shows publishes, withdrawals, reinstatements and late entries, with who;
the admin shows it read-only."""

import re

import pytest
from django.test import Client

from tests.factories import PlayerFactory
from tests.tournament.helpers import event_with_players, play_round
from tournament.entries.services import (
    add_entry,
    import_players_csv,
    reinstate_entry,
    withdraw_entry,
)
from tournament.events.models import EventLogEntry

pytestmark = pytest.mark.usefixtures("tasks_in_process")


# --- the event log ----------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_event_log_shows_publishes_withdrawals_reinstatements_and_late_entries(
    client: Client,
) -> None:
    event, td = event_with_players(6, system="swiss")
    play_round(event, td)
    leaver = event.entries.order_by("starting_rank").first()
    withdraw_entry(entry=leaver, user=td)
    reinstate_entry(entry=leaver, user=td)
    late = PlayerFactory(name="Lena Late")
    add_entry(event=event, user=td, player=late, missed_rounds="half")
    import_players_csv(event=event, user=td, text="name,club\nCarl Csv,Leeds\nDora Csv,York\n")

    kinds = list(EventLogEntry.objects.filter(event=event).values_list("kind", "user__username"))
    assert kinds == [
        ("publish", "td"),
        ("withdraw", "td"),
        ("reinstate", "td"),
        ("late-entry", "td"),
        ("late-entry", "td"),
    ]
    client.force_login(td)
    page = client.get(f"/events/{event.slug}/log/").content.decode()
    assert "Round 1 published (3 boards)." in page
    assert f"{leaver.player.name} withdrew after round 1." in page
    assert f"{leaver.player.name} reinstated from round 2." in page
    assert "Lena Late: late entry from round 2; missed rounds score half-point byes." in page
    assert "Carl Csv, Dora Csv: late entry from round 2; missed rounds score zero." in page
    # Who: the director's user name on each of those lines.
    acts = page.split("Rounds published, withdrawals and late entries")[1].split("</table>")[0]
    assert acts.count("<td>td</td>") == 5


@pytest.mark.django_db
def test_the_admin_shows_the_event_log_read_only(admin_client: Client) -> None:
    event, td = event_with_players(4, system="swiss")
    play_round(event, td)
    entry = EventLogEntry.objects.get(event=event)
    listing = admin_client.get("/admin/tournament/eventlogentry/")
    assert listing.status_code == 200 and "Round 1 published" in listing.content.decode()
    assert admin_client.get("/admin/tournament/eventlogentry/add/").status_code == 403
    changed = admin_client.post(
        f"/admin/tournament/eventlogentry/{entry.pk}/change/", {"description": "nothing"}
    )
    assert changed.status_code == 403
    entry.refresh_from_db()
    assert entry.description.startswith("Round 1 published")


@pytest.mark.django_db
def test_the_event_log_dates_each_line_as_the_readers_language_does() -> None:
    event, td = event_with_players(4, system="swiss")
    play_round(event, td)
    for language, day in (("de", r"\d{1,2}\. [A-ZÄÖÜ][a-zäöü]+"), ("en", r"\d{1,2} [A-Z][a-z]+")):
        client = Client(HTTP_ACCEPT_LANGUAGE=language)
        client.force_login(td)
        page = client.get(f"/events/{event.slug}/log/").content.decode()
        stamps = re.findall(r'<td class="when">([^<]*)</td>', page)
        assert stamps, language
        assert all(re.fullmatch(rf"{day} \d\d:\d\d:\d\d", s) for s in stamps), stamps
