# Sourced by the launchers (the checkout's ./loomcrawl and an installed bin/loomcrawl): runs the command line's jar
# with the JVM options, the AOT cache and sqlite-jdbc's library taken out of the jar. Expects JAVA_HOME (a JDK or the
# distribution's runtime), jar (the runnable jar) and cache_dir (a folder of this build's own, where the AOT cache and
# the library go; made if missing, and when it cannot be, both are done without) and the command's arguments in "$@".
mkdir -p "$cache_dir" 2>/dev/null || true
# The JVM options (decision 12): the launcher's defaults for the command (loomcrawl_default_jvm_options, in
# java-version.sh, where their reasons are), unless LOOMCRAWL_JAVA_OPTS replaces them all.
declare -F loomcrawl_java_version >/dev/null || source "$(dirname "${BASH_SOURCE[0]}")/java-version.sh"
loomcrawl_default_jvm_options "${1:-}"
opts=${LOOMCRAWL_JAVA_OPTS:-$loomcrawl_default_opts}
# No window system: the distribution's runtime has no X11 or sound libraries (scripts/dist), and nothing draws
opts="$opts -Djava.awt.headless=true"
# On JDK 25 and newer, an AOT cache of what a crawl loads and links (JEP 483/514), recorded once per build, JDK and
# options (a cache for each) by a training run ('loomcrawl train': a small crawl of its own on 127.0.0.1), makes each start faster
# (docs/decisions/0019-aot-cache.md). LOOMCRAWL_AOT=off runs without it.
version=$(loomcrawl_java_version "$JAVA_HOME/bin/java")
version=${version:-0}
# The JVM's exit waits up to 300 ms for threads running native code to stop, and the JDK's own poller of virtual
# threads' sockets never does (it waits in epoll_wait): a crawl took 0.3 s to exit. Those threads cannot touch the
# JVM's data without stopping first (JDK-8314243), and loomcrawl closes its files before it exits, so it does not
# wait for them (JDK 22 and newer know the option). docs/decisions/0021-a-start-that-does-only-what-the-run-needs.md
exit_opts=()
[ "$version" -ge 22 ] && exit_opts=(-XX:UserThreadWaitAttemptsAtExit=0)
# sqlite-jdbc (the state file) copies its native library into the temporary directory at each start and deletes it
# at exit, so a crawl killed with kill -9 left 1.1 MB there for good; it is taken out of the jar once per build and
# loaded from there instead (sqlite-jdbc copies it as before when it cannot load it). docs/state.md
sqlite=()
case "$(uname -sm)" in
  "Linux x86_64") native=Linux/x86_64 ;;
  "Linux aarch64") native=Linux/aarch64 ;;
  *) native="" ;;
esac
# Unpacked apart and moved into place, so that a crawl starting meanwhile never loads half a library; where that
# cannot be done (a read-only folder), sqlite-jdbc does as it did.
unpack_sqlite() {
  local tmp
  tmp=$(mktemp -d "$cache_dir/native.XXXXXX" 2>/dev/null) || return 1
  if (cd "$tmp" && "$JAVA_HOME/bin/jar" xf "$jar" "org/sqlite/native/$native/libsqlitejdbc.so") 2>/dev/null \
      && [ -s "$tmp/org/sqlite/native/$native/libsqlitejdbc.so" ] && mkdir -p "$(dirname "$lib")" \
      && mv -f "$tmp/org/sqlite/native/$native/libsqlitejdbc.so" "$lib"; then
    touch "$lib" || true # the jar keeps its entries' time, older than the jar
  fi
  rm -rf "$tmp"
}
if [ -n "$native" ]; then
  lib="$cache_dir/native/$native/libsqlitejdbc.so"
  if [ ! -f "$lib" ] || [ "$jar" -nt "$lib" ]; then unpack_sqlite || true; fi
  if [ -f "$lib" ]; then sqlite=(-Dorg.sqlite.lib.path="$(dirname "$lib")"); fi
fi
aot=()
if [ "${LOOMCRAWL_AOT:-on}" != off ] && [ "$version" -ge 25 ]; then
  made_for="$JAVA_HOME $opts" # a cache is only good for the JDK and the options it was recorded with
  cache="$cache_dir/loomcrawl-$(printf '%s' "$made_for" | cksum | cut -d' ' -f1).aot"
  recorded_for=""
  [ -f "$cache.for" ] && { read -r recorded_for < "$cache.for" || true; }
  # a recording that failed for this build (see below) is not tried again at every start
  if { [ ! -f "$cache" ] || [ "$jar" -nt "$cache" ] || [ "$recorded_for" != "$made_for" ]; } \
      && ! { [ -f "$cache.failed" ] && [ "$cache.failed" -nt "$jar" ]; }; then
    echo "loomcrawl: recording the AOT cache for faster starts (once per build)..." >&2
    rm -f "$cache" "$cache.for" "$cache.failed"
    # The JVM exits 0 even when its child process that assembles the cache fails (JDK 25 has crashed there, on a
    # class of lambdas it could not archive): it leaves an empty file, so the file's size is what is judged.
    # shellcheck disable=SC2086 # the options are words
    if "$JAVA_HOME/bin/java" $opts -XX:AOTCacheOutput="$cache.$$" -jar "$jar" train >/dev/null 2>&1 \
        && [ -s "$cache.$$" ] && mv -f "$cache.$$" "$cache"; then
      echo "$made_for" > "$cache.for"
    else
      echo "loomcrawl: the AOT cache could not be recorded; running without it" >&2
      rm -f "$cache" "$cache.$$" "$cache.$$.config"
      touch "$cache.failed"
    fi
  fi
  # its warnings (a cache the JVM cannot use is skipped) go to standard error, never into output on standard out
  [ -f "$cache" ] && aot=(-XX:AOTCache="$cache" -Xlog:aot=warning:stderr -Xlog:cds=warning:stderr)
fi
# shellcheck disable=SC2086 # the options are words
exec "$JAVA_HOME/bin/java" $opts "${exit_opts[@]}" "${sqlite[@]}" "${aot[@]}" -jar "$jar" "$@"
