"""Fair-play data of online games (issue 30, requirement 7): when a player's page lost and
regained focus (the Page Visibility API), kept with the game, and each placement's think time
read from the log's server timestamps."""
