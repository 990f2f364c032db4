"""Random game records (``docs/game-record.md``) for the sameness check (``sameness``), drawn reproducibly.

Spades: a preset and up to six rule keys changed at random (as ``tests/engine/spades/test_properties.py``
draws house rules); each hand's bids as the sheet's buttons offer them (``offered_table_bids``, in
bidding order, adding up to about the tricks), tricks near the bids or split at random, the
declarations a side may make (blind, 10 for 200, no trump, bemo), the bag-cancelling card, high-spade
runs, misdeals, and on some hands the play of the cards (``common.random_play``); a hand the engine
refuses is drawn again (``HAND_TRIES`` times). Mü: 3 to 6 players, a target and bonus at random,
deals as ``common.random_deals`` draws them (played at every level, Eklats, all passed). A game stops
after its drawn length or when it is over, so some are finished and some not. Every draw counts what
it covered in a ``Counter`` (presets, keys, players, kinds of bid and deal) for the run's summary.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from scorekeeper.bench.common import random_deals, random_play
from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.mu.game import Eklat, MuGame
from scorekeeper.engine.mu.rules import mu_rules
from scorekeeper.engine.mu.scoring import score_mu, verify_deal
from scorekeeper.engine.record import game_record, score_record_json
from scorekeeper.engine.spades.bidding import offered_table_bids, verify_hand
from scorekeeper.engine.spades.game import Bemo, SpadesGame, SpadesHand, bid_tricks
from scorekeeper.engine.spades.offers import declarable
from scorekeeper.engine.spades.replay import spades_replay
from scorekeeper.engine.spades.rules import KEYS, PRESETS, spades_rules
from scorekeeper.engine.spades.scoring import score_spades

#: The players' names: plain, accented, other scripts, and markup and an ampersand to escape.
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fritz", "Zoë", "Ørjan", "Nguyễn", "李雷", "O'Neil", "<b>Al</b>", "A & B")
#: Share of Spades hands that record the play of the cards, and the tries to draw a hand the engine takes.
PLAY_SHARE = 0.05
HAND_TRIES = 20


def spades_draw(rng: random.Random, seen: Counter[str]) -> dict[str, Any] | None:
    """A random Spades game record, or ``None`` when the house rules drawn do not go together."""
    drawn: dict[str, Any] = {"preset": rng.choice(sorted(PRESETS))}
    for name in rng.sample(sorted(KEYS), rng.randint(0, 6)):
        drawn[name] = _key_value(rng, name)
    try:
        rules = spades_rules(drawn)
    except RuleError:
        return None
    game = SpadesGame(tuple(rng.sample(NAMES, rules.seats)), rng.randrange(rules.seats), rules)
    for number in range(rng.choice((rng.randint(0, 6), rng.randint(0, 30), rng.randint(30, 80)))):
        sheet = score_spades(game)
        if sheet.finished:
            break
        hand = _spades_hand(rng, game, sheet.totals, number, seen)
        if hand is None:
            break
        game = SpadesGame(game.players, game.dealer, rules, (*game.hands, hand))
    seen.update([f"spades preset {drawn['preset']}", f"spades players {rules.players}"])
    seen.update(f"spades key {name}" for name in drawn if name != "preset")
    record = game_record(game)
    record["rules"] = drawn  # as drawn: keys the preset already has too
    if drawn == {"preset": "standard"} and rng.random() < 0.5:
        del record["rules"]  # rules may be left out (game-record.md)
    return record


def _key_value(rng: random.Random, name: str) -> Any:
    """A value the rule key ``name`` allows: one of its choices, or a number in its range (within
    -1000 to 1000), or now and then none where it may be left unset."""
    spec = KEYS[name]
    if spec.choices is not None:
        return rng.choice(spec.choices)
    if spec.optional and rng.random() < 0.2:
        return None
    low = max(-1000 if spec.minimum is None else spec.minimum, -1000)
    return rng.randint(low, min(1000 if spec.maximum is None else spec.maximum, 1000))


def _spades_hand(
    rng: random.Random, game: SpadesGame, totals: tuple[int, ...], number: int, seen: Counter[str]
) -> SpadesHand | None:
    """A hand the engine takes after ``game``'s hands, or ``None`` if none was drawn in ``HAND_TRIES``."""
    for _ in range(HAND_TRIES):
        hand = _spades_candidate(rng, game, totals, number)
        if hand is None:
            return None
        try:
            verify_hand(game, hand, totals=totals, number=number)
        except RuleError:
            seen["spades hand drawn again"] += 1
            continue
        seen.update(_features(hand))
        return hand
    return None


