"""Scorekeeper: a score sheet and referee for card games played with real cards."""
