"""Root URLs: the games app, optional accounts (Django's auth views) and the language switcher."""

from django.contrib.auth import views as auth_views
from django.urls import include, path

from scorekeeper.games.views import signup

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/signup/", signup, name="signup"),
    path("", include("scorekeeper.games.urls")),
]
