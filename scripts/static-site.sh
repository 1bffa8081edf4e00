# shellcheck shell=bash
# Sourced by the self-tests that crawl a directory of files: serves DIR on 127.0.0.1, on a free port, with Python's
# http.server in the background, its log in LOG; sets site_pid and site_port. Fails (status 1) when the server has
# not said its port within 10 s.
#   static_site DIR LOG
static_site() {
  local dir="$1" log="$2" port_file
  port_file="$(mktemp)"
  python3 -c '
import functools, http.server, sys
handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
print(server.server_address[1], flush=True)
server.serve_forever()' "$dir" >"$port_file" 2>"$log" &
  site_pid=$!
  for _ in $(seq 100); do [ -s "$port_file" ] && break; sleep 0.1; done
  site_port="$(cat "$port_file")"
  rm -f "$port_file"
  [ -n "$site_port" ]
}
