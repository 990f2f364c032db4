"""Who may do what with a game: its links, its owner, and the name of the phone.

A game is reached only through a link key in its address (``/games/<key>/``):

- the **edit link** (``Game.edit_key``) enters, corrects and undoes hands;
- the **view link** (``Game.view_key``) shows the sheet and changes nothing.

The **owner** may also renew both links and turn the view link off: the
signed-in user who started the game, or, without an account, the browser that
started it (its session remembers the game). Signing in later makes the account
the owner of the games that browser started. Everything is read from the
database and the session on each request: no state in the process.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q, QuerySet
from django.dispatch import receiver
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext
from ua_parser import parse as parse_user_agent

from scorekeeper.engine.names import clean_name

from .models import WRITE_KEY_LENGTH, Change, Game, HouseRules, LadderLink, Player, Seat
from .ratings import ratings_move
from .throttle import Refusal, throttle_spend

#: Session keys: the ids of games this browser started, and the link keys it opened.
MADE = "games_made"
LINKS = "game_links"
DEVICE = "device_name"
#: Session key: the ids of the house-rule sets this browser saved without an account.
HOUSE_RULES = "house_rules_saved"
#: How many games and links a browser remembers (the oldest are forgotten first).
REMEMBERED = 200


@dataclass(frozen=True)
class Opened:
    """A game as a link opened it: what a request may do with it, as a value (never kept on the game).

    Attributes:
        game: the game.
        key: the link key it was opened with (the key in the address), for the links on its pages:
            a page opened through the view link only leads to view-link addresses (:func:`game_url`).
        can_edit: whether ``key`` is the edit link.
    """

    game: Game
    key: str
    can_edit: bool


def game_for(request: HttpRequest, key: str, *, edit: bool = False, kind: str | None = None) -> Opened:
    """The game that link ``key`` opens, with what this request may do with it. One indexed query.

    Args:
        edit: the request writes: a view link is refused.
        kind: ``"spades"`` or ``"mu"``: a game of the other kind is not found.

    Raises:
        Http404: no game has this key (never had, or the link was renewed or turned off),
            or it is the wrong kind.
        PermissionDenied: ``edit`` and ``key`` is the view link.
    """
    game = Game.objects.filter(Q(edit_key=key) | Q(view_key=key)).first()
    if game is None or (kind is not None and game.kind != kind):
        raise Http404(
            gettext("This link does not open a game. It may have been renewed: ask the table for the new one.")
        )
    if edit and key != game.edit_key:
        raise PermissionDenied(gettext("This is a view link: it shows the sheet but cannot change it."))
    return Opened(game, key, key == game.edit_key)


#: What a write key looks like (``secrets.token_urlsafe(16)``, or the phone's own of the same form).
_WRITE_KEY = re.compile(rf"[A-Za-z0-9_-]{{{WRITE_KEY_LENGTH}}}")


def game_url(link: Opened, name: str = "games:detail", *args: object) -> str:
    """The address of page ``name`` of the game ``link`` opened (``args`` after the key), through that
    link: a page opened through the view link can only lead to view-link addresses (issue 24)."""
    return reverse(name, args=[link.key, *args])


def write_key(request: HttpRequest) -> str:
    """The write key the posted form carried (``games.views.once``), or ``""`` for none or one
    that is no write key (nothing is then kept, and a repeat is not recognised)."""
    value = request.POST.get("write_key", "")
    return value if _WRITE_KEY.fullmatch(value) else ""


def write_stored(*, key: str, write_key: str) -> bool:
    """Whether the game that edit link ``key`` opens holds a change made with ``write_key``
    (a view link never matches, as it cannot write). Two indexed queries.

    The game is locked first, to the end of the write's transaction, as every write locks it:
    a repeat sent while the first save is still being stored waits for it, then finds its key,
    instead of being checked against the hand as it was before the first save.
    """
    game = Game.objects.select_for_update().filter(edit_key=key).values_list("pk", flat=True).first()
    return game is not None and Change.objects.filter(game_id=game, write_key=write_key).exists()


def is_owner(request: HttpRequest, game: Game) -> bool:
    """Whether this request comes from the game's owner: its account, or the browser that started it."""
    user = request.user
    if user.is_authenticated and game.owner_id == user.pk:
        return True
    return str(game.pk) in request.session.get(MADE, [])


def owned_game_for(request: HttpRequest, key: str) -> Opened:
    """Like :func:`game_for` with the edit link, for the owner only.

    Raises:
        Http404: as :func:`game_for`.
        PermissionDenied: a view link, or the request is not from the owner.
    """
    link = game_for(request, key, edit=True)
    if not is_owner(request, link.game):
        raise PermissionDenied(gettext("Only the player who started this game can change its links."))
    return link


def new_owner(request: HttpRequest) -> Any:
    """The owner of a game this request starts: the signed-in user, or ``None`` (then see :func:`game_started`)."""
    return request.user if request.user.is_authenticated else None


def game_started(request: HttpRequest, game: Game) -> Opened:
    """Remember that this browser started ``game``: it is the game's owner here, with or without an
    account; return it as its edit link opens it (for the address it goes on to)."""
    _remember(request, MADE, str(game.pk))
    return Opened(game, game.edit_key, True)