def _features(hand: SpadesHand) -> Iterator[str]:
    """What a hand holds, for the summary: misdeal, each kind of nil, declarations, play."""
    if hand.misdeal is not None:
        yield "spades misdeal"
    yield from (f"spades bid {bid}" for bid in set(hand.bids or ()) if isinstance(bid, str))
    yield from (f"spades {name}" for name in ("blind", "ten_for_two_hundred", "no_trump", "bemo", "play")
                if getattr(hand, name))  # fmt: skip
    yield from ["spades bag_cancel"] if hand.bag_cancel is not None else []
    yield from ["spades high_spade_run"] if any(hand.high_spade_run or ()) else []
    yield from ["spades bids itself"] if hand.bids is None and hand.tricks is not None else []


def _spades_candidate(rng: random.Random, game: SpadesGame, totals: tuple[int, ...], number: int) -> SpadesHand | None:
    """A hand from the sheet's buttons; it may still break a rule (``None``: nobody may bid)."""
    rules, seats, sides = game.rules, len(game.players), range(len(game.sides))
    if rules.misdeal != "none" and rng.random() < 0.08:
        return SpadesHand(None, None, misdeal=rng.randrange(seats))
    bids = None if game.bids_itself(number) else _bids(rng, game, totals, number)
    if bids == ():
        return None
    played = _play(rng, game, number) if rng.random() < PLAY_SHARE else None
    play, tricks = played or (None, _tricks(rng, game, bids))
    taken = [sum(tricks[seat] for seat in side) for side in game.sides]
    allowed = [declarable(rules, side=side, totals=totals) for side in sides]
    bemo: tuple[Bemo, ...] = ()
    if play is None and any(side.bemo for side in allowed) and rng.random() < 0.2:
        side, kind = rng.choice([side for side in sides if allowed[side].bemo]), rng.choice(("little", "big"))
        bemo = (Bemo(side, kind, taken[side] >= (6 if kind == "little" else 9) and rng.random() < 0.7),)
    run = rng.choice(sides)
    blind, ten, no_trump = (
        tuple(side for side in sides if getattr(allowed[side], name) and rng.random() < 0.1)
        for name in ("blind", "ten_for_two_hundred", "no_trump")
    )
    return SpadesHand(
        bids,
        tricks,
        blind=blind,
        ten_for_two_hundred=ten,
        no_trump=no_trump,
        bemo=bemo,
        bag_cancel=rng.choice(sides) if rules.bag_cancel_card and rng.random() < 0.8 else None,
        high_spade_run=tuple(min(rng.randint(0, 3), taken[side]) if side == run else 0 for side in sides)
        if rules.cutthroat_bonus
        else None,
        play=play,
    )


def _bids(rng: random.Random, game: SpadesGame, totals: tuple[int, ...], number: int) -> tuple[Any, ...]:
    """Bids tapped in bidding order, each one of the buttons offered then (``()``: a seat has none)."""
    partnership = game.rules.bidding == "partnership"
    order = game.side_order(number) if partnership else game.bidding_order(number)
    chosen: list[Any] = [None] * len(order)
    for done, who in enumerate(order):
        offers = offered_table_bids(game, chosen, totals=totals, number=number)[who]
        if not offers:
            return ()
        words = [bid for bid in offers if isinstance(bid, str)]
        numbers = [bid for bid in offers if not isinstance(bid, str)]
        fair = (game.rules.tricks - sum(bid for bid in chosen if isinstance(bid, int))) // (len(order) - done)
        near = [bid for bid in numbers if fair - 2 <= bid <= fair + 1] or numbers  # the bids add up to about the tricks
        if words and (not numbers or rng.random() < 0.12):
            chosen[who] = rng.choice(words)
        else:
            chosen[who] = rng.choice(near if rng.random() < 0.85 else numbers)
    return tuple(chosen)


