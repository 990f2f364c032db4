"""Signing in (Django's ``LoginView``, throttled by django-axes): what the form takes, and the
username a failed sign-in is counted under.

django-axes keeps each failed sign-in's username in a column of 255 characters, where PostgreSQL
refused a longer one (a server error, issue 24). The form refuses a username no account can have
before anything is checked or counted; :func:`axes_username` cuts what axes keeps, for any other
door to ``authenticate()``.
"""

from __future__ import annotations

from typing import Any

from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.core.validators import MaxLengthValidator
from django.http import HttpRequest

#: The longest username django-axes keeps.
AXES_USERNAME_LENGTH = AccessAttempt._meta.get_field("username").max_length or 255


class SignInForm(AuthenticationForm):
    """Django's sign-in form, whose username is refused at the field when it is longer than any
    account's (150 characters) or holds a NUL, as the sign-up form's is. (Django's own sets the
    field's ``max_length`` after the field is made, which only tells the browser.)"""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        username = self.fields["username"]
        username.validators.append(MaxLengthValidator(username.max_length))


def axes_username(request: HttpRequest, credentials: dict[str, Any] | None) -> str | None:
    """``AXES_USERNAME_CALLABLE``: the username as django-axes reads it (the credentials given to
    ``authenticate()``, else the posted form), without NUL characters and at most as long as its
    column, so that every failed sign-in can be counted."""
    field = str(settings.AXES_USERNAME_FORM_FIELD)
    source = credentials if credentials else getattr(request, "data", request.POST)
    username = source.get(field)
    return None if username is None else str(username).replace("\x00", "")[:AXES_USERNAME_LENGTH]
