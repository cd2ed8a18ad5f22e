"""The arbiter's fair-play report of an event (issue 31, requirement 6): how closely each player's
placements agree with the engine's analysis, per round; a screening, not a proof."""
