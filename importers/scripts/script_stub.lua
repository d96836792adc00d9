-- battlecheck's stub of the ygopro-core Lua API (docs/engines/ygopro.md,
-- "Cards read from the scripts"). It runs a card script's initial_effect and
-- records every effect the script registers: nothing resolves, no duel exists.
-- The C++ side (script_reader.cpp) loads this file first, then the tree's
-- constant.lua and utility.lua, then one card script at a time, and calls
-- bc_read_card(code, path, flavour) for each.
local io_open, dbg_getinfo, dbg_getupvalue = io.open, debug.getinfo, debug.getupvalue
io, os, package, require, dofile, loadfile = nil, nil, nil, nil, nil, nil  -- debug stays: utility.lua reads parameter names

-- A value that absorbs every use: what an API call we do not model returns.
local Stub = {}
local stub_mt = {}
stub_mt.__index = function(_, k) if type(k) == "number" then return nil end return Stub end
stub_mt.__call = function() return Stub end
for _, m in ipairs({"__add", "__sub", "__mul", "__div", "__mod", "__pow", "__unm", "__idiv", "__band", "__bor",
                    "__bxor", "__shl", "__shr", "__bnot", "__concat"}) do
  stub_mt[m] = function() return Stub end
end
stub_mt.__eq = function() return false end
stub_mt.__lt = function() return false end
stub_mt.__le = function() return false end
stub_mt.__len = function() return 0 end
stub_mt.__tostring = function() return "<stub>" end
setmetatable(Stub, stub_mt)

-- A library table whose unknown functions (API names start with a capital)
-- do nothing; other unknown fields are nil, as in the core. Tests (Is*,
-- Check*) are false; a card's getters give 0 (a card's data is numbers);
-- other calls give Stub, which absorbs groups and chained calls.
local function permissive(t, card)
  return setmetatable(t, {__index = function(tbl, k)
    if type(k) ~= "string" or not k:match("^[A-Z]") then return nil end
    local fn
    if k:match("^Is") or k:match("^Check") then fn = function() return false end
    elseif card and k:match("^Get") then fn = function() return 0 end
    else fn = function() return Stub end end
    if card then rawset(tbl, k, fn) end  -- one function a name: a closure built with it can be named back
    return fn
  end})
end

Card = permissive({}, true)

-- The name of a Card method (Card.IsTrap -> "IsTrap"), nil for any other function.
local function card_method_name(fn)
  for k, v in pairs(Card) do
    if v == fn and type(k) == "string" then return k end
  end
  return nil
end
Effect = permissive({})
Duel = permissive({})
Group = permissive({})
Debug = permissive({})

local bc = {root = "", captured = {}, global = {}, loaded = {}}
bc_state = bc

-- Cards and effects are userdata, as in the cores (utility.lua tells a
-- table of named arguments from a card by its type); what each holds is in
-- `info`: an effect's fields and owner, a card's code and data.
local new_userdata = bc_new_userdata
bc_new_userdata = nil
local info = setmetatable({}, {__mode = "k"})

-- Effects: every Set<Field>(...) is kept, Get<Field>() gives it back (0 when unset).
local effect_methods = {}
local effect_mt = {__index = function(e, k)
  local m = effect_methods[k] or rawget(Effect, k)
  if m then return m end
  if type(k) ~= "string" then return nil end
  if k:sub(1, 3) == "Set" then
    local field = k:sub(4)
    return function(self, ...) info[self].f[field] = table.pack(...) return self end
  end
  if k:sub(1, 3) == "Get" then
    local field = k:sub(4)
    return function(self) local v = info[self].f[field] if v then return table.unpack(v, 1, v.n) end return 0 end
  end
  return Effect[k]
end}

-- The owner of global effects: in the cores a card with code 0.
local no_card = new_userdata(setmetatable({}, {__index = Card}))
info[no_card] = {code = 0, data = {}}

local function new_effect(owner)
  local e = new_userdata(effect_mt)
  info[e] = {f = {}, owner = owner or no_card}
  return e
end

local function field_number(e, field, i)
  local v = info[e].f[field]
  if v and type(v[i or 1]) == "number" then return math.tointeger(v[i or 1]) or 0 end
  return 0
end

function effect_methods.Clone(self)
  local c = new_effect(info[self].owner)
  for k, v in pairs(info[self].f) do info[c].f[k] = v end
  return c
