"""SQL query counts. Goal: the sheet page and saving a hand make the same number of
queries for a 10-hand and a 200-hand game (issue "A Spades score sheet"); the live poll of
an unchanged sheet is counted beside them."""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.bench.common import Output, game_record, throwaway_test_database


def run(out: Output) -> None:
    """A table of the queries per request for a 10-hand and a 200-hand game, ``same`` or ``DIFFERENT``."""
    from scorekeeper.games.services import game_import

    with throwaway_test_database():
        rows = {}
        for length in (10, 200):
            game = game_import(record=game_record(length))
            rows[length] = count_requests(game)
    out.write("SQL queries per request        10 hands   200 hands")
    for label in rows[10]:
        same = "same" if rows[10][label] == rows[200][label] else "DIFFERENT"
        out.write(f"  {label:<28}{rows[10][label]:>6}{rows[200][label]:>11}   {same}")


def count_requests(game: Any) -> dict[str, int]:
    """Per request (label): the SQL queries of the sheet page, the live poll of an unchanged sheet,
    and saving bids then tricks, made by a phone that has opened ``game``'s link before."""
    client = Client()
    client.get(reverse("games:detail", args=[game.edit_key]))  # the phone has opened the link before
    counts = {}
    requests = [
        ("sheet page (GET)", "get", reverse("games:detail", args=[game.edit_key]), {}),
        (
            "live poll, unchanged (GET)",
            "get",
            reverse("games:live", args=[game.edit_key]),
            {"v": type(game).objects.get(pk=game.pk).version},
        ),
        (
            "save bids (htmx POST)",
            "post",
            reverse("games:bids", args=[game.edit_key]),
            {"bid_0": "3", "bid_1": "4", "bid_2": "nil", "bid_3": "5"},
        ),
        (
            "save tricks (htmx POST)",
            "post",
            reverse("games:tricks", args=[game.edit_key]),
            {"tricks_0": "3", "tricks_1": "4", "tricks_2": "0", "tricks_3": "6"},
        ),
    ]
    for label, method, url, data in requests:
        with CaptureQueriesContext(connection) as queries:
            response = getattr(client, method)(url, data, HTTP_HX_REQUEST="true")
        if response.status_code not in (200, 204):
            raise RuntimeError(f"{label}: status {response.status_code}")
        counts[label] = len(queries)
    return counts
