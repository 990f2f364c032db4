"""Each player's figures from one scored game, for the statistics pages (issue 7).

Pure: a game and its sheet in, one frozen :class:`PlayerLine` per seat out. The web
app keeps these lines in a read model next to the hands, rebuilt from the hands on
every change (see ``scorekeeper.games.services``), and adds them up per player,
partnership and pair of opponents.

The figures, per player (docs/guide.md "Looking back" says the same for players):

Spades (``docs/rules/spades.md``), hands thrown in or bidding themselves left out:

- ``number_bids``: hands in which the player bid a number of tricks (not nil);
  ``bids_made`` / ``bids_set``: of those, the player's side made or was set
  ("Standard scoring 2"; with partnership bidding the side's bid counts for both).
- ``bid_difference``: the sum over those hands of tricks taken minus tricks bid
  (bid accuracy; divide by ``number_bids``). Not kept with partnership bidding.
- ``nil_attempts`` / ``nil_made`` and ``blind_nil_attempts`` / ``blind_nil_made``
  ("Standard scoring 3"; double nil counts as a nil).
- ``bags``: tricks the player took over their own bid in hands the side was not set.
- ``bag_penalties``: hands in which the side paid the bag penalty ("Standard
  scoring 4") while the player took bags.
- ``revokes``: the revokes the player made, as scoring reads a hand's revokes
  (``spades.revokes.hand_revokes``: the ``follow_suit`` fouls of its recorded play, or
  without one those the table declared), in every hand that records them, a hand bidding
  itself included, and whatever the house rule ``revoke_penalty`` (spades.md "Tournament
  rules"): with ``"none"`` a revoke costs nothing, yet a foul a recorded play proves is
  still a revoke the player made, and counts.

Mü (``docs/rules/mu.md``): ``chef_deals`` (§4), ``chef_made`` (the Chef's team
reached the team target, §8), ``chef_levels`` (sum of the levels played as Chef),
``eklats`` (the player laid last into a tie for the most cards, §4) and
``card_points`` (card points taken in played deals, §1).

Both: ``hands`` (hands or deals played), ``total`` (the side's final total), ``won``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .mu.game import Eklat, MuGame
from .sheet import Sheet
from .spades.game import SpadesGame, is_nil
from .spades.revokes import hand_revokes
from .spades.rules import BLIND_NIL


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """One player's figures in one game (see the module docstring for each field)."""

    seat: int
    side: int
    total: int
    won: bool
    hands: int = 0
    number_bids: int = 0
    bids_made: int = 0
    bids_set: int = 0
    bid_difference: int = 0
    nil_attempts: int = 0
    nil_made: int = 0
    blind_nil_attempts: int = 0
    blind_nil_made: int = 0
    bags: int = 0
    bag_penalties: int = 0
    revokes: int = 0
    chef_deals: int = 0
    chef_made: int = 0
    chef_levels: int = 0
    eklats: int = 0
    card_points: int = 0


def player_lines(game: SpadesGame | MuGame, sheet: Sheet) -> tuple[PlayerLine, ...]:
    """Each seat's figures in ``game`` as scored in ``sheet`` (``score_game(game)``), in seat order."""
    if isinstance(game, MuGame):
        return tuple(_mu_line(game, sheet, seat) for seat in range(len(game.players)))
    revokes = tuple(hand_revokes(game, number, hand) for number, hand in enumerate(game.hands))  # once per hand
    return tuple(_spades_line(game, sheet, seat, revokes) for seat in range(len(game.players)))


def _spades_line(game: SpadesGame, sheet: Sheet, seat: int, revokes: tuple[tuple[int, ...], ...]) -> PlayerLine:
    """``seat``'s line; ``revokes``: the seats that revoked, per hand (``hand_revokes``)."""
    side = game.side_of(seat)
    per_seat_bids = game.rules.bidding != "partnership"
    counts = dict.fromkeys(
        ("hands", "number_bids", "bids_made", "bids_set", "bid_difference", "nil_attempts", "nil_made",
         "blind_nil_attempts", "blind_nil_made", "bags", "bag_penalties", "revokes"),
        0,
    )  # fmt: skip
    for hand, score, revoked in zip(game.hands, sheet.hands, revokes, strict=True):
        counts["revokes"] += revoked.count(seat)  # every revoke the hand records, whatever is judged below
        if hand.tricks is None or hand.bids is None:
            continue  # thrown in, or the first hand bidding itself: no bids to judge
        counts["hands"] += 1
        taken = hand.tricks[seat]
        bid = hand.bids[seat] if per_seat_bids else hand.bids[side]
        if per_seat_bids and is_nil(bid):
            blind = bid == BLIND_NIL
            counts["blind_nil_attempts" if blind else "nil_attempts"] += 1
            counts["blind_nil_made" if blind else "nil_made"] += taken == 0
            continue
        was_set = bool(score.sets) and score.sets[side]
        counts["number_bids"] += 1
        counts["bids_set" if was_set else "bids_made"] += 1
        if per_seat_bids:
            counts["bid_difference"] += taken - int(bid)
            bags = max(0, taken - int(bid)) if not was_set else 0
            counts["bags"] += bags
            counts["bag_penalties"] += bags > 0 and any(
                line.rule == "bag_limit" and line.side == side and line.points < 0 for line in score.lines
            )
    return PlayerLine(seat=seat, side=side, total=sheet.totals[side], won=sheet.winner == side, **counts)


def _mu_line(game: MuGame, sheet: Sheet, seat: int) -> PlayerLine:
    counts = dict.fromkeys(("hands", "chef_deals", "chef_made", "chef_levels", "eklats", "card_points"), 0)
    for deal, score in zip(game.deals, sheet.hands, strict=True):
        counts["hands"] += 1
        if isinstance(deal, Eklat):
            counts["eklats"] += deal.last == seat
            continue
        counts["card_points"] += deal.points[seat] if deal.points else 0
        if deal.chef == seat:
            counts["chef_deals"] += 1
            counts["chef_levels"] += deal.level
            counts["chef_made"] += any(line.rule == "bonus" for line in score.lines)
    return PlayerLine(seat=seat, side=seat, total=sheet.totals[seat], won=sheet.winner == seat, **counts)
