"""Looking back (issue 7): the games list, a game's exports (CSV, printable sheet) and import."""

from __future__ import annotations

import csv
from dataclasses import replace

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_http_methods, require_safe

from .. import access, listing, presenters, records, services
from ..access import game_for
from ..chart import running_chart
from ..forms import GamesFilterForm, ImportForm, ImportUpload
from ..kinds import kind_for
from ..throttle import throttle_spend
from .http import HtmxHttpRequest


@require_safe
def games_list(request: HtmxHttpRequest) -> HttpResponse:
    """Every game this browser or account can open, newest first, filtered (GET, so a
    filtered list is a link; the statistics' figures link here); unfinished games resume
    with one tap. Four queries a page, whatever the number of games."""
    form = GamesFilterForm(request.GET)
    filters = form.filters(request.GET)
    games = listing.games_filtered(access.games_of(request), filters)
    page_obj = Paginator(games, listing.PAGE_SIZE).get_page(request.GET.get("page"))
    links = access.links_held(request, page_obj.object_list)
    rows = [(link.game, link, listing.listed_sides(link.game)) for link in links]
    asked = {name: getattr(filters, name) for name in ("who", "partner", "opponent")}
    names = access.player_names(request, (pk for pk in asked.values() if pk is not None))
    focus = {name: names[pk] for name, pk in asked.items() if pk in names}
    context = {
        "form": form,
        "page_obj": page_obj,
        "rows": rows,
        "filters": filters,
        "focus": focus,
        "stat_label": listing.STAT_FILTERS.get(filters.stat, ""),
    }
    template = "games/list.html#results" if request.htmx else "games/list.html"
    return render(request, template, context)


@require_safe
def game_csv(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The game as CSV, one row per hand (or deal): bids and tricks (or the auction and card
    points) per seat, then points, total and bags per side, for a spreadsheet."""
    game = game_for(request, key).game
    header, rows = presenters.sheet_table(game)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{game.download_name()}.csv"'
    response.write("\ufeff")  # a byte-order mark, so spreadsheet programs read the names as UTF-8
    writer = csv.writer(response)
    writer.writerow([_cell(value) for value in header])
    writer.writerows([_cell(value) for value in row] for row in rows)
    return response


def _cell(value: object) -> object:
    """A CSV cell a spreadsheet shows as text: a name starting like a formula gets a ``'``
    in front (OWASP "CSV injection"); numbers stay numbers."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


@require_safe
def game_print(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The game as a paper score sheet, to print (the print stylesheet drops everything else)."""
    link = game_for(request, key)
    game = link.game
    engine, sheet = presenters.game_scored(game)
    header, rows = kind_for(game).table(engine, sheet)
    chart = running_chart(sheet, kind_for(game).words.row_noun())
    context = {"game": game, "link": link, "header": header, "rows": rows, "sheet": sheet, "chart": chart}
    return render(request, "games/print.html", context)


@csrf_exempt  # csrf_protect checks it below, once the upload is limited (Django: "Modifying upload handlers")
@require_http_methods(["GET", "HEAD", "POST"])
def games_import(request: HtmxHttpRequest) -> HttpResponse:
    """Import game records from a file (another device, or a backup): first a preview of
    every record, good or rejected with the reason, and each game already stored (or
    repeated in the file) marked; then "Import" stores the new ones ("all": the stored
    ones again too), all in one transaction. Nothing is stored until then, and a file with no good
    record gets 422 with the reasons.

    A request body larger than the form allows (``ImportForm.MAX_REQUEST_BYTES``) gets 413 before
    a byte of it is read; a file larger than 2 MB is dropped as it arrives (:class:`ImportUpload`)."""
    if request.method != "POST":
        return render(request, "games/import.html", {"form": ImportForm()})
    if ImportForm.body_too_large(request.META):
        return render(request, "games/import.html", {"form": ImportForm.too_large()}, status=413)
    upload = ImportUpload(request)
    request.upload_handlers = [upload]  # before the CSRF check reads the body
    return _games_import_posted(request, upload)


@csrf_protect
def _games_import_posted(request: HtmxHttpRequest, upload: ImportUpload) -> HttpResponse:
    """:func:`games_import` of a POST whose file ``upload`` receives."""
    form = ImportForm(request.POST, request.FILES, upload=upload)
    refusal = throttle_spend(request, what="import")
    if refusal is not None:
        form.is_valid()
        form.add_error(None, str(refusal))
        return render(request, "games/import.html", {"form": form}, status=429)
    text = form.text() if form.is_valid() else None
    if text is None:
        return render(request, "games/import.html", {"form": form}, status=422)
    items = records.import_marked(records.import_preview(text, gettext), access.games_of(request))
    keys = {link.game.pk: link.key for link in access.links_held(request, [i.stored for i in items if i.stored])}
    items = [replace(item, stored_key=keys[item.stored.pk]) if item.stored else item for item in items]
    good = [item for item in items if not item.error]
    chosen = good if request.POST.get("confirm") == "all" else [item for item in good if item.new]
    context = {"items": items, "good": len(good), "new": sum(item.new for item in good)}
    if "confirm" in request.POST and chosen and not request.user.is_authenticated and len(chosen) > access.REMEMBERED:
        form = ImportForm(data={"records": ImportForm.carried(text)})
        form.is_valid()
        form.add_error(None, gettext("A browser keeps 200 games: sign in to import more at once."))
        return render(request, "games/import.html", {**context, "form": form}, status=422)
    if "confirm" in request.POST and chosen:
        games = services.games_import(
            records=[item.record for item in chosen],
            checked=[item.checked for item in chosen],
            owner=access.new_owner(request),
            group=access.group_of(request),
        )
        for game in games:
            access.game_started(request, game)
        messages.success(
            request,
            ngettext(
                "Imported %(count)d game; %(skipped)d already stored, %(rejected)d rejected.",
                "Imported %(count)d games; %(skipped)d already stored, %(rejected)d rejected.",
                len(games),
            )
            % {"count": len(games), "skipped": len(good) - len(chosen), "rejected": len(items) - len(good)},
        )
        return redirect("games:list")
    context["form"] = ImportForm(initial={"records": ImportForm.carried(text)})
    return render(request, "games/import.html", context, status=200 if good else 422)
