"""`seed_demo` creates the MSO demo event with round one published, once."""

import pytest
from django.core.management import call_command

from tournament.demo import DEMO_EVENT_SLUG, DEMO_TABLES_SLUG
from tournament.models.events import Event, EventRole, Round

pytestmark = pytest.mark.usefixtures("tasks_in_process")


@pytest.mark.django_db
def test_seed_demo_creates_the_mso_event_with_round_one_published(
    capsys: pytest.CaptureFixture[str],
) -> None:
    call_command("seed_demo")
    event = Event.objects.get(slug=DEMO_EVENT_SLUG)
    assert event.name == "MSO Ingenious Open (demo)"
    assert event.entries.count() == 12
    assert len({e.player.country for e in event.entries.select_related("player")}) >= 5
    roles = set(event.roles.values_list("user__username", "role"))
    assert roles == {("director", EventRole.Role.DIRECTOR), ("arbiter", EventRole.Role.ARBITER)}
    round_1 = event.round_set.get()
    assert round_1.number == 1 and round_1.is_public
    assert sum(len(b.side_ids) == 2 for b in round_1.boards.all()) == 6
    assert "MSO Ingenious Open (demo)" in capsys.readouterr().out
    fours = Event.objects.get(slug=DEMO_TABLES_SLUG)
    tables = [b.seats.count() for b in fours.round_set.get().boards.order_by("number")]
    assert (fours.table_size, tables) == (4, [4, 3, 3])
    call_command("seed_demo")
    assert Event.objects.filter(name__startswith="MSO Ingenious Open").count() == 1
    assert event.entries.count() == 12 and Round.objects.filter(event=event).count() == 1
    assert Round.objects.filter(event=fours).count() == 1
