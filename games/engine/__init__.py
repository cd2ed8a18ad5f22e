"""Pure-Python rules engine for Ingenious (Einfach Genial).

No Django here: the tournament layer builds on this package. Modules, lowest layer first (each
imports only modules above it in this list):

- ``errors``: ``IllegalAction`` and ``RecordError``
- ``tiles``: colours, tile kinds and the supply
- ``geometry``: cells, names, neighbours and lines per board radius
- ``rulesets``: ``Ruleset`` data and ``make_ruleset``
- ``score_track``: runs, the 18 cap and double track, result and report
- ``position``: ``Position``, the state of a game as data, and the phase values
- ``phases``: the turn machine: whose turn, bonus placements owed, swap timing
- ``faults``: raising ``IllegalAction`` with an arbiter's message
- ``placing``, ``drawing``: checking and applying ``place``; ``draw`` and ``swap``
- ``rules``: ``apply`` (any action) and ``flag``
- ``movegen``: legal move generation
- ``game``: ``Game``, the façade over all of the above
- ``header``: what both record forms share (header checks, positions of errors)
- ``notation``: the compact text form
- ``jsonform``: the JSON form's reading and writing, shared with the challenges' records
- ``gamerecord``: ``Record`` and its JSON form
- ``loading``: reading either form
- ``replaying``: replay and the verdict on a record, shared with the challenges
- ``randomgame``: random complete games (records) and fast random playouts
- ``cli``: ``python -m games.engine check|random|convert``

``state`` (``Game`` and the phases) and ``record`` (``Record``, loading and replay) are kept as
import paths, re-exporting from the modules above."""
