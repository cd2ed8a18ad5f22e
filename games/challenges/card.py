"""The Card Challenge (CHALLENGES.md, "Card Challenge"; CHALLENGES-RECORD.md, "Card Challenge").

60 cards, 4 of each of the 15 two-colour kinds. A card is written canonically like a board-game
tile kind ("RB", never "BR"). In full mode every card is known (deals and draws are recorded), so
the deck, the discard pile and the hands are tracked as counts; the deck's order is unknown, so
any card it still holds may be drawn. In table mode the hands are hidden: only their sizes are
known, and a card or a shown hand is refused only when the face-up cards and the discard pile
rule it out (a card there is in no hand). The deck is then a count: the draws no record holds
are taken from it where full mode records them (after a swap, and when the next seat plays),
the discard pile shuffled in when it runs out, so both modes count the same deck and pile.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, NoReturn

from games.engine.tiles import COLOURS, TILE_KINDS, tile_kind

from .board import COLOUR_INDEX, ChallengeGame, colour_name, lowest_colours, plural

#: The 15 kinds of card, canonical order.
CARD_KINDS: tuple[str, ...] = tuple(k for k in TILE_KINDS if k[0] != k[1])
COPIES = 4
HAND = 6
#: Cards in a game: 60.
DECK = COPIES * len(CARD_KINDS)

DEAL, FACEUP, PLAY, POST, REFILL = "deal", "faceup", "play", "post", "refill"


def card_kind(value: Any) -> str | None:
    """The canonical kind of a card string ("BR" -> "RB"), ``None`` if it is not a card."""
    if type(value) is not str or len(value) != 2 or value[0] == value[1]:
        return None
    try:
        return tile_kind(value)
    except ValueError:
        return None


def full_deck() -> Counter[str]:
    return Counter({k: COPIES for k in CARD_KINDS})


class CardChallenge(ChallengeGame):
    """A Card Challenge game: ``apply`` one record action at a time."""

    challenge = "card"

    def __init__(self, players: Sequence[str], mode: str = "full") -> None:
        super().__init__(players, mode)
        self.deck = full_deck()
        self.discard: Counter[str] = Counter()
        #: Full mode: each seat's hand; table mode: unknown (empty counters).
        self.hands: list[Counter[str]] = [Counter() for _ in range(self.n)]
        self.hand_size = [0 if self.full else HAND] * self.n
        #: Table mode: the cards in the deck (the hands were dealt from it before the record).
        self.stock = 0 if self.full else DECK - HAND * self.n
        #: Each seat's face-up cards; two players: [centre card, near card].
        self.faceup: list[list[str]] = [[] for _ in range(self.n)]
        self.phase = DEAL if self.full else FACEUP
        self.setup_next = 0
        #: Plays made in the current turn (the first is the turn's, the rest bonus turns).
        self.plays = 0
        self.handlers = {
            "deal": self._deal,
            "faceup": self._faceup,
            "play": self._play,
            "swap": self._swap,
            "draw": self._draw,
        }

    # ---------------------------------------------------------------- whose move

    @property
    def faceup_count(self) -> int:
        return 2 if self.n == 2 else 1

    def next_seat(self) -> int:
        return (self.turn + 1) % self.n

    def allowed(self) -> list[tuple[str, int | None]]:
        ph = self.phase
        if ph in (DEAL, FACEUP):
            return [(ph, self.setup_next)]
        if ph == PLAY:
            return [("play", self.turn)]
        if ph == REFILL:
            return [("draw", self.turn)]
        if self.full:
            return [("swap", self.turn), ("draw", self.turn)]
        return [("swap", self.turn), ("play", self.next_seat())]

    def acting(self) -> int:
        if self.phase in (DEAL, FACEUP):
            return self.setup_next
        if self.phase == POST and not self.full:
            return self.next_seat()
        return self.turn

    def expected(self) -> str:
        ph = self.phase
        if ph == DEAL:
            return f"{self.who(self.setup_next)} is dealt six cards next"
        if ph == FACEUP:
            n = plural(self.faceup_count, "card")
            return f"{self.who(self.setup_next)} turns up {n} next"
        who = self.who(self.turn)
        if ph == PLAY:
            if self.plays:
                return f"{who} owes {plural(self.owed, 'bonus turn')}: another play comes first"
            return f"it is {who}'s turn to play a card"
        if ph == REFILL:
            return f"{who} draws six new cards after the swap"
        if self.full:
            return f"{who} may swap, then draws back up to six cards"
        return f"{self.who(self.next_seat())} plays next (or {who} swaps)"

    def precheck(self, kind: str, action: dict[str, Any]) -> None:
        if not self.full and kind in ("deal", "draw"):
            self.fail("BAD_RECORD", f"a table-mode record has no {kind} actions (hands are hidden)")

    def out_of_phase(self, kind: str, seat: int | None) -> NoReturn:
        ph = self.phase
        if ph in (DEAL, FACEUP):
            self.fail("WRONG_PHASE", f"the set-up is not finished: {self.expected()}")
        if kind in ("deal", "faceup"):
            self.fail("WRONG_PHASE", f"the set-up is over: {self.expected()}")
        assert seat is not None
        if seat != self.acting():
            self.not_your_turn(kind, seat)
        who = self.who(seat)
        if kind == "swap":
            if ph == REFILL:
                self.fail("SWAP_NOT_ALLOWED", f"{who} has already swapped this turn")
            if self.plays:
                owed = plural(self.owed, "bonus turn")
                self.fail("SWAP_NOT_ALLOWED", f"{who} must first take the {owed} owed")
            self.fail("SWAP_NOT_ALLOWED", f"a swap comes after the turn's play: {self.expected()}")
        if kind == "draw" and ph == PLAY:
            if self.plays:
                owed = plural(self.owed, "bonus turn")
                self.fail("WRONG_PHASE", f"{who} owes {owed}: no draw before they are taken")
            self.fail("WRONG_PHASE", f"{who} must play a card before drawing")
        if kind == "play":
            self.fail("WRONG_PHASE", f"{who} must draw back up to six cards before playing again")
        self.fail("WRONG_PHASE", self.expected())

    # ---------------------------------------------------------------- reading cards

    def cards_arg(self, value: Any, what: str) -> list[str]:
        if type(value) is not list:
            self.fail("BAD_RECORD", f'the {what} must be a list of cards such as ["RB", "GO"]')
        out = []
        for v in value:
            k = card_kind(v)
            if k is None:
                self.fail(
                    "BAD_RECORD",
                    f"{v!r} in the {what} is not a card (two different colour letters "
                    f"from {COLOURS})",
                )
            out.append(k)
        return out

    def visible(self, kind: str) -> int:
        """Copies of ``kind`` lying face up on the table."""
        return sum(cards.count(kind) for cards in self.faceup)

    @property
    def deck_count(self) -> int:
        """Cards in the deck now (both modes)."""
        return self.deck.total() if self.full else self.stock

    @property
    def discard_count(self) -> int:
        """Cards in the discard pile now (both modes)."""
        return self.discard.total()

    def possible(self, kind: str) -> int:
        """Copies of ``kind`` that may be in a hand: the four less those face up and those in
        the discard pile (in full mode, where the hands are known, the same bound holds)."""
        return COPIES - self.visible(kind) - self.discard[kind]

    def table_refill(self, seat: int) -> None:
        """Table mode: ``seat`` draws back up to six cards from the deck (a draw the record does
        not hold); an empty deck is replaced at once by the discard pile, as ``take`` does."""
        for _ in range(HAND - self.hand_size[seat]):
            if self.stock == 0:
                self.stock, self.discard = self.discard.total(), Counter()
            self.stock = max(self.stock - 1, 0)
            if self.stock == 0:
                self.stock, self.discard = self.discard.total(), Counter()
        self.hand_size[seat] = HAND

    def whereabouts(self, kind: str) -> str:
        held = sum(h[kind] for h in self.hands)
        return (
            f"of the four, {self.visible(kind)} face up, {self.discard[kind]} in the discard "
            f"pile and {held} in hands"
        )

    def take(self, cards: Iterable[str], what: str, noun: str) -> tuple[Counter[str], Counter[str]]:
        """The deck and discard pile after drawing ``cards`` in order (full mode). An empty deck
        is replaced at once by the discard pile; raises DRAW_MISMATCH if a card is not there."""
        deck, discard = Counter(self.deck), Counter(self.discard)
        taken: Counter[str] = Counter()
        for c in cards:
            if deck.total() == 0:
                deck, discard = discard, Counter()
            if deck[c] <= 0:
                where = self.whereabouts(c)
                if taken[c]:
                    where += f", {taken[c]} earlier in this {noun}"
                self.fail("DRAW_MISMATCH", f"{what}: the deck holds no {c} now ({where})")
            taken[c] += 1
            deck[c] -= 1
            if deck.total() == 0:
                deck, discard = discard, Counter()
        return +deck, discard

    def check_table_copies(self, cards: Sequence[str], what: str, code: str) -> None:
        """Table mode: no kind may appear more often than the face-up cards leave possible."""
        for k, n in Counter(cards).items():
            if n > self.possible(k):
                where = f"{self.visible(k)} of the four are face up"
                if self.discard[k]:
                    where += f" and {self.discard[k]} in the discard pile"
                self.fail(code, f"{what} has {n} {k} but {where}")

    # ---------------------------------------------------------------- set-up

    def _deal(self, action: dict[str, Any], seat: int | None) -> None:
        assert seat is not None
        cards = self.cards_arg(action.get("cards"), "cards dealt")
        if len(cards) != HAND:
            self.fail("DRAW_MISMATCH", f"a deal is six cards, not {len(cards)}")
        self.deck, self.discard = self.take(cards, f"the deal to {self.who(seat)}", "deal")
        self.hands[seat].update(cards)
        self.hand_size[seat] = HAND
        self.setup_next += 1
        if self.setup_next == self.n:
            self.phase, self.setup_next = FACEUP, 0

    def _faceup(self, action: dict[str, Any], seat: int | None) -> None:
        assert seat is not None
        cards = self.cards_arg(action.get("cards"), "face-up cards")
        want = self.faceup_count
        if len(cards) != want:
            why = " (two players: the centre card, then the near card)" if want == 2 else ""
            self.fail(
                "DRAW_MISMATCH",
                f"{self.who(seat)} turns up {plural(want, 'card')}{why}, not {len(cards)}",
            )
        if self.full:
            self.deck, self.discard = self.take(
                cards, f"{self.who(seat)}'s face-up cards", "set-up"
            )
        else:
            self.check_table_copies(cards, "the face-up cards", "DRAW_MISMATCH")
            self.stock -= len(cards)
        self.faceup[seat] = cards
        self.setup_next += 1
        if self.setup_next == self.n:
            self.phase, self.setup_next, self.turn = PLAY, 0, 0

    # ---------------------------------------------------------------- the turn

    def matching(self, colour: str) -> int:
        """Face-up cards on the table showing ``colour`` (every seat's, own included)."""
        return sum(colour in c for cards in self.faceup for c in cards)

    def _play(self, action: dict[str, Any], seat: int | None) -> None:
        assert seat is not None
        card = card_kind(action.get("card"))
        if card is None:
            self.fail(
                "BAD_RECORD",
                f'"card" must be two different colour letters such as "RB", '
                f"not {action.get('card')!r}",
            )
        first_letter = COLOURS[self.colour_arg(action.get("first"), '"first"')]
        if first_letter not in card:
            self.fail(
                "NO_MATCH", f'"first" must be a symbol of the card {card}, not {first_letter}'
            )
        if self.full and self.hands[seat][card] <= 0:
            held = " ".join(sorted(self.hands[seat].elements())) or "nothing"
            self.fail("CARD_NOT_IN_HAND", f"{self.who(seat)} holds no {card} (hand: {held})")
        if not self.full and self.possible(card) <= 0:
            if self.visible(card) >= COPIES:
                self.fail("CARD_NOT_IN_HAND", f"all four {card} cards are face up on the table")
            self.fail(
                "CARD_NOT_IN_HAND",
                f"no {card} can be in a hand: of the four, {self.visible(card)} face up and "
                f"{self.discard[card]} in the discard pile",
            )
        if self.phase == POST:
            # table mode: the previous turn ended without a swap; its hand was refilled
            self.table_refill(self.turn)
            self.turn, self.plays, self.owed = seat, 0, 0
        if self.plays:
            self.owed -= 1
        second = card[1] if first_letter == card[0] else card[0]
        for letter in (first_letter, second):
            self.score(seat, COLOUR_INDEX[letter], self.matching(letter))
        own = self.faceup[seat]
        self.discard[own[0]] += 1
        self.faceup[seat] = [own[1], card] if self.n == 2 else [card]
        if self.full:
            self.hands[seat][card] -= 1
            self.hands[seat] = +self.hands[seat]
        self.hand_size[seat] -= 1
        self.plays += 1
        if self.won(seat):
            return
        if self.owed and self.hand_size[seat]:
            self.phase = PLAY
        else:
            # bonus turns still owed with an empty hand are lost (CHALLENGES.md)
            self.owed = 0
            self.phase = POST

    def _swap(self, action: dict[str, Any], seat: int | None) -> None:
        assert seat is not None
        who = self.who(seat)
        if self.full:
            hand = sorted(self.hands[seat].elements())
            if "hand" in action:
                shown = self.cards_arg(action.get("hand"), "hand shown")
                if sorted(shown) != hand:
                    self.fail(
                        "SWAP_NOT_ALLOWED",
                        f"the hand shown is not {who}'s hand ({' '.join(hand) or 'empty'})",
                    )
        else:
            if "hand" not in action:
                self.fail("BAD_RECORD", 'a table-mode swap names the hand shown: "hand": [...]')
            hand = self.cards_arg(action.get("hand"), "hand shown")
            if len(hand) != self.hand_size[seat]:
                self.fail(
                    "SWAP_NOT_ALLOWED",
                    f"a swap shows the whole hand: {who} holds "
                    f"{plural(self.hand_size[seat], 'card')}, not {len(hand)}",
                )
            self.check_table_copies(hand, "the hand shown", "CARD_NOT_IN_HAND")
        lows = lowest_colours(self.rows[seat])
        for card in hand:
            for c in lows:
                if COLOURS[c] in card:
                    names = ", ".join(colour_name(x) for x in lows)
                    self.fail(
                        "SWAP_NOT_ALLOWED",
                        f"{who} may not swap: {card} shows a lowest row ({names})",
                    )
        self.discard.update(hand)
        self.hands[seat] = Counter()
        self.hand_size[seat] = 0
        if self.full:
            self.phase = REFILL
        else:
            self.table_refill(seat)
            self.turn, self.plays, self.phase = self.next_seat(), 0, PLAY

    def _draw(self, action: dict[str, Any], seat: int | None) -> None:
        assert seat is not None
        cards = self.cards_arg(action.get("cards"), "cards drawn")
        want = HAND - self.hand_size[seat]
        if len(cards) != want:
            self.fail(
                "DRAW_MISMATCH",
                f"{self.who(seat)} draws {plural(want, 'card')} (back up to six), not {len(cards)}",
            )
        self.deck, self.discard = self.take(cards, f"the draw of {self.who(seat)}", "draw")
        self.hands[seat].update(cards)
        self.hand_size[seat] = HAND
        self.turn, self.plays, self.phase = self.next_seat(), 0, PLAY

    # ---------------------------------------------------------------- for players and tests

    def swap_allowed(self, seat: int) -> bool:
        """Whether ``seat``'s hand (full mode) shows none of its lowest rows."""
        lows = {COLOURS[c] for c in lowest_colours(self.rows[seat])}
        return not any(set(card) & lows for card in self.hands[seat].elements())
