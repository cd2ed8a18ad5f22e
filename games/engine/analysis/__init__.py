"""Post-game analysis (issue 31): the engine judges every placement. Pure Python, no Django.

Built on the rules engine (``games.engine``), which never imports this package; only the engine's
command line does (import-linter's contracts in pyproject.toml). The evaluation, the simulation
and the grades are described in docs/analysis.md. Modules, lowest layer first:

- ``evaluation``: the static evaluation; every legal placement of a rack, ranked
- ``playout``: sampled worlds (only what the seat sees: no hindsight) and fast playouts
- ``search``: one decision judged: the best candidates simulated in the same worlds; ``Budget``
- ``grading``: grades by win chance lost (solitaire: lowest level lost)
- ``report``: a finished game's record judged placement by placement, and its summary
- ``players``: the engine, greedy and random players; matches with seats swapped; Wilson
- ``commands``: ``python -m games.engine analyse|play``
"""
