"""Analyses of many simulated games: tournament figures (:mod:`.ratings`: score rates with Wilson
intervals, Elo ratings) and shot maps (:mod:`.shotmap`: the pot probability for every cue-ball
place on a grid, computed as a batch, drawn as a heat map with the optional extra ``[plot]``)."""
