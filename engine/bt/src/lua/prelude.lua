-- Runs once in each script's fresh Lua state, before any script, with the real globals.
-- `fatal(err)` (Rust): the limit the current call went past (instructions, time, memory), or
-- false; `err` is an error to check for a memory error, or nil. `charge()` (Rust) pays for a
-- coroutine; `emit(line)` (Rust) logs a line of `log` or `print` (bounded per call).
local fatal, charge, emit = ...
local error, select, type, rawget, tostring = error, select, type, rawget, tostring
local raw_pcall, raw_xpcall, raw_setmetatable, raw_sort = pcall, xpcall, setmetatable, table.sort
local co_create, co_wrap, co_resume, co_close = coroutine.create, coroutine.wrap, coroutine.resume, coroutine.close
local tointeger, ult, maxinteger = math.tointeger, math.ult, math.maxinteger
local pack, concat, raw_insert = table.pack, table.concat, table.insert

-- A limit error must reach the host: a protected call that caught one raises it again at once,
-- so `while true do pcall(f) end` cannot outlive its budget.
local function pass(ok, ...)
  if not ok and fatal((...)) then error((...), 0) end
  return ok, ...
end
function pcall(f, ...) return pass(raw_pcall(f, ...)) end
function coroutine.resume(co, ...) return pass(co_resume(co, ...)) end

-- An error raised by the hook leaves hooks off in its thread until a protected call returns: a
-- message handler called for it, or a __close run when a coroutine it killed is closed, would run
-- unhooked. So a limit error skips the handler, and such coroutines are never closed.
function xpcall(f, handler, ...)
  if type(handler) ~= "function" then
    error("bad argument #2 to 'xpcall' (function expected, got " .. type(handler) .. ")", 2)
  end
  return pass(raw_xpcall(f, function(e)
    if fatal(e) then return e end
    return handler(e)
  end, ...))
end

function coroutine.close(co)
  local why = fatal(nil)
  if why then error(why, 2) end
  return pass(co_close(co))
end

-- The instruction hook counts per coroutine and fires every N instructions, so a coroutine that
-- dies before N would run unpaid (and nested ones multiply that): each one pays N up front.
function coroutine.create(f)
  charge()
  return co_create(f)
end

-- As C's wrap, but a coroutine a limit error killed is not closed (see above).
local function unwrap(co, ok, ...)
  if ok then return ... end
  local err = ...
  if fatal(err) then error(err, 0) end
  co_close(co)
  error(err, type(err) == "string" and 2 or 0)
end
function coroutine.wrap(f)
  local co = coroutine.create(f)
  return function(...) return unwrap(co, co_resume(co, ...)) end
end

-- Finalizers run inside the garbage collector with hooks off, so no limit could stop one.
function setmetatable(t, mt)
  if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
    error("setmetatable: __gc is not allowed in scripts (finalizers escape the sandbox's limits)", 2)
  end
  return raw_setmetatable(t, mt)
end

-- The shifting loops of table.insert/remove/move run here, in Lua, where the hook counts them:
-- in C, `#t` from a __len metamethod or a huge range let them move 2^40 nils uncounted.
local function int(v, n, fname)
  local i = tointeger(v)
  if i == nil then
    error(("bad argument #%d to '%s' (number expected, got %s)"):format(n, fname, type(v)), 3)
  end
  return i
end

function table.insert(t, ...)
  local n = select("#", ...)
  if n == 1 then return raw_insert(t, ...) end -- append: no loop in C
  if n ~= 2 then error("wrong number of arguments to 'insert'", 2) end
  local pos, v = ...
  local e = #t + 1
  pos = int(pos, 2, "insert")
  if not ult(pos - 1, e) then error("bad argument #2 to 'insert' (position out of bounds)", 2) end
  for i = e, pos + 1, -1 do t[i] = t[i - 1] end
  t[pos] = v
end

function table.remove(t, pos)
  local size = #t
  if pos == nil then
    pos = size
  else
    pos = int(pos, 2, "remove")
    if pos ~= size and ult(size, pos - 1) then
      error("bad argument #2 to 'remove' (position out of bounds)", 2)
    end
  end
  local v = t[pos]
  while pos < size do
    t[pos] = t[pos + 1]
    pos = pos + 1
  end
  t[pos] = nil
  return v
end

function table.move(a1, f, e, t, a2)
  f, e, t = int(f, 2, "move"), int(e, 3, "move"), int(t, 4, "move")
  if a2 == nil then a2 = a1 end
  if e >= f then
    if not (f > 0 or e < maxinteger + f) then
      error("bad argument #3 to 'move' (too many elements to move)", 2)
    end
    local n = e - f + 1
    if t > maxinteger - n + 1 then error("bad argument #4 to 'move' (destination wrap around)", 2) end
    if t > e or t <= f or a1 ~= a2 then
      for i = 0, n - 1 do a2[t + i] = a1[f + i] end
    else
      for i = n - 1, 0, -1 do a2[t + i] = a1[f + i] end
    end
  end
  return a2
end

-- C's sort reads elements between comparisons without the hook seeing it (2^31 of them when
-- __len says so); with every comparison a Lua call, the hook counts the sort as it goes.
function table.sort(t, comp)
  if comp ~= nil and type(comp) ~= "function" then
    error("bad argument #2 to 'sort' (function expected, got " .. type(comp) .. ")", 2)
  end
  local lt = comp and function(a, b) return comp(a, b) end or function(a, b) return a < b end
  return raw_sort(t, lt)
end

-- log and print go to the log (target nhbot::lua) and the game's decision log; tostring runs
-- here, under the hook.
local function joined(sep, ...)
  local args = pack(...)
  local parts = {}
  for i = 1, args.n do parts[i] = tostring(args[i]) end
  return concat(parts, sep)
end
function log(...) emit(joined(" ", ...)) end
function print(...) emit(joined("\t", ...)) end

-- The string metatable (its __index is the string library) stays out of reach.
getmetatable("").__metatable = false
