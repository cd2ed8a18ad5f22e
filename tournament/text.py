"""Text a user types: a name or a free text holds no control characters.

A line break in a player's name splits the line of every CSV and TRF export and of the
printed pairings; a tab or a C1 control breaks the column exports; a bidirectional override
shows a name as other letters than it holds. So every name and free text refuses them, with a
message naming the field: on the models (their validators, which the API's model serializers
and the admin run), in the forms, and in the services every page and the API write through.
Format characters that writing systems need (the zero-width joiners of many scripts' names)
are accepted.

And a label put inside a sentence (:func:`in_sentence`), cased as the reader's language does,
and a moment as the reader's language writes it (:func:`day_and_time`); and words kept to be
said when read, in the reader's language: a pairing's note (:func:`note_text`) and a stored line
(:func:`said`, :func:`say`), both one shape, the pure core's ``Note`` (text and arguments), so a
log's line is written once and read in English and in German.
"""

import functools
import unicodedata
from typing import Any, TypedDict

from django.core.exceptions import ValidationError
from django.db import models
from django.utils import translation
from django.utils.deconstruct import deconstructible
from django.utils.formats import date_format, time_format
from django.utils.functional import Promise
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from tournament.errors import DomainError
from tournament.pairing.notes import Note

# Invisible characters that reorder what follows them: the bidirectional embeddings,
# overrides and isolates.
REORDERING = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Categories refused: controls (C0, DEL, C1) and the line and paragraph separators.
REFUSED_CATEGORIES = frozenset({"Cc", "Zl", "Zp"})
LINE_BREAKS = frozenset("\n\r")

# The fields' words in the message, translated: "The name contains ...".
FIELD_WORDS: dict[str, Promise] = {
    "name": gettext_lazy("name"),
    "club": gettext_lazy("club"),
    "country": gettext_lazy("country"),
    "family": gettext_lazy("family"),
    "contact": gettext_lazy("contact"),
    "venue": gettext_lazy("venue"),
    "reason": gettext_lazy("reason"),
    "message": gettext_lazy("message"),
    "display_name": gettext_lazy("display name"),
}


def control_character(text: str, *, multiline: bool = False) -> str | None:
    """The first character of ``text`` a name or free text may not hold, or None; a
    ``multiline`` text (a message typed in a text area) may hold line breaks."""
    for char in text:
        if multiline and char in LINE_BREAKS:
            continue
        if unicodedata.category(char) in REFUSED_CATEGORIES or char in REORDERING:
            return char
    return None


def _described(char: str) -> str:
    words = {"\n": _("a line break"), "\r": _("a line break"), "\t": _("a tab")}
    code = f"U+{ord(char):04X}"
    return f"{code}, {words[char]}" if char in words else code


def control_message(field: str, char: str) -> str:
    word = FIELD_WORDS.get(field, field.replace("_", " "))
    return _("The %(field)s contains a control character (%(char)s): remove it.") % {
        "field": word,
        "char": _described(char),
    }


def refuse_control_characters(field: str, value: object, *, multiline: bool = False) -> None:
    """Raise the services' DomainError, naming ``field``, when ``value`` holds a control."""
    char = control_character(str(value or ""), multiline=multiline)
    if char is not None:
        raise DomainError(control_message(field, char), field=field, code="control_character")


@deconstructible
class NoControlCharacters:
    """The validator of a model's or a form's text field (``field`` names it in the message)."""

    def __init__(self, field: str, multiline: bool = False) -> None:
        self.field = field
        self.multiline = multiline

    def __call__(self, value: Any) -> None:
        char = control_character(str(value or ""), multiline=self.multiline)
        if char is not None:
            raise ValidationError(control_message(self.field, char), code="control_character")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NoControlCharacters) and (self.field, self.multiline) == (
            other.field,
            other.multiline,
        )

    def __hash__(self) -> int:
        return hash((self.field, self.multiline))


