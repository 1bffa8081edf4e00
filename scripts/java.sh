# Sourced by the launcher and the test script: exports JAVA_HOME pointing at a JDK >= 21.
# Looks at $JAVA_HOME, then the java on PATH, then /usr/lib/jvm/*; fails with one clear line.
# The launcher sources it at every start, so it runs no program it can do without (each costs a few milliseconds):
# a JDK's release file is read by the shell, and the next place is looked at only when the last did not do.
source "$(dirname "${BASH_SOURCE[0]}")/java-version.sh"
loomcrawl_usable_jdk() { # DIR: whether DIR is a JDK of version 21 or newer
  local v
  [ -x "$1/bin/java" ] && [ -x "$1/bin/javac" ] || return 1
  v=$(loomcrawl_java_version "$1/bin/java")
  [ -n "$v" ] && [ "$v" -ge 21 ]
}
loomcrawl_find_jdk() {
  local javac dir
  if [ -n "${JAVA_HOME:-}" ] && loomcrawl_usable_jdk "$JAVA_HOME"; then echo "$JAVA_HOME"; return 0; fi
  if javac=$(command -v javac); then
    javac=$(readlink -f "$javac")
    dir=${javac%/bin/javac}
    if loomcrawl_usable_jdk "$dir"; then echo "$dir"; return 0; fi
  fi
  for dir in $(ls -d /usr/lib/jvm/*/ 2>/dev/null | sort -rV); do
    if loomcrawl_usable_jdk "${dir%/}"; then echo "${dir%/}"; return 0; fi
  done
  return 1
}
if ! LOOMCRAWL_JDK=$(loomcrawl_find_jdk); then
  echo "loomcrawl: no JDK 21 or newer found (looked at JAVA_HOME, PATH and /usr/lib/jvm); install one, e.g. 'apt-get install openjdk-21-jdk', or set JAVA_HOME" >&2
  exit 1
fi
export JAVA_HOME="$LOOMCRAWL_JDK"
export PATH="$JAVA_HOME/bin:$PATH"
