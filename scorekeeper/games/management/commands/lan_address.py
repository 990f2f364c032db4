"""``manage.py lan_address``: print the address a phone on the same network should open."""

from __future__ import annotations

import ipaddress
import socket
import subprocess
from typing import Any

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
        self.stdout.write("")
        self.stdout.write("Scorekeeper is starting. On a phone on the same network, open:")
        for address in lan_addresses():
            self.stdout.write(f"    http://{address}:{port}/")
        self.stdout.write(f"On this machine: http://localhost:{port}/")
        self.stdout.write("")
