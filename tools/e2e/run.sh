#!/usr/bin/env bash
# Browser end-to-end tests against the whole system, started the way `make run` starts it.
#
#   tools/e2e/run.sh [web-app ...]      (default: every web app with a playwright.config.ts)
#
# Starts devstack with a fresh data directory (.data/e2e-<offset>) on ports shifted by
# E2E_PORT_OFFSET (default 100: gateway 8180, mail catcher 8125), so it runs beside `make run`;
# waits until the gateway is ready, runs `npx playwright test` in each web app with
# E2E_BASE_URL and E2E_MAIL_URL set, and stops the stack again, whatever the tests did.
# Extra Playwright arguments go in E2E_ARGS (e.g. E2E_ARGS='--grep renewal').
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

offset="${E2E_PORT_OFFSET:-100}"
data=".data/e2e-$offset"
gateway="http://127.0.0.1:$((8080 + offset))"
mail="http://127.0.0.1:$((8025 + offset))"

apps=("$@")
if [ ${#apps[@]} -eq 0 ]; then
	for config in web-*/playwright.config.ts; do
		[ -f "$config" ] && apps+=("$(dirname "$config")")
	done
fi
if [ ${#apps[@]} -eq 0 ]; then
	echo "no web app has browser tests (web-*/playwright.config.ts)"
	exit 0
fi

export GOTOOLCHAIN=local GOFLAGS="${GOFLAGS:--buildvcs=false}" PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
make --no-print-directory tools/mailcatcher/node_modules
# Only the apps under test are rebuilt: another run may be serving the others' dist/ right now.
for app in "${apps[@]}"; do
	echo "=== npm run build $app"
	(cd "$app" && { [ -d node_modules ] || npm ci --no-audit --no-fund; } && npm run build)
done
go build -o .data/bin/ ./tools/cmd/devstack

pid_file=".data/e2e-$offset.pid"
if [ -f "$pid_file" ] && kill -0 "$(cat "$pid_file")" 2>/dev/null; then
	echo "an end-to-end stack still runs (pid $(cat "$pid_file")); stopping it first"
	kill -TERM "$(cat "$pid_file")"
	while kill -0 "$(cat "$pid_file")" 2>/dev/null; do sleep 0.5; done
fi
rm -rf "$data"
mkdir -p "$data"
log="$data/devstack.log"
# Reminders come while a test waits (web-public/e2e/reminder.spec.ts): an unconfirmed e-mail, an
# unsigned contract, unpaid rent and an unanswered renewal are reminded after 20 s, at the renting
# job's next run; the renewal reminder's window opens a year before the renewal deadline, so that a
# renewal the office offers during the run is in it.
EMAIL_REMINDER_AFTER="${EMAIL_REMINDER_AFTER:-20s}" \
	CONTRACT_REMINDER_AFTER="${CONTRACT_REMINDER_AFTER:-20s}" PAYMENT_REMINDER_AFTER="${PAYMENT_REMINDER_AFTER:-20s}" \
	RENEWAL_REMINDER_AFTER="${RENEWAL_REMINDER_AFTER:-20s}" RENEWAL_REMINDER_DAYS="${RENEWAL_REMINDER_DAYS:-366}" \
	.data/bin/devstack -data "$data" -port-offset "$offset" >"$log" 2>&1 &
stack=$!
echo "$stack" >"$pid_file"

stop_stack() {
	if kill -0 "$stack" 2>/dev/null; then
		kill -TERM "$stack"
		wait "$stack" || true
	fi
	rm -f "$pid_file"
}
trap stop_stack EXIT

echo "=== starting the system on $gateway (log: $log)"
started=$(date +%s)
for _ in $(seq 1 600); do
	if curl -fs -o /dev/null "$gateway/readyz"; then
		break
	fi
	if ! kill -0 "$stack" 2>/dev/null; then
		echo "the stack stopped during start-up:"
		tail -n 50 "$log"
		exit 1
	fi
	sleep 0.5
done
curl -fs -o /dev/null "$gateway/readyz" || { echo "the gateway is not ready after 5 minutes:"; tail -n 50 "$log"; exit 1; }
# Under make test the start and each app's tests are sections of its table (.ci/sections).
bash .ci/sections add "    test-e2e system start" $(($(date +%s) - started)) 0

export E2E_BASE_URL="$gateway" E2E_MAIL_URL="$mail"
failed=()
for app in "${apps[@]}"; do
	echo "=== playwright $app against $gateway"
	started=$(date +%s)
	status=0
	# The waitlist's tests fill the house (tools/e2e/support/waitlist.ts): their project runs after
	# every other test, never beside one. A filter in E2E_ARGS may leave either project without tests;
	# E2E_ARGS that name a project themselves (the screenshots) run just that.
	# shellcheck disable=SC2086 # E2E_ARGS is a list of arguments
	if [[ " ${E2E_ARGS:-}" == *" --project"* ]]; then
		(cd "$app" && npx playwright test ${E2E_ARGS:-}) || status=$?
	else
		(cd "$app" && npx playwright test --project=chromium --pass-with-no-tests ${E2E_ARGS:-} &&
			npx playwright test --project=waitlist --pass-with-no-tests ${E2E_ARGS:-}) || status=$?
	fi
	bash .ci/sections add "    test-e2e $app" $(($(date +%s) - started)) "$status"
	if [ "$status" -ne 0 ]; then
		failed+=("$app")
	fi
done
if [ ${#failed[@]} -gt 0 ]; then
	echo "browser tests failed in: ${failed[*]} (the stack's log: $log)"
	exit 1
fi
