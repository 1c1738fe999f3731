-- wrk script of tools/cmd/trafficbench (docs/benchmarks.md). Every request takes a random line of
-- the bodies file (the first argument; one JSON GraphQL request per line) and, when a second file is
-- named, a random line of it as its Cookie header (one signed-in administrator per line), so that
-- requests in flight differ as real users' do. An answer that is not HTTP 200 with data and without
-- errors counts as failed, so a fast stream of errors cannot pass for a good result.
local threads = {}

function setup(thread)
  thread:set("id", #threads + 1)
  table.insert(threads, thread)
end

local function lines(path)
  local result = {}
  for line in io.lines(path) do
    if line ~= "" then
      table.insert(result, line)
    end
  end
  return result
end

function init(args)
  bodies = lines(args[1])
  cookies = {}
  if args[2] then
    cookies = lines(args[2])
  end
  failed = 0
  math.randomseed(os.time() * 7919 + id)
end

function request()
  local headers = { ["Content-Type"] = "application/json" }
  if #cookies > 0 then
    headers["Cookie"] = cookies[math.random(#cookies)]
  end
  return wrk.format("POST", nil, headers, bodies[math.random(#bodies)])
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
  local e = summary.errors
  io.write(string.format("RESULT requests=%d duration_us=%d p50_us=%d p99_us=%d failed=%d socket_errors=%d\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), failures,
    e.connect + e.read + e.write + e.timeout))
end
