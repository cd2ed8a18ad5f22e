"""The festival's exports by the seats and entries (issue 26, requirement 8), computed by hand:
a row per player (both partners of a team), one field rule in every export, Challenge events by
their tally's victory points, the overall table of best-five Pentamind points, and e-mail links
that land on an element of the round page.

Pentamind points: 100 x (N+5)/(N+6) x (N-P)/(N-1) (scoring/core/field.py, docs/festival.md).
"""

import csv
import datetime
import io
import json
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import BoardFactory, EntryFactory, EventFactory, PlayerFactory, RoundFactory
from tests.scoring.builders import HandBuilt
from tournament.models.events import Board, Entry, Event, Festival, Player
from tournament.models.tables import Seat
from tournament.notifications import services as notifications

pytestmark = pytest.mark.django_db


def _seat_table(board: Board, results: list[tuple[Entry, int, list[int]]]) -> None:
    """A decided table: each entry's seat (in the order given) with its placing and levels."""
    Seat.objects.filter(board=board).delete()
    for number, (entry, placing, levels) in enumerate(results):
        Seat.objects.create(board=board, number=number, entry=entry, placing=placing, levels=levels)


class Festival3:
    """A festival of three events.

    Open (MSO, 8 entries A-H): round 1 A beat B, C beat D, E beat F, G a pairing bye, H absent;
    round 2 A beat E, C beat G, B drew D, F a pairing bye, H a requested half-point bye. H never
    played a game: the field is 7 (A-G), the standings list 8.

    Pairs (partnership): Oluwaseun Adeyemi & Ahmed Karimi beat Mei Chen & Lars Berg 16-12.
    Field 2: the winners 1st (100 x 7/8 x 1/1 = 87.50 each), the losers 2nd (0).

    Challenges (tables of 3; Dmitri entered and never sat down):
      round 1: Kofi placed 1 (rows 7, 8), Lena 2 (6, 9), Oluwaseun 3 (5, 5);
      round 2: Oluwaseun placed 1 (9, 10), Kofi 2 (3, 4), Lena 3 (2, 3).
    Tally VP (sum of lowest rows): Oluwaseun 5+9 = 14, Kofi 7+3 = 10, Lena 6+2 = 8; so
    Oluwaseun 1st (100 x 8/9 x 2/2 = 88.89), Kofi 2nd (100 x 8/9 x 1/2 = 44.44), Lena 3rd (0).
    By table points it would be Kofi 1.5, Oluwaseun 1, Lena 0.5.

    Overall: Oluwaseun 87.50 + 88.89 = 176.39, first; Ahmed 87.50.
    """

    def __init__(self) -> None:
        self.festival = Festival.objects.create(
            name="MSO 2027",
            slug="mso-2027",
            starts=datetime.date(2027, 8, 20),
            ends=datetime.date(2027, 8, 28),
            time_zone="Europe/London",
        )
        self.open = HandBuilt("ABCDEFGH", name="Ingenious Open 2027", festival=self.festival)
        self.open.round(
            1,
            [
                ("A", "B", "1-0", 12, 9),
                ("C", "D", "1-0", 11, 8),
                ("E", "F", "1-0", 10, 9),
                ("G", None, "bye", None, None),
                ("H", None, "absent", None, None),
            ],
        )
        self.open.round(
            2,
            [
                ("A", "E", "1-0", 12, 8),
                ("C", "G", "1-0", 11, 7),
                ("B", "D", "1/2-1/2", 9, 9),
                ("F", None, "bye", None, None),
                ("H", None, "half-bye", None, None),
            ],
        )
        names = ["Oluwaseun Adeyemi", "Ahmed Karimi", "Mei Chen", "Lars Berg"]
        names += ["Kofi Mensah", "Lena Vogel", "Dmitri Orlov"]
        self.players: dict[str, Player] = {n: PlayerFactory(name=n) for n in names}
        p = self.players
        self.pairs = EventFactory(
            name="Partnership 2027", ruleset="partnership", table_size=4, festival=self.festival
        )
        winners = EntryFactory(
            event=self.pairs, player=p["Oluwaseun Adeyemi"], partner=p["Ahmed Karimi"]
        )
        losers = EntryFactory(event=self.pairs, player=p["Mei Chen"], partner=p["Lars Berg"])
        BoardFactory(
            round=RoundFactory(event=self.pairs, number=1),
            number=1,
            sides=[winners, losers, winners, losers],  # partners opposite
            result="1-0",
            lowest=(16, 12),
        )
        self.challenges = EventFactory(
            name="Challenges 2027", ruleset="challenges", table_size=3, festival=self.festival
        )
        olu, kofi, lena = (
            EntryFactory(event=self.challenges, player=p[n])
            for n in ("Oluwaseun Adeyemi", "Kofi Mensah", "Lena Vogel")
        )
        EntryFactory(event=self.challenges, player=p["Dmitri Orlov"])  # never sat down
        for number, results in (
            (1, [(kofi, 1, [7, 8]), (lena, 2, [6, 9]), (olu, 3, [5, 5])]),
            (2, [(olu, 1, [9, 10]), (kofi, 2, [3, 4]), (lena, 3, [2, 3])]),
        ):
            board = BoardFactory(
                round=RoundFactory(event=self.challenges, number=number),
                number=1,
                sides=[entry for entry, _, _ in results],
                result="table",
            )
            _seat_table(board, results)


