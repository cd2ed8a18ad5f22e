"""The rating list's arithmetic: openskill's Plackett-Luce model over the ordered history of
rated games. Pure (no Django): the same history always gives the same numbers, so the stored
ratings are derived data that a rebuild reproduces exactly.

A game is a list of sides (a side is one player, or a partnership's players) with each side's
placing, 1 the best; sides with the same placing drew with each other. A two-player game is two
sides of one player; tables of 3 and 4 and partnership games plug in unchanged. Forfeits, byes
and absences are never games here: nothing was played, so nothing is learnt about skill (the
caller leaves them out).
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from openskill.models import PlackettLuce

# One model for every run: its defaults are part of the numbers (docs/ratings.md): mu 25,
# sigma 25/3, beta 25/6, tau 25/300, kappa 0.0001, no margin, sigma not limited, no balance.
MODEL = PlackettLuce()
START_MU: float = MODEL.mu
START_SIGMA: float = MODEL.sigma

# The site rating players read: a fixed linear map of the conservative estimate mu − 3σ, so a
# new player (mu 25, σ 25/3: mu − 3σ = 0) starts at 1500, and each point of mu − 3σ is 40.
# mu − 3σ stays within about −15 and +45 on any history seen (a player who loses 60 games in a
# row stands at −11), so the site rating stays between about 900 and 3300: never negative.
DISPLAY_BASE = 1500
DISPLAY_SCALE = 40


@dataclass(frozen=True)
class ModelParameters:
    """The model's numbers as the rating page and docs/ratings.md state them, read from the
    model itself so the page cannot drift from the code."""

    mu: float
    sigma: float
    beta: float
    tau: float
    kappa: float
    display_base: int
    display_scale: int


def model_parameters() -> ModelParameters:
    return ModelParameters(
        mu=MODEL.mu,
        sigma=MODEL.sigma,
        beta=MODEL.beta,
        tau=MODEL.tau,
        kappa=MODEL.kappa,
        display_base=DISPLAY_BASE,
        display_scale=DISPLAY_SCALE,
    )


def display_rating(ordinal: float) -> int:
    """The site rating shown everywhere (pages, API, exports) for a conservative estimate
    ``ordinal`` (mu − 3σ): ``1500 + 40 × ordinal``, rounded half up to a whole number."""
    return math.floor(DISPLAY_BASE + DISPLAY_SCALE * ordinal + 0.5)


@dataclass(frozen=True)
class RatedGame:
    """One game to rate: ``sides`` of player ids and each side's ``placings`` (1 best; equal
    placings are a draw). ``key`` names the game to the caller (a board id)."""

    key: int
    sides: tuple[tuple[int, ...], ...]
    placings: tuple[int, ...]


@dataclass(frozen=True)
class Rating:
    mu: float = START_MU
    sigma: float = START_SIGMA
    games: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative rating the list is ordered by (mu − 3σ): a new player starts at 0
        and climbs as the model becomes sure of them."""
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> int:
        """The site rating players read (:func:`display_rating`)."""
        return display_rating(self.ordinal)


@dataclass(frozen=True)
class RatingChange:
    """One player's rating before and after one game."""

    key: int
    player: int
    placing: int
    sides: int
    tied: bool
    before: Rating
    after: Rating


@dataclass
class RatingRun:
    ratings: dict[int, Rating] = field(default_factory=dict)
    changes: list[RatingChange] = field(default_factory=list)


def check_game(game: RatedGame) -> None:
    """A clear ValueError naming the game when it cannot be rated."""
    if len(game.sides) < 2:
        raise ValueError(f"Game {game.key}: a rated game needs at least two sides.")
    if len(game.placings) != len(game.sides):
        raise ValueError(
            f"Game {game.key}: {len(game.sides)} sides but {len(game.placings)} placings."
        )
    if any(not side for side in game.sides):
        raise ValueError(f"Game {game.key}: a side has no players.")
    players = [p for side in game.sides for p in side]
    if len(players) != len(set(players)):
        raise ValueError(f"Game {game.key}: a player sits on two sides or twice on one.")
    if any(placing < 1 for placing in game.placings):
        raise ValueError(f"Game {game.key}: placings start at 1.")


def rate_history(games: Iterable[RatedGame]) -> RatingRun:
    """Rate ``games`` in the given order, every player starting at the model's default."""
    run = RatingRun()
    for game in games:
        check_game(game)
        before = [[run.ratings.get(p, Rating()) for p in side] for side in game.sides]
        teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma) for r in side] for side in before]
        rated = MODEL.rate(teams, ranks=[float(p) for p in game.placings])
        for index, side in enumerate(game.sides):
            placing = game.placings[index]
            tied = game.placings.count(placing) > 1
            for player, old, new in zip(side, before[index], rated[index], strict=True):
                after = Rating(mu=new.mu, sigma=new.sigma, games=old.games + 1)
                run.ratings[player] = after
                run.changes.append(
                    RatingChange(
                        key=game.key,
                        player=player,
                        placing=placing,
                        sides=len(game.sides),
                        tied=tied,
                        before=old,
                        after=after,
                    )
                )
    return run


def checksum(ratings: Mapping[int, Rating]) -> str:
    """A fingerprint of a rating list (every digit of every number), so two rebuilds can be
    compared by eye."""
    digest = hashlib.sha256()
    for player in sorted(ratings):
        r = ratings[player]
        digest.update(f"{player}:{r.mu!r}:{r.sigma!r}:{r.games}\n".encode())
    return digest.hexdigest()[:16]
