"""The tie-breaks' names, abbreviations and descriptions for translation.

The catalogue lives in the pure core (scoring.core.tiebreaks, no Django), which words them in
English; the pages translate them where they are shown (`{% translate column.label %}`), and
these no-op markers put the English words into the message catalogue for the translators.
"""

from django.utils.translation import gettext_noop

TIEBREAK_WORDS = (
    gettext_noop("Results between"),
    gettext_noop("RB"),
    gettext_noop("VP in the games among the tied players, when all of them have met"),
    gettext_noop("Progressive difference"),
    gettext_noop("PD"),
    gettext_noop("Sum of (own lowest level - opponent's lowest level) over played games"),
    gettext_noop("Progressive level"),
    gettext_noop("PL"),
    gettext_noop("Sum of own lowest level over played games"),
    gettext_noop("Head-to-head"),
    gettext_noop("HTH"),
    gettext_noop("First place to a player who beat every other tied player"),
    gettext_noop("Spread"),
    gettext_noop("Spr"),
    gettext_noop("Sum of level differences, leaving out the best result"),
    gettext_noop("Sonneborn-Berger"),
    gettext_noop("SB"),
    gettext_noop(
        "Sum of beaten opponents' VP plus half of drawn opponents' VP; a round without a game "
        "counts as one against an opponent with the player's own VP"
    ),
    gettext_noop("Buchholz"),
    gettext_noop("Buc"),
    gettext_noop(
        "Sum of the opponents' VP; a round without a game (bye, forfeit, absence) counts as one "
        "against an opponent with the player's own VP"
    ),
    gettext_noop("Median Buchholz"),
    gettext_noop("MB"),
    gettext_noop("Buchholz without the highest and lowest opponent"),
    gettext_noop("Cumulative"),
    gettext_noop("Cum"),
    gettext_noop("Sum of the running VP totals after each round"),
)
