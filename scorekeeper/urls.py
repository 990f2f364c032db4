"""Root URLs: the games app, optional accounts (Django's auth views) and the language switcher."""

from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.decorators.http import require_http_methods, require_POST

from scorekeeper.games.views import signup

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    # Django's FormView also answers PUT like POST: only GET and POST here, like every other form.
    path(
        "accounts/login/", require_http_methods(["GET", "HEAD", "POST"])(auth_views.LoginView.as_view()), name="login"
    ),
    path("accounts/logout/", require_POST(auth_views.LogoutView.as_view()), name="logout"),
    path("accounts/signup/", signup, name="signup"),
    path("", include("scorekeeper.games.urls")),
]