def link_opened(request: HttpRequest, link: Opened) -> None:
    """Remember the link this browser opened a game with (``link``), for its list of games.

    A browser without a session gets one here only within its client's budget of new sessions
    (``settings.THROTTLES["session"]``), so a script that drops its cookies cannot fill the session
    table (issue 24); over it the page answers as ever and nothing is remembered. Such a session
    is kept 30 days (``games.sessions``).
    """
    if link.key in request.session.get(LINKS, []):
        return  # reopening a game writes nothing
    if session_refusal(request) is None:
        _remember(request, LINKS, link.key)


def session_refusal(request: HttpRequest) -> Refusal | None:
    """Why this browser may not be given a session now (issue 24): ``None`` if it has one, or if its
    client's budget of new sessions (``settings.THROTTLES["session"]``) allows one (which is then
    spent): every session is a row, so a script that drops its cookies cannot fill the table."""
    if request.session.session_key is not None:
        return None
    return throttle_spend(request, what="session")


def house_rules_of(request: HttpRequest) -> QuerySet[HouseRules]:
    """The house-rule sets this request may see and choose: the account's, and those this
    browser saved without one. Nobody else's are ever listed or applied."""
    reach = Q(owner=None, pk__in=request.session.get(HOUSE_RULES, []))
    if request.user.is_authenticated:
        reach |= Q(owner=request.user)
    return HouseRules.objects.filter(reach)


def house_rules_for(request: HttpRequest, number: int) -> HouseRules | None:
    """The saved set with id ``number`` if it is one of this browser's or account's (:func:`house_rules_of`)."""
    return house_rules_of(request).filter(pk=number).first()


def house_rules_saved(request: HttpRequest, house_rules: HouseRules) -> None:
    """Remember that this browser saved ``house_rules`` (for a set saved without an account)."""
    if house_rules.owner_id is None:
        _remember(request, HOUSE_RULES, house_rules.pk)


def _remember(request: HttpRequest, name: str, value: str | int) -> None:
    remembered = request.session.get(name, [])
    if value not in remembered:  # reopening a game writes nothing
        request.session[name] = [*remembered, value][-REMEMBERED:]


def games_of(request: HttpRequest) -> QuerySet[Game]:
    """The games this browser or account can open: started here, owned, or opened through a link."""
    return Game.objects.filter(game_reach(request))


def game_reach(request: HttpRequest, through: str = "") -> Q:
    """:func:`games_of` as a condition on a game's fields, or with ``through`` on a related model's
    (``"game__"``: a seat's game). Joined rather than an ``IN`` list of the account's games, so
    the figures of one player read that player's few seats, not 10,000 game ids first."""
    links = request.session.get(LINKS, [])
    reach = (
        Q(**{f"{through}pk__in": request.session.get(MADE, [])})
        | Q(**{f"{through}edit_key__in": links})
        | Q(**{f"{through}view_key__in": links})
    )
    if request.user.is_authenticated:
        reach |= Q(**{f"{through}owner": request.user})
    return reach


def _browser_reach(request: HttpRequest) -> Q:
    """The games this browser started or opened (at most :data:`REMEMBERED` of each)."""
    links = request.session.get(LINKS, [])
    return Q(pk__in=request.session.get(MADE, [])) | Q(edit_key__in=links) | Q(view_key__in=links)


def players_of(request: HttpRequest) -> QuerySet[Player]:
    """The players this request may see: the account's players, and everyone seated in a
    game this browser started or opened (a few hundred games at most)."""
    reach = Q(pk__in=Seat.objects.filter(game__in=Game.objects.filter(_browser_reach(request))).values("player"))
    if request.user.is_authenticated:
        reach |= Q(owner=request.user)
    return Player.objects.filter(reach)


def ladder_link_of(request: HttpRequest) -> LadderLink | None:
    """The signed-in account's ladder view link (``None``: none, or no account)."""
    if not request.user.is_authenticated:
        return None
    return LadderLink.objects.filter(owner=request.user).first()


def ladder_players(key: str) -> QuerySet[Player]:
    """The players of the account whose ladder view link ``key`` is (one query).

    Raises:
        Http404: no ladder has this link (any more).
    """
    link = get_object_or_404(LadderLink, key=key)
    return Player.objects.filter(owner_id=link.owner_id)


def group_of(request: HttpRequest) -> QuerySet[Player]:
    """The players a new game's names are matched to, and who may be renamed or merged here.

    Signed in: the account's own players (games started with an account seat only its
    players, so statistics never split between devices). Without an account: the
    players of the games this browser started or holds the edit link of; never through
    a view link, which only reads.
    """
    if request.user.is_authenticated:
        return Player.objects.filter(owner=request.user)
    links = request.session.get(LINKS, [])
    editable = Game.objects.filter(Q(pk__in=request.session.get(MADE, [])) | Q(edit_key__in=links))
    return Player.objects.filter(owner=None, pk__in=Seat.objects.filter(game__in=editable).values("player"))


