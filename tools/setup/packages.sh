#!/usr/bin/env bash
# Installs the Debian packages that a command of this repository needs and the machine lacks:
#
#   tools/setup/packages.sh run|test|ci|bench
#
#   run   make run: PostgreSQL's binaries (devstack starts a private cluster; not needed with
#         DATABASE_URL), Node.js and npm (the web apps and the mail catcher)
#   test  make test: as run, plus Chromium (the browser tests), a C compiler and libjpeg-turbo (the
#         document service's JPEG encoder and its image's build stage, which test-deploy reproduces),
#         Postfix (the real MTA that tools/internal/realpeers runs as a private instance; installed
#         without a configuration, so the machine's own Postfix never starts and port 25 stays free)
#         and wrk (the tests of the benchmark's load generator)
#   ci    .ci/run: as test, plus protoc and the well-known types (make check-generated), git and make
#   bench make bench: as run, plus wrk (the load generator)
#
# Installs as root, or through sudo when it needs no password; otherwise prints one line naming the
# packages to install and fails. Prints nothing when nothing is missing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

purpose="${1:-}"
case "$purpose" in
	run | test | ci | bench) ;;
	*)
		echo "usage: $0 run|test|ci|bench" >&2
		exit 2
		;;
esac

have() { command -v "$1" >/dev/null 2>&1; }
have_initdb() { have initdb || compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; }

missing=()
if [ "$purpose" != run ] || [ -z "${DATABASE_URL:-}" ]; then
	have_initdb || missing+=(postgresql)
fi
# Node and npm come together on these machines; Debian's packages only when node is missing altogether.
have node || missing+=(nodejs npm)
# wrk is make bench's load generator; the tests of tools/cmd/trafficbench run it too.
if [ "$purpose" != run ]; then
	have wrk || missing+=(wrk)
fi
if [ "$purpose" = test ] || [ "$purpose" = ci ]; then
	# The browser tests exist once a web app has a Playwright configuration.
	if compgen -G 'web-*/playwright.config.*' >/dev/null && ! have chromium; then
		missing+=(chromium)
	fi
	have gcc || missing+=(gcc libc6-dev)
	[ -f /usr/include/jpeglib.h ] || missing+=(libjpeg62-turbo-dev)
	have postfix || [ -x /usr/sbin/postfix ] || missing+=(postfix)
fi
if [ "$purpose" = ci ]; then
	have protoc || missing+=(protobuf-compiler)
	# The well-known types (google/protobuf/timestamp.proto) that the .proto files import.
	[ -f /usr/include/google/protobuf/timestamp.proto ] || missing+=(libprotobuf-dev)
	have git || missing+=(git)
	have make || missing+=(make)
fi
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=()
if [ "$(id -u)" -ne 0 ]; then
	if have sudo && sudo -n true 2>/dev/null; then
		sudo=(sudo -n)
	else
		echo "missing Debian packages ($purpose): as root, run apt-get install ${missing[*]}" >&2
		exit 1
	fi
fi
echo "installing Debian packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -q
if [[ " ${missing[*]} " == *" postfix "* ]]; then
	# Postfix's package asks how to configure the machine's mail system: no configuration, so it
	# neither writes /etc/postfix/main.cf nor starts a system instance (the tests run their own).
	echo "postfix postfix/main_mailer_type select No configuration" | "${sudo[@]}" debconf-set-selections
fi
"${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}" </dev/null
