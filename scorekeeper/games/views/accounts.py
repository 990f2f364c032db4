"""Optional accounts: signing up, and signing out so that the phone forgets the account (Django's
auth does signing in, see ``scorekeeper/urls.py``; django-axes throttles it)."""

from __future__ import annotations

from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from .. import services
from ..forms import SignupForm
from ..throttle import throttle_spend
from .http import HtmxHttpRequest


@require_http_methods(["GET", "HEAD", "POST"])
def signup(request: HtmxHttpRequest) -> HttpResponse:
    """Make an account and sign in: the games this browser started become the account's.

    Every attempt counts against the client's sign-up budget (429 when spent: nothing made)."""
    form = SignupForm(request.POST if request.method == "POST" else None)  # an empty post is still bound
    if request.method == "POST":
        refusal = throttle_spend(request, what="account")
        if refusal is not None:
            form.is_valid()
            form.add_error(None, str(refusal))
            return render(request, "registration/signup.html", {"form": form}, status=429)
        if form.is_valid():
            user = services.account_create(
                username=form.cleaned_data["username"], password=form.cleaned_data["password1"]
            )
            # user_logged_in: the browser's games are claimed (games.access); the backend named, as there are two.
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect("games:home")
        return render(request, "registration/signup.html", {"form": form}, status=422)
    return render(request, "registration/signup.html", {"form": form})


#: What a browser forgets on signing out (W3C "Clear Site Data"): its HTTP cache, and the site's
#: storage: the sheets and home page the service worker kept (they show "Signed in as …" and the
#: account's games), the worker itself (the next page registers it again) and saves not yet
#: sent. Cookies stay: the language chosen is one.
FORGET_ON_SIGN_OUT = '"cache", "storage"'


@require_POST
def sign_out(request: HtmxHttpRequest) -> HttpResponse:
    """Sign out (Django's ``LogoutView``: to ``LOGOUT_REDIRECT_URL``), and have the browser forget
    what it kept of the account (:data:`FORGET_ON_SIGN_OUT`). Browsers heed that only in a secure
    context, where the service worker keeps pages; on plain HTTP nothing is kept but saves not yet
    sent, which hold nothing of the account. The sign-out button asks first when such a save waits
    (``static/js/table.js``)."""
    response = auth_views.LogoutView.as_view()(request)
    response.headers["Clear-Site-Data"] = FORGET_ON_SIGN_OUT
    return response
