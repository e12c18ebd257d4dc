#!/usr/bin/env python3
"""A pacing HTTP/1.1 proxy on 127.0.0.1 that limits every response body to RATE bytes per second, without burst.

Why not nginx's own `limit_rate`: nginx allows `rate × (whole seconds elapsed + 1)` bytes
(ngx_http_write_filter_module), so the first second's worth goes out at once and any response smaller than
RATE bytes (a 190 kB segment at 1 MB/s) is not slowed at all. This proxy sits in front of nginx (which still
does the Range handling) and releases each body chunk only when `bytes so far ≤ RATE × time since the
response started`, so a response of S bytes takes S / RATE seconds per request, and two requests in parallel
get twice the throughput, as with a server or CDN that limits each request.

Keep-alive is kept end to end (one upstream connection per client connection). Requests are GET/HEAD without a
body; responses must carry Content-Length (nginx's static files do). Every request is recorded with its start
and end times, so the harness can count how many were in flight at once.

    with Throttle(upstream_port, 1_000_000) as proxy:
        url = proxy.url("hls_index.m3u8")
"""

import asyncio
import socket
import threading
import time
from dataclasses import dataclass

CHUNK = 16 * 1024


@dataclass
class ProxiedRequest:
    start: float      # time.time() when the request line arrived
    end: float        # time.time() when the last body byte was written
    uri: str
    status: int
    bytes_sent: int


def parse_rate(text):
    """'1m' -> 1048576, '500k' -> 512000, '1000000' -> 1000000 (nginx's size suffixes)."""
    text = text.strip().lower()
    factor = {"k": 1024, "m": 1024 * 1024}.get(text[-1:], 1)
    return int(float(text.rstrip("km")) * factor)


class Throttle:
    """The proxy, run on its own event loop in a background thread; a context manager."""

    def __init__(self, upstream_port, rate):
        self.upstream_port = upstream_port
        self.rate = rate
        self.port = None
        self.requests = []
        self._lock = threading.Lock()
        self._loop = None
        self._server = None
        self._thread = None

    def url(self, path=""):
        return f"http://127.0.0.1:{self.port}/{path}"

    def take_requests(self):
        """The requests recorded since the last call."""
        with self._lock:
            taken, self.requests = self.requests, []
        return taken

    async def _pipe_one(self, reader, writer, up_reader, up_writer):
        """Forwards one request and its paced response; returns False when the connection should close."""
        try:
            head = await reader.readuntil(b"\r\n\r\n")
        except (asyncio.IncompleteReadError, ConnectionError):
            return False
        started = time.time()
        request_line = head.split(b"\r\n", 1)[0].decode("latin-1")
        method, _, rest = request_line.partition(" ")
        uri = rest.rsplit(" ", 1)[0]
        up_writer.write(head)
        await up_writer.drain()
        response_head = await up_reader.readuntil(b"\r\n\r\n")
        lines = response_head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        length = int(headers.get("content-length", "0"))
        if method == "HEAD" or status in (204, 304) or 100 <= status < 200:
            length = 0
        writer.write(response_head)
        begin = time.monotonic()
        sent = 0
        while sent < length:
            chunk = await up_reader.read(min(CHUNK, length - sent))
            if not chunk:
                raise ConnectionError(f"upstream closed after {sent} of {length} bytes of {uri}")
            delay = begin + (sent + len(chunk)) / self.rate - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
            writer.write(chunk)
            await writer.drain()
            sent += len(chunk)
        await writer.drain()
        with self._lock:
            self.requests.append(ProxiedRequest(started, time.time(), uri, status, sent))
        request_headers = head.decode("latin-1").lower().split("\r\n")[1:]
        closing = headers.get("connection", "").lower() == "close" or any(
            line.startswith("connection:") and "close" in line for line in request_headers)
        return not closing

    async def _handle(self, reader, writer):
        up_reader = up_writer = None
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.upstream_port)
            # No Nagle on either side: a small write (a response head, a short playlist body) must not wait
            # for the peer's delayed ACK (~40 ms on Linux), which a real server does not impose either.
            for stream in (writer, up_writer):
                sock = stream.get_extra_info("socket")
                if sock is not None:
                    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            while await self._pipe_one(reader, writer, up_reader, up_writer):
                pass
        except (ConnectionError, asyncio.IncompleteReadError, ValueError, IndexError):
            pass
        finally:
            for stream in (writer, up_writer):
                if stream is not None:
                    stream.close()

    def start(self):
        ready = threading.Event()
        failure = []

        def run():
            self._loop = asyncio.new_event_loop()
            try:
                listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                listener.bind(("127.0.0.1", 0))
                self.port = listener.getsockname()[1]
                self._server = self._loop.run_until_complete(asyncio.start_server(self._handle, sock=listener))
            except OSError as error:
                failure.append(error)
                ready.set()
                return
            ready.set()
            self._loop.run_forever()
            self._server.close()
            self._loop.run_until_complete(self._server.wait_closed())
            self._loop.close()

        self._thread = threading.Thread(target=run, name="throttle", daemon=True)
        self._thread.start()
        ready.wait(10)
        if failure or self.port is None:
            raise RuntimeError(f"throttle proxy did not start: {failure}")
        return self

    def stop(self):
        if self._loop is not None and self._thread is not None:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(10)
            self._thread = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
