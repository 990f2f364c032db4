"""Mü (from "Mü & mehr", Doris Matthäus & Frank Nestel, 1994): scoring, pure Python.

Source: ``docs/rules/mu.md`` (the Mü & mehr rulebook, 001, cleaned up); section
numbers (§3 Auction ... §9 Score sheet) are the rulebook's own, so "mu.md §8" and
"Mü & mehr rulebook §8" are the same rule.
"""
