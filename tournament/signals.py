"""Signals of the tournament floor, for the floors above it to act on without being imported."""

from django.dispatch import Signal

#: A draft round was published (inside the publishing transaction); ``round_`` is the round.
#: The games floor sets up a game for each board with two players.
round_published = Signal()

#: A director is about to enter a result on a board (inside that transaction, before the
#: board's row is locked); ``board`` is the board. The games floor locks the board's game first,
#: in the order a game's own writes take (game, then board), so the two never deadlock.
board_deciding = Signal()

#: A director entered a result on a board (inside that transaction); ``board`` is the board.
#: The games floor holds a clock still running at that board.
board_decided = Signal()
