"""``manage.py lan_address``: print the address a phone on the same network should open, and the
same address as a QR code in the terminal, so the first phone joins by scanning it."""

from __future__ import annotations

import io
import ipaddress
import socket
import subprocess
from typing import Any

import segno
from django.core.management.base import BaseCommand, CommandParser


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses on its networks, loopback last (never empty)."""
    found: set[str] = set()
    try:
        output = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=2, check=False).stdout
        found.update(output.split())
    except (OSError, subprocess.SubprocessError):
        pass
    try:
        found.update(str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET))
    except OSError:
        pass
    usable = sorted(address for address in found if _is_ipv4(address) and not ipaddress.ip_address(address).is_loopback)
    return usable or ["127.0.0.1"]


def terminal_qr(url: str) -> str:
    """``url`` as a QR code for a terminal: Unicode half blocks, two rows of modules a line, with
    the quiet zone around it (segno's compact terminal output).

    The light modules are drawn (in the text colour) and the dark ones left blank, so the code
    reads as printed on a terminal with a dark background; cameras also read it inverted."""
    drawn = io.StringIO()
    segno.make(url, error="m", micro=False).terminal(out=drawn, compact=True)
    return drawn.getvalue()


def _can_draw_blocks(stream: Any) -> bool:
    """Whether ``stream`` can take the half blocks (not, say, an ASCII-only terminal)."""
    try:
        "\u2580\u2584\u2588".encode(getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _is_ipv4(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).version == 4
    except ValueError:
        return False


class Command(BaseCommand):
    help = "Print the address phones on the same network should open."
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--port", type=int, default=8000)

    def handle(self, *args: Any, **options: Any) -> None:
        port = options["port"]
        urls = [f"http://{address}:{port}/" for address in lan_addresses()]
        self.stdout.write("")
        self.stdout.write("Scorekeeper is starting. On a phone on the same network, open:")
        for url in urls:
            self.stdout.write(f"    {url}")
        self.stdout.write(f"On this machine: http://localhost:{port}/")
        self.stdout.write("")
        # Only an address another phone can reach is worth scanning.
        if urls != [f"http://127.0.0.1:{port}/"] and _can_draw_blocks(self.stdout):
            for url in urls:
                self.stdout.write(f"Or scan this code with the phone's camera ({url}):")
                self.stdout.write(terminal_qr(url), ending="")
            self.stdout.write("")
