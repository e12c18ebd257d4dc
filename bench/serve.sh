#!/bin/sh
# Serves DIR with nginx on http://127.0.0.1:18432/ until stopped with `serve.sh stop`.
#   bench/serve.sh DIR      start
#   bench/serve.sh stop     stop
set -eu
RUN=/tmp/hlsfetch-bench-nginx
if [ "${1:-}" = stop ]; then
    [ -f "$RUN/nginx.pid" ] && kill "$(cat "$RUN/nginx.pid")" && echo "nginx stopped"
    exit 0
fi
ROOT=$(cd "$1" && pwd)
mkdir -p "$RUN"
sed "s|ROOT|$ROOT|" "$(dirname "$0")/nginx.conf" > "$RUN/nginx.conf"
nginx -p "$RUN" -c "$RUN/nginx.conf"
echo "serving $ROOT at http://127.0.0.1:18432/"
