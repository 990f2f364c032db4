"""The Spades entry forms laid out for the sheet page: per bidder its bid buttons, per side
its declarations and play results, per seat its revokes (a revoke penalty), only what the
house rules allow now (from the engine)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from scorekeeper.engine.spades.bidding import offered_bids, offered_side_bids, refused_table_bids
from scorekeeper.engine.spades.game import SpadesGame, normalise_bid
from scorekeeper.games.forms import small_number
from scorekeeper.games.models import Row

from .forms import BID_VALUES, BidsForm, HandForm, TricksForm, parse_bid
from .presenters import SpadesPage, bid_choices, bid_label


def bids_form_for(page: SpadesPage, data: Any = None) -> BidsForm:
    """The bids form for the next hand: per seat in bidding order, or per side with partnership bidding."""
    order = tuple(o.side for o in page.sides) if page.partnership else tuple(turn.seat for turn in page.order)
    initial = {"number": page.next_number - 1}
    return BidsForm(data, order=order, sides=len(page.engine.sides), initial=initial)


def tricks_form_for(engine: SpadesGame, data: Any = None) -> TricksForm:
    """The tricks form for the hand in play of ``engine`` (its complete hands: nothing needs
    scoring); the last seat in bidding order gets the rest."""
    rules, number = engine.rules, len(engine.hands)
    return TricksForm(
        data,
        order=engine.bidding_order(number),
        sides=len(engine.sides),
        tricks=rules.tricks,
        runs=rules.cutthroat_bonus,
        revokes=rules.revoke_penalty != "none",
        initial={"number": number},
    )


def bidders(engine: SpadesGame) -> int:
    """How many bid on the bids form: every seat, or every side with partnership bidding."""
    return len(engine.sides) if engine.rules.bidding == "partnership" else len(engine.players)


def bid_rows(page: SpadesPage, form: BidsForm, why: dict[int, str] | None = None) -> list[dict[str, Any]]:
    """Per bidder (seat, or side with partnership bidding) in bidding order: name, field and every
    button the house rules allow it alone. They stay put while bids are tapped: those that the
    bids tapped so far rule out are muted, with a line saying why (``why``, per bidder: see
    :func:`ruled_out_bids`), not taken away."""
    if page.partnership:
        side_choices = choice_pairs(bid_choices(offered_side_bids(page.rules)))
        named = [(offer.side, offer.name, side_choices, False) for offer in page.sides]
    else:
        named = [(turn.seat, turn.player, choice_pairs(turn.choices), turn.dealer) for turn in page.order]
    return [
        {"index": index, "name": name, "choices": choices, "field": form[f"bid_{index}"], "dealer": dealer}
        | {"why": (why or {}).get(index, "")}
        for index, name, choices, dealer in named
    ]


@dataclass(frozen=True)
class RuledOut:
    """The bid buttons that the bids tapped so far rule out (see ``refused_table_bids``): a
    nil's partner below the minimum, bids adding up to the tricks, ...

    Attributes:
        ids: the buttons' ids (:func:`bid_rows`), shown muted and not tappable.
        why: per bidder (its index in the bids form), the line saying which and why, in the
            active language: "Not now: 3. The bids add up to 13, ..." (``""``: none).
    """

    ids: tuple[str, ...]
    why: dict[int, str]


def ruled_out_bids(page: SpadesPage, form: BidsForm) -> RuledOut:
    """What the bids tapped so far on ``form`` rule out, and why (:class:`RuledOut`): the same
    check that refuses a saved hand (``verify_table_bids``)."""
    engine, rules = page.engine, page.rules
    chosen = []
    for index in range(bidders(engine)):
        raw = form.data.get(f"bid_{index}") if form.is_bound else None
        chosen.append(normalise_bid(rules, parse_bid(raw)) if raw in BID_VALUES else None)
    refusals = refused_table_bids(engine, chosen, totals=page.sheet.totals, number=page.next_number - 1)
    ids: list[str] = []
    why: dict[int, str] = {}
    for index, refused in enumerate(refusals):
        ids += [f"bid-{index}-{bid}" for bid in refused]
        by_reason: dict[str, list[str]] = {}
        for bid, error in refused.items():
            by_reason.setdefault(error.text.render(gettext), []).append(bid_label(bid))
        lines = (gettext("Not now: %(bids)s. %(why)s") % {"bids": ", ".join(b), "why": r} for r, b in by_reason.items())
        why[index] = " ".join(lines)
    return RuledOut(tuple(ids), why)


def choice_pairs(choices: Any) -> list[tuple[str, str]]:
    """Bid choices as (value, label) pairs for the shared button template."""
    return [(choice.value, choice.label) for choice in choices]


def declaration_rows(page: SpadesPage, form: BidsForm | HandForm) -> list[dict[str, Any]]:
    """Per side (bidding order), the declaration fields the house rules offer it now."""
    return [
        {
            "offer": offer,
            "blind": form[f"blind_{offer.side}"] if offer.blind else None,
            "ten": form[f"ten_{offer.side}"] if offer.ten_for_two_hundred else None,
            "no_trump": form[f"no_trump_{offer.side}"] if offer.no_trump else None,
            "bemo": form[f"bemo_{offer.side}"] if offer.bemo else None,
        }
        for offer in page.sides
        if offer.declarable
    ]


def result_rows(page: SpadesPage, form: TricksForm | HandForm, *, bemo_sides: set[int]) -> list[dict[str, Any]]:
    """Per side, the play results to enter: a declared bemo's outcome, a high-spade run."""
    rows = []
    for offer in page.sides:
        bemo = form[f"bemo_made_{offer.side}"] if offer.side in bemo_sides else None
        run = form[f"run_{offer.side}"] if page.rules.cutthroat_bonus else None
        if bemo is not None or run is not None:
            rows.append({"offer": offer, "bemo": bemo, "run": run})
    return rows


