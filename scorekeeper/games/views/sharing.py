"""Sharing a game (its links and QR codes) and the phone's name."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views.decorators.http import require_POST, require_safe

from .. import access, presenters, services, webapp
from ..access import game_for, owned_game_for
from ..forms import DeviceForm
from .http import HtmxHttpRequest

#: The links a game has, as the share page's forms name them.
LINKS = ("edit", "view")


@require_safe
def game_share(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The game's links, each as an address to copy and a QR code to scan.

    Through the edit link: both links; through the view link: only the view link
    (a viewer cannot hand out more than it has). The owner also gets the buttons
    to renew the links and to turn the view link off. Below, how to put the app on the home
    screen, or, at a plain HTTP address on the local network, why the browser does not offer it.
    """
    link = game_for(request, key)
    game = link.game
    links = []
    for name, link_key in (("edit", game.edit_key if link.can_edit else None), ("view", game.view_key)):
        if link_key is not None:
            address = request.build_absolute_uri(reverse("games:detail", args=[link_key]))
            title = gettext("QR code of the edit link") if name == "edit" else gettext("QR code of the view link")
            links.append({"name": name, "address": address, "qr": presenters.qr_svg(address, title)})
    context = {
        "game": game,
        "link": link,
        "links": links,
        "view_off": game.view_key is None,
        "is_owner": access.is_owner(request, game),
        "device": access.device_name(request),
        "local_only": webapp.is_this_computer(request),
        "secure_context": webapp.is_secure_context(request),
    }
    return render(request, "games/share.html", context)


@require_POST
def game_links(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The owner renews a link (``link=edit|view``, ``action=renew``) or turns the view link off
    (``action=revoke``): the old link stops working at once, on every phone."""
    game = owned_game_for(request, key).game
    link, action = request.POST.get("link"), request.POST.get("action")
    if link not in LINKS or action not in ("renew", "revoke") or (link, action) == ("edit", "revoke"):
        return HttpResponse(gettext("Choose a link to renew, or turn the view link off."), status=400)
    if action == "renew":
        game = services.game_link_renew(game=game, link=link)
        messages.success(request, gettext("New link made: the old one no longer works."))
    else:
        game = services.game_view_link_revoke(game=game)
        messages.success(request, gettext("The view link is off: it no longer opens the game."))
    return redirect("games:share", game.edit_key)


@require_POST
def device_rename(request: HtmxHttpRequest) -> HttpResponse:
    """Name this phone for the games' change histories (``name``; empty: back to the guess), then go back to ``next``.

    A name that cannot be kept (a control character) changes nothing: 422 with the reason; nor does
    one from a browser without a session once its network's budget of new sessions is spent (429)."""
    form = DeviceForm(request.POST)
    if not form.is_valid():
        return render(request, "games/device.html", {"form": form}, status=422)
    refusal = access.session_refusal(request) if form.cleaned_data["name"] else None
    if refusal is not None:  # a name is kept in the session: a new one is a row (issue 24)
        return render(request, "429.html", {"refusal": refusal}, status=429)
    access.device_rename(request, form.cleaned_data["name"])
    messages.success(request, gettext("This phone is now called “%(name)s”.") % {"name": access.device_name(request)})
    target = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        target = reverse("games:home")
    return HttpResponseRedirect(target)
