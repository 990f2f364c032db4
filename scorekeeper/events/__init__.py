"""Club nights and tournaments: events over many tables and rounds (issue 28).

An event is reached like a game through two links (the organiser's and the standings link); each of
its tables plays a normal game (``scorekeeper.games``) with its own links. Standings and the next
round come from the pure engine (``scorekeeper.engine.events``); nothing but facts is stored.
"""