@pytest.fixture
def three() -> Festival3:
    return Festival3()


def _csv(content: bytes) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(content.decode())))


def _get(client: Client, name: str, *args: object) -> bytes:
    response = client.get(reverse(name, args=args))
    assert response.status_code == 200, (name, response.content[:500])
    return response.content


def _rows(rows: list[dict[str, Any]], event: Event) -> dict[str, dict[str, Any]]:
    return {r["player"]: r for r in rows if r["event_slug"] == event.slug}


# --- a row per player ----------------------------------------------------------------------------


def test_both_partners_of_a_team_get_their_own_row_under_their_own_id(
    client: Client, three: Festival3
) -> None:
    data = json.loads(_get(client, "festival-pentamind-json", "mso-2027"))
    rows = _rows(data["placings"], three.pairs)
    assert set(rows) == {"Oluwaseun Adeyemi", "Ahmed Karimi", "Mei Chen", "Lars Berg"}
    p = three.players
    olu, ahmed = rows["Oluwaseun Adeyemi"], rows["Ahmed Karimi"]
    assert (olu["player_id"], olu["partner_id"]) == (
        p["Oluwaseun Adeyemi"].pk,
        p["Ahmed Karimi"].pk,
    )
    assert (ahmed["player_id"], ahmed["partner_id"]) == (
        p["Ahmed Karimi"].pk,
        p["Oluwaseun Adeyemi"].pk,
    )
    assert ahmed["partner"] == "Oluwaseun Adeyemi"
    for row in (olu, ahmed):
        assert (row["place"], row["field_size"], row["score"]) == ("1", 2, 1.0)
        assert row["pentamind_points"] == 87.5  # 100 x 7/8 x 1/1
    assert (rows["Lars Berg"]["place"], rows["Lars Berg"]["pentamind_points"]) == ("2", 0.0)
    # Nobody is called by the team's name.
    everyone = {r["player"] for r in data["placings"]}
    assert not any("&" in name for name in everyone)

    csv_rows = [r for r in _csv(_get(client, "festival-pentamind-csv", "mso-2027"))]
    ahmed_csv = next(r for r in csv_rows if r["Player"] == "Ahmed Karimi")
    assert (ahmed_csv["Player id"], ahmed_csv["Place"], ahmed_csv["Partner"]) == (
        str(p["Ahmed Karimi"].pk),
        "1",
        "Oluwaseun Adeyemi",
    )
    assert ahmed_csv["Pentamind points"] == "87.50"

    page = _get(client, "festival-detail", "mso-2027").decode()
    assert '<th scope="row" class="player">Ahmed Karimi</th>' in page
    assert "Oluwaseun Adeyemi &amp; Ahmed Karimi</th>" not in page


