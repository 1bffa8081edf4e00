# Sourced by the launcher and the test script: exports JAVA_HOME pointing at a JDK >= 21.
# Looks at $JAVA_HOME, then the java on PATH, then /usr/lib/jvm/*; fails with one clear line.
loomcrawl_java_version() { # prints the feature version of the java binary $1, or nothing
  # A JDK's release file says it without starting a JVM (most of a launch's own cost); else ask java itself.
  local release v
  release="$(dirname "$(dirname "$1")")/release"
  if [ -f "$release" ]; then
    v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$release" | head -1)
    if [ -n "$v" ]; then echo "$v"; return 0; fi
  fi
  "$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p' | head -1
}
loomcrawl_find_jdk() {
  local candidates=() dir v
  [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
  if command -v javac >/dev/null 2>&1; then
    candidates+=("$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")")
  fi
  for dir in $(ls -d /usr/lib/jvm/*/ 2>/dev/null | sort -rV); do candidates+=("${dir%/}"); done
  for dir in "${candidates[@]}"; do
    [ -x "$dir/bin/java" ] && [ -x "$dir/bin/javac" ] || continue
    v=$(loomcrawl_java_version "$dir/bin/java")
    if [ -n "$v" ] && [ "$v" -ge 21 ]; then echo "$dir"; return 0; fi
  done
  return 1
}
if ! LOOMCRAWL_JDK=$(loomcrawl_find_jdk); then
  echo "loomcrawl: no JDK 21 or newer found (looked at JAVA_HOME, PATH and /usr/lib/jvm); install one, e.g. 'apt-get install openjdk-21-jdk', or set JAVA_HOME" >&2
  exit 1
fi
export JAVA_HOME="$LOOMCRAWL_JDK"
export PATH="$JAVA_HOME/bin:$PATH"
