"""Optional accounts: signing up (Django's auth does signing in and out, see ``scorekeeper/urls.py``)."""

from __future__ import annotations

from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Make an account and sign in: the games this browser started become the account's."""
    form = UserCreationForm(request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            user = form.save()
            login(request, user)  # sends user_logged_in: the browser's games are claimed (games.access)
            return redirect("games:home")
        return render(request, "registration/signup.html", {"form": form}, status=422)
    return render(request, "registration/signup.html", {"form": form})
