# Sourced by scripts/java.sh and scripts/run-jar.sh (which a distribution's launcher sources too, with no JDK to
# search for): the feature version of a java binary, read from its runtime's release file when it has one.
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
