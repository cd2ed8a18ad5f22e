"""The registry's merges: a duplicate's entries, results, claims, requests, notifications and
account go to the survivor; the latest merge is undone exactly; merged records are hidden; and
only registrars may do it. Also the registry pages and the entries page's picker."""

from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse

from scoring.ratings.models import PlayerRating
from scoring.standings.build import build_standings
from tests.factories import (
    BoardFactory,
    EntryFactory,
    EventFactory,
    PlayerFactory,
    RoundFactory,
    UserFactory,
    arbiter_of,
    director_of,
    registrar,
    with_registry_rights,
)
from tests.scoring.builders import rulebook_example
from tournament.claims.models import PlayerClaim
from tournament.entries.forms import EntryForm
from tournament.entries.models import EntryRequest
from tournament.entries.services import import_players_csv
from tournament.errors import Conflict, DomainError, NotAllowed
from tournament.events.models import EventLogEntry
from tournament.models.decisions import Decision
from tournament.models.events import Entry, Event, Player
from tournament.notifications.models import Notification
from tournament.permissions import player_of
from tournament.registry.merge import merge_players, undo_merge
from tournament.registry.models import PlayerMerge
from tournament.registry.services import find_player

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def client_of(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def standings_lines(event: Event) -> list[tuple[int, int, float, tuple[float, ...]]]:
    return [
        (line.contender.entry_id, line.rank, line.vp, line.tiebreaks)
        for line in build_standings(event).lines
    ]


def owners() -> dict[str, dict[int, int]]:
    """Who holds every row a merge may move, by id."""
    return {
        "entries": dict(Entry.objects.values_list("id", "player_id")),
        "claims": dict(PlayerClaim.objects.values_list("id", "player_id")),
        "requests": dict(EntryRequest.objects.values_list("id", "player_id")),
        "notifications": dict(Notification.objects.values_list("id", "player_id")),
    }


def test_a_merge_moves_entries_and_results_and_the_standings_stay_under_the_survivor(
    django_capture_on_commit_callbacks: Any,
) -> None:
    ev = rulebook_example()
    duplicate = ev["A"].player
    survivor = PlayerFactory(name="Anna Hartley", club="Cambridge")
    other = EventFactory(name="Autumn Open")
    mine = EntryFactory(event=other, player=survivor, starting_rank=1)
    rival = EntryFactory(event=other, starting_rank=2)
    BoardFactory(round=RoundFactory(event=other), sides=[mine, rival], result="1-0")
    td = with_registry_rights(director_of(ev.event))
    before = standings_lines(ev.event)

    with django_capture_on_commit_callbacks(execute=True):
        merge = merge_players(
            survivor=survivor, absorbed=duplicate, user=td, reason="Same person, typo"
        )

    assert standings_lines(ev.event) == before  # same entries, ranks, points and tie-breaks
    line = next(li for li in build_standings(ev.event).lines if li.contender.entry_id == ev["A"].pk)
    assert (line.contender.player_id, line.contender.name) == (survivor.pk, "Anna Hartley")
    assert set(survivor.entries.values_list("id", flat=True)) == {ev["A"].pk, mine.pk}
    duplicate.refresh_from_db()
    assert duplicate.merged_into == survivor and not duplicate.entries.exists()
    assert merge.moved["entries"] == [ev["A"].pk] and merge.moved["events"] == [ev.event.pk]
    # The rating list was rebuilt from history: the survivor has the duplicate's 3 games too.
    assert PlayerRating.objects.get(player=survivor).games == 4
    assert not PlayerRating.objects.filter(player=duplicate).exists()
    logged = EventLogEntry.objects.get(event=ev.event, kind=EventLogEntry.Kind.MERGE)
    assert "Anna Hartley" in logged.description and duplicate.name in logged.description
    assert "Same person, typo" in logged.description
    # Only events whose entries moved are logged.
    assert not EventLogEntry.objects.filter(event=other).exists()


def test_claims_requests_notifications_and_the_account_move_and_undo_puts_back_exactly(
    django_capture_on_commit_callbacks: Any,
) -> None:
    person = UserFactory(username="anna")
    duplicate = PlayerFactory(name="A. Hartley", club="Oxford", user=person, contact="a@x.org")
    survivor = PlayerFactory(name="Anna Hartley", club="", contact="")
    event, later = EventFactory(name="Spring Open"), EventFactory(name="Summer Open")
    entry = EntryFactory(event=event, player=duplicate)
    EntryFactory(event=later, player=survivor)
    claim = PlayerClaim.objects.create(user=person, player=duplicate, status=Decision.APPROVED)
    request = EntryRequest.objects.create(event=EventFactory(), player=duplicate, user=person)
    note = Notification.objects.create(player=duplicate, key="round:1", subject="s", body="b")
    kept = Notification.objects.create(player=survivor, key="round:9", subject="s", body="b")
    td = with_registry_rights(director_of(event))
    before = owners()

    with django_capture_on_commit_callbacks(execute=True):
        merge = merge_players(
            survivor=survivor, absorbed=duplicate, user=td, reason="dup", fill_blanks=True
        )

    moved = owners()
    assert moved["entries"][entry.pk] == survivor.pk
    assert moved["claims"][claim.pk] == survivor.pk
    assert moved["requests"][request.pk] == survivor.pk
    assert moved["notifications"] == {note.pk: survivor.pk, kept.pk: survivor.pk}
    survivor.refresh_from_db()
    duplicate.refresh_from_db()
    assert survivor.user == person and duplicate.user is None
    assert player_of(person) == survivor
    # Blank fields filled from the duplicate, and recorded with what they were.
    assert (survivor.club, survivor.contact) == ("Oxford", "a@x.org")
    assert survivor.name == "Anna Hartley"  # the survivor keeps its own fields
    assert merge.moved["filled"] == {
        "club": {"before": "", "after": "Oxford"},
        "contact": {"before": "", "after": "a@x.org"},
    }

    with django_capture_on_commit_callbacks(execute=True):
        undo_merge(merge=merge, user=td, reason="Different people after all")

    assert owners() == before
    survivor.refresh_from_db()
    duplicate.refresh_from_db()
    merge.refresh_from_db()
    assert (survivor.club, survivor.contact, survivor.user) == ("", "", None)
    assert duplicate.user == person and duplicate.merged_into is None
    assert player_of(person) == duplicate
    assert merge.undone_by == td and merge.undone_at is not None
    assert merge.moved["undo_reason"] == "Different people after all"
    lines = EventLogEntry.objects.filter(event=event, kind=EventLogEntry.Kind.MERGE)
    assert [("undone" in line.description) for line in lines] == [False, True]
    assert "Different people after all" in lines[1].description


def test_only_the_latest_merge_can_be_undone() -> None:
    td = with_registry_rights(director_of(EventFactory()))
    a, b, c, d = (PlayerFactory() for _ in range(4))
    first = merge_players(survivor=a, absorbed=b, user=td, reason="dup")
    second = merge_players(survivor=c, absorbed=d, user=td, reason="dup")

    with pytest.raises(Conflict) as refused:
        undo_merge(merge=first, user=td, reason="oops")
    assert refused.value.code == "not_latest_merge"
    b.refresh_from_db()
    assert b.merged_into == a
    first.refresh_from_db()
    assert first.undone_at is None

    with pytest.raises(DomainError) as no_reason:
        undo_merge(merge=second, user=td, reason="  ")
    assert no_reason.value.field == "reason"

    undo_merge(merge=second, user=td, reason="oops")
    with pytest.raises(Conflict) as twice:
        undo_merge(merge=second, user=td, reason="again")
    assert twice.value.code == "already_undone"
    # With the later merge undone, the earlier one is the latest not undone again.
    undo_merge(merge=first, user=td, reason="oops")
    b.refresh_from_db()
    assert b.merged_into is None


def test_two_players_entered_in_one_event_are_not_merged() -> None:
    event = EventFactory(name="Spring Open")
    a, b = PlayerFactory(), PlayerFactory()
    EntryFactory(event=event, player=a)
    EntryFactory(event=event, player=b)
    td = with_registry_rights(director_of(event))
    with pytest.raises(DomainError) as refused:
        merge_players(survivor=a, absorbed=b, user=td, reason="dup")
    assert refused.value.code == "same_event"
    assert "Spring Open" in refused.value.message
    b.refresh_from_db()
    assert b.merged_into is None and not PlayerMerge.objects.exists()
    assert set(event.entries.values_list("player_id", flat=True)) == {a.pk, b.pk}

    with pytest.raises(DomainError) as itself:
        merge_players(survivor=a, absorbed=a, user=td, reason="dup")
    assert itself.value.field == "absorbed"
    c = PlayerFactory()
    merge_players(survivor=a, absorbed=c, user=td, reason="dup")
    with pytest.raises(DomainError) as again:
        merge_players(survivor=PlayerFactory(), absorbed=c, user=td, reason="dup")
    assert again.value.code == "already_merged"


def test_anonymous_players_and_arbiters_may_not_merge_or_undo() -> None:
    event = EventFactory()
    a, b = PlayerFactory(), PlayerFactory()
    arbiter = arbiter_of(event)
    person = UserFactory(username="player")
    PlayerFactory(user=person)
    anonymous = Client()
    for user in (arbiter, person):
        with pytest.raises(NotAllowed):
            merge_players(survivor=a, absorbed=b, user=user, reason="dup")
    pages = [reverse("registry-players"), reverse("registry-player", args=[a.pk])]
    pages += [reverse("registry-merge"), reverse("registry-merges")]
    for url in pages:
        assert anonymous.get(url).status_code == 302
        for user in (arbiter, person):
            assert client_of(user).get(url).status_code == 403
    data = {"a": a.pk, "b": b.pk, "survivor": "a", "reason": "dup"}
    assert client_of(arbiter).post(reverse("registry-merge"), data).status_code == 403
    assert anonymous.post(reverse("registry-merge"), data).status_code == 302
    b.refresh_from_db()
    assert b.merged_into is None

    merge = merge_players(survivor=a, absorbed=b, user=registrar(), reason="dup")
    undo = reverse("registry-merge-undo", args=[merge.pk])
    assert client_of(person).post(undo, {"reason": "no"}).status_code == 403
    with pytest.raises(NotAllowed):
        undo_merge(merge=merge, user=arbiter, reason="no")
    merge.refresh_from_db()
    assert merge.undone_at is None


def test_a_registrar_without_an_event_keeps_the_registry() -> None:
    registrar = UserFactory(username="reg")
    registrar.user_permissions.add(Permission.objects.get(codename="keep_registry"))
    a, b = PlayerFactory(), PlayerFactory()
    assert client_of(registrar).get(reverse("registry-players")).status_code == 200
    merge_players(survivor=a, absorbed=b, user=registrar, reason="dup")
    assert Player.objects.get(pk=b.pk).merged_into_id == a.pk


def test_merged_players_are_hidden_and_their_old_page_leads_to_the_survivor() -> None:
    event = EventFactory()
    td = with_registry_rights(director_of(event))
    survivor = PlayerFactory(name="Anna Hartley", club="Cambridge")
    duplicate = PlayerFactory(name="Anna Hartly", club="Cambridge")
    merge_players(survivor=survivor, absorbed=duplicate, user=td, reason="typo")
    client = client_of(td)

    listed = client.get(reverse("registry-players"), {"q": "anna hart"})
    assert "Anna Hartley" in listed.text and "Anna Hartly" not in listed.text
    old = client.get(reverse("registry-player", args=[duplicate.pk]))
    assert old.status_code == 302
    assert old["Location"] == reverse("registry-player", args=[survivor.pk])
    rating = client.get(reverse("player-rating", args=[duplicate.pk]))
    assert rating.status_code == 302
    assert rating["Location"] == reverse("player-rating", args=[survivor.pk])
    picker = EntryForm(event=event).fields["player"].queryset
    assert survivor in picker and duplicate not in picker
    fragment = client.get(reverse("event-entry-registry-pick", args=[event.slug]), {"q": "anna"})
    assert f'value="{survivor.pk}"' in fragment.text
    assert f'value="{duplicate.pk}"' not in fragment.text
    assert find_player("Anna Hartly", "Cambridge") == survivor  # never the merged record


def test_the_registry_list_searches_name_and_club_and_pages() -> None:
    td = with_registry_rights(director_of(EventFactory()))
    PlayerFactory(name="Kenji Morita", club="Tokyo")
    PlayerFactory(name="Priya Raman", club="Oxford")
    for n in range(55):
        PlayerFactory(name=f"Zed {n:02d}", club="Leeds")
    client = client_of(td)

    by_name = client.get(reverse("registry-players"), {"q": "KENJI"})
    assert "Kenji Morita" in by_name.text and "Priya Raman" not in by_name.text
    by_club = client.get(reverse("registry-players"), {"q": "oxf"})
    assert "Priya Raman" in by_club.text and "Kenji Morita" not in by_club.text
    first = client.get(reverse("registry-players"))
    assert "Zed 47" in first.text and "Zed 48" not in first.text  # 50 a page, by name
    second = client.get(reverse("registry-players"), {"page": 2})
    assert "Zed 48" in second.text and "Zed 54" in second.text
    assert "Kenji Morita" not in second.text


def test_a_player_page_lists_entries_across_events() -> None:
    player = PlayerFactory(name="Kenji Morita")
    EntryFactory(event=EventFactory(name="Spring Open"), player=player)
    EntryFactory(event=EventFactory(name="Summer Open"), player=player)
    td = with_registry_rights(director_of(EventFactory()))
    page = client_of(td).get(reverse("registry-player", args=[player.pk]))
    assert page.status_code == 200
    assert "Spring Open" in page.text and "Summer Open" in page.text


def test_the_merge_pages_compare_merge_and_undo_the_latest() -> None:
    event = EventFactory(name="Spring Open")
    td = with_registry_rights(director_of(event))
    kept = PlayerFactory(name="Anna Hartley", club="")
    gone = PlayerFactory(name="A. Hartley", club="Oxford")
    EntryFactory(event=event, player=gone)
    client = client_of(td)

    compared = client.get(reverse("registry-merge"), {"pick": [kept.pk, gone.pk]})
    assert compared.status_code == 200
    assert "Anna Hartley" in compared.text and "A. Hartley" in compared.text
    assert "Spring Open" in compared.text and 'name="survivor"' in compared.text
    one = client.get(reverse("registry-merge"), {"pick": [kept.pk]})
    assert one.status_code == 302 and not PlayerMerge.objects.exists()

    no_reason = client.post(
        reverse("registry-merge"), {"a": kept.pk, "b": gone.pk, "survivor": "a", "reason": ""}
    )
    assert no_reason.status_code == 400 and not PlayerMerge.objects.exists()
    done = client.post(
        reverse("registry-merge"),
        {"a": gone.pk, "b": kept.pk, "survivor": "b", "reason": "typo", "fill_blanks": "on"},
    )
    assert done.status_code == 302 and done["Location"] == reverse("registry-merges")
    merge = PlayerMerge.objects.get()
    assert (merge.survivor, merge.absorbed) == (kept, gone)
    assert Player.objects.get(pk=kept.pk).club == "Oxford"

    history = client.get(reverse("registry-merges"))
    undo = reverse("registry-merge-undo", args=[merge.pk])
    assert undo in history.text
    refused = client.post(undo, {"reason": ""}, follow=True)
    assert "Say why" in refused.text
    assert PlayerMerge.objects.get().undone_at is None
    client.post(undo, {"reason": "not the same"})
    assert PlayerMerge.objects.get().undone_at is not None
    assert Player.objects.get(pk=kept.pk).club == ""
    assert undo not in client.get(reverse("registry-merges")).text


def test_a_merge_of_two_players_in_one_event_is_refused_on_the_page() -> None:
    event = EventFactory(name="Spring Open")
    td = with_registry_rights(director_of(event))
    a, b = PlayerFactory(), PlayerFactory()
    EntryFactory(event=event, player=a)
    EntryFactory(event=event, player=b)
    response = client_of(td).post(
        reverse("registry-merge"), {"a": a.pk, "b": b.pk, "survivor": "a", "reason": "dup"}
    )
    assert response.status_code == 400
    assert "Spring Open" in response.text
    assert not PlayerMerge.objects.exists()


def test_the_entries_page_offers_registry_matches_and_enters_the_one_picked() -> None:
    event = EventFactory()
    td = director_of(event)
    kenji = PlayerFactory(name="Kenji Morita", club="Tokyo")
    PlayerFactory(name="Priya Raman", club="Oxford")
    client = client_of(td)
    page = client.get(reverse("event-entries", args=[event.slug]))
    pick_url = reverse("event-entry-registry-pick", args=[event.slug])
    assert f'hx-get="{pick_url}"' in page.text

    matches = client.get(pick_url, {"q": "tokyo"})
    assert f'value="{kenji.pk}"' in matches.text and "Priya Raman" not in matches.text
    assert 'id="id_player"' in matches.text
    assert Client().get(pick_url, {"q": "a"}).status_code == 302  # directors only

    players = Player.objects.count()
    added = client.post(
        reverse("event-entry-add", args=[event.slug]),
        {"q": "tokyo", "player": kenji.pk, "name": "", "requested_byes": ""},
    )
    assert added.status_code == 302
    assert Player.objects.count() == players
    assert list(event.entries.values_list("player_id", flat=True)) == [kenji.pk]
    entered = client.get(pick_url, {"q": "tokyo"})
    assert f'value="{kenji.pk}"' not in entered.text  # already entered: not offered again


def test_a_merged_record_typed_again_enters_its_survivor() -> None:
    event = EventFactory()
    td = with_registry_rights(director_of(event))
    survivor = PlayerFactory(name="Anna Hartley", club="Cambridge")
    gone = PlayerFactory(name="Anna Hartly", club="Cambridge")
    merge_players(survivor=survivor, absorbed=gone, user=td, reason="typo")
    players = Player.objects.count()
    added = client_of(td).post(
        reverse("event-entry-add", args=[event.slug]),
        {"name": "anna hartly", "club": "Cambridge", "requested_byes": ""},
    )
    assert added.status_code == 302
    assert event.entries.get().player_id == survivor.pk
    assert Player.objects.count() == players


def test_a_csv_import_of_a_merged_records_name_enters_its_survivor() -> None:
    event = EventFactory()
    td = with_registry_rights(director_of(event))
    survivor = PlayerFactory(name="Anna Hartley", club="Cambridge")
    gone = PlayerFactory(name="Anna Hartly", club="Cambridge")
    merge_players(survivor=survivor, absorbed=gone, user=td, reason="typo")
    players = Player.objects.count()
    import_players_csv(
        event=event, user=td, text="name,club\nANNA HARTLY,Cambridge\nBen Oake,York\n"
    )
    assert set(event.entries.values_list("player__name", flat=True)) == {"Anna Hartley", "Ben Oake"}
    assert Player.objects.count() == players + 1  # Ben only


def test_a_partner_merged_away_moves_to_the_survivor_and_undo_puts_them_back() -> None:
    event = EventFactory(name="Pairs Cup", ruleset="partnership", table_size=4)
    ada, alan, typo = (PlayerFactory() for _ in range(3))
    team = EntryFactory(event=event, player=ada, partner=typo)
    td = with_registry_rights(director_of(event))
    merge = merge_players(survivor=alan, absorbed=typo, user=td, reason="the same person")
    team.refresh_from_db()
    assert team.partner == alan
    assert merge.moved["partnered"] == [team.pk]
    assert EventLogEntry.objects.filter(event=event, kind=EventLogEntry.Kind.MERGE).exists()
    undo_merge(merge=merge, user=td, reason="not the same after all")
    team.refresh_from_db()
    assert team.partner == typo

    # A team's two players are one entry of the event: they are not one person.
    with pytest.raises(DomainError) as refused:
        merge_players(survivor=ada, absorbed=typo, user=td, reason="dup")
    assert refused.value.code == "same_event"
    team.refresh_from_db()
    assert (team.player, team.partner) == (ada, typo)
