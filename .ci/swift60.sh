#!/usr/bin/env bash
# The Swift 6.0 floor (Package.swift's tools version; Xcode 16.0-16.2): builds every target and the tests with
# Debian trixie's swiftlang 6.0.3 in a chroot made by debootstrap. The chroot is kept under
# /var/cache/sessionkit (or $SESSIONKIT_SWIFT60_ROOT) and reused when it is already there.
#   .ci/swift60.sh            make the chroot if needed, then build every target and test target with Swift 6.0.3
#   .ci/swift60.sh --prepare  only make the chroot
# Needs root (or sudo), debootstrap (installed with apt when missing), unshare and flock (util-linux).
set -euo pipefail
cd "$(dirname "$0")/.."

root="${SESSIONKIT_SWIFT60_ROOT:-/var/cache/sessionkit/swift60-trixie}"
version="6.0.3"
# Debian's swiftlang installs the toolchain here; /usr/bin/swift is only a link its postinst may make (debconf).
toolchain="/usr/libexec/swift/bin"
sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"

# One run at a time per chroot: a second run would delete the sources the first is building.
$sudo mkdir -p "$(dirname "$root")"
[ -e "$root.lock" ] || $sudo touch "$root.lock"
exec 9< "$root.lock"
flock 9

# The mirror this Debian machine's apt sources name (deb822 or one-line form), Debian's own otherwise.
mirror() {
  local uri=""
  if grep -qs '^ID=debian$' /etc/os-release; then
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then
      uri="$(awk '/^URIs:/ && $2 !~ /security/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources)"
    fi
    if [ -z "$uri" ] && [ -f /etc/apt/sources.list ]; then
      uri="$(awk '$1 == "deb" && $2 !~ /security/ {print $2; exit}' /etc/apt/sources.list)"
    fi
  fi
  echo "${uri:-http://deb.debian.org/debian}"
}

# Runs a command in the chroot with a clean environment, in a private mount namespace with its own /proc: the
# toolchain finds its libraries through $ORIGIN (/proc/self/exe), and the mount goes away with the process,
# so an interrupted run leaves nothing mounted.
in_chroot() {
  $sudo unshare --mount --pid --fork --mount-proc="$root/proc" \
    chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive \
    PATH="$toolchain:/usr/sbin:/usr/bin:/sbin:/bin" "$@"
}

prepare() {
  if [ -f "$root/.sessionkit-ready" ] && [ -x "$root$toolchain/swift" ]; then
    return
  fi
  local packages=()
  command -v debootstrap > /dev/null || packages+=(debootstrap)
  [ -f /usr/share/keyrings/debian-archive-keyring.gpg ] || packages+=(debian-archive-keyring)
  if [ ${#packages[@]} -gt 0 ]; then
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${packages[@]}" > /dev/null
  fi
  # An older debootstrap has no trixie script; sid's is the same.
  local script=""
  [ -e /usr/share/debootstrap/scripts/trixie ] || script=/usr/share/debootstrap/scripts/sid
  $sudo rm -rf "$root"
  $sudo mkdir -p "$root"
  echo "debootstrap trixie into $root from $(mirror)"
  # shellcheck disable=SC2086 # $script is empty or one path
  $sudo debootstrap --variant=minbase --include=swiftlang,libswiftlang,ca-certificates \
    trixie "$root" "$(mirror)" $script > "$root.debootstrap.log" 2>&1 || {
    tail -40 "$root.debootstrap.log"
    exit 1
  }
  in_chroot apt-get install -y -qq -o Dpkg::Use-Pty=0 --no-install-recommends libc6-dev libstdc++-14-dev > /dev/null
  $sudo touch "$root/.sessionkit-ready"
}

prepare
[ "${1:-}" = "--prepare" ] && exit 0

found="$(in_chroot swift --version 2>&1)"
found="${found%%$'\n'*}"
echo "$found"
case "$found" in
  *"Swift version $version "*) ;;
  *) echo "swift60.sh: expected Swift $version in $root" >&2; exit 1 ;;
esac

# The working tree is copied in each time (not bind-mounted: nothing to unmount if the build is interrupted),
# without any .build or .git. The build directory stays in the chroot between runs, so a rerun is incremental.
# There is one build directory per checkout: tar keeps the files' times, and SwiftPM rebuilds by time, so a
# checkout whose header is older than the objects another checkout's run left would reuse those objects.
work=/src/sessionkit
scratch="/src/builds/$(pwd -P | cksum | cut -d' ' -f1)"
$sudo rm -rf "$root/src/build" # the single build directory of earlier versions of this script
$sudo rm -rf "$root$work" && $sudo mkdir -p "$root$work"
tar --exclude=.build --exclude=.git --exclude=.swiftpm --format=posix -cf - . | $sudo tar -xf - -C "$root$work"

build() {
  in_chroot swift build --package-path "$work" --scratch-path "$scratch" -Xswiftc -warnings-as-errors "$@" || {
    local status=$?
    echo "swift60.sh: \`swift build${*:+ $*}\` failed with Swift $version (status $status)" >&2
    exit "$status"
  }
}
# Every target but the tests, then each test target on its own: `--build-tests` would also compile the XCTest
# glue SwiftPM 6.0 generates on Linux (never on Apple platforms), which rejects @MainActor XCTestCase subclasses
# (`passing argument of non-sendable type ... into main actor-isolated context`); newer SwiftPM accepts them.
build
tests="$(in_chroot swift package --package-path "$work" dump-package \
  | awk -F'"' '$2 == "name" { name = $4 } $2 == "type" && $4 == "test" { print name }')"
[ -n "$tests" ] || { echo "swift60.sh: no test target found in Package.swift" >&2; exit 1; }
for target in $tests; do
  echo "--- $target"
  build --target "$target"
done
echo "Swift $version: every target and test target builds with no warning"
