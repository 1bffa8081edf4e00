# Sourced by the launcher and the test script: makes sure `mvn` is there (installing Debian's maven when it is
# missing and we may), and sets quiet, batch-mode defaults.
if ! command -v mvn >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "loomcrawl: installing Maven (apt-get install maven)" >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq maven; } >&2 \
      || { echo "loomcrawl: could not install Maven; install it and retry" >&2; exit 1; }
  else
    echo "loomcrawl: Maven (mvn) is not installed; install it (e.g. 'apt-get install maven') and retry" >&2
    exit 1
  fi
fi
# Maven 3.8's console library (jansi 2) writes its colour reset, ESC[0m, twice as Maven exits, batch mode and
# -Dstyle.color=never notwithstanding: the "[0m[0m" a quiet build left on the terminal.
export MAVEN_OPTS="${MAVEN_OPTS:-} -Djansi.noreset=true"
# Maven's own libraries call sun.misc.Unsafe; keep JDK 24+ from warning about it on every build.
if [ "$(loomcrawl_java_version "$JAVA_HOME/bin/java")" -ge 24 ]; then
  export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
fi
