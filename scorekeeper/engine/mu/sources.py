"""Where the Mü rules are written: the sections of ``docs/rules/mu.md`` the lines and errors cite.

mu.md numbers its sections as the "Mü & mehr" rulebook does (001), so "mu.md §8" is
said as "Mü rulebook §8" (:mod:`..citations`). §1 "Cards", §3 "Auction", §4 "Chef,
Eklat, Vize", §5 "Trumps", §6 "Chef team and team target", §7 "Play", §8 "Scoring"
(§8.1 individual points, §8.2 the Chef team's, the bonus table), §9 "Score sheet" (game end).
"""

from __future__ import annotations

from ..source import Source, mu_md

CARDS: Source = (mu_md("1"),)
AUCTION: Source = (mu_md("3"),)
#: The cards laid in the auction (§1 the hand, §3 the auction).
LAID: Source = (mu_md("1", "3"),)
CHEF: Source = (mu_md("4"),)
EKLAT: Source = (mu_md("4", note="Eklat"),)
TRUMPS: Source = (mu_md("5"),)
PARTNER: Source = (mu_md("6"),)
#: The Chef's level (§1 the hand size, §6 the team target's columns).
LEVEL: Source = (mu_md("1", "6"),)
PLAY: Source = (mu_md("7"),)
INDIVIDUAL: Source = (mu_md("8.1"),)
TEAM: Source = (mu_md("8.2"),)
BONUS: Source = (mu_md("8", note="bonus table"),)
LOST: Source = (mu_md("8.2", note="lost game"),)
GAME: Source = (mu_md("9"),)
