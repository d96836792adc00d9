-- Helpers in the style of a tree's utility.lua: loaded before any card.
Auxiliary = {}
aux = Auxiliary
function Auxiliary.Stringid(code, id) return code * 16 + id end
-- Named arguments, told from a card by the card's type (a card is userdata).
function Auxiliary.WithNamedArgs(f)
  return function(c, ...)
    if type(c) == "table" then return f(c.card, c.amount) end
    return f(c, ...)
  end
end
-- A wrapper of Card.RegisterEffect, as trees add them.
Card.RegisterEffect = (function()
  local old = Card.RegisterEffect
  return function(c, e, forced)
    local id = old(c, e, forced)
    if id <= 0 then return id end
    return id
  end
end)()
Auxiliary.AddBoost = Auxiliary.WithNamedArgs(function(c, amount)
  local e = Effect.CreateEffect(c)
  e:SetType(EFFECT_TYPE_SINGLE)
  e:SetCode(EFFECT_UPDATE_ATTACK)
  e:SetValue(amount)
  c:RegisterEffect(e)
end)
-- A target check built from a Card method and its arguments, as trees build them.
function Auxiliary.TargetBoolFunction(method, ...)
  local args = {...}
  return function(e, card) return method(card, table.unpack(args)) end
end
-- A value function built from a player and an amount, as trees build the battle
-- damage changes: the stub names both from the closure's upvalues.
function Auxiliary.ChangeBattleDamage(player, value)
  return function(e, damp)
    if player == 1 then return value end
    return -1
  end
end
