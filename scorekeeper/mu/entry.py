"""The Mü entry forms laid out for the sheet page: the auction form with what the cards laid
so far decide (from the engine), the card counter and the card-points form."""

from __future__ import annotations

from typing import Any

from . import presenters
from .forms import MuAuctionForm, MuPointsForm


def mu_entry_forms(
    page: Any,
    auction_form: MuAuctionForm | None = None,
    points_form: MuPointsForm | None = None,
) -> dict[str, Any]:
    """The auction form (and what it decided so far) and the card-points form for the Mü page."""
    count, number = len(page.sheet.sides), page.next_number - 1
    auction_form = auction_form or MuAuctionForm(players=count, initial={"number": number})
    points_form = points_form or MuPointsForm(
        order=page.point_order, total=page.points_in_deal, initial={"number": number}
    )
    counted = points_form.counted()
    return {
        "counter_rows": presenters.counter_rows(),
        "double_counted": presenters.double_counted(counted, page.sheet.sides),
        "auction_form": auction_form,
        "auction": presenters.mu_auction_state(
            page, auction_form.laid_so_far(), auction_form.digits(), auction_form.laid_cards()
        ),
        "laid_rows": [
            (name, auction_form[f"laid_{seat}"], seat, seat == page.dealer_seat)
            for seat, name in enumerate(page.sheet.sides)
        ],
        "points_form": points_form,
        "points_rest": points_form.rest_line(),
        "point_rows": [
            (
                page.sheet.sides[seat],
                points_form[f"points_{seat}"],
                seat,
                {f"{c}:{i}" for c, i in counted.get(seat, ())},
            )
            for seat in page.point_order[:-1]
        ],
    }
