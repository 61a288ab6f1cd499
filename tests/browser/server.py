"""A static file server for the built site, with the MIME types a host must send."""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path
from typing import ClassVar

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".py": "text/x-python",
    ".css": "text/css",
    ".html": "text/html",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
}


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }

    def log_message(self, format: str, *args: object) -> None:
        pass


class SiteServer:
    """Serve a folder on 127.0.0.1 (a free port) in a background thread; use as a context."""

    def __init__(
        self,
        folder: Path,
        mount: str = "/",
        missing: tuple[str, ...] = (),
        types: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        self.folder = folder
        self.mount = mount if mount.endswith("/") else mount + "/"
        handler = functools.partial(
            _MountedHandler,
            mount=self.mount,
            missing=missing,
            types=types or {},
            headers=headers or {},
            directory=str(folder),
        )
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.httpd.daemon_threads = True
        self.httpd.bytes_sent = 0  # file bytes sent so far (the benchmark's first-visit bytes)
        self.httpd.counting = threading.Lock()
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def bytes_sent(self) -> int:
        return self.httpd.bytes_sent

    def reset_count(self) -> None:
        with self.httpd.counting:
            self.httpd.bytes_sent = 0

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}{self.mount}"

    def __enter__(self) -> SiteServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def stop(self) -> None:
        """Stop serving (again is harmless): the site's origin then refuses every request."""
        if self.thread.is_alive():
            self.httpd.shutdown()
        self.httpd.server_close()


class _MountedHandler(_Handler):
    """Serves the folder under a sub-path (as a host serving the site from /games/ would),
    answering 404 for the file names in `missing` and sending `types` (by file extension) in
    place of the right MIME types, to test a badly configured host; `headers` go with every
    answer (a Content-Security-Policy, say)."""

    def __init__(
        self,
        *args: object,
        mount: str,
        missing: tuple[str, ...],
        types: dict,
        headers: dict,
        **kwargs: object,
    ):
        self.mount = mount
        self.extra_headers = headers
        self.missing = missing
        self.extensions_map = {**self.extensions_map, **types}
        super().__init__(*args, **kwargs)

    def copyfile(self, source: object, outputfile: object) -> None:
        while chunk := source.read(64 * 1024):
            outputfile.write(chunk)
            with self.server.counting:
                self.server.bytes_sent += len(chunk)

    def end_headers(self) -> None:
        for name, value in self.extra_headers.items():
            self.send_header(name, value)
        super().end_headers()

    def translate_path(self, path: str) -> str:
        path = path.split("?", 1)[0].split("#", 1)[0]
        if not path.startswith(self.mount) or path.rsplit("/", 1)[-1] in self.missing:
            return str(Path(self.directory) / "__outside_the_mount__")
        return super().translate_path("/" + path[len(self.mount) :])
