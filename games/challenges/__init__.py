"""Pure-Python engines of the Ingenious Challenges: the Card, Dice and Tile Challenge.

No Django here (like ``games.engine``, whose colours, tile kinds, errors and result order it
reuses). Modules, lowest layer first:

- ``board``: score board rows 0-10, the area restriction, bonus turns once per colour, game end,
  the result order and ``ChallengeGame``, the base of the three games
- ``card``, ``dice``, ``tile``: one module per challenge (``CardChallenge``, ``DiceChallenge``,
  ``TileChallenge``)
- ``choices``: what the seat to act may do now, option by option, with what each would score
  (the controls of a recording page)
- ``outcomes``: ``apply_with_outcome``, an action applied with what it did (points kept and
  lost, bonus turns, cards and tiles moved), for the sentences of a page
- ``tally``: victory points across challenges and the ranking of an event
- ``record``: ``ChallengeRecord`` (CHALLENGES-RECORD.md), reading, replay and checking, and
  ``record_schema()``, the JSON Schema of its form (``record.schema.json``)
- ``randomgame``: random legal complete games, deterministic per seed
- ``cli``: ``python -m games.challenges check|random``"""