#: The revoke buttons of a seat: 0 to 3 (more only for a hand that records more).
REVOKES_SHOWN = 3


def revoke_rows(engine: SpadesGame, form: TricksForm | HandForm) -> list[dict[str, Any]]:
    """Per seat in bidding order, its revoke buttons: the player's name, the field and the counts
    ([(value, label)]: 0 to 3, or to the count given); ``[]`` when the form offers none."""
    if not form.revokes:
        return []
    rows = []
    for seat in form.order:
        field = form[f"revokes_{seat}"]
        given = small_number(str(field.value() or ""), digits=2) or 0
        shown = max(REVOKES_SHOWN, given if given < len(field.field.choices) else 0)
        rows.append(
            {"seat": seat, "name": engine.players[seat], "field": field, "choices": field.field.choices[: shown + 1]}
        )
    return rows


def revokes_given(form: TricksForm | HandForm) -> bool:
    """Whether ``form`` holds a revoke, or an error at one: its revoke buttons are shown open."""
    return any(
        form[name].errors or str(form[name].value() or "0") != "0"
        for name in form.fields
        if name.startswith("revokes_")
    )


def edit_initial(hand: Row) -> dict[str, Any]:
    """The edit form's values for a stored hand."""
    initial: dict[str, Any] = {f"bid_{index}": str(bid) for index, bid in enumerate(hand.record.get("bids") or ())}
    initial.update({f"tricks_{seat}": str(taken) for seat, taken in enumerate(hand.record["tricks"])})
    declared = hand.record
    for record_name, field_name in (("blind", "blind"), ("ten_for_two_hundred", "ten"), ("no_trump", "no_trump")):
        initial.update({f"{field_name}_{side}": True for side in declared.get(record_name, [])})
    for bemo in declared.get("bemo", []):
        initial[f"bemo_{bemo['side']}"] = bemo["kind"]
        initial[f"bemo_made_{bemo['side']}"] = "1" if bemo["made"] else "0"
    if declared.get("bag_cancel") is not None:
        initial["bag_cancel"] = str(declared["bag_cancel"])
    initial.update({f"run_{side}": run for side, run in enumerate(declared.get("high_spade_run") or [])})
    for seat in declared.get("revokes") or ():
        initial[f"revokes_{seat}"] = str(int(initial.get(f"revokes_{seat}", "0")) + 1)
    return initial


def edit_bid_rows(page: SpadesPage, form: HandForm, bid_order: tuple[int, ...] | None) -> list[tuple[str, Any, Any]]:
    """(name, bid buttons allowed before that hand, field) per bidder, in bidding order."""
    if bid_order is None:
        return []
    engine, totals = page.engine, page.sheet.totals
    if engine.rules.bidding == "partnership":
        names = engine.side_names()
        choices = choice_pairs(bid_choices(offered_side_bids(engine.rules)))
        return [(names[side], choices, form[f"bid_{side}"]) for side in bid_order]
    return [
        (
            engine.players[seat],
            choice_pairs(bid_choices(offered_bids(engine.rules, side=engine.side_of(seat), totals=totals))),
            form[f"bid_{seat}"],
        )
        for seat in bid_order
    ]
