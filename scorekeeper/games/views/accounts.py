"""Optional accounts: signing up (Django's auth does signing in and out, see ``scorekeeper/urls.py``;
django-axes throttles signing in)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from ..throttle import throttle_spend


class SignupForm(UserCreationForm):
    """Django's sign-up form, saying of a taken username only that it cannot be used.

    A sign-up form cannot hide entirely that a name is taken (it must refuse it), so
    it says no more than that, and sign-up attempts are throttled per client
    (``settings.THROTTLES["account"]``): names cannot be probed in bulk.
    """

    def clean_username(self) -> Any:
        """The username, or an error that does not say whether someone has it."""
        username = self.cleaned_data.get("username")
        if username and self._meta.model.objects.filter(username__iexact=username).exists():
            raise forms.ValidationError(_("This username cannot be used: choose another."), code="unavailable")
        return username


@require_http_methods(["GET", "HEAD", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Make an account and sign in: the games this browser started become the account's.

    Every attempt counts against the client's sign-up budget (429 when spent: nothing made)."""
    form = SignupForm(request.POST or None)
    if request.method == "POST":
        refusal = throttle_spend(request, what="account")
        if refusal is not None:
            form.is_valid()
            form.add_error(None, str(refusal))
            return render(request, "registration/signup.html", {"form": form}, status=429)
        if form.is_valid():
            user = form.save()
            # user_logged_in: the browser's games are claimed (games.access); the backend named, as there are two.
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect("games:home")
        return render(request, "registration/signup.html", {"form": form}, status=422)
    return render(request, "registration/signup.html", {"form": form})