end
function effect_methods.GetHandler(self) return info[self].owner end
function effect_methods.GetOwner(self) return info[self].owner end
function effect_methods.IsHasType(self, t) return (field_number(self, "Type") & t) ~= 0 end
function effect_methods.IsHasProperty(self, p) return (field_number(self, "Property") & p) ~= 0 end
function effect_methods.IsHasCategory(self, c) return (field_number(self, "Category") & c) ~= 0 end
function effect_methods.GetType(self) return field_number(self, "Type") end
function effect_methods.GetCode(self) return field_number(self, "Code") end
function effect_methods.GetProperty(self) return field_number(self, "Property"), field_number(self, "Property", 2) end
function effect_methods.GetCategory(self) return field_number(self, "Category") end

Effect.CreateEffect = function(c) return new_effect(c) end
Effect.GlobalEffect = function() return new_effect(nil) end

-- Cards: as in the cores, a card's metatable is its script table c<code>,
-- whose own fields come first and Card's functions after.
Card.RegisterEffect = function(c, e, forced)
  if getmetatable(e) ~= effect_mt then return 0 end
  bc.captured[#bc.captured + 1] = e
  return #bc.captured
end
-- The card's own data, when the cards file gives it (bc_read_card's `data`).
local function datum(key) return function(c) return info[c] and info[c].data[key] or 0 end end
Card.GetLevel, Card.GetOriginalLevel = datum("level"), datum("level")
Card.GetType, Card.GetOriginalType = datum("type"), datum("type")
Card.GetAttribute, Card.GetOriginalAttribute = datum("attribute"), datum("attribute")
Card.GetRace, Card.GetOriginalRace = datum("race"), datum("race")
Card.GetAttack, Card.GetBaseAttack, Card.GetTextAttack = datum("atk"), datum("atk"), datum("atk")
Card.GetDefense, Card.GetBaseDefense, Card.GetTextDefense = datum("def"), datum("def"), datum("def")
Card.IsType = function(c, t) return (datum("type")(c) & t) ~= 0 end
Card.GetOriginalCode = function(c) return info[c] and info[c].code or 0 end
Card.GetCode = Card.GetOriginalCode
Card.IsCode = function(c, ...)
  for _, x in ipairs({...}) do if x == Card.GetCode(c) then return true end end
  return false
end
Card.IsOriginalCode = Card.IsCode

