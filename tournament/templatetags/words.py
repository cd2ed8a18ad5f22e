"""Words placed inside a sentence of a page, in the reader's language.

``{{ label|in_sentence }}``: a choice's label (a round's status, a role, a scoring) inside a
sentence. English writes it in lower case there; German keeps the capital of its nouns ("Runde 1
ist Entwurf", never "entwurf").

``{{ board.reason|absence_reason }}``: why a player has no game in a round, in the reader's words
(tournament/rounds/public.py).

``{{ round|note_texts }}``, ``{{ board|reason_text }}``: a draft's notes and a board's reason
in the reader's words (tournament/rounds/selectors.py).

``{{ code|result_label }}``: a stored result code by its name ("table" -> "Placings at the
table", "half-bye" -> "Requested half-point bye"), as the result form offers it.

``{{ moment|day_and_time }}``: a moment as the reader's language writes it, in the page's time
zone ("28 Nov 2026 14:30", "28. November 2026 14:30"); ``|day_and_time:"MONTH_DAY_FORMAT"``
without the year.
"""

from django import template

from tournament.models.events import Board, Result, Round
from tournament.rounds.public import absence_reason as absence_words
from tournament.rounds.selectors import note_texts as round_notes
from tournament.rounds.selectors import reason_text as board_reason
from tournament.text import day_and_time as moment_words
from tournament.text import in_sentence as sentence_words

register = template.Library()


@register.filter
def in_sentence(label: object) -> str:
    return sentence_words(label)


@register.filter
def absence_reason(reason: str) -> str:
    return absence_words(reason)


@register.filter
def note_texts(round_: Round) -> list[str]:
    return round_notes(round_)


@register.filter
def reason_text(board: Board) -> str:
    return board_reason(board)


@register.filter
def result_label(code: str) -> str:
    return str(dict(Result.choices).get(code, code)) if code else ""


@register.filter(expects_localtime=True)
def day_and_time(moment: object, day: str = "DATE_FORMAT") -> str:
    return moment_words(moment, day) if moment else ""
