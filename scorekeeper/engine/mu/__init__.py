"""Mü (from "Mü & mehr", Doris Matthäus & Frank Nestel, 1994): scoring, pure Python.

Source: ``shared/rules/mu.md`` (the cleaned-up rulebook, seed ``001_c8326b170f2c5a6c.txt``);
section numbers (§3 Auction ... §9 Score sheet) are the rulebook's own.
"""
