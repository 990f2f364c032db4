"""Django settings, read from the environment (no production-only code paths).

Environment variables:
    DJANGO_SECRET_KEY: the secret key; without it a random key is kept in
        ``.secret_key`` beside ``manage.py``, readable by its owner only (fine for a
        table's own server).
    DJANGO_DEBUG: ``1`` for Django's debug pages (default off).
    DJANGO_ALLOWED_HOSTS: comma-separated host names (default ``*``: the LAN
        server answers whatever address a phone uses to reach it).
    DATABASE_URL: the database server, e.g. ``postgres://user:pw@host/scorekeeper``;
        without it SQLite is used.
    DJANGO_DB_PATH: the SQLite database file (default ``db.sqlite3``).
    DJANGO_DB_CONN_MAX_AGE: seconds to keep a database connection open (default 0).
    DJANGO_HTTPS: ``1`` behind HTTPS: redirect to HTTPS, secure cookies, HSTS
        (``DJANGO_HSTS_SECONDS``, default one year).
    DJANGO_PROXY_SSL: ``1`` when a proxy terminates TLS and sets ``X-Forwarded-Proto``.
    DJANGO_PROXY_COUNT: how many reverse proxies in front of the app append to
        ``X-Forwarded-For`` (default 1 with ``DJANGO_PROXY_SSL``, else 0): the client
        address the throttles count by is the one the outermost proxy saw.
    DJANGO_LOG_LEVEL: the level of the app's log on standard error (default ``INFO``).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def _env_flag(name: str, default: bool = False) -> bool:
    return os.environ.get(name, "1" if default else "0").lower() in {"1", "true", "yes", "on"}


def _local_secret_key(path: Path) -> str:
    """A random secret key kept in ``path``, created on first use, readable by its owner only (0600).

    The file is created only if it does not exist yet (``O_EXCL``), with its mode from the start:
    of processes starting at once one writes it and the others read that key, waiting while it is
    still empty. A file made before with a looser mode is made private.
    """
    if path.exists():
        if path.stat().st_mode & 0o077:
            with contextlib.suppress(PermissionError):  # another user's file: theirs to change
                path.chmod(0o600)
        return _written_key(path)
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process made it meanwhile
        return _written_key(path)
    key = secrets.token_urlsafe(50)
    with os.fdopen(descriptor, "w") as file:
        file.write(key)
    return key


def _written_key(path: Path, wait: float = 5.0) -> str:
    """The key in ``path``, once whoever created it has written it (at most ``wait`` seconds)."""
    deadline = time.monotonic() + wait
    while not (key := path.read_text().strip()) and time.monotonic() < deadline:
        time.sleep(0.01)
    if not key:
        raise ImproperlyConfigured(f"{path} is empty: delete it to have a new secret key made.")
    return key


SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or _local_secret_key(BASE_DIR / ".secret_key")
DEBUG = _env_flag("DJANGO_DEBUG")
ALLOWED_HOSTS = [host.strip() for host in os.environ.get("DJANGO_ALLOWED_HOSTS", "*").split(",") if host.strip()]

INSTALLED_APPS = [
    "csp",
    "axes",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.humanize",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "scorekeeper.games",
    "scorekeeper.spades",
    "scorekeeper.mu",
    "scorekeeper.events",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    # Static files, answered here before anything below runs: compressed ahead of time by
    # collectstatic (gzip and Brotli), so GZipMiddleware never sees them.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages and partials, gzipped when the browser accepts it. Above every middleware that reads
    # or sets the body (CommonMiddleware sets Content-Length from it) and the view, so it compresses
    # their final answer; only headers are set above it (Security, CSP). Since Django 4.2 it pads
    # each answer with 0-99 random bytes against BREACH ("Heal The Breach": compress_string's
    # random gzip file name, GZipMiddleware.max_random_bytes = 100 in django/middleware/gzip.py),
    # and the CSRF token in a page is masked anew for every answer.
    "django.middleware.gzip.GZipMiddleware",
    # A NUL in the query string is dropped before any view reads it (no text column takes one).
    "scorekeeper.middleware.QueryNulMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Sign-in throttle (django-axes): answers a locked-out sign-in with 429.
    "axes.middleware.AxesMiddleware",
    # Last: it calls the view, in one transaction for a write (see the module).
    "scorekeeper.middleware.AtomicWritesMiddleware",
]

ROOT_URLCONF = "scorekeeper.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.template.context_processors.i18n",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "scorekeeper.wsgi.application"

# Accounts are optional: games are reached through their links; signing in keeps
# a player's games together across devices (docs/guide.md "Sharing a game").
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "games:home"
LOGOUT_REDIRECT_URL = "games:home"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# The browser that started a game stays its owner (without an account) for a year. A session that
# holds nothing but the links a browser opened is kept 30 days (scorekeeper.games.sessions).
SESSION_COOKIE_AGE = 365 * 24 * 60 * 60
SESSION_ENGINE = "scorekeeper.games.sessions"
AUTHENTICATION_BACKENDS = [
    # django-axes first: it refuses a locked-out sign-in before any password is checked.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Sign-in throttle (django-axes, state in the database, so every app process shares it):
# 10 wrong passwords for one account, or from one client, lock that account or that
# client out of signing in for 15 minutes; a right password resets the count.
AXES_FAILURE_LIMIT = 10
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = ["ip_address", "username"]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "scorekeeper.games.throttle.client_ip"
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_HTTP_RESPONSE_CODE = 429
AXES_VERBOSE = False
# The username a failed sign-in is counted under, cut to the column django-axes keeps it in (the
# sign-in form refuses a longer one first: scorekeeper.games.signin).
AXES_USERNAME_CALLABLE = "scorekeeper.games.signin.axes_username"

DATABASES = {
    # DATABASE_URL (e.g. postgres://user:password@host:5432/scorekeeper) picks the
    # server database; without it, the embedded SQLite file.
    "default": dj_database_url.config(
        default="sqlite:///" + os.environ.get("DJANGO_DB_PATH", str(BASE_DIR / "db.sqlite3")),
        conn_max_age=int(os.environ.get("DJANGO_DB_CONN_MAX_AGE", "0")),
        conn_health_checks=True,
    )
}
# Each write request is one transaction (all or nothing); reads run in autocommit and
# never wait for a write (scorekeeper.middleware.AtomicWritesMiddleware).
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Phones saving at the same moment queue for the write lock instead of failing
    # with "database is locked": transactions take it when they begin (IMMEDIATE),
    # waiting up to 20 s; WAL lets the sheet be read meanwhile, outside any transaction.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # Tests use a file too, as the server does: an in-memory database shared between
    # threads locks whole tables, which is not how the app behaves under load.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / ".test-db.sqlite3")}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The cache all app processes share: the database (no other server to run). It keeps the
# throttles' counts; scorekeeper.cache adds an atomic increment (its migration makes the table).
CACHES = {
    "default": {
        "BACKEND": "scorekeeper.cache.DatabaseCache",
        "LOCATION": "scorekeeper_cache",
        "OPTIONS": {"MAX_ENTRIES": 100_000},
    }
}
# Creation budgets per client (scorekeeper.games.throttle; docs/operations.md "Limits"), as django-ratelimit
# rates: new games (Spades, Mü, rematch), imports (each file checked or imported), sign-ups
# tried, saved house-rule sets, rulings the referee keeps (asked for, or a whole trick judged),
# and new sessions made by opening a game's link (a browser without cookies: each is a row).
THROTTLES = {
    "game": "30/h",
    "import": "20/h",
    "account": "5/h",
    "house_rules": "20/h",
    "ruling": "120/h",
    "session": "20/h",
    "event": "20/h",
}
RATELIMIT_IP_META_KEY = "scorekeeper.games.throttle.client_ip"
TRUSTED_PROXY_COUNT = int(os.environ.get("DJANGO_PROXY_COUNT", "1" if _env_flag("DJANGO_PROXY_SSL") else "0"))

# Errors go to standard error, where gunicorn, systemd or any host collects them: a
# server error with its traceback, a refused request (4xx) as one line (django.request,
# django.security: Django adds a traceback to a 403 or 400, which scorekeeper.logs drops).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"line": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "filters": {"refusals_on_one_line": {"()": "scorekeeper.logs.RefusalsOnOneLine"}},
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "formatter": "line",
            "filters": ["refusals_on_one_line"],
        }
    },
    "root": {"handlers": ["stderr"], "level": "WARNING"},
    "loggers": {
        "django": {"handlers": ["stderr"], "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO"), "propagate": False},
        "scorekeeper": {
            "handlers": ["stderr"],
            "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO"),
            "propagate": False,
        },
    },
}

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("de", _("German"))]
LOCALE_PATHS = [BASE_DIR / "scorekeeper" / "locale"]
USE_I18N = True
TIME_ZONE = os.environ.get("DJANGO_TIME_ZONE", "Europe/Berlin")
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # collectstatic (make setup, run, test, bench) writes each file under a name holding a hash of
    # its content (css/app.4f2a9c1e0b7d.css), with the map in staticfiles/staticfiles.json, and a
    # gzip and a Brotli copy beside it; {% static %} links the hashed name. WhiteNoise serves the
    # copy the browser accepts and lets a hashed name be cached for a year (below), because a
    # changed file gets a new name. A template naming a file that is not collected fails (500).
    # Our own scripts and stylesheets are minified first (scorekeeper.staticfiles).
    "staticfiles": {"BACKEND": "scorekeeper.staticfiles.MinifiedStaticFilesStorage"},
}
# WhiteNoise serves STATIC_ROOT (what collectstatic wrote), not the app folders: they hold no hashed
# names and no compressed copies. With DJANGO_DEBUG=1 (WHITENOISE_USE_FINDERS and _AUTOREFRESH follow
# DEBUG) the pages link the plain names, served from the app folders as they are edited.


def _cache_hashed_files_for_a_year(headers: Any, path: str, url: str) -> None:
    """WhiteNoise's ``WHITENOISE_ADD_HEADERS_FUNCTION``: a hashed name (marked ``immutable``) is cached
    for a year (``max-age=31536000``; WhiteNoise's own is ten years). The other names keep
    ``max-age=60`` (``WHITENOISE_MAX_AGE``'s default without DEBUG)."""
    if "immutable" in headers.get("Cache-Control", ""):
        headers["Cache-Control"] = "max-age=31536000, public, immutable"


WHITENOISE_ADD_HEADERS_FUNCTION = _cache_hashed_files_for_a_year

# Django's defaults already send X-Frame-Options: DENY, Referrer-Policy: same-origin
# and HttpOnly session cookies (tests/test_settings.py keeps them so).

# HTTPS, when the server is reached through it (production): see docs/operations.md "Production".
https = _env_flag("DJANGO_HTTPS")  # lower case: a local, not a setting
SECURE_SSL_REDIRECT = https
SESSION_COOKIE_SECURE = https
CSRF_COOKIE_SECURE = https
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "31536000")) if https else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = https
SECURE_HSTS_PRELOAD = https
# Browsers ignore (and log an error for) COOP on plain HTTP, as on a LAN with `make run`.
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin" if https else None
if _env_flag("DJANGO_PROXY_SSL"):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# Content-Security-Policy (django-csp): only our own files and no inline script
# (htmx is told not to evaluate code: see the htmx-config meta tag).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        # htmx sets element.style during swaps and settles; inline *styles* are
        # harmless next to inline script, which stays forbidden.
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
    },
    # A policy governs a document or a worker, never the scripts and stylesheets a page loads:
    # on those it is bytes on every first load and nothing more (the icons and SVGs keep it).
    "EXCLUDE_URL_PREFIXES": [f"/{STATIC_URL}{folder}/" for folder in ("css", "js", "django_htmx")],
}
