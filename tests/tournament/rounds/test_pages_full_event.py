"""Whole events through the pages only, results entered by hand: a 12-player 7-round Swiss and
a 9-player all-play-all, from creating the event to its last result."""

from collections import Counter
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tests.factories import EventCreatorFactory
from tests.tournament.helpers import hand_result
from tournament.models.events import Event, Round
from tournament.rounds.selectors import pair_of

pytestmark = pytest.mark.usefixtures("tasks_in_process")


@pytest.mark.django_db
@pytest.mark.parametrize(("players", "rounds", "system"), [(12, 7, "swiss"), (9, 9, "auto")])
def test_a_director_runs_a_whole_event_through_the_pages(
    players: int, rounds: int, system: str, django_capture_on_commit_callbacks: Any
) -> None:
    client = Client()
    client.force_login(EventCreatorFactory(username="td"))
    client.post(
        "/events/new/",
        {
            "name": "Whole Event",
            "ruleset": "mso",
            "pairing_system": system,
            "rounds": str(rounds),
            "clock_minutes": "10",
            "bye_value": "1.0",
            "tiebreak_preset": "mso-ingenious",
        },
    )
    event = Event.objects.get(name="Whole Event")
    rows = "".join(f"Player {i},Club {i % 4},ENG,{2100 - 13 * i}\n" for i in range(players))
    upload = SimpleUploadedFile("p.csv", f"name,club,country,rating\n{rows}".encode())
    assert client.post(f"/events/{event.slug}/entries/import/", {"file": upload}).status_code == 302
    met: Counter[frozenset[int]] = Counter()
    byes: Counter[int] = Counter()
    for number in range(1, rounds + 1):
        with django_capture_on_commit_callbacks(execute=True):
            client.post(f"/events/{event.slug}/rounds/pair/")
        round_ = Round.objects.get(event=event, number=number)
        assert round_.status == Round.Status.DRAFT, round_.pairing_error
        page = client.get(f"/events/{event.slug}/rounds/{number}/").content.decode()
        assert "Rematch" not in page
        client.post(f"/events/{event.slug}/rounds/{number}/publish/", {"reviewed": "1"})
        for board in round_.boards.all():
            first_id, second_id = pair_of(board)
            if second_id is None:
                byes[first_id] += 1
                continue
            met[frozenset((first_id, second_id))] += 1
            fields = {**hand_result(number, board.number), "replaces": board.result_version}
            client.post(f"/events/{event.slug}/boards/{board.pk}/result/", fields)
        round_.refresh_from_db()
        assert round_.status == Round.Status.COMPLETE, number
    assert set(met.values()) == {1}, "nobody meets twice"
    if system == "auto":
        assert len(met) == 36 and set(byes.values()) == {1} and len(byes) == 9
    else:
        assert not byes and len(met) == 42
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    assert "Pair round" not in client.get(f"/events/{event.slug}/").content.decode()