def _tricks(rng: random.Random, game: SpadesGame, bids: tuple[Any, ...] | None) -> tuple[int, ...]:
    """Tricks per seat adding up to the hand's: near the bids (mostly), else split at random."""
    seats, total = len(game.players), game.rules.tricks
    if bids is None or rng.random() < 0.3:
        cuts = sorted(rng.randint(0, total) for _ in range(seats - 1))
        return tuple(high - low for low, high in zip([0, *cuts], [*cuts, total], strict=True))
    if len(bids) == seats:
        wanted = [bid_tricks(bid) for bid in bids]
    else:  # a side's bid: its seats share it
        wanted = [0] * seats
        for side, seats_of in enumerate(game.sides):
            for _ in range(bid_tricks(bids[side])):
                wanted[rng.choice(seats_of)] += 1
    takers = [seat for seat in range(seats) if wanted[seat]] or list(range(seats))  # nils mostly stay nil
    while sum(wanted) != total:
        seat = rng.choice(takers) if rng.random() < 0.9 else rng.randrange(seats)
        if sum(wanted) < total:
            wanted[seat] += 1
        elif wanted[seat]:
            wanted[seat] -= 1
    return tuple(wanted)


def _play(rng: random.Random, game: SpadesGame, number: int) -> tuple[Any, tuple[int, ...]] | None:
    """A whole play of the cards (``common.random_play``), led mostly by the dealer's left, and the
    tricks it gives each seat; ``None`` where that helper finds no card to play (six players, a
    double deck, solo's must-beat, ...)."""
    seats, dealer = len(game.players), game.dealer_of(number)
    leader = (dealer + 1) % seats if rng.random() < 0.9 else rng.randrange(seats)
    try:
        play = random_play(rng.getrandbits(32), game.rules, leader)
    except IndexError:
        return None
    replayed = spades_replay(game.rules, play, dealer=dealer, names=game.players, hand=number)
    return play, replayed.taken


def mu_draw(rng: random.Random, seen: Counter[str]) -> dict[str, Any]:
    """A random Mü game record: 3 to 6 players, a target and bonus at random, random deals."""
    count = rng.randint(3, 6)
    drawn: dict[str, Any] = {"preset": "standard"} if rng.random() < 0.3 else {}
    if rng.random() < 0.7:
        drawn["target"] = rng.choice((rng.randint(1, 400), 50, 100, 200, 300))
    if rng.random() < 0.5:
        drawn["bonus_above_seven"] = rng.choice(("flat", "rising"))
    game = MuGame(players=tuple(rng.sample(NAMES, count)), dealer=rng.randrange(count), rules=mu_rules(drawn))
    for deal in random_deals(rng.choice((rng.randint(0, 5), rng.randint(0, 40))), count, rng.getrandbits(32)):
        if game.deals and score_mu(game).finished:
            break
        try:
            verify_deal(game, deal)
        except RuleError:
            seen["mu deal refused, left out"] += 1
            continue
        game = MuGame(game.players, game.dealer, game.rules, (*game.deals, deal))
        if isinstance(deal, Eklat):
            seen[f"mu eklat level {deal.level}" if deal.tied else "mu eklat: all passed"] += 1
        else:
            seen[f"mu played level {deal.level}"] += 1
    seen.update([f"mu players {count}", *(f"mu rule {name}" for name in drawn)])
    record = game_record(game)
    record["rules"] = drawn
    return record


#: Each kind of game, by its name in the record, and how to draw one.
Draw = Callable[[random.Random, Counter[str]], dict[str, Any] | None]
DRAWS: dict[str, Draw] = {"spades": spades_draw, "mu": mu_draw}
KINDS = tuple(DRAWS)


def draw(kind: str, seed: int, number: int, seen: Counter[str]) -> str:
    """The record (JSON text) of game ``number`` of ``kind``, drawn again until the engine takes it
    (what ``manage.py score`` checks); what it covered and the draws skipped are counted in ``seen``."""
    rng = random.Random(f"{seed}/{kind}/{number}")
    while True:
        covered: Counter[str] = Counter()
        record = DRAWS[kind](rng, covered)
        if record is None:
            seen[f"{kind} skipped: house rules refused"] += 1
            continue
        text = json.dumps(record, ensure_ascii=False)
        try:
            score_record_json(json.loads(text))
        except RuleError:
            seen[f"{kind} skipped: record refused"] += 1
            continue
        seen.update(covered)
        return text
