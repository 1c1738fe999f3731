-- wrk script: POSTs the public catalog query of the booking site's first page to /api/graphql and
-- counts answers that are not HTTP 200 with data and without errors, so a fast stream of errors
-- cannot pass for a good result. Used by run.sh; see docs/benchmarks.md.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = [[{"query":"{ building { id name address floors { id name apartments { id name pricePerMonth priceCleaning priceDeposit features x y pictures { url } } } } bookableSemester { id name startDate endDate } }"}]]

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  failed = 0
end

function response(status, headers, body)
  if status ~= 200 or body:find('"errors"', 1, true) or not body:find('"data":{', 1, true) then
    failed = failed + 1
  end
end

function done(summary, latency, requests)
  local failures = 0
  for _, thread in ipairs(threads) do
    failures = failures + thread:get("failed")
  end
  io.write(string.format("requests/s: %.0f  p50: %.2f ms  p99: %.2f ms  failed answers: %d of %d\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1e3,
    latency:percentile(99) / 1e3, failures, summary.requests))
end
