# Sourced by scripts/test: installs, from Debian's packages, what the tests use and a fresh machine lacks.
#   python3-doc, openjdk-17-doc  real sites for the link-extraction differential test and the benchmarks
#   libboost1.81-doc,            two more real sites, which scripts/test crawls with loomcrawl and wget -r to
#   postgresql-doc-15              compare the URLs each reaches (scripts/bench/wget-compare)
#   nginx, wget                  serve those sites and mirror them (the comparison, the benchmark smoke run)
#   chromium                     the headless browser that opens the HTML report, replays the WACZ and renders
#                                pages for --render (RenderCrawlTest, RenderCommandTest)
#   nodejs, npm                  run ReplayWeb.page's driver (scripts/replay; its npm packages go to a cache there)
#   redis-server, redis-tools    the distributed-crawl tests (redis-cli joins the nodes of a test cluster)
#   sqlite3                      runs the state file queries docs/state.md shows
#   tinyproxy, dante-server      real HTTP and SOCKS5 proxies for the proxy tests (ProxyCrawlTest)
#   curl                         reads and writes the cookies.txt files of the cookie round-trip test
loomcrawl_test_packages() {
  local missing=()
  [ -f /usr/share/doc/python3-doc/html/index.html ] || missing+=(python3-doc)
  [ -f /usr/share/doc/openjdk-17-doc/api/index.html ] || missing+=(openjdk-17-doc)
  [ -f /usr/share/doc/libboost1.81-doc/doc/html/index.html ] || missing+=(libboost1.81-doc)
  [ -f /usr/share/doc/postgresql-doc-15/html/index.html ] || missing+=(postgresql-doc-15)
  command -v nginx >/dev/null 2>&1 || missing+=(nginx)
  command -v wget >/dev/null 2>&1 || missing+=(wget)
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  command -v node >/dev/null 2>&1 || missing+=(nodejs)
  command -v npm >/dev/null 2>&1 || missing+=(npm)
  command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
  command -v redis-cli >/dev/null 2>&1 || missing+=(redis-tools)
  command -v sqlite3 >/dev/null 2>&1 || missing+=(sqlite3)
  command -v tinyproxy >/dev/null 2>&1 || missing+=(tinyproxy)
  [ -x /usr/sbin/danted ] || command -v danted >/dev/null 2>&1 || missing+=(dante-server)
  command -v curl >/dev/null 2>&1 || missing+=(curl)
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "loomcrawl: not root, so not installing ${missing[*]}; the tests that need them will be skipped" >&2
    return 0
  fi
  echo "loomcrawl: installing ${missing[*]} from Debian's packages (apt-get, a few minutes)" >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}
loomcrawl_test_packages
