-- wrk script for bench/instruments.ts: a client that polls the market list and revalidates, as a
-- browser does with `Cache-Control: no-cache`: it sends the last ETag it saw as If-None-Match, so it
-- gets 304 without a body until a tick changes the answer. The path comes from the URL given to wrk.
-- At the end it prints how many answers were 304 and how many carried the list.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  etag = nil
  not_modified = 0
  full = 0
end

function request()
  local headers = { ["Accept-Encoding"] = "gzip, deflate, br" }
  if etag then headers["If-None-Match"] = etag end
  return wrk.format("GET", nil, headers)
end

function response(status, headers, body)
  if status == 304 then not_modified = not_modified + 1 else full = full + 1 end
  local tag = headers["etag"] or headers["ETag"]
  if tag then etag = tag end
end

function done(summary, latency, requests)
  local nm, f = 0, 0
  for _, thread in ipairs(threads) do
    nm = nm + thread:get("not_modified")
    f = f + thread:get("full")
  end
  io.write(string.format('wrk-extra {"notModified":%d,"full":%d}\n', nm, f))
end
