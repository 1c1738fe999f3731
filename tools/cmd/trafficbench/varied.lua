-- wrk script of tools/cmd/trafficbench (docs/benchmarks.md). Every request takes a random line of
-- the bodies file (the first argument; one JSON GraphQL request per line) and, when a second file is
-- named, a random line of it as further request headers (one virtual user per line: tab-separated
-- `Name: value` fields, e.g. a signed-in administrator's Cookie, or the identity tokens that stand in
-- for a session at a router without our sign-in), so that requests in flight differ as real users' do.
-- An answer that is not HTTP 200 with data and without errors counts as failed, so a fast stream of
-- errors cannot pass for a good result.
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

-- headerSet is one user's request headers, the JSON content type included, built once so that a
-- request only picks one.
local function headerSet(line)
  local set = { ["Content-Type"] = "application/json" }
  for field in line:gmatch("[^\t]+") do
    local name, value = field:match("^%s*([^:]+):%s*(.-)%s*$")
    if name then
      set[name] = value
    end
  end
  return set
end

function init(args)
  bodies = lines(args[1])
  users = { headerSet("") }
  if args[2] then
    users = {}
    for _, line in ipairs(lines(args[2])) do
      table.insert(users, headerSet(line))
    end
  end
  failed = 0
  math.randomseed(os.time() * 7919 + id)
end

function request()
  return wrk.format("POST", nil, users[math.random(#users)], bodies[math.random(#bodies)])
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