# --- one field rule ------------------------------------------------------------------------------


def test_every_export_gives_the_open_the_same_field_of_seven(
    client: Client, three: Festival3
) -> None:
    """H never played (an absence, then a requested bye): no part of the field anywhere."""
    slug = three.open.event.slug
    placings = json.loads(_get(client, "export-placings-json", slug))
    assert placings["field_size"] == 7
    assert {r["field_size"] for r in placings["placings"]} == {7}
    assert "H" not in {r["name"] for r in placings["placings"]}
    assert max(r["place_to"] for r in placings["placings"]) == 7
    placings_csv = _csv(_get(client, "export-placings-csv", slug))
    assert len(placings_csv) == 7 and {r["Field size"] for r in placings_csv} == {"7"}
    standings = json.loads(_get(client, "export-standings-json", slug))
    assert standings["field_size"] == 7
    assert len(standings["standings"]) == 8  # the standings still list H
    assert client.get(reverse("api-event-placings", args=[slug])).json()["field_size"] == 7
    assert client.get(reverse("api-event-standings", args=[slug])).json()["field_size"] == 7

    pentamind = json.loads(_get(client, "festival-pentamind-json", "mso-2027"))
    rows = [r for r in pentamind["placings"] if r["event_slug"] == slug]
    assert len(rows) == 7 and {r["field_size"] for r in rows} == {7}
    csv_rows = [
        r
        for r in _csv(_get(client, "festival-pentamind-csv", "mso-2027"))
        if r["Event slug"] == slug
    ]
    assert {r["Field size"] for r in csv_rows} == {"7"}
    overall = json.loads(_get(client, "festival-overall-json", "mso-2027"))
    sizes = {
        c["field_size"]
        for line in overall["table"]
        for c in line["counted"]
        if c["event_slug"] == slug
    }
    assert sizes == {7}
    # The event's places and the festival's agree, player by player.
    by_name = {r["name"]: r["place"] for r in placings["placings"]}
    assert {r["player"]: r["place"] for r in rows} == by_name


def test_the_standings_page_tells_the_entries_from_the_field(
    client: Client, three: Festival3
) -> None:
    """The page lists all 8 entries (H too) and gives the field by the same rule as the exports."""
    page = _get(client, "event-standings", three.open.event.slug).decode()
    assert "8 entered · field of 7" in page


def test_a_teams_rows_name_both_partners_not_the_first_alone(
    client: Client, three: Festival3
) -> None:
    """The event's own exports list the team as the entry it is, with both registry players and
    both clubs, so no one reads the first-named partner as the team."""
    p = three.players
    p["Ahmed Karimi"].club = "Oxford"
    p["Ahmed Karimi"].save()
    slug = three.pairs.slug
    placings = json.loads(_get(client, "export-placings-json", slug))["placings"]
    winners = next(r for r in placings if r["name"] == "Oluwaseun Adeyemi & Ahmed Karimi")
    assert winners["team_player_ids"] == [p["Oluwaseun Adeyemi"].pk, p["Ahmed Karimi"].pk]
    assert winners["club"] == "Cambridge / Oxford"
    standings = _csv(_get(client, "export-standings-csv", slug))
    assert standings[0]["Club"] == "Cambridge / Oxford"
    entries = client.get(f"/events/{slug}/").content.decode()
    assert "<td>Cambridge / Oxford</td>" in entries


# --- Challenges by the tally ---------------------------------------------------------------------


