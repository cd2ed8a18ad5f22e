"""The pairing's notes: English templates with their arguments, rendered in English for the
command line and in any language by the translator a page hands in, stored as JSON."""

import json

import pytest

from tournament.pairing.firstmove import due_of
from tournament.pairing.model import Pairing, PlayerState
from tournament.pairing.notes import Note, english, listed, note, note_n
from tournament.pairing.systems import pair_round
from tournament.pairing.tables import seat_tables
from tournament.pairing.tables_model import TablePlayer

GERMAN = {
    "score group %(score)s: #%(first)s v #%(second)s (%(where)s)": (
        "Punktgruppe %(score)s: #%(first)s gegen #%(second)s (%(where)s)"
    ),
    "top half v bottom half": "obere gegen untere Hälfte",
}
GERMAN_PLURALS = {
    "%(count)s repeated table-mate pair": (
        "%(count)s wiederholtes Tischnachbarpaar",
        "%(count)s wiederholte Tischnachbarpaare",
    )
}


def gettext(text: str) -> str:
    return GERMAN.get(text, text)


def ngettext(singular: str, plural: str, count: int) -> str:
    one, other = GERMAN_PLURALS.get(singular, (singular, plural))
    return one if count == 1 else other


def group_note() -> Note:
    return note(
        "score group %(score)s: #%(first)s v #%(second)s (%(where)s)",
        score="2½",
        first=1,
        second=5,
        where=note("top half v bottom half"),
    )


def test_a_note_prints_its_english_with_its_arguments_and_its_nested_words() -> None:
    assert str(group_note()) == "score group 2½: #1 v #5 (top half v bottom half)"
    assert f"note: {group_note()}" == "note: score group 2½: #1 v #5 (top half v bottom half)"


def test_a_translator_says_the_template_and_each_nested_word() -> None:
    assert group_note().render(gettext, ngettext) == (
        "Punktgruppe 2½: #1 gegen #5 (obere gegen untere Hälfte)"
    )


def test_a_translation_missing_leaves_that_part_in_english() -> None:
    half = note("%(why)s, the stronger due", why=note("top half v bottom half"))
    assert half.render(gettext, ngettext) == "obere gegen untere Hälfte, the stronger due"


def test_a_counted_note_picks_its_form_by_the_count_in_each_language() -> None:
    def pairs(n: int) -> Note:
        return note_n(
            "%(count)s repeated table-mate pair", "%(count)s repeated table-mate pairs", n
        )

    assert [str(pairs(n)) for n in (0, 1, 2)] == [
        "0 repeated table-mate pairs",
        "1 repeated table-mate pair",
        "2 repeated table-mate pairs",
    ]
    assert [pairs(n).render(gettext, ngettext) for n in (1, 3)] == [
        "1 wiederholtes Tischnachbarpaar",
        "3 wiederholte Tischnachbarpaare",
    ]


def test_a_list_is_joined_as_written_and_its_items_translated() -> None:
    items = listed(["#3", note("top half v bottom half"), 7], "; ")
    assert str(items) == "#3; top half v bottom half; 7"
    assert items.render(gettext, ngettext) == "#3; obere gegen untere Hälfte; 7"
    assert str(listed([])) == ""
    assert str(listed(["Smith, Ann", "%(x)s"])) == "Smith, Ann, %(x)s"  # arguments stay as typed


def test_a_note_without_arguments_keeps_a_percent_sign_and_an_empty_one_says_nothing() -> None:
    assert str(note("100% sure")) == "100% sure"
    assert Note("").render(lambda text: "the catalogue's header") == ""


def test_a_note_goes_to_json_and_back_unchanged() -> None:
    stored = json.loads(
        json.dumps([group_note().as_json(), note_n("a %(count)s", "b", 2).as_json()])
    )
    assert stored[0] == {
        "text": "score group %(score)s: #%(first)s v #%(second)s (%(where)s)",
        "args": {
            "score": "2½",
            "first": 1,
            "second": 5,
            "where": {"text": "top half v bottom half", "args": {}},
        },
    }
    assert [Note.from_json(s) for s in stored] == [group_note(), note_n("a %(count)s", "b", 2)]
    assert hash(Note.from_json(stored[0])) == hash(group_note())


@pytest.mark.parametrize(
    "stored",
    [
        "a plain string",
        {"args": {}},
        {"text": "x", "args": []},
        {"text": "x %(a)s", "args": {"a": [1, 2]}},
        {"text": "x %(a)s", "args": {"a": True}},
        {"text": "x %(count)s", "args": {"count": "2"}, "plural": "y %(count)s"},
    ],
)
def test_what_is_not_a_note_is_refused_by_name(stored: object) -> None:
    with pytest.raises(ValueError, match="not a note|needs a whole-number count"):
        Note.from_json(stored)


def test_a_boards_reasons_read_as_one_english_sentence() -> None:
    board = Pairing(1, 1, 2, (group_note(), note("#%(rank)s moves first", rank=1)))
    assert board.reason == "score group 2½: #1 v #5 (top half v bottom half); #1 moves first"
    assert english([]) == "" and Pairing(2, 3, None).reason == ""


def test_the_cores_notes_reasons_and_dues_are_notes_that_render_as_before() -> None:
    players = [PlayerState(id=i, rank=i) for i in range(1, 6)]
    rp = pair_round(players, 1, 4, "round-robin", acceleration="baku")
    assert all(isinstance(n, Note) for n in rp.notes)
    assert [str(n) for n in rp.notes] == [
        "round robin of 5 players by the Berger table (table numbers = starting ranks)",
        "baku acceleration: not used in an all-play-all",
    ]
    assert rp.notes[1].args["acceleration"] == note("baku")  # the word, translated on its own
    assert rp.pairings[-1].reason == "bye: #1 (odd field, round robin round 1)"
    assert due_of((True, True)).why == note("had first twice in a row")
    tr = seat_tables([TablePlayer(id=i, rank=i) for i in range(1, 5)], 4, 1, 3)
    assert (
        tr.tables[0].reason
        == "scores 0; no earlier table-mates; 1 sits first (0 first seats before)"
    )
    assert str(tr.notes[-1]) == (
        "method: search, confirmed by CP-SAT; 0 repeated table-mate pairs, score spread 0 over "
        "the tables; proved the best seating"
    )
    assert tr.notes[-1].args["method"] == note("search, confirmed by CP-SAT")