@functools.cache
def _checked_fields(model: type[models.Model]) -> list[tuple[str, NoControlCharacters]]:
    return [
        (f.attname, v)
        for f in model._meta.concrete_fields
        for v in f.validators
        if isinstance(v, NoControlCharacters)
    ]


def refuse_control_characters_on_save(
    sender: type[models.Model], instance: models.Model, update_fields: Any = None, **_: Any
) -> None:
    """Every save of a model runs its fields' NoControlCharacters validators (Django runs
    validators only in forms and full_clean), so no write path stores a control character:
    the pages, the API, the admin and the tasks alike."""
    for name, validator in _checked_fields(sender):
        if update_fields is not None and name not in update_fields:
            continue
        char = control_character(str(getattr(instance, name) or ""), multiline=validator.multiline)
        if char is not None:
            raise DomainError(
                control_message(validator.field, char), field=name, code="control_character"
            )


#: Languages whose nouns keep their capital inside a sentence.
CAPITAL_NOUNS = ("de",)


def in_sentence(label: object) -> str:
    """A choice's label (a round's status, a role, a scoring) inside a sentence: English writes
    it in lower case there ("round 1 is draft"); German keeps the capital of its nouns ("Runde 1
    ist Entwurf", never "entwurf")."""
    text = str(label)
    if (get_language() or "").split("-")[0] in CAPITAL_NOUNS:
        return text
    return text.lower()


def note_text(stored: object) -> str:
    """A note stored with a round or a board (``Note.as_json``) in the reader's language. A
    round paired before notes were kept holds English strings: said through the catalogue as
    its page always did (a note with arguments stays English)."""
    if isinstance(stored, str):
        return _(stored) if stored else ""
    try:
        note = Note.from_json(stored)
    except ValueError:  # not written by this site: shown as it is
        return str(stored)
    try:
        return note.render(_, ngettext)
    except (KeyError, ValueError, TypeError):  # arguments that do not fit: the template
        return note.text


def notes_text(stored: object, sep: str = "; ") -> str:
    """Stored notes (a list) in the reader's language, one sentence."""
    items = stored if isinstance(stored, list) else [stored]
    return sep.join(text for text in map(note_text, items) if text)


def day_and_time(moment: Any, day: str = "DATE_FORMAT") -> str:
    """A moment inside a sentence: its day in the reader's language's format (``day``: one of
    Django's format names; "28 Nov 2026", "28. November 2026") and its time on the 24-hour clock
    (German's TIME_FORMAT; British English's is the 12-hour clock a schedule does not use). The
    moment as given: a caller converts it to the zone it is read in."""
    return f"{date_format(moment, day)} {time_format(moment, 'H:i')}"


class Said(TypedDict):
    """A line as its words: ``text``, a message of the catalogue (marked with gettext_noop where
    it is written), and the values of its placeholders. A value that is itself ``Said`` (a role,
    a reason the site gives) is said in the reader's language too; a plain one (a name, a
    reason typed) as it is."""

    text: str
    args: dict[str, "str | int | Said"]


def said(text: str, **args: "str | int | Said") -> Said:
    """The words of a line to store (JSON), to be said when read: ``said(gettext_noop("%(person)s
    is now director."), person="Ann")``."""
    return {"text": text, "args": args}


def say(words: Any, fallback: str = "") -> str:
    """The stored words in the active language; ``fallback`` (the line as it was stored in
    English) when they are not words this site can say: a row from before, or a damaged one."""
    try:
        note = Note.from_json(words)
        if not note.args and "%(" in note.text:  # its values are missing
            return fallback
        return note.render(_, ngettext)
    except (KeyError, TypeError, ValueError):
        return fallback


def say_in_english(words: Said) -> str:
    """The words as the site's log lines are stored and written: in English (the catalogue's
    message ids), whatever the language of the request that writes them."""
    with translation.override(None):
        return say(words)