def test_a_challenge_event_counts_its_tallys_victory_points(
    client: Client, three: Festival3
) -> None:
    data = json.loads(_get(client, "festival-pentamind-json", "mso-2027"))
    rows = _rows(data["placings"], three.challenges)
    assert set(rows) == {"Oluwaseun Adeyemi", "Kofi Mensah", "Lena Vogel"}  # not Dmitri
    got = {
        n: (r["place"], r["score"], r["field_size"], r["pentamind_points"]) for n, r in rows.items()
    }
    assert got == {
        "Oluwaseun Adeyemi": ("1", 14.0, 3, 88.89),
        "Kofi Mensah": ("2", 10.0, 3, 44.44),
        "Lena Vogel": ("3", 8.0, 3, 0.0),
    }
    kofi = next(
        r
        for r in _csv(_get(client, "festival-pentamind-csv", "mso-2027"))
        if r["Player"] == "Kofi Mensah"
    )
    assert kofi["Score"] == "10"  # not table points (1.5)


# --- the overall table ---------------------------------------------------------------------------


def test_the_overall_table_ranks_by_the_best_events_pentamind_points(
    client: Client, three: Festival3
) -> None:
    page = _get(client, "festival-detail", "mso-2027").decode()
    overall_url = reverse("festival-overall", args=["mso-2027"])
    assert f'<a href="{overall_url}">Overall table</a>' in page

    data = json.loads(_get(client, "festival-overall-json", "mso-2027"))
    assert data["best_events"] == 5
    lines = {line["player"]: line for line in data["table"]}
    olu = lines["Oluwaseun Adeyemi"]
    assert (olu["rank"], olu["total"], olu["events_played"]) == (1, 176.39, 2)
    assert [c["pentamind_points"] for c in olu["counted"]] == [88.89, 87.5]
    assert lines["Ahmed Karimi"]["total"] == 87.5
    assert lines["Kofi Mensah"]["total"] == 44.44
    assert "Dmitri Orlov" not in lines and "H" not in lines
    api = client.get(reverse("api-festival-overall", args=["mso-2027"]))
    assert api.status_code == 200
    assert api.json()["table"] == data["table"]

    html = _get(client, "festival-overall", "mso-2027").decode()
    olu_id = three.players["Oluwaseun Adeyemi"].pk
    line = re.search(rf'<tr id="player-{olu_id}">(.*?)</tr>', html, re.S)
    assert line is not None
    assert '<td class="num">1</td>' in line.group(1) and "176.39" in line.group(1)
    assert html.index("Oluwaseun Adeyemi") < html.index("Ahmed Karimi")
    german = client.get(overall_url, headers={"accept-language": "de"}).content.decode()
    assert "<h1>Gesamtwertung</h1>" in german
    assert "Es zählen die besten 5 Turniere jedes Spielers" in german


def test_the_overall_table_of_an_unknown_festival_is_a_404(client: Client) -> None:
    assert client.get(reverse("festival-overall", args=["no-such"])).status_code == 404
    assert client.get(reverse("api-festival-overall", args=["no-such"])).status_code == 404


# --- e-mail links --------------------------------------------------------------------------------


@pytest.mark.parametrize("number", [1, 2])
def test_every_pairing_e_mails_link_lands_on_an_element_of_the_round_page(
    client: Client, three: Festival3, number: int
) -> None:
    """Round 1 has G's pairing bye and H's absence, round 2 H's requested half-point bye."""
    rnd = three.open.rounds[number]
    messages = notifications.round_messages(rnd)
    assert messages
    page = _get(client, "event-round", three.open.event.slug, number).decode()
    for message in messages:
        link = re.search(r"https?://\S+#(board-\d+)", message.body)
        assert link is not None, message.body
        assert f'id="{link.group(1)}"' in page, (message.player.name, link.group(1))
    h = next(m for m in messages if m.player.name == "H")
    board = three.open.board(number, 5)
    assert f"#board-{board.number}" in h.body
    anchored = re.search(rf'<span id="board-{board.number}">(.*?)</span>', page)
    assert anchored is not None and anchored.group(1).startswith("H (")
