#!/usr/bin/env python3
"""Serves a directory with nginx on 127.0.0.1 (free port picked at run time), for the download benchmark.

nginx is used because it answers Range requests correctly (206 with Content-Range), keeps connections alive
and is what a real HLS origin looks like; Python's http.server ignores Range. The configuration, pid file and
logs live in a temporary directory; no system service is touched. The access log records, per request, the
end time, duration, connection number, URI, status, bytes sent and Range header, so a run can be checked for
the track it fetched, its requests and how many were in flight at once.

As a module:
    with Nginx("/path/to/stream", rate="1m") as server:     # rate: nginx limit_rate per request, or None
        print(server.url("hls_index.m3u8"))
        server.clear_log(); ...; requests = server.read_log()
From the shell (serves until Ctrl-C or SIGTERM):
    bench/nginx.py DIR [--rate 1m]
"""

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass

LOG_FORMAT = "$msec $request_time $connection $connection_requests $status $body_bytes_sent $uri \"$http_range\""


@dataclass
class Request:
    """One line of the access log."""
    end: float          # seconds since the epoch, when the response was finished
    duration: float     # seconds from the first request byte to the last response byte
    connection: int     # nginx connection serial number
    status: int
    bytes_sent: int     # body bytes
    uri: str
    range: str          # the Range header, "-" when absent

    @property
    def start(self):
        return self.end - self.duration


def free_port():
    """A TCP port on 127.0.0.1 that nothing listens on right now (the kernel's pick)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def nginx_binary():
    for candidate in (shutil.which("nginx"), "/usr/sbin/nginx"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    raise RuntimeError("nginx not found: apt-get install -y nginx-light")


class Nginx:
    """An nginx process serving `root` on 127.0.0.1:<free port>; a context manager that starts and stops it."""

    def __init__(self, root, rate=None, ignore_range=False):
        self.root = os.path.abspath(root)
        self.rate = rate
        self.ignore_range = ignore_range      # `max_ranges 0`: answer Range requests with 200 and the whole file
        self.port = None
        self.process = None
        self.temp = None

    def url(self, path=""):
        return f"http://127.0.0.1:{self.port}/{path}"

    @property
    def access_log(self):
        return os.path.join(self.temp, "access.log")

    def _config(self):
        limit = f"limit_rate {self.rate};" if self.rate else ""
        if self.ignore_range:
            limit += " max_ranges 0;"
        t = self.temp
        return f"""
daemon off;
master_process on;
worker_processes 1;
user root;
pid {t}/nginx.pid;
error_log {t}/error.log warn;
events {{ worker_connections 512; }}
http {{
    log_format bench '{LOG_FORMAT}';
    access_log {t}/access.log bench;
    client_body_temp_path {t}/body;
    proxy_temp_path {t}/proxy;
    fastcgi_temp_path {t}/fastcgi;
    uwsgi_temp_path {t}/uwsgi;
    scgi_temp_path {t}/scgi;
    types {{ application/vnd.apple.mpegurl m3u8; video/mp2t ts; application/json json; }}
    default_type application/octet-stream;
    sendfile on;
    tcp_nopush on;
    keepalive_timeout 65;
    keepalive_requests 100000;
    server {{
        listen 127.0.0.1:{self.port};
        root {self.root};
        {limit}
    }}
}}
"""

    def start(self):
        self.temp = tempfile.mkdtemp(prefix="bench-nginx-")
        for attempt in range(5):
            self.port = free_port()
            config = os.path.join(self.temp, "nginx.conf")
            with open(config, "w") as handle:
                handle.write(self._config())
            self.process = subprocess.Popen([nginx_binary(), "-p", self.temp, "-c", config, "-e",
                                             os.path.join(self.temp, "error.log")],
                                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline:
                if self.process.poll() is not None:
                    break                     # port taken in between, or a config error: retry or report
                try:
                    with urllib.request.urlopen(self.url("hls_index.m3u8"), timeout=1) as response:
                        response.read()
                    self.clear_log()
                    return self
                except OSError:
                    time.sleep(0.05)
            error = self._stop_process()
        self.stop()
        raise RuntimeError(f"nginx did not start on 127.0.0.1 (last port {self.port}): {error}")

    def _stop_process(self):
        """Stops the nginx this object started (its own pid only); returns its stderr and error log."""
        error = ""
        if self.process is not None:
            if self.process.poll() is None:
                self.process.send_signal(signal.SIGQUIT)   # graceful shutdown of master and worker
                try:
                    self.process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    self.process.kill()
                    self.process.wait()
            error = self.process.stderr.read().decode(errors="replace").strip() if self.process.stderr else ""
            self.process = None
        log = os.path.join(self.temp, "error.log") if self.temp else ""
        if log and os.path.exists(log):
            with open(log, errors="replace") as handle:
                error = (error + "\n" + handle.read()).strip()
        return error

    def stop(self):
        """Stops nginx and removes its temporary directory; returns nginx's diagnostics."""
        error = self._stop_process()
        if self.temp:
            shutil.rmtree(self.temp, ignore_errors=True)
            self.temp = None
        return error

    def clear_log(self):
        """Empties the access log (nginx appends with O_APPEND, so truncation is safe while it runs)."""
        with open(self.access_log, "w"):
            pass

    def read_log(self):
        """The requests logged since the last clear_log()."""
        requests = []
        with open(self.access_log) as handle:
            for line in handle:
                fields = line.rstrip("\n").split(" ", 7)
                if len(fields) < 8:
                    continue
                requests.append(Request(float(fields[0]), float(fields[1]), int(fields[2]), int(fields[4]),
                                        int(fields[5]), fields[6], fields[7].strip('"')))
        return requests

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def max_in_flight(requests):
    """The most requests in flight at once: overlap of half-open [start, end) intervals, each at least 1 ms long.

    nginx logs times in milliseconds, so a request that takes under 1 ms shows 0 duration; back-to-back
    sequential requests then touch but do not overlap. Meaningful when requests take several ms (throttled runs).
    """
    events = []
    for request in requests:
        end = max(request.end, request.start + 0.001)
        events += [(round(request.start, 3), 1), (round(end, 3), -1)]
    current = peak = 0
    for _, delta in sorted(events):                 # at equal times the end (-1) sorts before the start (+1)
        current += delta
        peak = max(peak, current)
    return peak


def main():
    parser = argparse.ArgumentParser(description="Serve DIR with nginx on 127.0.0.1 until Ctrl-C.")
    parser.add_argument("root")
    parser.add_argument("--rate", help="nginx limit_rate per request, e.g. 1m")
    parser.add_argument("--ignore-range", action="store_true", help="answer Range requests with the whole file")
    args = parser.parse_args()
    def interrupted(signum, frame):
        raise KeyboardInterrupt
    for signum in (signal.SIGINT, signal.SIGTERM):     # also when started in the background (SIGINT ignored)
        signal.signal(signum, interrupted)
    with Nginx(args.root, args.rate, args.ignore_range) as server:
        print(f"serving {server.root} at {server.url('hls_index.m3u8')} (log {server.access_log})", flush=True)
        try:
            signal.pause()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    sys.exit(main())
