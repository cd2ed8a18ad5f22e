"""The pairing's words as notes: an English template and its arguments, said in any language.

The core imports no Django, so it cannot translate; yet a round's notes and its boards' reasons
are written by a task that has no reader, and read on pages in German as well as English. So the
core writes a :class:`Note`: ``text`` is an English %-format template with named placeholders,
``args`` fills them. A page says it in its reader's language (``note.render(gettext,
ngettext)``); ``str(note)`` is the English the command line prints.

An argument is a number or a string said as it is (a player's ``#3``, a score, a name, a range of
rounds), or itself a note: a word that needs translating ("round robin", why a player moves
first). :func:`listed` joins several arguments into one.

``note`` and ``note_n`` mark a template for translation: ``makemessages`` gives xgettext both as
keywords (tournament/management/commands/makemessages.py), so their English lands in the German
catalogue like any ``gettext_noop``. Call them with literal templates only, never an f-string.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeAlias

Arg: TypeAlias = "int | str | Note"
Gettext = Callable[[str], str]
Ngettext = Callable[[str, str, int], str]


def _as_written(text: str) -> str:
    return text


def _english_plural(singular: str, plural: str, count: int) -> str:
    return singular if count == 1 else plural


@dataclass(frozen=True, slots=True)
class Note:
    """An English template (``text``, with ``plural``: its plural, chosen by ``args["count"]``)
    and the arguments it names."""

    text: str
    args: Mapping[str, Arg] = field(default_factory=dict)
    plural: str = ""

    def render(self, gettext: Gettext = _as_written, ngettext: Ngettext = _english_plural) -> str:
        """The note in the language of ``gettext`` (English by default), its note arguments too."""
        if not self.text:  # gettext("") is the catalogue's header
            return ""
        count = self.args.get("count")
        if self.plural and isinstance(count, int):
            template = ngettext(self.text, self.plural, count)
        else:
            template = gettext(self.text)
        if not self.args:
            return template
        return template % {
            name: value.render(gettext, ngettext) if isinstance(value, Note) else value
            for name, value in self.args.items()
        }

    def __str__(self) -> str:
        return self.render()

    def __hash__(self) -> int:  # a value like any other (a due that holds one is cached)
        return hash((self.text, tuple(sorted(self.args.items())), self.plural))

    def as_json(self) -> dict[str, Any]:
        """The note as stored with a round or a board: ``{"text": ..., "args": {...}}``."""
        out: dict[str, Any] = {
            "text": self.text,
            "args": {
                name: value.as_json() if isinstance(value, Note) else value
                for name, value in self.args.items()
            },
        }
        if self.plural:
            out["plural"] = self.plural
        return out

    @classmethod
    def from_json(cls, data: object) -> Note:
        """The note :meth:`as_json` stored; ValueError names what is not one."""
        if not isinstance(data, dict) or not isinstance(data.get("text"), str):
            raise ValueError(f"not a note: {data!r}")
        raw_args = data.get("args", {})
        plural = data.get("plural", "")
        if not isinstance(raw_args, dict) or not isinstance(plural, str):
            raise ValueError(f"not a note: {data!r}")
        args: dict[str, Arg] = {}
        for name, value in raw_args.items():
            if isinstance(value, dict):
                args[str(name)] = cls.from_json(value)
            elif isinstance(value, int | str) and not isinstance(value, bool):
                args[str(name)] = value
            else:
                raise ValueError(f"not a note's argument: {name}={value!r}")
        if plural and not isinstance(args.get("count"), int):
            raise ValueError(f"a note with a plural needs a whole-number count: {data!r}")
        return cls(data["text"], args, plural)


def note(text: str, /, **args: Arg) -> Note:
    """A note to translate: ``text`` a literal English template naming ``args``."""
    return Note(text, args)


def note_n(singular: str, plural: str, count: int, /, **args: Arg) -> Note:
    """A note whose words follow ``count`` (also its argument ``count``): "1 first seat",
    "2 first seats"."""
    return Note(singular, {"count": count, **args}, plural)


def listed(items: Sequence[Arg], sep: str = ", ") -> Note:
    """Several arguments as one, joined by ``sep``: a template of placeholders only, which no
    catalogue holds, so every language says it as it is and translates only the items."""
    template = sep.join(f"%({k})s" for k in range(len(items)))
    return Note(template, {str(k): item for k, item in enumerate(items)})


def english(notes: Sequence[Note], sep: str = "; ") -> str:
    """Clauses in English, one sentence (a board's reason as the command line prints it)."""
    return sep.join(str(n) for n in notes)


__all__ = ["Arg", "Note", "english", "listed", "note", "note_n"]