def player_for(request: HttpRequest, player_id: int, *, edit: bool = False) -> Player:
    """A player this request may see (:func:`players_of`), or with ``edit`` change
    (:func:`group_of`), by id; two indexed queries.

    Raises:
        Http404: no such player, or someone else's.
    """
    if edit:
        return get_object_or_404(group_of(request), pk=player_id)
    player = Player.objects.filter(pk=player_id).first()
    if player is not None:
        user = request.user
        if user.is_authenticated and player.owner_id == user.pk:
            return player
        if Seat.objects.filter(game_reach(request, "game__"), player=player).exists():
            return player
    raise Http404


def known_names(request: HttpRequest, most: int = 300) -> list[str]:
    """The names of the group's players (:func:`group_of`; at most ``most``), sorted, for the
    name fields' suggestions: a name typed like one of them is that person."""
    return sorted({player.name for player in group_of(request)[:most]}, key=str.casefold)


def player_names(request: HttpRequest, ids: Iterable[int]) -> dict[int, str]:
    """The names of the players with ``ids`` that this request may see (:func:`players_of`), by id."""
    wanted = list(ids)
    if not wanted:
        return {}
    return dict(players_of(request).filter(pk__in=wanted).values_list("pk", "name"))


def can_change_player(request: HttpRequest, player: Player) -> bool:
    """Whether this request may rename or merge ``player`` (one of :func:`group_of`)."""
    return group_of(request).filter(pk=player.pk).exists()


def merge_candidates(request: HttpRequest, player: Player) -> QuerySet[Player]:
    """The players ``player`` may be merged into: the rest of :func:`group_of`."""
    return group_of(request).exclude(pk=player.pk)


def links_held(request: HttpRequest, games: Iterable[Game]) -> list[Opened]:
    """Each of :func:`games_of`'s ``games`` as the best link this browser holds opens it (in order)."""
    made = set(request.session.get(MADE, []))
    links = set(request.session.get(LINKS, []))
    user_id = request.user.pk if request.user.is_authenticated else None
    held = []
    for game in games:
        edits = str(game.pk) in made or game.edit_key in links or (user_id is not None and game.owner_id == user_id)
        held.append(Opened(game, game.edit_key if edits else game.view_key or "", edits))
    return held


@receiver(user_logged_in)
def _claim_games(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """On signing in, the account becomes the owner of the games this browser started without
    one, and of the players in them who have no account's group yet; their ratings move with
    them (``ratings.ratings_move``)."""
    if request is not None and hasattr(request, "session"):
        with transaction.atomic():
            claimed = list(Game.objects.filter(pk__in=request.session.get(MADE, []), owner=None))
            Player.objects.filter(owner=None, seats__game__in=claimed).update(owner=user)
            Game.objects.filter(pk__in=[game.pk for game in claimed]).update(owner=user)
            ratings_move(games=claimed, owner=user)  # rated in the account's group from now on
        _claim_house_rules(request, user)


def _claim_house_rules(request: HttpRequest, user: Any) -> None:
    """The house-rule sets this browser saved become the account's; one whose name the
    account already uses gets a number ("Friday (2)"), so neither set is lost."""
    taken = set(HouseRules.objects.filter(owner=user).values_list("name", flat=True))
    for house_rules in HouseRules.objects.filter(owner=None, pk__in=request.session.get(HOUSE_RULES, [])):
        name, number = house_rules.name, 2
        while name in taken:
            name, number = f"{house_rules.name[:54]} ({number})", number + 1
        taken.add(name)
        house_rules.owner, house_rules.name = user, name
        house_rules.save(update_fields=["owner", "name"])


def device_name(request: HttpRequest) -> str:
    """The name of the phone making a change, for the game's change history (at most 100 characters).

    The name the phone was given (on the share page), else a description from its
    browser ("iPhone · Mobile Safari"). Never the account's name: the history is
    shown to everyone holding a link, and a username is half of a sign-in.
    """
    return (request.session.get(DEVICE) or _guess_device(request.headers.get("User-Agent", "")))[:100]


def _guess_device(user_agent: str) -> str:
    user_agent = clean_name(user_agent, strict=False)
    if not user_agent:
        return gettext("Unknown device")
    parsed = parse_user_agent(user_agent[:500])
    parts = []
    if parsed.device and parsed.device.family not in ("Other", "Spider"):
        parts.append(parsed.device.family)
    elif parsed.os and parsed.os.family != "Other":
        parts.append(parsed.os.family)
    if parsed.user_agent and parsed.user_agent.family != "Other":
        parts.append(parsed.user_agent.family)
    return " · ".join(parts) or user_agent[:40]


def device_rename(request: HttpRequest, name: str) -> None:
    """Give this phone a name for the games' change histories (empty: back to the guess from its browser).

    ``name`` is cleaned as a player's name is (``engine.names.clean_name``), at most 60 characters.

    Raises:
        RuleError: (``field="name"``) the name holds a control character or broken text.
    """
    name = clean_name(name, field="name")[:60]
    if name:
        request.session[DEVICE] = name
    else:
        request.session.pop(DEVICE, None)
