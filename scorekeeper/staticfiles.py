"""The static files as served: our own scripts and stylesheets minified, then hashed and
compressed (docs/operations.md "Production").

``collectstatic`` copies every static file to ``STATIC_ROOT``; this storage first strips the
comments and spaces from the JavaScript and CSS of ``static/`` (rjsmin and rcssmin, the
minifiers django-compressor uses), then WhiteNoise's storage names each file by a hash of its
content and writes a gzip and a Brotli copy beside it. Third-party files (htmx) come minified
already and are left alone. With ``DJANGO_DEBUG=1`` the files are served from ``static/`` as
written, comments and all.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import rcssmin
import rjsmin
from django.conf import settings
from django.core.files.base import ContentFile
from whitenoise.storage import CompressedManifestStaticFilesStorage

#: How each kind of file of ours is minified, by the end of its name.
MINIFIERS = {".js": rjsmin.jsmin, ".css": rcssmin.cssmin}


class MinifiedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's ``CompressedManifestStaticFilesStorage``, with our own ``.js`` and ``.css``
    files (those found in ``STATICFILES_DIRS``) minified before they are hashed."""

    def post_process(self, paths: dict[str, tuple[Any, str]], dry_run: bool = False, **options: Any) -> Iterator[Any]:
        """Minify our files' copies in ``STATIC_ROOT`` (unless ``dry_run``), then hash and compress
        every file, ours from those copies (the hashing reads each file from where ``paths`` says)."""
        paths = dict(paths)
        if not dry_run:
            ours = {Path(folder).resolve() for folder in settings.STATICFILES_DIRS}
            for name, (source, path) in list(paths.items()):
                minify = MINIFIERS.get(Path(name).suffix)
                if minify is not None and Path(source.location).resolve() in ours:
                    with source.open(path) as original:
                        minified = minify(original.read().decode("utf-8"))
                    self.delete(name)  # collectstatic's plain copy, replaced under the same name
                    self._save(name, ContentFile(minified.encode("utf-8")))
                    paths[name] = (self, name)
        yield from super().post_process(paths, dry_run=dry_run, **options)
