# Sourced by scripts/java.sh and scripts/run-jar.sh (which a distribution's launcher sources too, with no JDK to
# search for): the feature version of a java binary, read from its runtime's release file when it has one, and the
# JVM options the launcher gives a command by default (which benchmark scripts give their JVMs too).
loomcrawl_java_version() { # prints the feature version of the java binary $1, or nothing
  # A JDK's release file says it without starting a JVM (most of a launch's own cost); else ask java itself.
  local release="${1%/bin/java}/release" line
  if [ -f "$release" ]; then
    while IFS= read -r line || [ -n "$line" ]; do
      case $line in
        JAVA_VERSION=\"[0-9]*) line=${line#JAVA_VERSION=\"}; echo "${line%%[!0-9]*}"; return 0 ;;
      esac
    done < "$release"
  fi
  "$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p' | head -1
}

# The launcher's default JVM options for the command $1, into loomcrawl_default_opts (set by the shell itself: no
# process is started for it at every start). A bounded heap: the JVM would otherwise size it from the machine (a
# quarter of RAM) and hold far more. The serial collector and the C1 compiler alone: less memory and less CPU for
# crawls of up to tens of thousands of pages (docs/decisions/0012-launcher-jvm-options.md; scripts/bench/jvm-options
# measures the choices). A server runs for days: `serve` lets C2 in, which costs its first crawl job more CPU and
# every later one about a third less (decision 12, "A server"; scripts/bench/serve-jit measures it).
# The heap in the kernel's transparent huge pages (2 MB) where the kernel gives them when asked ("madvise", as on the
# machine measured): a page fault and a TLB entry cover 512 times as much of the heap the collector touches. Less CPU
# on the JDK docs crawl in 17 of 20 alternated rounds, peak RSS unchanged (decision 12, "Huge pages"). With "always"
# the kernel may do it unasked, and with "never" the JVM would warn, on standard out, and do without: the option is
# given for "madvise" alone. (LOOMCRAWL_THP_FILE names another file to read the setting from, for LauncherBuildTest.)
loomcrawl_default_jvm_options() {
  loomcrawl_default_opts="-Xmx512m -XX:+UseSerialGC -XX:TieredStopAtLevel=1"
  if [ "${1:-}" = serve ]; then loomcrawl_default_opts="-Xmx512m -XX:+UseSerialGC"; fi
  local thp=${LOOMCRAWL_THP_FILE:-/sys/kernel/mm/transparent_hugepage/enabled} setting=""
  if [ -r "$thp" ]; then read -r setting < "$thp" 2>/dev/null || true; fi
  if [[ $setting == *"[madvise]"* ]]; then
    loomcrawl_default_opts="$loomcrawl_default_opts -XX:+UseTransparentHugePages"
  fi
}
