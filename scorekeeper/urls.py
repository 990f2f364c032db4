"""Root URLs: the games (the shared core, each kind of game and the referee, in one ``games``
namespace), optional accounts (Django's auth views, and ours to sign up and out) and the language switcher."""

from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.decorators.http import require_http_methods

from scorekeeper.events import urls as events_urls
from scorekeeper.games import urls as games_urls
from scorekeeper.games.signin import SignInForm
from scorekeeper.games.views import sign_out, signup
from scorekeeper.mu import urls as mu_urls
from scorekeeper.referee import urls as referee_urls
from scorekeeper.spades import urls as spades_urls

#: Every page of the games, by room: the core's, then each kind's and the referee's.
GAME_URLS = [*games_urls.urlpatterns, *spades_urls.urlpatterns, *mu_urls.urlpatterns, *referee_urls.urlpatterns]

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    # Django's FormView also answers PUT like POST: only GET and POST here, like every other form.
    path(
        "accounts/login/",
        require_http_methods(["GET", "HEAD", "POST"])(auth_views.LoginView.as_view(authentication_form=SignInForm)),
        name="login",
    ),
    path("accounts/logout/", sign_out, name="logout"),
    path("accounts/signup/", signup, name="signup"),
    path("", include((GAME_URLS, "games"))),
    path("", include(events_urls)),
]
