"""Optional accounts: signing up (Django's auth does signing in and out, see ``scorekeeper/urls.py``;
django-axes throttles signing in)."""

from __future__ import annotations

from django.contrib.auth import login
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

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
