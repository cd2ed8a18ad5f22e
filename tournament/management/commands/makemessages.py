"""``makemessages`` that also finds the pairing core's notes.

The pure core (``tournament.pairing``) cannot import Django's ``gettext_noop``: it marks its
English templates with ``note`` and ``note_n`` (``tournament/pairing/notes.py``) instead, and
xgettext takes both as keywords here, as Django's documentation shows for extra keywords.
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=note",
        "--keyword=note_n:1,2",
    ]