Duel.RegisterEffect = function(e, player)
  if getmetatable(e) == effect_mt then bc.global[#bc.global + 1] = e end
end
Duel.GetReasonEffect = function() return nil end  -- nothing is resolving while scripts load
Duel.LoadScript = function(name)
  if bc.loaded[name] then return true end
  bc.loaded[name] = true
  local f = io_open(bc.root .. "/" .. name, "r")
  if not f then return false end
  local text = f:read("a")
  f:close()
  local chunk = load(text, "@" .. name, "t")
  if not chunk then return false end
  chunk()
  return true
end

-- Names of constants: built from the tree's constant.lua once it is loaded.
local names = {}
function bc_index_constants()
  for k, v in pairs(_G) do
    if type(k) == "string" and math.type(v) == "integer" and k:match("^[A-Z][A-Z0-9_]+$") then
      names[#names + 1] = {name = k, value = v}
    end
  end
  table.sort(names, function(a, b) return a.name < b.name end)
end

local function single_bit(v) return v > 0 and (v & (v - 1)) == 0 end

-- The names of the flags set in `value`, among constants starting with `prefix`.
local function flag_names(value, prefix)
  local out, covered = {}, 0
  for _, c in ipairs(names) do
    if c.name:sub(1, #prefix) == prefix and single_bit(c.value) and (value & c.value) ~= 0 and (covered & c.value) == 0 then
      out[#out + 1] = c.name
      covered = covered | c.value
    end
  end
  if value ~= 0 and covered ~= value then out[#out + 1] = string.format("0x%x", value & ~covered) end
  return table.concat(out, "|")
end

local function exact_name(value, prefix)
  for _, c in ipairs(names) do
    if c.name:sub(1, #prefix) == prefix and c.value == value then return c.name end
  end
  return nil
end

-- EVENT_PHASE+PHASE_BATTLE and the like; an EFFECT_ code for a non-activated effect.
local function code_name(value, activated)
  if value == 0 then return "" end
  local exact = exact_name(value, activated and "EVENT_" or "EFFECT_") or exact_name(value, "EVENT_")
  if exact then return exact end
  for _, base in ipairs({"EVENT_PHASE_START", "EVENT_PHASE"}) do
    local b = _G[base]
    if math.type(b) == "integer" and (value & b) == b and value < 2 * b then
      local phase = flag_names(value & ~b, "PHASE_")
      return base .. "+" .. phase
    end
  end
  return string.format("0x%x", value)
end

-- The names a function's source uses: library calls (Duel.NegateAttack),
-- method calls (:SetCode), constants (EFFECT_AVOID_BATTLE_DAMAGE), literal
-- values set (SetValue(3000)), methods called with one literal number
-- (:IsLevelAbove(4)) and method results compared with one (:GetLevel()>=4). Facts about the script, not its text: the
-- cards file never holds a script's source.
local function uses_of(text)
  local seen, out = {}, {}
  local function add(u) if not seen[u] then seen[u] = true out[#out + 1] = u end end
  for lib, name in text:gmatch("([%a_][%w_]*)%.([%u][%w_]*)") do
    if lib == "Duel" or lib == "Card" or lib == "Effect" or lib == "Group" or lib == "aux" or lib == "Auxiliary" then
      add(lib .. "." .. name)
    end
  end
  for name in text:gmatch(":([%u][%w_]*)%(") do add(":" .. name) end
  for name in text:gmatch("[%u][%u%d]*_[%u%d_]+") do add(name) end
  for n in text:gmatch("SetValue%(%s*(%-?%d+)%s*%)") do add("SetValue(" .. n .. ")") end  -- a loss too (Snake Fang's -500)
  -- a helper of aux called with a literal player first (aux.ChangeBattleDamage(0,HALF_DAMAGE): the effect's owner)
  for name, n in text:gmatch("aux%.([%u][%w_]*)%(%s*(%d)%s*,") do add("aux." .. name .. "(" .. n .. ")") end
  -- the players an effect reaches, as literals (Rainbow Life's e1:SetTargetRange(1,0): its own player)
  for a, b in text:gmatch(":SetTargetRange%(%s*(%d)%s*,%s*(%d)%s*%)") do add(":SetTargetRange(" .. a .. "," .. b .. ")") end
  -- a method called with one literal number (Gravity Bind's c:IsLevelAbove(4))
  for name, n in text:gmatch(":([%u][%w_]*)%(%s*(%d+)%s*%)") do add(":" .. name .. "(" .. n .. ")") end
  -- a method's result compared with a literal number (EDOPro's Gravity Bind: c:GetLevel()>=4)
  for name, op, n in text:gmatch(":([%u][%w_]*)%(%)%s*([<>=~]=?)%s*(%d+)") do add(":" .. name .. "()" .. op .. n) end
  table.sort(out)
  return out
end

-- Where a function comes from (FILE:FIRST-LAST) and the names its source uses,
-- with those of the card's own helper functions it names (fluoro's Mystical
-- Space Typhoon: c5318639.filter holds the Spell/Trap check its target uses).
local function function_source(fn, visited)
  if type(fn) ~= "function" then
    if fn == nil then return nil end
    return {at = "(not a function)", uses = {}}
  end
  local info = dbg_getinfo(fn, "S")
  local src = info.source or ""
  if src:sub(1, 1) ~= "@" or info.linedefined <= 0 then return {at = info.short_src, uses = {}} end
  local file = src:sub(2)
  local at = file .. ":" .. info.linedefined .. "-" .. info.lastlinedefined
  local f = io_open(bc.root .. "/" .. file, "r")
  if not f then return {at = at, uses = {}} end
  local lines, n = {}, 0
  for line in f:lines() do
    n = n + 1
    if n >= info.linedefined and n <= info.lastlinedefined then lines[#lines + 1] = line end
    if n > info.lastlinedefined then break end
  end
  f:close()
  local text = table.concat(lines, "\n")
  local uses, seen = uses_of(text), {}
  for _, u in ipairs(uses) do seen[u] = true end
  visited = visited or {[fn] = true}
  for name in text:gmatch("[%a_][%w_]*%.([%a_][%w_]*)") do
    local helper = self_table and rawget(self_table, name)
    if type(helper) == "function" and not visited[helper] then
      visited[helper] = true
      for _, u in ipairs(function_source(helper, visited).uses) do
        if not seen[u] then seen[u] = true uses[#uses + 1] = u end
      end
    end
  end
  -- A shared helper's closure (utility.lua's aux.TargetBoolFunction(Card.IsTrap)): the
  -- library methods it was built with, as a method call (":IsTrap").
  -- Its constant arguments (aux.TargetBoolFunction(Card.IsRace,RACE_WARRIOR)) by the names
  -- the method reads them with ("RACE_WARRIOR").
  local function add(u) if not seen[u] then seen[u] = true uses[#uses + 1] = u end end
  local methods, params = {}, nil
  for i = 1, 16 do
    local name, value = dbg_getupvalue(fn, i)
    if not name then break end
    local method = type(value) == "function" and card_method_name(value)
    if method then add(":" .. method) methods[#methods + 1] = method end
    if type(value) == "table" and getmetatable(value) == nil and value ~= _G then params = value end
    -- aux.ChangeBattleDamage(player,value)'s closure: whose damage and what becomes of it
    -- (player=1: the effect owner's opponent's; value=DOUBLE_DAMAGE or HALF_DAMAGE, by name).
    if math.type(value) == "integer" and (name == "player" or name == "value") then
      local named = nil
      for _, c in ipairs({"DOUBLE_DAMAGE", "HALF_DAMAGE"}) do if _G[c] == value then named = c end end
      add(name .. "=" .. (named or tostring(value)))
    end
  end
  local prefixes = {IsRace = "RACE_", IsAttribute = "ATTRIBUTE_", IsType = "TYPE_"}
  for _, method in ipairs(methods) do
    for _, v in ipairs(params or {}) do
      if prefixes[method] and math.type(v) == "integer" then
        for flag in flag_names(v, prefixes[method]):gmatch("[^|]+") do add(flag) end
      end
    end
  end
  table.sort(uses)
  return {at = at, uses = uses}
end

local activated_types = 0
local function is_activated(t)
  if activated_types == 0 then
    for _, n in ipairs({"EFFECT_TYPE_ACTIVATE", "EFFECT_TYPE_FLIP", "EFFECT_TYPE_IGNITION", "EFFECT_TYPE_TRIGGER_O",
                        "EFFECT_TYPE_QUICK_O", "EFFECT_TYPE_TRIGGER_F", "EFFECT_TYPE_QUICK_F"}) do
      if math.type(_G[n]) == "integer" then activated_types = activated_types | _G[n] end
    end
  end
  return (t & activated_types) ~= 0
end

-- One registered effect as a flat record: the fields of the cards file's "script" object.
local function describe(e)
  local r = {}
  local t = field_number(e, "Type")
  r.effect_type, r.effect_type_value = flag_names(t, "EFFECT_TYPE_"), t
  local code = field_number(e, "Code")
  r.event_code, r.event_code_value = code_name(code, is_activated(t)), code
  local p = field_number(e, "Property")
  r.property_flags, r.property_flags_value = flag_names(p, "EFFECT_FLAG_"), p
  local range = field_number(e, "Range")
  r.range, r.range_value = flag_names(range, "LOCATION_"), range
  local cat = field_number(e, "Category")
  r.category, r.category_value = flag_names(cat, "CATEGORY_"), cat
  local f = info[e].f
  if f.Value and math.type(f.Value[1]) == "integer" then r.value = f.Value[1] end  -- SetValue(1): a number, not a function
  if f.Value and type(f.Value[1]) == "function" then  -- SetValue(fn): where it is and the names it uses
    local src = function_source(f.Value[1])
    r.value_function, r.value_function_uses = src.at, src.uses
  end
  if f.TargetRange then  -- SetTargetRange(self, opponent): the locations a field effect reaches on each side
    r.target_range_self = field_number(e, "TargetRange", 1)
    r.target_range_opponent = field_number(e, "TargetRange", 2)
  end
  if f.CountLimit then
    r.count_limit = field_number(e, "CountLimit", 1)
    r.count_limit_code = field_number(e, "CountLimit", 2)
  end
  if f.HintTiming then
    local s, o = field_number(e, "HintTiming", 1), field_number(e, "HintTiming", 2)
    if not f.HintTiming[2] then o = s end
    r.hint_self, r.hint_self_value = flag_names(s, "TIMING_"), s
    r.hint_opponent, r.hint_opponent_value = flag_names(o, "TIMING_"), o
  end
  for _, part in ipairs({{"Condition", "condition"}, {"Cost", "cost"}, {"Target", "target_check"},
                         {"Operation", "operation"}}) do
    local v = f[part[1]]
    local src = v and function_source(v[1])
    if src then r[part[2]], r[part[2] .. "_uses"] = src.at, src.uses end
  end
  return r
end

-- Run one card script; returns true and its effects, or false and the error.
-- `data`: {level, type, attribute, race, atk, def} from the cards file, or nil.
function bc_read_card(code, path, data)
  bc.captured, bc.global = {}, {}
  local tbl = setmetatable({}, {__index = Card})
  tbl.__index = tbl
  local card = new_userdata(tbl)
  info[card] = {code = code, data = data or {}}
  _G["c" .. code] = tbl
  self_table, self_code = tbl, code
  local f = io_open(bc.root .. "/" .. path, "r")
  if not f then return false, "cannot open " .. path end
  local text = f:read("a")
  f:close()
  local chunk, err = load(text, "@" .. path, "t")
  if not chunk then return false, err end
  local ok, e = pcall(chunk)
  if not ok then return false, tostring(e) end
  if type(tbl.initial_effect) ~= "function" then return false, path .. " defines no initial_effect" end
  ok, e = pcall(tbl.initial_effect, card)
  if not ok then return false, tostring(e) end
  local out = {}
  for i, eff in ipairs(bc.captured) do out[i] = describe(eff) end
  return true, out
end
